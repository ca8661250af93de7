"""scenes/ has no import cycle: a screen opens another through the routes (scenes/routes.py),
never by importing it, so the modules form layers (the kit, the art, the table, the
screens, the app) and no circle.

Every import statement counts, the ones inside functions and classes too (an import put
off until a function runs is how a circle hides), and the ones under ``TYPE_CHECKING``:
such an import never runs, but it names a type of the module above (a part naming the
scene that owns it), and a circle of types is a circle of modules that cannot be
understood, or split, one without the other.  A type a module below needs is a Protocol
there, or lives below both.  ``TYPE_ONLY`` lists the imports for types still closing a
circle, waiting for theirs; the test fails when one of them no longer does, so the list
only shrinks.  ``import a.b`` names the module ``a.b``, and ``from a.b import c`` the
module ``a.b.c`` when ``c`` is one, else ``a.b``; a package's ``__init__`` is a module
like the others.  And what the screens are built from imports no screen.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import Container, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: imports under ``TYPE_CHECKING`` that still close a circle: (importing module, module)
TYPE_ONLY = {
    # the app, named by the scenes it runs
    ("scenes.kit.scene", "scenes.app"),
    ("scenes.kit.option_rows", "scenes.app"),
    ("scenes.kit.panel_scene", "scenes.app"),
    ("scenes.screens.menu", "scenes.app"),
    ("scenes.screens.online.play", "scenes.app"),
    ("scenes.screens.online.waiting_room", "scenes.app"),
    ("scenes.screens.rules_scene", "scenes.app"),
    ("scenes.screens.setup_scene", "scenes.app"),
}


def modules(package: str = "scenes") -> dict[str, Path]:
    """Every module of ``package`` by its dotted name."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The nodes inside ``if TYPE_CHECKING:`` blocks (by id)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                skipped.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return skipped


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


def imports(package: str = "scenes", types: bool = True) -> dict[str, set[str]]:
    """Each module of ``package`` -> the modules of ``package`` it imports, those it
    imports for types only (under ``TYPE_CHECKING``) too unless ``types`` is False."""
    return {module: set(named) for module, named in _imports(package, types).items()}


def type_only(package: str = "scenes") -> set[tuple[str, str]]:
    """The (module, imported) pairs of ``package`` named under ``TYPE_CHECKING`` only."""
    run = _imports(package, False)
    return {(module, name) for module, named in _imports(package, True).items()
            for name in named - run[module]}


@functools.cache
def _imports(package: str, types: bool) -> dict[str, frozenset[str]]:
    known = modules(package)
    graph: dict[str, frozenset[str]] = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = set() if types else _type_checking_only(tree)
        graph[module] = frozenset(
            name for node in ast.walk(tree) if id(node) not in skipped
            for name in _named(node, module, path.name == "__init__.py", known)
            if name in known and name not in (module, package))
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
    for module, name in TYPE_ONLY:
        graph.get(module, set()).discard(name)
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


def test_an_import_for_annotations_only_is_seen():
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from scenes.app import App\n")
    skipped = _type_checking_only(tree)
    named = {n for node in ast.walk(tree) for n in _named(node, "scenes.kit.scene", False, ())}
    assert "scenes.app" in named and skipped, "named, and known to be for types only"


@pytest.mark.slow       # reads every module of scenes/
def test_a_type_only_import_that_closes_no_circle_leaves_the_list():
    """Each import of ``TYPE_ONLY`` is still for types only and still closes a circle:
    one broken is taken off the list."""
    graph = imports()
    named = type_only()
    for module, name in TYPE_ONLY:
        graph[module].discard(name)
    done = []
    for module, name in sorted(TYPE_ONLY):
        if (module, name) not in named or not cycles({**graph, module: graph[module] | {name}}):
            done.append(f"{module} -> {name}")
    assert done == [], "no longer a type-only import in a circle: take it off TYPE_ONLY:\n" \
        + "\n".join(done)


@pytest.mark.slow       # reads every module of scenes/
def test_what_screens_are_built_from_imports_no_screen():
    """The kit, the card art, what the table and the online pages share (scenes/net/),
    the table and the games' adapters sit below the screens: none imports one."""
    below = ("scenes.kit", "scenes.art", "scenes.net", "scenes.table", "scenes.tables")
    upward = {module: sorted(n for n in named if n.startswith("scenes.screens"))
              for module, named in imports().items() if module.startswith(below)}
    assert not {module: up for module, up in upward.items() if up}
