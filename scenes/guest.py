"""A guest's connection as the screens open it (the join form, Find a table): its seat's
key is kept on disk once the host seats it at the table, and offered again when the room
is joined by any of its codes: the host names them all by digest before the guest's
hello, a code it opened while the program was closed too (game/net/kept_seats.py), so a
player whose program was closed mid-game comes back to the same seat. A kept key the
host (or the relay) turns away is forgotten: the next try comes in afresh; one that met
a network that failed, or a player who gave up, is kept for the next try."""

from __future__ import annotations

from typing import Any, Optional

from game.net import RemoteClient
from game.net.kept_seats import KeptSeats
from game.net.protocol import NO_SUCH_ROOM, ROOM_FULL, SEAT_FREED
from game.net.relays import Relay, RelayError, relay_setting
from scenes.settings import config_dir

#: the kept keys' file, beside the settings
FILE_NAME = "seats.json"
#: why a join ended that says a kept key will not get the player in: the seat was freed
#: (the host knows the key no more), every seat has its player, the room is gone
KEY_REFUSED = frozenset({SEAT_FREED, ROOM_FULL, NO_SUCH_ROOM})


def kept_seats() -> KeptSeats:
    return KeptSeats(config_dir() / FILE_NAME)


def join(code: str, name: str, relay: Optional[Relay],
         watch: bool = False, service: bool = False) -> RemoteClient:
    """Connect to the room of ``code`` (to watch: never by a kept seat; ``service``: a
    table the relay service deals, whose host must prove the service's key)."""
    kept = kept_seats()
    client = RemoteClient(code, name=name, relay=relay, watch=watch, find_seat=kept.find,
                          on_seat=lambda seat_key: kept.keep(code, seat_key, client.rooms),
                          service=service)
    return client


def keep_service(app: Any, client: RemoteClient) -> None:
    """Trust on first use, as SSH does: the relay service's key met for the first time
    (the setting named no fingerprint) is kept in the relay setting, after ``#``, so that
    a table signed by another key is refused from now on (game/net/identity.py).  Only
    the setting's own relay: a run's ``--relay`` leaves the setting as it is."""
    met = client.met_service
    if met is None or app.relay is not None or client.relay is None:
        return
    try:
        setting = relay_setting(app.settings.relay)
    except RelayError:
        return
    if setting.fingerprint is None and setting.addresses == client.relay.addresses:
        app.settings.relay = setting.keeping(met).text
        app.save_settings()


def ended(client: RemoteClient) -> None:
    """A join that ended before the table, for the client's ``reason``: a kept key it
    offered is forgotten if it was turned away."""
    if client.offered is not None and client.reason in KEY_REFUSED:
        kept_seats().forget_key(client.offered)
