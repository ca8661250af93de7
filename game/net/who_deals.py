"""Who deals a guest's table (game/net/client.py), read from the host's first sealed line
(game/net/protocol.py's ``Rooms``): the relay service, when the host signed this
connection's binding with the service's key (game/net/identity.py), or the host's own
program.  A key is held to the fingerprint the relay setting names, else to the first met
at a table asked of the service (trust on first use: a screen keeps it in the setting);
any player's program may make a key and sign with it, so one met at another table, no
fingerprint known yet, proves nothing and is not kept."""

from __future__ import annotations

import hmac
import logging
from typing import Optional

from game.net.identity import fingerprint, proven
from game.net.protocol import NOT_SERVICE, SERVICE_CHANGED, Rooms
from game.net.relays import Relay
from game.net.route import CannotJoin

#: its lines are the guest's, under its name (whoever follows that log sees them)
log = logging.getLogger("game.net.client")

#: who deals a table (:attr:`WhoDeals.dealer`): the relay service, or the host's program
SERVICE, HOST = "service", "host"


class WhoDeals:
    """Who deals the table a guest joins, and the service's key it is held to: see the
    module docstring.  ``service``: the table must be dealt by the relay service (opened
    through it); set too once a host proved it, so that a rejoin is held to it."""

    def __init__(self, relay: Optional[Relay], service: bool) -> None:
        self.relay = relay
        self.service = service
        #: :data:`SERVICE` or :data:`HOST`, once the host's first sealed line is read
        self.dealer: Optional[str] = None
        #: the fingerprint of the service's key met for the first time (the relay setting
        #: named none) at a table asked of the service: a screen keeps it in the setting
        self.met_service: Optional[str] = None
        #: the name of the player whose program deals, as the host says it ("" if none)
        self.dealer_name = ""
        #: the host signed this connection's binding with a service's key (the player's
        #: own key is shown to such a host only: game/net/players.py)
        self.signed = False

    def read(self, named: Rooms, binding: bytes, by_relay: bool) -> None:
        """Who deals, by the host's first sealed line on the connection of ``binding``
        (``by_relay``: a relay code's, through a relay; a direct code's table is a
        program's).  A table signed by another key than the one known is refused
        (``service_changed``), as is one that was to be the service's and is not proven
        so (``not_service``)."""
        self.dealer_name = named.dealer
        self.signed = False
        if not by_relay or self.relay is None or named.service is None \
                or named.signature is None:
            if self.service:
                raise CannotJoin(NOT_SERVICE, final=True)
            self.dealer = HOST
            return
        if not proven(named.service, binding, named.signature):
            raise CannotJoin(NOT_SERVICE, final=True)
        self.signed = True
        found = fingerprint(named.service)
        known = self.relay.fingerprint or self.met_service
        if known is None and not self.service:
            self.dealer = HOST
            return
        if known is not None and not hmac.compare_digest(found, known):
            log.warning("netplay: the relay service's key has changed (%s, not %s)", found, known)
            raise CannotJoin(SERVICE_CHANGED, final=True)
        self.met_service = None if self.relay.fingerprint is not None else found
        self.dealer = SERVICE
        self.service = True
