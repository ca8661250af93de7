"""A player's name: the one check every door a name comes in by uses.

A name is typed in the Play online field, read back from settings.json, kept in
a saved setup's seats, and arrives over the network (a guest's hello, a host's
welcome and seats lines).  Whatever the door, :func:`name_problem` says whether
it may be a name, so that no door is laxer than another: a name that passed
one door is drawn on a plate, written to a file and sent to a friend, and a NUL
or a lone surrogate there stops the text renderer or the UTF-8 encoder.

Choices the rules leave open:

* at most :data:`MAX_NAME` characters (code points), what the name field lets
  one type and what a plate has room for;
* every character printable by Python's definition (no control or format
  characters, so no NUL, newline or bidi override; no private-use, unassigned or
  surrogate code points, so no lone surrogate), except that any Unicode space is
  allowed (a pasted no-break space is a space, not an attack);
* the empty name is a name: it means "the default words" (a door strips the
  spaces around a typed name before it checks).

Problems are keys for the screen's catalog (``name.<key>``).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Optional

#: the longest name, in characters
MAX_NAME = 24

NOT_TEXT, TOO_LONG, UNPRINTABLE = "name.not_text", "name.too_long", "name.unprintable"


def name_problem(name: Any) -> Optional[str]:
    """Why ``name`` cannot be a player's name (a key: :data:`NOT_TEXT`,
    :data:`TOO_LONG`, :data:`UNPRINTABLE`), or None when it can."""
    if not isinstance(name, str):
        return NOT_TEXT
    if len(name) > MAX_NAME:
        return TOO_LONG
    if not all(ch.isprintable() or unicodedata.category(ch) == "Zs" for ch in name):
        return UNPRINTABLE
    return None
