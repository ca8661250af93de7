"""Bocce (card game), an original card game by Kenneth P. Langer: two players
set a pallino with a secret lag each frame, then roll two-card bocce at it.

``rules`` holds the arithmetic (card worths, totals, points), ``state`` the
game itself.  The rules as a player reads them: assets/rules/en/bocce.md.
"""

from __future__ import annotations

from typing import Any

from game.bocce.rules import lag_worths, points, totals
from game.bocce.state import BocceState
from game.cards import french_deck
from game.engine import Action, Demo, GameSpec, Option, Phrase, Trial, plain_label

__all__ = ["SPEC", "BocceState", "action_label", "label", "lag_worths", "points", "totals"]


def _new(options: dict[str, Any], seats: int, seed: int) -> BocceState:
    return BocceState(options, seats, seed)


def label(action: Action) -> Phrase:
    """An action's words, as the engine gives them (the registration's ``label``):
    "Commit the Ace of Hearts as 10" (the Ace's popup says "10"), "Stand at 14"."""
    if action.kind == "commit" and action.card is not None:
        return Phrase("bocce.action.commit", {"card": action.card.code, "worth": action.value})
    if action.kind == "draw":
        return Phrase("bocce.action.draw")
    if action.kind == "stand":
        return Phrase("bocce.action.stand", {"total": action.value})
    return plain_label(action)


def action_label(action: Action, lang: str = "en") -> str:
    """:func:`label` in ``lang``: the caller names the language, the engine keeps none."""
    return label(action).words(lang)


SPEC = GameSpec(
    key="bocce",
    title="Bocce",
    seats=(2,),
    factory=_new,
    options={"target": Option(25, (10, 15, 25, 50), "bocce.option.target")},
    cards=tuple(french_deck()),
    label=label,
    computers="game.ai.bocce:player",
    table="scenes.tables.bocce:ADAPTER",
    demo=Demo({"target": 10}),
    trial=Trial(seed=5, rounds=1),
)
