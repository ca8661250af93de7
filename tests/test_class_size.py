"""No class in game/ or scenes/ does two jobs: none is over ``LIMIT`` lines of code.

A class that long has grown a second job (the host that admitted guests, kept the
seats' keys, refereed the game and watched the links was one class of 900 lines); it is
split into parts named for their jobs, each a class in a module of its own, composed by
the one that stays the public face.  A line of code is a line that is not blank, not only
a comment and not a docstring: a class is not made short by saying less about it.

``TOO_LONG`` lists the classes still waiting for their split, each under the path that
holds it; the test fails when one of them is split and still listed, so the list only
shrinks.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the folders whose classes are held to the limit
WATCHED = ("game", "scenes")
#: the most lines of code a class may have
LIMIT = 400
#: the classes over the limit today, waiting to be split: (path, class)
TOO_LONG: set[tuple[str, str]] = set()


def _docstring_lines(tree: ast.AST) -> set[int]:
    """The lines of every docstring in ``tree`` (a module's, a class's, a function's)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def class_sizes(source: str) -> list[tuple[str, int]]:
    """Each class in ``source`` (nested ones too) and its lines of code."""
    tree = ast.parse(source)
    text = source.splitlines()
    docs = _docstring_lines(tree)
    sizes = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            span = range(node.lineno, (node.end_lineno or node.lineno) + 1)
            code = [n for n in span if n not in docs
                    and text[n - 1].strip() and not text[n - 1].strip().startswith("#")]
            sizes.append((node.name, len(code)))
    return sizes


@functools.cache
def _sizes() -> dict[tuple[str, str], int]:
    return {(str(path.relative_to(ROOT)), name): size
            for folder in WATCHED for path in sorted((ROOT / folder).rglob("*.py"))
            for name, size in class_sizes(path.read_text(encoding="utf-8"))}


def test_a_class_is_measured_in_lines_of_code_without_its_words():
    source = ('class Small:\n    """A docstring\n    of three\n    lines."""\n\n'
              '    # a comment\n    x = 1\n\n    def f(self):\n        """Why."""\n'
              '        return 2\n')
    assert class_sizes(source) == [("Small", 4)]


@pytest.mark.slow
def test_no_class_in_game_or_scenes_is_over_the_limit():
    long = {where: size for where, size in _sizes().items() if size > LIMIT}
    found = [f"{path}: {name} has {size} lines of code" for (path, name), size in
             sorted(long.items()) if (path, name) not in TOO_LONG]
    assert found == [], f"a class over {LIMIT} lines of code does two jobs: split it into " \
                        "parts named for their jobs:\n" + "\n".join(found)


@pytest.mark.slow
def test_a_class_split_leaves_the_list_of_the_too_long():
    sizes = _sizes()
    done = [f"{path}: {name}" for path, name in sorted(TOO_LONG)
            if sizes.get((path, name), 0) <= LIMIT]
    assert done == [], f"no longer over {LIMIT} lines of code (or gone): take it off " \
                       "TOO_LONG:\n" + "\n".join(done)
