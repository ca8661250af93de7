"""Turned cards made in a thread of their own, so no frame waits for one.

A card at rest in a fanned hand is drawn turned with smooth edges, and smoothing costs
1.5-3 ms a card at 3840x2160: a Dou Dizhu hand of twenty closing ranks or landing from
the deal asked for twenty new turned faces and their shadows in the frame they landed
(frames of 37-49 ms).  The table asks a :class:`Turner` for them while the cards are
still flying (or, for a card with none ready, draws it turned without smoothing for the
few frames until it comes); the thread makes each from a copy of its own (a surface is
never read by two threads), and the table takes what is finished between frames.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import Callable, Hashable, Optional

import pygame

#: a job: what it makes, and how
Job = tuple[Hashable, Callable[[], pygame.Surface]]


class Turner:
    """A thread that runs the jobs it is given, one at a time, and keeps what they made
    until :meth:`take` hands it over; each job is run once, however often asked."""

    def __init__(self) -> None:
        self._queue: "queue.Queue[Optional[Job]]" = queue.Queue()
        self._out: dict[Hashable, pygame.Surface] = {}
        self._lock = threading.Lock()
        self._asked: set[Hashable] = set()
        self._failed: set[Hashable] = set()     # never asked again
        self.alive = True
        self._thread: Optional[threading.Thread] = None

    def ask(self, key: Hashable, make: Callable[[], pygame.Surface]) -> None:
        """Have ``make()`` run in the thread (``make`` must read no surface the frame's
        thread draws from: give it copies)."""
        if key in self._asked or key in self._failed or not self.alive:
            return
        self._asked.add(key)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="card-turner", daemon=True)
            self._thread.start()
        self._queue.put((key, make))

    def asked(self, key: Hashable) -> bool:
        """Is ``key`` asked for and not yet taken?"""
        return key in self._asked

    @property
    def pending(self) -> bool:
        """Something asked for is not taken yet."""
        return bool(self._asked)

    def take(self) -> dict[Hashable, pygame.Surface]:
        """What the thread has made since the last take."""
        with self._lock:
            done, self._out = self._out, {}
        self._asked.difference_update(done)
        return done

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """No more jobs: the thread ends after the one it is on."""
        self.alive = False
        self._asked.clear()
        self._queue.put(None)

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def _run(self) -> None:
        while self.alive:
            job = self._queue.get()
            if job is None or not self.alive:
                break
            key, make = job
            try:
                surf = make()
            except Exception:   # the frame goes on with the unsmoothed card
                logging.getLogger(__name__).debug("turner failed on %s", key, exc_info=True)
                with self._lock:
                    self._failed.add(key)
                    self._asked.discard(key)
                continue
            with self._lock:
                self._out[key] = surf
