"""The screen's language: the one current language of this client, and :func:`tr`.

The engine names a language in every call (game/i18n.py); the screen has a
current one, chosen in the Settings, and every string it shows goes through
:func:`tr`.  Refusals arrive as a :class:`~game.engine.Reason` (a key and
parameters, from a local or a remote referee) and :func:`words` puts them into
this client's language.
"""

from __future__ import annotations

import time
from typing import Any

from game.engine import Reason
from game.i18n import DEFAULT_LANG, languages, translate
from game.i18n import has as _has

_current = DEFAULT_LANG


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in languages() else DEFAULT_LANG


def language() -> str:
    return _current


def has(key: str) -> bool:
    return _has(_current, key)


def tr(key: str, **params: Any) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled in."""
    return translate(_current, key, **params)


def words(reason: Reason) -> str:
    """A refusal in the current language."""
    return reason.words(_current)


def short_date(stamp: float) -> str:
    """A moment as a list of games writes it, in the screen's language: "07 Dec 14:05",
    "07 dic 14:05" (the C library's month names are English whatever the language)."""
    moment = time.localtime(stamp)
    month = tr("date.months").split()[moment.tm_mon - 1]
    return f"{moment.tm_mday:02d} {month} {moment.tm_hour:02d}:{moment.tm_min:02d}"


def signed(points: int, plus: bool = True) -> str:
    """Points as the screen writes them: "+5" (a total: "5", ``plus=False``), "−3"
    (a true minus sign), "0"."""
    if points > 0:
        return f"+{points}" if plus else str(points)
    return f"\u2212{-points}" if points < 0 else "0"
