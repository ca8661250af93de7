"""Who deals the table, in words: the relay service (its host proved the service's key,
game/net/identity.py), a player's program (the host's), or this program (the host's own
table).  The waiting rooms and the pause menu say it, so that a player knows who could
see every hand."""

from __future__ import annotations

from typing import Callable

from game.net.client import HOST, SERVICE, RemoteClient
from game.net.host import HostClient
from game.session import Client
from scenes.i18n import tr

#: the most characters of the relay service's name shown (a player's name has at most 24),
#: and the fewest it is cut to where a line is narrow
NAME_SHOWN, SHORTEST = 32, 8


def dealer_line(client: Client, fits: Callable[[str], bool] = lambda line: True) -> str:
    """"Dealt by the relay service (relay.example.org)", "Dealt by Marco's program",
    "Dealt by your program"; "" for a game on this computer alone, or before the host has
    said.  ``fits``: whether a line fits where it goes; the service's name is cut short
    (with an ellipsis) until it does."""
    if isinstance(client, HostClient):
        return own_line()
    if not isinstance(client, RemoteClient):
        return ""
    if client.dealer == SERVICE and client.relay is not None:
        return named_line("net.dealt_by_service", client.relay.name, fits)
    if client.dealer == HOST:
        if client.dealer_name:
            return tr("net.dealt_by_program", name=client.dealer_name)
        return tr("net.dealt_by_host")
    return ""


def named_line(key: str, name: str, fits: Callable[[str], bool]) -> str:
    """The words of ``key`` with ``name`` in them, the name cut short (a DNS name may be
    253 characters) to at most :data:`NAME_SHOWN` characters, and further until the line
    ``fits``."""
    shown = name[:NAME_SHOWN]
    while True:
        line = tr(key, name=shown if shown == name else shown + "…")
        if fits(line) or len(shown) <= SHORTEST:
            return line
        shown = shown[:-1]


def own_line() -> str:
    """The host's own screens: its program deals (a host with the service's key has no
    screen)."""
    return tr("net.dealt_by_you")
