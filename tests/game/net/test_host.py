"""A host and its guests in this process (threads), and connections that misbehave:
in every fault the host keeps running, the guest is told why in a key, and the
game goes on to an end equal to a replay of its log."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Optional

import pytest

from game.engine import Action, replay_log
from game.i18n import reason_words
from game.names import MAX_NAME
from game.net import admission as admission_module
from game.net import client as client_module
from game.net import codes
from game.net.bot import Autoplayer, hosted_setup
from game.net.client import CONNECTED, LOST, RemoteClient, SeatKey
from game.net.host import PLAYING, ROOM, WAITING, Host
from game.net.kept_seats import KeptSeats
from game.net.protocol import (
    MAX_GUEST_LINE,
    PING,
    PROTOCOL,
    QUICK,
    Confirm,
    Error,
    Hello,
    Pake,
    Rooms,
    Welcome,
    decode,
    encode,
)
from game.net.secure import HOST, TOGETHER, Handshake, SeatBack, host_proof, seat_pass, seat_proof
from game.session import HUMAN, REMOTE, GameSetup, SeatSpec, Update
from tests.game.net.conftest import MANY_CLIENTS
from tests.game.net.helpers import (
    LIMIT,
    Raw,
    Table,
    guess,
    guessers,
    hosting,
    join,
    play,
    relay_here,
    until,
)
from tests.game.net.twins import check_twin_lines


def finish(host: Host, table, code: str, within: float = 5.0, **options) -> RemoteClient:
    """A guest joins with ``code`` (connected ``within`` seconds) and plays to the end;
    both ends agree with the log."""
    guest = join(code, **options)
    assert guest.wait_connected(within), guest.reason
    last = play(guest)
    assert table.over.wait(LIMIT)
    assert last.result == table.result == replay_log(host.session.log()).result()
    return guest


@pytest.mark.slow
def test_a_guest_plays_a_whole_game_and_sees_the_setup_from_its_seat():
    with hosting("briscola", seed=4) as (host, table):
        status = host.status()
        assert status.state == WAITING and status.relay_code is None
        guest = join(status.direct_code, name="Anna")
        assert guest.wait_connected(5)
        assert guest.seat == 1 and guest.names[:2] == ("Host", "Anna")
        assert guest.setup.seed is None, "the seed would tell every card"
        assert [s.kind for s in guest.setup.seats] == [REMOTE, HUMAN, "computer"]
        until(lambda: host.status().state == PLAYING)
        seats = host.status().seats
        assert seats[1].present and seats[1].name == "Anna" and not seats[1].stand_in
        last = play(guest)
        assert table.over.wait(LIMIT)
        assert last.result == table.result == replay_log(host.session.log()).result()
        guest.close()
        until(lambda: host.status().seats[1].stand_in, what="a computer in the seat")


@pytest.mark.slow
def test_guests_on_one_shared_loop_each_play_their_whole_game():
    """Many guests in one process (a benchmark's players) may share one network loop
    (link.SharedLoop), as a worker's hosts do: each plays its own game to its end, and
    closing one leaves the other playing."""
    from game.net.link import SharedLoop

    shared = SharedLoop("test-guests")
    try:
        with hosting("briscola", seed=4) as (first, one), hosting("bisca", seed=5) as (second, two):
            guests = [join(host.status().direct_code, name=name, shared=shared)
                      for host, name in ((first, "Anna"), (second, "Bruno"))]
            assert all(guest.wait_connected(5) for guest in guests)
            last = play(guests[0])
            guests[0].close()
            assert one.over.wait(LIMIT) and last.result == one.result
            last = play(guests[1])
            assert two.over.wait(LIMIT) and last.result == two.result
            guests[1].close()
    finally:
        shared.close()


def test_a_seat_waits_for_its_guest_before_a_computer_stands_in_when_the_host_says_so():
    """A table the service deals (its computers move at once) gives a guest whose link
    dropped ``stand_in_after`` seconds to come back before a computer plays its seat."""
    with hosting("briscola", seed=4, stand_in_after=60.0) as (host, _):
        guest = join(host.status().direct_code, name="Anna")
        assert guest.wait_connected(5)
        until(lambda: host.status().seats[1].present, what="Anna at the table")
        guest.close()
        until(lambda: not host.status().seats[1].present, what="Anna gone")
        assert not host.status().seats[1].stand_in and not host.session.standing_in(1)


def test_a_mistyped_code_says_so_without_touching_the_network():
    code = codes.direct_code("127.0.0.1", 1, 5)
    wrong = ("3" if code[4] != "3" else "4").join((code[:4], code[5:]))
    relay_code = codes.new_relay_code(codes.new_room()).text
    for text in (wrong, code[:11], "HELLO", relay_code[::-1] + "Z"):
        guest = RemoteClient(text, limits=QUICK)
        assert guest.state == LOST and guest.reason == "mistyped_code", text
    assert RemoteClient(relay_code, limits=QUICK).reason == "no_relay"


def test_nobody_at_the_address_is_unreachable():
    guest = join(codes.direct_code("127.0.0.1", 9, 5))
    assert not guest.wait_connected(5)
    assert guest.reason == "unreachable"


def wrong_code(code: str) -> str:
    """The same address and port with another password."""
    room = codes.parse(code)
    return codes.direct_code(room.address, room.port, (room.password + 1) % room.passwords)


@pytest.mark.slow
def test_a_wrong_code_is_known_in_one_round_trip_counted_and_the_host_goes_on():
    with hosting() as (host, table):
        assert host.wrong_codes == 0
        stranger = join(wrong_code(host.status().direct_code))
        assert not stranger.wait_connected(5) and stranger.reason == "wrong_code"
        until(lambda: host.wrong_codes == 1, what="the wrong code counted")
        assert host.status().wrong_codes == 1 and host.status().state == WAITING
        finish(host, table, host.status().direct_code)


@pytest.mark.slow
def test_wrong_codes_are_slowed_and_never_lock_the_friend_out():
    """The friend shares the address of the stranger who tried wrong codes (127.0.0.1):
    each wrong code makes the room wait longer, yet the right code gets in."""
    with hosting(delay=0.01) as (host, table):
        code = host.status().direct_code
        for _ in range(6):
            assert join(wrong_code(code)).wait_connected(5) is False
        until(lambda: host.wrong_codes == 6)
        assert host._room_guesses.tries(ROOM) == 6
        assert host._room_guesses.gap(6) == QUICK.guess_most, "the backoff at its most"
        assert host.status().problem is None, "no lock, nothing to fix"
        crowd = [Raw(host.status().port) for _ in range(6)]
        for raw in crowd:                        # in parallel: they wait in line for turns
            raw.say(json.loads(encode(Pake(bytes(33)))))
        reasons = [raw.msg(timeout=5).get("reason", "answered") for raw in crowd]
        assert "slow_down" in reasons, reasons
        for raw in crowd:
            raw.close()
        finish(host, table, code)


@pytest.mark.slow
def test_the_rooms_guesses_are_slowed_across_addresses_and_the_host_is_told():
    """Twenty addresses, two wrong codes each, all at once: each address on a clean slate
    would let both straight in (40 answers); the room's budget, one address's turns
    whoever makes them, answers its free few and makes the rest wait in line."""
    with hosting() as (host, table):
        code = host.status().direct_code
        secret = codes.parse(wrong_code(code)).secret
        assert not host.status().guessing
        with ThreadPoolExecutor(len(MANY_CLIENTS) * 2) as pool:
            outcomes = list(pool.map(lambda source: guess(host.status().port, secret, source),
                                     MANY_CLIENTS * 2))
        assert "waited" in outcomes and outcomes.count("answered") < len(MANY_CLIENTS), \
            outcomes
        until(lambda: host.status().guessing, what="the host told")
        finish(host, table, code)


@pytest.mark.slow
def test_a_friend_joining_while_twenty_addresses_guess_gets_one_of_the_rooms_next_turns():
    """Twenty addresses try wrong codes again and again, each asking for the room's turns
    as fast as it is turned away; a friend at a twenty-first address, joining for the
    first time (no seat key to pass with), tries again as its program does and gets in."""
    with hosting(delay=0.01) as (host, table):
        code = host.status().direct_code
        port, secret = host.status().port, codes.parse(wrong_code(code)).secret
        with guessers(port, secret, MANY_CLIENTS):
            until(lambda: host.wrong_codes >= 2 * TOGETHER, timeout=LIMIT,
                  what="the room's free start spent")
            friend = join(code, limits=replace(QUICK, reconnect_for=LIMIT))
            assert friend.wait_connected(LIMIT), friend.reason
        last = play(friend)
        assert table.over.wait(LIMIT) and last.result == table.result


@dataclass
class Door:
    """A host's door a stranger guesses at: ``port`` and ``room`` (through a relay) to
    knock at, a wrong ``secret``, a guest's options to ``reach`` the host, and the
    turns charged where that door keeps them."""

    host: Host
    table: Table
    code: str
    port: int
    room: Optional[str]
    secret: bytes
    reach: dict
    turns: Callable[[], int]


@contextmanager
def door(way: str) -> Iterator[Door]:
    """A host at its own door (``way`` ``direct``) or behind a relay in this process."""
    with relay_here() as (relay, relay_port), \
            hosting(delay=0.01, **({} if way == "direct" else
                                   {"listen": None, "relay": ("127.0.0.1", relay_port)})) \
            as (host, table):
        status = host.status()
        code = status.direct_code or status.relay_code
        if way == "direct":
            yield Door(host, table, code, status.port, None,
                       codes.parse(wrong_code(code)).secret, {},
                       lambda: host._room_guesses.tries(ROOM))
        else:
            room = codes.parse(code).room
            yield Door(host, table, code, relay_port, room, b"relay:WRONGPW",
                       {"relay": ("127.0.0.1", relay_port)},
                       lambda: relay.guesses.tries(f"127.0.0.1 {room}"))


@pytest.mark.slow
@pytest.mark.parametrize("way", ["direct", "relay"])
def test_a_friend_coming_back_passes_a_guessers_queue_at_its_own_address(way):
    """A stranger at the friend's own address (127.0.0.1) tries wrong codes on 8
    connections, again and again, keeping the line of attempts at the room full, at the
    host or at the relay: the friend, whose link drops meanwhile, comes back at once on
    its seat key's pass, before any of them."""
    with door(way) as at:
        friend = join(at.code, **at.reach)
        assert friend.wait_connected(5) and friend.seat == 1
        with guessers(at.port, at.secret, (None,) * 8, at.room):
            until(lambda: at.turns() >= 8, timeout=LIMIT, what="the stranger's turns taken")
            at.host._net.call(at.host._remote[1].peer.close)    # the friend's link drops
            until(lambda: friend.reconnects >= 1 and friend.state == CONNECTED,
                  timeout=LIMIT, what="the friend back")
            assert at.turns() >= 8, "the stranger still waits"
        last = play(friend)
        assert at.table.over.wait(LIMIT) and last.result == at.table.result


@pytest.mark.slow
@pytest.mark.parametrize("way", ["direct", "relay"])
def test_a_first_time_friend_at_a_guessers_own_address_is_seated_in_its_turn(way):
    """Nobody is ever locked out: a stranger at the friend's own address (127.0.0.1)
    tries wrong codes on 8 connections at once, again and again, at the host or at the
    relay; the friend, joining for the first time (no seat key to pass with), waits in
    the line of attempts and is seated in its turn, not turned away until it gives up."""
    with door(way) as at:
        with guessers(at.port, at.secret, (None,) * 8, at.room):
            until(lambda: at.host.wrong_codes >= 2 * TOGETHER, timeout=LIMIT,
                  what="the room's free start spent")
            friend = join(at.code, **at.reach)
            assert friend.wait_connected(2 * LIMIT), friend.reason      # 8 turns, then its
            assert friend.seat == 1
        last = play(friend)
        assert at.table.over.wait(LIMIT) and last.result == at.table.result


@pytest.mark.slow
def test_guests_through_the_relay_never_go_before_a_direct_friend_without_end():
    """A host with both doors: strangers at twenty addresses guess through the relay (the
    host sees no address of theirs) while one guesses at the direct door from the
    friend's own address, which the room has served; the friend, joining there for the
    first time, has its turn between the relay's, not after all of them."""
    with relay_here() as (relay, relay_port), \
            hosting(delay=0.01, relay=("127.0.0.1", relay_port)) as (host, table):
        status = host.status()
        room = codes.parse(status.relay_code).room
        direct = status.direct_code
        with guessers(relay_port, b"relay:WRONGPW", MANY_CLIENTS, room), \
                guessers(status.port, codes.parse(wrong_code(direct)).secret, (None,)):
            until(lambda: host.wrong_codes >= 2 * TOGETHER, timeout=LIMIT,
                  what="the room's free start spent")
            friend = join(direct)
            assert friend.wait_connected(2 * LIMIT), friend.reason
            assert friend.seat == 1
        last = play(friend)
        assert table.over.wait(LIMIT) and last.result == table.result


@pytest.mark.slow
def test_a_dropped_friend_comes_back_to_their_seat_and_nobody_else_gets_it():
    with hosting("bocce", seed=9, delay=0.01) as (host, table):
        code = host.status().direct_code
        friend = join(code)
        assert friend.wait_connected(5) and friend.seat == 1
        table.thinking.set()                     # the game waits while we look
        friend.close()                           # gone for now: a computer keeps the seat
        until(lambda: host.status().seats[1].stand_in)
        stranger = join(code)                    # knows the code, not the seat's key
        assert not stranger.wait_connected(5) and stranger.reason == "room_full"
        forger = Raw(host.status().port)         # claims the seat with a key of its own
        forger.handshake(code)
        forger.send(encode(Hello("Eve", 1, bytes(32))))
        assert forger.expect("error")["reason"] == "room_full" and forger.closed()
        back = join(code, resume=friend.seat_key)
        assert back.wait_connected(5) and back.seat == 1
        until(lambda: not host.status().seats[1].stand_in, what="the friend back")
        table.thinking.clear()
        last = play(back)
        assert table.over.wait(LIMIT) and last.result == table.result


@contextmanager
def spake2_runs(monkeypatch) -> Iterator[list[str]]:
    """The SPAKE2 runs made meanwhile, by either side (a way back by a seat key makes
    none)."""
    runs: list[str] = []

    class Counted(Handshake):
        def __init__(self, secret: bytes, side: str) -> None:
            runs.append(side)
            super().__init__(secret, side)
    monkeypatch.setattr(client_module, "Handshake", Counted)
    monkeypatch.setattr(admission_module, "Handshake", Counted)
    yield runs


@pytest.mark.slow
@pytest.mark.parametrize("way", ["direct", "relay"])
def test_a_guest_back_with_its_seat_key_gets_its_seat_and_the_same_view_without_spake2(
        way, monkeypatch):
    """The way back (secure.SeatBack): a guest whose link drops comes back by its seat key
    alone, no SPAKE2 on either side, to its own seat and the game as it stands; what the
    seat receives, before and after, holds the twin worlds (no card hidden from it)."""
    with relay_here() as (_, relay_port), \
            hosting("briscola", seed=5, delay=0.01,
                    relay=("127.0.0.1", relay_port) if way == "relay" else None) as (host, table):
        status = host.status()
        reach = {"relay": ("127.0.0.1", relay_port)} if way == "relay" else {}
        lines: list[bytes] = []
        guest = join(status.relay_code if way == "relay" else status.direct_code,
                     trace=lines.append, **reach)
        assert guest.wait_connected(5) and guest.seat == 1
        auto = Autoplayer(guest, "random", 3)
        until(lambda: auto.step() or host.session.version >= 4, timeout=LIMIT,
              what="a few moves")
        with spake2_runs(monkeypatch) as runs:
            table.thinking.set()                     # the game waits while we look
            guest.poll()
            host._net.call(host._remote[1].peer.close)
            until(lambda: guest.reconnects == 1 and guest.state == CONNECTED,
                  timeout=LIMIT, what="the guest back")
            assert runs == [] and guest.seat == 1 and host.wrong_codes == 0
            until(lambda: not host.status().seats[1].stand_in, what="its seat given back")
            back: list[Update] = []
            until(lambda: back.extend(m for m in guest.poll() if isinstance(m, Update))
                  or any(not update.events for update in back), what="the game as it stands")
            as_it_stands = host.session.watch(1).drain()[-1]
            assert back[-1].view == as_it_stands.view
            table.thinking.clear()
            last = play(guest)
        assert table.over.wait(LIMIT) and last.result == table.result
        log = host.session.log()
        assert check_twin_lines(log, 1, lines, random.Random(5)) > 1


@pytest.mark.slow
def test_a_way_back_by_a_key_the_room_does_not_hold_is_a_wrong_code_and_gets_no_seat():
    """A way back by a key the host does not hold (another room's seat key, or any key)
    is refused ``wrong_code`` and counted as one, after a turn in the room's line as any
    unproven attempt; a client given such a key proves the code by SPAKE2 next, and finds
    the room full: the seat stays its guest's."""
    with hosting("bocce", seed=9, delay=0.01) as (other, _), \
            hosting("bocce", seed=9, delay=0.01) as (host, table):
        elsewhere = join(other.status().direct_code)
        assert elsewhere.wait_connected(5) and elsewhere.seat_key is not None
        code = host.status().direct_code
        friend = join(code)
        assert friend.wait_connected(5) and friend.seat == 1
        for key in (elsewhere.seat_key.key, bytes(32)):
            raw = Raw(host.status().port)
            with pytest.raises(AssertionError):
                raw.back(key)
            raw.close()
        until(lambda: host.wrong_codes == 2, what="both counted as wrong codes")
        table.thinking.set()
        friend.close()
        until(lambda: host.status().seats[1].stand_in)
        impostor = join(code, resume=SeatKey(1, elsewhere.seat_key.key))
        assert not impostor.wait_connected(LIMIT) and impostor.reason == "room_full"
        assert host.wrong_codes == 3 and impostor.seats.unknown == elsewhere.seat_key.key
        assert host.status().seats[1].stand_in


@pytest.mark.slow
def test_a_replayed_way_back_opens_nothing():
    """A way back recorded whole (its first line and its confirmation) and sent again on
    a new connection: the host answers with a fresh key of its own, so the recorded
    confirmation does not confirm: a wrong code, no channel, the seat its guest's."""
    with hosting("bocce", seed=9, delay=0.01) as (host, table):
        port = host.status().port
        raw = Raw(port)
        raw.hello(host.status().direct_code)
        key = raw.seat_key
        assert key is not None and key.seat == 1
        raw.close()
        until(lambda: host.status().seats[1].stand_in)
        friend = Raw(port)
        friend.back(key.key)
        friend.send(encode(Hello("Raw", 1, seat_proof(key.key, friend.keys.binding))))
        assert friend.expect("welcome")["seat"] == 1
        replayer = Raw(port)
        replayer.back(key.key, replay=friend.sent_back)
        assert replayer.expect("error")["reason"] == "wrong_code" and replayer.closed()
        assert host.wrong_codes == 1
        friend.send(PING + b"\n")
        assert not host.status().seats[1].stand_in, "the seat stays its guest's"


@pytest.mark.slow
@pytest.mark.parametrize("field", [{"protocol": PROTOCOL + 1}, {"game": "0.0.0-other"}])
def test_a_wrong_version_gets_a_clear_error(field):
    with hosting() as (host, table):
        raw = Raw(host.status().port)
        first = json.loads(encode(Pake(bytes(33))))
        raw.say({**first, **field})
        error = raw.expect("error")
        assert error["reason"] == "wrong_version" and error["fatal"]
        assert "protocol" in error["detail"] and raw.closed()
        finish(host, table, host.status().direct_code)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Ma\x00rco", "\ud800", "x" * (MAX_NAME + 1)])
def test_a_hello_whose_name_is_not_one_is_refused_and_the_seat_stays_free(name):
    with hosting() as (host, table):
        raw = Raw(host.status().port)
        raw.handshake(host.status().direct_code)        # the name comes in the sealed hello
        raw.say({"type": "hello", "name": name})
        error = raw.expect("error")
        assert error["reason"] == "bad_field" and error["fatal"] and raw.closed()
        assert all(name not in seat.name for seat in host.status().seats)
        finish(host, table, host.status().direct_code)


def test_a_guest_of_another_version_hears_wrong_version(monkeypatch):
    with hosting() as (host, table):
        monkeypatch.setattr(client_module, "GAME_VERSION", "99.0")
        guest = join(host.status().direct_code)
        assert not guest.wait_connected(5) and guest.reason == "wrong_version"


@pytest.mark.slow
def test_a_third_player_finds_the_room_full():
    with hosting(delay=0.005) as (host, table):
        code = host.status().direct_code
        friend = join(code)
        assert friend.wait_connected(5)
        third = join(code)
        assert not third.wait_connected(5) and third.reason == "room_full"
        last = play(friend)
        assert table.over.wait(LIMIT) and last.result == table.result


@pytest.mark.slow
@pytest.mark.parametrize("first", [b"\x00\xff\xfe garbage\n", b"[1, 2]\n", b"{}\n",
                                   b'{"type": "submit", "seat": 1, "action": "draw"}\n',
                                   b"x" * (MAX_GUEST_LINE + 10) + b"\n"])
def test_a_stranger_who_does_not_say_hello_first_is_told_and_closed(first):
    with hosting() as (host, table):
        raw = Raw(host.status().port)
        raw.send(first)
        error = raw.expect("error")
        assert error["fatal"] and error["reason"] in ("bad_line", "unknown_type", "unexpected",
                                                      "too_long")
        assert raw.closed()
        finish(host, table, host.status().direct_code)


@pytest.mark.slow
def test_bad_lines_get_error_replies_and_repeated_abuse_closes_the_connection():
    with hosting(delay=0.002) as (host, table):
        raw = Raw(host.status().port)
        welcome = raw.hello(host.status().direct_code)
        assert welcome["seat"] == 1
        replies = []
        for bad in (b"\x00\xff garbage", b"[]", b'{"type": "nonsense"}',
                    b'{"type": "submit", "seat": "1", "action": "draw"}',
                    b'{"type": "submit", "seat": 1, "action": "no:such:thing:here"}',
                    b'{"type": "update", "seat": 1}', b"!what",
                    b"y" * (MAX_GUEST_LINE * 3)):
            raw.send(bad + b"\n")
            replies.append(raw.expect("error"))
        reasons = [r["reason"] for r in replies]
        assert reasons[:6] == ["bad_line", "bad_line", "unknown_type", "bad_field", "bad_field",
                               "unexpected"], reasons
        assert reasons[7] == "too_long" and not any(r["fatal"] for r in replies[:7])
        for _ in range(20):
            raw.send(b"garbage\n")
        assert raw.closed(), "out of strikes"
        until(lambda: host.status().seats[1].stand_in)
        finish(host, table, host.status().direct_code, resume=raw.seat_key)


@pytest.mark.slow
def test_out_of_turn_illegal_and_other_seats_actions_are_refused_with_reasons():
    with hosting("briscola", seed=2, delay=0.05) as (host, table):
        raw = Raw(host.status().port)
        raw.hello(host.status().direct_code)
        update = raw.expect("update")
        assert 1 not in update["to_act"], "seed 2: seat 0 leads"
        raw.say({"type": "submit", "seat": 1, "action": "play:Ad", "version": None})
        out_of_turn = raw.expect("refused")
        raw.say({"type": "submit", "seat": 0, "action": "play:Ad"})
        other_seat = raw.expect("refused")
        raw.say({"type": "submit", "seat": 1, "action": "trump::x", "probe": True})
        probe = raw.expect("refused")
        assert out_of_turn["reason"]["key"].startswith(("engine.", "briscola."))
        assert other_seat["reason"]["key"] == "engine.not_your_seat"
        assert probe["probe"] is True
        assert host.session.state.history == [] or all(
            seat != 1 for seat, _ in host.session.state.history), "nothing was applied"
        raw.close()
        until(lambda: host.status().seats[1].stand_in)
        finish(host, table, host.status().direct_code, resume=raw.seat_key)


@pytest.mark.slow
def test_a_guest_gets_refusals_and_plays_on():
    with hosting("bocce", seed=6) as (host, table):
        guest = join(host.status().direct_code)
        assert guest.wait_connected(5)
        polled = until(guest.poll, what="the opening deal")
        first = polled[0]
        assert isinstance(first, Update) and first.version == 0 and first.my_turn
        guest.submit(Action("draw"))                        # the lag comes first
        guest.submit(first.legal[0], version=7)             # a position never seen
        me = Autoplayer(guest, "random", 3)
        me.latest = polled[-1]
        until(lambda: me.step() or len(me.refusals) == 2)
        reasons = [r.reason.key for r in me.refusals]
        assert reasons[0].startswith("bocce.") and reasons[1] == "engine.moved_on", reasons
        last = me.play(LIMIT)
        assert table.over.wait(LIMIT) and last.result == table.result


@pytest.mark.slow
def test_a_flood_closes_the_flooder_and_the_game_goes_on():
    with hosting("bocce", seed=8, delay=0.002) as (host, table):
        raw = Raw(host.status().port)
        raw.hello(host.status().direct_code)
        flood = b"".join(b'{"type":"submit","seat":1,"action":"draw","probe":true}\n'
                         for _ in range(5000))
        for _ in range(4):
            raw.send(flood)
        assert raw.closed(10)
        until(lambda: host.status().seats[1].stand_in)
        finish(host, table, host.status().direct_code, resume=raw.seat_key)


def silent_for(caplog: pytest.LogCaptureFixture) -> bool:
    """Whether a link said it heard nothing for ``dead_after`` (game/net/link.py), or its
    channel that it opened no sealed line for as long (game/net/secure.py)."""
    return any("silent for" in r.getMessage() and r.name == "game.net.link" or
               "no sealed line" in r.getMessage() and r.name == "game.net.secure"
               for r in caplog.records)


@pytest.mark.slow
def test_a_silent_connection_is_dropped_and_does_not_stall_the_game():
    """The game is played to its end beside a connection that never says hello, which
    is then closed for that reason (the reason, not a stopwatch, says why it went)."""
    with hosting("briscola", seed=3) as (host, table):
        silent = Raw(host.status().port)
        finish(host, table, host.status().direct_code)
        error = silent.expect("error", timeout=LIMIT)
        assert error["reason"] == "hello_timeout" and silent.closed()


@pytest.mark.slow
def test_a_guest_that_falls_silent_is_found_by_the_heartbeat(caplog):
    """A guest that sends nothing more, not even pongs, while its connection stays open:
    the host's link says it was silent for ``dead_after`` (the heartbeat found it, not the
    connection's end) and a computer stands in."""
    caplog.set_level(logging.INFO, logger="game.net.link")
    with hosting(delay=0.01) as (host, table):
        raw = Raw(host.status().port)
        raw.hello(host.status().direct_code)
        until(lambda: host.status().seats[1].present)
        until(lambda: host.status().seats[1].stand_in)
        assert silent_for(caplog)
        finish(host, table, host.status().direct_code, resume=raw.seat_key)


@pytest.mark.slow
def test_a_guest_whose_cable_is_cut_comes_back_with_its_seat():
    with hosting("bocce", seed=9, delay=0.01) as (host, table):
        guest = join(host.status().direct_code)
        assert guest.wait_connected(5)
        until(lambda: guest.poll() or True)
        time.sleep(0.2)
        guest._net.call(lambda: guest._link.abort())
        until(lambda: guest.reconnects == 1 and guest.state == CONNECTED, what="reconnected")
        assert guest.seat == 1
        last = play(guest)
        assert table.over.wait(LIMIT)
        assert last.result == table.result == replay_log(host.session.log()).result()


@pytest.mark.slow
@contextmanager
def fake_host(serve) -> Iterator[str]:
    """A hand-made host on 127.0.0.1 whose every connection ``serve`` (reader, writer,
    channel, binding) takes once SPAKE2 with password 1 is done (or the way back by the
    seat key of one of its connections); the direct code that reaches it."""
    secret = codes.DirectCode("127.0.0.1", 1, 1).secret
    held: list[bytes] = []                  # the seat keys of its connections

    async def handshake(reader, writer):
        pake = decode((await reader.readline()).rstrip(b"\n"), (Pake,))
        if pake.back:                       # a guest back by its seat key
            way = SeatBack(HOST)
            key = next(key for key in held if seat_pass(key, pake.back) == pake.kept)
            keys = way.finish(key, pake.back)
            writer.write(encode(Pake(b"", keys.mine, back=way.message)))
        else:
            handshake = Handshake(secret, HOST)
            keys = handshake.finish(pake.msg)
            held.append(keys.seat_key)
            writer.write(encode(Pake(handshake.message, keys.mine)))
        decode((await reader.readline()).rstrip(b"\n"), (Confirm,))
        await serve(reader, writer, keys.channel(), keys.binding)

    loop = asyncio.new_event_loop()
    server = loop.run_until_complete(asyncio.start_server(handshake, "127.0.0.1", 0))
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield codes.direct_code("127.0.0.1", server.sockets[0].getsockname()[1], 1)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        server.close()
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.run_until_complete(asyncio.sleep(0.05))
        loop.close()


def bocce_welcome(channel) -> bytes:
    """A fake host's welcome to seat 1 of a Bocce for two, sealed."""
    setup = GameSetup("bocce", (SeatSpec(REMOTE), SeatSpec(HUMAN)), {}, None)
    return channel.seal(encode(Welcome(1, setup, ("", "")))[:-1]) + b"\n"


@pytest.mark.parametrize("bad", [{"rooms": ["FHHY-FNCH-D5SU"]}, {"rooms": []},
                                 {"rooms": ["ab" * 32] * 5}, {"rooms": "ab" * 32}])
def test_a_malformed_rooms_line_before_the_hello_gets_an_error_reply_and_loses_nothing(
        tmp_path, bad):
    """The host's first sealed line names its codes by digest; one that is not valid is
    answered with an error (as at the table), and the guest comes in as one with no key
    kept for the room: the keys it keeps stay, none is offered."""
    kept = KeptSeats(tmp_path / "seats.json")
    kept.keep("FHHY-FNCH-D5SU", SeatKey(1, b"\x09" * 32), ("ab" * 32,))
    file = (tmp_path / "seats.json").read_text()
    heard: list[dict] = []

    async def serve(reader, writer, channel, _binding):
        writer.write(channel.seal(json.dumps({"type": "rooms", **bad}).encode()) + b"\n")
        for _ in range(2):                                   # the error, then the hello
            heard.append(json.loads(channel.open((await reader.readline()).rstrip(b"\n"))))
        writer.write(bocce_welcome(channel))
        await asyncio.sleep(5)

    with fake_host(serve) as code:
        guest = join(code, find_seat=kept.find)
        assert guest.wait_connected(5), guest.reason
        assert heard[0]["type"] == "error" and heard[0]["reason"] == "bad_field"
        assert not heard[0]["fatal"]
        assert heard[1]["type"] == "hello" and "proof" not in heard[1]
        assert guest.offered is None and (tmp_path / "seats.json").read_text() == file
        guest.close()


@pytest.mark.parametrize("proves", [False, True])
def test_a_host_naming_another_rooms_digest_without_its_key_is_offered_nothing(
        tmp_path, proves):
    """A host that sat in another room knows its digest and names it before the hello:
    the guest kept a key under it, but offers it only if the host proves it holds it
    (``holds``, bound to this connection).  Unproven, the hello claims no seat and the
    guest, turned away, has offered nothing to forget: the key stays on disk for its own
    room.  Proven (the host does hold it), it is offered as before."""
    kept = KeptSeats(tmp_path / "seats.json")
    theirs = SeatKey(2, bytes(range(32)))
    kept.keep("FHHY-FNCH-D5SU", theirs)
    elsewhere, file = codes.room_digest("FHHY-FNCH-D5SU"), (tmp_path / "seats.json").read_text()
    hellos: list[tuple[dict, bytes]] = []

    async def serve(reader, writer, channel, binding):
        held = theirs.key if proves else bytes([5]) * 32
        named = Rooms((elsewhere, "ab" * 32), (host_proof(held, binding).hex(),))
        writer.write(channel.seal(encode(named)[:-1]) + b"\n")
        hellos.append((json.loads(channel.open((await reader.readline()).rstrip(b"\n"))),
                       binding))
        writer.write(channel.seal(encode(Error("room_full", "", True))[:-1]) + b"\n")

    with fake_host(serve) as code:
        guest = join(code, find_seat=kept.find)
        until(lambda: guest.state == LOST, what="turned away")
        assert guest.reason == "room_full" and hellos
        if proves:
            assert guest.offered == theirs
            proofs = [base64.b64encode(seat_proof(theirs.key, b)).decode() for _, b in hellos]
            assert [(h["seat"], h["proof"]) for h, _ in hellos] == [(2, p) for p in proofs]
        else:
            assert guest.offered is None
            assert all("seat" not in h and "proof" not in h for h, _ in hellos)
            assert (tmp_path / "seats.json").read_text() == file
            assert kept.find((elsewhere,)) == theirs, "its own room's key is kept"
        guest.close()


def test_a_guest_notices_a_host_that_falls_silent(caplog):
    """A fake host welcomes the guest, then says nothing: within dead_after the guest
    knows the link is dead and gets back in (to the same fake host)."""
    caplog.set_level(logging.INFO, logger="game.net.link")

    async def serve(reader, writer, channel, _binding):
        writer.write(channel.seal(encode(Rooms(("ab" * 32,)))[:-1]) + b"\n")
        channel.open((await reader.readline()).rstrip(b"\n"))          # the hello
        writer.write(bocce_welcome(channel))
        await asyncio.sleep(30)

    with fake_host(serve) as code:
        guest = join(code)
        assert guest.wait_connected(5)
        # the fake host keeps its connection open for 30 s: a reconnection before then,
        # with the link saying it was silent, is the heartbeat's
        until(lambda: guest.reconnects == 1, timeout=LIMIT)
        assert silent_for(caplog)
        guest.close()


@pytest.mark.slow
def test_a_guest_notices_a_host_whose_sealed_lines_stop_though_its_pings_go_on(caplog):
    """An attacker on the path passes the clear heartbeats and drops every sealed line: the
    TCP connection looks alive, the channel does not; the guest closes it within
    dead_after and gets back in."""
    async def serve(reader, writer, channel, _binding):
        writer.write(channel.seal(encode(Rooms(("ab" * 32,)))[:-1]) + b"\n")
        channel.open((await reader.readline()).rstrip(b"\n"))          # the hello
        writer.write(bocce_welcome(channel))
        for _ in range(300):
            writer.write(PING + b"\n")
            await asyncio.sleep(0.1)

    with fake_host(serve) as code:
        guest = join(code)
        assert guest.wait_connected(5)
        until(lambda: guest.reconnects == 1, timeout=LIMIT)
        assert any("no sealed line" in r.getMessage() for r in caplog.records)
        guest.close()


def test_when_the_host_quits_the_guest_is_told_at_once():
    with hosting("briscola", delay=0.05) as (host, table):
        guest = join(host.status().direct_code)
        assert guest.wait_connected(5)
        time.sleep(0.1)
        table.stop()
        host.close()
        until(lambda: guest.state == LOST, timeout=2)
        assert guest.reason == "host_left", "the host said goodbye: it left, it is not unreachable"
        guest.poll()
        guest.submit(Action("claim"))
        refused = guest.poll()
        assert len(refused) == 1 and refused[0].reason.key == "net.offline"
        reason = refused[0].reason
        assert reason_words("en", reason.key, reason.params) == \
            "Not connected right now: that move was not sent."


def test_a_host_needs_a_remote_seat_and_a_door():
    with pytest.raises(ValueError):
        Host(GameSetup.solo("bocce"), listen="127.0.0.1")
    with pytest.raises(ValueError):
        Host(GameSetup("bocce", (SeatSpec(HUMAN), SeatSpec(REMOTE))))


def test_the_host_asks_no_hint_while_a_friend_plays():
    """Hard's hint is the host's alone to ask (a guest has no world to search): with a
    friend at the table it is nobody's; in a room nobody came to, the host keeps it."""
    with hosting() as (host, table):
        guest = join(host.status().direct_code, name="Anna")
        assert guest.wait_connected(5)
        until(lambda: host.client is not None, what="the game begun")
        assert not host.client.advises and not guest.advises
        guest.close()
        until(lambda: host.status().seats[1].stand_in, what="a computer in the seat")
        assert not host.client.advises, "a friend away still plays this game"
    with hosting(wait_for_guest=False) as (host, table):
        until(lambda: host.client is not None, what="the game begun")
        assert host.client.advises


def test_the_welcome_names_every_code_of_the_room_by_its_digest():
    """A guest keeps its seat's key under each of the room's codes, so that it comes back
    by either; the host names them one way (a digest), never the codes themselves."""
    from tests.game.net.helpers import relay_here

    with relay_here() as (relay, port):
        with hosting(relay=("127.0.0.1", port)) as (host, table):
            until(lambda: host.status().relay_code is not None, what="the relay's code")
            status = host.status()
            guest = join(status.direct_code, name="Anna")
            assert guest.wait_connected(5), guest.reason
            assert set(guest.rooms) == {codes.room_digest(status.direct_code),
                                        codes.room_digest(status.relay_code)}
            guest.close()


@contextmanager
def friends_room(**options) -> Iterator[Host]:
    """A host at seat 0 of Briscola with one open seat, started by the test (the host's
    own seat never moves: the game waits for it, whoever comes and goes)."""
    host = Host(hosted_setup("briscola", 0, [1], "random", 5), name="Marco", listen="127.0.0.1",
                port=0, paced=False, limits=QUICK, stand_in="random", autostart=False,
                **options).start()
    try:
        assert host.wait_ready(5.0)
        yield host
    finally:
        host.close()


def test_a_kept_seat_follows_a_relay_code_opened_after_the_guest_sat(tmp_path):
    """Who joined by the direct code came back by a relay code the host opened later (in
    the middle of the game) to 'That game already has all its players' while a computer
    kept its seat: its welcome had named only the codes open then.  The host tells its
    seated guests of each code it opens (``rooms``), and the key kept on disk follows."""
    kept = KeptSeats(tmp_path / "seats.json")
    with relay_here() as (_, port), friends_room() as host:
        code = host.status().direct_code

        told: list[SeatKey] = []

        def keep(seat_key: SeatKey) -> None:
            told.append(seat_key)
            kept.keep(code, seat_key, guest.rooms)            # as scenes/net/guest.py does

        guest = join(code, name="Anna", on_seat=keep)
        until(lambda: guest.state == "waiting", what="Anna in the waiting room")
        assert host.begin()
        assert guest.wait_connected(5), guest.reason
        seat = guest.seat
        assert seat == 1 and kept.get(code) == guest.seat_key
        assert host.status().relay_code is None
        assert host.open_relay(("127.0.0.1", port))
        relay_code = until(lambda: host.status().relay_code, what="the relay's code")
        until(lambda: kept.get(relay_code) is not None, what="the key kept by the relay's code")
        assert set(guest.rooms) == {codes.room_digest(code), codes.room_digest(relay_code)}
        assert relay_code not in (tmp_path / "seats.json").read_text()
        assert len(told) == 2, "the welcome, then the news of the relay's code"
        guest._rooms_opened(Rooms(tuple(guest.rooms)))      # the same news again (a host's
        assert len(told) == 2, "written once"               # lines cost the guest no writes)
        guest.close()                       # the program closes: a computer keeps it warm
        until(lambda: host.status().seats[seat].stand_in, what="a computer in Anna's seat")
        back = join(relay_code, name="Anna", relay=("127.0.0.1", port),
                    resume=kept.get(relay_code))
        assert back.wait_connected(5), back.reason
        assert back.seat == seat
        until(lambda: not host.status().seats[seat].stand_in, what="Anna back in her seat")
        back.close()


def test_a_room_opens_one_relay_door_and_may_try_again_when_it_was_not_reached():
    with friends_room() as host:
        assert host.open_relay(("127.0.0.1", 9))                # nobody listens there
        until(lambda: host.status().problem == "relay_unreachable", what="the relay missed")
        with relay_here() as (_, port):
            assert host.open_relay(("127.0.0.1", port))
            until(lambda: host.status().relay_code, what="the relay's code")
            assert host.status().problem is None
            assert not host.open_relay(("127.0.0.1", port)), "one relay door a room"


def test_a_relay_code_opened_at_last_clears_the_relays_last_refusal():
    """Refused by a full relay, then opened through another: the pause menu showed the
    new code and "the relay is full" together."""
    with friends_room() as host:
        with relay_here(max_rooms=0) as (_, full):
            assert host.open_relay(("127.0.0.1", full))
            until(lambda: host.status().problem == "relay_full", what="the full relay's no")
        with relay_here() as (_, port):
            assert host.open_relay(("127.0.0.1", port))
            until(lambda: host.status().relay_code, what="the relay's code")
            assert host.status().problem is None


def test_only_a_seated_guest_hears_the_rooms_codes_by_digest_after_its_hello():
    """A spectator keeps no seat key: neither its welcome nor the news of a code opened
    later names the room's codes, even one way; it heard them once, as every guest that
    proved the code does, before its hello."""
    with relay_here() as (_, port), friends_room(spectators=True) as host:
        code = host.status().direct_code
        lines: list[bytes] = []
        vera = join(code, name="Vera", watch=True, trace=lines.append)
        # Vera in first: had Anna come in before, Vera's first line would prove Anna's key
        until(lambda: vera.state == "waiting", what="Vera in")
        anna = join(code, name="Anna")
        until(lambda: anna.state == "waiting", what="Anna in")
        assert host.begin()
        assert vera.wait_connected(5) and anna.wait_connected(5)
        assert anna.rooms == (codes.room_digest(code),) and vera.rooms == ()
        assert host.open_relay(("127.0.0.1", port))
        until(lambda: len(anna.rooms) == 2, what="Anna told of the relay's code")
        assert vera.rooms == ()
        # (the host's proofs beside them name Anna's key if she came in first: a race)
        assert [json.loads(line)["rooms"] for line in lines if b'"rooms"' in line] == \
            [[codes.room_digest(code)]], "before its hello alone"
        assert [json.loads(line)["dealer"] for line in lines if b'"rooms"' in line] == \
            ["Marco"], "the host's name, whose program deals"
        assert json.loads(lines[0])["type"] == "rooms"
        anna.close()
        vera.close()


def seated_then_closed(kept: KeptSeats, host: Host, relay_port: int) -> tuple[SeatKey, str]:
    """Anna joins ``host``'s room by its direct code, her key kept in ``kept`` as
    scenes/net/guest.py keeps it; the game starts; her program closes (a computer keeps her
    seat warm, the file stays); then the host opens a relay code, which her program never
    heard of.  Her seat's key, and the relay's code."""
    code = host.status().direct_code
    guest = join(code, name="Anna", find_seat=kept.find,
                 on_seat=lambda seat_key: kept.keep(code, seat_key, guest.rooms))
    until(lambda: guest.state == "waiting", what="Anna in the waiting room")
    assert host.begin()
    assert guest.wait_connected(5), guest.reason
    seat_key = guest.seat_key
    assert seat_key is not None and seat_key.seat == 1 and kept.get(code) == seat_key
    guest.close()
    until(lambda: host.status().seats[1].stand_in, what="a computer in Anna's seat")
    assert host.open_relay(("127.0.0.1", relay_port))
    relay_code = until(lambda: host.status().relay_code, what="the relay's code")
    assert kept.get(relay_code) is None, "nothing kept by a code her program never heard"
    return seat_key, relay_code


def test_a_guest_whose_program_was_closed_when_the_relay_code_opened_comes_back_by_it(
        tmp_path):
    """A friend who went home before the host opened a relay code came back by it to
    'That game already has all its players' while a computer kept the seat: the program
    had kept the key under the direct code alone.  The host names its room's codes by
    digest before the hello, and the key kept under the direct code's is found."""
    kept = KeptSeats(tmp_path / "seats.json")
    with relay_here() as (_, port), friends_room() as host:
        seat_key, relay_code = seated_then_closed(kept, host, port)
        again = KeptSeats(tmp_path / "seats.json")         # a fresh program, the same file
        back = join(relay_code, name="Anna", relay=("127.0.0.1", port), find_seat=again.find,
                    on_seat=lambda key: again.keep(relay_code, key, back.rooms))
        assert back.wait_connected(5), back.reason
        assert back.seat == 1 and back.offered == seat_key == back.seat_key
        until(lambda: not host.status().seats[1].stand_in, what="Anna back in her seat")
        until(lambda: again.get(relay_code) == seat_key, what="kept by the relay's code now")
        back.close()


def test_a_wrong_kept_key_or_another_rooms_gets_no_seat_and_learns_what_a_stranger_does(
        tmp_path, caplog):
    """By the relay's code: a stranger with the code, a guest whose file keeps a wrong key
    under the room's digest, and one whose file keeps keys of other rooms only (the right
    key among them) hear the very same lines, and none gets the seat; a key kept for
    another room is never offered, so this host learns nothing of the rooms a guest has
    been in; nor is the wrong key, which the host does not prove it holds (its proofs are
    bound to each connection: the same count to each).  The friend then takes the seat
    back."""
    kept = KeptSeats(tmp_path / "seats.json")
    with relay_here() as (_, port), friends_room() as host:
        seat_key, relay_code = seated_then_closed(kept, host, port)
        direct = codes.room_digest(host.status().direct_code)
        wrong = KeptSeats(tmp_path / "wrong.json")
        wrong.keep(relay_code, SeatKey(1, bytes(32)), (direct,))
        elsewhere = KeptSeats(tmp_path / "elsewhere.json")
        for n, other in enumerate(("FHHY-FNCH-D5SU", codes.new_relay_code("ABCD").text)):
            elsewhere.keep(other, SeatKey(n, seat_key.key if n else bytes([7]) * 32))

        def heard(finder: KeptSeats | None) -> tuple[RemoteClient, list[bytes]]:
            lines: list[bytes] = []
            client = join(relay_code, name="Eve", relay=("127.0.0.1", port), trace=lines.append,
                          find_seat=finder and finder.find)
            assert not client.wait_connected(5)
            return client, lines

        with caplog.at_level(logging.WARNING, logger="game.net.host"):
            (stranger, told), (forger, forged), (traveller, travelled) = \
                heard(None), heard(wrong), heard(elsewhere)
        assert [c.reason for c in (stranger, forger, traveller)] == ["room_full"] * 3

        def shape(lines: list[bytes]) -> list[dict]:
            said = [json.loads(line) for line in lines]
            return [{**obj, "holds": len(obj["holds"])} if "holds" in obj else obj
                    for obj in said]
        assert shape(told) == shape(forged) == shape(travelled) and len(told) == 2, \
            (told, forged, travelled)
        assert [obj["type"] for obj in shape(told)] == ["rooms", "error"]
        assert shape(told)[0]["holds"] == 1, "the host proves it holds the seat's key"
        assert forger.offered is None and traveller.offered is None
        claims = [r for r in caplog.records if "without its key" in r.getMessage()]
        assert not claims, "no key offered: neither the wrong one nor another room's"
        assert host.status().seats[1].stand_in, "the seat still kept for its friend"
        guesser = join(codes.new_relay_code(codes.parse(relay_code).room).text,
                       relay=("127.0.0.1", port), find_seat=kept.find)
        assert not guesser.wait_connected(5) and guesser.reason == "wrong_code"
        assert guesser.offered is None, "without the code, no digest named: no key offered"
        back = join(relay_code, name="Anna", relay=("127.0.0.1", port), find_seat=kept.find)
        assert back.wait_connected(5) and back.seat == 1, back.reason
        back.close()


def test_a_malformed_rooms_line_gets_an_error_reply_and_loses_nothing(tmp_path, caplog):
    """The guest answers a line it cannot take as the host answers a guest's (an error,
    not a crash); its link, its seat and its kept key are as they were."""
    kept = KeptSeats(tmp_path / "seats.json")
    with friends_room() as host:
        code = host.status().direct_code
        guest = join(code, name="Anna",
                     on_seat=lambda seat_key: kept.keep(code, seat_key, guest.rooms))
        until(lambda: guest.state == "waiting", what="Anna in the waiting room")
        assert host.begin()
        assert guest.wait_connected(5), guest.reason
        rooms, key, file = guest.rooms, guest.seat_key, (tmp_path / "seats.json").read_text()
        anna = next(g for g in host._guests.values() if g.seat == 1)
        with caplog.at_level(logging.DEBUG, logger="game.net.host"):
            for bad in ({"rooms": ["FHHY-FNCH-D5SU"]}, {"rooms": []}, {"rooms": "ab" * 32},
                        {"rooms": ["ab" * 32] * 5}):
                line = json.dumps({"type": "rooms", **bad}).encode() + b"\n"
                host._net.call(anna.peer.send, line)

            def replies() -> list[logging.LogRecord]:
                return [r for r in caplog.records if "could not take a line" in r.getMessage()]

            until(lambda: len(replies()) == 4, what="four error replies")
        assert all("bad_field" in r.getMessage() for r in replies())
        assert [r.levelno for r in replies()] == [logging.WARNING] + [logging.DEBUG] * 3, \
            "one warning a connection: a guest cannot fill the host's log"
        assert anna.strikes.available() == QUICK.strikes, "no strike for an honest answer"
        assert guest.state == CONNECTED and guest.rooms == rooms and guest.seat_key == key
        assert (tmp_path / "seats.json").read_text() == file
        assert host.status().seats[1].present and not host.status().seats[1].stand_in
        guest.close()


def test_the_game_goes_on_while_the_hosts_screen_is_covered():
    """The host's pause menu (or its log, the rules, a score sheet) stood the game still
    for the friends at the table: its computers wait for the host's screen to allow
    them, and nothing moved them on while it was covered."""
    from game.net.bot import hosted_setup

    host = Host(hosted_setup("briscola", 2, 1, "random", 5), name="Host",
                listen="127.0.0.1", port=0, limits=QUICK).start()
    try:
        assert host.wait_ready(5.0) and host.begin()
        until(lambda: host.client is not None, what="the game begun")
        assert host.session.state.to_act() == (0,) and host.session.paced, "a computer"
        version = host.session.version
        host.client.covered(True)                     # a menu over the host's table
        until(lambda: host.session.version > version, what="a computer's move")
        host.client.covered(False)                    # back: its screen paces them again
        assert host.session.paced and host.client._mover is None
    finally:
        host.close()


def test_the_host_table_closes_the_host():
    with hosting() as (host, table):
        guest = join(host.status().direct_code)
        assert guest.wait_connected(5)
        table.stop()
        host.client.close()
        until(lambda: guest.state == LOST)
        assert host.status().state == "closed"


@pytest.mark.slow
def test_a_turn_longer_than_a_silent_link_lasts_still_comes():
    """After wrong codes the friend's turn may come later than a silent link is thought
    dead: both ends keep the heartbeat while it waits, and it gets in."""
    slow = replace(QUICK, guess_first=0.9, guess_most=0.9)      # dead_after is 1.0
    with hosting(limits=slow, delay=0.01) as (host, table):
        code = host.status().direct_code
        for _ in range(2):
            assert join(wrong_code(code), limits=slow).wait_connected(5) is False
        crowd = Raw(host.status().port)          # takes the next turn: the friend's is 1.8 s off
        crowd.say(json.loads(encode(Pake(bytes(33)))))
        finish(host, table, code, limits=slow)


def test_a_table_no_screen_paces_tells_its_race_clock_who_listens_through_the_relay():
    """A host made as the service makes its tables (``races``: no screen, unpaced):
    every session it makes has a race's clock (game/session/race.py), and a guest who
    plays by ear, coming through a relay, is known to it by its voice's rate, as long
    as it is at its seat; a sighted guest is not, and is told nothing of the other."""
    from game.session import COMPUTER, REMOTE, GameSetup, SeatSpec
    from game.session.race import RaceClock

    setup = GameSetup("briscola", (SeatSpec(REMOTE), SeatSpec(COMPUTER), SeatSpec(REMOTE)),
                      {}, 9)
    with relay_here() as (_, port):
        host = Host(setup, name="Table", relay=("127.0.0.1", port), paced=False, races=True,
                    limits=QUICK).start()
        guests: list[RemoteClient] = []
        heard: list[bytes] = []
        try:
            assert host.wait_ready(5.0), host.status()
            code = until(lambda: host.status().relay_code, 5.0)
            guests = [RemoteClient(code, name="Anna", relay=("127.0.0.1", port),
                                   limits=QUICK, listening=175),
                      RemoteClient(code, name="Bruno", relay=("127.0.0.1", port),
                                   limits=QUICK, trace=heard.append)]
            assert all(guest.wait_connected(10.0) for guest in guests)
            assert isinstance(host.session.hold, RaceClock)
            assert host.listening() == {guests[0].seat: 175}
            assert heard and not any(b"listening" in line for line in heard)
            guests[0].close()
            until(lambda: host.listening() == {}, 5.0, "gone from its seat")
        finally:
            for guest in guests:
                guest.close()
            host.close()


def test_a_host_whose_relay_link_ends_as_it_says_goodbye_still_ends_its_tasks():
    """Closing, the host tells the relay its room ends and waits for the line to go; the
    relay closes the connection, and the relay door lets its link go meanwhile: the
    host's goodbye went on from a link that was no longer there (an AttributeError in
    every ended table's log at 1,000 tables, its guests' tasks left pending)."""
    from game.net.bot import hosted_setup as setup_of

    host = Host(setup_of("bocce", 0, 1, "random", 5), name="Host", listen="127.0.0.1")

    class Relay:
        sent: list[bytes] = []

        def send(self, line: bytes) -> None:
            self.sent.append(line)

        async def flush(self) -> bool:
            host._relay_link = None              # the relay door, as the relay closes
            return True

        def close(self) -> None:
            self.sent.append(b"closed")

    async def run() -> bool:
        pending = asyncio.get_running_loop().create_future()
        task = asyncio.ensure_future(pending)
        host._tasks.add(task)
        relay = Relay()
        host._relay_link = relay  # type: ignore[assignment]
        await host._shutdown()
        await asyncio.sleep(0)
        return task.cancelled() and relay.sent[-1] == b"closed"

    assert asyncio.run(run())
