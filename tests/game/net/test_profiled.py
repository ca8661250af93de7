"""game/net/profiled.py: a worker's profile holds every thread's work, not the calling
thread's alone."""

from __future__ import annotations

import pstats
import threading
from pathlib import Path

from game.net.profiled import profiled


def _work_in_a_thread() -> int:
    return sum(i * i for i in range(20_000))


def _work_here() -> int:
    return sum(range(20_000))


def test_a_profile_holds_the_threads_started_within_and_the_callers(tmp_path: Path) -> None:
    path = tmp_path / "worker.prof"
    with profiled(path):
        thread = threading.Thread(target=_work_in_a_thread)
        thread.start()
        thread.join()
        _work_here()
    names = {name for _, _, name in pstats.Stats(str(path)).stats}  # type: ignore[attr-defined]
    assert {"_work_in_a_thread", "_work_here"} <= names
