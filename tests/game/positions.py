"""Test positions built from text (game/position.py): a test takes a real game's position
and writes anew the fields it needs, instead of setting a state's attributes by hand, so
a renamed field fails loudly ("the position has no field ...")."""

from __future__ import annotations

from typing import Any

from game.cards import cards
from game.engine import State
from game.position import edit


def codes(text: str) -> list[str]:
    """The codes of the cards ``text`` names (``"KS 5H 2D"``), as a position writes them."""
    return [c.code for c in cards(text)]


def positioned(state: State, **fields: Any) -> State:
    """The game at ``state``'s position with these fields written anew (plain JSON values,
    cards by their codes), built from the text."""
    return State.from_text(edit(state.to_text(), **fields))
