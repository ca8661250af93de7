"""bench/busy.py: the busy processes a measurement under load runs beside it."""

from __future__ import annotations

import os

import pytest

from bench.busy import beside


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:             # a zombie is not busy
        return f.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_the_busy_processes_run_in_the_block_and_end_with_it():
    with beside(2) as pids:
        assert len(pids) == 2 and all(alive(p) for p in pids)
    assert not any(alive(p) for p in pids)


def test_they_end_when_the_block_fails_too():
    with pytest.raises(RuntimeError), beside(1) as pids:
        raise RuntimeError("a measurement that broke")
    assert not alive(pids[0])


def test_no_load_is_no_process():
    with beside(0) as pids:
        assert pids == []


def test_a_busy_process_stops_once_its_parent_is_gone():
    """A run ended by a signal runs no ``finally``: its busy processes must not spin on."""
    from bench.busy import spin
    spin(parent=-1)          # not its parent (no process has pid -1): it returns at once


def test_they_end_at_sigterm_though_the_parent_turned_sigterm_into_something_else():
    """A test process that started SDL (pygame.init, the session's display) has SDL's
    handler for SIGTERM, which a fork keeps: the block's end must still end them."""
    import signal

    told = []
    before = signal.signal(signal.SIGTERM, lambda *_: told.append(True))
    try:
        with beside(1) as pids:
            pass
    finally:
        signal.signal(signal.SIGTERM, before)
    assert not alive(pids[0]) and told == []
