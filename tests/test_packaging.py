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
