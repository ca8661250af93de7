"""bench/suite.py: a JUnit report read back into node ids, times and failures."""

from __future__ import annotations

from pathlib import Path

from bench.suite import read, timeline

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="3">
<testcase classname="tests.game.test_bocce" name="test_a_hand[3-it]" time="1.25">
<properties><property name="cpu" value="0.75" /></properties></testcase>
<testcase classname="tests.scenes.test_menu.TestKeys" name="test_enter" time="0.5">
<failure message="assert 1 == 2">no</failure></testcase>
<testcase classname="tests.test_main" name="test_help" time="0.01"><error message="x"/></testcase>
</testsuite></testsuites>"""


def test_a_report_reads_back_as_node_ids_with_their_seconds_cpu_and_failures(tmp_path: Path) -> None:
    path = tmp_path / "r.xml"
    path.write_text(REPORT)
    cases = read(path)
    assert [(c.nodeid, c.seconds, c.failed, c.cpu) for c in cases] == [
        ("tests/game/test_bocce.py::test_a_hand[3-it]", 1.25, False, 0.75),
        ("tests/scenes/test_menu.py::TestKeys::test_enter", 0.5, True, None),
        ("tests/test_main.py::test_help", 0.01, True, None)]
    assert cases[1].file == "tests/scenes/test_menu.py"


TIMED = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="3">
<testcase classname="tests.test_a" name="test_one" time="2.0"><properties>
<property name="cpu" value="0.5" /><property name="start" value="100.0" />
<property name="worker" value="gw0" /><property name="queued" value="0.25" /></properties></testcase>
<testcase classname="tests.test_b" name="test_two" time="1.0"><properties>
<property name="cpu" value="1.0" /><property name="start" value="101.0" />
<property name="worker" value="gw1" /></properties></testcase>
<testcase classname="tests.test_b" name="test_three" time="3.0"><properties>
<property name="cpu" value="3.0" /><property name="start" value="102.0" />
<property name="worker" value="gw1" /></properties></testcase>
</testsuite></testsuites>"""


def test_the_timeline_gives_each_worker_its_span_and_what_it_waited(tmp_path: Path) -> None:
    path = tmp_path / "r.xml"
    path.write_text(TIMED)
    cases = read(path)
    assert [(c.worker, c.start, c.waited) for c in cases] == [
        ("gw0", 100.0, 1.25), ("gw1", 101.0, 0.0), ("gw1", 102.0, 0.0)]
    lines = timeline(cases, 2).splitlines()
    # gw0 ends at 2 s from the run's first start: 0.25 s queued for a core, 0.5 s on one,
    # 1.25 s waiting on its peers; gw1 runs to 5 s, all of it on a core
    assert lines[2] == "| gw0 | 0.0 | 2.0 | 2.0 | 0.2 | 0.5 | 1.2 | 1 |"
    assert lines[3] == "| gw1 | 1.0 | 5.0 | 4.0 | 0.0 | 4.0 | 0.0 | 2 |"
    assert "gw1 last: tests/test_b.py (to 5 s)" in lines
