"""Tweens and the timeline that plays them in order.

The table turns engine events into a timeline: callbacks fire at given times
(a card leaves the deck, a sound plays) and tweens run from their start time
for their duration.  The timeline has its own clock, so the speed setting
scales every duration at once, ``hurry`` makes the rest of it run fast after a
click, and ``finish`` runs it to the end in one go (the "instant" setting,
tests, a window being closed).  Nothing here knows about pygame.
"""

from __future__ import annotations

import heapq
import itertools
import math
from typing import Callable, Optional

Ease = Callable[[float], float]


# -- easing -------------------------------------------------------------------
def linear(p: float) -> float:
    return p


def ease_in_cubic(p: float) -> float:
    return p * p * p


def ease_out_cubic(p: float) -> float:
    q = 1.0 - p
    return 1.0 - q * q * q


def ease_in_out_cubic(p: float) -> float:
    if p < 0.5:
        return 4.0 * p * p * p
    q = -2.0 * p + 2.0
    return 1.0 - q * q * q / 2.0


def ease_out_back(p: float) -> float:
    """Overshoots a little, then settles: a card landing with some life."""
    c1 = 1.70158
    c3 = c1 + 1.0
    q = p - 1.0
    return 1.0 + c3 * q * q * q + c1 * q * q


def ease_out_quad(p: float) -> float:
    return 1.0 - (1.0 - p) * (1.0 - p)


def shake(p: float) -> float:
    """A decaying side-to-side wobble in -1..1, zero at both ends."""
    return math.sin(p * math.pi * 6.0) * (1.0 - p)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


# -- tweens -------------------------------------------------------------------
class Tween:
    """Drives ``apply(eased_progress)`` from 0 to 1 over ``duration`` seconds.

    ``on_start`` runs when the tween starts, so a motion can read where its
    sprite is at that moment rather than when the timeline was built.
    ``key`` names what the tween drives: a new tween with the same key stops
    the old one where it is, so two motions never fight over one sprite.
    """

    __slots__ = ("duration", "apply", "ease", "on_start", "on_done", "key", "elapsed",
                 "started", "done")

    def __init__(self, duration: float, apply: Callable[[float], None], ease: Ease = ease_out_cubic,
                 on_start: Optional[Callable[[], None]] = None,
                 on_done: Optional[Callable[[], None]] = None, key: object = None) -> None:
        self.duration = max(0.0, float(duration))
        self.apply = apply
        self.ease = ease
        self.on_start = on_start
        self.on_done = on_done
        self.key = key
        self.elapsed = 0.0
        self.started = False
        self.done = False

    def start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start is not None:
                self.on_start()

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True once finished."""
        if self.done:
            return True
        self.start()
        self.elapsed += dt
        if self.duration <= 0.0 or self.elapsed >= self.duration:
            self.finish()
            return True
        self.apply(self.ease(self.elapsed / self.duration))
        return False

    def finish(self) -> None:
        """Jump to the end value and run ``on_done`` once."""
        if self.done:
            return
        self.start()
        self.apply(self.ease(1.0))
        self.done = True
        if self.on_done is not None:
            self.on_done()

    def cancel(self) -> None:
        """Stop where it is, without reaching the end value."""
        self.done = True


class Timeline:
    """Callbacks and tweens placed at times on one clock.

    ``at(t, fn)`` calls ``fn`` when the clock reaches ``t``; ``play(t, tween)``
    starts ``tween`` at ``t``.  Items at equal times run in the order they were
    added.  ``speed`` scales the clock (the animation-speed setting);
    :meth:`hurry` multiplies it until the timeline is empty again.
    """

    HURRY = 6.0

    def __init__(self, speed: float = 1.0) -> None:
        self.time = 0.0
        self.speed = speed
        self.hurried = False
        self._queue: list[tuple[float, int, object]] = []
        self._active: list[Tween] = []
        self._keys: dict[object, Tween] = {}
        self._seq = itertools.count()

    # -- building -------------------------------------------------------------
    def at(self, t: float, fn: Callable[[], None]) -> None:
        heapq.heappush(self._queue, (max(t, self.time), next(self._seq), fn))

    def play(self, t: float, tween: Tween) -> Tween:
        heapq.heappush(self._queue, (max(t, self.time), next(self._seq), tween))
        return tween

    def now(self, tween: Tween) -> Tween:
        """Start a tween at once (from a callback)."""
        self._activate(tween, 0.0)
        return tween

    # -- running ----------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return bool(self._queue or self._active)

    @property
    def end_time(self) -> float:
        """When the last queued item starts (tweens' own durations not included)."""
        return max((t for t, _, _ in self._queue), default=self.time)

    def hurry(self) -> None:
        """Run the rest quickly: a click or a key press during an animation."""
        if self.busy:
            self.hurried = True

    def update(self, dt: float) -> None:
        if dt < 0:
            return
        scaled = dt * self.speed * (self.HURRY if self.hurried else 1.0)
        target = self.time + scaled
        # fire everything due, each at its own time, stepping the active tweens in between
        while self._queue and self._queue[0][0] <= target:
            t, _, item = heapq.heappop(self._queue)
            self._step_active(t - self.time)
            self.time = t
            self._fire(item, 0.0)
        self._step_active(target - self.time)
        self.time = target
        if not self.busy:
            self.hurried = False

    def finish(self) -> None:
        """Everything to its end, in order, now."""
        guard = 0
        while self.busy:
            guard += 1
            if guard > 100_000:  # a callback that keeps scheduling itself
                raise RuntimeError("timeline never ends")
            while self._active:
                self._active.pop(0).finish()
            if self._queue:
                t, _, item = heapq.heappop(self._queue)
                self.time = max(self.time, t)
                self._fire(item, 0.0)
        self._keys.clear()
        self.hurried = False

    def clear(self) -> None:
        """Drop everything without running it."""
        self._queue.clear()
        self._active.clear()
        self._keys.clear()
        self.hurried = False

    # -- internals ----------------------------------------------------------------
    def _fire(self, item: object, late: float) -> None:
        if isinstance(item, Tween):
            self._activate(item, late)
        else:
            item()  # type: ignore[operator]

    def _activate(self, tween: Tween, late: float) -> None:
        if tween.key is not None:
            old = self._keys.get(tween.key)
            if old is not None and not old.done:
                old.cancel()
            self._keys[tween.key] = tween
        tween.start()
        self._active.append(tween)
        if late > 0:
            tween.step(late)

    def _step_active(self, dt: float) -> None:
        if dt <= 0 or not self._active:
            return
        current = self._active
        self._active = []
        still: list[Tween] = []
        for tween in current:
            if not tween.done and not tween.step(dt):
                still.append(tween)
        # tweens started by on_done callbacks meanwhile were appended to the new list
        self._active = still + [t for t in self._active if not t.done]
        if not self._active:
            self._keys.clear()
