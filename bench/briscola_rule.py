"""The rule-of-thumb Briscola player that Briscola learning projects use as their
baseline (their "AIAgent"), rewritten here from its description, for bench/ai.py only:
not a player of the project.

* Take the trick cheaply when it carries points: of the cards that would win it,
  the one worth fewest points (then the weakest, a non-trump before a trump).
* Otherwise (leading, nothing on the table worth taking, or nothing that wins)
  throw the lowest non-trump: fewest points, then weakest; a trump only when the
  hand holds nothing else.
* Venceslao: always claims; names as trump the suit it holds most of.
* It knows the trump when its view shows it and remembers the last one shown;
  never told, it plays as if there were none.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from game.briscola import points, strength
from game.cards import ITALIAN_SUITS, Card
from game.engine import Action
from game.tricks import winning_index


class RuleAgent:
    """See the module docstring."""

    name = "briscola-rule-agent"

    def __init__(self) -> None:
        self.trump: dict[int, tuple[int, str]] = {}      # seat -> (game_no, trump shown)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        kinds = {a.kind for a in legal}
        if "claim" in kinds:
            return next(a for a in legal if a.kind == "claim")
        seat = view["seat"]
        hand = [Card.parse(c) for c in view["zones"][f"hand/{seat}"]]
        if kinds == {"trump"}:
            count = Counter(c.suit for c in hand)
            return Action("trump", (), max(ITALIAN_SUITS, key=lambda s: (count[s], s)))
        plays = [a for a in legal if a.kind == "play" and a.card is not None]
        if not plays:
            return legal[0]
        trump = self._trump(view)
        table = [Card.parse(c) for c in view["zones"]["table"]]
        cards = [a.card for a in plays if a.card is not None]
        if table and sum(points(c) for c in table) > 0:
            winners = [c for c in cards
                       if winning_index(table + [c], trump, strength) == len(table)]
            if winners:
                return Action("play", (min(winners, key=lambda c: (
                    points(c), c.suit == trump, strength(c))),))
        return Action("play", (min(cards, key=lambda c: (
            c.suit == trump, points(c), strength(c))),))

    def _trump(self, view: dict[str, Any]) -> str | None:
        seat, game_no = view["seat"], view.get("game_no", 0)
        shown = view.get("trump")
        if shown:
            self.trump[seat] = (game_no, shown)
        kept = self.trump.get(seat)
        return kept[1] if kept and kept[0] == game_no else None
