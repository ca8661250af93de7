"""The wire: every message survives a round trip; anything else is refused with a
reason key, never a crash; lines are cut whatever the chunks, oversized ones
skipped without being buffered."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Action, Reason
from game.net.protocol import (
    MAX_LINE,
    PING,
    PONG,
    Bucket,
    Bye,
    Challenge,
    Confirm,
    Error,
    Hello,
    Limits,
    LineSplitter,
    Moved,
    Paired,
    Pake,
    Proof,
    ProtocolError,
    RelayHello,
    Room,
    Rooms,
    Seats,
    Welcome,
    decode,
    encode,
)
from game.session import GameSetup, Refused, Submit, Update

#: base64 of so many zero bytes: a way back's message, a SPAKE2 message, a pass
B64_48, B64_33, B64_32 = (base64.b64encode(bytes(n)) for n in (48, 33, 32))

EVERY = (Pake, Confirm, Hello, Welcome, Rooms, Seats, Error, Bye, RelayHello, Room, Challenge,
         Proof, Paired, Moved, Update, Submit, Refused)


@pytest.mark.parametrize("msg", [
    Pake(bytes(range(33)), protocol=1, game="0.1.0"),
    Pake(bytes(33), bytes(range(32))),
    Pake(bytes(range(33)), kept=bytes(range(32))),
    Pake(b"", kept=bytes(range(32)), back=bytes(range(48))),
    Pake(b"", bytes(range(32)), back=bytes(range(48))),
    Confirm(bytes(range(32))),
    Hello("Anna", 1, bytes(range(32))),
    Hello(),
    Hello("Anna", listening=175),
    Welcome(1, GameSetup.solo("briscola", seat=1), ("Marco", "Anna", "")),
    Welcome(1, GameSetup.solo("briscola", seat=1), ("Marco", "Anna", ""),
            ("ab" * 32, "0f" * 32)),
    Rooms(("ab" * 32,)),
    Rooms(("ab" * 32, "0f" * 32)),
    Rooms(("ab" * 32,), ("0f" * 32, "cd" * 32)),
    Rooms(("ab" * 32,), (), bytes(range(32)), bytes(range(64))),
    Rooms(("ab" * 32,), dealer="Marco"),
    Seats(("Marco", "Anna"), (1,)),
    Error("room_full", "every seat is taken", True),
    Bye("host_quit"),
    RelayHello("host", owner=bytes(32)),
    RelayHello("guest", 1, "ABCD"),
    RelayHello("guest", code="ABCD", follow=True),
    RelayHello("guest", code="ABCD", follow=True, kept=True),
    RelayHello("host", 1, "ABCD", bytes(range(16)), bytes(range(32))),
    Room("ABCD", bytes(range(16))),
    Challenge(bytes(range(16))),
    Proof(bytes(range(64))),
    Paired(),
    Moved("127.0.0.1:47801"),
    Moved("[2001:db8::1]:47800"),
    Moved("gateway-2.relay.example.org:47800"),
    Update(1, 3, 0, (), {"zones": {}}, (Action.parse("play:2s"),), (1,)),
    Submit(1, Action.parse("claim"), 4),
    Refused(1, "claim", Reason("briscola.no_claim_now"), 4),
])
def test_every_message_survives_the_round_trip(msg):
    line = encode(msg)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode(line[:-1], EVERY) == msg


@pytest.mark.parametrize("line, reason", [
    (b"\xff\xfe", "bad_line"),
    (b"garbage", "bad_line"),
    (b"[]", "bad_line"),
    (b"[" * 50_000, "bad_line"),
    (b'{"type": 5}', "unknown_type"),
    (b'{"type": "nonsense"}', "unknown_type"),
    (b'{"type": "pake", "protocol": "1", "game": "x", "msg": ""}', "bad_field"),
    (b'{"type": "pake", "protocol": 1, "game": "x", "msg": "AAAA"}', "bad_field"),
    (b'{"type": "pake", "protocol": 1, "game": "x", "msg": "not base64!"}', "bad_field"),
    (b'{"type": "pake", "protocol": 1, "game": "' + b"v" * 100 + b'", "msg": ""}', "bad_field"),
    (b'{"type": "pake", "protocol": 1, "game": "x", "back": "' + B64_48 + b'"}', "bad_field"),
    (b'{"type": "pake", "protocol": 1, "game": "x", "msg": "' + B64_33 + b'", "back": "'
     + B64_48 + b'", "kept": "' + B64_32 + b'"}', "bad_field"),
    (b'{"type": "confirm", "confirm": 5}', "bad_field"),
    # a dealer's name that is no name; the service's key without its signature, and a
    # signature of the wrong size
    (b'{"type": "rooms", "rooms": ["' + b"ab" * 32 + b'"], "dealer": "\\u0007"}', "bad_field"),
    (b'{"type": "rooms", "rooms": ["' + b"ab" * 32 + b'"], "service": "' +
     base64.b64encode(bytes(32)) + b'"}', "bad_field"),
    (b'{"type": "rooms", "rooms": ["' + b"ab" * 32 + b'"], "service": "' +
     base64.b64encode(bytes(32)) + b'", "signature": "' + base64.b64encode(bytes(63)) + b'"}',
     "bad_field"),
    (b'{"type": "hello", "name": "x", "seat": 1}', "bad_field"),
    (b'{"type": "hello", "name": "x", "seat": 1, "proof": "AAAA"}', "bad_field"),
    (b'{"type": "welcome", "seat": 9, "setup": {"key": "bocce", "seats": [{}, {}]},'
     b' "names": ["a", "b"]}', "bad_field"),
    (b'{"type": "welcome", "seat": 0, "setup": {"key": "bocce", "seats": [{}, {}]},'
     b' "names": ["a"]}', "bad_field"),
    (b'{"type": "welcome", "seat": 0, "setup": {"key": "chess", "seats": []},'
     b' "names": []}', "bad_field"),
    (b'{"type": "welcome", "seat": 0, "setup": {"key": "bocce", "seats": [{}, {}]},'
     b' "names": ["a", "b"], "rooms": ["FHHY-FNCH-D5SU"]}', "bad_field"),
    (b'{"type": "welcome", "seat": 0, "setup": {"key": "bocce", "seats": [{}, {}]},'
     b' "names": ["a", "b"], "rooms": "' + b"ab" * 32 + b'"}', "bad_field"),
    (b'{"type": "welcome", "seat": 0, "setup": {"key": "bocce", "seats": [{}, {}]},'
     b' "names": ["a", "b"], "rooms": [' + b", ".join([b'"' + b"ab" * 32 + b'"'] * 5) +
     b']}', "bad_field"),
    (b'{"type": "rooms", "rooms": ["FHHY-FNCH-D5SU"]}', "bad_field"),
    (b'{"type": "rooms", "rooms": ["' + b"ab" * 32 + b'"], "holds": ["' + b"AB" * 32 + b'"]}',
     "bad_field"),
    (b'{"type": "rooms", "rooms": ["' + b"ab" * 32 + b'"], "holds": "' + b"ab" * 32 + b'"}',
     "bad_field"),
    (b'{"type": "rooms", "rooms": ["' + b"ab" * 32 + b'"], "holds": [' +
     b", ".join([b'"' + b"ab" * 32 + b'"'] * 65) + b']}', "bad_field"),
    (b'{"type": "rooms", "rooms": ["' + b"AB" * 32 + b'"]}', "bad_field"),
    (b'{"type": "rooms", "rooms": ["' + b"ab" * 31 + b'"]}', "bad_field"),
    (b'{"type": "rooms", "rooms": []}', "bad_field"),
    (b'{"type": "rooms"}', "bad_field"),
    (b'{"type": "rooms", "rooms": "' + b"ab" * 32 + b'"}', "bad_field"),
    (b'{"type": "rooms", "rooms": [' + b", ".join([b'"' + b"ab" * 32 + b'"'] * 5) + b']}',
     "bad_field"),
    (b'{"type": "seats", "names": ["a"], "away": ["1"]}', "bad_field"),
    (b'{"type": "error", "reason": 3}', "bad_field"),
    (b'{"type": "error", "reason": "x", "fatal": "yes"}', "bad_field"),
    (b'{"type": "relay", "role": "spy", "protocol": 1}', "bad_field"),
    (b'{"type": "relay", "role": "guest", "protocol": 1}', "bad_field"),
    (b'{"type": "relay", "role": "host", "protocol": 1}', "bad_field"),
    (b'{"type": "relay", "role": "host", "protocol": 1, "owner": "' + b"ab" * 32 +
     b'", "code": "ABCD"}', "bad_field"),
    (b'{"type": "relay", "role": "host", "protocol": 1, "owner": "' + b"ab" * 32 +
     b'", "key": "' + b"ab" * 16 + b'"}', "bad_field"),
    (b'{"type": "relay", "role": "host", "protocol": 1, "owner": "' + b"ab" * 32 +
     b'", "code": "ABCD", "key": "KEY"}', "bad_field"),
    (b'{"type": "relay", "role": "guest", "protocol": 4, "code": "ABCD", "follow": 1}',
     "bad_field"),
    (b'{"type": "moved"}', "bad_field"),
    (b'{"type": "moved", "to": 47800}', "bad_field"),
    (b'{"type": "moved", "to": ""}', "bad_field"),
    (b'{"type": "moved", "to": "gateway:99999"}', "bad_field"),
    (b'{"type": "moved", "to": "gateway:port"}', "bad_field"),
    (b'{"type": "moved", "to": "two words:47800"}', "bad_field"),
    (b'{"type": "moved", "to": "2001:db8::1:47800"}', "bad_field"),
    (b'{"type": "moved", "to": "' + b"g" * 300 + b':1"}', "bad_field"),
    (b'{"type": "room", "code": "ABCD", "key": "' + b"a" * 100 + b'"}', "bad_field"),
    (b'{"type": "room", "code": "ABCD"}', "bad_field"),
    (b'{"type": "proof", "signature": "00"}', "bad_field"),
    (b'{"type": "submit", "seat": 1, "action": "play:ZZ"}', "bad_field"),
    (b'{"type": "hello", "name": "Anna", "listening": true}', "bad_field"),
    (b'{"type": "hello", "name": "Anna", "listening": -1}', "bad_field"),
    (b'{"type": "hello", "name": "Anna", "listening": 100000}', "bad_field"),
])
def test_anything_else_is_refused_with_a_reason(line, reason):
    with pytest.raises(ProtocolError) as err:
        decode(line, EVERY)
    assert err.value.reason == reason


def test_a_moved_address_is_read_once_when_the_message_is_decoded(monkeypatch):
    from game.net import codes
    read: list[str] = []
    relay_address = codes.relay_address
    monkeypatch.setattr(codes, "relay_address", lambda text: read.append(text) or relay_address(text))
    moved = decode(b'{"type": "moved", "to": "[2001:db8::1]:47800"}', EVERY)
    assert isinstance(moved, Moved)
    assert moved.address == moved.address == ("2001:db8::1", 47800)
    assert read == ["[2001:db8::1]:47800"]


def test_a_message_in_the_wrong_place_is_unexpected():
    with pytest.raises(ProtocolError) as err:
        decode(encode(Hello("x"))[:-1], (Submit, Bye))
    assert err.value.reason == "unexpected"
    update = encode(Update(1, 0, None, (), {}, (), ()))[:-1]
    with pytest.raises(ProtocolError) as err:
        decode(update, (Submit, Bye))
    assert err.value.reason == "unexpected"


def test_an_oversized_line_is_refused_before_it_is_parsed():
    with pytest.raises(ProtocolError) as err:
        decode(b'"' + b"x" * MAX_LINE + b'"', EVERY)
    assert err.value.reason == "too_long"


@given(st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")), max_size=20),
       st.lists(st.integers(1, 30), min_size=1, max_size=10))
def test_lines_come_out_whole_whatever_the_chunks(lines, cuts):
    stream = b"".join(line + b"\n" for line in lines)
    splitter = LineSplitter(limit=64)
    out, at, i = [], 0, 0
    while at < len(stream):
        size = cuts[i % len(cuts)]
        out += splitter.feed(stream[at:at + size])
        at, i = at + size, i + 1
    assert out == lines


def test_an_oversized_line_is_reported_once_and_skipped_to_its_end():
    splitter = LineSplitter(limit=10)
    assert splitter.feed(b"0123456789\nabc") == [b"0123456789"]
    assert splitter.feed(b"defghijkl") == [None], "reported as soon as it is too long"
    assert splitter.feed(b"x" * 10_000) == [], "never buffered"
    assert splitter.feed(b"yyy\nok\n") == [b"ok"]
    assert splitter.feed(b"z" * 11 + b"\nfine\n") == [None, b"fine"]


def test_a_bucket_refills_with_time():
    now = [0.0]
    bucket = Bucket(2.0, 3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 1.0
    assert bucket.take(2) and not bucket.take()
    now[0] = 100.0
    assert bucket.available() == 3


def test_limits_make_sense():
    with pytest.raises(ValueError):
        Limits(ping_every=10, dead_after=9)
    assert PING.startswith(b"!") and PONG.startswith(b"!")
    assert Limits().dead_after < 10, "a dead link is found within 10 s"
