"""pyBrisca's "Simple-AI", ported to Briscola Venceslao for bench/ai.py only (an
opponent to measure Hard against, not a player of the project).

Credit: Narcís Palomeras Rovira, https://github.com/narcispr/pyBrisca
(src/brisca_players.py, ``BriscaPlayerSimpleAI``), MIT licence.  Its decision rule
is re-expressed here on this project's view; none of its code is copied.

The rule, as the original plays it:

* Lay the card worth fewest points, a trump counting 3.5 points more than it is worth
  (the original's ``victory_suit_penalty``, at the 3.5 its author found best).
* Unless cards are already on the table and one of its cards would beat them all: then,
  if the table holds points or such a card is worth any, lay the winning card worth the
  most points (of equal ones, the first in its hand).

How it was adapted: the original is Brisca (the Spanish deck, two to four players,
the trump always known); the ranks and points are Briscola's, so its card values give
Briscola's order.  With three players "beat them all" is, as in the original at four,
against the cards already down.  The points on the table count a held culetto too (the
next trick's winner takes them).  Venceslao's race and the trump it knows are
bench/briscola_seat.py's, the same for every outside player.
"""

from __future__ import annotations

import random

from bench.briscola_seat import SeatPlayer, Seen
from game.briscola import points
from game.cards import Card

#: what a trump adds to a card's points when the player looks for its cheapest card
TRUMP_PENALTY = 3.5


class PyBriscaSimple(SeatPlayer):
    """See the module docstring."""

    name = "briscola-pybrisca-simple"

    def play(self, seen: Seen, rng: random.Random) -> Card:
        choice = min(seen.cards, key=lambda c: points(c) + (
            TRUMP_PENALTY if c.suit == seen.trump else 0))
        if seen.table:
            winners = [c for c in seen.cards if seen.takes(c)]
            if winners and (seen.stake > 0 or max(points(c) for c in winners) > 0):
                choice = max(winners, key=points)
        return choice
