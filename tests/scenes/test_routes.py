"""Scenes are opened by name from one table (scenes/routes.py)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import pytest

from scenes import routes
from scenes.kit.scene import Scene
from tests.scenes.shell_helpers import app  # noqa: F401

SCENES = Path(__file__).resolve().parents[2] / "scenes"


@pytest.mark.parametrize("name", sorted(routes.ROUTES))
def test_every_route_names_a_scene_maker_that_is_there(name):
    made = routes.maker(name)
    assert callable(made)
    if isinstance(made, type):
        assert issubclass(made, Scene)


def test_an_unknown_scene_is_named_in_the_error():
    with pytest.raises(KeyError, match="no scene called 'nowhere'"):
        routes.maker("nowhere")


def test_the_app_opens_a_scene_by_name_with_its_arguments(app):  # noqa: F811
    scene = app.open("rules", "bisca")
    assert app.stack.top is scene and scene.key == "bisca"
    assert type(scene).__name__ == "RulesScene"


@pytest.mark.slow
def test_no_module_imports_a_scene_to_open_it():
    """Scenes are opened (or made, to replace one or to hold one) through the routes: no
    module of scenes/ imports a scene inside a function, as an opener would."""
    for path in sorted(SCENES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inner = [node for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
                 for node in ast.walk(fn) if isinstance(node, ast.ImportFrom)
                 and (node.module or "").startswith("scenes.")
                 and any(a.name.endswith("Scene") for a in node.names)]
        assert not inner, f"{path.name} imports {[n.module for n in inner]}"


def test_every_route_name_is_in_the_table_and_every_entry_has_a_name():
    """``Route`` is the type of the names (a name not there is a type error)."""
    assert set(get_args(routes.Route)) == set(routes.ROUTES)
