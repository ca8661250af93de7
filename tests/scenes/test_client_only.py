"""The screen is a client of a session: nothing in scenes/ reaches the rules' state."""

from __future__ import annotations

import re
from pathlib import Path

SCENES = Path(__file__).resolve().parents[2] / "scenes"
FORBIDDEN = re.compile(r"\bstate\.|\bspec\.new\b|\bState\b|\bGameSpec\.new\b|replay_log"
                       r"|\bgame\.engine import .*\bState\b")


def test_no_scene_module_touches_a_state():
    found = []
    for path in sorted(SCENES.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FORBIDDEN.search(line):
                found.append(f"{path.relative_to(SCENES.parent)}:{n}: {line.strip()}")
    assert found == []


def test_the_table_is_split_by_job():
    names = {p.stem for p in (SCENES / "table").glob("*.py")}
    assert {"scene", "controls", "animation", "board", "painting"} <= names
