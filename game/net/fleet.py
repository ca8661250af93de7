"""A fleet of relay gateways over NATS: many processes, on many machines, that clients
reach through one name, with the rooms in NATS JetStream key-value and the traffic
between gateways on NATS subjects (NATS, an existing distributed message system:
nothing home-made carries traffic between machines)::

    python -m game.net.relay --nats nats://HOST:4222 --secret-file SHARED [--listen ...]

Each gateway is the relay of game/net/relay.py with a :class:`FleetDirectory`: the
room logic is the relay's, run in the room's **home**, the gateway its host is
connected to.  What is shared:

* **rooms** (bucket ``tavolata-rooms``): room code -> ``{"owner": HEX, "home":
  GATEWAY, "held": BOOL, "by": ADDRESS, "at": HOST:PORT}`` (``at``: the home's
  ``--public`` address, where the other gateways send the room's guests with a
  ``moved``, game/net/relay.py; empty if none; ``w``: the wall-clock time it was
  written).  A home writes each room when it opens, is held, comes back, and
  deletes it when it ends or its hold runs out; each gateway mirrors the bucket (a
  watch), so finding a room costs no round trip.  What tells a live room from a
  dead one is its home's beats, not a rewrite of every room: a room whose home
  beats is there; a room whose home has fallen silent is gone once the relay's
  hold (``Limits.room_hold``) has passed since the later of its home's last beat
  and its writing.  So a gateway's rooms cost the fleet nothing while they last (a
  rewrite of each room every quarter of the hold, mirrored by every gateway, cost
  each gateway a share of a core that grew with the fleet's rooms: bench/README.md).
  The bucket keeps an entry :data:`ROOMS_KEPT` after its last write (its TTL: what
  sweeps away the rooms of a gateway that died), so a home writes its rooms again
  every quarter of that and whenever it reaches NATS again (a write given up while
  NATS was away, a new cluster's empty store), and deletes the entries under its
  name that it does not hold (a delete given up, a life before a restart under the
  same ``--gateway`` name); a gateway that joins after a home died reads that
  home's rooms as written, and takes them for gone once the hold has passed since.
  A room code is free if no gateway has it; a reclaim on another gateway (the
  host's ticket and signature, checked with the fleet's shared secret, exactly as
  alone) makes that gateway its home, and the old home, seeing the new entry,
  lets go of the room (its guests are sent to reconnect);
* **public tables** (bucket ``tavolata-tables``, TTL 60 s): room -> the listing
  its host said in ``!public`` (game/net/listing.py), put by the room's home and
  renewed by the host every 20 s, deleted when the table goes private, is held or
  ends; every gateway answers listers from its mirror of the bucket;
* **beats** (``tavolata.beat.GATEWAY``, every :data:`BEAT` s): a gateway silent
  for :data:`SILENT` s is taken for dead (and a gateway that loses NATS, even for a
  moment, closes its pipes: NATS carries a message at most once, and a game line
  lost in that moment could leave a game waiting for it): its rooms are *away* (a guest asking
  hears ``host_away`` and tries again, as for a held room), and every connection
  piped to or from it is closed (its clients reconnect to any gateway and carry on);
* **pipes**: a guest whose room lives elsewhere, and who is not sent there (a
  client of relay protocol 3, a second hop, a home its client could not reach,
  or a home without ``at``), is handed there: its own gateway
  (the *edge*) keeps the TCP connection and its limits, and forwards its bytes
  unread on ``tavolata.home.HOME.PIPE``; the home runs the relay's connection
  logic on them (pairing, the guess turns, heartbeats) and what it writes comes
  back on ``tavolata.edge.EDGE.PIPE``.  Sealed lines stay sealed: no gateway can
  read them.  Between two gateways a pipe's messages are ordered (one subscription
  each way, one sender per gateway).

A gateway that dies loses only its connections: its hosts reconnect (to any
gateway) and take their rooms back with ticket and signature; its guests
reconnect and are piped to the new home; the seats are the host's to give back,
as after any drop.  NATS restarted: beats stop, pipes close, every client
reconnects once NATS is back (nats-py reconnects by itself; the bucket is on
disk, and each gateway watches its buckets anew: a watcher of the server that
went would wait for ever, game/net/watching.py).

**A NATS cluster** under the gateways (servers joined by their cluster ports,
JetStream on in each) keeps the fleet going when one NATS server goes: give each
gateway ``--replicas 3`` (every gateway the same), so that each bucket is kept on
three servers and written once two of them have it (a quorum; the buckets of a
fleet that ran on one server must be removed first: a bucket's copies are fixed
when it is made).  Each gateway names one server (or several, comma separated)
and learns the others from it; a gateway whose server goes reconnects to another
at once, and closes its pipes as for any loss of NATS (their clients reconnect and
carry on).  While a quorum of servers is up, rooms, listings and counts are all
there; with fewer, writes wait (a new room's code is given once written) until
servers come back.

The defences of the relay and of game/net/guard.py hold fleet-wide wherever they
guard what the gateways share (the room codes and the rooms):

* **rooms per address**: each room's entry says who opened it (``by``), so a host
  opening rooms in a loop meets ``rooms_per_address`` in the whole fleet;
* **room codes that do not exist** (bucket ``tavolata-misses``): address (the hex
  of game/net/guard.py's key) -> ``{"left": N, "at": WALL-CLOCK}``, the misses it has left
  (:class:`~game.net.directory.Misses`: 10, then one every 10 s).  Each miss is
  taken from its address's allowance by compare-and-set on the entry's revision
  (``update(last=...)``; a gateway that lost the race reads again) *before* it is
  answered, and answered ``no_such_room`` only if there was one to take (else the
  connection is closed without a word): however many connections, on however many
  gateways, a guesser has one allowance, and no gateway leads.  An address's misses
  are taken one after another, different addresses' at once (a slow round trip for
  a guesser delays no one else's mistyped code).  Every gateway also mirrors the
  bucket (a watch), to turn an address with nothing left away when it connects,
  without a round trip.  A miss costs one read and one write to NATS (an
  honest mistyped code is answered a millisecond later); with NATS away for a
  moment, the gateway's own count answers.  Key-value, not subjects: the counts
  outlive a gateway, and a gateway that joins later reads them.  The bucket's TTL is
  the time an empty allowance takes to refill (100 s): an entry that expires says no
  more than a whole allowance does;
* **wrong passwords at a room** (:class:`~game.net.secure.Guesses`, per address and
  room): kept by the room's home, where every guest of that room is piped, so
  attempts through every gateway take their turns in one queue.  A room that moves
  (its host takes it back on another gateway) starts a new slate: a move is its
  host's doing, never a guesser's.

**Tables the service deals** (game/net/tables.py): a client's ``open`` (game/net/
service.py) is a NATS request on :data:`OPEN_SUBJECT`, answered by one of the table
workers (a queue group); the worker then holds the table's room as its host, on
any gateway, like any host.

Kept by each gateway alone, on purpose: the connections per address and in all, the
byte budget and the half-line timer.  They guard the gateway's own file descriptors
and memory, which no other gateway shares: an address holding its 64 connections on
each of three gateways takes no more of any one than of a relay alone, while a
fleet-wide count would make every accept wait for NATS (and turn everyone away while
NATS is gone).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import signal
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Coroutine, Optional

from game.net.directory import Directory, Elsewhere, Misses, Pipe, Unreachable
from game.net.fleet_misses import MISSES_BUCKET, MissCounts
from game.net.guard import address_key
from game.net.listing import LISTING_TTL, Listing, PublicTables
from game.net.protocol import BAD_BOARD, HOST_AWAY, NO_SERVICE, UNREACHABLE
from game.net.watching import Returns, mirror

if TYPE_CHECKING:
    from game.net.relay import Relay

log = logging.getLogger(__name__)

#: seconds between a gateway's beats, and of silence after which it is taken for dead
BEAT = 0.5
SILENT = 2.5
#: seconds the rooms bucket keeps an entry after its last write (at least the hold)
ROOMS_KEPT = 1800.0
ROOMS_BUCKET = "tavolata-rooms"
TABLES_BUCKET = "tavolata-tables"
PREFIX = "tavolata"
#: where a gateway asks the table workers to open a table (game/net/tables.py), and how
#: long it waits for their answer
OPEN_SUBJECT = f"{PREFIX}.tables.open"
#: where a gateway asks the ratings keepers for a leaderboard (game/net/keeper.py)
BOARD_SUBJECT = f"{PREFIX}.board"
OPEN_TIMEOUT = 8.0
#: pipe messages: the first byte says what the rest is
OPEN, DATA, END, CLOSE, ABORT = b"o", b"d", b"e", b"c", b"a"


def until_stopped(prog: str, url: str, run: Callable[[], Awaitable[None]],
                  stop: Callable[[], None]) -> int:
    """Run a service process's ``run()`` until SIGTERM or SIGINT calls ``stop``: its exit
    code (1, said in one line, when NATS at ``url`` cannot be reached)."""
    async def serve() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop)
        await run()

    try:
        asyncio.run(serve())
    except OSError as exc:
        print(f"{prog}: cannot reach NATS at {url}: {exc}", flush=True)
        return 1
    return 0


def fleet_available() -> Optional[str]:
    """Why a fleet cannot run here (nats-py missing), or None."""
    try:
        import nats  # noqa: F401
    except ImportError:
        return "the fleet needs nats-py: pip install 'tavolata[fleet]'"
    return None


@dataclass
class _Entry:
    owner: bytes
    home: str
    held: bool
    by: str              # the address that opened it (game/net/guard.py's key)
    seen: float          # monotonic time it was written, as well as this gateway can tell
    at: str = ""         # where clients reach its home (HOST:PORT)


class _EdgePipe(Pipe):
    """The guest's end: bytes from its socket go to the home, unread."""

    def __init__(self, fleet: "FleetDirectory", conn: Any, home: str, name: str) -> None:
        self.fleet, self.conn, self.home, self.name = fleet, conn, home, name
        self.subject = f"{PREFIX}.home.{home}.{name}"
        self.ended = False

    def send(self, data: bytes) -> None:
        if not self.ended:
            self.fleet.send(self.subject, DATA + data)

    def end(self) -> None:
        if not self.ended:
            self.ended = True
            self.fleet.send(self.subject, END)
            self.fleet.edges.pop(self.name, None)

    def cut(self) -> None:
        """The home is gone: close the guest's connection (it reconnects)."""
        self.ended = True
        self.fleet.edges.pop(self.name, None)
        self.conn.close()


class _PipeTransport(asyncio.Transport):
    """The home's end: to the relay's connection logic, a transport like a socket's;
    what it writes goes back to the guest's gateway."""

    def __init__(self, fleet: "FleetDirectory", edge: str, name: str, ip: str) -> None:
        super().__init__()
        self.fleet, self.edge, self.name, self.ip = fleet, edge, name, ip
        self.subject = f"{PREFIX}.edge.{edge}.{name}"
        self.protocol: Any = None
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return (self.ip, 0) if name == "peername" else default

    def write(self, data: bytes) -> None:  # type: ignore[override]
        if not self.closed:
            self.fleet.send(self.subject, DATA + bytes(data))

    def get_write_buffer_size(self) -> int:
        return 0             # the edge drops a guest that does not read

    def pause_reading(self) -> None:
        """The edge paces the guest's bytes."""

    def resume_reading(self) -> None:
        pass

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self._finish(CLOSE)

    def abort(self) -> None:
        self._finish(ABORT)

    def _finish(self, how: Optional[bytes]) -> None:
        if self.closed:
            return
        self.closed = True
        if how is not None:
            self.fleet.send(self.subject, how)
        self.fleet.homes.pop(self.name, None)
        asyncio.get_running_loop().call_soon(self.protocol.connection_lost, None)

    def ended(self) -> None:
        """The guest's connection ended at its gateway, or that gateway is gone."""
        self._finish(None)


class _FleetTables(PublicTables):
    """The public tables of the whole fleet: what this gateway's hosts put or remove goes
    to the bucket (whose TTL is the listing's), and the list is the bucket's mirror."""

    def __init__(self, fleet: "FleetDirectory") -> None:
        super().__init__()
        self.fleet = fleet

    def put(self, listing: Listing) -> None:
        super().put(listing)
        self.fleet.write(TABLES_BUCKET, listing.room, json.dumps(listing.to_json()).encode())

    def remove(self, room: str) -> None:
        if room in self._tables:
            super().remove(room)
            self.fleet.write(TABLES_BUCKET, room, None)

    def mirror(self, room: str, value: Optional[bytes]) -> None:
        """What the bucket says of ``room``'s listing (None: gone)."""
        if value is None:
            super().remove(room)
            return
        try:
            super().put(Listing.from_json(json.loads(value)))
        except (ValueError, RecursionError):
            log.warning("fleet %s: an unreadable listing for room %s", self.fleet.name, room)


class _FleetMisses(Misses):
    """The room codes every gateway's clients tried that do not exist, by address: each
    miss here is taken from the address's allowance in the bucket before it is
    answered (atomically: game/net/fleet_misses.py), and what the bucket says
    is mirrored here (for :meth:`cooling`, without a round trip)."""

    def __init__(self, fleet: "FleetDirectory", rate: float, burst: float) -> None:
        super().__init__(rate, burst)
        self.fleet = fleet

    def take(self, key: str, then: Callable[[bool], None]) -> None:
        here = self.take_here(key)              # this gateway's mirror knows at once
        self.fleet.count(key, here, then)

    def mirror(self, name: str, value: Optional[bytes]) -> None:
        """What the bucket says of the address whose key is ``name`` (None: gone)."""
        try:
            key = bytes.fromhex(name).decode()
            if value is None:
                self.buckets.pop(key, None)
                return
            stored = json.loads(value)
            self.set(key, float(stored["left"]), float(stored["at"]))
        except (ValueError, KeyError, TypeError):
            log.warning("fleet %s: an unreadable count of misses for %s", self.fleet.name, name)


class FleetDirectory(Directory):
    """The directory of a gateway in a fleet: see the module docstring.  ``url``: the
    NATS server (or servers, comma separated); ``name``: this gateway's (random);
    ``replicas``: the copies a NATS cluster keeps of each bucket (module docstring)."""

    def __init__(self, url: str, name: Optional[str] = None, bucket: str = ROOMS_BUCKET,
                 replicas: int = 1) -> None:
        self.url = url
        self.name = name or secrets.token_hex(4)
        self.bucket = bucket
        self.replicas = replicas
        self.relay: Optional["Relay"] = None
        self.nc: Any = None
        self.kv: Any = None
        self.ttl = 120.0                            # the relay's hold
        self.kept = ROOMS_KEPT                      # the rooms bucket's TTL
        self.rooms: dict[str, _Entry] = {}          # the mirror of the bucket
        self.beats: dict[str, float] = {}           # gateway -> when last heard
        self.edges: dict[str, _EdgePipe] = {}
        self.homes: dict[str, _PipeTransport] = {}
        self.writing: dict[str, int] = {}           # code -> writes queued
        self.written: dict[str, int] = {}           # code -> revision of our last write
        self.tables = _FleetTables(self)
        self.missed: Optional[_FleetMisses] = None
        #: the misses taken from the fleet's count of each address, one after another
        self.counts = MissCounts(self)
        self.buckets: dict[str, Any] = {}
        self._out: deque[tuple[str, bytes]] = deque()
        self._out_ready = asyncio.Event()
        self._writes: "asyncio.Queue[tuple[str, str, Optional[bytes]]]" = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._mirrored = asyncio.Event()
        self._pipes = 0
        self._jobs: set[asyncio.Task[None]] = set()    # look-ups and counts under way
        self._read = 0                              # buckets read whole
        self.returns = Returns()                    # NATS came back: the buckets watched anew
        self._stored: dict[str, list[Callable[[], None]]] = {}   # code -> told once written

    # -- starting and stopping -----------------------------------------------------------
    async def start(self, relay: "Relay") -> None:
        import nats

        self.relay = relay
        self.ttl = relay.limits.room_hold
        self.kept = max(ROOMS_KEPT, self.ttl)
        self._out_ready = asyncio.Event()
        self._writes = asyncio.Queue()
        self._mirrored = asyncio.Event()
        try:
            await asyncio.wait_for(self._connect(), 2 * relay.limits.connect_timeout)
        except (OSError, asyncio.TimeoutError, nats.errors.Error) as exc:
            raise Unreachable(f"no NATS server with JetStream at {self.url}: {exc!r}") from None
        await self.nc.subscribe(f"{PREFIX}.beat.*", cb=self._on_beat)
        await self.nc.subscribe(f"{PREFIX}.home.{self.name}.*", cb=self._on_home)
        await self.nc.subscribe(f"{PREFIX}.edge.{self.name}.*", cb=self._on_edge)
        loop = asyncio.get_running_loop()
        for job in (self._sender(), self._writer(), self._watch(ROOMS_BUCKET, self._mirror),
                    self._watch(TABLES_BUCKET, self._mirror_table),
                    self._watch(MISSES_BUCKET, self._mirror_misses),
                    self._beat(), self._refresh()):
            self._tasks.append(loop.create_task(job))
        await asyncio.wait_for(self._mirrored.wait(), 10)       # both buckets read
        self._tidy()
        await asyncio.sleep(2 * BEAT)              # hear the other gateways before serving

    async def _connect(self) -> None:
        """NATS, reconnecting by itself for as long as the gateway runs, and the buckets."""
        import nats
        from nats.js.api import KeyValueConfig, StorageType

        self.nc = await nats.connect(self.url.split(","), name=f"tavolata-gateway-{self.name}",
                                     max_reconnect_attempts=-1, reconnect_time_wait=0.2,
                                     connect_timeout=5, allow_reconnect=True,
                                     error_cb=self._nats_error,
                                     disconnected_cb=self._nats_down,
                                     reconnected_cb=self._nats_back)
        js = self.nc.jetstream()
        assert self.missed is not None
        ttls = {self.bucket: self.kept, TABLES_BUCKET: LISTING_TTL,
                MISSES_BUCKET: self.missed.burst / self.missed.rate}
        made = [await js.create_key_value(KeyValueConfig(
            bucket=name, ttl=ttl, history=1, storage=StorageType.FILE, replicas=self.replicas))
            for name, ttl in ttls.items()]
        self.kv = made[0]
        self.buckets = dict(zip((ROOMS_BUCKET, TABLES_BUCKET, MISSES_BUCKET), made))

    async def close(self) -> None:
        tasks = [*self._tasks, *self._jobs]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.nc is not None:
            try:
                await asyncio.wait_for(self.nc.close(), 2.0)
            except Exception:  # NATS already gone: nothing to say goodbye to
                log.info("fleet %s: left NATS without a goodbye", self.name)

    async def _nats_error(self, exc: Exception) -> None:
        """A slow consumer's messages were dropped by NATS: as when NATS goes away."""
        import nats
        log.info("fleet %s: NATS: %s", self.name, exc)
        if isinstance(exc, nats.errors.SlowConsumerError):
            self._cut_pipes()

    async def _nats_down(self) -> None:
        """NATS carries a message at most once: what was on the way may be lost, and a
        game line lost at the end of a burst would never be missed (nothing after it
        to fail its count), so every pipe closes now and its client comes back."""
        log.warning("fleet %s: NATS connection lost; reconnecting", self.name)
        self._cut_pipes()

    def _cut_pipes(self) -> None:
        """Close every pipe, both ends: their clients reconnect."""
        for pipe in list(self.edges.values()):
            pipe.cut()
        for transport in list(self.homes.values()):
            transport.ended()

    async def _nats_back(self) -> None:
        """Write every room of ours again: a write given up while NATS was away, or a
        store that came back empty (a new cluster's), would leave it out until the next
        rewrite."""
        log.warning("fleet %s: NATS connection back", self.name)
        self.returns.back()
        self._rewrite()

    # -- what the relay asks -------------------------------------------------------------------
    def _entry(self, code: str) -> Optional[_Entry]:
        entry = self.rooms.get(code)
        if entry is None or entry.home == self.name:
            return None
        if not self._current(entry, time.monotonic()):
            del self.rooms[code]
            return None
        return entry

    def _current(self, entry: _Entry, now: float) -> bool:
        """Another home's room is there while its home beats, and for the hold after the
        later of its last beat and the room's writing (the module docstring)."""
        if self.alive(entry.home):
            return True
        return now - max(entry.seen, self.beats.get(entry.home, entry.seen)) <= self.ttl

    def public_tables(self) -> PublicTables:
        return self.tables

    def misses(self, rate: float, burst: float) -> Misses:
        self.missed = _FleetMisses(self, rate, burst)
        return self.missed

    def alive(self, gateway: str) -> bool:
        return gateway == self.name or \
            time.monotonic() - self.beats.get(gateway, -SILENT) < SILENT

    def rooms_of(self, address: str) -> int:
        now = time.monotonic()
        return sum(1 for entry in self.rooms.values() if entry.by == address and
                   entry.home != self.name and self._current(entry, now))

    def owner_of(self, code: str) -> Optional[bytes]:
        entry = self._entry(code)
        return entry.owner if entry is not None else None

    def elsewhere(self, code: str) -> Optional[Elsewhere]:
        entry = self._entry(code)
        if entry is None:
            return None
        return Elsewhere(entry.owner, entry.home, entry.held or not self.alive(entry.home),
                         entry.at)

    def look_up(self, code: str, then: Callable[[], None]) -> bool:
        """A room just opened on another gateway may not be in the mirror yet: ask the
        bucket itself."""
        self._spawn(self._look_up(code, then))
        return True

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` on its own, kept (and cancelled at close) until it ends."""
        task = asyncio.get_running_loop().create_task(job)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    async def _look_up(self, code: str, then: Callable[[], None]) -> None:
        try:
            entry = await self.kv.get(code)
        except asyncio.CancelledError:
            raise
        except Exception:  # not there (KeyNotFoundError), or NATS away: no such room
            entry = None
        if entry is not None:
            self._mirror(entry)
        then()

    def opened(self, code: str, owner: bytes) -> None:
        self._put(code, owner, held=False)

    def when_stored(self, code: str, then: Callable[[], None]) -> None:
        if code in self.writing:
            self._stored.setdefault(code, []).append(then)
        else:
            then()

    def held(self, code: str, owner: bytes) -> None:
        self._put(code, owner, held=True)

    def forgotten(self, code: str) -> None:
        self._queue_write(code, None)

    def pipe(self, conn: Any, there: Elsewhere, code: str) -> None:
        if isinstance(conn.transport, _PipeTransport):     # handed here, and moved since
            conn.refuse(HOST_AWAY)
            return
        self._pipes += 1
        name = f"{self.name}x{self._pipes}"
        pipe = _EdgePipe(self, conn, there.home, name)
        self.edges[name] = pipe
        assert self.relay is not None
        self.relay.stats["piped"] += 1
        self.send(pipe.subject, OPEN + json.dumps({"code": code, "ip": conn.ip,
                                                   "edge": self.name}).encode())
        conn.hand_over(pipe)

    def open_table(self, table: Any, address: str,
                   then: Callable[[Optional[str], str], None]) -> None:
        """Ask the table workers (their queue group, game/net/tables.py) to open
        ``table``; answered by ``then`` (see :class:`~game.net.directory.Directory`)."""
        self._spawn(self._open_table(table, address, then))

    async def _open_table(self, table: Any, address: str,
                          then: Callable[[Optional[str], str], None]) -> None:
        answer, reason = await self._ask(OPEN_SUBJECT, {"table": table, "by": address},
                                         "opening a table")
        code = answer.get("code") if answer is not None and not reason else None
        then(code if isinstance(code, str) else None, reason or NO_SERVICE)

    def ask_board(self, ask: Any, then: Callable[[Optional[dict[str, Any]], str], None]) -> None:
        """Ask the ratings keepers (game/net/keeper.py) for a board: see
        :class:`~game.net.directory.Directory`."""
        asked = ask if isinstance(ask, dict) else {}
        question = {"game": str(asked.get("game", ""))[:32], "key": str(asked.get("key", ""))[:64]}

        async def board() -> None:
            answer, reason = await self._ask(BOARD_SUBJECT, question, "asking for a board")
            then(None if reason else answer, reason)
        self._spawn(board())

    async def _ask(self, subject: str, question: dict[str, Any],
                   doing: str) -> tuple[Optional[dict[str, Any]], str]:
        """One NATS request to the service (its workers' or keepers' queue group): the
        answer, and the reason it is none ("" when it is one; the answer's own ``error``,
        ``no_service`` when nobody answers that subject, ``unreachable`` when NATS is
        away or the answer is late)."""
        import nats.errors

        try:
            reply = await self.nc.request(subject, json.dumps(question).encode(),
                                          timeout=OPEN_TIMEOUT)
            answer = json.loads(reply.data)
        except asyncio.CancelledError:
            raise
        except nats.errors.NoRespondersError:
            return None, NO_SERVICE
        except Exception as exc:  # NATS away, a worker that did not answer in time
            log.info("fleet %s: %s: %r", self.name, doing, exc)
            return None, UNREACHABLE
        if not isinstance(answer, dict):
            return None, BAD_BOARD if subject == BOARD_SUBJECT else NO_SERVICE
        return answer, str(answer.get("error", ""))

    # -- the bucket ------------------------------------------------------------------------
    def _put(self, code: str, owner: bytes, held: bool) -> None:
        assert self.relay is not None
        room = self.relay.rooms.get(code)
        by = address_key(room.owner) if room is not None else ""
        value = json.dumps({"owner": owner.hex(), "home": self.name, "held": held, "by": by,
                            "at": self.relay.public or "", "w": round(time.time(), 3)})
        self._queue_write(code, value.encode())

    def _queue_write(self, code: str, value: Optional[bytes]) -> None:
        self.writing[code] = self.writing.get(code, 0) + 1
        self.write(ROOMS_BUCKET, code, value)

    def write(self, bucket: str, key: str, value: Optional[bytes]) -> None:
        """Put ``value`` under ``key`` in ``bucket`` (None: delete it), soon, in order."""
        self._writes.put_nowait((bucket, key, value))

    async def _writer(self) -> None:
        """The buckets' writes, one at a time, in order (a delete after a put stays after)."""
        while True:
            bucket, key, value = await self._writes.get()
            kv = self.buckets[bucket]
            for attempt in range(20):
                try:
                    if value is None:
                        await kv.delete(key)
                    else:
                        revision = await kv.put(key, value)
                        if bucket == ROOMS_BUCKET:
                            self.written[key] = revision
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # NATS away: keep the write for when it is back
                    log.info("fleet %s: writing %s %s: %s", self.name, bucket, key, exc)
                    await asyncio.sleep(min(2.0, 0.1 * 2 ** attempt))
            if bucket != ROOMS_BUCKET:
                continue
            left = self.writing.get(key, 1) - 1
            if left:
                self.writing[key] = left
            else:
                self.writing.pop(key, None)
                if value is None:
                    self.written.pop(key, None)
                for then in self._stored.pop(key, ()):
                    then()

    async def _refresh(self) -> None:
        """Every quarter of the bucket's TTL: write again every room whose host is here,
        delete the entries under this gateway's name of rooms it does not hold, and
        forget the mirror's rooms that are gone (their homes silent for the hold)."""
        while True:
            await asyncio.sleep(self.kept / 4)
            self._rewrite()
            self._tidy()
            now = time.monotonic()
            for code, entry in list(self.rooms.items()):
                if entry.home != self.name and not self._current(entry, now):
                    del self.rooms[code]

    def _rewrite(self) -> None:
        """Write again every room whose host is here."""
        assert self.relay is not None
        for code, room in list(self.relay.rooms.items()):
            if room.host is not None:
                self._put(code, room.owner_key, held=False)

    def _tidy(self) -> None:
        """Delete the bucket's entries under this gateway's name that it does not hold."""
        assert self.relay is not None
        for code, entry in list(self.rooms.items()):
            if entry.home == self.name and code not in self.relay.rooms and \
                    code not in self.writing:
                self._queue_write(code, None)

    async def _watch(self, bucket: str, each: Callable[[Any], None]) -> None:
        """Mirror ``bucket``, entry by entry; watched anew whenever NATS comes back
        (game/net/watching.py)."""
        read = False

        def seen(entry: Any) -> None:
            nonlocal read
            if entry is not None:
                each(entry)
            elif not read:
                read = True
                self._read += 1
                if self._read == len(self.buckets):
                    self._mirrored.set()
        await mirror(lambda: self.buckets[bucket].watchall(), seen, self.returns,
                     f"fleet {self.name}: watching {bucket}")

    def _mirror_misses(self, entry: Any) -> None:
        assert self.missed is not None
        gone = entry.operation in ("DEL", "PURGE") or not entry.value
        self.missed.mirror(entry.key, None if gone else entry.value)

    def count(self, key: str, here: bool, then: Callable[[bool], None]) -> None:
        """Take a miss from address ``key``'s allowance in the bucket (game/net/
        fleet_misses.py), then answer ``then`` whether it had one."""
        self.counts.count(key, here, then)

    def _mirror_table(self, entry: Any) -> None:
        gone = entry.operation in ("DEL", "PURGE") or not entry.value
        self.tables.mirror(entry.key, None if gone else entry.value)

    def _mirror(self, entry: Any) -> None:
        """A room's entry; a room of ours that another gateway took is let go."""
        code = entry.key
        if entry.operation in ("DEL", "PURGE") or not entry.value:
            self.rooms.pop(code, None)
            return
        try:
            value = json.loads(entry.value)
            age = time.time() - float(value.get("w", time.time()))   # a clock behind: now
            mirrored = _Entry(bytes.fromhex(value["owner"]), str(value["home"]),
                              bool(value["held"]), str(value.get("by", "")),
                              time.monotonic() - min(max(0.0, age), self.kept),
                              str(value.get("at", "")))
        except (ValueError, KeyError, TypeError):
            log.warning("fleet %s: room %s: unreadable entry", self.name, code)
            return
        self.rooms[code] = mirrored
        relay = self.relay
        if mirrored.home != self.name and relay is not None and code in relay.rooms \
                and code not in self.writing and entry.revision > self.written.get(code, 0):
            relay.moved(code)

    # -- beats ---------------------------------------------------------------------------------
    async def _beat(self) -> None:
        subject = f"{PREFIX}.beat.{self.name}"
        while True:
            self.send(subject, b"")
            self._cut_the_silent()
            await asyncio.sleep(BEAT)

    async def _on_beat(self, msg: Any) -> None:
        self.beats[msg.subject.rsplit(".", 1)[1]] = time.monotonic()

    def _cut_the_silent(self) -> None:
        """Close every pipe to or from a gateway that has fallen silent."""
        for pipe in [p for p in self.edges.values() if not self.alive(p.home)]:
            log.info("fleet %s: gateway %s silent: guest sent to reconnect", self.name, pipe.home)
            pipe.cut()
        for transport in [t for t in self.homes.values() if not self.alive(t.edge)]:
            transport.ended()

    # -- pipes ---------------------------------------------------------------------------------
    def send(self, subject: str, payload: bytes) -> None:
        """Publish, in order, without waiting (the relay's callbacks cannot)."""
        self._out.append((subject, payload))
        self._out_ready.set()

    async def _sender(self) -> None:
        while True:
            await self._out_ready.wait()
            self._out_ready.clear()
            while self._out:
                subject, payload = self._out.popleft()
                try:
                    await self.nc.publish(subject, payload)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # NATS away and its buffer full: the pipe breaks
                    log.info("fleet %s: publishing: %s", self.name, exc)

    async def _on_home(self, msg: Any) -> None:
        """A guest's bytes from its gateway, for a room of ours."""
        name = msg.subject.rsplit(".", 1)[1]
        kind, data = msg.data[:1], msg.data[1:]
        transport = self.homes.get(name)
        if kind == DATA and transport is not None:
            transport.protocol.data_received(data)
        elif kind == END and transport is not None:
            transport.ended()
        elif kind == OPEN:
            self._open_pipe(name, data)

    def _open_pipe(self, name: str, data: bytes) -> None:
        from game.net.relay import _Conn  # the relay's own connection logic

        try:
            hello = json.loads(data)
            code, ip, edge = str(hello["code"]), str(hello["ip"]), str(hello["edge"])
        except (ValueError, KeyError, TypeError):
            return
        assert self.relay is not None
        transport = _PipeTransport(self, edge, name, ip)
        conn = _Conn(self.relay)
        transport.protocol = conn
        self.homes[name] = transport
        conn.connection_made(transport)
        if conn.closing:                           # turned away (caps of game/net/guard.py)
            transport.abort()
        else:
            conn.piped_in(code)

    async def _on_edge(self, msg: Any) -> None:
        """What a room's home writes to one of our guests."""
        name = msg.subject.rsplit(".", 1)[1]
        pipe = self.edges.get(name)
        if pipe is None:
            return
        kind, data = msg.data[:1], msg.data[1:]
        if kind == DATA:
            pipe.conn.write(data)
        elif kind in (CLOSE, ABORT):
            pipe.ended = True
            self.edges.pop(name, None)
            pipe.conn.close(abort=kind == ABORT)
