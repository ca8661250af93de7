"""A guest's connection as the screens open it (the join form, Find a table): its seat's
key is kept on disk once the host seats it at the table, and offered again when the room
is joined by any of its codes: the host names them all by digest before the guest's
hello, a code it opened while the program was closed too (game/net/kept_seats.py), so a
player whose program was closed mid-game comes back to the same seat. A kept key the
host (or the relay) turns away is forgotten: the next try comes in afresh; one that met
a network that failed, or a player who gave up, is kept for the next try."""

from __future__ import annotations

import logging
from typing import Any, Optional

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.net import RemoteClient
from game.net.codes import room_digest
from game.net.kept_seats import KeptSeats
from game.net.kept_tables import KeptTables
from game.net.players import PlayerKeyError, player_key
from game.net.protocol import HOST_LEFT, NO_SUCH_ROOM, ROOM_FULL, SEAT_FREED
from game.net.relays import Relay, RelayError, relay_setting
from game.net.seat_keys import SeatKey
from game.session import Client
from scenes.settings import TABLES_FILE, config_dir

log = logging.getLogger(__name__)

#: the kept keys' file, beside the settings
FILE_NAME = "seats.json"
#: why a join ended that says a kept key will not get the player in: the seat was freed
#: (the host knows the key no more), every seat has its player, the room is gone
KEY_REFUSED = frozenset({SEAT_FREED, ROOM_FULL, NO_SUCH_ROOM})
#: why a join ended that says the table is no more for this player: as above, or the
#: host has left it
TABLE_GONE = KEY_REFUSED | {HOST_LEFT}


def kept_seats() -> KeptSeats:
    return KeptSeats(config_dir() / FILE_NAME)


def kept_tables() -> KeptTables:
    return KeptTables(config_dir() / TABLES_FILE)


def join(code: str, name: str, relay: Optional[Relay],
         watch: bool = False, service: bool = False, listening: int = 0) -> RemoteClient:
    """Connect to the room of ``code`` (to watch: never by a kept seat; ``service``: a
    table the relay service deals, whose host must prove the service's key;
    ``listening``: the player plays by ear, at this many words a minute, told to the
    host: scenes/speech/table.py's :func:`listening_rate`).  Seated at the table, the key
    is kept, and the table with its code: the menu offers it back."""
    kept = kept_seats()

    def seated(seat_key: SeatKey) -> None:
        kept.keep(code, seat_key, client.rooms)
        kept_tables().keep(code, client.setup.key, relay.text if relay is not None else None)

    client = RemoteClient(code, name=name, relay=relay, watch=watch, find_seat=kept.find,
                          on_seat=seated, service=service, player=own_key(),
                          listening=listening)
    return client


def own_key() -> Optional[Ed25519PrivateKey]:
    """The player's own key (game/net/players.py: made on first use), shown only to a
    table the service deals; None, logged, if it cannot be read or made (the player
    plays on, unrated)."""
    try:
        return player_key()
    except PlayerKeyError as exc:
        log.warning("netplay: the player's key: %s", exc)
        return None


def keep_service(app: Any, client: RemoteClient) -> None:
    """Trust on first use, as SSH does: the relay service's key met for the first time
    (the setting named no fingerprint) at a table this program asked the service to open
    (the client's ``met_service``) is kept in the relay setting, after ``#``, so that
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


def ended(client: RemoteClient, code: str) -> None:
    """A join by ``code`` that ended before the table, for the client's ``reason``: a
    kept key it offered is forgotten if it was turned away; a table kept under the code
    is forgotten when the room has gone or will not seat the player again."""
    if client.reason in TABLE_GONE:
        kept_tables().forget((*client.rooms, room_digest(code)))
    if client.offered is not None and client.reason in KEY_REFUSED:
        kept_seats().forget_key(client.offered)


def table_over(client: Client) -> None:
    """The game at a guest's table is over for them (its result came, the host left it,
    the seat or room is gone): the menu no longer offers it back."""
    if isinstance(client, RemoteClient) and not client.watch:
        kept_tables().forget(client.rooms)
