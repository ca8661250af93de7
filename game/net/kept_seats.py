"""A guest's seat keys, kept on disk: a player whose program was closed (or crashed)
in the middle of a game comes back to the same seat by typing the same code again.

The host lets a seat's player back only by the key it proves (game/net/secure.py),
never by a name or a token; a key held in memory alone dies with the program, and the
seat then stays with the computer keeping it warm.  So the desktop client writes the
key down when the host welcomes it to its seat at the table (``RemoteClient.on_seat``)
and offers it (``resume``) the next time the same code is joined.

Choices: a room is found by a digest of its code (the code itself, which opens the room,
is not written down), and by the digests the host gives of its other codes (who joined
by the direct code comes back by the relay's, also one the host opened after the guest
sat: the host tells it, and ``on_seat`` is called again to keep the key under it); a key
is kept for :data:`KEEP_FOR` seconds and at most :data:`MOST` of them (the newest); the
file is the user's alone (mode 0600) and is written whole to a temporary file, then put
in place (game/saves.py's ``write_atomic``, read back by its ``read_json``). Two copies
of the program may run at once (two players on one machine, each joining a table): a
change (``keep``, ``forget``) reads the file and writes it back under the lock beside it
(game/saves.py's ``lock_path``, :mod:`filelock`, as the settings are saved), so neither
drops the key the other has just written. A file that cannot be read or written, or a
lock held past :data:`LOCK_SECONDS`, costs only the way back to the seat: nothing is
raised.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from filelock import FileLock, Timeout

from game.net.client import SeatKey
from game.net.codes import room_digest
from game.saves import SaveError, lock_path, read_json, write_atomic

#: seconds a kept key is offered again (a long evening's game, and then some)
KEEP_FOR = 12 * 3600.0
#: the most keys kept (the newest)
MOST = 32
#: the longest a change waits for another copy's (each holds it for a read and a write)
LOCK_SECONDS = 2.0


class KeptSeats:
    """The seat keys in the file at ``path``; ``clock``: the time now (tests)."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock

    def get(self, code: str) -> Optional[SeatKey]:
        """The key kept for this code's room, if it is recent; else None."""
        entry = self._read().get(room_digest(code))
        if not isinstance(entry, dict):
            return None
        try:
            if self.clock() - float(entry["at"]) > KEEP_FOR:
                return None
            seat = entry["seat"]
            if type(seat) is not int or seat < 0:
                return None
            return SeatKey(seat, bytes.fromhex(entry["key"]))
        except (TypeError, KeyError, ValueError):
            return None

    def keep(self, code: str, seat_key: SeatKey, rooms: Sequence[str] = ()) -> None:
        """Write down the key of this code's room, found by the code and by each of
        ``rooms`` (the digests the host gave of its room's other codes: a player who
        joined by the direct code comes back by the relay's); the oldest and the stale
        ones go."""
        def kept_with(held: dict[str, Any]) -> dict[str, Any]:
            now = self.clock()
            kept = {digest: entry for digest, entry in held.items()
                    if isinstance(entry, dict) and isinstance(entry.get("at"), (int, float))
                    and now - entry["at"] <= KEEP_FOR}
            for digest in dict.fromkeys((room_digest(code), *rooms)):
                kept[digest] = {"seat": seat_key.seat, "key": seat_key.key.hex(), "at": now}
            return dict(sorted(kept.items(), key=lambda item: item[1]["at"])[-MOST:])
        self._change(kept_with)

    def forget(self, code: str) -> None:
        """The key of this code's room no longer opens it (or the player left for good)."""
        def kept_without(held: dict[str, Any]) -> Optional[dict[str, Any]]:
            return held if held.pop(room_digest(code), None) is not None else None
        self._change(kept_without)

    def _change(self, change: Callable[[dict[str, Any]], Optional[dict[str, Any]]]) -> None:
        """Read the file as it is now, ``change`` it (None: nothing to write) and write it
        back, all under the lock another running copy takes to do the same."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with FileLock(str(lock_path(self.path)), timeout=LOCK_SECONDS):
                changed = change(self._read())
                if changed is not None:
                    self._write(changed)
        except (OSError, Timeout):
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
