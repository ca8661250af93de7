"""Tables the service deals (game/net/tables.py), over a real fleet on 127.0.0.1: a NATS
server with JetStream, three gateways and two table workers, started once for the module.
A client asks a gateway for a table (game/net/service.py) and sits at it as a guest, as
do the others, each a real process (game/net/bot.py, each from an address of its own:
tests/game/net/bot_from.py); for every game:

* the whole game is played, every line each player received is checked against that
  seat's redaction (tests/game/net/leaks.py), the opener's included: nobody's program
  held a card it may not see;
* NATS is restarted a few moves in, then the worker dealing the table is killed (kill
  -9, by its pid) at the game's moments (tests/game/net/strikes.py: during the bids, a
  Venceslao race, at a last trick...): the other worker takes the table over each time,
  the game finishes, and the log the service kept, read from its stream, replays from
  scratch to the very result every player saw (an action kept twice or lost would not
  replay, or would end elsewhere);

and the gateway a table is played through may die (its worker and its players move to
another); a waiting room outlives its worker too; the opener of a public table for
three, found in the list by one of the others, may close its program at its first card:
the others finish the game, a computer in its seat.  Whoever asks past their tables is
refused in words, until its empty tables end by themselves; a worker killed as it opens
a table (between the table's lease and its record: the workers are started through
tests/game/net/faulty_tables.py, which patches that crash in) leaves no count behind.

Everything runs with the PATIENT limits (game/net/protocol.py): the faults here are the
test's own, never a silence of a process starved of the CPU."""

from __future__ import annotations

import asyncio
import itertools
import json
import queue
import random
import secrets
import socket
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterator

import pytest

import game.net.service as service_module
from game import GAMES
from game.engine import replay_log
from game.net.codes import room_digest
from game.net.fleet import ROOMS_BUCKET
from game.net.identity import fingerprint, public_bytes, service_key
from game.net.service import ServiceRefused, TableRequest, open_service_table
from game.net.table_claims import LOST_BEATS, STALE_BEATS
from game.net.tables import BUCKET, STREAM, Worker, subject
from tests.game.net.conftest import MANY_CLIENTS, OTHER_CLIENT, SECRET_FILE, Proc
from tests.game.net.faulty_tables import FAULT
from tests.game.net.fleet import MISSING, NatsServer, start_gateways
from tests.game.net.helpers import until
from tests.game.net.leaks import check_guest_lines
from tests.game.net.strikes import MOMENTS, NATS, Follower, at_moment, game_log, moments
from tests.game.net.twins import check_twin_lines

#: every player's program leaves from an address of its own (tests/game/net/bot_from.py)
PLAYER_ADDRESSES = itertools.cycle(MANY_CLIENTS[1:])   # the first: OTHER_CLIENT, the tests'

PER_ADDRESS = 8
#: the service's long-term key, made by the first worker (game/net/identity.py)
KEY_FILE = Path(tempfile.mkdtemp(prefix="tavolata-service-")) / "service-key"
#: how many seats each game's table has; where a worker is killed at the game's moments,
#: how many people sit (the rest are computers; else two) and its options (short games
#: that still meet every moment of tests/game/net/strikes.py):
#: Briscola's three people race each other (a computer would claim at once), three
#: games of a race each, for a kill the race outran; Bolola's
#: dealers choose contracts, and the second deal's is a person
PEOPLE = {"briscola": 3}
SEATS = {"bisca": 3}
OPTIONS: dict[str, dict[str, Any]] = {
    "bisca": {"lives": 5}, "bocce": {"target": 10},
    "bolola": {"dealers_choice": True, "deals": 3, "early_end": True}}
#: seconds a person's bot waits before each move (the game stands still for it), where
#: the game is struck at its moments: a moment lasts as long as a person thinks (Bocce's
#: one secret lag committed, Bolola's dealer choosing a contract), and a follower that
#: reads the log a little late saw it gone at 0.03 s
THINKING = "0.15"
#: and in a game whose moments are not named (strikes.ANY_GAME)
SLOWER = "0.15"


@dataclass
class Service:
    nats: NatsServer
    gateways: list[Proc]
    ports: list[int]
    workers: dict[str, Proc] = field(default_factory=dict)

    @property
    def relays(self) -> str:
        return self.setting(0)

    def setting(self, first: int) -> str:
        """A relay setting naming every gateway, from the ``first``-th on."""
        ports = self.ports[first:] + self.ports[:first]
        return ",".join(f"127.0.0.1:{port}" for port in ports)

    def add_worker(self) -> str:
        name = f"w{secrets.token_hex(2)}"
        worker = Proc(["-m", "tests.game.net.faulty_tables", "--nats", self.nats.url,
                       "--relay", self.relays, "--limits", "patient",
                       "--per-address", str(PER_ADDRESS), "--empty-after", "10",
                       "--name", name, "--service-key", str(KEY_FILE)])
        worker.expect(f"worker {name} deals tables", timeout=30)
        self.workers[name] = worker
        return name

    def kill(self, name: str) -> None:
        """kill -9 the worker ``name`` (a process this module started)."""
        self.workers.pop(name).end()

    @contextmanager
    def gateway_killed(self, name: str) -> Iterator[None]:
        """kill -9 the gateway ``name``; once the block is over, another is started on its
        port (every relay setting naming the fleet stays true for the tests after)."""
        index = next(i for i, proc in enumerate(self.gateways) if name in proc.popen.args)
        self.gateways[index].end()
        try:
            yield
        finally:
            started, _ = start_gateways([], self.nats.url, 1, SECRET_FILE, "--port",
                                        str(self.ports[index]), limits="patient")
            self.gateways[index] = started[0]

    def end(self) -> None:
        for proc in [*self.workers.values(), *self.gateways]:
            proc.end()
        self.nats.end()


@pytest.fixture(scope="module")
def service() -> Iterator[Service]:
    if MISSING is not None:
        pytest.skip(MISSING)
    server = NatsServer()
    gateways: list[Proc] = []
    try:
        _, ports = start_gateways(gateways, server.url, 3, SECRET_FILE, limits="patient")
        fleet = Service(server, gateways, ports)
        fleet.add_worker()
        fleet.add_worker()
    except BaseException:
        for proc in gateways:
            proc.end()
        server.end()
        raise
    yield fleet
    fleet.end()


# -- what the service keeps, read as the service reads it -----------------------------------
def _nats(url: str, job: Callable[[Any], Awaitable[Any]]) -> Any:
    async def run() -> Any:
        import nats

        nc = await nats.connect(url)
        try:
            return await job(nc)
        finally:
            await nc.close()
    return asyncio.run(run())


def kept_record(url: str, code: str) -> tuple[str, dict[str, Any]] | None:
    """The id and the record of the table of relay code ``code``, whatever its stage."""
    async def job(nc: Any) -> tuple[str, dict[str, Any]] | None:
        import nats.js.errors

        kv = await nc.jetstream().key_value(BUCKET)
        try:
            keys = await kv.keys()
        except nats.js.errors.NoKeysError:
            return None
        for key in keys:
            try:
                record = json.loads((await kv.get(key)).value) if key.startswith("t.") else {}
            except nats.js.errors.KeyNotFoundError:     # a table ending meanwhile
                continue
            if record.get("code") == code:
                return key[2:], record
        return None
    return _nats(url, job)


def unrecorded(url: str) -> list[str]:
    """The tables with a lease and no record (a worker died before it wrote it)."""
    async def job(nc: Any) -> list[str]:
        import nats.js.errors

        kv = await nc.jetstream().key_value(BUCKET)
        try:
            keys = set(await kv.keys())
        except nats.js.errors.NoKeysError:
            return []
        return [key[6:] for key in keys if key.startswith("lease.") and f"t.{key[6:]}" not in keys]
    return _nats(url, job)


def kept_table(url: str, code: str) -> tuple[str, dict[str, Any]] | None:
    """The id and the record of the table of relay code ``code``, once it started."""
    kept = kept_record(url, code)
    return kept if kept is not None and "final" in kept[1] else None


def dealer(url: str, table: str) -> str:
    """The worker whose lease the table is under."""
    async def job(nc: Any) -> str:
        kv = await nc.jetstream().key_value(BUCKET)
        return str(json.loads((await kv.get(f"lease.{table}")).value)["worker"])
    return _nats(url, job)


def room_home(url: str, room: str) -> str | None:
    """The gateway the relay room ``room`` lives at (its host's), or None once it ended."""
    async def job(nc: Any) -> str | None:
        import nats.js.errors

        kv = await nc.jetstream().key_value(ROOMS_BUCKET)
        try:
            return str(json.loads((await kv.get(room)).value)["home"])
        except nats.js.errors.KeyNotFoundError:
            return None
    return _nats(url, job)


def kept_log(url: str, table: str) -> list[list[Any]]:
    """Every action the stream keeps for the table, in order, each as many times as kept."""
    async def job(nc: Any) -> list[list[Any]]:
        import nats.js.errors

        jsm, seq, out = nc.jsm(), 1, []
        while True:
            try:
                msg = await jsm.get_msg(STREAM, seq=seq, subject=subject(table), next=True)
            except nats.js.errors.NotFoundError:
                return out
            out.append(json.loads(msg.data))
            seq = msg.seq + 1
    return _nats(url, job)


# -- players --------------------------------------------------------------------------------
def bot() -> list[str]:
    """A player's program, from the next address of its own."""
    return ["-m", "tests.game.net.bot_from", next(PLAYER_ADDRESSES), "--limits", "patient",
            "--timeout", "100"]


def opener(service: Service, procs: list[Proc], key: str, *extra: str,
           people: int = 2) -> tuple[Proc, str]:
    """The player who asks for a table of ``people`` and sits at it first."""
    seats = SEATS.get(key, GAMES[key].seats[0])
    proc = Proc([*bot(), "--relay", service.setting(0), "open", key, "--seats", str(seats),
                 "--open", str(people), "--delay", "0.01", *extra])
    procs.append(proc)
    return proc, proc.expect("opened ", timeout=30)


def guest(service: Service, procs: list[Proc], code: str, *extra: str) -> Proc:
    """A player who joins by the code at another gateway, its relay setting naming the
    service's fingerprint (as the service publishes its address): it holds the table to
    the service's key, which a program learns by itself only from a table it asked for."""
    relay = f"{service.setting(1)}#{fingerprint(public_bytes(service_key(KEY_FILE)))}"
    proc = Proc([*bot(), "--relay", relay, "join", code,
                 "--delay", "0.01", *extra])
    procs.append(proc)
    return proc


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_whole_game_dealt_by_the_service_survives_kill_9_of_its_worker_at_its_moments(
        service, key, procs, tmp_path: Path):
    """NATS is restarted a few moves in; then the worker dealing the table is killed at
    each of the game's moments (tests/game/net/strikes.py: Bisca's bets, Dou Dizhu's
    bids, Bolola's contract, a Venceslao race, then a last trick...), the next worker at
    the next: the game finishes;
    its log replays from scratch to the result every player saw; every line each
    player received is that seat's own update at that point of the log."""
    people = set(range(PEOPLE.get(key, 2)))
    traces = [tmp_path / f"player{seat}" for seat in sorted(people)]
    options, thinking = OPTIONS.get(key, {}), THINKING
    if key not in MOMENTS:      # a game whose moments are not named may be short: its
        options = {name: option.allowed[-1] for name, option in GAMES[key].options.items()}
        thinking = SLOWER       # longest, and its people slower, to outlast NATS's restart
    first, code = opener(service, procs, key, "--trace", str(traces[0]), "--delay", thinking,
                         "--options", json.dumps(options), people=len(people))
    table, record = until(lambda: kept_record(service.nats.url, code), 30, "the table kept")
    follower = Follower(service.nats.url, table, record, moments(key),
                        lambda name: service.workers[name].popen.pid, people, nats_after=4)
    follower.start()
    players = [first, *(guest(service, procs, code, "--trace", str(trace), "--delay", thinking)
                        for trace in traces[1:])]
    try:
        strike_until_over(service, follower, players)
    finally:
        follower.done.set()
        follower.join(10)
    assert follower.failed is None, follower.failed
    seats = [int(player.expect("joined ")) for player in players]
    results = [player.json("result") for player in players]
    assert [player.wait() for player in players] == [0] * len(players)
    assert [name for name, _ in follower.struck] == [m.name for m in moments(key)]
    assert record["digest"] == room_digest(code), "kept: the takeover makes it not again"
    log = game_log(record, kept_log(service.nats.url, table))
    for (_, count), moment in zip(follower.struck, moments(key)):
        assert at_moment(record, log["actions"][:count], moment, people), moment.name
    end = replay_log(log)                   # an action kept twice would not replay
    assert end.over and all(result["result"] == end.result() for result in results)
    assert all(result["reconnects"] >= 1 and result["dealer"] == "service"
               for result in results)
    for seat, trace in zip(seats, traces):
        lines = trace.read_bytes().splitlines()
        counts = check_guest_lines(log, seat, lines)
        assert counts["updates"] > 1 and counts["rejoins"] >= 1
        assert check_twin_lines(log, seat, lines, random.Random(seat)) > 1


def strike_until_over(service: Service, follower: Follower, players: list[Proc]) -> None:
    """Do the test's part of each blow the follower strikes (a worker for the one killed,
    NATS restarted) until every player's program has ended (two workers again after)."""
    end = time.monotonic() + 100
    while any(player.popen.poll() is None for player in players) or not follower.blows.empty():
        assert time.monotonic() < end, "the game did not end"
        assert follower.is_alive(), follower.failed
        try:
            blow, killed = follower.blows.get(timeout=0.05)
        except queue.Empty:
            continue
        if blow == NATS:
            service.nats.restart()
            follower.restarted()
        else:
            service.kill(killed)
            service.add_worker()


@pytest.mark.slow
def test_the_opener_may_close_its_program_at_the_first_trick_and_the_others_finish(
        service, procs, tmp_path: Path):
    """The table is public, for three people: one finds it in the list, as Find a table
    does, the other comes by its code.  The opener's program ends without a goodbye at its
    first card, in the first trick: a computer takes its seat, and both others play the
    game to its end."""
    first, code = opener(service, procs, "briscola", "--die-after", "1", "--public", people=3)
    others = [guest(service, procs, "find", "--game", "briscola"), guest(service, procs, code)]
    table, record = until(lambda: kept_table(service.nats.url, code), 30, "the table started")
    assert first.expect("dying ", timeout=60)
    assert first.wait() == 17                          # gone without a goodbye
    results = [other.json("result", timeout=90) for other in others]
    assert [other.wait() for other in others] == [0, 0]
    log = game_log(record, kept_log(service.nats.url, table))
    assert [seat for seat, _ in log["actions"][:3]].count(0) == 1, "its one card: trick one"
    end = replay_log(log)
    assert end.over and results[0]["result"] == results[1]["result"] == end.result()
    assert sorted(result["seat"] for result in results) == [1, 2]


@pytest.mark.slow
def test_a_waiting_room_survives_kill_9_of_its_worker_and_keeps_its_seats(service, procs):
    """Before the start, the opener's seat is held for it by the worker that takes the
    table over: it comes back to it, the other sits down, and the game is played."""
    first, code = opener(service, procs, "briscola")
    assert first.expect("inside ", timeout=30) == "waiting"

    def seat_kept() -> tuple[str, dict[str, Any]] | None:
        kept = kept_record(service.nats.url, code)
        return kept if kept is not None and kept[1].get("lobby") else None

    table, _ = until(seat_kept, 30, "the opener's seat kept")
    killed = dealer(service.nats.url, table)
    service.kill(killed)
    service.add_worker()
    until(lambda: dealer(service.nats.url, table) != killed, 30, "the table taken over")
    for _ in range(5):     # a newcomer while the room is held hears no_such_room, as at a
        second = guest(service, procs, code)        # host's who lost its relay: again
        if second.expect("", timeout=30).startswith("inside"):
            break
    results = [first.json("result", timeout=90), second.json("result", timeout=90)]
    assert first.wait() == 0 and second.wait() == 0
    assert results[0]["seat"] == 0 and results[1]["seat"] == 1
    assert results[0]["reconnects"] >= 1 and results[0]["result"] == results[1]["result"]


@pytest.mark.slow
def test_a_game_dealt_by_the_service_survives_kill_9_of_the_gateway_it_is_played_through(
        service, procs):
    """The gateway the table's room lives at, which its worker and both players are
    connected to (each player is sent there), is killed mid-game: the worker takes the
    room back at another of the three, the players follow, and the game finishes."""
    first, code = opener(service, procs, "briscola")
    second = guest(service, procs, code)
    table, record = until(lambda: kept_table(service.nats.url, code), 30, "the table started")
    until(lambda: len(kept_log(service.nats.url, table)) >= 8, 30, "some moves kept")
    home = room_home(service.nats.url, record["room"])
    assert home is not None
    with service.gateway_killed(home):
        until(lambda: room_home(service.nats.url, record["room"]) != home, 30,
              "the room taken back at another gateway")
        results = [first.json("result", timeout=60), second.json("result", timeout=60)]
        assert first.wait() == 0 and second.wait() == 0
    assert results[0]["reconnects"] >= 1 and results[1]["reconnects"] >= 1
    end = replay_log(game_log(record, kept_log(service.nats.url, table)))
    assert end.over and results[0]["result"] == results[1]["result"] == end.result()


@pytest.mark.slow
def test_an_address_past_its_tables_is_refused_in_words_until_its_empty_tables_end(service):
    relay = ("127.0.0.1", service.ports[0])
    opened, refused = [], None
    for _ in range(PER_ADDRESS + 1):
        try:
            opened.append(open_service_table(relay, TableRequest("bocce", 2, 1)))
        except ServiceRefused as exc:
            refused = exc.reason
            break
    assert refused == "too_many_tables" and 0 < len(opened) <= PER_ADDRESS
    # nobody sat at them: they end (--empty-after), and the address may open one again
    for _ in range(120):                            # asked again every half second
        if _opens(relay):
            break
        time.sleep(0.5)
    else:
        raise AssertionError("the empty tables did not end")


def _opens(relay: tuple[str, int]) -> bool:
    try:
        open_service_table(relay, TableRequest("bocce", 2, 1))
    except ServiceRefused as exc:
        assert exc.reason == "too_many_tables"
        return False
    return True


@pytest.mark.slow
def test_a_worker_killed_between_a_tables_lease_and_its_record_leaves_no_count_behind(
        service, monkeypatch):
    """The table it was opening is found with no record and ends, and its address (one
    no other test opens from) may open every table its limit allows."""
    monkeypatch.setattr(service_module.socket, "create_connection",
                        partial(socket.create_connection, source_address=(OTHER_CLIENT, 0)))
    relay = ("127.0.0.1", service.ports[0])
    with pytest.raises(ServiceRefused) as refused:
        open_service_table(relay, TableRequest("bocce", 2, 1, name=FAULT), timeout=3.0)
    assert refused.value.reason == "unreachable", refused.value
    dead = [name for name, proc in service.workers.items() if proc.popen.poll() is not None]
    assert len(dead) == 1, "the worker that opened it died at the fault"
    service.kill(dead[0])
    service.add_worker()
    until(lambda: not unrecorded(service.nats.url), 30, "the table with no record ended")
    for _ in range(PER_ADDRESS):
        open_service_table(relay, TableRequest("bocce", 2, 1))
    with pytest.raises(ServiceRefused) as refused:
        open_service_table(relay, TableRequest("bocce", 2, 1))
    assert refused.value.reason == "too_many_tables"


# -- which tables a worker claims (no NATS: its mirror of the leases and heartbeats) -------
def test_a_worker_claims_the_tables_of_a_silent_worker_and_those_given_up_only():
    """One heartbeat a worker (not a renewal a table): a table is claimed once its
    worker was not heard from while this worker's own heartbeat came back STALE_BEATS
    times (and NATS dropped its connection), or was given up on purpose (``at`` 0); a
    heard worker's tables, and this worker's own, are not."""
    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me", max_tables=10)
    worker.claims.gone = {"silent"}
    worker.claims.beats = 100
    worker.claims.heard = {"alive": 100 - STALE_BEATS + 1, "silent": 100 - STALE_BEATS,
                           "me": 100}
    worker.claims.leases = {"a": (1, "alive", 5.0), "s": (2, "silent", 5.0),
                            "g": (3, "alive", 0.0), "m": (4, "me", 5.0)}
    assert sorted(worker.claims._claimable()) == [("g", 3), ("s", 2)]
    worker.claims._gave_up.add("m")    # left while NATS was away: its own to claim again
    assert ("m", 4) in worker.claims._claimable()
    worker.max_tables = 1
    assert len(worker.claims._claimable()) == 1, "no more than it may deal"
    worker.claims.cut_off = True        # its own NATS away: nobody's silence is known
    assert worker.claims._claimable() == []


def test_a_worker_slow_to_hear_its_own_heartbeat_takes_no_table_from_another():
    """Silence is counted in the worker's own heartbeats come back, not in seconds: a
    worker whose loop (or NATS) is slow hears its own beats late too, and claims
    nothing from a worker that beat as often as it did."""
    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")

    class Entry:
        def __init__(self, key: str) -> None:
            self.key, self.operation, self.value, self.revision = key, "PUT", b"{}", 1

    worker.claims._heard(Entry("alive.other"))
    for _ in range(3 * STALE_BEATS):    # however long between them
        worker.claims._heard(Entry("alive.me"))
        worker.claims._heard(Entry("alive.other"))
    worker.claims.leases = {"t": (1, "other", 5.0)}
    assert worker.claims._claimable() == []
    for _ in range(STALE_BEATS):        # the other falls silent, its connection gone
        worker.claims._heard(Entry("alive.me"))
    worker.claims.gone.add("other")
    assert worker.claims._claimable() == [("t", 1)]


def test_a_silent_worker_whose_connection_nats_holds_is_asked_not_taken_for_dead():
    """A worker's heartbeats come late on a busy machine: silent for STALE_BEATS, it is
    asked whether it is there, and its tables are claimed only once NATS says nobody
    listens for it (its connection dropped: kill -9), or after LOST_BEATS of silence.
    Taken for dead at its beats' silence alone, two busy workers took hundreds of each
    other's tables a minute at 1,000 tables (``lost host_gone``)."""
    import nats.errors

    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")
    claims = worker.claims
    claims.beats, claims.heard = 100, {"busy": 100 - STALE_BEATS, "dead": 100 - STALE_BEATS}
    claims.leases = {"b": (1, "busy", 5.0), "d": (2, "dead", 5.0)}
    assert claims._claimable() == [], "silent: asked first, not claimed"
    assert claims._to_ask == {"busy", "dead"}

    class Nats:
        async def request(self, subject: str, data: bytes, timeout: float) -> object:
            if subject.endswith(".dead"):
                raise nats.errors.NoRespondersError
            return object()                     # answered, however late

    worker.nc = Nats()

    async def ask() -> None:
        await claims._ask("busy")
        await claims._ask("dead")
    asyncio.run(ask())
    assert claims.gone == {"dead"}
    assert claims._claimable() == [("d", 2)], "only the worker NATS says is gone"
    claims.beats += LOST_BEATS
    claims.heard["dead"] = claims.beats
    assert claims._claimable() == [("b", 1)], "silent for LOST_BEATS: dead whatever NATS says"


def test_counting_an_addresss_tables_asks_the_bucket_only_for_leases_it_does_not_mirror():
    """An open counts its address's tables (``by.ADDRESS``), those whose lease is gone left
    out: a lease the worker's watch holds counts at once, and only one it has not seen is
    asked for (one round trip a table named took an open 450 ms at 1,000 tables)."""
    import nats.js.errors

    class Bucket:
        def __init__(self) -> None:
            self.entries: dict[str, bytes] = {}
            self.asked: list[str] = []

        async def get(self, key: str) -> Any:
            self.asked.append(key)
            if key not in self.entries:
                raise nats.js.errors.KeyNotFoundError
            return type("Entry", (), {"value": self.entries[key], "revision": 7})()

        async def update(self, key: str, value: bytes, last: int) -> int:
            self.entries[key] = value
            return last + 1

    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me", per_address=1000)
    worker.kv = bucket = Bucket()
    named = [f"t{n}" for n in range(50)]
    bucket.entries["by.ip"] = json.dumps(named).encode()
    worker.claims.leases = {t: (1, "other", 5.0) for t in named[:48]}
    bucket.entries["lease.t48"] = b'{"worker": "far", "at": 5}'    # not mirrored yet
    asyncio.run(worker.opens._count_once("by.ip", "new", add=True))
    assert json.loads(bucket.entries["by.ip"]) == named[:49] + ["new"], "t49's lease is gone"
    assert bucket.asked == ["by.ip", "lease.t48", "lease.t49"]


def test_an_ask_to_open_that_waited_past_the_gateways_patience_is_refused_unopened():
    """A worker behind on its asks refuses one the gateway will have given up on before
    its room could be ready (``service_full``): no table is opened for nobody."""
    from game.net.table_opens import ASK_STALE

    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")
    opened: list[Any] = []

    async def open_(*args: Any) -> str:
        opened.append(args)
        return "CODE"

    worker.opens._open = open_                              # type: ignore[method-assign]

    class Ask:
        data = json.dumps({"table": TableRequest("bocce", 2, 1).to_json(), "by": "ip"}).encode()
        answers: list[dict[str, Any]] = []

        async def respond(self, data: bytes) -> None:
            self.answers.append(json.loads(data))

    ask = Ask()
    asyncio.run(worker.opens._answer_open(ask, time.monotonic() - ASK_STALE - 0.1))
    assert ask.answers[-1]["error"] == "service_full" and not opened
    asyncio.run(worker.opens._answer_open(ask, time.monotonic()))
    assert ask.answers[-1] == {"code": "CODE"} and len(opened) == 1


@contextmanager
def _pumped(worker: Worker, pumps: dict[str, Callable[[], Any]]) -> Iterator[None]:
    """``worker``'s pump running over started tables whose sessions pump by ``pumps``."""
    import threading
    from types import SimpleNamespace

    from game.net.table_records import DealtTable

    for table_id, pump in pumps.items():
        table = DealtTable(table_id, {}, started=True)
        table.host = SimpleNamespace(  # type: ignore[assignment]
            session=SimpleNamespace(pump=pump, seats=0))      # no computer thinks: no sweep
        worker.tables[table_id] = table
        worker.pump.wake(table)
    thread = threading.Thread(target=worker.pump.run, daemon=True)
    thread.start()
    try:
        yield
    finally:
        worker.pump.stop()
        thread.join(5)


def test_a_worker_moves_its_tables_computers_on_side_by_side():
    """Each table's computers wait for its log at each move: two tables are moved on at
    once (one after another, the whole worker kept one move per NATS round trip)."""
    import threading

    both = threading.Barrier(2, timeout=10)
    met: list[str] = []

    def pump(name: str) -> Callable[[], int]:
        def moved() -> int:
            both.wait()                 # returns only once the other table is moving too
            met.append(name)
            return 1
        return moved

    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")
    with _pumped(worker, {"a": pump("a"), "b": pump("b")}):
        until(lambda: sorted(met) == ["a", "b"], 20, "both tables moved on")


def test_a_table_woken_while_its_computers_move_is_moved_on_again():
    import threading

    release, calls = threading.Event(), []

    def pump() -> int:
        calls.append(1)
        release.wait(10)
        return 0

    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")
    with _pumped(worker, {"a": pump}):
        until(lambda: calls, 10, "moved on")
        worker.pump.wake(worker.tables["a"])            # an action meanwhile
        release.set()
        until(lambda: len(calls) >= 2, 10, "moved on again")


def test_the_sweep_moves_on_only_tables_with_a_computer_thinking_or_a_move_not_kept():
    """Between wakes, a table is moved on only if one of its computers thinks (its budget
    may run out) or its log could not keep a move: sweeping every table each 0.5 s was
    three pumps in four at 100 tables, for nothing."""
    from types import SimpleNamespace

    from game.net.table_pump import _sweepable
    from game.net.table_records import DealtTable

    def table(thinking: set[int], stalled: float = 0.0) -> DealtTable:
        made = DealtTable("t", {}, started=True, stalled=stalled)
        computers = SimpleNamespace(thinking=lambda seat: seat in thinking)
        made.host = SimpleNamespace(  # type: ignore[assignment]
            session=SimpleNamespace(seats=3, computers=computers))
        return made

    assert _sweepable(table({2}))
    assert _sweepable(table(set(), stalled=5.0))
    assert not _sweepable(table(set()))
    assert not _sweepable(DealtTable("t", {}, started=True)), "no host yet"


def test_a_claim_that_fails_for_a_while_gives_the_table_back_and_one_without_a_record_ends():
    """A takeover that meets NATS busy ("service unavailable": 62 of a dead worker's
    tables at once) lets the table go unharmed, its lease given up for any worker to
    claim again; ending it ended a game under way.  A table with no record (being
    opened when its worker died) cannot be taken over, and ends."""
    import nats.js.errors

    class Bucket:
        def __init__(self) -> None:
            self.updates: list[tuple[str, dict[str, Any]]] = []

        async def update(self, key: str, value: bytes, last: int) -> int:
            self.updates.append((key, json.loads(value)))
            return last + 1

    def attempt(error: Exception) -> tuple[Worker, Bucket, list[str]]:
        worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")
        worker.kv = bucket = Bucket()
        ended: list[str] = []

        async def take_over(table: Any) -> None:
            raise error

        async def end(table: Any) -> None:
            ended.append(table.id)

        worker.claims._take_over = take_over                # type: ignore[method-assign]
        worker._end = end                                   # type: ignore[method-assign]
        asyncio.run(worker.claims._claim("t", 4))
        return worker, bucket, ended

    worker, bucket, ended = attempt(nats.js.errors.ServiceUnavailableError())
    assert not ended and "t" not in worker.tables
    assert bucket.updates[-1] == ("lease.t", {"worker": "me", "at": 0.0}), "given up"
    assert "t" in worker.claims._gave_up, "this worker's to claim again should that write fail"
    for gone in (nats.js.errors.KeyNotFoundError(), nats.js.errors.KeyDeletedError()):
        worker, bucket, ended = attempt(gone)
        assert ended == ["t"] and all(lease["at"] for _, lease in bucket.updates)


def test_the_tidy_looks_at_a_table_whose_people_play_only_every_calm_for():
    """Looking at every table every TIDY_EVERY was 2,000 looks a second at 1,000 tables:
    a table whose people are at play (its game not over) is looked at again CALM_FOR
    later; one with nobody there at every look."""
    from types import SimpleNamespace

    from game.net.host import PLAYING
    from game.net.table_records import DealtTable
    from game.net.tables import CALM_FOR, TIDY_EVERY

    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")
    asked: list[str] = []

    def host(name: str, present: bool) -> Any:
        def status() -> Any:
            asked.append(name)
            return SimpleNamespace(watchers=0, seats=[SimpleNamespace(present=present)],
                                   state=PLAYING)
        return SimpleNamespace(status=status, session=SimpleNamespace(over=False))

    worker.tables = {"p": DealtTable("p", {}, host=host("playing", True)),
                     "e": DealtTable("e", {}, host=host("empty", False))}
    now = time.monotonic()
    for look in range(int(CALM_FOR / TIDY_EVERY) + 1):
        asyncio.run(worker._tidy_once(now + look * TIDY_EVERY))
    assert asked.count("empty") == int(CALM_FOR / TIDY_EVERY) + 1
    assert asked.count("playing") == 2, "at the first look, then CALM_FOR later"
