"""Table workers: the service deals public tables, so no player's program holds a card
it may not see, and a table outlives any one process::

    python -m game.net.tables --nats URL --relay HOST:PORT[,HOST:PORT...]
                              [--max-tables N] [--per-address N] [--service-key FILE]

Any number of workers, on any machines; they share nothing but NATS.

**A table is a host with no seat of its own.**  Each table is a
:class:`~game.net.host.Host` (game/net/host.py: the one referee there is), made with
no human seat, connected to a gateway of the fleet (one of ``--relay``'s, chosen at
random; when it dies, the next that answers) as its room's host through the relay
protocol: the gateways route its players to it as they route any host's, its
lines to each guest are sealed end to end (SPAKE2 with the table's code), and what a
guest receives is what ``State.view`` / ``Event.for_seat`` give its seat, nothing
more.  Its first seated guest is its chair, who may start it before every open seat
has its person (game/net/host.py); the open seats nobody took, and any seat whose
person leaves, are played by computers of the table's level, and a person who comes
back with the seat's key has it back, as at any host.

**A table is its setup, its seed and its action log**, and nothing else is kept:

* bucket :data:`BUCKET` (JetStream key-value, read by the service alone):
  ``t.ID`` the table (the request, the seed, the room's code with its password and
  its digest, the relay's ticket and the room's owner key; from the start, the final setup, the
  names and each person's seat key; before it, who sits where in the waiting room and
  the key each comes back by), ``lease.ID`` (which worker deals it) and
  ``alive.NAME`` (worker NAME's heartbeat);
* stream :data:`STREAM`, subject ``tavolata.dealt.ID``: every action taken at the
  table, the computers' included, appended by the session's journal
  (game/session/referee.py) *before* anyone is told of it, each publish fenced by
  the subject's last sequence (``Nats-Expected-Last-Subject-Sequence``: a worker that
  lost the table cannot append after the one that took it) and named by its place in
  the game (``Nats-Msg-Id``: a publish tried again is kept once).  One stream, a
  subject per table: a stream per table would cost the server a stream's state
  for each of a thousand tables.

**Exactly one worker deals a table** (game/net/table_claims.py, whose constants these
are).  Its lease names its worker, written when the table is opened or claimed; each
worker says it is alive every ``LEASE_EVERY`` seconds (``alive.NAME``: one write a
worker, whatever its tables, where a renewal of each lease cost every worker a write
per table and a message per table of the whole fleet four times a second,
bench/README.md), from a thread and a NATS connection of its own, so that a worker
busy past its core is not taken for dead (game/net/table_beat.py).  Every worker
mirrors the leases and the heartbeats (a watch), looks every ``LOOK_EVERY`` seconds,
and claims a table whose worker it has not heard from while its own heartbeat came
back to it ``STALE_BEATS`` times (some ``LEASE_STALE`` seconds: kill -9 of its worker;
counted in its own heartbeats, not in seconds, so that a worker whose loop, or NATS,
is slow does not take the slowness for another's death and its tables from it) and
which NATS says is gone (asked on ``ALIVE_SUBJECT``: a request with nobody subscribed
fails at once, so kill -9 is found as soon, while a worker busy on a loaded machine
answers and keeps its tables), or silent for ``LOST_BEATS`` (some 10 s), or which its
worker gave up on purpose, by a compare-and-set on the lease's revision
(``update(key, value, last=revision)``), so one claim wins; a worker that sees one of
its tables' leases name another worker (it was thought dead) leaves the table without
a word (:meth:`Host.abandon`), as does one that could not say it is alive for
``LEASE_STALE`` seconds, with all its tables.  Claims go on side by side,
``CLAIMS_AT_ONCE`` at a time: a worker's death hands hundreds of tables over at once.
The claimant reads the table and its log (side by side; the log in batches of the
stream's direct gets, game/net/table_log.py), replays the log through the engine
(``game.engine.replay``) to the very state, reclaims the relay room with the stored
owner key and ticket (game/net/relay.py), and the guests, whose links dropped with the
dead worker's, reconnect by themselves and prove their seat keys, which it read with
the table.  Each seat waits :data:`STAND_IN_AFTER` seconds for its person before a
computer keeps it warm (the table's computers move at once: a stand-in would play a
whole hand while its player's link comes back).  No second copy of the state exists
anywhere: the log is the game.

**Races.**  No screen paces a table here: its computers move as soon as they have
thought, but in a race (``State.racing``: Briscola's Venceslao claim) they wait a
person's reaction, the guests' allowance, and a listening guest's race's words at its
voice's rate (game/session/race.py; the host's ``races``), as at a player's table.

**Opening.**  A gateway turns a client's ``open`` (game/net/service.py) into a NATS
request on ``tavolata.tables.open`` to the workers' queue group; one worker checks
the request and its limits, opens the table, keeps it, and answers its relay code,
``OPENS_AT_ONCE`` (game/net/table_opens.py) asks at a time; an ask that waited its turn so long that the
gateway would give up before its room was ready is refused unopened (``service_full``).

**Limits** (bench/README.md's attack table): tables an address may have open at once
(``--per-address``, fleet-wide: ``by.ADDRESS`` in the bucket names its tables, written
by compare-and-set once each table's lease exists, and a table counts while its lease
does, so a worker killed between a table's lease and its record leaves no count
behind: the table's lease ends when it is found to have no record), tables one
worker deals (``--max-tables``: past it, ``service_full``), and a guest's lines and
actions are paced by the host as at any table (``Limits.lines_per_s``, strikes).  A
table nobody sits at for ``--empty-after`` seconds ends, as does a game over once
its people have gone.

**Who holds what.**  The service (its workers and its NATS) reads the seed and
every hand of the tables it deals; the gateways read none of it (sealed lines); a
player's program holds its seat's view only, the opener's like anyone's.

**Parts.**  A :class:`Worker` runs its loop, makes each table's host and ends its
tables; its jobs are parts of their own, each a module: the opens
(game/net/table_opens.py), the sessions' journal and their pump
(game/net/table_pump.py), the leases and the claims (game/net/table_claims.py), what
they share (game/net/table_records.py) and a table's log read back
(game/net/table_log.py).

Threads: the worker's asyncio loop talks to NATS, its heartbeat's thread says it is
alive over a connection of its own; every table's host runs its network
on one other loop (game/net/link.py's ``SharedLoop``: a host with a loop of its own
costs a thread, and an executor's thread for its code's digest, each of whose memory
arenas kept the digest's 16 MB: 5 MB a table, bench/README.md), and one thread hands
the tables whose session woke it to ``MOVERS`` (game/net/table_pump.py) threads that move their computers on
(``Session.pump``), a table in one of them at a time.  The journal, called under the
session's lock, waits on the worker's loop for the stream's acknowledgement: a table's
computers' moves are kept one after another (some 0.4 ms each on a quiet machine,
bench/README.md), and the tables side by side, so one table's wait for its log holds up
no other's; a guest's move is taken off the shared loop (game/net/host.py) for the
same reason.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import secrets
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Optional, Sequence

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.net import nats_headers, rated
from game.net.directory import Unreachable
from game.net.fleet import OPEN_SUBJECT, fleet_available
from game.net.host import PLAYING, STARTING, WAITING, Host, Resumed
from game.net.identity import ServiceKeyError, add_argument, service_key
from game.net.link import SharedLoop
from game.net.profiled import profiled
from game.net.protocol import (
    NAMED_LIMITS,
    Limits,
)
from game.net.relays import Relay, RelayError, relay_setting
from game.net.secure import RoomOwner
from game.net.service import TableRequest
from game.net.table_beat import Beat
from game.net.table_claims import ALIVE_SUBJECT, LEASE_EVERY, Claims
from game.net.table_opens import OPENS_AT_ONCE, Opens
from game.net.table_pump import Pump
from game.net.table_records import BUCKET, QUEUE, STREAM, SUBJECTS, DealtTable, lease_value, subject
from game.session import GameSetup

log = logging.getLogger(__name__)

#: seconds a person's seat waits for its guest before a computer stands in: its computers
#: move at once, and a link that blinks, or a takeover, must not cost a player its hand
STAND_IN_AFTER = 5.0
#: seconds a worker tries to reach NATS when it starts, before it says it cannot
CONNECT_WITHIN = 10.0
MAX_TABLES = 500
PER_ADDRESS = 4
EMPTY_AFTER = 120.0
#: a game over ends its table this long after, if people linger
OVER_LINGER = 30.0
#: seconds between the worker's looks at its tables for those to end, and between the
#: looks at one whose people are at play (nothing there ends it sooner than its game's
#: end or their leaving, ``empty_after``): each table every TIDY_EVERY was 2,000 looks
#: a second at 1,000 tables, whatever they did (bench/README.md)
TIDY_EVERY = 0.5
CALM_FOR = 2.0
#: seconds an ended table's log is kept (a dispute, a test's check), and the longest any
#: action is kept (the stream's own limit, for a log whose worker died at its end)
ENDED_KEPT = 60.0
LOGS_KEPT = 7 * 86400.0


class Worker:
    """One table worker: see the module docstring."""

    def __init__(self, url: str, relays: Sequence[tuple[str, int]], *,
                 max_tables: int = MAX_TABLES, per_address: int = PER_ADDRESS,
                 limits: Limits = NAMED_LIMITS["default"], empty_after: float = EMPTY_AFTER,
                 name: Optional[str] = None,
                 identity: Optional[Ed25519PrivateKey] = None,
                 per_hour: int = rated.PER_HOUR, per_player: int = rated.PER_PLAYER) -> None:
        self.url = url
        self.relays = list(relays)
        self.max_tables = max_tables
        self.per_address = per_address
        self.limits = limits
        self.empty_after = empty_after
        self.name = name or secrets.token_hex(4)
        self.identity = identity
        self.per_hour, self.per_player = per_hour, per_player
        self.tables: dict[str, DealtTable] = {}
        self.loop: Optional[asyncio.AbstractEventLoop] = None
        self.nc: Any = None
        self.js: Any = None
        self.jsm: Any = None
        self.kv: Any = None
        self.players: Any = None                 # rated.PLAYERS: per-key counts
        self._stop = asyncio.Event()
        self._lock = threading.Lock()            # self.tables, between the loop and the pump
        self._jobs: set[asyncio.Task[None]] = set()
        #: its parts, each a job: the opens, the sessions and their pump, the leases and
        #: the claims (each module's docstring)
        self.opens = Opens(self)
        self.pump = Pump(self)
        self.claims = Claims(self)
        self.beat = Beat(self, LEASE_EVERY)      # said from a thread of its own
        #: every table's network, on one loop in one thread (game/net/link.py)
        self.shared: Optional[SharedLoop] = None
        #: the threads an open waits for its room in (not the loop's executor: the ends
        #: and takeovers wait there)
        self._room_waits: Optional[ThreadPoolExecutor] = None

    # -- running ------------------------------------------------------------------------
    async def run(self, ready: Optional[asyncio.Event] = None) -> None:
        """Deal tables until :meth:`stop`."""
        import nats
        from nats.js.api import KeyValueConfig, StorageType, StreamConfig

        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        nats_headers.install()          # a takeover reads a message an action: 95 -> 12 µs
        self.shared = SharedLoop("tables-net")
        self._room_waits = ThreadPoolExecutor(OPENS_AT_ONCE, thread_name_prefix="tables-opens")
        try:
            self.nc = await asyncio.wait_for(nats.connect(
                self.url.split(","), name=f"tavolata-tables-{self.name}",
                max_reconnect_attempts=-1, reconnect_time_wait=0.2, error_cb=self._nats_error,
                disconnected_cb=self._nats_down, reconnected_cb=self._nats_back),
                CONNECT_WITHIN)
        except (OSError, asyncio.TimeoutError, nats.errors.Error) as exc:
            raise Unreachable(f"nothing answered in {CONNECT_WITHIN:.0f} s ({exc!r})") from None
        self.js = self.nc.jetstream()
        self.jsm = self.nc.jsm()
        stream = StreamConfig(name=STREAM, subjects=[f"{SUBJECTS}.>"], storage=StorageType.FILE,
                              duplicate_window=120.0, max_age=LOGS_KEPT, allow_direct=True)
        try:
            await self.jsm.add_stream(stream)
        except Exception as exc:  # made already by another worker, maybe otherwise
            log.info("tables %s: the stream: %r", self.name, exc)
            try:                    # one made before its logs were read by direct gets
                await self.jsm.update_stream(stream)
            except Exception as again:  # noqa: BLE001 (read by a consumer then)
                log.info("tables %s: the stream's direct gets: %r", self.name, again)
        self.kv = await self.js.create_key_value(KeyValueConfig(
            bucket=BUCKET, history=1, storage=StorageType.FILE))
        self.players = await rated.ensure(self.js, self.jsm)
        await self.nc.subscribe(OPEN_SUBJECT, queue=QUEUE, cb=self.opens.on_open)
        await self.nc.subscribe(f"{ALIVE_SUBJECT}.{self.name}", cb=self.claims.there)
        await self.nc.flush()       # the server knows the subscription before "ready"
        pump = threading.Thread(target=self.pump.run, name="tables-pump", daemon=True)
        pump.start()
        claims = self.claims
        tasks = [asyncio.create_task(job) for job in (self.beat.turning(), claims.watch("lease.*"),
                                                      claims.watch("alive.*"), claims.look(),
                                                      self._tidy())]
        self.beat.start()
        print(f"worker {self.name} deals tables at {self.url}", flush=True)
        if ready is not None:
            ready.set()
        try:
            await self._stop.wait()
        finally:
            await asyncio.to_thread(self.beat.stop)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self.pump.stop()
            await self._leave_all()
            await self.nc.close()
            self.shared.close()
            self._room_waits.shutdown(wait=False, cancel_futures=True)

    def stop(self) -> None:
        self._stop.set()

    async def _nats_error(self, exc: Exception) -> None:
        """Each failed try to reach NATS again: one quiet line, not a traceback."""
        log.info("tables %s: NATS: %r", self.name, exc)

    async def _nats_down(self) -> None:
        if self._stop.is_set():             # closing on purpose
            return
        log.warning("tables %s: NATS connection lost; reconnecting (the tables wait)",
                    self.name)

    async def _nats_back(self) -> None:
        log.warning("tables %s: NATS connection back", self.name)
        self.claims.returns.back()

    async def _leave_all(self) -> None:
        """Stopping on purpose: each table goes to another worker at once (its lease
        is written stale), its guests reconnecting there; the tables side by side (one
        after another, each host's network waited for in turn, a worker of 160 tables
        on a busy machine had not stopped two minutes after it was asked to)."""
        async def leave(table: DealtTable) -> None:
            if table.host is not None:
                await asyncio.to_thread(table.host.abandon)
            try:
                await self.kv.update(f"lease.{table.id}", lease_value(self.name, 0.0),
                                     last=table.lease)
            except Exception as exc:  # taken already, or NATS away: it goes stale anyway
                log.info("tables %s: leaving %s: %r", self.name, table.id, exc)
        await asyncio.gather(*(leave(table) for table in list(self.tables.values())))

    def _host(self, table: DealtTable, setup: GameSetup, request: TableRequest, owner: RoomOwner,
              resume: Optional[Resumed]) -> Host:
        """The table's host, started (see the module docstring)."""
        host = Host(setup, name=request.name, relay=self._gateways(),
                    stand_in=request.level, paced=False, limits=self.limits,
                    spectators=request.spectators, public=request.public,
                    chair=True, journal=lambda seat, action: self.pump.journal(table, seat, action),
                    wake=lambda: self.pump.wake(table),
                    on_start=lambda started: self.pump.on_start(table, started),
                    on_lobby=lambda changed: self.pump.on_lobby(table, changed), owner=owner,
                    resume=resume, shared=self.shared, stand_in_after=STAND_IN_AFTER,
                    identity=self.identity, players_only=request.rated, races=True)
        table.host = host
        if resume is not None and resume.state is not None:
            table.started = True
            self.pump.wake(table)
        return host.start()

    def _gateways(self) -> Relay:
        """Every gateway, from one chosen at random: the tables' rooms spread over the
        fleet, and a table whose gateway dies takes its room back at the next (the
        host's rotation, game/net/link.py's ``open_gateway``)."""
        start = random.randrange(len(self.relays))
        return Relay(tuple(self.relays[start:] + self.relays[:start]))

    # -- leases ----------------------------------------------------------------------------
    async def _drop(self, table: DealtTable) -> None:
        """Another worker deals ``table`` now (or will): leave it without a word."""
        await self._let_go(table, quiet=True)

    async def _let_go(self, table: DealtTable, quiet: bool) -> None:
        """Deal ``table`` no more: its host leaves without a word (``quiet``: another
        worker deals it) or says goodbye (it ends)."""
        table.ending = True
        with self._lock:
            self.tables.pop(table.id, None)
        if table.host is not None:
            await asyncio.to_thread(table.host.abandon if quiet else table.host.close)

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    # -- ending ------------------------------------------------------------------------------
    async def _tidy(self) -> None:
        """End the tables nobody sits at (for ``empty_after``) and the games over whose
        people have gone."""
        while True:
            await asyncio.sleep(TIDY_EVERY)
            await self._tidy_once(time.monotonic())

    async def _tidy_once(self, now: float) -> None:
        """One look at the tables that need one (those at play are calm for a while)."""
        for table in list(self.tables.values()):
            host = table.host
            if host is None or table.ending or table.calm_until > now:
                continue
            status = host.status()
            present = status.watchers or any(s.present for s in status.seats)
            if present:
                table.quiet_since = now
            over = host.session is not None and host.session.over
            if present and not over and status.state == PLAYING:
                table.calm_until = now + CALM_FOR
            if over and not table.over_since:
                table.over_since = now
                self._rate(table)
            if (over and (not present or now - table.over_since > OVER_LINGER)) or \
                    now - table.quiet_since > self.empty_after or \
                    status.state not in (PLAYING, WAITING, STARTING):
                await self._end(table)

    async def _end(self, table: DealtTable) -> None:
        """The table ends: its host says goodbye, what the service kept of it goes."""
        await self._let_go(table, quiet=False)
        try:
            await self.opens.count(table.record.get("by", ""), table.id, add=False)
            if table.record.get("opener"):
                await rated.bump(self.players, f"open.{table.record['opener']}", 0, -1)
            await self.kv.delete(f"t.{table.id}")
            await self.kv.delete(f"lease.{table.id}")
        except Exception as exc:  # NATS away: the entries stay (a lease nobody renews is
            log.info("tables %s: forgetting %s: %r", self.name, table.id, exc)  # claimed)
        asyncio.get_running_loop().call_later(ENDED_KEPT, self._purge, table.id)
        log.info("tables %s: table %s ended", self.name, table.id)

    def _rate(self, table: DealtTable) -> None:
        """A rated table's game is over: its result goes to the results stream (kept once,
        whichever worker sends it: game/net/rated.py)."""
        request = table.record.get("request", {})
        if not request.get("rated") or table.host is None or table.host.session is None:
            return

        async def append(result: dict[str, Any]) -> None:
            record = rated.result_record(table.id, table.record, result, table.left)
            try:
                await rated.append_result(self.js, record)
                done = await rated.folded(self.js, table.id)
            except Exception as exc:  # NATS away: the next worker's look sends it
                log.warning("tables %s: table %s's result: %r", self.name, table.id, exc)
                return
            if done is not None and table.host is not None:
                table.host.tell_rated(rated.by_seat(table.record, done))
        job = asyncio.get_running_loop().create_task(
            append(dict(table.host.session.state.result())))
        self._jobs.add(job)
        job.add_done_callback(self._jobs.discard)

    def _purge(self, table_id: str) -> None:
        """An ended table's log goes (:data:`ENDED_KEPT` after its end)."""
        async def purge() -> None:
            try:
                await self.jsm.purge_stream(STREAM, subject=subject(table_id))
            except Exception as exc:  # NATS away: the stream's own age limit ends it
                log.info("tables %s: purging %s: %r", self.name, table_id, exc)
        if not self._stop.is_set():
            job = asyncio.get_running_loop().create_task(purge())
            self._jobs.add(job)
            job.add_done_callback(self._jobs.discard)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.tables",
                                     description="Deal the public tables of a relay fleet.")
    parser.add_argument("--nats", required=True, metavar="URL",
                        help="the fleet's NATS server(s), comma separated")
    parser.add_argument("--relay", required=True, metavar="HOST:PORT[,HOST:PORT...]",
                        help="the fleet's gateways, where each table's room is opened")
    add_argument(parser)                     # --service-key FILE (game/net/identity.py)
    parser.add_argument("--max-tables", type=int, default=MAX_TABLES, metavar="N")
    parser.add_argument("--per-address", type=int, default=PER_ADDRESS, metavar="N",
                        help="tables one address may have open at once (fleet-wide)")
    parser.add_argument("--per-hour", type=int, default=rated.PER_HOUR, metavar="N",
                        help="rated tables one player's key may open in a clock hour")
    parser.add_argument("--per-player", type=int, default=rated.PER_PLAYER, metavar="N",
                        help="rated tables one player's key may have open at once")
    parser.add_argument("--empty-after", type=float, default=EMPTY_AFTER, metavar="S",
                        help="a table nobody sits at ends after this many seconds")
    parser.add_argument("--limits", choices=sorted(NAMED_LIMITS), default="default")
    parser.add_argument("--name", help="this worker's name (default: random)")
    parser.add_argument("--verbose", action="store_true",
                        help="log every table's steps (opened, taken over, back on the "
                             "relay, each guest), not only what went wrong")
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="profile every thread, written to FILE (pstats) at exit")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(message)s")
    problem = fleet_available()
    if problem is not None:
        print(f"tables: {problem}", flush=True)
        return 1
    try:
        relays = list(relay_setting(args.relay).addresses)
    except RelayError as exc:
        parser.error(f"--relay: {exc}")
    identity = None
    if args.service_key is not None:
        try:
            identity = service_key(args.service_key)
        except ServiceKeyError as exc:
            print(f"tables: {exc}", flush=True)
            return 1
    worker = Worker(args.nats, relays, max_tables=args.max_tables,
                    per_address=args.per_address, limits=NAMED_LIMITS[args.limits],
                    empty_after=args.empty_after, name=args.name, identity=identity,
                    per_hour=args.per_hour, per_player=args.per_player)

    async def serve() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, worker.stop)
        await worker.run()

    try:
        with profiled(args.profile) if args.profile else nullcontext():
            asyncio.run(serve())
    except OSError as exc:                  # Unreachable among them
        print(f"tables: cannot reach NATS at {args.nats}: {exc}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
