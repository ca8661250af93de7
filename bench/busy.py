"""Busy processes beside a measurement: the load a player's machine carries.

A strength measured on a quiet core is not the strength a player meets on a laptop
doing anything else; ``with beside(n):`` keeps ``n`` processes spinning on the CPU
(at the caller's niceness: they inherit it) while the block runs, and ends them,
each by its own pid, when it leaves, whatever way it leaves.
"""

from __future__ import annotations

import multiprocessing
from contextlib import contextmanager
from typing import Iterator


def spin() -> None:
    """Work the CPU until ended: pure Python, as a search is."""
    n = 0
    while True:
        n = (n * 1_103_515_245 + 12_345) & 0xFFFF_FFFF


@contextmanager
def beside(count: int) -> Iterator[list[int]]:
    """``count`` spinning processes for the block's length; their pids are yielded."""
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=spin, daemon=True, name=f"busy-{i}") for i in range(count)]
    for p in procs:
        p.start()
    try:
        yield [p.pid for p in procs if p.pid is not None]
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.join()
