"""Where the test suite's time goes: a run's JUnit report summed by file and by tier.

A run's wall clock says little on a shared machine; the sum of its tests' times says
which files to make sharper, and the tier a test is in (marked slow or not) says
whether the edit-test loop pays for it.  ``--durations`` prints the slowest tests
alone; this adds the sums::

    make test PYTEST_ARGS="--junitxml=/tmp/suite.xml"
    python bench/suite.py /tmp/suite.xml [--files 25] [--tests 25]

A test's time in the report is its setup, call and teardown (pytest's JUnit ``time``);
with ``-p bench.cputime`` (bench/cputime.py) the report holds its CPU time too, the
figure that does not depend on the machine's load, and the tables are ranked by it.
The tier is read from the test's markers by collecting again (``-m slow --co``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))       # run as python bench/suite.py
from bench.cputime import PROPERTY, QUEUED, START, WORKER  # noqa: E402


@dataclass(frozen=True)
class Case:
    """One test's outcome in the report: its node id, wall seconds, CPU seconds (None
    where the report has none), and whether it failed."""

    nodeid: str
    seconds: float
    failed: bool
    cpu: float | None = None
    start: float | None = None
    worker: str = "main"
    queued: float = 0.0

    @property
    def file(self) -> str:
        return self.nodeid.split("::")[0]

    @property
    def waited(self) -> float:
        """Wall seconds on no core and not queued for one: waiting on its peers (a socket,
        a process, a timer); 0 where the CPU is unknown."""
        return 0.0 if self.cpu is None else max(0.0, self.seconds - self.queued - self.cpu)


def read(report: Path) -> list[Case]:
    """Every test case of a pytest JUnit report, its class name turned back into a path."""
    cases = []
    for case in ET.parse(report).iter("testcase"):
        module, name = case.get("classname", ""), case.get("name", "")
        parts = module.split(".")
        # classname is tests.scenes.test_x or tests.scenes.test_x.TestClass
        cut = next((i for i in range(len(parts), 0, -1) if parts[i - 1].startswith("test_")),
                   len(parts))
        path = "/".join(parts[:cut]) + ".py"
        nodeid = "::".join([path, *parts[cut:], name])
        failed = case.find("failure") is not None or case.find("error") is not None
        props = {prop.get("name"): prop.get("value", "") for prop in case.iter("property")}
        cpu = float(props[PROPERTY]) if PROPERTY in props else None
        start = float(props[START]) if START in props else None
        cases.append(Case(nodeid, float(case.get("time", 0.0)), failed, cpu, start,
                          props.get(WORKER) or "main", float(props.get(QUEUED) or 0.0)))
    return cases


def slow_ids() -> set[str]:
    """The node ids marked slow, by collecting the suite again (nothing runs)."""
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "--co", "-m", "slow",
                          "-p", "no:cacheprovider"], cwd=ROOT, capture_output=True,
                         text=True, check=False).stdout
    return {line.strip() for line in out.splitlines() if "::" in line}


def table(rows: list[tuple[str, list[Case]]], title: str) -> str:
    """Rows of their cases' wall seconds, CPU seconds (where known) and count."""
    lines = [f"| {title} | wall s | CPU s | tests |", "|---|---:|---:|---:|"]
    for name, cases in rows:
        cpu = [c.cpu for c in cases if c.cpu is not None]
        lines.append(f"| {name} | {sum(c.seconds for c in cases):.1f} | "
                     f"{f'{sum(cpu):.1f}' if cpu else '-'} | {len(cases)} |")
    return "\n".join(lines)


def cost(case: Case) -> float:
    """What ranks a test: its CPU time where the report has it, else its wall time."""
    return case.seconds if case.cpu is None else case.cpu


def timeline(cases: list[Case], files: int) -> str:
    """Each worker's span: its first test's start, its last test's end (seconds from the
    run's first start), the seconds inside its tests, queued for a core, on one (CPU) and
    waiting on their peers; then the files each
    worker ran last, so a group that ends the run alone shows as one."""
    timed = [c for c in cases if c.start is not None]
    if not timed:
        return "no start times in the report (run with -p bench.cputime)"
    zero = min(c.start for c in timed if c.start is not None)
    lines = ["| worker | first start s | last end s | in tests s | queued s | CPU s | waited s | tests |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    workers: dict[str, list[Case]] = defaultdict(list)
    for case in timed:
        workers[case.worker].append(case)
    tails = []
    for name, own in sorted(workers.items()):
        own.sort(key=lambda c: c.start or 0.0)
        first, last = own[0].start or 0.0, max((c.start or 0.0) + c.seconds for c in own)
        cpu = sum(c.cpu or 0.0 for c in own)
        lines.append(f"| {name} | {first - zero:.1f} | {last - zero:.1f} | "
                     f"{sum(c.seconds for c in own):.1f} | {sum(c.queued for c in own):.1f} | "
                     f"{cpu:.1f} | "
                     f"{sum(c.waited for c in own):.1f} | {len(own)} |")
        seen: list[str] = []
        for case in reversed(own):
            if case.file not in seen:
                seen.append(case.file)
            if len(seen) == files:
                break
        ends = {f: max((c.start or 0.0) + c.seconds - zero for c in own if c.file == f)
                for f in seen}
        tails.append(f"{name} last: " + ", ".join(f"{f} (to {ends[f]:.0f} s)" for f in seen))
    return "\n".join([*lines, "", *tails])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="a pytest --junitxml report")
    parser.add_argument("--files", type=int, default=25, help="how many files to list")
    parser.add_argument("--tests", type=int, default=25, help="how many tests to list")
    parser.add_argument("--timeline", action="store_true",
                        help="also each worker's span and the tests that waited most")
    args = parser.parse_args(argv)
    cases = read(args.report)
    if args.timeline:
        print(timeline(cases, 5))
        print()
        waiting = sorted(cases, key=lambda c: -c.waited)[:args.tests]
        print(table([(f"{c.nodeid} (waited {c.waited:.1f} s)", [c]) for c in waiting],
                    "test that waited"))
        print()
    # the marker is a function's here (no case of a parametrized test is marked alone),
    # and a report may spell a case's parameters otherwise than the collection does
    slow = {nodeid.split("[")[0] for nodeid in slow_ids()}
    tiers: dict[str, list[Case]] = defaultdict(list)
    files: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        tiers["slow" if case.nodeid.split("[")[0] in slow else "fast"].append(case)
        files[case.file].append(case)
    print(table([*sorted(tiers.items()), ("all", cases)], "tier"))
    print()
    ranked = sorted(files.items(), key=lambda item: -sum(map(cost, item[1])))[:args.files]
    print(table(ranked, "file"))
    print()
    slowest = sorted(cases, key=lambda c: -cost(c))[:args.tests]
    print(table([(c.nodeid + (" (failed)" if c.failed else "")
                  + (" (slow)" if c.nodeid.split("[")[0] in slow else ""), [c])
                 for c in slowest], "test"))
    failed = [c.nodeid for c in cases if c.failed]
    if failed:
        print("\nfailed: " + ", ".join(failed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
