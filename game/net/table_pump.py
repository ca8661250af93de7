"""A table worker's sessions and their pump (game/net/tables.py): each action kept in the
table's log before anyone hears of it (the journal), the start and the waiting room kept
with the table, and the tables whose sessions woke moved on (their computers' moves),
side by side in threads of their own."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from game.engine import Action
from game.net import rated
from game.net.table_records import JOURNAL_WAIT, STREAM, DealtTable, subject

if TYPE_CHECKING:
    from game.net.host import Host
    from game.net.tables import Worker

#: the worker's log, whose part this is
log = logging.getLogger("game.net.tables")

#: a table's computers are moved on when its session wakes the pump (an action taken, a
#: move thought out: Session.wake), and those with a computer thinking (its budget may
#: run out) or a move their log could not keep at least this often besides; a
#: table whose log could not keep a computer's move waits this long before it is tried again
SWEEP_EVERY = 0.5
STALLED_FOR = 0.5
#: tables whose computers are moved on at once, each waiting on its log for each move
MOVERS = 16


class Pump:
    """One worker's sessions and their pump: see the module docstring."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self._pumping = threading.Event()
        #: the tables whose sessions woke the pump since it last looked, and its alarm
        self._due: set[str] = set()
        self._due_lock = threading.Lock()
        self._woken = threading.Event()
        #: the tables being moved on now, each in a thread of :attr:`_movers`
        self._moving: set[str] = set()
        self._movers = ThreadPoolExecutor(MOVERS, thread_name_prefix="tables-movers")

    def stop(self) -> None:
        """The pump ends, and the moves not begun with it."""
        self._pumping.set()
        self._woken.set()
        self._movers.shutdown(wait=False, cancel_futures=True)

    def journal(self, table: DealtTable, seat: int, action: Action) -> None:
        """Keep ``action`` in the table's log before anyone is told (Session.journal)."""
        assert self.worker.loop is not None
        future = asyncio.run_coroutine_threadsafe(self._append(table, seat, action), self.worker.loop)
        future.result(JOURNAL_WAIT)
        left = rated.left_now(table.host)
        if left != table.left:              # rare: kept with the table, for a takeover
            table.left = left
            table.record["left"] = sorted(left)
            asyncio.run_coroutine_threadsafe(
                self.worker.kv.put(f"t.{table.id}", json.dumps(table.record).encode()), self.worker.loop)

    async def _append(self, table: DealtTable, seat: int, action: Action) -> None:
        headers = {"Nats-Msg-Id": f"{table.id}:{table.count}",
                   "Nats-Expected-Last-Subject-Sequence": str(table.last)}
        ack = await self.worker.js.publish(subject(table.id), json.dumps([seat, str(action)]).encode(),
                                    stream=STREAM, headers=headers)
        table.last = ack.seq
        table.count += 1

    def on_start(self, table: DealtTable, host: Host) -> None:
        """The game begins: the final setup, the names and the seats' keys are kept with
        the table before anyone moves (Host's on_start)."""
        assert self.worker.loop is not None and host.session is not None
        table.record.update(final=host.session.setup.to_json(), names=list(host.names),
                            keys={str(s): k.hex() for s, k in host.seat_keys().items()},
                            players={str(s): k.hex() for s, k in host.seat_players().items()})
        record = json.dumps(table.record).encode()
        asyncio.run_coroutine_threadsafe(self.worker.kv.put(f"t.{table.id}", record),
                                         self.worker.loop).result(JOURNAL_WAIT)
        table.started = True
        self.wake(table)

    def on_lobby(self, table: DealtTable, host: Host) -> None:
        """The waiting room changed: who sits where, and the key each comes back by, are
        kept with the table (not waited for: a takeover before the next change finds the
        room as it stood at the last one kept)."""
        assert self.worker.loop is not None
        table.record["lobby"] = [[seat, gid, name, key.hex()]
                                 for seat, gid, name, key in host.lobby_keys()]
        if "code" in table.record:           # kept once the table is
            record = json.dumps(table.record).encode()
            asyncio.run_coroutine_threadsafe(self.worker.kv.put(f"t.{table.id}", record), self.worker.loop)

    def wake(self, table: DealtTable) -> None:
        """``table``'s computers may have a move to make (its session's wake, any thread)."""
        with self._due_lock:
            self._due.add(table.id)
        self._woken.set()

    def run(self) -> None:
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
            with self.worker._lock:
                tables = [t for t in self.worker.tables.values() if
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

    def _move_on(self, table: DealtTable) -> None:
        """One table's computers moved on (a mover's thread); if it woke meanwhile, the
        pump is told again."""
        try:
            session = table.host.session if table.host is not None else None
            if session is not None:
                session.pump()
            table.stalled = 0.0
        except Exception as exc:  # the log away: the lease may go, another deals
            if not table.stalled:
                log.warning("tables %s: table %s cannot keep a move: %r", self.worker.name,
                            table.id, exc)
            table.stalled = time.monotonic() + STALLED_FOR
        finally:
            with self._due_lock:
                self._moving.discard(table.id)
                again = table.id in self._due
            if again:
                self._woken.set()


def _sweepable(table: DealtTable) -> bool:
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
