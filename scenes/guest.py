"""A guest's connection as the screens open it (the join form, Find a table): its seat's
key is kept on disk once the host seats it at the table, and offered again when the same
code is joined, so a player whose program was closed mid-game comes back to the same
seat (game/net/kept_seats.py).  A kept key that does not get the player in is forgotten:
the next try comes in afresh."""

from __future__ import annotations

from typing import Optional

from game.net import RemoteClient
from game.net.kept_seats import KeptSeats
from scenes.settings import config_dir

#: the kept keys' file, beside the settings
FILE_NAME = "seats.json"


def kept_seats() -> KeptSeats:
    return KeptSeats(config_dir() / FILE_NAME)


def join(code: str, name: str, relay: Optional[tuple[str, int]],
         watch: bool = False) -> tuple[RemoteClient, bool]:
    """Connect to the room of ``code`` (to watch: never by a kept seat); and whether a
    kept key was offered."""
    kept = kept_seats()
    resume = None if watch else kept.get(code)
    client = RemoteClient(code, name=name, relay=relay, watch=watch, resume=resume,
                          on_seat=lambda seat_key: kept.keep(code, seat_key))
    return client, resume is not None


def ended(code: str, resumed: bool) -> None:
    """A join that ended before the table: a kept key it offered is forgotten."""
    if resumed:
        kept_seats().forget(code)
