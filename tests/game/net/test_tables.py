"""Tables the service deals (game/net/tables.py), over a real fleet on 127.0.0.1: a NATS
server with JetStream, two gateways and two table workers, started once for the module.
A client asks a gateway for a table (game/net/service.py) and sits at it as a guest, as
do the others, each a real process (game/net/bot.py); for every game:

* the whole game is played, every line each player received is checked against that
  seat's redaction (tests/game/net/leaks.py), the opener's included: nobody's program
  held a card it may not see;
* the worker dealing the table is killed (kill -9, by its pid) mid-game: the other
  worker takes the table over, the game finishes, and the log the service kept, read
  from its stream, replays from scratch to the very result both players saw (an
  action kept twice or lost would not replay, or would end elsewhere);

and NATS itself may restart mid-game; a waiting room outlives its worker too; the
opener of a public table, found in the list by the other, may close its program at its
first move: the other finishes the game, a computer in its seat.  Whoever asks past
their tables is refused in words, until its empty tables end by themselves.

Everything runs with the PATIENT limits (game/net/protocol.py): the faults here are the
test's own, never a silence of a process starved of the CPU."""

from __future__ import annotations

import asyncio
import json
import secrets
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterator

import pytest

from game import GAMES
from game.engine import replay_log
from game.net.codes import room_digest
from game.net.identity import fingerprint, public_bytes, service_key
from game.net.service import ServiceRefused, TableRequest, open_service_table
from game.net.tables import BUCKET, STALE_BEATS, STREAM, Worker, subject
from tests.game.net.conftest import SECRET_FILE, Proc
from tests.game.net.fleet import MISSING, NatsServer, start_gateways
from tests.game.net.helpers import until
from tests.game.net.leaks import check_guest_lines

BOT = ["-m", "game.net.bot", "--limits", "patient", "--timeout", "100"]
PER_ADDRESS = 8
#: the service's long-term key, made by the first worker (game/net/identity.py)
KEY_FILE = Path(tempfile.mkdtemp(prefix="tavolata-service-")) / "service-key"
#: how many people sit at each game's table (the rest are computers), and its seats
PEOPLE = 2
SEATS = {"bisca": 3}


@dataclass
class Service:
    nats: NatsServer
    gateways: list[Proc]
    ports: list[int]
    workers: dict[str, Proc] = field(default_factory=dict)

    @property
    def relays(self) -> str:
        return ",".join(f"127.0.0.1:{port}" for port in self.ports)

    def add_worker(self) -> str:
        name = f"w{secrets.token_hex(2)}"
        worker = Proc(["-m", "game.net.tables", "--nats", self.nats.url, "--relay", self.relays,
                       "--limits", "patient", "--per-address", str(PER_ADDRESS),
                       "--empty-after", "20", "--name", name, "--service-key", str(KEY_FILE)])
        worker.expect(f"worker {name} deals tables", timeout=30)
        self.workers[name] = worker
        return name

    def kill(self, name: str) -> None:
        """kill -9 the worker ``name`` (a process this module started)."""
        self.workers.pop(name).end()

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
        _, ports = start_gateways(gateways, server.url, 2, SECRET_FILE, limits="patient")
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


def game_log(record: dict[str, Any], actions: list[list[Any]]) -> dict[str, Any]:
    final = record["final"]
    return {"key": final["key"], "options": final["options"], "seats": len(final["seats"]),
            "seed": record["seed"], "actions": actions}


# -- players --------------------------------------------------------------------------------
def opener(service: Service, procs: list[Proc], key: str, *extra: str) -> tuple[Proc, str]:
    seats = SEATS.get(key, GAMES[key].seats[0])
    proc = Proc([*BOT, "--relay", f"127.0.0.1:{service.ports[0]}", "open", key,
                 "--seats", str(seats), "--open", str(PEOPLE), "--delay", "0.01", *extra])
    procs.append(proc)
    return proc, proc.expect("opened ", timeout=30)


def guest(service: Service, procs: list[Proc], code: str, *extra: str) -> Proc:
    """A player who joins by the code at another gateway, its relay setting naming the
    service's fingerprint (as the service publishes its address): it holds the table to
    the service's key, which a program learns by itself only from a table it asked for."""
    relay = f"127.0.0.1:{service.ports[1]}#{fingerprint(public_bytes(service_key(KEY_FILE)))}"
    proc = Proc([*BOT, "--relay", relay, "join", code,
                 "--delay", "0.01", *extra])
    procs.append(proc)
    return proc


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_whole_game_dealt_by_the_service_survives_kill_9_of_its_worker(
        service, key, procs, tmp_path: Path):
    traces = [tmp_path / "opener", tmp_path / "guest"]
    first, code = opener(service, procs, key, "--trace", str(traces[0]))
    second = guest(service, procs, code, "--trace", str(traces[1]))
    seats = [int(first.expect("joined ", timeout=30)), int(second.expect("joined ", timeout=30))]
    table, record = until(lambda: kept_table(service.nats.url, code), 30, "the table started")
    until(lambda: len(kept_log(service.nats.url, table)) >= 8, 30, "some moves kept")
    service.kill(dealer(service.nats.url, table))
    service.add_worker()                               # two workers again, for the next
    results = [first.json("result", timeout=90), second.json("result", timeout=90)]
    assert first.wait() == 0 and second.wait() == 0
    assert results[0]["reconnects"] >= 1 and results[1]["reconnects"] >= 1
    assert results[0]["dealer"] == results[1]["dealer"] == "service", "the service's key proven"
    assert record["digest"] == room_digest(code), "kept: the takeover makes it not again"
    log = game_log(record, kept_log(service.nats.url, table))
    end = replay_log(log)                   # an action kept twice would not replay
    assert end.over and results[0]["result"] == results[1]["result"] == end.result()
    for seat, trace in zip(seats, traces):
        counts = check_guest_lines(log, seat, trace.read_bytes().splitlines())
        assert counts["updates"] > 1 and counts["rejoins"] >= 1


@pytest.mark.slow
def test_the_opener_may_close_its_program_at_its_first_move_and_the_others_finish(
        service, procs, tmp_path: Path):
    """The table is public: the other finds it in the list, as Find a table does."""
    first, code = opener(service, procs, "briscola", "--die-after", "1", "--public")
    second = guest(service, procs, "find", "--game", "briscola")
    table, record = until(lambda: kept_table(service.nats.url, code), 30, "the table started")
    assert first.expect("dying ", timeout=60)
    assert first.wait() == 17                          # gone without a goodbye
    result = second.json("result", timeout=90)
    assert second.wait() == 0
    end = replay_log(game_log(record, kept_log(service.nats.url, table)))
    assert end.over and result["result"] == end.result()


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
def test_a_game_dealt_by_the_service_survives_a_restart_of_nats(service, procs):
    """NATS killed and started again (its store kept) mid-game: the game finishes, and
    its log replays to the result both players saw."""
    first, code = opener(service, procs, "briscola")
    second = guest(service, procs, code)
    table, record = until(lambda: kept_table(service.nats.url, code), 30, "the table started")
    until(lambda: len(kept_log(service.nats.url, table)) >= 8, 30, "some moves kept")
    service.nats.restart()
    results = [first.json("result", timeout=90), second.json("result", timeout=90)]
    assert first.wait() == 0 and second.wait() == 0
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


# -- which tables a worker claims (no NATS: its mirror of the leases and heartbeats) -------
def test_a_worker_claims_the_tables_of_a_silent_worker_and_those_given_up_only():
    """One heartbeat a worker (not a renewal a table): a table is claimed once its
    worker was not heard from while this worker's own heartbeat came back STALE_BEATS
    times, or was given up on purpose (``at`` 0); a heard worker's tables, and this
    worker's own, are not."""
    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me", max_tables=10)
    worker.beats = 100
    worker.heard = {"alive": 100 - STALE_BEATS + 1, "silent": 100 - STALE_BEATS, "me": 100}
    worker.leases = {"a": (1, "alive", 5.0), "s": (2, "silent", 5.0), "g": (3, "alive", 0.0),
                     "m": (4, "me", 5.0)}
    assert sorted(worker._claimable()) == [("g", 3), ("s", 2)]
    worker._gave_up.add("m")           # left while NATS was away: its own to claim again
    assert ("m", 4) in worker._claimable()
    worker.max_tables = 1
    assert len(worker._claimable()) == 1, "no more than it may deal"
    worker.cut_off = True               # its own NATS away: nobody's silence is known
    assert worker._claimable() == []


def test_a_worker_slow_to_hear_its_own_heartbeat_takes_no_table_from_another():
    """Silence is counted in the worker's own heartbeats come back, not in seconds: a
    worker whose loop (or NATS) is slow hears its own beats late too, and claims
    nothing from a worker that beat as often as it did."""
    worker = Worker("nats://127.0.0.1:9", [("127.0.0.1", 9)], name="me")

    class Entry:
        def __init__(self, key: str) -> None:
            self.key, self.operation, self.value, self.revision = key, "PUT", b"{}", 1

    worker._heard(Entry("alive.other"))
    for _ in range(3 * STALE_BEATS):    # however long between them
        worker._heard(Entry("alive.me"))
        worker._heard(Entry("alive.other"))
    worker.leases = {"t": (1, "other", 5.0)}
    assert worker._claimable() == []
    for _ in range(STALE_BEATS):        # the other falls silent
        worker._heard(Entry("alive.me"))
    assert worker._claimable() == [("t", 1)]
