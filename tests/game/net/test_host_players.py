"""A host that seats players by their own keys (game/net/host.py's ``players_only``, a
rated table): a guest proves its key over its own connection and the host knows each
seat's key; a signature made for another connection, or no key at all, gets no seat;
and a host that proves no service key never hears of the player's key."""

from __future__ import annotations

from typing import Iterator

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import game.net.client
from game.net.identity import public_bytes
from game.net.players import prove_seat
from game.net.relays import Relay
from tests.game.net.helpers import hosting, join, relay_here, until

SERVICE_KEY = Ed25519PrivateKey.generate()
PLAYER = Ed25519PrivateKey.generate()

pytestmark = pytest.mark.slow


@pytest.fixture
def relay_port() -> Iterator[int]:
    with relay_here() as (_, port):
        yield port


def rated_table(port: int, identity: Ed25519PrivateKey | None = SERVICE_KEY):
    return hosting("bocce", listen=None, relay=("127.0.0.1", port), identity=identity,
                   players_only=True)


def guest_of(host, port: int, player: Ed25519PrivateKey | None = PLAYER):
    return join(host.status().relay_code, relay=Relay((("127.0.0.1", port),), None),
                player=player)


def test_a_player_proves_its_key_and_the_host_knows_its_seat_by_it(relay_port):
    with rated_table(relay_port) as (host, _):
        guest = guest_of(host, relay_port)
        try:
            assert guest.wait_connected(10), guest.reason
            until(lambda: host.seat_players(), 5, "the seat's key")
            assert host.seat_players() == {guest.seat: public_bytes(PLAYER)}
        finally:
            guest.close()


def test_a_signature_made_for_another_connection_gets_no_seat(relay_port, monkeypatch):
    monkeypatch.setattr(game.net.client, "prove_seat",
                        lambda key, binding: prove_seat(key, b"another connection"))
    with rated_table(relay_port) as (host, _):
        guest = guest_of(host, relay_port)
        try:
            until(lambda: guest.state in ("lost", "closed"), 10, "refused")
            assert guest.reason == "bad_field" and host.seat_players() == {}
        finally:
            guest.close()


def test_a_guest_with_no_key_of_its_own_gets_no_seat_at_a_rated_table(relay_port):
    with rated_table(relay_port) as (host, _):
        guest = guest_of(host, relay_port, player=None)
        try:
            until(lambda: guest.state in ("lost", "closed"), 10, "refused")
            assert guest.reason == "not_player"
        finally:
            guest.close()


def test_a_host_that_proves_no_service_key_never_hears_of_the_players_key(relay_port):
    with rated_table(relay_port, identity=None) as (host, _):
        guest = guest_of(host, relay_port)
        try:
            until(lambda: guest.state in ("lost", "closed"), 10, "refused")
            assert guest.reason == "not_player", "no key shown: none to seat by"
        finally:
            guest.close()
