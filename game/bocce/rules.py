"""Bocce's arithmetic: what a card is worth in the lag and in a bocce, which
totals a bocce can make, and what a finished bocce scores.

Kept apart from the state so the computer player reasons with the very same
numbers the rules use.
"""

from __future__ import annotations

from typing import Iterable

from game.cards import Card
from game.views import Why

#: The two worths an Ace may take, in the lag and in a bocce.
ACE_WORTHS = (1, 10)
#: How much more an Ace is worth when counted 10 instead of 1.
ACE_BONUS = ACE_WORTHS[1] - ACE_WORTHS[0]
#: Frames (and so bocce and lag cards) per hand.
FRAMES = 3
#: Points for a bocce exactly on the pallino, within two below, three or more below.
EXACT_POINTS, CLOSE_POINTS, FAR_POINTS = 3, 2, 1
CLOSE_MARGIN = 2


def lag_worths(card: Card) -> tuple[int, ...]:
    """What a hand card adds to the pallino: face cards 10, an Ace 1 or 10 (committer's choice)."""
    if card.is_ace:
        return ACE_WORTHS
    if card.is_face:
        return (10,)
    return (card.rank,)


def bocce_value(card: Card) -> int:
    """A card's least worth in a bocce: face cards 1, an Ace 1 (it may count 10 instead)."""
    if card.is_ace or card.is_face:
        return 1
    return card.rank


#: card code -> (least worth in a bocce, 1 for an Ace), filled as cards are met: every
#: view and every move of a game (and of a search's playouts) asks again
_KINDS: dict[str, tuple[int, int]] = {}


def _kind(card: Card) -> tuple[int, int]:
    kind = _KINDS.get(card.code)
    if kind is None:
        kind = _KINDS[card.code] = (bocce_value(card), 1 if card.is_ace else 0)
    return kind


def totals(cards: Iterable[Card]) -> list[int]:
    """Every total a bocce can make, smallest first (each Ace 1 or 10)."""
    base = aces = 0
    for c in cards:
        least, ace = _kind(c)
        base += least
        aces += ace
    return [base + ACE_BONUS * k for k in range(aces + 1)]


def picture_note(cards: Iterable[Card], where: str) -> Why | None:
    """The table's "because" line when a face card's worth makes the count (a face card
    is 10 in the lag but 1 in a bocce, which a newcomer may not know): ``where`` is
    ``"lag"`` or ``"roll"``, ``card`` the first face card; None when there is none."""
    face = next((c for c in cards if c.is_face), None)
    return None if face is None else {"why": f"{where}_picture", "card": face.code}


def points(total: int, pallino: int) -> int:
    """Points of a bocce that finished (not busted, not knocked out) at ``total``."""
    if total > pallino:
        return 0
    if total == pallino:
        return EXACT_POINTS
    if pallino - total <= CLOSE_MARGIN:
        return CLOSE_POINTS
    return FAR_POINTS
