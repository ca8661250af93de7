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

**Exactly one worker deals a table.**  Its lease names its worker, written when the
table is opened or claimed; each worker says it is alive every :data:`LEASE_EVERY`
seconds (``alive.NAME``: one write a worker, whatever its tables, where a renewal of
each lease cost every worker a write per table and a message per table of the
whole fleet four times a second, bench/README.md).  Every worker mirrors the leases
and the heartbeats (a watch), looks every :data:`LOOK_EVERY` seconds, and claims a
table whose worker it has not heard from while its own heartbeat came back to it
:data:`STALE_BEATS` times (some :data:`LEASE_STALE` seconds: kill -9 of its worker;
counted in its own heartbeats, not in seconds, so that a worker whose loop, or NATS,
is slow does not take the slowness for another's death and its tables from it), or
which its worker gave up on purpose, by a compare-and-set on the
lease's revision (``update(key, value, last=revision)``), so one claim wins; a
worker that sees one of its tables' leases name another worker (it was thought dead)
leaves the table without a word (:meth:`Host.abandon`), as does one that could not
say it is alive for :data:`LEASE_STALE` seconds, with all its tables.  Claims go
on side by side, :data:`CLAIMS_AT_ONCE` at a time: a worker's death hands hundreds
of tables over at once.  The claimant reads the table and its log (side by side; the
log in batches of the stream's direct gets, game/net/table_log.py), replays the log
through the engine (``game.engine.replay``) to the very state, reclaims the relay
room with the stored owner key and ticket (game/net/relay.py), and the guests, whose
links dropped with the dead worker's, reconnect by themselves and prove their seat
keys, which it read with the table.  Each seat waits :data:`STAND_IN_AFTER` seconds
for its person before a computer keeps it warm (the table's computers move at once: a
stand-in would play a whole hand while its player's link comes back).  No
second copy of the state exists anywhere: the log is the game.

**Races.**  No screen paces a table here: its computers move as soon as they have
thought, but in a race (``State.racing``: Briscola's Venceslao claim) they wait a
person's reaction, the guests' allowance, and a listening guest's race's words at its
voice's rate (game/session/race.py; the host's ``races``), as at a player's table.

**Opening.**  A gateway turns a client's ``open`` (game/net/service.py) into a NATS
request on ``tavolata.tables.open`` to the workers' queue group; one worker checks
the request and its limits, opens the table, keeps it, and answers its relay code,
:data:`OPENS_AT_ONCE` asks at a time; an ask that waited its turn so long that the
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

Threads: the worker's asyncio loop talks to NATS; every table's host runs its network
on one other loop (game/net/link.py's ``SharedLoop``: a host with a loop of its own
costs a thread, and an executor's thread for its code's digest, each of whose memory
arenas kept the digest's 16 MB: 5 MB a table, bench/README.md), and one thread hands
the tables whose session woke it to :data:`MOVERS` threads that move their computers on
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
import json
import logging
import math
import random
import secrets
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.engine import Action, LogError, replay
from game.net import rated
from game.net.directory import Unreachable
from game.net.fleet import OPEN_SUBJECT, OPEN_TIMEOUT, fleet_available
from game.net.host import PLAYING, STARTING, WAITING, Host, Resumed
from game.net.identity import ServiceKeyError, add_argument, service_key
from game.net.link import SharedLoop
from game.net.profiled import profiled
from game.net.protocol import (
    BAD_TABLE,
    NAMED_LIMITS,
    SERVICE_FULL,
    TOO_MANY_TABLES,
    UNREACHABLE,
    Limits,
    Room,
)
from game.net.relays import Relay, RelayError, relay_setting
from game.net.secure import RoomOwner
from game.net.service import ServiceRefused, TableRequest
from game.net.table_log import read_log
from game.net.watching import Returns, mirror
from game.session import GameSetup

log = logging.getLogger(__name__)

BUCKET = "tavolata-dealt"
STREAM = "TAVOLATA_DEALT"
SUBJECTS = "tavolata.dealt"
QUEUE = "tavolata-workers"
#: seconds between a worker's heartbeats, and of silence after which another worker
#: takes its tables over; how often a worker looks for such tables
LEASE_EVERY = 0.25
LEASE_STALE = 1.2
STALE_BEATS = math.ceil(LEASE_STALE / LEASE_EVERY)
LOOK_EVERY = 0.25
#: how many tables a worker takes over at once: a claim mostly waits (the lease, then the
#: record and the log side by side: two round trips to NATS, game/net/table_log.py), so
#: sixteen at a time took a dead worker's 108 tables over in 15 s on a loaded machine;
#: 128 at once had JetStream's API answer 62 of 124 claims "service unavailable" when
#: each claim made a consumer to read its log; the log's direct gets call no API, and 64
#: at once took 285 tables over in 9 s (bench/README.md)
CLAIMS_AT_ONCE = 64
#: seconds a journal waits for the stream to keep an action (and a takeover for its log);
#: how many actions of a log are read at once
JOURNAL_WAIT = 5.0
#: a table's computers are moved on when its session wakes the pump (an action taken, a
#: move thought out: Session.wake), and those with a computer thinking (its budget may
#: run out) or a move their log could not keep at least this often besides; a
#: table whose log could not keep a computer's move waits this long before it is tried again
SWEEP_EVERY = 0.5
STALLED_FOR = 0.5
#: tables whose computers are moved on at once, each waiting on its log for each move
MOVERS = 16
#: seconds a person's seat waits for its guest before a computer stands in: its computers
#: move at once, and a link that blinks, or a takeover, must not cost a player its hand
STAND_IN_AFTER = 5.0
#: seconds a new table's room may take on the relay: answered well before the gateway
#: gives up on the workers (a table opened after it did would wait for nobody)
OPENING = OPEN_TIMEOUT / 2
#: seconds an ask may wait for its turn before it is refused unopened: its room must be
#: ready before the gateway gives up on the workers' answer
ASK_STALE = OPEN_TIMEOUT - OPENING
#: seconds a worker tries to reach NATS when it starts, before it says it cannot
CONNECT_WITHIN = 10.0
#: asks to open a table a worker answers at once, each waiting for its room in a thread
#: of the worker's own for them (four at once, in the loop's executor, opened some 17
#: tables a second under load, behind the asks the gateways gave up on: bench/README.md)
OPENS_AT_ONCE = 16
MAX_TABLES = 500
PER_ADDRESS = 4
EMPTY_AFTER = 120.0
#: a game over ends its table this long after, if people linger
OVER_LINGER = 30.0
#: seconds an ended table's log is kept (a dispute, a test's check), and the longest any
#: action is kept (the stream's own limit, for a log whose worker died at its end)
ENDED_KEPT = 60.0
LOGS_KEPT = 7 * 86400.0


def subject(table: str) -> str:
    return f"{SUBJECTS}.{table}"


@dataclass
class _Table:
    """A table this worker deals: its id, what the bucket holds of it, its host."""

    id: str
    record: dict[str, Any]
    host: Optional[Host] = None
    lease: int = 0                      # the revision of our lease entry
    last: int = 0                       # the stream's sequence of its last action
    count: int = 0                      # actions in its log
    started: bool = False
    quiet_since: float = field(default_factory=time.monotonic)
    over_since: float = 0.0
    stalled: float = 0.0                # its log could not keep a move: tried again then
    ending: bool = False
    #: the seats a computer played at the table's last action (game/net/rated.py: a rated
    #: table's who left), kept with the table when it changes
    left: set[int] = field(default_factory=set)


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
        self.tables: dict[str, _Table] = {}
        self.loop: Optional[asyncio.AbstractEventLoop] = None
        self.nc: Any = None
        self.js: Any = None
        self.jsm: Any = None
        self.kv: Any = None
        self.players: Any = None                 # rated.PLAYERS: per-key counts
        self._stop = asyncio.Event()
        self._pumping = threading.Event()
        #: the tables whose sessions woke the pump since it last looked, and its alarm
        self._due: set[str] = set()
        self._due_lock = threading.Lock()
        self._woken = threading.Event()
        #: the tables being moved on now, each in a thread of :attr:`_movers`
        self._moving: set[str] = set()
        self._movers = ThreadPoolExecutor(MOVERS, thread_name_prefix="tables-movers")
        self._lock = threading.Lock()            # self.tables, between the loop and the pump
        #: every table's lease as last seen (a watch): id -> (revision, worker, at)
        self.leases: dict[str, tuple[int, str, float]] = {}
        #: how many of its own heartbeats this worker has seen come back, and at which of
        #: them each worker's heartbeat (or first lease) was last seen
        self.beats = 0
        self.heard: dict[str, int] = {}
        #: when this worker last said it is alive (monotonic), and whether its last try
        #: failed (NATS away: it cannot tell another worker's silence from its own)
        self.renewed = time.monotonic()
        self.cut_off = False
        #: the tables being claimed now, and those whose leases still name this worker
        #: though it left them (it could not say it was alive): its to claim again
        self._claiming: set[str] = set()
        self._gave_up: set[str] = set()
        self.returns = Returns()                 # NATS came back: the leases watched anew
        self._jobs: set[asyncio.Task[None]] = set()
        #: the opens under way at once, and the counts of an address's tables in turn
        self._opening = asyncio.Semaphore(OPENS_AT_ONCE)
        self._counting = asyncio.Lock()
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
        await self.nc.subscribe(OPEN_SUBJECT, queue=QUEUE, cb=self._on_open)
        await self.nc.flush()       # the server knows the subscription before "ready"
        pump = threading.Thread(target=self._pump, name="tables-pump", daemon=True)
        pump.start()
        tasks = [asyncio.create_task(job) for job in (self._renew(), self._watch("lease.*"),
                                                      self._watch("alive.*"), self._look(),
                                                      self._tidy())]
        print(f"worker {self.name} deals tables at {self.url}", flush=True)
        if ready is not None:
            ready.set()
        try:
            await self._stop.wait()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            self._pumping.set()
            self._woken.set()
            self._movers.shutdown(wait=False, cancel_futures=True)
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
        self.returns.back()

    async def _leave_all(self) -> None:
        """Stopping on purpose: each table goes to another worker at once (its lease
        is written stale), its guests reconnecting there."""
        for table in list(self.tables.values()):
            if table.host is not None:
                await asyncio.to_thread(table.host.abandon)
            try:
                await self.kv.update(f"lease.{table.id}", _lease(self.name, 0.0),
                                     last=table.lease)
            except Exception as exc:  # taken already, or NATS away: it goes stale anyway
                log.info("tables %s: leaving %s: %r", self.name, table.id, exc)

    # -- opening --------------------------------------------------------------------------
    async def _on_open(self, msg: Any) -> None:
        """An ask to open a table, answered beside the others (:data:`OPENS_AT_ONCE` at a
        time): NATS hands a subscription's messages over one at a time, and one open
        waits for its room on the relay and its code's scrypt, so one after another a
        worker opened a few tables a second and the gateway gave up on the asks behind
        them (bench/README.md)."""
        self._spawn(self._answer_open(msg, time.monotonic()))

    async def _answer_open(self, msg: Any, asked: float) -> None:
        """Open the table asked for at ``asked`` (time.monotonic()), and say so; one that
        waited its turn past :data:`ASK_STALE` is refused (``service_full``) unopened:
        the gateway would give up on it before its room was ready, and a worker behind
        on its asks spent itself on tables nobody would sit at."""
        try:
            ask = json.loads(msg.data)
            request = TableRequest.from_json(ask.get("table"))
            async with self._opening:
                if time.monotonic() - asked > ASK_STALE:
                    raise ServiceRefused(SERVICE_FULL, "too many tables asked for at once")
                opener = await self._opener(request, ask.get("table"))
                code = await self._open(request, str(ask.get("by", "")), opener)
            answer: dict[str, Any] = {"code": code}
        except ServiceRefused as exc:
            answer = {"error": exc.reason, "detail": exc.detail}
        except (ValueError, AttributeError) as exc:
            answer = {"error": BAD_TABLE, "detail": str(exc)[:200]}
        except Exception as exc:  # NATS away midway: the client may ask again
            log.warning("tables %s: opening a table: %r", self.name, exc)
            answer = {"error": UNREACHABLE}
        await msg.respond(json.dumps(answer).encode())

    async def _opener(self, request: TableRequest, table: Any) -> str:
        """The opener's key (hex), counted against its limits (game/net/rated.py): a rated
        table's, which must sign, or any other table's that is signed; "" if neither."""
        if not request.rated and not (isinstance(table, dict) and "player" in table):
            return ""
        public, _ = await rated.admit(self.players, table, self.per_hour)
        if not await rated.bump(self.players, f"open.{public.hex()}", self.per_player):
            raise ServiceRefused(TOO_MANY_TABLES, "this player's tables open")
        return public.hex()

    async def _open(self, request: TableRequest, by: str, opener: str = "") -> str:
        if len(self.tables) >= self.max_tables:
            raise ServiceRefused(SERVICE_FULL, f"this worker deals {len(self.tables)}")
        seed = random.SystemRandom().randrange(1 << 31)
        try:
            setup = request.setup(seed)
        except ValueError as exc:
            raise ServiceRefused(BAD_TABLE, str(exc)[:200]) from None
        table = _Table(secrets.token_hex(8), {"request": request.to_json(), "seed": seed,
                                              "by": by, "opener": opener})
        owner = RoomOwner()
        table.lease = await self.kv.create(f"lease.{table.id}", _lease(self.name))
        with self._lock:
            self.tables[table.id] = table
        try:
            await self._count(by, table.id, add=True)
            host = self._host(table, setup, request, owner, None)
            ready = await asyncio.get_running_loop().run_in_executor(
                self._room_waits, host.wait_ready, OPENING)
            status = host.status()
            if not ready or status.relay_code is None or host.relay_room is None:
                raise ServiceRefused(status.problem or UNREACHABLE, "no room on the relay")
            table.record.update(code=status.relay_code, room=host.relay_room.code,
                                ticket=host.relay_room.key.hex(), owner=owner.private.hex(),
                                digest=host.relay_digest)
            await self.kv.put(f"t.{table.id}", json.dumps(table.record).encode())
        except BaseException:
            await self._end(table)
            raise
        log.info("tables %s: opened %s (%s) for %s", self.name, table.id, request.game, by)
        return status.relay_code

    def _host(self, table: _Table, setup: GameSetup, request: TableRequest, owner: RoomOwner,
              resume: Optional[Resumed]) -> Host:
        """The table's host, started (see the module docstring)."""
        host = Host(setup, name=request.name, relay=self._gateways(),
                    stand_in=request.level, paced=False, limits=self.limits,
                    spectators=request.spectators, public=request.public,
                    chair=True, journal=lambda seat, action: self._journal(table, seat, action),
                    wake=lambda: self._wake(table),
                    on_start=lambda started: self._on_start(table, started),
                    on_lobby=lambda changed: self._on_lobby(table, changed), owner=owner,
                    resume=resume, shared=self.shared, stand_in_after=STAND_IN_AFTER,
                    identity=self.identity, players_only=request.rated, races=True)
        table.host = host
        if resume is not None and resume.state is not None:
            table.started = True
            self._wake(table)
        return host.start()

    def _gateways(self) -> Relay:
        """Every gateway, from one chosen at random: the tables' rooms spread over the
        fleet, and a table whose gateway dies takes its room back at the next (the
        host's rotation, game/net/link.py's ``open_gateway``)."""
        start = random.randrange(len(self.relays))
        return Relay(tuple(self.relays[start:] + self.relays[:start]))

    async def _count(self, by: str, table_id: str, add: bool) -> None:
        """Name (``add``) or forget table ``table_id`` among address ``by``'s tables open
        (by compare-and-set: fleet-wide), those whose lease is gone left out;
        :class:`ServiceRefused` ``too_many_tables`` when it would pass ``per_address``,
        or ``unreachable`` when an opening's count would not settle."""
        if not by:
            return
        key = "by." + by.encode().hex()
        async with self._counting:          # this worker's opens and ends count in turn
            await self._count_once(key, table_id, add)

    async def _count_once(self, key: str, table_id: str, add: bool) -> None:
        import nats.js.errors

        for _ in range(20):
            try:
                entry = await self.kv.get(key)
                named, last = _named(entry.value), entry.revision
            except nats.js.errors.KeyNotFoundError:
                named, last = [], None
            named = [t for t in named if t != table_id and await self._leased(t)]
            if add and len(named) >= self.per_address:
                raise ServiceRefused(TOO_MANY_TABLES, f"{len(named)} open")
            value = json.dumps(named + [table_id] if add else named).encode()
            try:
                if last is None:
                    await self.kv.create(key, value)
                else:
                    await self.kv.update(key, value, last=last)
                return
            except (nats.js.errors.KeyWrongLastSequenceError, nats.js.errors.BadRequestError):
                continue                        # another worker counted first: again
        if add:                                 # never a table past the count
            raise ServiceRefused(UNREACHABLE, "the count of the address's tables did not settle")
        log.warning("tables %s: %s: the count did not settle", self.name, key)

    async def _leased(self, table_id: str) -> bool:
        """Whether table ``table_id`` has a lease (it is open, or being taken over): at
        once if this worker deals it or its watch has the lease (a lease gone but not
        yet seen gone counts a moment longer: never a table past the limit), else asked
        of the bucket (a lease just written elsewhere, not mirrored yet).  Asking for
        every table an address names took an open a round trip a table: at 1,000
        tables from one address, 450 ms an open, in turn (bench/README.md)."""
        import nats.js.errors

        if table_id in self.tables or table_id in self.leases:
            return True
        try:
            entry = await self.kv.get(f"lease.{table_id}")
        except nats.js.errors.KeyNotFoundError:
            return False
        return bool(entry.value)

    # -- the journal and the start (the hosts' threads) ---------------------------------------
    def _journal(self, table: _Table, seat: int, action: Action) -> None:
        """Keep ``action`` in the table's log before anyone is told (Session.journal)."""
        assert self.loop is not None
        future = asyncio.run_coroutine_threadsafe(self._append(table, seat, action), self.loop)
        future.result(JOURNAL_WAIT)
        left = rated.left_now(table.host)
        if left != table.left:              # rare: kept with the table, for a takeover
            table.left = left
            table.record["left"] = sorted(left)
            asyncio.run_coroutine_threadsafe(
                self.kv.put(f"t.{table.id}", json.dumps(table.record).encode()), self.loop)

    async def _append(self, table: _Table, seat: int, action: Action) -> None:
        headers = {"Nats-Msg-Id": f"{table.id}:{table.count}",
                   "Nats-Expected-Last-Subject-Sequence": str(table.last)}
        ack = await self.js.publish(subject(table.id), json.dumps([seat, str(action)]).encode(),
                                    stream=STREAM, headers=headers)
        table.last = ack.seq
        table.count += 1

    def _on_start(self, table: _Table, host: Host) -> None:
        """The game begins: the final setup, the names and the seats' keys are kept with
        the table before anyone moves (Host's on_start)."""
        assert self.loop is not None and host.session is not None
        table.record.update(final=host.session.setup.to_json(), names=list(host.names),
                            keys={str(s): k.hex() for s, k in host.seat_keys().items()},
                            players={str(s): k.hex() for s, k in host.seat_players().items()})
        record = json.dumps(table.record).encode()
        asyncio.run_coroutine_threadsafe(self.kv.put(f"t.{table.id}", record),
                                         self.loop).result(JOURNAL_WAIT)
        table.started = True
        self._wake(table)

    def _on_lobby(self, table: _Table, host: Host) -> None:
        """The waiting room changed: who sits where, and the key each comes back by, are
        kept with the table (not waited for: a takeover before the next change finds the
        room as it stood at the last one kept)."""
        assert self.loop is not None
        table.record["lobby"] = [[seat, gid, name, key.hex()]
                                 for seat, gid, name, key in host.lobby_keys()]
        if "code" in table.record:           # kept once the table is
            record = json.dumps(table.record).encode()
            asyncio.run_coroutine_threadsafe(self.kv.put(f"t.{table.id}", record), self.loop)

    def _wake(self, table: _Table) -> None:
        """``table``'s computers may have a move to make (its session's wake, any thread)."""
        with self._due_lock:
            self._due.add(table.id)
        self._woken.set()

    def _pump(self) -> None:
        """Move the computers on of every started table that woke the pump, and of those
        with a computer thinking each :data:`SWEEP_EVERY` seconds (one may overrun its
        budget, :func:`_sweepable`), up to
        :data:`MOVERS` tables at once; a table whose log cannot keep a move (NATS away)
        is tried again :data:`STALLED_FOR` seconds later, said once.  Looking at every
        table every few milliseconds instead took a core at 500 tables; moving them on
        one after another, each move waiting for the stream's acknowledgement, a worker
        with 430 tables at play on a loaded machine kept 19 actions a second of them all
        (bench/README.md)."""
        swept = 0.0
        while not self._pumping.is_set():
            self._woken.wait(SWEEP_EVERY)
            self._woken.clear()
            now = time.monotonic()
            sweep = now - swept >= SWEEP_EVERY
            swept = now if sweep else swept
            with self._due_lock:
                due, self._due = self._due, set()
            with self._lock:
                tables = [t for t in self.tables.values() if
                          (t.id in due or sweep and _sweepable(t)) and
                          t.started and not t.ending and t.stalled <= now]
            for table in tables:
                with self._due_lock:
                    if table.id in self._moving:        # its mover looks again when done
                        self._due.add(table.id)
                        continue
                    self._moving.add(table.id)
                try:
                    self._movers.submit(self._move_on, table)
                except RuntimeError:                    # stopping
                    return

    def _move_on(self, table: _Table) -> None:
        """One table's computers moved on (a mover's thread); if it woke meanwhile, the
        pump is told again."""
        try:
            session = table.host.session if table.host is not None else None
            if session is not None:
                session.pump()
            table.stalled = 0.0
        except Exception as exc:  # the log away: the lease may go, another deals
            if not table.stalled:
                log.warning("tables %s: table %s cannot keep a move: %r", self.name,
                            table.id, exc)
            table.stalled = time.monotonic() + STALLED_FOR
        finally:
            with self._due_lock:
                self._moving.discard(table.id)
                again = table.id in self._due
            if again:
                self._woken.set()

    # -- leases ----------------------------------------------------------------------------
    async def _renew(self) -> None:
        """Say this worker is alive; unable to for :data:`LEASE_STALE` seconds (NATS
        away), it leaves every table: another worker may have taken them."""
        while True:
            await asyncio.sleep(LEASE_EVERY)
            try:
                await self.kv.put(f"alive.{self.name}", _lease(self.name))
                self.renewed = time.monotonic()
                if self.cut_off:            # every worker's silence counts from now on
                    self.heard = dict.fromkeys(self.heard, self.beats)
                    self.cut_off = False
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # NATS away: past LEASE_STALE the tables go
                self.cut_off = True
                log.info("tables %s: saying it is alive: %r", self.name, exc)
                if time.monotonic() - self.renewed > LEASE_STALE:
                    for table in list(self.tables.values()):
                        if not table.ending:
                            self._gave_up.add(table.id)
                            await self._drop(table)

    async def _drop(self, table: _Table) -> None:
        """Another worker deals ``table`` now (or will): leave it without a word."""
        await self._let_go(table, quiet=True)

    async def _let_go(self, table: _Table, quiet: bool) -> None:
        """Deal ``table`` no more: its host leaves without a word (``quiet``: another
        worker deals it) or says goodbye (it ends)."""
        table.ending = True
        with self._lock:
            self.tables.pop(table.id, None)
        if table.host is not None:
            await asyncio.to_thread(table.host.abandon if quiet else table.host.close)

    async def _watch(self, keys: str) -> None:
        """Mirror every table's lease, or every worker's heartbeat (``keys``): a table
        whose worker was not heard from for :data:`STALE_BEATS` of this worker's own
        heartbeats (no clock of another machine is trusted), or one its worker gave up on
        purpose (``at`` 0), is a table to take over; a table of ours another worker
        claimed is left.  Watched anew whenever NATS comes back (game/net/watching.py)."""
        await mirror(lambda: self.kv.watch(keys), self._heard, self.returns,
                     f"tables {self.name}: watching {keys}")

    def _heard(self, entry: Any) -> None:
        """One entry of the watch: a lease, or a heartbeat (None: the entries as they
        stood are all read)."""
        if entry is None:
            return
        kind, _, name = entry.key.partition(".")
        gone = entry.operation in ("DEL", "PURGE") or not entry.value
        if kind == "alive":
            if gone:
                self.heard.pop(name, None)
            else:
                self.beats += name == self.name
                self.heard[name] = self.beats
            return
        if gone:
            self.leases.pop(name, None)
            return
        try:
            lease = json.loads(entry.value)
            worker, at = str(lease["worker"]), float(lease.get("at", 0))
        except (ValueError, TypeError, KeyError, AttributeError):
            worker, at = "", 0.0
        self.leases[name] = (entry.revision, worker, at)
        self.heard.setdefault(worker, self.beats)       # silent from now on: stale
        table = self.tables.get(name)
        if table is not None and worker != self.name and not table.ending:
            log.warning("tables %s: table %s taken over", self.name, name)
            self._spawn(self._drop(table))

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    async def _look(self) -> None:
        """Take over the tables whose worker fell silent (module docstring), side by
        side."""
        room = asyncio.Semaphore(CLAIMS_AT_ONCE)

        async def claim(table_id: str, revision: int) -> None:
            try:
                async with room:
                    await self._claim(table_id, revision)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tables %s: taking %s over", self.name, table_id)
            finally:
                self._claiming.discard(table_id)

        while True:
            await asyncio.sleep(LOOK_EVERY)
            for table_id, revision in self._claimable():
                self._gave_up.discard(table_id)
                self._claiming.add(table_id)
                self._spawn(claim(table_id, revision))

    def _claimable(self) -> list[tuple[str, int]]:
        """The tables to claim (each with its lease's revision), as many as this worker
        may still deal: those of a worker silent for :data:`STALE_BEATS` of this one's
        heartbeats, those
        given up on purpose, and this worker's own that it left while it could not say
        it was alive; none while it cannot (its NATS away: the others' silence may be
        its own, and a table claimed then could not be read)."""
        room = self.max_tables - len(self.tables) - len(self._claiming)
        found: list[tuple[str, int]] = []
        if self.cut_off:
            return found
        for table_id, (revision, worker, at) in list(self.leases.items()):
            if len(found) >= room:
                break
            if table_id in self.tables or table_id in self._claiming:
                continue
            if not at or (table_id in self._gave_up if worker == self.name else
                          self.beats - self.heard.get(worker, self.beats) >= STALE_BEATS):
                found.append((table_id, revision))
        return found

    async def _claim(self, table_id: str, last: int) -> None:
        import nats.js.errors

        try:
            revision = await self.kv.update(f"lease.{table_id}", _lease(self.name), last=last)
        except (nats.js.errors.KeyWrongLastSequenceError, nats.js.errors.BadRequestError):
            return                                  # renewed meanwhile, or claimed first
        began = time.monotonic()
        table = _Table(table_id, {}, lease=revision)
        with self._lock:
            self.tables[table_id] = table
        try:
            await self._take_over(table)
        except _untakeable():
            log.exception("tables %s: table %s cannot be taken over: it ends", self.name,
                          table_id)
            await self._end(table)
            return
        except Exception as exc:  # NATS busy or away: the table is claimed again
            log.warning("tables %s: table %s not taken over now (%r): claimed again",
                        self.name, table_id, exc)
            await self._give_back(table)
            return
        log.warning("tables %s: took table %s over (%d actions, %.3f s)", self.name,
                    table_id, table.count, time.monotonic() - began)

    async def _give_back(self, table: _Table) -> None:
        """A claim that failed for a while (a timeout, JetStream's API busy: "service
        unavailable"): the table is let go unharmed and claimed again, by any worker
        (its lease given up, ``at`` 0), or by this one should that write fail too.
        Ending it, as every failed claim did, ended a game under way for a moment's
        overload: 62 of a dead worker's tables at once, their players told the host
        had gone (bench/README.md)."""
        self._gave_up.add(table.id)
        await self._let_go(table, quiet=True)
        try:
            await self.kv.update(f"lease.{table.id}", _lease(self.name, 0.0), last=table.lease)
        except Exception as exc:  # ours still: this worker's to claim again (_gave_up)
            log.info("tables %s: giving %s back: %r", self.name, table.id, exc)

    async def _take_over(self, table: _Table) -> None:
        """Read the table and its log, replay it, deal it from here."""
        # the record and the log side by side: one round trip to NATS, not two in turn
        entry, actions = await asyncio.gather(self.kv.get(f"t.{table.id}"), self._log(table))
        record = json.loads(entry.value)
        table.record = record
        table.left = set(record.get("left", ()))
        request = TableRequest.from_json(record["request"])
        final = record.get("final")
        setup = GameSetup.from_json(final) if final else request.setup(int(record["seed"]))
        # replayed off the loop: 16 claims side by side replaying hundreds of actions each
        # held it past its heartbeat, and the other workers took its tables from it
        state = await asyncio.to_thread(replay, setup.key, dict(setup.options),
                                        len(setup.seats), int(record["seed"]),
                                        actions) if final else None
        keys = {int(s): bytes.fromhex(k) for s, k in record.get("keys", {}).items()}
        names = tuple(record.get("names") or [spec.name for spec in setup.seats])
        lobby = tuple((int(seat), int(gid), str(name), bytes.fromhex(key))
                      for seat, gid, name, key in record.get("lobby", ())) if not final else ()
        resume = Resumed(Room(record["room"], bytes.fromhex(record["ticket"])), record["code"],
                         state, keys, names, lobby, record.get("digest"))
        owner = RoomOwner(bytes.fromhex(record["owner"]))
        self._host(table, setup, request, owner, resume)

    async def _log(self, table: _Table) -> list[list[Any]]:
        """The table's actions, in order, as the stream keeps them; the sequence of the
        last is where this worker's appends go on from (game/net/table_log.py: one round
        trip to NATS, no call of JetStream's API)."""
        actions, table.last = await read_log(self.nc, self.js, self.jsm, STREAM,
                                             subject(table.id))
        table.count = len(actions)
        return actions

    # -- ending ------------------------------------------------------------------------------
    async def _tidy(self) -> None:
        """End the tables nobody sits at (for ``empty_after``) and the games over whose
        people have gone."""
        while True:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            for table in list(self.tables.values()):
                host = table.host
                if host is None or table.ending:
                    continue
                status = host.status()
                present = status.watchers or any(s.present for s in status.seats)
                if present:
                    table.quiet_since = now
                over = host.session is not None and host.session.over
                if over and not table.over_since:
                    table.over_since = now
                    self._rate(table)
                if (over and (not present or now - table.over_since > OVER_LINGER)) or \
                        now - table.quiet_since > self.empty_after or \
                        status.state not in (PLAYING, WAITING, STARTING):
                    await self._end(table)

    async def _end(self, table: _Table) -> None:
        """The table ends: its host says goodbye, what the service kept of it goes."""
        await self._let_go(table, quiet=False)
        try:
            await self._count(table.record.get("by", ""), table.id, add=False)
            if table.record.get("opener"):
                await rated.bump(self.players, f"open.{table.record['opener']}", 0, -1)
            await self.kv.delete(f"t.{table.id}")
            await self.kv.delete(f"lease.{table.id}")
        except Exception as exc:  # NATS away: the entries stay (a lease nobody renews is
            log.info("tables %s: forgetting %s: %r", self.name, table.id, exc)  # claimed)
        asyncio.get_running_loop().call_later(ENDED_KEPT, self._purge, table.id)
        log.info("tables %s: table %s ended", self.name, table.id)

    def _rate(self, table: _Table) -> None:
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


def _untakeable() -> tuple[type[BaseException], ...]:
    """What makes a table impossible to take over, for good: its record gone (a table
    being opened when its worker died, or ended: never written, or deleted), a log or a
    record that does not read.  Anything else (NATS late, busy or away) passes."""
    import nats.js.errors

    return (nats.js.errors.KeyNotFoundError, nats.js.errors.KeyDeletedError, LogError,
            ValueError, KeyError, TypeError)


def _sweepable(table: _Table) -> bool:
    """Whether the sweep moves ``table`` on: its log could not keep a move, or one of its
    computers thinks (and may overrun its budget).  Any other table has nothing to do
    until its session wakes the pump; sweeping every table moved each on every
    :data:`SWEEP_EVERY` seconds for nothing, through a mover's thread: at 100 tables
    three pumps in four (bench/README.md)."""
    session = table.host.session if table.host is not None else None
    if session is None:
        return False
    return bool(table.stalled) or any(session.computers.thinking(seat)
                                      for seat in range(session.seats))


def _named(value: Optional[bytes]) -> list[str]:
    """The table ids an address's entry names (anything else there: none)."""
    try:
        named = json.loads(value or b"[]")
    except ValueError:
        return []
    return [str(t) for t in named] if isinstance(named, list) else []


def _lease(worker: str, at: Optional[float] = None) -> bytes:
    """A lease's (or a heartbeat's) value: the worker, and when (0: given up)."""
    return json.dumps({"worker": worker, "at": time.time() if at is None else at}).encode()


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
