"""Packaging: the licence is declared, the ``tavolata`` command resolves, and an install
carries every asset (pip install . / pipx install . put assets/ beside game/ and scenes/)."""

from __future__ import annotations

import fnmatch
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def project() -> dict:
    tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11+")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_declared_and_shipped(project):
    assert project["project"]["license"] == "MIT"
    for name in project["project"]["license-files"]:
        assert (ROOT / name).is_file()
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_the_tavolata_command_resolves_and_answers_help(project, capsys):
    target = project["project"]["scripts"]["tavolata"]
    module, _, name = target.partition(":")
    main = getattr(importlib.import_module(module), name)
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0 and "--game" in capsys.readouterr().out


def test_every_asset_is_package_data(project):
    setuptools = project["tool"]["setuptools"]
    assert "assets" in setuptools["packages"]["find"]["include"]
    patterns = setuptools["package-data"]["assets"]
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file():
            rel = path.relative_to(ROOT / "assets").as_posix()
            assert any(fnmatch.fnmatch(rel, p) for p in patterns), f"{rel} would not be installed"


def _recipes() -> dict[str, list[str]]:
    """Each Makefile target's recipe lines, stripped."""
    recipes: dict[str, list[str]] = {}
    target = None
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace() and ":" in line and "=" not in line.split(":")[0]:
            target = line.split(":")[0]
        elif line.startswith("\t") and target:
            recipes.setdefault(target, []).append(line.strip())
    return recipes


def test_make_test_runs_every_test_and_make_test_fast_leaves_out_only_the_slow(project):
    """CI runs ``make test``: no marker may filter it.  ``make test-fast`` is the same run
    without the tests marked slow, and the marker is registered (strict markers)."""
    options = project["tool"]["pytest"]["ini_options"]
    assert "--strict-markers" in options["addopts"] and "-m" not in options["addopts"].split()
    assert any(m.startswith("slow:") for m in options["markers"])
    recipes = _recipes()
    assert recipes["test"] == ['$(PY) tools/beside.py "$(LINT)" "$(TYPES)" -- '
                               "$(HEADLESS_ENV) $(PY) -m pytest $(PARALLEL) $(PYTEST_ARGS)"]
    assert recipes["test-fast"] == ['$(HEADLESS) $(PY) -m pytest -m "not slow" $(PARALLEL) $(PYTEST_ARGS)']
    assert "make test-fast" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_make_test_runs_in_one_process_per_core_and_two_more_with_xdist_of_the_test_extra(project):
    """Both test targets spread the suite over the cores and two processes more, for the
    tests that wait (pytest-xdist, of the test extra), and keep each module's shared
    fixture in one process (loadgroup: see tests/conftest.py); ``JOBS=0`` runs it in one
    process."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert '\nJOBS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 2)")\n' in makefile
    assert "\nPARALLEL = -n $(JOBS) --dist loadgroup\n" in makefile
    extra = " ".join(project["project"]["optional-dependencies"]["test"])
    assert "pytest-xdist>=" in extra


def test_make_test_lints_and_type_checks_beside_the_suite_with_the_tools_of_the_test_extra(project):
    """CI's ``make test`` runs ruff (``make lint``) and mypy on game/ and scenes/ (``make types``)
    beside pytest (tools/beside.py: a failure of either fails the run), the same commands as
    the targets of their own, both configured in pyproject.toml and installed by the test
    extra."""
    recipes = _recipes()
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\nLINT = $(PY) -m ruff check .\n" in makefile
    assert "\nTYPES = $(PY) -m mypy\n" in makefile
    assert recipes["lint"] == ["$(LINT)"] and recipes["types"] == ["$(TYPES)"]
    assert recipes["test"][0].startswith('$(PY) tools/beside.py "$(LINT)" "$(TYPES)" -- ')
    extra = " ".join(project["project"]["optional-dependencies"]["test"])
    assert "ruff" in extra and "mypy" in extra
    assert project["tool"]["mypy"]["files"] == ["game", "scenes"]
    assert project["tool"]["mypy"]["disallow_untyped_defs"] is True
    assert {"E", "F", "W", "I", "B", "UP"} <= set(project["tool"]["ruff"]["lint"]["select"])
