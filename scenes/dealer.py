"""Who deals the table, in words: the relay service (its host proved the service's key,
game/net/identity.py), a player's program (the host's), or this program (the host's own
table).  The waiting rooms and the pause menu say it, so that a player knows who could
see every hand."""

from __future__ import annotations

from game.net.client import HOST, SERVICE, RemoteClient
from game.net.host import HostClient
from game.session import Client
from scenes.i18n import tr


def dealer_line(client: Client) -> str:
    """"Dealt by the relay service (relay.example.org)", "Dealt by Marco's program",
    "Dealt by your program"; "" for a game on this computer alone, or before the host has
    said."""
    if isinstance(client, HostClient):
        return own_line()
    if not isinstance(client, RemoteClient):
        return ""
    if client.dealer == SERVICE and client.relay is not None:
        return tr("net.dealt_by_service", name=client.relay.name)
    if client.dealer == HOST:
        if client.dealer_name:
            return tr("net.dealt_by_program", name=client.dealer_name)
        return tr("net.dealt_by_host")
    return ""


def own_line() -> str:
    """The host's own screens: its program deals (a host with the service's key has no
    screen)."""
    return tr("net.dealt_by_you")
