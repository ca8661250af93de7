"""Bastoni's "GreedyPlayer", ported to Briscola Venceslao for bench/ai.py only (an
opponent to measure Hard against, not a player of the project).

Credit: Fabio Epifani (epifab), https://github.com/epifab/bastoni
(modules/domain/src/main/scala/bastoni/domain/ai/GreedyPlayer.scala); the repository
states no licence, so its decision rule is re-expressed here on this project's view
and none of its code is copied.

The rule, as the original plays it (its hand ordered weakest first: by points, then
rank, which is Briscola's order; "winning" cards are those that would hold the trick
against the cards already down, every card when it leads):

* Leading: its weakest non-trump card.
* Following: its strongest winning non-trump card (it takes what it can with the suit).
* Else, when nothing would lose, or the table holds more than 4 points, or its weakest
  losing card is worth more than 4: its weakest winning card (a trump).
* Else its weakest losing card.

How it was adapted: the original plays Briscola at two, three (the Two of Cups set
aside) and four; at three it already judges against the cards down, as here.  The
table's points count a held culetto too (the next trick's winner takes them).
Venceslao's race and the trump it knows are bench/briscola_seat.py's, the same for
every outside player.
"""

from __future__ import annotations

import random

from bench.briscola_seat import SeatPlayer, Seen
from game.briscola import points, strength
from game.cards import Card

#: points above which a trick, or the card it would lose, is worth a trump
WORTH_A_TRUMP = 4


class BastoniGreedy(SeatPlayer):
    """See the module docstring."""

    name = "briscola-bastoni-greedy"

    def play(self, seen: Seen, rng: random.Random) -> Card:
        ordered = sorted(seen.cards, key=strength)
        win = [c for c in ordered if seen.takes(c)]
        lose = [c for c in ordered if c not in win]
        plain = [c for c in win if c.suit != seen.trump]
        if plain:
            return plain[-1] if seen.table else plain[0]
        if win and (not lose or seen.stake > WORTH_A_TRUMP or points(lose[0]) > WORTH_A_TRUMP):
            return win[0]
        return lose[0]
