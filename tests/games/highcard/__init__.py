"""High card: the smallest game the suite registers, through the same path as the shipped
ones (game.register, from tests/conftest.py), so that every contract, table, kiosk,
netplay and language test runs a sixth game with no line written for it.  It proves that
a game needs nothing from the tests but its own registration: its rules (``state``), its
shapes (``views``), its computers (``ai``), its table (``table``) and its words and rules
text (``assets``) all live here.

Choices the rule text leaves open: the cards are sorted in each hand; the first trick is
led by the first seat; a tie for the most tricks makes every tied player a winner."""

from __future__ import annotations

from pathlib import Path

from game.engine import Action, Demo, GameSpec, Option, Phrase, Trial, plain_label
from tests.games.highcard.state import DECK, HighCardState

#: the cards each player is dealt, one a trick
TRICKS = (1, 3, 5)
#: the hands of a game
HANDS = (1, 2, 3, 4)


def label(action: Action) -> Phrase:
    """A move's words: "Play the 7 of Hearts"."""
    if action.kind == "play" and action.card is not None:
        return Phrase("highcard.action.play", {"card": action.card.code})
    return plain_label(action)


SPEC = GameSpec(
    key="highcard",
    title="High card",
    seats=(2, 3, 4),
    factory=HighCardState,
    options={"tricks": Option(3, TRICKS, "highcard.option.tricks"),
             "hands": Option(4, HANDS, "highcard.option.hands")},
    cards=DECK,
    label=label,
    computers="tests.games.highcard.ai:player",
    table="tests.games.highcard.table:ADAPTER",
    demo=Demo({"hands": 1}),
    trial=Trial(seed=3, rounds=1),
    assets=Path(__file__).resolve().parent / "assets",
)
