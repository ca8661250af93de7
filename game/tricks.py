"""Trick-taking basics shared by Briscola, Bisca and Bolola.

Seats are numbered so that the next player is ``(seat + 1) % seats``; each game
says which way round that is at its table.  Cards of a trick are always kept
in play order, the leader's card first.  What a card is worth and how strong it
is belong to each game: it passes a ``strength`` function (higher is stronger
within a suit) and keeps its own point tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from game.cards import Card
from game.views import Why

#: a card's rank in a trick: any value that orders (an int, a tuple); higher takes it
Strength = Callable[[Card], Any]


def play_order(first: int, seats: int) -> list[int]:
    """Every seat once, starting at ``first`` and going round (plays, draws, deals)."""
    return [(first + i) % seats for i in range(seats)]


def led_suit(cards: Sequence[Card]) -> str | None:
    """The suit of the first card of a trick, or None before anyone has played."""
    return cards[0].suit if cards else None


def beats(card: Card, best: Card, led: str, trump: str | None, strength: Strength) -> bool:
    """True if ``card`` takes the trick from ``best`` (trump over all, else the led suit only)."""
    if card.suit == best.suit:
        return strength(card) > strength(best)
    if trump is not None and card.suit == trump:
        return True
    return False if best.suit == trump else card.suit == led and best.suit != led


def winning_index(cards: Sequence[Card], trump: str | None, strength: Strength) -> int:
    """Index, in play order, of the card that holds the trick so far."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    led = cards[0].suit
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led, trump, strength):
            best = i
    return best


def trick_winner(cards: Sequence[Card], leader: int, trump: str | None, strength: Strength,
                 seats: int | None = None) -> int:
    """The seat that takes a trick: the highest trump, else the highest card of the suit led.

    ``seats`` is the number of seats at the table (default: one card per seat).
    """
    seats = len(cards) if seats is None else seats
    return (leader + winning_index(cards, trump, strength)) % seats


def why_won(cards: Sequence[Card], won: int, trump: str | None = None,
            suit_order: bool = False) -> Why | None:
    """What took a trick when its numbers alone would not say (a newcomer reads the
    highest number as the winner, an Italian Ace as 1): the data of the table's "won
    because ..." line, or None when the numbers tell it.  ``why`` is ``"order"`` (a card
    of the same suit with a higher number lost: Briscola's Three over the King, an Ace
    played high), ``"suits"`` (the suit order decided it: Bisca, ``suit_order``),
    ``"trump"`` (a trump took it) or ``"led"`` (a higher card of another suit could not
    take it; ``"led_only"`` in a deal without trumps, whose words name no trump: "(or a
    trump)" misled in Bolola's No tricks); ``card`` the winning card, ``over`` the card a
    newcomer expected to win (of the winner's suit first).  Public: every card of a
    trick is seen by all."""
    winner = cards[won]
    rivals = [c for i, c in enumerate(cards) if i != won and c.rank >= winner.rank]
    if not rivals:
        return None
    over = max(rivals, key=lambda c: (c.suit == winner.suit, c.rank))
    if over.suit == winner.suit:
        why = "order"
    elif suit_order:
        why = "suits"
    elif trump is not None and winner.suit == trump:
        why = "trump"
    else:
        why = "led" if trump is not None else "led_only"
    return {"why": why, "card": winner.code, "over": over.code}


def trick_points(cards: Sequence[Card], points: Callable[[Card], int]) -> int:
    """The card points a trick holds."""
    return sum(map(points, cards))


def follow_suit(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The cards the follow-suit rule lets a player play: those of the suit led if the
    hand holds any, else the whole hand (also the whole hand when leading)."""
    led = led_suit(trick)
    same = [c for c in hand if c.suit == led]
    return same if same else list(hand)


@dataclass(frozen=True)
class Must:
    """One "must play ... if able" rule: the cards it lets through, and why the others
    may not be played (a game's reason, e.g. an engine ``Reason``)."""

    cards: frozenset[Card]
    reason: Any


def must(cards: Iterable[Card], reason: Any) -> Must:
    return Must(frozenset(cards), reason)


def narrow(hand: Sequence[Card], rules: Iterable[Must]) -> tuple[list[Card], dict[Card, Any]]:
    """Apply "must ... if able" rules in order: each keeps only its cards among those
    still allowed, unless that would leave none (then the player is not able, and the
    rule is skipped).  Returns the playable cards, in hand order, and for every other
    card of the hand the reason of the first rule that ruled it out."""
    allowed = list(hand)
    why: dict[Card, Any] = {}
    for rule in rules:
        cards = rule.cards
        kept: list[Card] = []
        out: list[Card] = []
        for c in allowed:           # each card looked up once (a search asks at every move)
            (kept if c in cards else out).append(c)
        if not kept or not out:
            continue
        for c in out:
            why[c] = rule.reason
        allowed = kept
    return allowed, why
