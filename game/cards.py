"""Cards, suits, ranks and decks shared by every game.

A card is a small frozen value with a two-character code that round-trips
through text and JSON, so actions, events, saves and the network all speak
the same short strings:

* French cards: rank ``23456789TJQKA`` + suit ``SHDC`` (``"AS"``, ``"TH"``);
  jokers are ``"BJ"`` (black) and ``"RJ"`` (red).
* Italian cards: rank ``A234567JNK`` (Asso .. 7, Fante, Cavallo, Re) + suit
  in lower case ``dcsb`` (Denari, Coppe, Spade, Bastoni): ``"2s"`` is the Two
  of Swords, ``"Jb"`` the Jack (Fante) of Sticks.

Suit letters never overlap between the two decks, so a code alone says which
deck a card belongs to.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterable, Sequence

FRENCH_SUITS = ("S", "H", "D", "C")
ITALIAN_SUITS = ("d", "c", "s", "b")
JOKER_SUIT = "J"

#: French ranks 2..14 (Ace high); jokers are 15 (black) and 16 (red).
FRENCH_RANKS = tuple(range(2, 15))
#: Italian ranks 1..10: Ace, 2..7, Fante (8), Cavallo (9), Re (10).
ITALIAN_RANKS = tuple(range(1, 11))
BLACK_JOKER, RED_JOKER = 15, 16

_FRENCH_RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
                      10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_ITALIAN_RANK_CHARS = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
                       8: "J", 9: "N", 10: "K"}
_FRENCH_RANK_FROM = {c: r for r, c in _FRENCH_RANK_CHARS.items()}
_ITALIAN_RANK_FROM = {c: r for r, c in _ITALIAN_RANK_CHARS.items()}

SUIT_NAMES = {
    "en": {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs",
           "d": "Coins", "c": "Cups", "s": "Swords", "b": "Sticks"},
    "it": {"S": "Picche", "H": "Cuori", "D": "Quadri", "C": "Fiori",
           "d": "Denari", "c": "Coppe", "s": "Spade", "b": "Bastoni"},
}
_FRENCH_RANK_NAMES = {
    "en": {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"},
    "it": {11: "Fante", 12: "Donna", 13: "Re", 14: "Asso"},
}
_ITALIAN_RANK_NAMES = {
    "en": {1: "Ace", 8: "Jack", 9: "Knight", 10: "King"},
    "it": {1: "Asso", 8: "Fante", 9: "Cavallo", 10: "Re"},
}
_JOKER_NAMES = {"en": {BLACK_JOKER: "Black Joker", RED_JOKER: "Red Joker"},
                "it": {BLACK_JOKER: "Jolly nero", RED_JOKER: "Jolly rosso"}}
_OF = {"en": "of", "it": "di"}


class CardCodeError(ValueError):
    """A string that is not a card code."""


#: code -> card, for the codes parsed so far (at most the 94 cards there are): views
#: are read card by card, move after move, and a search reads thousands of them
_PARSED: dict[str, "Card"] = {}


@dataclass(frozen=True, order=True)
class Card:
    """One playing card: ``rank`` as an int, ``suit`` as a one-letter code."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.suit in FRENCH_SUITS:
            ok = self.rank in FRENCH_RANKS
        elif self.suit in ITALIAN_SUITS:
            ok = self.rank in ITALIAN_RANKS
        elif self.suit == JOKER_SUIT:
            ok = self.rank in (BLACK_JOKER, RED_JOKER)
        else:
            ok = False
        if not ok:
            raise CardCodeError(f"no card has rank {self.rank!r} and suit {self.suit!r}")

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Card":
        """A card is a value: copies of a game (a search's worlds) share it."""
        return self

    # -- text round-trip -------------------------------------------------
    @cached_property
    def code(self) -> str:
        """Worked out once per card (views name every card, move after move)."""
        if self.suit == JOKER_SUIT:
            return "BJ" if self.rank == BLACK_JOKER else "RJ"
        chars = _ITALIAN_RANK_CHARS if self.is_italian else _FRENCH_RANK_CHARS
        return chars[self.rank] + self.suit

    @classmethod
    def parse(cls, code: str) -> "Card":
        """The card for a code such as ``"AS"``, ``"2s"`` or ``"RJ"``."""
        known = _PARSED.get(code) if isinstance(code, str) else None
        if known is not None:
            return known
        card = cls._parse(code)
        _PARSED[code] = card
        return card

    @classmethod
    def _parse(cls, code: str) -> "Card":
        if not isinstance(code, str) or len(code) != 2:
            raise CardCodeError(f"not a card code: {code!r}")
        if code == "BJ":
            return cls(BLACK_JOKER, JOKER_SUIT)
        if code == "RJ":
            return cls(RED_JOKER, JOKER_SUIT)
        rank_char, suit = code[0], code[1]
        table = _FRENCH_RANK_FROM if suit in FRENCH_SUITS else _ITALIAN_RANK_FROM
        if suit not in FRENCH_SUITS and suit not in ITALIAN_SUITS or rank_char not in table:
            raise CardCodeError(f"not a card code: {code!r}")
        return cls(table[rank_char], suit)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    # -- facts -------------------------------------------------------------
    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    @property
    def is_italian(self) -> bool:
        return self.suit in ITALIAN_SUITS

    @property
    def is_red(self) -> bool:
        """Red ink: Hearts, Diamonds and the red joker (French cards only)."""
        return self.suit in ("H", "D") or (self.is_joker and self.rank == RED_JOKER)

    @property
    def is_face(self) -> bool:
        """Jack, Queen, King (French) or Fante, Cavallo, Re (Italian)."""
        if self.is_joker:
            return False
        return self.rank >= 8 if self.is_italian else 11 <= self.rank <= 13

    @property
    def is_ace(self) -> bool:
        return (self.rank == 1) if self.is_italian else (self.rank == 14)

    def name(self, lang: str = "en") -> str:
        """A readable name: "Ace of Spades", "Due di Spade", "Red Joker"."""
        lang = lang if lang in SUIT_NAMES else "en"
        if self.is_joker:
            return _JOKER_NAMES[lang][self.rank]
        return f"{self.rank_name(lang)} {_OF[lang]} {SUIT_NAMES[lang][self.suit]}"

    def the_name(self, lang: str = "en") -> str:
        """The name with its definite article, as a sentence says it: "the Ace of
        Spades"; in Italian the article agrees with the rank's word: "l'Asso di Spade",
        "l'8 di Cuori" (otto), "la Donna di Fiori", "il Re di Coppe", "il Jolly rosso"."""
        lang = lang if lang in SUIT_NAMES else "en"
        name = self.name(lang)
        if lang != "it":
            return f"the {name}"
        rank = self.rank_name(lang)
        if rank == "Donna":
            return f"la {name}"
        if rank[:1] in "AEIOUaeiou" or rank in ("8", "11"):     # Asso, otto, undici
            return f"l'{name}"
        return f"il {name}"

    def rank_name(self, lang: str = "en") -> str:
        """The rank alone, for cards already grouped by suit: "Ace", "7", "Cavallo"; a
        joker's whole name."""
        lang = lang if lang in SUIT_NAMES else "en"
        if self.is_joker:
            return _JOKER_NAMES[lang][self.rank]
        names = _ITALIAN_RANK_NAMES if self.is_italian else _FRENCH_RANK_NAMES
        return names[lang].get(self.rank, str(self.rank))


def card(code: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(code)


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from codes, either an iterable or one space-separated string."""
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]


def codes(cs: Iterable[Card]) -> list[str]:
    """The codes of some cards, for JSON."""
    return [c.code for c in cs]


def french_deck(jokers: bool = False) -> list[Card]:
    """The 52 French cards in a fixed order, plus the two jokers if asked."""
    deck = [Card(r, s) for s in FRENCH_SUITS for r in FRENCH_RANKS]
    if jokers:
        deck += [Card(BLACK_JOKER, JOKER_SUIT), Card(RED_JOKER, JOKER_SUIT)]
    return deck


def italian_deck() -> list[Card]:
    """The 40 Italian cards (Denari, Coppe, Spade, Bastoni; Asso..Re) in a fixed order."""
    return [Card(r, s) for s in ITALIAN_SUITS for r in ITALIAN_RANKS]


#: What the Italian games of the Briscola family count (Briscola, Briscola Venceslao, any
#: game that takes its cards' points and order from them), kept once here so that a new
#: game of the family reads them instead of copying them.
#: Italian rank -> card points: Ace 11, Three 10, King 4, Knight 3, Jack 2 (120 a deck).
ITALIAN_POINTS: dict[int, int] = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}
#: Italian rank -> strength within a suit: Ace, Three, King, Knight, Jack, 7 .. 4, 2.
ITALIAN_STRENGTH: dict[int, int] = {1: 10, 3: 9, 10: 8, 9: 7, 8: 6, 7: 5, 6: 4, 5: 3, 4: 2, 2: 1}
#: Italian rank -> primiera value: 7=21, 6=18, Ace=16, 5=15, 4=14, 3=13, 2=12, faces 10.
PRIMIERA: dict[int, int] = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}


def italian_points(c: Card) -> int:
    """The card's points in the Briscola family (:data:`ITALIAN_POINTS`; 0 for the rest)."""
    return ITALIAN_POINTS.get(c.rank, 0)


def italian_strength(c: Card) -> int:
    """The card's place in its suit in the Briscola family (:data:`ITALIAN_STRENGTH`)."""
    return ITALIAN_STRENGTH[c.rank]


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """A new list with the cards in an order drawn from ``rng`` (the state's only chance)."""
    out = list(deck)
    rng.shuffle(out)
    return out
