"""A table worker's heartbeat (game/net/tables.py), said from a thread of its own over a
NATS connection of its own, not from the worker's loop.

A worker busy past what its core gives it (its guests asking more than it keeps: the
measure of one worker against two, bench/README.md's "Under load") has a loop whose
ready work runs a second and more behind; a heartbeat said on that loop came as late,
the other worker took it for dead and took its tables, and each took the other's back
and forth (524 takeovers in a minute between two workers each held to a quarter of
a core), a replay, a room and a reconnection each, and two kept 1.35 times one's actions
where they might have kept twice.  A busy worker is alive: it says so on time here.  A
worker whose loop has not turned for :data:`WEDGED` seconds (stuck, not busy) stops
saying it, and the others take its tables, as they do a dead one's.

What a heartbeat said or not means to the worker's claims (the silence of others counted
from its own beats, its tables left when it cannot say it is alive) is the claims'
(game/net/table_claims.py): each result is handed to the worker's loop.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Optional

from game.net.table_records import BUCKET, lease_value

if TYPE_CHECKING:
    from game.net.tables import Worker

#: the worker's log, whose part this is
log = logging.getLogger("game.net.tables")

#: seconds the worker's loop may go without a turn before it is taken for stuck
WEDGED = 10.0
#: seconds its first connection to NATS may take (tried again at the next beat)
CONNECT_WITHIN = 5.0


class Beat:
    """One worker's heartbeat: see the module docstring.  ``every``: seconds between
    beats (the claims' ``LEASE_EVERY``)."""

    def __init__(self, worker: Worker, every: float) -> None:
        self.worker = worker
        self.every = every
        #: when the worker's loop last turned (monotonic), written by :meth:`turning`
        self.turned = time.monotonic()
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="tables-beat", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2 * self.every + 1.0)

    async def turning(self) -> None:
        """On the worker's loop: note each of its turns (:data:`WEDGED`)."""
        while True:
            self.turned = time.monotonic()
            await asyncio.sleep(self.every)

    def due(self) -> bool:
        """Whether to say the worker is alive: its loop turned within :data:`WEDGED`."""
        return time.monotonic() - self.turned <= WEDGED

    def _run(self) -> None:
        asyncio.run(self._beat())

    async def _beat(self) -> None:
        import nats

        nc: Any = None
        kv: Any = None
        try:
            while not self._stop.wait(self.every):
                if not self.due():
                    continue                    # stuck: its silence hands its tables on
                try:
                    if nc is None:
                        nc = await asyncio.wait_for(nats.connect(
                            self.worker.url.split(","), name=f"tavolata-beat-{self.worker.name}",
                            max_reconnect_attempts=-1, reconnect_time_wait=0.2), CONNECT_WITHIN)
                    if kv is None:
                        kv = await nc.jetstream().key_value(BUCKET)
                    await kv.put(f"alive.{self.worker.name}", lease_value(self.worker.name))
                except Exception as exc:  # NATS away: the claims count the silence
                    self._tell(exc)
                else:
                    self._tell(None)
        finally:
            if nc is not None:
                await nc.close()

    def _tell(self, failed: Optional[Exception]) -> None:
        """The claims hear of this beat on the worker's loop."""
        loop = self.worker.loop
        if loop is None or loop.is_closed():
            return
        claims = self.worker.claims
        try:
            if failed is None:
                loop.call_soon_threadsafe(claims.said_alive)
            else:
                asyncio.run_coroutine_threadsafe(claims.not_said(failed), loop)
        except RuntimeError:        # the loop is closing
            pass
