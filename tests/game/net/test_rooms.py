"""A host's waiting room over real sockets (127.0.0.1): guests sit in free seats, pick
others, are refused with reasons, watch when the host allows it, are moved, freed and
sent away; a guest whose link drops keeps its seat until it is back; Start makes the
empty seats computers and sends everyone to the table, spectators to the spectator
view; table phrases reach every table."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import pytest

from game.net.bot import hosted_setup
from game.net.client import RemoteClient, SeatKey
from game.net.host import PLAYING, Host
from game.net.lobby import COMPUTER_SEAT, OPEN, PERSON
from game.net.protocol import QUICK, Hello, encode
from game.net.secure import seat_proof
from game.session import COMPUTER, REMOTE, GameSetup, SeatSpec
from tests.game.net.helpers import Raw, join, until


@contextmanager
def room(key: str = "bolola", open_seats=(1, 2, 3), **options) -> Iterator[Host]:
    options.setdefault("listen", "127.0.0.1")
    host = Host(hosted_setup(key, 0, list(open_seats), "random", 5), name="Marco", port=0,
                paced=False, limits=QUICK, stand_in="random", autostart=False, **options).start()
    try:
        assert host.wait_ready(5.0)
        yield host
    finally:
        host.close()


def inside(code: str, name: str, **options) -> RemoteClient:
    client = join(code, name=name, **options)
    assert client.wait_inside(5.0) and client.state == "waiting", (client.state, client.reason)
    return client


def refused(code: str, name: str, **options) -> str:
    client = join(code, name=name, **options)
    assert not client.wait_inside(5.0)
    assert client.state == "lost"
    return str(client.reason)


def seats(host: Host) -> list[tuple[str, str]]:
    return [(s.lobby, s.name) for s in host.status().seats]


def test_guests_sit_in_free_seats_pick_others_and_are_refused_with_reasons():
    with room("briscola", (1, 2)) as host:
        code = host.status().direct_code
        anna, bruno = inside(code, "Anna"), inside(code, "Bruno")
        until(lambda: seats(host) == [("host", "Marco"), (PERSON, "Anna"), (PERSON, "Bruno")])
        until(lambda: anna.lobby.you == 1 and bruno.lobby.you == 2)
        assert refused(code, "Carla") == "table_full"
        assert refused(code, "Vera", watch=True) == "no_spectators"
        anna.sit(2)
        until(lambda: anna.refusal == "seat_taken", what="the taken seat refused")
        anna.sit(0)
        until(lambda: anna.refusal == "no_such_seat", what="the host's seat refused")
        assert host.give(2, computer=True) is None          # Bruno freed: he goes
        until(lambda: bruno.state == "lost" and bruno.reason == "seat_freed")
        until(lambda: anna.lobby.seats[2].kind == COMPUTER_SEAT, what="Anna sees the change")
        assert host.status().state != PLAYING, "nothing starts until the host says so"
        for client in (anna, bruno):
            client.close()


def test_the_host_moves_and_frees_seats_and_spectators_watch_without_a_seat():
    with room("bolola", spectators=True) as host:
        code = host.status().direct_code
        anna, bruno = inside(code, "Anna"), inside(code, "Bruno")
        vera = inside(code, "Vera", watch=True)
        until(lambda: host.status().watchers == 1 and vera.lobby.you is None)
        assert host.move(1, 3) is None and host.move(2, 3) == "seat_taken"
        until(lambda: anna.lobby.you == 3)
        assert host.free(2) is None
        until(lambda: bruno.lobby.you is None and host.status().watchers == 2,
              what="Bruno freed to watch")
        bruno.sit(2)
        until(lambda: bruno.lobby.you == 2, what="and he sits again")
        assert host.begin() and not host.begin()
        assert [s.kind for s in host.setup.seats] == ["human", COMPUTER, REMOTE, REMOTE], \
            "the empty seat became a computer"
        for client, seat in ((anna, 3), (bruno, 2), (vera, None)):
            assert client.wait_connected(5.0), client.state
            assert client.seat == seat
        assert vera.setup.seats[0].kind == REMOTE and all(
            s.kind != "human" for s in vera.setup.seats), "a spectator has no seat of its own"
        assert host.move(3, 1) == "started"
        latecomer = join(code, name="Luca", watch=True)
        assert latecomer.wait_connected(5.0) and latecomer.seat is None, "watching mid-game"
        assert refused(code, "Nico") == "room_full", "no seat for a newcomer after the start"
        bruno.say("well_played")
        until(lambda: (2, "well_played") in host.client.heard(), what="the host hears it")
        # heard() hands each phrase over once: kept, as Anna's may come before Vera's
        told: dict[str, list] = {"anna": [], "vera": []}
        until(lambda: (told["anna"].extend(anna.heard()), told["vera"].extend(vera.heard())) and
              (2, "well_played") in told["anna"] and (2, "well_played") in told["vera"],
              what="every table hears it")
        vera.say("oops")                                     # a spectator says nothing
        host.client.say("thanks")
        until(lambda: anna.heard() == [(0, "thanks")], what="only the host's phrase")
        for client in (anna, bruno, vera, latecomer):
            client.close()


def test_refusing_spectators_sends_the_watchers_away():
    with room("briscola", (1, 2), spectators=True) as host:
        code = host.status().direct_code
        vera = inside(code, "Vera", watch=True)
        anna = inside(code, "Anna")
        assert host.allow_spectators(False) is None
        until(lambda: vera.state == "lost" and vera.reason == "no_spectators")
        assert anna.state == "waiting" and [s.lobby for s in host.status().seats] == \
            ["host", PERSON, OPEN]
        anna.close()


def test_a_guest_whose_link_drops_in_the_waiting_room_comes_back_to_its_seat():
    with room("briscola", (1, 2)) as host:
        code, port = host.status().direct_code, host.status().port
        anna = inside(code, "Anna")
        assert host.move(1, 2) is None
        until(lambda: anna.lobby.you == 2, what="Anna moved")
        anna._net.call(lambda: anna._link.abort())          # her cable cut
        until(lambda: anna.reconnects == 1 and anna.state == "waiting", what="Anna back")
        assert anna.lobby.you == 2, "the seat she was moved to, not the first free one"
        assert seats(host) == [("host", "Marco"), (OPEN, ""), (PERSON, "Anna")]
        bruno = Raw(port)                                    # a guest by hand: he can stay away
        first = bruno.handshake(code)
        bruno.send(encode(Hello("Bruno")))
        assert bruno.expect("lobby")["you"] == 1
        bruno.close()                                        # no goodbye: his seat is held
        until(lambda: seats(host)[1] == (PERSON, "Bruno") and not host.status().seats[1].present,
              what="Bruno away")
        until(lambda: anna.lobby.seats[1].away, what="Anna sees him away")
        assert refused(code, "Carla") == "table_full", "nobody else gets his seat"
        forger = Raw(port)                                   # claims it with a key of her own
        forger.handshake(code)
        forger.send(encode(Hello("Eve", 1, bytes(32))))
        assert forger.expect("error")["reason"] == "seat_freed" and forger.closed()
        back = Raw(port)
        back.handshake(code)
        back.send(encode(Hello("Bruno", 1, seat_proof(first.seat_key, back.keys.binding))))
        assert back.expect("lobby")["you"] == 1
        until(lambda: host.status().seats[1].present, what="Bruno back")
        back.close()                                         # away again as the game starts:
        until(lambda: not host.status().seats[1].present)
        assert host.begin()                                  # a computer keeps his seat warm
        assert anna.wait_connected(5.0) and anna.seat == 2
        assert host.setup.seats[1].kind == REMOTE and host.status().seats[1].stand_in
        again = join(code, name="Bruno", resume=SeatKey(1, first.seat_key))
        assert again.wait_connected(5.0) and again.seat == 1, "and he sits at the table"
        until(lambda: not host.status().seats[1].stand_in, what="the computer leaves his seat")
        for client in (anna, again):
            client.close()


def test_a_guest_away_longer_than_it_may_try_frees_its_seat():
    with room("briscola", (1, 2)) as host:
        code, port = host.status().direct_code, host.status().port
        raw = Raw(port)
        raw.handshake(code)
        raw.send(encode(Hello("Bruno")))
        assert raw.expect("lobby")["you"] == 1
        raw.close()
        until(lambda: not host.status().seats[1].present and seats(host)[1][0] == PERSON)
        until(lambda: seats(host)[1] == (OPEN, ""), timeout=QUICK.reconnect_for +
              QUICK.dead_after + 3, what="the seat free again")
        carla = inside(code, "Carla")
        assert carla.lobby.you == 1
        carla.close()


@pytest.mark.slow
def test_through_the_relay_a_guest_whose_link_drops_in_the_room_comes_back_to_its_seat(
        relay_port):
    relay = ("127.0.0.1", relay_port)
    with room("bolola", listen=None, relay=relay) as host:
        code = host.status().relay_code
        anna = inside(code, "Anna", relay=relay)
        until(lambda: anna.lobby.you == 1)
        bruno = inside(code, "Bruno", relay=relay)
        assert host.move(1, 3) is None
        until(lambda: anna.lobby.you == 3 and bruno.lobby.you == 2)
        anna._net.call(lambda: anna._link.abort())
        until(lambda: anna.reconnects == 1 and anna.state == "waiting", what="Anna back")
        assert anna.lobby.you == 3, "her seat, not the first free one"
        assert seats(host) == [("host", "Marco"), (OPEN, ""), (PERSON, "Bruno"), (PERSON, "Anna")]
        assert host.begin()
        assert anna.wait_connected(5.0) and anna.seat == 3
        for client in (anna, bruno):
            client.close()


@pytest.mark.slow
def test_the_chair_of_a_table_with_no_host_seat_starts_it_and_nobody_else_can():
    """A table the service deals (no seat of the host's own): its first seated guest is
    its chair, told so, and starts it; the empty seats get computers."""
    setup = GameSetup("bolola", (SeatSpec(REMOTE),) * 4, {}, 5)
    host = Host(setup, listen="127.0.0.1", port=0, paced=False, limits=QUICK,
                stand_in="random", chair=True).start()
    try:
        assert host.wait_ready(5.0) and host.seat is None
        code = host.status().direct_code
        anna, bruno = inside(code, "Anna"), inside(code, "Bruno")
        until(lambda: anna.lobby.you == 0 and bruno.lobby is not None and bruno.lobby.you == 1)
        until(lambda: anna.chair and not bruno.chair, what="Anna told she is the chair")
        until(lambda: bruno.lobby.chair_seat == anna.lobby.chair_seat == 0,
              what="every guest told where the chair sits")
        bruno.start()
        until(lambda: bruno.refusal == "not_chair", what="Bruno refused")
        assert host.status().state != PLAYING
        anna.start()
        until(lambda: host.status().state == PLAYING, what="the chair's start")
        assert [s.kind for s in host.setup.seats] == [REMOTE, REMOTE, COMPUTER, COMPUTER]
        until(lambda: anna.state == bruno.state == "connected")
        for client in (anna, bruno):
            client.close()
    finally:
        host.close()
