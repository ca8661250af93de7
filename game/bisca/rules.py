"""Bisca's numbers and orders: the single card order with the Aces' two worths,
the bets a player may make (the hook rule), what a missed bet costs, and how the
round sizes cycle.

Kept apart from the state so the computer player and the table reason with the
very same rules.  Bets and lives are counted in *halves* (``HALF`` to a whole)
so that Half Bets stays exact integer arithmetic; :func:`number` turns halves
back into the number a player reads (2, 2.5).
"""

from __future__ import annotations

from game.cards import Card, italian_deck

#: Seats at a Bisca table.
SEATS = (2, 3, 4, 5, 6)
#: The whole deck, in a fixed order (each round shuffles it anew).
DECK: tuple[Card, ...] = tuple(italian_deck())
#: Suits from the weakest to the strongest: Sticks < Swords < Cups < Coins.
SUIT_ORDER = ("b", "s", "c", "d")
COINS = "d"
#: The two worths of an Ace (the value of its play action).
HIGH, LOW = "high", "low"
ACE_CHOICES = (HIGH, LOW)
#: Halves in a whole bet or life.
HALF = 2
DEFAULT_LIVES = 3
LIVES_CHOICES = tuple(range(1, 11))
DEFAULT_OPENING = 5
OPENING_CHOICES = tuple(range(1, len(DECK) // SEATS[0] + 1))

_SUIT_STEP = 20        # room in a suit's band for ranks 1..10 and a high Ace (11)
_KING = 10


def strength(c: Card, ace: str = "") -> int:
    """The card's place in the single order of the deck (higher wins the hand): see
    :func:`_strength`, read from a table (a search asks it thousands of times a move)."""
    known = _STRENGTH.get((c.code, ace))
    return known if known is not None else _strength(c, ace)


def _strength(c: Card, ace: str = "") -> int:
    """The card's place in the single order of the deck (higher wins the hand).

    Suits come first (any Coins beats any Cups), then rank.  An Ace needs its
    worth: ``"high"`` puts it above the King of its suit (the Ace of Coins: above
    every card), ``"low"`` below the Two of its suit (the Ace of Coins: below
    every card, the Ace of Sticks played low included).
    """
    base = SUIT_ORDER.index(c.suit) * _SUIT_STEP
    if c.rank != 1:
        return base + c.rank
    if ace == HIGH:
        return base + _KING + 1
    if ace != LOW:
        raise ValueError(f"the {c.name()} is played high or low, not {ace!r}")
    return -1 if c.suit == COINS else base + 1


#: (code, ace worth) -> strength, for every card of the deck and every worth it takes
_STRENGTH: dict[tuple[str, str], int] = {
    (c.code, ace): _strength(c, ace)
    for c in DECK for ace in (ACE_CHOICES if c.rank == 1 else ("",))}


def max_opening(players: int) -> int:
    """The most cards a round may deal to ``players`` (40 divided by the players)."""
    return len(DECK) // players


def opening_choices(players: int) -> tuple[int, ...]:
    """The opening counts a table of ``players`` may choose: 1 .. 40 divided by them."""
    return tuple(range(1, max_opening(players) + 1))


def next_count(count: int, opening: int) -> int:
    """Cards dealt in the round after one of ``count``: one fewer, and after the
    one-card round the opening count again."""
    return count - 1 if count > 1 else opening


def bet_choices(cards: int, half_bets: bool) -> list[int]:
    """Every bet (in halves) in a round of ``cards``: 0 .. cards, in half steps with Half Bets."""
    return list(range(0, cards * HALF + 1, 1 if half_bets else HALF))


def allowed_bets(cards: int, half_bets: bool, barred: int | None) -> list[int]:
    """The bets (halves) a bettor may make: every choice but the hook rule's barred one.
    The one place the state's legal bets and a view's reader (the bet hint) both come from."""
    return [h for h in bet_choices(cards, half_bets) if h != barred]


def forbidden_bet(cards: int, others: int, half_bets: bool) -> int | None:
    """The hook rule: the bet (halves) the last bettor may not make, because the bets
    would add up to the cards dealt; None when no bet is barred (the one-card round,
    or the others already bet more than the cards)."""
    if cards == 1:
        return None
    rest = cards * HALF - others
    return rest if rest in bet_choices(cards, half_bets) else None


def life_loss(bet: int, won: int) -> int:
    """Halves of a life lost: the distance between the bet and the hands taken."""
    return abs(bet - won * HALF)


def number(halves: int) -> int | float:
    """Halves as the number a player reads: 5 -> 2.5, 4 -> 2."""
    return halves // HALF if halves % HALF == 0 else halves / HALF


def text(halves: int) -> str:
    """Halves as an action value: ``"2"``, ``"2.5"``."""
    return str(number(halves))


def parse(value: str) -> int | None:
    """An action value as halves (only the texts :func:`text` writes), else None."""
    whole, dot, frac = value.partition(".")
    if not (whole.isascii() and whole.isdigit()) or (whole != "0" and whole.startswith("0")) \
            or len(whole) > 3 or (dot and frac != "5"):
        return None
    return int(whole) * HALF + (1 if dot else 0)
