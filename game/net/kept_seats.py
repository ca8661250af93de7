"""A guest's seat keys, kept on disk: a player whose program was closed (or crashed)
in the middle of a game comes back to the same seat by typing the same code again.

The host lets a seat's player back only by the key it proves (game/net/secure.py),
never by a name or a token; a key held in memory alone dies with the program, and the
seat then stays with the computer keeping it warm.  So the desktop client writes the
key down when the host welcomes it to its seat at the table (``RemoteClient.on_seat``)
and offers it (``RemoteClient.find_seat``) the next time the room is joined, by any of
its codes.

Choices: a room is found by a digest of its code (the code itself, which opens the room,
is not written down), and by the digests the host gives of its other codes (who joined
by the direct code comes back by the relay's, also one the host opened after the guest
sat: the host tells it, and ``on_seat`` is called again to keep the key under it; and a
guest whose program was closed when the host opened a code finds its key by the digests
the host names before its hello, :meth:`KeptSeats.find`); a key
is kept for :data:`KEEP_FOR` seconds and at most :data:`MOST` of them (the newest); the
file is the user's alone (mode 0600) and is written whole to a temporary file, then put
in place (game/saves.py's ``write_atomic``, read back by its ``read_json``). Two copies
of the program may run at once (two players on one machine, each joining a table): a
change (``keep``, ``forget``) reads the file and writes it back under the lock beside it
(game/saves.py's ``turn_at``, :mod:`filelock`, as the settings are saved), so neither
drops the key the other has just written; a change waits its turn as long as the other
copy keeps writing, however busy the machine. A file that cannot be read or written, or
a lock held :data:`LOCK_SECONDS` with nothing written, costs only the way back to the
seat: nothing is raised.

Why the host names its codes (before the hello, to whoever proved one), rather than the
guest trying the keys it kept for other rooms: one key at most is offered, and the host
says the same words to everyone before it has heard who they are.  What it gives away
is the digest of its other code to a holder of one code, who is let into the same room
by the code it holds.  The guest does not trust the list alone: in the same line the
host proves which seat keys it holds (``holds``, a MAC of this connection's binding under
each: game/net/secure.py ``host_proof``), and the guest offers a key :meth:`KeptSeats.find`
found only if it matches one (game/net/client.py ``_kept``).  A host that names a digest
it knows from another room it sat in holds not that room's key: it is offered nothing,
learns no seat, and the guest it turns away has offered nothing to forget
(docs/netplay-security.md).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from game.net.codes import room_digest
from game.net.seat_keys import SeatKey
from game.saves import SaveError, read_json, turn_at, write_atomic

#: seconds a kept key is offered again (a long evening's game, and then some)
KEEP_FOR = 12 * 3600.0
#: the most keys kept (the newest)
MOST = 32
#: the longest a change waits for another copy that holds the lock and writes nothing
#: (a copy that keeps writing is waited for: game/saves.py's ``turn_at``)
LOCK_SECONDS = 2.0


class KeptFile:
    """A small JSON object on disk that two running copies may change at once: read,
    changed and written back whole under a lock; the user's alone (see the module
    docstring).  ``clock``: the time now (tests)."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock

    def _change(self, change: Callable[[dict[str, Any]], Optional[dict[str, Any]]]) -> None:
        """Read the file as it is now, ``change`` it (None: nothing to write) and write it
        back, all under the lock another running copy takes to do the same."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with turn_at(self.path, LOCK_SECONDS):
                changed = change(self._read())
                if changed is not None:
                    self._write(changed)
        except OSError:
            pass

    def _read(self) -> dict[str, Any]:
        try:
            data = read_json(self.path)
        except (OSError, SaveError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict[str, Any]) -> None:
        try:
            write_atomic(self.path, data, durable=False)
        except OSError:
            pass


class KeptSeats(KeptFile):
    """The seat keys in the file at ``path``."""

    def get(self, code: str) -> Optional[SeatKey]:
        """The key kept for this code's room, if it is recent; else None."""
        return self.find((room_digest(code),))

    def find(self, rooms: Sequence[str]) -> Optional[SeatKey]:
        """The newest recent key kept under any of ``rooms`` (the digests the host names
        of its codes before the guest's hello), so the room's other code finds it, one
        opened while the program was closed too; else None."""
        held = self._read()
        found = [entry for entry in (self._entry(held.get(digest)) for digest in rooms)
                 if entry is not None]
        return max(found, key=lambda entry: entry[0])[1] if found else None

    def _entry(self, entry: Any) -> Optional[tuple[float, SeatKey]]:
        """A kept entry's time and key, if it is recent and whole; else None."""
        if not isinstance(entry, dict):
            return None
        try:
            at = float(entry["at"])
            seat = entry["seat"]
            if self.clock() - at > KEEP_FOR or type(seat) is not int or seat < 0:
                return None
            return at, SeatKey(seat, bytes.fromhex(entry["key"]))
        except (TypeError, KeyError, ValueError):
            return None

    def keep(self, code: str, seat_key: SeatKey, rooms: Sequence[str] = ()) -> None:
        """Write down the key of this code's room, found by the code and by each of
        ``rooms`` (the digests the host gave of its room's other codes: a player who
        joined by the direct code comes back by the relay's); the oldest and the stale
        ones go."""
        # scrypt's digest (DIGEST_COST: 16 MB, half a second on a busy machine) is made
        # before the lock is taken: under it, the other copy waited out a digest a key
        digests = tuple(dict.fromkeys((room_digest(code), *rooms)))

        def kept_with(held: dict[str, Any]) -> dict[str, Any]:
            now = self.clock()
            kept = {digest: entry for digest, entry in held.items()
                    if isinstance(entry, dict) and isinstance(entry.get("at"), (int, float))
                    and now - entry["at"] <= KEEP_FOR}
            for digest in digests:
                kept[digest] = {"seat": seat_key.seat, "key": seat_key.key.hex(), "at": now}
            return dict(sorted(kept.items(), key=lambda item: item[1]["at"])[-MOST:])
        self._change(kept_with)

    def forget(self, code: str) -> None:
        """The key of this code's room no longer opens it (or the player left for good)."""
        digest = room_digest(code)      # before the lock (see keep)

        def kept_without(held: dict[str, Any]) -> Optional[dict[str, Any]]:
            return held if held.pop(digest, None) is not None else None
        self._change(kept_without)

    def forget_key(self, seat_key: SeatKey) -> None:
        """A key the host turned away opens none of its room's codes: forgotten under
        each (it may have been found by another code than the one typed)."""
        def kept_without(held: dict[str, Any]) -> Optional[dict[str, Any]]:
            kept = {digest: entry for digest, entry in held.items()
                    if not (isinstance(entry, dict) and entry.get("key") == seat_key.key.hex())}
            return kept if len(kept) < len(held) else None
        self._change(kept_without)
