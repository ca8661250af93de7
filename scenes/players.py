"""Computer players thinking off the render loop.

A worker thread runs ``choose(view, legal, rng)``; it gets a copy of the
seat's view and the legal list, never the state, so the game can never be
touched from two threads.  Every request carries the generation of the game
it was made for: when the game moves on (the human acted in the meantime),
old answers are thrown away.  An answer is handed over only after a
human-like delay, counted in the scene's own time so that tests and the
speed setting control it.

A move may carry its own delay (the game's adapter says so, e.g. a claim
race): that one is a real reaction time that a quick human can beat, so it
is drawn for every claim, scaled by the speed setting, and never skipped,
not even at the "instant" setting or with a zero table delay.
"""

from __future__ import annotations

import copy
import logging
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from game.ai.base import ComputerPlayer
from game.engine import Action

log = logging.getLogger(__name__)

#: seconds a computer seems to think at normal speed
DEFAULT_DELAY = (0.5, 0.9)
#: the speed factor a move's own delay is scaled by at the "instant" setting (as "fast")
OWN_DELAY_SPEED_AT_INSTANT = 2.0


@dataclass
class _Request:
    generation: int
    future: Future
    legal: tuple[Action, ...]
    wait: float


class ComputerSeats:
    """Asks each computer seat for its move in the background."""

    def __init__(self, players: Sequence[Optional[ComputerPlayer]], seed: int,
                 delay: tuple[float, float] = DEFAULT_DELAY) -> None:
        self.players = list(players)
        self.delay = delay
        self.speed = 1.0
        self.rngs = [random.Random(seed * 31 + i) for i in range(len(players))]
        self._pace = random.Random(seed ^ 0xC0FFEE)
        self._requests: dict[int, _Request] = {}
        self._executor: Optional[ThreadPoolExecutor] = None

    def is_computer(self, seat: int) -> bool:
        return 0 <= seat < len(self.players) and self.players[seat] is not None

    def _pool(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        return self._executor

    def thinking(self, seat: int) -> bool:
        return seat in self._requests

    def waiting(self, seat: int) -> float:
        """Seconds left before ``seat``'s answer may be handed over (0 if none pending)."""
        req = self._requests.get(seat)
        return max(0.0, req.wait) if req is not None else 0.0

    def request(self, seat: int, view: dict[str, Any], legal: Sequence[Action],
                generation: int, delay: Optional[tuple[float, float]] = None) -> None:
        """Start thinking for ``seat`` unless it already thinks about this very position.

        ``delay``: this move's own pause range (a race's reaction time) instead of
        the table's; it is never skipped (see the module docstring)."""
        old = self._requests.get(seat)
        if old is not None and old.generation == generation:
            return
        player = self.players[seat]
        assert player is not None
        legal_t = tuple(legal)
        view_c = copy.deepcopy(view)
        rng = self.rngs[seat]
        future = self._pool().submit(player.choose, view_c, list(legal_t), rng)
        if delay is not None:
            lo, hi = delay
            speed = self.speed if self.speed > 0 else OWN_DELAY_SPEED_AT_INSTANT
            wait = self._pace.uniform(lo, hi) / speed
        else:
            lo, hi = self.delay
            wait = 0.0 if self.speed <= 0 or hi <= 0 else self._pace.uniform(lo, hi) / self.speed
        self._requests[seat] = _Request(generation, future, legal_t, wait)

    def tick(self, dt: float) -> None:
        for req in self._requests.values():
            req.wait -= dt

    def ready(self, generation: int) -> list[tuple[int, Action]]:
        """Moves that are thought out and have waited long enough, for this generation."""
        out = []
        for seat, req in list(self._requests.items()):
            if req.generation != generation:
                del self._requests[seat]
                continue
            if req.wait > 0 or not req.future.done():
                continue
            del self._requests[seat]
            out.append((seat, self._answer(seat, req)))
        return out

    def _answer(self, seat: int, req: _Request) -> Action:
        try:
            action = req.future.result()
        except Exception:  # a broken player must not stop the game
            log.exception("computer player of seat %d failed; playing a legal move", seat)
            return req.legal[0]
        if action not in req.legal:
            log.error("computer player of seat %d chose illegal %s", seat, action)
            return req.legal[0]
        return action

    def wait_all(self, timeout: float = 5.0) -> None:
        """Block until every pending thought is done (tests, benchmarks)."""
        for req in list(self._requests.values()):
            try:
                req.future.result(timeout=timeout)
            except Exception:
                pass

    def forget(self) -> None:
        self._requests.clear()

    def shutdown(self) -> None:
        self._requests.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
