"""A service process's CPU, profiled in every thread: a table worker spends its time on
its NATS loop, the tables' shared network loop, the movers and the opens' threads, and
a profile of one thread alone reads a fraction of it (``python -m game.net.tables
--profile FILE``; bench/README.md's "Tables the service deals").

cProfile profiles the thread that enables it; :func:`profiled` enables one profile in
the calling thread and one in every thread started while it lasts (``threading.setprofile``
runs its hook first thing in each new thread), and writes them merged as one
``pstats`` file when it ends.  Each thread's clock is its own CPU time
(``time.thread_time``): a worker's threads mostly wait, and wall time would rank the
waits.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator


@contextmanager
def profiled(path: Path) -> Iterator[None]:
    """Profile every thread (this one and those started within) into ``path``."""
    profiles: list[cProfile.Profile] = []
    lock = threading.Lock()

    def start(*_: Any) -> None:
        profile = cProfile.Profile(time.thread_time)     # CPU, not the waits
        with lock:
            profiles.append(profile)
        profile.enable()            # replaces this hook in the new thread

    threading.setprofile(start)
    start()
    try:
        yield
    finally:
        threading.setprofile(None)
        sys.setprofile(None)
        with lock:
            taken = list(profiles)
        for profile in taken:
            profile.disable()       # the other threads' stop when they end or exit
        stats = pstats.Stats(taken[0])
        for profile in taken[1:]:
            try:
                stats.add(profile)
            except (TypeError, ValueError):     # a thread's profile with nothing in it
                continue
        stats.dump_stats(str(path))
