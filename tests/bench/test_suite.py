"""bench/suite.py: a JUnit report read back into node ids, times and failures."""

from __future__ import annotations

from pathlib import Path

from bench.suite import read

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
