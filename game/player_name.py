"""A player's name typed on this computer (Settings): the rule a name for the plates, the
log and the network must keep.

The same rule as a name that comes over the network (``clean_name`` in
game/net/protocol.py keeps only what passes it): at most :data:`MAX_NAME`
characters, each printable (no control or format character, no private-use,
unassigned or surrogate code point), any kind of space allowed; the empty name
means "the default words" ("You").  Here a name that breaks the rule is refused
with a reason instead of cleaned, so the player sees why.  Problems are keys for
the screen's catalog (``player_name.<key>``).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Optional

#: the longest name, in characters (what the name fields let one type, and a plate holds)
MAX_NAME = 24

NOT_TEXT, TOO_LONG, UNPRINTABLE = ("player_name.not_text", "player_name.too_long",
                                   "player_name.unprintable")


def name_problem(name: Any) -> Optional[str]:
    """Why ``name`` cannot be a player's name (a key), or None when it can."""
    if not isinstance(name, str):
        return NOT_TEXT
    if len(name) > MAX_NAME:
        return TOO_LONG
    if not all(ch.isprintable() or unicodedata.category(ch) == "Zs" for ch in name):
        return UNPRINTABLE
    return None
