"""Busy processes beside a measurement: the load a player's machine carries.

A strength measured on a quiet core is not the strength a player meets on a laptop
doing anything else; ``with beside(n):`` keeps ``n`` processes spinning on the CPU
(at the caller's niceness: they inherit it) while the block runs, and ends them,
each by its own pid, when it leaves, whatever way it leaves; a run ended by a signal,
which leaves no block, leaves none spinning either: each stops once its parent is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from contextlib import contextmanager
from typing import Iterator

#: seconds a busy process has to end at SIGTERM before it is killed
TERM_GRACE = 10.0


def spin(parent: int) -> None:
    """Work the CPU, pure Python as a search is, until ended or ``parent`` is gone.
    SIGTERM ends it whatever handler the parent had: a fork keeps the parent's, and a
    process that started SDL (pygame.init) turns SIGTERM into a quit event, so a
    spinner forked from a test process that had opened a window spun on, and its
    parent waited for it forever."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})    # one sent already ends it
    n = 0
    while os.getppid() == parent:
        for _ in range(100_000):
            n = (n * 1_103_515_245 + 12_345) & 0xFFFF_FFFF


@contextmanager
def beside(count: int) -> Iterator[list[int]]:
    """``count`` spinning processes for the block's length; their pids are yielded."""
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=spin, args=(os.getpid(),), daemon=True, name=f"busy-{i}")
             for i in range(count)]
    # forked with SIGTERM held, until each has its default back: a SIGTERM sent before
    # would go to the parent's handler in the child and be lost
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        for p in procs:
            p.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    try:
        yield [p.pid for p in procs if p.pid is not None]
    finally:
        for p in procs:
            p.terminate()
        stubborn = []
        for p in procs:
            p.join(TERM_GRACE)
            if p.is_alive():                # never wait on it for good: kill it, and say so
                stubborn.append(p.pid)
                p.kill()
                p.join()
        if stubborn and sys.exc_info()[0] is None:
            raise RuntimeError(f"busy processes {stubborn} outlived SIGTERM and were killed")
