"""No test and no bench keeps its own list of the games: a test that needs every game
takes them from ``game.GAMES`` (and what it needs of each from its ``GameSpec``), so a new
game is run by every test at once instead of being skipped in silence.

A list, tuple or set literal naming three or more game keys is such a list.  Two keys
named together are a sample chosen for what they differ in (a French game beside an
Italian one), not a roster, and stay allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game import GAMES

ROOT = Path(__file__).resolve().parent.parent
#: the folders whose code must hold no list of the games
WATCHED = ("tests", "bench")
#: the fewest game keys in one literal that make it a list of the games
ROSTER = 3


def rosters(source: str, keys: set[str]) -> list[tuple[int, list[str]]]:
    """Each list, tuple or set literal in ``source`` that names ``ROSTER`` or more of
    ``keys``: its line and the keys it names."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            named = [e.value for e in node.elts
                     if isinstance(e, ast.Constant) and e.value in keys]
            if len(set(named)) >= ROSTER:
                found.append((node.lineno, named))
    return found


def test_a_list_of_three_game_keys_is_found_and_a_pair_is_not():
    keys = {"scopa", "tressette", "rubamazzo"}
    assert rosters('GAMES = ["scopa", "tressette", "rubamazzo"]\n', keys) == \
        [(1, ["scopa", "tressette", "rubamazzo"])]
    assert rosters('for k in ("scopa", "tressette", "rubamazzo"): pass\n', keys) != []
    assert rosters('PAIR = ("scopa", "rubamazzo")\nWHY = {"scopa": 1, "tressette": 2, '
                   '"rubamazzo": 3}\n', keys) == []


@pytest.mark.slow
def test_no_test_or_bench_module_lists_the_games():
    keys = set(GAMES)
    found = [f"{path.relative_to(ROOT)}:{line}: {named}"
             for folder in WATCHED for path in sorted((ROOT / folder).rglob("*.py"))
             for line, named in rosters(path.read_text(encoding="utf-8"), keys)]
    assert found == [], "take the games from game.GAMES, each one's needs from its " \
                        "GameSpec:\n" + "\n".join(found)
