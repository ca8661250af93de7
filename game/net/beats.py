"""Every connection's heartbeat and silence on one loop, by one timer: a heap of when
each is next due.

A connection beats when it sent nothing for a while (game/net/link.py's ``!ping``, a
sealed ``!beat`` of game/net/secure.py) and is dead when it heard nothing for longer.
Each kept a task that slept until its next beat, and each line read waited under a
timer of its own for the silence: at 1,000 tables a worker, a gateway's hosts and the
players' processes woke thousands of tasks a second whatever their tables did
(bench/README.md, "Tables the service deals").  Here one timer a loop wakes for the
earliest of them all; what is due is looked at, the rest wait in the heap.  An entry
whose connection sent or heard something since is put back at its new time when it
comes up, so a busy connection costs nothing here.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
import weakref
from typing import Optional, Protocol

#: seconds: what is due this soon after the earliest is looked at with it (fewer wakes;
#: a beat a tenth of a second early says nothing wrong)
SLACK = 0.1


class Beating(Protocol):
    """A connection the keeper looks after."""

    def beat_due(self) -> Optional[float]:
        """When (``time.monotonic()``) it next needs a look; None once it has ended."""

    def beat(self, now: float) -> None:
        """The look: a heartbeat sent if one is due, the connection ended if silent."""


class Beats:
    """One loop's keeper (see the module docstring)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._heap: list[tuple[float, int, Beating]] = []
        self._order = itertools.count()
        self._timer: Optional[asyncio.TimerHandle] = None
        self._at = 0.0

    def add(self, one: Beating) -> None:
        """Look after ``one`` from now on, until it ends (in the loop's thread)."""
        due = one.beat_due()
        if due is not None:
            heapq.heappush(self._heap, (due, next(self._order), one))
            self._wake()

    def __len__(self) -> int:
        return len(self._heap)

    def _wake(self) -> None:
        """The timer set for the earliest entry."""
        if not self._heap:
            return
        due = self._heap[0][0]
        if self._timer is not None:
            if self._at <= due:
                return
            self._timer.cancel()
        self._at = due
        self._timer = self.loop.call_later(max(0.0, due - time.monotonic()), self._look)

    def _look(self) -> None:
        self._timer = None
        now = time.monotonic()
        later: list[tuple[float, int, Beating]] = []
        while self._heap and self._heap[0][0] <= now + SLACK:
            _, order, one = heapq.heappop(self._heap)
            due = one.beat_due()
            if due is not None and due <= now + SLACK:
                one.beat(now)
                due = one.beat_due()
            if due is not None:
                later.append((max(due, now + SLACK), order, one))
        for entry in later:
            heapq.heappush(self._heap, entry)
        self._wake()


_KEEPERS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Beats]" = \
    weakref.WeakKeyDictionary()


def keeper() -> Beats:
    """The running loop's keeper (made at its first use)."""
    loop = asyncio.get_running_loop()
    found = _KEEPERS.get(loop)
    if found is None:
        found = _KEEPERS[loop] = Beats(loop)
    return found
