"""The relay as a fleet: three gateway processes over a real NATS server (JetStream
on, on 127.0.0.1), hosts and guests spread across them.  A room lives where its host
is; a guest arriving at another gateway is sent to the room's (``moved``) or, if it
cannot go there, piped there, and its lines pass unread; a host takes its room back
on any gateway with its key; whole games finish with the players arriving at
different gateways, when a gateway is killed mid-game (kill -9, by its pid) and
when NATS itself restarts; a spectator on another gateway than its host sees no
hidden card; and a guesser going round the gateways is slowed as at one relay (the
room codes it tries, and the passwords of one room).  A NATS cluster under the
gateways: test_fleet_cluster.py.

The gateways, hosts and guests run with the PATIENT limits (game/net/protocol.py):
every fault here is the test's own (a gateway killed, NATS restarted, a connection
closed), never a silence, and a machine under load may starve a process of the CPU
for longer than QUICK lets a link be silent or a guest try to come back."""

from __future__ import annotations

import json
import logging
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

import pytest

from game.engine import replay_log
from game.net import codes
from game.net.bot import Autoplayer
from game.net.client import RemoteClient
from game.net.guard import QUICK_RELAY_GUARD
from game.net.host import Host
from game.net.protocol import PATIENT, RELAY_PROTOCOL, RelayHello, encode
from game.net.relay import MISSES_BURST
from game.net.relays import relay_setting
from game.net.secure import RoomOwner
from tests.game.net.conftest import OTHER_CLIENT, SECRET_FILE, Proc
from tests.game.net.fleet import MISSING, Front, NatsServer, free_ports, start_gateways
from tests.game.net.helpers import (
    Raw,
    Table,
    hosting,
    in_line,
    join,
    play,
    table_of_friends,
    until,
)
from tests.game.net.leaks import check_guest_lines
from tests.game.net.proxy import Proxy
from tests.game.net.test_many import play_together
from tests.game.net.test_relay import (
    ask,
    claim,
    enter,
    keyed_room,
    lister,
    pair,
    passes,
    public_line,
    refused,
)

BOT = ["-m", "game.net.bot", "--limits", "patient", "--timeout", "90"]


@pytest.fixture(scope="module")
def nats_server() -> Iterator[NatsServer]:
    if MISSING is not None:
        pytest.skip(MISSING)
    server = NatsServer()
    yield server
    server.end()


@dataclass
class Fleet:
    nats: NatsServer
    gateways: list[Proc]
    ports: list[int]
    front: Front

    def kill(self, index: int) -> None:
        """kill -9 the gateway ``index`` (the process this test started)."""
        self.gateways[index].end()


@pytest.fixture
def fleet(nats_server, procs) -> Iterator[Fleet]:
    """Three gateways of one fleet (started together), and a front for them."""
    started, ports = start_gateways(procs, nats_server.url, 3, SECRET_FILE, limits="patient")
    front = Front(ports)
    yield Fleet(nats_server, started, ports, front)
    front.close()


def nowhere(count: int) -> list[str]:
    """Addresses of 127.0.0.1 nobody answers at, as gateways' public addresses."""
    return [f"127.0.0.1:{port}" for port in free_ports(count)]


@pytest.fixture
def far_fleet(nats_server, procs) -> Iterator[Fleet]:
    """Three gateways whose public addresses nobody answers at (a ``--public`` that
    clients cannot reach): every guest sent to its room's gateway comes back and is
    piped there."""
    started, ports = start_gateways(procs, nats_server.url, 3, SECRET_FILE, public=nowhere(3),
                                    limits="patient")
    front = Front(ports)
    yield Fleet(nats_server, started, ports, front)
    front.close()


# -- the relay's rules, across gateways -------------------------------------------------------
@pytest.mark.slow
def test_guests_on_other_gateways_are_piped_to_the_room_and_lines_pass_unread(fleet):
    """A room lives on its host's gateway; guests on every gateway get their ids there,
    their lines reach the host tagged and the host's reach each of them alone."""
    one, two, three = fleet.ports
    host, code, _, _ = keyed_room(one)
    guests = [pair(port, host, code) for port in (two, three, one, two)]
    assert len({g.gid for g in guests}) == 4, "one room, one count of ids, fleet-wide"
    for line in (b'{"type": "anything"}', b"not even json \xff", b" " * 1000 + b"x"):
        for guest in guests:
            guest.send(line + b"\n")
            assert host.line() == b"%d " % guest.gid + line
            host.send(b"%d " % guest.gid + line[::-1] + b"\n")
            assert guest.line() == line[::-1]
    guests[0].send(b"!ping\n")
    assert guests[0].line(link=True) == b"!pong", "answered by the room's gateway"
    guests[0].close()
    assert host.line(link=True) == b"!gone %d" % guests[0].gid
    host.send(b"!kick %d\n" % guests[1].gid)
    assert guests[1].closed() and host.line(link=True) == b"!gone %d" % guests[1].gid
    passes(host, pair(three, host, code))
    passes(host, guests[3])


@pytest.mark.slow
def test_a_guest_that_follows_is_sent_to_its_rooms_gateway_once_and_told_nothing_more(fleet):
    """Relay protocol 4: a guest that says ``follow`` at a gateway that is not its room's
    hears where the room's is, and is paired there (where it is not sent on again); one
    that does not follow, or speaks protocol 3, is piped as before; a room that does not
    exist, or is held, gets the answers it always got."""
    one, two, three = fleet.ports
    host, code, _, _ = keyed_room(one)
    sent = enter(two, code, follow=True)
    assert sent.expect("moved") == {"type": "moved", "to": f"127.0.0.1:{one}"}
    assert sent.closed()
    there = pair(one, host, code, follow=True)
    piped = pair(three, host, code)
    old = pair(two, host, code, protocol=3, follow=True)
    for guest in (there, piped, old):
        passes(host, guest)
    unknown = next(c for c in iter(codes.new_room, None) if c != code)
    assert refused(enter(three, unknown, follow=True)) == "no_such_room"
    host.close()                                    # its room is held for it
    until(lambda: (enter(two, code, follow=True).msg() or {}).get("reason") == "host_away",
          5, "host_away once every gateway knows the room is held")


@pytest.mark.slow
def test_a_room_ended_is_gone_from_every_gateway(fleet):
    one, two, three = fleet.ports
    host, code, _, _ = keyed_room(one)
    guest = pair(two, host, code)
    host.send(b"!close\n")
    assert guest.line(link=True) == b"!gone"
    assert guest.closed() and host.closed()
    assert refused(enter(three, code)) == "no_such_room"


@pytest.mark.slow
def test_a_host_takes_its_held_room_back_on_another_gateway_only_with_its_key(fleet):
    one, two, three = fleet.ports
    host, code, key, owner = keyed_room(one)
    guest = pair(two, host, code)
    host.close()                                    # a cut cable
    assert guest.line(link=True) is None, "sent to try again, without !gone"
    assert refused(enter(three, code)) == "host_away"
    assert claim(three, code, key, owner, signer=RoomOwner()) == "no_such_room"
    back, same, same_key, _ = keyed_room(three, codes.pretty(code), key, owner)
    assert (same, same_key) == (code, key), "the same code and ticket, on another gateway"
    passes(back, pair(two, back, code))


@pytest.mark.slow
def test_a_room_taken_back_elsewhere_lets_go_of_its_old_gateway(fleet):
    """The host's old connection is still open on gateway one (not yet found dead) when it
    takes the room back on gateway three: one lets go, and guests reach the new home."""
    one, two, three = fleet.ports
    host, code, key, owner = keyed_room(one)
    guest = pair(two, host, code)
    back, _, _, _ = keyed_room(three, code, key, owner)
    assert host.closed(), "the old connection is closed"
    assert guest.line(link=True) is None, "the guest is sent to try again"
    passes(back, pair(two, back, code))


# -- whole games ---------------------------------------------------------------------------
def start_host(procs: list[Proc], fleet: Fleet, key: str, seed: int, *extra: str) -> tuple[Proc, str]:
    host = Proc([*BOT, "--relay", f"127.0.0.1:{fleet.front.port}", "host", key,
                 "--seed", str(seed), *extra])
    procs.append(host)
    return host, host.expect("relay ")


def start_guest(procs: list[Proc], fleet: Fleet, code: str, *extra: str) -> Proc:
    guest = Proc([*BOT, "--relay", f"127.0.0.1:{fleet.front.port}", "join", code, *extra])
    procs.append(guest)
    return guest


def finished(host: Proc, guest: Proc) -> tuple[dict, dict]:
    theirs, ours = guest.json("result", timeout=90), host.json("result", timeout=90)
    assert guest.wait() == 0 and host.wait() == 0
    assert theirs["result"] == ours["result"] == replay_log(ours["log"]).result()
    return theirs, ours


@pytest.mark.slow
@pytest.mark.parametrize("key", ["briscola", "bisca"])
def test_whole_games_with_the_guest_arriving_at_another_gateway_than_its_host(key, fleet,
                                                                             procs):
    host, code = start_host(procs, fleet, key, 21)
    guest = start_guest(procs, fleet, code)
    assert guest.expect("joined ") == "1"
    theirs, _ = finished(host, guest)
    assert fleet.front.placed[:2] == [0, 1], "the host at one gateway, its guest at another"
    assert theirs["sent_on"] == 1, "sent to the room's gateway"


@pytest.mark.slow
def test_a_guest_sent_to_its_rooms_gateway_never_misses_the_gateway_it_came_by(fleet, procs):
    """The guest arrives at gateway two, is sent to the room's (one) and plays there:
    gateway two killed mid-game (kill -9) costs it nothing, not even a reconnection."""
    host, code = start_host(procs, fleet, "briscola", 22, "--delay", "0.03")
    guest = start_guest(procs, fleet, code)
    guest.expect("joined ")
    assert fleet.front.placed[:2] == [0, 1]
    fleet.kill(1)
    theirs, _ = finished(host, guest)
    assert theirs["sent_on"] == 1 and theirs["reconnects"] == 0, theirs


@pytest.mark.slow
def test_a_spectator_on_another_gateway_watches_a_whole_game_and_sees_no_hidden_card(
        fleet, procs, tmp_path):
    """The host arriving at gateway one, a spectator at two, the guest at three: the
    spectator, sent to the room's home, watches the whole game and receives exactly
    the spectator's updates, every one of them, never a hidden card (leaks.py)."""
    host, code = start_host(procs, fleet, "briscola", 6, "--spectators")
    watched = tmp_path / "spectator.lines"
    spectator = start_guest(procs, fleet, code, "--watch", "--name", "Watcher",
                            "--trace", str(watched))
    assert spectator.expect("inside ") == "waiting", "in the waiting room before the start"
    played = tmp_path / "guest.lines"
    guest = start_guest(procs, fleet, code, "--name", "Anna", "--trace", str(played))
    ours = play_together(host, [(guest, played), (spectator, watched)], [1])
    assert fleet.front.placed[:3] == [0, 1, 2], "host, spectator and guest on three gateways"
    counts = check_guest_lines(ours["log"], None, watched.read_bytes().splitlines())
    assert counts["updates"] == len(ours["log"]["actions"]) + 1, \
        "the spectator saw every update to the end, each the spectator's own"


@contextmanager
def bystanders(port: int) -> Iterator[RemoteClient]:
    """A table whose host and guest are both on the gateway at ``port``, the game begun."""
    with hosting("briscola", seed=4, limits=PATIENT, listen=None,
                 relay=("127.0.0.1", port)) as (host, _):
        guest = join(host.status().relay_code or "", limits=PATIENT, relay=("127.0.0.1", port))
        try:
            assert guest.wait_connected(10), guest.reason
            yield guest
        finally:
            guest.close()


@pytest.mark.slow
@pytest.mark.parametrize("whose, fleet_of", [("host", "fleet"), ("guest", "far_fleet")])
def test_a_gateway_killed_mid_game_and_the_game_finishes_elsewhere(whose, fleet_of, procs,
                                                                   request):
    """kill -9 the gateway of the host (its room moves with it to another gateway; its
    guest, sent there, reconnects too) or of a piped guest (one whose room's gateway it
    cannot reach: it reconnects through another and is piped to the room); a table on
    a gateway the game does not use never notices.  The host waits for its guest once a
    computer has stood in (``--wait-for-guests``): the game cannot end (and the host
    go, closing its room) before the guest is back."""
    fleet = request.getfixturevalue(fleet_of)
    host, code = start_host(procs, fleet, "bocce", 8, "--delay", "0.03", "--wait-for-guests")
    guest = start_guest(procs, fleet, code)
    guest.expect("joined ")
    placed = list(fleet.front.placed)
    # the host at gateway 0, its guest at 1, sent to 0 (fleet); or sent to an address
    # nobody answers at, back through the name to 2 and piped to 0 (far_fleet)
    assert placed == ([0, 1] if fleet_of == "fleet" else [0, 1, 2])
    spare = 2 if fleet_of == "fleet" else 1
    with bystanders(fleet.ports[spare]) as bystander:
        fleet.kill(placed[0] if whose == "host" else placed[-1])
        theirs, _ = finished(host, guest)
        assert len(fleet.front.placed) > len(placed), "reconnected through another gateway"
        assert play(bystander).over and bystander.reconnects == 0, "undisturbed"
    assert theirs["reconnects"] >= 1
    if whose == "guest":
        assert theirs["sent_on"] == 0, "its room's gateway never reached: piped all along"


@pytest.mark.slow
def test_a_moved_answer_that_is_no_address_is_refused_and_the_guest_is_piped(fleet, caplog):
    """Between the guest and gateway two, the ``moved`` answer is garbled (a port that
    cannot be): the guest refuses it with a clear warning, asks gateway two again
    without following, is piped to the room on gateway one and plays to the end."""
    one, two, _ = fleet.ports
    proxy = Proxy(two)
    proxy.down = lambda line: [b'{"type":"moved","to":"127.0.0.1:99999"}'
                               if line.startswith(b'{"type":"moved"') else line]
    guest = None
    try:
        with hosting("bocce", seed=3, limits=PATIENT, listen=None,
                     relay=("127.0.0.1", one)) as (host, _), \
                caplog.at_level(logging.WARNING, logger="game.net.client"):
            guest = join(host.status().relay_code or "", limits=PATIENT,
                         relay=("127.0.0.1", proxy.port))
            assert guest.wait_connected(10), guest.reason
            assert play(guest).over
        assert guest.sent_on == 0 and guest.reconnects == 0
        assert "the relay's answer is refused" in caplog.text and "99999" in caplog.text
        hellos = [json.loads(bytes(stream.up).split(b"\n")[0]) for stream in proxy.streams]
        assert [hello.get("follow", False) for hello in hellos] == [True, False]
    finally:
        if guest is not None:
            guest.close()
        proxy.close()


@pytest.mark.slow
def test_nats_restarted_mid_game_and_the_game_finishes(fleet, procs):
    """Host and guest on two gateways reconnect once NATS is back; a table whose people
    are all on one gateway never notices (the host waits for its guest, as above)."""
    host, code = start_host(procs, fleet, "bocce", 9, "--delay", "0.03", "--wait-for-guests")
    guest = start_guest(procs, fleet, code)
    guest.expect("joined ")
    with bystanders(fleet.ports[2]) as bystander:
        fleet.nats.restart()
        finished(host, guest)
        assert play(bystander).over and bystander.reconnects == 0, "undisturbed"


# -- faults --------------------------------------------------------------------------------
@pytest.mark.slow
def test_an_address_opening_rooms_in_a_loop_meets_one_cap_for_the_whole_fleet(fleet):
    """A host that opens rooms in a loop, going round the gateways, is held to
    ``rooms_per_address`` in the fleet (not that many on each gateway); a host and guest
    of another address, on two of those gateways, pass lines all along, and a new host
    of another address still gets a room."""
    one, two, three = fleet.ports
    host, code, _, _ = keyed_room(one)
    guest = pair(two, host, code)
    held: list[Raw] = []
    answers = []
    for turn in range(3 * QUICK_RELAY_GUARD.rooms_per_address):
        raw = Raw(fleet.ports[turn % 3], source=OTHER_CLIENT)
        raw.send(encode(RelayHello("host", owner=RoomOwner().public)))
        answer = raw.msg()
        assert answer is not None
        answers.append(answer["type"] if answer["type"] == "room" else answer["reason"])
        held.append(raw)
        if turn % 3 == 2:
            passes(host, guest)
    rooms = answers.count("room")
    cap = QUICK_RELAY_GUARD.rooms_per_address
    assert cap <= rooms <= cap + 2, f"{rooms} rooms (a gateway may not have heard of the last)"
    assert answers[-3:] == ["relay_full"] * 3
    _, other, _, _ = keyed_room(three)
    assert codes.is_room(other)
    passes(host, guest)


def try_code(port: int, source: str = OTHER_CLIENT) -> str:
    """A guest asks gateway ``port`` for a room code nobody has: the reason it is refused,
    or ``turned away`` (closed without a word, its address cooling)."""
    try:
        raw = Raw(port, source=source)
    except ConnectionError:
        return "turned away"            # reset before its connect returned
    raw.say({"type": "relay", "role": "guest", "protocol": RELAY_PROTOCOL, "code": codes.new_room()})
    msg = raw.msg()
    raw.close()
    return "turned away" if msg is None else str(msg.get("reason"))


@pytest.mark.slow
def test_a_guesser_of_room_codes_going_round_the_gateways_has_one_allowance(procs):
    """An address that tries room codes nobody has, one gateway after the other, is
    answered ``MISSES_BURST`` times in the whole fleet (one more if the run took over
    10 s: the allowance refills), not that many on each gateway, then turned away by
    every gateway; another address still asks freely.  (A NATS server of its own:
    the counts outlive the test.)"""
    server = NatsServer()
    try:
        _, ports = start_gateways(procs, server.url, 3)
        answers = [try_code(ports[turn % 3]) for turn in range(3 * MISSES_BURST)]
        missed = answers.count("no_such_room")
        assert MISSES_BURST <= missed <= MISSES_BURST + 1, answers
        assert answers[-3:] == ["turned away"] * 3, "by every gateway"
        assert set(answers) == {"no_such_room", "turned away"}, answers
        assert [try_code(port, "127.0.0.1") for port in ports] == ["no_such_room"] * 3
    finally:
        server.end()


@pytest.mark.slow
def test_a_guesser_of_room_codes_with_many_connections_at_once_has_one_allowance(procs):
    """Connections opened on every gateway before the first miss, each then asking for a
    room nobody has at the same moment: only ``MISSES_BURST`` of them are answered in
    the whole fleet, the rest closed without a word (each miss is taken from the
    fleet's count before it is answered)."""
    server = NatsServer()
    try:
        _, ports = start_gateways(procs, server.url, 3)
        crowd = [Raw(ports[turn % 3], source=OTHER_CLIENT) for turn in range(3 * MISSES_BURST)]
        for raw in crowd:
            raw.say({"type": "relay", "role": "guest", "protocol": RELAY_PROTOCOL,
                     "code": codes.new_room()})
        answers = [raw.msg() for raw in crowd]
        answered = [a["reason"] for a in answers if a is not None]
        assert answered == ["no_such_room"] * MISSES_BURST, answers
    finally:
        server.end()


@pytest.mark.slow
def test_a_guesser_of_a_rooms_password_going_round_the_gateways_takes_one_queue(fleet):
    """Wrong passwords at a room, tried through every gateway, wait their turns at the
    room's home: after one wrong code (through gateway two) the attempts through all
    three wait in one line, and those whose turn is not yet hear they wait
    (``slow_down``, not fatal) whichever gateway they came through."""
    one, two, three = fleet.ports
    host, code, _, _ = keyed_room(one)
    wrong = pair(two, host, code)
    host.send(b"!wrong %d\n" % wrong.gid)
    assert wrong.closed() and host.line(link=True) == b"!gone %d" % wrong.gid
    crowd = [enter(port, code) for port in (one, two, three) * 2]
    kinds, slowed = [], set()
    for port, raw in zip((one, two, three) * 2, crowd):
        host.send(b"!ping\n")                  # the host's heartbeat while turns come
        answer, waited = in_line(raw, 5)
        kinds.append(answer.get("reason", answer["type"]) if answer else None)
        if waited:
            slowed.add(port)
    assert kinds == ["paired"] * 6, kinds
    assert len(slowed) >= 2, f"slowed through more than one gateway: {slowed}"
    for raw in crowd:
        raw.close()


# -- public tables ----------------------------------------------------------------------------
@pytest.mark.slow
def test_a_public_table_is_listed_on_every_gateway_and_goes_with_its_room(fleet):
    one, two, three = fleet.ports
    public, room = keyed_room(one)[:2]
    private, hidden = keyed_room(two)[:2]
    line = public_line(room)
    public.send(line)
    private.send(b"!ping\n")
    for port in (two, three):
        raw, _ = lister(port)
        until(lambda raw=raw: any(t["code"][:4] == room for t in ask(raw, public, private)),
              what="listed on another gateway")
        listed = next(t for t in ask(raw, public, private) if t["code"][:4] == room)
        assert listed == json.loads(line.partition(b" ")[2])
        assert all(t["code"][:4] != hidden for t in ask(raw, public, private))
    public.send(b"!close\n")
    until(lambda: all(t["code"][:4] != room for t in ask(raw, private)),
          what="gone with the room, everywhere")


@pytest.mark.slow
def test_a_flood_of_list_requests_on_one_gateway_leaves_the_other_tables_alone(fleet):
    one, two, three = fleet.ports
    host, code, _, _ = keyed_room(one)
    guest = pair(two, host, code)
    for _ in range(5):
        raw, _ = lister(three)
        raw.send(b"!tables\n" * 200)
        assert raw.closed(), "out of strikes"
        passes(host, guest)
    _, tables = lister(three)
    assert isinstance(tables, list)
    passes(host, guest)


@pytest.mark.slow
def test_a_gateway_without_nats_says_so_and_stops(procs):
    if MISSING is not None:
        pytest.skip(MISSING)
    proc = Proc(["-m", "game.net.relay", "--listen", "127.0.0.1", "--port", "0",
                 "--limits", "quick", "--secret-file", str(SECRET_FILE),
                 "--nats", "nats://127.0.0.1:1"])
    procs.append(proc)
    assert "no NATS server with JetStream at nats://127.0.0.1:1" in \
        proc.expect("relay: cannot join the fleet: ")
    assert proc.wait() == 1


# -- tables of many people, spread over the gateways ------------------------------------------
@contextmanager
def friends_at(key: str, seats: int, relay: object,
               delay: float) -> Iterator[tuple[Table, list[RemoteClient]]]:
    """A host and a friend at every other seat, all through ``relay``, connected: the
    host's table and the friends (closed, with the host, at the end)."""
    host = Host(table_of_friends(key, seats, 5), name="Host", paced=False,
                stand_in="random", limits=PATIENT, relay=relay).start()
    table = Table(host, delay=delay)
    friends: list[RemoteClient] = []
    try:
        assert host.wait_ready(10), host.status()
        table.start()
        code = host.status().relay_code
        assert code is not None
        friends = [join(code, limits=PATIENT, relay=relay, name=f"Friend {i}")
                   for i in range(1, seats)]
        assert all(f.wait_connected(15) for f in friends), [f.reason for f in friends]
        yield table, friends
    finally:
        for friend in friends:
            friend.close()
        table.stop()
        host.close()


def played_out(table: Table, friends: list[RemoteClient], delay: float,
               kill: Optional[Callable[[], None]] = None) -> None:
    """Every friend plays at random to the end, which is the host's; ``kill`` is done
    after a few moves."""
    players = [Autoplayer(f, "random", i, delay) for i, f in enumerate(friends)]
    if kill is not None:
        until(lambda: [p.step() for p in players] and sum(p.actions for p in players) >= 3,
              20, "a few moves")
        kill()
    ends = play_all(players, 90)
    until(table.over.is_set, 20, "the host's end of the game")
    assert all(end.result == table.result for end in ends)


@pytest.mark.slow
@pytest.mark.parametrize("key, seats, kill", [("bolola", 4, False), ("bisca", 6, False),
                                              ("briscola", 3, True)])
def test_a_table_of_friends_on_every_gateway_plays_to_the_end(key, seats, kill, fleet):
    """A host and a friend at every other seat, connected through the front (so spread
    over the three gateways), play a whole game; with ``kill``, the host's gateway is
    killed (kill -9) mid-game, and everyone reconnects through the other two."""
    delay = 0.02 if kill else 0.0
    with friends_at(key, seats, ("127.0.0.1", fleet.front.port), delay) as (table, friends):
        assert set(fleet.front.placed[:seats]) == {0, 1, 2}, "people on every gateway"
        played_out(table, friends, delay,
                   (lambda: fleet.kill(fleet.front.placed[0])) if kill else None)
        if kill:
            assert all(f.reconnects >= 1 for f in friends), "everyone came back"


@pytest.mark.slow
def test_a_client_given_every_gateway_moves_to_the_next_when_its_own_is_killed(fleet):
    """No front and no name: host and guests are given the three gateways' addresses
    (the relay setting ``gw0,gw1,gw2``) and all reach the first.  kill -9 of that
    gateway mid-game: each moves to the next address (the host takes its room back
    there, the guests come back to their seats) and the game finishes."""
    relay = relay_setting(",".join(f"127.0.0.1:{port}" for port in fleet.ports))
    with friends_at("briscola", 3, relay, 0.02) as (table, friends):
        assert [f.gateway for f in friends] == [0, 0]
        played_out(table, friends, 0.02, lambda: fleet.kill(0))
        assert all(f.reconnects >= 1 and f.gateway != 0 for f in friends), "moved on"
        assert fleet.front.placed == [], "nobody went through a front"


def play_all(players: list[Autoplayer], timeout: float) -> list:
    """Step every player until each has seen the end; their last updates."""
    end = time.monotonic() + timeout
    done = [False] * len(players)
    while not all(done):
        assert time.monotonic() < end, "the game did not end"
        done = [d or p.step() for d, p in zip(done, players)]
        time.sleep(0.001)
    return [p.latest for p in players]

