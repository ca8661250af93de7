"""Who deals a guest's table (game/net/who_deals.py), read from the host's first sealed
line: the service only by a signature over this connection's binding with a key the
setting names or that was met first at a table asked of the service."""

from __future__ import annotations

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.net.identity import fingerprint, prove, public_bytes
from game.net.protocol import NOT_SERVICE, SERVICE_CHANGED, Rooms
from game.net.relays import Relay
from game.net.route import CannotJoin
from game.net.who_deals import HOST, SERVICE, WhoDeals

BINDING = b"b" * 32
RELAY = Relay((("127.0.0.1", 47800),))


def signed(key: Ed25519PrivateKey, binding: bytes = BINDING) -> Rooms:
    return Rooms((), service=public_bytes(key), signature=prove(key, binding), dealer="")


def test_a_direct_codes_table_is_dealt_by_the_hosts_program():
    deals = WhoDeals(None, service=False)
    deals.read(Rooms((), dealer="Anna"), BINDING, by_relay=False)
    assert (deals.dealer, deals.dealer_name, deals.signed) == (HOST, "Anna", False)


def test_a_key_met_at_a_table_not_asked_of_the_service_proves_nothing_and_is_not_kept():
    deals = WhoDeals(RELAY, service=False)
    deals.read(signed(Ed25519PrivateKey.generate()), BINDING, by_relay=True)
    assert deals.dealer == HOST and deals.met_service is None and deals.signed


def test_the_service_is_trusted_on_first_use_then_held_to_that_key():
    key = Ed25519PrivateKey.generate()
    deals = WhoDeals(RELAY, service=True)
    deals.read(signed(key), BINDING, by_relay=True)
    assert deals.dealer == SERVICE and deals.met_service == fingerprint(public_bytes(key))
    with pytest.raises(CannotJoin) as changed:
        deals.read(signed(Ed25519PrivateKey.generate()), BINDING, by_relay=True)
    assert changed.value.reason == SERVICE_CHANGED and changed.value.final


@pytest.mark.parametrize("named", [Rooms(()), "another binding"])
def test_a_table_asked_of_the_service_that_does_not_prove_it_is_refused(named):
    key = Ed25519PrivateKey.generate()
    rooms = signed(key, b"c" * 32) if named == "another binding" else named
    with pytest.raises(CannotJoin) as refused:
        WhoDeals(RELAY, service=True).read(rooms, BINDING, by_relay=True)
    assert refused.value.reason == NOT_SERVICE and refused.value.final
