"""Tavolata's rules engine: pure Python, never imports pygame.

``GAMES`` maps the key of every game that is built to its :class:`GameSpec`;
``CATALOG`` lists all five games in menu order, built or coming.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from game.engine import GameSpec


@dataclass(frozen=True)
class CatalogEntry:
    key: str
    title: str
    seats: str


CATALOG: tuple[CatalogEntry, ...] = (
    CatalogEntry("bocce", "Bocce", "2"),
    CatalogEntry("bolola", "Bolola", "4"),
    CatalogEntry("bisca", "Bisca", "2-6"),
    CatalogEntry("briscola", "Briscola Venceslao", "3"),
    CatalogEntry("doudizhu", "Dou Dizhu", "3"),
)


def _load_specs() -> dict[str, GameSpec]:
    specs: dict[str, GameSpec] = {}
    for entry in CATALOG:
        name = f"game.{entry.key}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        specs[entry.key] = module.SPEC
    return specs


GAMES: dict[str, GameSpec] = _load_specs()
