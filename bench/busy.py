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
from contextlib import contextmanager
from typing import Iterator


def spin(parent: int) -> None:
    """Work the CPU, pure Python as a search is, until ended or ``parent`` is gone."""
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
    for p in procs:
        p.start()
    try:
        yield [p.pid for p in procs if p.pid is not None]
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.join()
