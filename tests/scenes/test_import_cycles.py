"""scenes/ has no import cycle: a screen opens another through the routes (scenes/routes.py),
never by importing it, so the modules form layers (the kit, the art, the table, the
screens, the app) and no circle.

Every import statement counts, the ones inside functions and classes too (an import put
off until a function runs is how a circle hides), and the ones under ``TYPE_CHECKING``:
such an import never runs, but it names a type of the module above (a part naming the
scene that owns it), and a circle of types is a circle of modules that cannot be
understood, or split, one without the other.  A type a module below needs is a Protocol
there (the scenes' view of the app, ``AppLike`` in scenes/kit/scene.py; what keeping and
the story read of the table), or lives below both (the look back's data, scenes/tables/
look.py).  ``import a.b`` names the module ``a.b``, and ``from a.b import c`` the
module ``a.b.c`` when ``c`` is one, else ``a.b``; a package's ``__init__`` is a module
like the others.  And what the screens are built from imports no screen.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Container, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]


def modules(package: str = "scenes") -> dict[str, Path]:
    """Every module of ``package`` by its dotted name."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _named(node: ast.AST, module: str, is_package: bool, known: Container[str]) -> Iterator[str]:
    """The modules an import statement names (relative ones resolved): ``from a import b``
    names ``a.b`` when that is a module, else ``a``."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            here = module.split(".") if is_package else module.split(".")[:-1]
            here = here[:len(here) - (node.level - 1)]
            base = ".".join(here + ([base] if base else []))
        for alias in node.names:
            inner = f"{base}.{alias.name}"
            yield inner if inner in known else base


def imports(package: str = "scenes") -> dict[str, set[str]]:
    """Each module of ``package`` -> the modules of ``package`` it imports, when run or
    for types only."""
    known = modules(package)
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[module] = {name for node in ast.walk(tree)
                         for name in _named(node, module, path.name == "__init__.py", known)
                         if name in known and name not in (module, package)}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                other = stack.pop()
                part.append(other)
                if other == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.mark.slow       # reads every module of scenes/
def test_scenes_modules_import_each_other_in_no_circle_even_for_types():
    graph = imports()
    circles = cycles(graph)
    assert not circles, "\n".join(
        f"{len(part)} modules in a circle: " + "; ".join(
            f"{m} -> {', '.join(sorted(graph[m] & set(part)))}" for m in part)
        for part in circles)


def test_an_import_inside_a_function_closes_a_circle():
    """The finder sees what the test above must not find: two modules, one importing the
    other at its top and the other importing it back inside a function."""
    graph = {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    assert cycles(graph) == [["a", "b"]]
    tree = ast.parse("def f():\n    from scenes.table.scene import TableScene\n")
    named = {n for node in ast.walk(tree) for n in _named(node, "scenes.table.keeping", False, ())}
    assert "scenes.table.scene" in named


def test_an_import_for_annotations_only_counts():
    """A module naming another's type under ``TYPE_CHECKING`` imports it, for the circles."""
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from scenes.app import App\n")
    named = {n for node in ast.walk(tree) for n in _named(node, "scenes.kit.scene", False, ())}
    assert "scenes.app" in named


@pytest.mark.slow       # reads every module of scenes/
def test_what_screens_are_built_from_imports_no_screen():
    """The kit, the card art, what the table and the online pages share (scenes/net/),
    the table and the games' adapters sit below the screens: none imports one."""
    below = ("scenes.kit", "scenes.art", "scenes.net", "scenes.table", "scenes.tables")
    upward = {module: sorted(n for n in named if n.startswith("scenes.screens"))
              for module, named in imports().items() if module.startswith(below)}
    assert not {module: up for module, up in upward.items() if up}
