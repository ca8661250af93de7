"""What a Hard search costs the frame loop: in a thread of the program, or in the
searches' own process (game/session/apart.py).

    python bench/search_apart.py [--frames 300]

A loop stands in for the table's frame loop: every 1/120 s it does 3 ms of Python
work in three slices (a frame's update and draw, which give the interpreter's lock up
between calls into SDL); it is timed alone, beside a Bolola search running in a
thread, beside the same search running in the worker process, and alone again.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.session import apart  # noqa: E402


def busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def frames(n: int) -> tuple[float, float]:
    """Median and p99 of n frames' work, in ms."""
    out = []
    for _ in range(n):
        time.sleep(1 / 120)
        started = time.perf_counter()
        for _ in range(3):
            busy(0.001)
            time.sleep(0)
        out.append((time.perf_counter() - started) * 1000)
    out.sort()
    return statistics.median(out), out[min(len(out) - 1, int(len(out) * 0.99))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    state = GAMES["bolola"].new(None, 4, 1)
    seat = state.to_act()[0]
    stop = threading.Event()

    def in_thread() -> None:
        hard = computer_player("bolola", "hard")
        while not stop.is_set():
            hard.choose(state.view(seat), state.legal_actions(seat), random.Random(0),
                        world=state.world(seat, 1))

    def in_process() -> None:
        while not stop.is_set():
            apart.submit(("bolola", "hard"), (None, 0.5), seat, state.view(seat),
                         state.legal_actions(seat), 1, state.world(seat, 1)).result()

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    runs: list[tuple[str, Optional[Callable[[], None]]]] = [
        ("alone", None), ("a search in a thread", in_thread),
        ("a search in the worker process", in_process), ("alone again", None)]
    for name, fn in runs:
        stop.clear()
        worker = threading.Thread(target=fn, daemon=True) if fn else None
        if worker is not None:
            worker.start()
            time.sleep(0.5)
        median, p99 = frames(args.frames)
        stop.set()
        if worker is not None:
            worker.join()
        print(f"  {name}: 3 ms of work a frame took median {median:.1f} ms, p99 {p99:.1f} ms")
    apart.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
