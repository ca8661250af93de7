"""Dou Dizhu's numbers: rank letters, the two rule sets, bids and scoring constants.

Kept apart from the state so the combinations module, the computer player and the
benchmark use the very same numbers the referee does.
"""

from __future__ import annotations

from game.cards import BLACK_JOKER, RED_JOKER, Card

SEATS = 3
HAND_SIZE = 17
KITTY_SIZE = 3

#: Rank letters low to high: 3 .. A, 2, black joker (B), red joker (R).  A play is
#: written as its rank letters in this order ("33344"), as RLCard writes it too.
LETTERS = "3456789TJQKA2BR"
#: How many cards of each rank the deck holds, in the order of LETTERS.
COPIES = (4,) * 13 + (1, 1)
#: Rank indices: 0 is the Three, 11 the Ace, 12 the Two, 13 and 14 the jokers.
ACE, TWO, BLACK, RED = 11, 12, 13, 14
NRANKS = len(LETTERS)

#: Bids, lowest first; the highest ends the bidding at once.
BIDS = (1, 2, 3)
TOP_BID = BIDS[-1]

#: Kinds of combination (their words: ``doudizhu.kind.<kind>``).
SINGLE, PAIR, TRIO, TRIO1, TRIO2 = "single", "pair", "trio", "trio1", "trio2"
STRAIGHT, PAIRS, PLANE, PLANE1, PLANE2 = "straight", "pairs", "plane", "plane1", "plane2"
FOUR2, FOUR22, BOMB, ROCKET = "four2", "four22", "bomb", "rocket"

#: The text's rule set: no three with a pair, no four with two, no wings.
TEXT_KINDS = frozenset({SINGLE, PAIR, TRIO, TRIO1, STRAIGHT, PAIRS, PLANE, BOMB, ROCKET})
#: The rules most players know (and RLCard plays).
CLASSIC_KINDS = TEXT_KINDS | {TRIO2, PLANE1, PLANE2, FOUR2, FOUR22}
RULESETS = {"text": TEXT_KINDS, "classic": CLASSIC_KINDS}
#: In which rule sets the stake doubles for each bomb or rocket and for a spring.
DOUBLING = {"text": False, "classic": True}

#: Chains: the fewest groups, and (for all of them) nothing above the Ace.
CHAIN_MIN = {STRAIGHT: 5, PAIRS: 3, PLANE: 2, PLANE1: 2, PLANE2: 2}

#: The landlord wins or loses the stake from each peasant: twice the stake in all.
LANDLORD_SHARE = SEATS - 1

#: Hands in a game (the running score is kept over them).
HAND_COUNTS = (1, 2, 3, 6, 9)


def rank_index(card: Card) -> int:
    """A card's Dou Dizhu rank: 3 -> 0 .. Ace -> 11, Two -> 12, jokers 13 and 14."""
    if card.rank == BLACK_JOKER:
        return BLACK
    if card.rank == RED_JOKER:
        return RED
    return TWO if card.rank == 2 else card.rank - 3


def letter(card: Card) -> str:
    return LETTERS[rank_index(card)]


def code_letter(code: str) -> str:
    """A card code's rank letter in a play: a code starts with its rank's letter ("T" of
    "TS"), and the jokers' codes with theirs ("B" of "BJ", "R" of "RJ")."""
    return code[0]
