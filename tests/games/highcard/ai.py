"""High card's computer players: Easy plays its lowest card, Normal the lowest card that
takes the trick so far (else its lowest), Hard the one search (game/ai/search.py) with
Normal's play in the playouts."""

from __future__ import annotations

import random
from typing import Sequence

from game.ai.search import Judge, Search
from game.cards import Card
from game.engine import Action
from game.tricks import winning_index
from tests.games.highcard.state import rank
from tests.games.highcard.views import View

#: a playout ends with the game; its points are the tricks taken
JUDGE = Judge(lambda s: 0, lambda s: list(s.taken))


class HighCardPlayer:
    """Easy (``take=False``): the lowest card; Normal: the lowest that takes the trick."""

    def __init__(self, take: bool = True) -> None:
        self.take = take
        self.name = "highcard-normal" if take else "highcard-easy"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        lowest = min(legal, key=lambda a: (rank(_card(a)), a))
        table = [Card.parse(c) for c in view["zones"]["table"] if c is not None]
        if not self.take or not table:
            return lowest
        best = table[winning_index(table, None, rank)]
        takes = [a for a in legal if _card(a).suit == table[0].suit and rank(_card(a)) > rank(best)]
        return min(takes, key=lambda a: (rank(_card(a)), a)) if takes else lowest


def _card(action: Action) -> Card:
    return action.cards[0]


def player(level: str = "normal") -> HighCardPlayer | Search:
    if level == "easy":
        return HighCardPlayer(take=False)
    if level == "hard":
        return Search("highcard-hard", lambda: HighCardPlayer(), HighCardPlayer(), JUDGE)
    return HighCardPlayer()
