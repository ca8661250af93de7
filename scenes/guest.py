"""A guest's connection as the screens open it (the join form, Find a table): its seat's
key is kept on disk once the host seats it at the table, and offered again when the same
code is joined (or another of that room's: the host names them all, a code it opens
later too), so a player whose program was closed mid-game comes back to the same seat
(game/net/kept_seats.py). A kept key the host (or the relay) turns away is forgotten:
the next try comes in afresh; one that met a network that failed, or a player who gave
up, is kept for the next try."""

from __future__ import annotations

from typing import Optional

from game.net import RemoteClient
from game.net.kept_seats import KeptSeats
from game.net.protocol import NO_SUCH_ROOM, ROOM_FULL, SEAT_FREED
from scenes.settings import config_dir

#: the kept keys' file, beside the settings
FILE_NAME = "seats.json"
#: why a join ended that says a kept key will not get the player in: the seat was freed
#: (the host knows the key no more), every seat has its player, the room is gone
KEY_REFUSED = frozenset({SEAT_FREED, ROOM_FULL, NO_SUCH_ROOM})


def kept_seats() -> KeptSeats:
    return KeptSeats(config_dir() / FILE_NAME)


def join(code: str, name: str, relay: Optional[tuple[str, int]],
         watch: bool = False) -> tuple[RemoteClient, bool]:
    """Connect to the room of ``code`` (to watch: never by a kept seat); and whether a
    kept key was offered."""
    kept = kept_seats()
    resume = None if watch else kept.get(code)
    client = RemoteClient(code, name=name, relay=relay, watch=watch, resume=resume,
                          on_seat=lambda seat_key: kept.keep(code, seat_key, client.rooms))
    return client, resume is not None


def ended(code: str, resumed: bool, reason: Optional[str]) -> None:
    """A join that ended before the table, for ``reason`` (the client's): a kept key it
    offered is forgotten if it was turned away."""
    if resumed and reason in KEY_REFUSED:
        kept_seats().forget(code)
