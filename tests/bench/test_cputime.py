"""bench/cputime.py: a test's CPU seconds reach the JUnit report, a busy test's more than
an idle one's, whatever the wall clock did."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.suite import read

ROOT = Path(__file__).resolve().parents[2]

pytest_plugins = ["pytester"]


@pytest.mark.slow
def test_a_busy_test_reports_its_cpu_and_a_sleeping_one_almost_none(pytester, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))         # bench.cputime, from the test's folder
    pytester.makepyfile(test_two="""
        import time

        def test_busy():
            end = time.process_time() + 0.2
            while time.process_time() < end:
                pass

        def test_sleeps():
            time.sleep(0.2)
    """)
    pytester.runpytest_subprocess("-p", "bench.cputime", "--junitxml=r.xml", "-p",
                                  "no:cacheprovider").assert_outcomes(passed=2)
    cpu = {case.nodeid.split("::")[-1]: case.cpu for case in read(pytester.path / "r.xml")}
    assert cpu["test_busy"] is not None and cpu["test_busy"] >= 0.2
    assert cpu["test_sleeps"] is not None and cpu["test_sleeps"] < 0.1
    # beside it, when it began, in which process, and how long it stood queued for a core
    cases = read(pytester.path / "r.xml")
    assert all(c.start is not None and c.worker == "main" and c.queued >= 0 for c in cases)
    assert (pytester.path / "r.xml").read_text().count('name="queued"') == 2
