"""A table worker's leases and claims (game/net/tables.py): what its heartbeat said or
not means (said from a thread of its own, game/net/table_beat.py), every lease and
heartbeat mirrored, and the tables of a worker fallen silent (or given up)
claimed by compare-and-set, read, replayed and dealt from here; a claim that fails for a
while gives its table back."""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from typing import TYPE_CHECKING, Any

from game.engine import LogError, replay
from game.net.host import Resumed
from game.net.protocol import Room
from game.net.secure import RoomOwner
from game.net.service import TableRequest
from game.net.table_log import read_log
from game.net.table_records import STREAM, DealtTable, lease_value, subject
from game.net.watching import Returns, mirror
from game.session import GameSetup

if TYPE_CHECKING:
    from game.net.tables import Worker

#: the worker's log, whose part this is
log = logging.getLogger("game.net.tables")

#: seconds between a worker's heartbeats, and of silence after which another worker
#: takes its tables over; how often a worker looks for such tables
LEASE_EVERY = 0.25
LEASE_STALE = 1.2
STALE_BEATS = math.ceil(LEASE_STALE / LEASE_EVERY)
LOOK_EVERY = 0.25
#: a worker silent this many of this one's heartbeats is taken for dead even though NATS
#: still holds its connection (a machine hung, a network cut that kept the socket open):
#: some 10 s; a silent worker whose connection NATS has seen close (kill -9) is taken
#: for dead at STALE_BEATS, and one that answers, however late, was only busy
LOST_BEATS = 40
#: where each worker answers whether it is still there (ALIVE_SUBJECT.NAME); a NATS
#: request there with nobody subscribed fails at once ("no responders"): the server
#: dropped that worker's connection
ALIVE_SUBJECT = "tavolata.tables.there"
#: how many tables a worker takes over at once: a claim mostly waits (the lease, then the
#: record and the log side by side: two round trips to NATS, game/net/table_log.py), so
#: sixteen at a time took a dead worker's 108 tables over in 15 s on a loaded machine;
#: 128 at once had JetStream's API answer 62 of 124 claims "service unavailable" when
#: each claim made a consumer to read its log; the log's direct gets call no API, and 64
#: at once took 285 tables over in 9 s (bench/README.md)
CLAIMS_AT_ONCE = 64


class Claims:
    """One worker's leases and claims: see the module docstring."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
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
        #: silent workers whose connection NATS has dropped (their tables are claimed),
        #: and those silent ones to ask about, or being asked
        self.gone: set[str] = set()
        self._to_ask: set[str] = set()
        self._asking: set[str] = set()
        self.returns = Returns()                 # NATS came back: the leases watched anew

    def said_alive(self) -> None:
        """This worker's heartbeat was kept (game/net/table_beat.py; on its loop)."""
        self.renewed = time.monotonic()
        if self.cut_off:            # every worker's silence counts from now on
            self.heard = dict.fromkeys(self.heard, self.beats)
            self.cut_off = False

    async def not_said(self, exc: Exception) -> None:
        """This worker could not say it is alive (NATS away); unable to for
        :data:`LEASE_STALE` seconds, it leaves every table: another worker may have taken
        them."""
        self.cut_off = True
        log.info("tables %s: saying it is alive: %r", self.worker.name, exc)
        if time.monotonic() - self.renewed > LEASE_STALE:
            for table in list(self.worker.tables.values()):
                if not table.ending:
                    self._gave_up.add(table.id)
                    await self.worker._drop(table)

    async def watch(self, keys: str) -> None:
        """Mirror every table's lease, or every worker's heartbeat (``keys``): a table
        whose worker was not heard from for :data:`STALE_BEATS` of this worker's own
        heartbeats (no clock of another machine is trusted), or one its worker gave up on
        purpose (``at`` 0), is a table to take over; a table of ours another worker
        claimed is left.  Watched anew whenever NATS comes back (game/net/watching.py)."""
        await mirror(lambda: self.worker.kv.watch(keys), self._heard, self.returns,
                     f"tables {self.worker.name}: watching {keys}")

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
                self.beats += name == self.worker.name
                self.heard[name] = self.beats
                self.gone.discard(name)
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
        table = self.worker.tables.get(name)
        if table is not None and worker != self.worker.name and not table.ending:
            log.warning("tables %s: table %s taken over", self.worker.name, name)
            self.worker._spawn(self.worker._drop(table))

    async def look(self) -> None:
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
                log.exception("tables %s: taking %s over", self.worker.name, table_id)
            finally:
                self._claiming.discard(table_id)

        while True:
            await asyncio.sleep(LOOK_EVERY)
            for table_id, revision in self._claimable():
                self._gave_up.discard(table_id)
                self._claiming.add(table_id)
                self.worker._spawn(claim(table_id, revision))
            for name in self._to_ask - self._asking:
                self._asking.add(name)
                self.worker._spawn(self._ask(name))
            self._to_ask.clear()

    async def there(self, msg: Any) -> None:
        """Asked whether this worker is still there (:data:`ALIVE_SUBJECT`): yes."""
        await msg.respond(b"")

    async def _ask(self, name: str) -> None:
        """Whether silent worker ``name`` is gone: NATS says nobody listens for it (its
        connection dropped: kill -9, a crash) and its tables are claimed; an answer, even
        late, says it was only busy (its beats late on a loaded machine), and its
        silence counts from now.  Taken for dead at its heartbeats' silence alone, a
        worker whose loop was slow had its tables taken by the other, which took its
        own in turn: hundreds of takeovers a minute at 1,000 tables, each a replay, a
        room and its guests reconnecting (``lost host_gone``, bench/README.md)."""
        import nats.errors

        try:
            await self.worker.nc.request(f"{ALIVE_SUBJECT}.{name}", b"", timeout=LEASE_STALE)
            self.heard[name] = self.beats
        except nats.errors.NoRespondersError:
            log.warning("tables %s: worker %s is gone", self.worker.name, name)
            self.gone.add(name)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # late, or NATS away: its silence goes on counting
            log.info("tables %s: asking for worker %s: %r", self.worker.name, name, exc)
        finally:
            self._asking.discard(name)

    def _claimable(self) -> list[tuple[str, int]]:
        """The tables to claim (each with its lease's revision), as many as this worker
        may still deal: those of a worker silent for :data:`STALE_BEATS` of this one's
        heartbeats, those
        given up on purpose, and this worker's own that it left while it could not say
        it was alive; none while it cannot (its NATS away: the others' silence may be
        its own, and a table claimed then could not be read)."""
        room = self.worker.max_tables - len(self.worker.tables) - len(self._claiming)
        found: list[tuple[str, int]] = []
        if self.cut_off:
            return found
        for table_id, (revision, worker, at) in list(self.leases.items()):
            if len(found) >= room:
                break
            if table_id in self.worker.tables or table_id in self._claiming:
                continue
            if not at or (table_id in self._gave_up if worker == self.worker.name else
                          self._dead(worker)):
                found.append((table_id, revision))
        return found

    def _dead(self, worker: str) -> bool:
        """Whether ``worker`` is taken for dead: silent for :data:`STALE_BEATS` of this
        worker's heartbeats and its connection gone (:meth:`_ask`, asked once it is
        silent), or silent for :data:`LOST_BEATS`."""
        silent = self.beats - self.heard.get(worker, self.beats)
        if silent < STALE_BEATS:
            return False
        if worker in self.gone or silent >= LOST_BEATS:
            return True
        self._to_ask.add(worker)
        return False

    async def _claim(self, table_id: str, last: int) -> None:
        import nats.js.errors

        try:
            revision = await self.worker.kv.update(f"lease.{table_id}",
                                                   lease_value(self.worker.name), last=last)
        except (nats.js.errors.KeyWrongLastSequenceError, nats.js.errors.BadRequestError):
            return                                  # renewed meanwhile, or claimed first
        began = time.monotonic()
        table = DealtTable(table_id, {}, lease=revision)
        with self.worker._lock:
            self.worker.tables[table_id] = table
        try:
            await self._take_over(table)
        except _untakeable():
            log.exception("tables %s: table %s cannot be taken over: it ends", self.worker.name,
                          table_id)
            await self.worker._end(table)
            return
        except Exception as exc:  # NATS busy or away: the table is claimed again
            log.warning("tables %s: table %s not taken over now (%r): claimed again",
                        self.worker.name, table_id, exc)
            await self._give_back(table)
            return
        log.warning("tables %s: took table %s over (%d actions, %.3f s)", self.worker.name,
                    table_id, table.count, time.monotonic() - began)

    async def _give_back(self, table: DealtTable) -> None:
        """A claim that failed for a while (a timeout, JetStream's API busy: "service
        unavailable"): the table is let go unharmed and claimed again, by any worker
        (its lease given up, ``at`` 0), or by this one should that write fail too.
        Ending it, as every failed claim did, ended a game under way for a moment's
        overload: 62 of a dead worker's tables at once, their players told the host
        had gone (bench/README.md)."""
        self._gave_up.add(table.id)
        await self.worker._let_go(table, quiet=True)
        try:
            await self.worker.kv.update(f"lease.{table.id}", lease_value(self.worker.name, 0.0),
                                        last=table.lease)
        except Exception as exc:  # ours still: this worker's to claim again (_gave_up)
            log.info("tables %s: giving %s back: %r", self.worker.name, table.id, exc)

    async def _take_over(self, table: DealtTable) -> None:
        """Read the table and its log, replay it, deal it from here."""
        # the record and the log side by side: one round trip to NATS, not two in turn
        entry, actions = await asyncio.gather(self.worker.kv.get(f"t.{table.id}"), self._log(table))
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
        self.worker._host(table, setup, request, owner, resume)

    async def _log(self, table: DealtTable) -> list[list[Any]]:
        """The table's actions, in order, as the stream keeps them; the sequence of the
        last is where this worker's appends go on from (game/net/table_log.py: one round
        trip to NATS, no call of JetStream's API)."""
        actions, table.last = await read_log(self.worker.nc, self.worker.js, self.worker.jsm, STREAM,
                                             subject(table.id))
        table.count = len(actions)
        return actions


def _untakeable() -> tuple[type[BaseException], ...]:
    """What makes a table impossible to take over, for good: its record gone (a table
    being opened when its worker died, or ended: never written, or deleted), a log or a
    record that does not read.  Anything else (NATS late, busy or away) passes."""
    import nats.js.errors

    return (nats.js.errors.KeyNotFoundError, nats.js.errors.KeyDeletedError, LogError,
            ValueError, KeyError, TypeError)
