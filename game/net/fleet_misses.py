"""The misses of a fleet's gateways (game/net/fleet.py's part): each room code a client
tried that does not exist is taken from its address's allowance in the fleet's bucket
(``tavolata-misses``) before it is answered, atomically (read the entry, write it back only
if nobody wrote it since: its revision; else read again), so that an address guessing
codes through every gateway takes its turns in one queue.  An address's misses go one
after another, each address on its own: a slow round trip for one address holds up no
other's.  NATS away, the gateway's own count answers."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from game.net.fleet import FleetDirectory

log = logging.getLogger("game.net.fleet")

MISSES_BUCKET = "tavolata-misses"


class MissCounts:
    """One gateway's misses taken from the fleet's count, address by address."""

    def __init__(self, fleet: FleetDirectory) -> None:
        self.fleet = fleet
        #: misses to take from the fleet's count, by address: this gateway's word, the answer
        self.counting: dict[str, deque[tuple[bool, Callable[[bool], None]]]] = {}

    def count(self, key: str, here: bool, then: Callable[[bool], None]) -> None:
        """Take a miss from address ``key``'s allowance in the bucket, then answer ``then``
        whether it had one (``here``: this gateway's own word, for when NATS is away).
        An address's misses go one after another, each address on its own: a slow
        round trip for one address holds up no other's."""
        waiting = self.counting.get(key)
        if waiting is not None:
            waiting.append((here, then))
            return
        self.counting[key] = deque([(here, then)])
        self.fleet._spawn(self._count(key))

    async def _count(self, key: str) -> None:
        """Address ``key``'s misses in turn, each taken from its allowance in the bucket
        (read the entry, write it back only if nobody wrote it since: its revision;
        else read again), and then answered."""
        waiting = self.counting[key]
        try:
            while waiting:
                here, then = waiting[0]
                allowed = await self._take(key, here)
                waiting.popleft()
                then(allowed)
        finally:
            if self.counting.get(key) is waiting:
                del self.counting[key]

    async def _take(self, key: str, here: bool) -> bool:
        """One miss of address ``key``'s: whether it had one left.  NATS away, this
        gateway's own count (``here``) answers."""
        import nats.js.errors

        failures = 0
        while self.fleet.nc.is_connected and failures < 3:
            try:
                return await self._take_one(key)
            except asyncio.CancelledError:
                raise
            except nats.js.errors.KeyWrongLastSequenceError:
                continue                        # another gateway wrote first: again
            except Exception as exc:  # NATS away: a moment, then this gateway alone
                log.info("fleet %s: counting a miss: %s", self.fleet.name, exc)
                failures += 1
                await asyncio.sleep(0.1)
        return here

    async def _take_one(self, key: str) -> bool:
        import nats.js.errors

        missed = self.fleet.missed
        assert missed is not None
        kv, name = self.fleet.buckets[MISSES_BUCKET], key.encode().hex()
        try:
            entry = await kv.get(name)
        except nats.js.errors.KeyNotFoundError:
            entry = None
        left = float(missed.burst)
        if entry is not None:
            try:
                stored = json.loads(entry.value)
                left = missed.refilled(float(stored["left"]), float(stored["at"]))
            except (ValueError, KeyError, TypeError):
                pass                                # unreadable: as if new
        if left < 1:
            return False                        # nothing to take: nothing to write
        value = json.dumps({"left": left - 1, "at": time.time()}).encode()
        if entry is None:
            await kv.create(name, value)
        else:
            await kv.update(name, value, last=entry.revision)
        return True
