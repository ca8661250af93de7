"""The relay setting (game/net/relays.py): one or several gateways and the service's
fingerprint, read in one place; a client tries the gateway it reached last, then the
next ones."""

from __future__ import annotations

import asyncio

import pytest

from game.net import codes
from game.net.link import open_gateway
from game.net.protocol import QUICK
from game.net.relays import MOST_ADDRESSES, Relay, RelayError, as_relay, relay_setting

FINGERPRINT = "abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst"


@pytest.mark.parametrize("text, addresses, fingerprint", [
    ("relay.example.org:47800", (("relay.example.org", 47800),), None),
    ("relay.example.org", (("relay.example.org", codes.RELAY_PORT),), None),
    ("gw1.example.org:47800, gw2.example.org:47801",
     (("gw1.example.org", 47800), ("gw2.example.org", 47801)), None),
    ("[2001:db8::1]:47800,203.0.113.7#" + FINGERPRINT.upper(),
     (("2001:db8::1", 47800), ("203.0.113.7", codes.RELAY_PORT)), FINGERPRINT),
    ("gw1.example.org,gw1.example.org:47800", (("gw1.example.org", 47800),), None),
])
def test_a_relay_setting_names_gateways_and_perhaps_a_fingerprint(text, addresses, fingerprint):
    relay = relay_setting(text)
    assert relay.addresses == addresses and relay.fingerprint == fingerprint
    assert relay_setting(relay.text) == relay, "written back as it is read"
    assert relay.name == addresses[0][0]


@pytest.mark.parametrize("text, key", [
    ("", "net.bad_relay"),
    ("gw1.example.org,", "net.bad_relay"),
    ("gw1.example.org:port", "net.bad_relay"),
    ("gw1.example.org#", "net.bad_fingerprint"),
    ("gw1.example.org#" + FINGERPRINT[:-1], "net.bad_fingerprint"),
    ("gw1.example.org#" + FINGERPRINT[:-1] + "1", "net.bad_fingerprint"),
    (",".join(["gw.example.org"] * (MOST_ADDRESSES + 1)), "net.too_many_relays"),
    ("g" * 5000, "net.bad_relay"),
])
def test_anything_else_is_refused_with_the_words_of_what_is_wrong(text, key):
    with pytest.raises(RelayError) as refused:
        relay_setting(text)
    assert refused.value.key == key


def test_keeping_a_fingerprint_keeps_the_addresses():
    relay = relay_setting("gw1.example.org,gw2.example.org")
    assert relay.keeping(FINGERPRINT) == relay_setting(relay.text + "#" + FINGERPRINT)


def test_the_rotation_starts_at_the_gateway_reached_last_and_goes_round():
    relay = relay_setting("a:1,b:2,c:3")
    assert [index for index, _ in relay.rotation(1)] == [1, 2, 0]
    assert as_relay(("a", 1)) == Relay((("a", 1),))


def test_a_gateway_that_does_not_answer_is_passed_over_for_the_next():
    """Nobody listens at the first address: the second, which does, is reached, and its
    index is what the client tries first next time."""

    async def scene() -> int:
        server = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
        dead = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
        dead_port = dead.sockets[0].getsockname()[1]
        dead.close()
        await dead.wait_closed()
        port = server.sockets[0].getsockname()[1]
        relay = relay_setting(f"127.0.0.1:{dead_port},127.0.0.1:{port}")
        async with server:
            link, index = await open_gateway(relay, 0, QUICK, 1024)
            link.close()
            with pytest.raises(OSError):
                await open_gateway(Relay(((("127.0.0.1", dead_port)),)), 0, QUICK, 1024)
        return index

    assert asyncio.run(scene()) == 1
