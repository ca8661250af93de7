"""bench/cpushare.py: a process held to a share of a core is stopped while in debt, and
every one is continued when the hold ends."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from bench.cpushare import CpuShare


def state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


@pytest.mark.slow
def test_a_busy_process_is_stopped_while_it_owes_and_continued_at_the_end():
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        share = CpuShare([busy.pid], 0.05)
        seen = set()
        end = time.monotonic() + 30
        while "T" not in seen and time.monotonic() < end:
            seen.add(state(busy.pid))
            time.sleep(0.005)
        share.stop()
        assert "T" in seen, "a process past its share is stopped"
        assert state(busy.pid) != "T", "continued once the hold ends"
    finally:
        busy.kill()
        busy.wait(10)


def test_a_share_is_a_fraction_of_one_core():
    with pytest.raises(ValueError):
        CpuShare([], 1.5)
