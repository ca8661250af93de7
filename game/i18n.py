"""The translation catalogs: every user-facing string has a key here.

Why JSON and not gettext (``babel``): a key per string (``briscola.trump``) rather
than the English sentence as the msgid, so the English words can be bettered without
breaking the Italian, and the engine's refusals travel as keys between players who
read different languages; one plain file per game and language that a translator
edits with any editor and that needs no compile step (no ``.mo`` files to keep in
step with the ``.po``); and no tooling in the build.  What gettext would add for us is
plural rules, and Italian and English both have one-or-many: the few strings that
differ for one take their own ``_one`` key (``bisca_table.round_one``).  The tests
(tests/game/test_i18n.py) do what ``babel``'s checks would: every key in every
language, the same ``{placeholders}`` in each.

Catalogs are JSON files in ``assets/i18n/<lang>/``; every file of a language is
merged, so each game and each part of the screen keeps its own file
(``bocce.json``, ``ui.json`` ...) and nobody edits a shared list.  A key missing
from a language falls back to English, then to the key itself, so a missing
translation shows up as text, never as a crash.

The engine keeps no current language: every call here names the language it
wants.  The screen's current language lives with the client (scenes/i18n.py),
so a host and its guests may each read the same refusal in their own words.
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from pathlib import Path
from typing import Any, Mapping

CATALOG_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"
#: every folder of catalogs: the program's, then a registered game's own
#: (``GameSpec.assets``, :func:`add_folder`)
FOLDERS: list[Path] = [CATALOG_DIR]
DEFAULT_LANG = "en"
#: the environment variables that name the system's language, first match wins (POSIX order)
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language among ours: Italian when the locale starts with "it"
    (``it_IT.UTF-8``, ``it_CH``, Windows' ``Italian_Italy``), else English."""
    env = os.environ if environ is None else environ
    name = next((env[v] for v in LOCALE_VARIABLES if env.get(v)), "")
    if not name:
        try:
            name = locale.getlocale()[0] or ""
        except ValueError:       # a locale Python cannot parse
            name = ""
    name = name.split(":")[0].lower()     # LANGUAGE may list several: it:en
    return "it" if name.startswith("it") else DEFAULT_LANG


@cache
def catalog(lang: str) -> dict[str, str]:
    """All strings of a language, merged from its files (sorted, so later files win)."""
    merged: dict[str, str] = {}
    for path in (p for folder in FOLDERS for p in sorted((folder / lang).glob("*.json"))):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, text in data.items():
            if key in merged:
                raise ValueError(f"translation key {key!r} defined twice ({path.name})")
            merged[key] = text
    return merged


@cache
def _language_set() -> frozenset[str]:
    return frozenset(p.name for p in CATALOG_DIR.iterdir() if p.is_dir())


def add_folder(folder: Path) -> None:
    """Read the catalogs of ``folder`` too (``<lang>/*.json``, as assets/i18n): a game
    registered from outside the program (game.register) brings its own words."""
    if folder not in FOLDERS:
        FOLDERS.append(folder)
        catalog.cache_clear()


def languages() -> list[str]:
    """The languages with a catalog (read once: every string asks)."""
    return sorted(_language_set())


def has(lang: str, key: str) -> bool:
    return key in catalog(lang) or key in catalog(DEFAULT_LANG)


def translate(lang: str, key: str, **params: Any) -> str:
    """The text for ``key`` in ``lang``, with ``{name}`` fields filled in."""
    text = catalog(lang).get(key) if lang in _language_set() else None
    if text is None:
        text = catalog(DEFAULT_LANG).get(key, key)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def number_words(lang: str, value: float) -> str:
    """A number with a fraction as ``lang`` writes it, to one place: "37.5" in English,
    "37,5" in Italian (where "40.0" reads as forty thousand); a whole one without: "40"."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", translate(lang, "number.decimal_point"))


def reason_words(lang: str, key: str, params: Mapping[str, Any]) -> str:
    """A refusal's words: card codes among the parameters become card names in ``lang``,
    and numbers with a fraction (floats) are written as ``lang`` writes them."""
    from game.cards import Card, CardCodeError

    shown: dict[str, Any] = {}
    for name, value in params.items():
        if (name == "card" or name.endswith("_card")) and isinstance(value, str):
            try:
                value = Card.parse(value).name(lang)
            except CardCodeError:
                pass
        elif isinstance(value, float):
            value = number_words(lang, value)
        shown[name] = value
    return translate(lang, key, **shown)
