"""One line of why for the play Hard suggests (the Hint), read from the seat's view.

The search knows only that a play did better over the worlds it played out
(game/session/advice.py says that when nothing plainer can be said); what a player
wants to hear is what the play does now.  Each game's computer module may offer
``why(view, action) -> Reason | None``; the trick games share :func:`trick_line`.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from game.cards import Card
from game.engine import Reason
from game.tricks import winning_index


def trick_line(table: Sequence[Card], card: Card, hand: Sequence[Card], trump: Optional[str],
               strength: Callable[[Card], int], points: Optional[Callable[[Card], int]] = None,
               last: bool = False, carried: Sequence[Card] = ()) -> Optional[Reason]:
    """What ``card`` does to the trick on the table: takes it (and its points), leads it
    for now, or stays under it, keeping the trump when there is nothing worth it.
    ``last``: the card closes the trick, so taking it is sure; ``carried``: cards that
    go to the trick's winner besides its own (Briscola's culetto). Keeping the trump is
    said only in a game of card points, where a trump is saved for points worth it: in
    one without (Bolola's Trumps deal) "no points on the table" is untrue of every trick,
    and a player who must follow suit had no trump to keep."""
    worth = sum(points(c) for c in [*table, *carried]) if points is not None else 0
    has_trump = points is not None and trump is not None and \
        any(c.suit == trump for c in hand if c != card)
    if not table:
        if has_trump and card.suit != trump and (points is None or points(card) == 0):
            return Reason("advice.leads_low", {"card": card.code})
        return None
    if winning_index(list(table) + [card], trump, strength) == len(table):
        total = worth + (points(card) if points is not None else 0)
        if points is not None and total > 0:
            return Reason("advice.takes_points" if last else "advice.heads_points",
                          {"points": total})
        return Reason("advice.takes_trick" if last else "advice.heads_trick")
    if has_trump and card.suit != trump:
        if worth == 0:
            return Reason("advice.keeps_trump_nothing")
        return Reason("advice.keeps_trump", {"points": worth})
    if points is not None and points(card) == 0:
        return Reason("advice.gives_nothing")
    return Reason("advice.stays_under")
