"""The rule-of-thumb Briscola player that Briscola learning projects use as their
baseline (their "AIAgent"), rewritten here from its description, for bench/ai.py only:
not a player of the project.

* Take the trick cheaply when it carries points: of the cards that would win it,
  the one worth fewest points (then the weakest, a non-trump before a trump).
* Otherwise (leading, nothing on the table worth taking, or nothing that wins)
  throw the lowest non-trump: fewest points, then weakest; a trump only when the
  hand holds nothing else.
* Venceslao's race and the trump it knows: bench/briscola_seat.py (it claims, names
  the suit it holds most of, remembers the trump shown).  The points it sees are the
  trick's own (a held culetto not counted).
"""

from __future__ import annotations

import random

from bench.briscola_seat import SeatPlayer, Seen
from game.briscola import points, strength
from game.cards import Card


class RuleAgent(SeatPlayer):
    """See the module docstring."""

    name = "briscola-rule-agent"

    def play(self, seen: Seen, rng: random.Random) -> Card:
        trump = seen.trump
        if seen.table and sum(points(c) for c in seen.table) > 0:
            winners = [c for c in seen.cards if seen.takes(c)]
            if winners:
                return min(winners, key=lambda c: (points(c), c.suit == trump, strength(c)))
        return min(seen.cards, key=lambda c: (c.suit == trump, points(c), strength(c)))
