"""A pytest plugin: each test's CPU seconds in the JUnit report, beside its wall time.

On a machine others share, a test's wall time says mostly how loaded the machine was;
its CPU time (this process's threads, and the child processes it waited for) is the
same under any load, so it is what tells a test slow alone (over the quarter second
of the ``slow`` marker) from one that waited::

    python -m pytest -p bench.cputime --junitxml=/tmp/suite.xml
    python bench/suite.py /tmp/suite.xml

The figure is the property ``cpu`` of each test case (setup, call and teardown);
beside it ``start`` (the epoch second its setup began) and ``worker`` (pytest-xdist's
worker, ``gw0``..., or ``main``), so a run's report also says which worker idled when
(``python bench/suite.py --timeline``), and ``queued``: the seconds its thread stood in the
run queue, ready but without a core (Linux's schedstat), so that the wall less ``queued``
is about its wall on idle cores and that less its CPU what it waited on its peers, a
figure the machine's load does not change.
"""

from __future__ import annotations

import os
import time
from typing import Any, Iterator

import pytest

PROPERTY = "cpu"
START = "start"
WORKER = "worker"
QUEUED = "queued"


def cpu_seconds() -> float:
    """This process's CPU time and that of the children it has waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def queued_seconds() -> float:
    """Seconds this thread has stood ready in the run queue (0 where the kernel keeps
    no schedstat)."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    item.stash[_START] = cpu_seconds()
    item.stash[_BEGAN] = time.time()
    item.stash[_QUEUED] = queued_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    # the teardown's report is made after this, so the figure travels with it
    if call.when == "teardown" and _START in item.stash:
        item.user_properties.append((PROPERTY, round(cpu_seconds() - item.stash[_START], 3)))
        item.user_properties.append((START, round(item.stash[_BEGAN], 3)))
        item.user_properties.append((WORKER, worker_of(item.config)))
        item.user_properties.append((QUEUED, round(queued_seconds() - item.stash[_QUEUED], 3)))
    yield


def worker_of(config: pytest.Config) -> str:
    """This process's xdist worker (``gw0``...), or ``main``: read from the run's own
    config, not the environment, which a pytest started by a test inherits."""
    return str(getattr(config, "workerinput", {}).get("workerid", "main"))


_START = pytest.StashKey[float]()
_BEGAN = pytest.StashKey[float]()
_QUEUED = pytest.StashKey[float]()
