"""The wire: every message survives a round trip; anything else is refused with a
reason key, never a crash; lines are cut whatever the chunks, oversized ones
skipped without being buffered."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Action, Reason
from game.net.protocol import (MAX_LINE, PING, PONG, Bucket, Bye, Error, Hello, LineSplitter,
                               Limits, Paired, ProtocolError, RelayHello, Room, Seats, Welcome,
                               decode, encode)
from game.session import GameSetup, Refused, Submit, Update

EVERY = (Hello, Welcome, Seats, Error, Bye, RelayHello, Room, Paired, Update, Submit, Refused)


@pytest.mark.parametrize("msg", [
    Hello(1, "0.1.0", "Anna", 1234, "00ff"),
    Hello(1, "0.1.0"),
    Welcome(1, GameSetup.solo("briscola", seat=1), ("Marco", "Anna", ""), "abc123"),
    Seats(("Marco", "Anna"), (1,)),
    Error("room_full", "every seat is taken", True),
    Bye("host_quit"),
    RelayHello("host"),
    RelayHello("guest", 1, "ABCDEF"),
    RelayHello("host", 1, "ABCDEF", "00ff" * 8),
    Room("ABCDEF"),
    Room("ABCDEF", "00ff" * 8),
    Paired(),
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
    (b'{"type": "hello", "protocol": "1", "game": "x"}', "bad_field"),
    (b'{"type": "hello", "protocol": 1, "game": "x", "secret": -1}', "bad_field"),
    (b'{"type": "hello", "protocol": 1, "game": "x", "token": "NOT-HEX"}', "bad_field"),
    (b'{"type": "hello", "protocol": 1, "game": "' + b"v" * 100 + b'"}', "bad_field"),
    (b'{"type": "welcome", "seat": 9, "setup": {"key": "bocce", "seats": [{}, {}]},'
     b' "names": ["a", "b"], "token": "ab"}', "bad_field"),
    (b'{"type": "welcome", "seat": 0, "setup": {"key": "bocce", "seats": [{}, {}]},'
     b' "names": ["a"], "token": "ab"}', "bad_field"),
    (b'{"type": "welcome", "seat": 0, "setup": {"key": "chess", "seats": []},'
     b' "names": [], "token": "ab"}', "bad_field"),
    (b'{"type": "seats", "names": ["a"], "away": ["1"]}', "bad_field"),
    (b'{"type": "error", "reason": 3}', "bad_field"),
    (b'{"type": "error", "reason": "x", "fatal": "yes"}', "bad_field"),
    (b'{"type": "relay", "role": "spy", "protocol": 1}', "bad_field"),
    (b'{"type": "relay", "role": "guest", "protocol": 1}', "bad_field"),
    (b'{"type": "relay", "role": "host", "protocol": 1, "code": "ABCDEF"}', "bad_field"),
    (b'{"type": "relay", "role": "host", "protocol": 1, "key": "00ff"}', "bad_field"),
    (b'{"type": "relay", "role": "host", "protocol": 1, "code": "ABCDEF", "key": "KEY"}',
     "bad_field"),
    (b'{"type": "room", "code": "ABCDEF", "key": "' + b"a" * 100 + b'"}', "bad_field"),
    (b'{"type": "submit", "seat": 1, "action": "play:ZZ"}', "bad_field"),
])
def test_anything_else_is_refused_with_a_reason(line, reason):
    with pytest.raises(ProtocolError) as err:
        decode(line, EVERY)
    assert err.value.reason == reason


def test_a_message_in_the_wrong_place_is_unexpected():
    with pytest.raises(ProtocolError) as err:
        decode(encode(Hello(1, "x"))[:-1], (Submit, Bye))
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
