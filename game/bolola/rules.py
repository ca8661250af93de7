"""Bolola's numbers: the nine contracts, what each scores, and the card facts the
must-play rules and the scoring share.

Kept apart from the state so the computer player and the screen's words use the
very same table the referee scores with.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from game.cards import Card, card, french_deck

SEATS = 4
HAND_SIZE = 13
TRICKS = 13
HEARTS = "H"
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
KING_OF_HEARTS = card("KH")

#: The contracts in the order they are played (the fixed order of the rule text).
CONTRACTS: tuple[str, ...] = ("no_tricks", "trumps", "no_jacks_kings", "no_queens",
                              "no_hearts", "no_last_two", "no_king_hearts", "all", "bolola")

#: The scoring items: what a deal can give points for.
ITEMS: tuple[str, ...] = ("trick", "jack_king", "queen", "heart", "second_last", "last",
                          "king_hearts")

#: contract -> item -> points per item taken (negative: a penalty).  The King of Hearts
#: counts as a King, a Heart and itself wherever the contract scores all three.
POINTS: Mapping[str, Mapping[str, int]] = {
    "no_tricks": {"trick": -50},
    "trumps": {"trick": 50},
    "no_jacks_kings": {"jack_king": -60},
    "no_queens": {"queen": -100},
    "no_hearts": {"heart": -30},
    "no_last_two": {"second_last": -120, "last": -240},
    "no_king_hearts": {"king_hearts": -320},
    "all": {"trick": -15, "jack_king": -20, "queen": -30, "heart": -10, "second_last": -40,
            "last": -60, "king_hearts": -95},
    "bolola": {"trick": 15, "jack_king": 20, "queen": 30, "heart": 10, "second_last": 40,
               "last": 60, "king_hearts": 95},
}

#: How many of each item a whole deal holds.
ITEM_COUNTS: Mapping[str, int] = {"trick": TRICKS, "jack_king": 8, "queen": 4, "heart": 13,
                                  "second_last": 1, "last": 1, "king_hearts": 1}

#: The items a card stands for (a card may stand for several: the King of Hearts).
CARD_ITEMS: tuple[str, ...] = ("jack_king", "queen", "heart", "king_hearts")


def contract_total(contract: str) -> int:
    """Every point of a deal: what the four scores of a deal of ``contract`` add up to."""
    return _TOTALS[contract]


#: :func:`contract_total` of each contract, worked out once (views and players ask often)
_TOTALS: Mapping[str, int] = {k: sum(v * ITEM_COUNTS[item] for item, v in POINTS[k].items())
                              for k in CONTRACTS}


def is_positive(contract: str) -> bool:
    return contract_total(contract) > 0


def card_items(c: Card) -> list[str]:
    """The card items ``c`` is (before asking which of them a contract scores)."""
    out = []
    if c.rank in (JACK, KING):
        out.append("jack_king")
    if c.rank == QUEEN:
        out.append("queen")
    if c.suit == HEARTS:
        out.append("heart")
    if c == KING_OF_HEARTS:
        out.append("king_hearts")
    return out


def card_points(contract: str, c: Card) -> int:
    """What taking ``c`` scores in this contract (0: not a scoring card here)."""
    return _CARD_POINTS[contract][c.code]


def is_scoring(contract: str, c: Card) -> bool:
    """Whether the contract scores ``c`` itself (a Queen in No Queens, any Heart in All)."""
    return c.code in _SCORING[contract]


def trick_items(cards: Sequence[Card], index: int) -> dict[str, int]:
    """How many of each item a trick holds; ``index`` is its place in the deal (0 .. 12)."""
    out = {"trick": 1}
    for c in cards:
        for item in card_items(c):
            out[item] = out.get(item, 0) + 1
    if index == TRICKS - 2:
        out["second_last"] = 1
    if index == TRICKS - 1:
        out["last"] = 1
    return out


def trick_score(contract: str, cards: Sequence[Card], index: int) -> int:
    """What the winner of the ``index``-th trick of a deal scores for it: the trick's own
    items (:func:`trick_items`) and its cards' points, summed (whole numbers: the same sum
    in any order)."""
    table = POINTS[contract]
    points = _CARD_POINTS[contract]
    total = table.get("trick", 0) + sum(points[c.code] for c in cards)
    if index == TRICKS - 2:
        total += table.get("second_last", 0)
    if index == TRICKS - 1:
        total += table.get("last", 0)
    return total


def nothing_left(contract: str, unplayed: Sequence[Card], tricks_done: int) -> bool:
    """Whether no trick still to come can score in this contract: every scoring card is
    taken and no trick-item (a trick, the last two) is left (the early end's test)."""
    table = POINTS[contract]
    if tricks_done >= TRICKS:
        return True
    if "trick" in table:
        return False
    if ("second_last" in table or "last" in table):
        return False
    return not any(is_scoring(contract, c) for c in unplayed)


def _card_points(contract: str, c: Card) -> int:
    table = POINTS[contract]
    return sum(table.get(item, 0) for item in card_items(c))


#: contract -> card code -> :func:`card_points`, and the codes a contract scores: worked
#: out once (the players and the referee ask at every move of a search's playouts)
_CARD_POINTS: Mapping[str, Mapping[str, int]] = {
    k: {c.code: _card_points(k, c) for c in french_deck()} for k in CONTRACTS}
_SCORING: Mapping[str, frozenset[str]] = {
    k: frozenset(c.code for c in french_deck() if any(item in POINTS[k] for item in card_items(c)))
    for k in CONTRACTS}


def strength(c: Card) -> int:
    """Ace high, then King down to Two."""
    return c.rank
