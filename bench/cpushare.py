"""Hold processes to a fixed share of a core each, as cpulimit does: on two cores that
the players, the gateways and NATS share with the workers, one worker against two
cannot show the workers' scaling (the second worker's core is the players'), so
``bench/tables.py --service --worker-share S`` gives every worker the same S of a core
and compares what one and two keep at saturation.

A token bucket a process: every :data:`STEP` seconds each earns ``share`` times the time
gone by and spends the CPU it used (``/proc/PID/stat``, in clock ticks); a process in
debt is stopped (SIGSTOP) until it has earned its way back, then continued (SIGCONT).
Only the pids it is given, all children of the benchmark; every one is continued when
it ends.
"""

from __future__ import annotations

import os
import signal
import threading
import time

from bench.net import cpu_seconds

#: seconds between looks; the most credit a process may save up (no burst past it)
STEP = 0.01
MOST_CREDIT = 0.05


class CpuShare:
    """Hold each of ``pids`` to ``share`` of a core, in a thread, until :meth:`stop`."""

    def __init__(self, pids: list[int], share: float) -> None:
        if not 0 < share <= 1:
            raise ValueError(f"a share of a core is in (0, 1], not {share}")
        self.pids = list(pids)
        self.share = share
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cpu-share", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        credit = dict.fromkeys(self.pids, 0.0)
        used = {pid: cpu_seconds(pid) for pid in self.pids}
        stopped: set[int] = set()
        last = time.monotonic()
        try:
            while not self._done.wait(STEP):
                now = time.monotonic()
                for pid in self.pids:
                    try:
                        spent = cpu_seconds(pid)
                    except (OSError, IndexError):           # it ended
                        continue
                    credit[pid] = min(MOST_CREDIT, credit[pid] + self.share * (now - last)
                                      - (spent - used[pid]))
                    used[pid] = spent
                    owes = credit[pid] < 0
                    if owes != (pid in stopped):
                        _signal(pid, signal.SIGSTOP if owes else signal.SIGCONT)
                        (stopped.add if owes else stopped.discard)(pid)
                last = now
        finally:
            for pid in self.pids:
                _signal(pid, signal.SIGCONT)

    def stop(self) -> None:
        """Every process continued, the thread ended."""
        self._done.set()
        self._thread.join(5)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass
