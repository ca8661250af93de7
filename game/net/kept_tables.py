"""The tables this program sat at, kept on disk while they last: the menu offers "Back
to your table" with the code it joined by, so a player who found a public table through
Find a table (and was never shown its code) comes back after closing the program.

The code opens the room, so it is kept as safely as the seat key it comes back with
(game/net/kept_seats.py): the same private file handling (0600, written whole, changed
under a lock), for :data:`~game.net.kept_seats.KEEP_FOR` at most, and forgotten when
the table ends for this player: the game over, the host gone, the seat or the room
refused.  Only the newest table is offered: the one the player sat at last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from game.net.codes import room_digest
from game.net.kept_seats import KEEP_FOR, MOST, KeptFile


@dataclass(frozen=True)
class KeptTable:
    """A table to go back to: the code it was joined by, its game, the relay it went
    through (its setting's text; None: none), when."""

    code: str
    game: str
    relay: Optional[str]
    at: float


class KeptTables(KeptFile):
    """The tables in the file at ``path``, by their room's digest."""

    def keep(self, code: str, game: str, relay: Optional[str]) -> None:
        """Write down the table of ``code`` (newest last; the stale ones go)."""
        def kept_with(held: dict[str, Any]) -> dict[str, Any]:
            now = self.clock()
            kept = {digest: entry for digest, entry in held.items()
                    if self._entry(entry) is not None}
            kept.pop(room_digest(code), None)
            kept[room_digest(code)] = {"code": code, "game": game, "at": now, "relay": relay}
            return dict(list(kept.items())[-MOST:])
        self._change(kept_with)

    def last(self) -> Optional[KeptTable]:
        """The table sat at last, if it is recent and whole; else None."""
        found = [t for t in map(self._entry, self._read().values()) if t is not None]
        return max(found, key=lambda t: t.at) if found else None

    def forget(self, rooms: Sequence[str]) -> None:
        """The table is over for this player: forgotten under each of ``rooms`` (its
        codes' digests, as the host names them, or the one it was joined by)."""
        def kept_without(held: dict[str, Any]) -> Optional[dict[str, Any]]:
            kept = {digest: entry for digest, entry in held.items() if digest not in rooms}
            return kept if len(kept) < len(held) else None
        self._change(kept_without)

    def _entry(self, entry: Any) -> Optional[KeptTable]:
        if not isinstance(entry, dict):
            return None
        try:
            code, game, at, relay = entry["code"], entry["game"], float(entry["at"]), \
                entry.get("relay")
            if not isinstance(code, str) or not isinstance(game, str) \
                    or self.clock() - at > KEEP_FOR:
                return None
            if relay is not None and not isinstance(relay, str):
                return None
            return KeptTable(code, game, relay, at)
        except (TypeError, KeyError, ValueError):
            return None
