"""The one translation helper: every user-facing string goes through :func:`tr`.

Catalogs are JSON files in ``assets/i18n/<lang>/``; every file of a language is
merged, so each game and each part of the screen keeps its own file
(``bocce.json``, ``ui.json`` ...) and nobody edits a shared list.  A key missing
from the current language falls back to English, then to the key itself, so a
missing translation shows up as text, never as a crash.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

CATALOG_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"
DEFAULT_LANG = "en"
_current = DEFAULT_LANG


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """All strings of a language, merged from its files (sorted, so later files win)."""
    merged: dict[str, str] = {}
    folder = CATALOG_DIR / lang
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, text in data.items():
            if key in merged:
                raise ValueError(f"translation key {key!r} defined twice ({path.name})")
            merged[key] = text
    return merged


def languages() -> list[str]:
    return sorted(p.name for p in CATALOG_DIR.iterdir() if p.is_dir())


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in languages() else DEFAULT_LANG


def language() -> str:
    return _current


def has(key: str) -> bool:
    return key in catalog(_current) or key in catalog(DEFAULT_LANG)


def tr(key: str, **params: Any) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled in."""
    text = catalog(_current).get(key)
    if text is None:
        text = catalog(DEFAULT_LANG).get(key, key)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text
