"""Computer players for Bolola.  They see one seat's view, nothing else, and choose
among the legal actions, so every must-play rule holds by construction.

How they think, in a few lines:

* What is known: its own hand, the trick on the table, every card played this
  deal (``view["played"]``); the rest is unseen, in the other hands.
* A card is "safe" to lead when it will likely lose: few unseen cards of its suit
  lie under it.  A card is a "boss" when no unseen card of its suit beats it.
* Negative deals: follow with the highest card that still ducks under the card
  winning the trick; if every card wins, take it with the card that costs least
  (never a scoring card of the contract when another will do) and shed a high
  one; void, shed the most dangerous card: the contract's scoring cards first
  (the King of Hearts, Queens, Jacks and Kings, Hearts), then high cards of
  short suits.  Lead the card least likely to win.  In No last two the first
  eleven tricks cost nothing: it sheds its high cards there and ducks at the end.
* Positive deals (Trumps, Bolola): win the trick when it can, with the lowest
  card that surely wins (the last to play needs no more than to beat the table);
  when it cannot, keep scoring cards back and give the lowest other card.  It
  leads its bosses, and in Trumps draws trumps when it holds most of them.
* "easy" is a beginner: the same rules of thumb, but it does not remember the cards
  played, so every card not in its hand seems still out.
* "hard" is the search (game/ai/search.py); its fallback also remembers who showed a void
  this deal (a card off the suit led, all public) and, in the negative deals, leads away
  from suits where an opponent could shed a scoring card on a trick it may win.
* Its own choices: in Dealer's choice the contract whose share of the deal's
  points its hand favours most; in Trumps its longest, strongest suit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from game.ai.search import Facts, Judge, Search
from game.ai.why import trick_line
from game.bolola.rules import (
    HEARTS,
    KING_OF_HEARTS,
    SEATS,
    TRICKS,
    card_points,
    contract_total,
    is_positive,
    strength,
    trick_score,
)
from game.cards import FRENCH_SUITS, Card, french_deck
from game.engine import Action, Reason
from game.tricks import winning_index
from game.views import own_hand, own_seat
from game.views.bolola import View

DECK = tuple(french_deck())
#: each card of the deck with its code, in the deck's order
DECK_CODES = tuple((c, c.code) for c in DECK)
#: code -> the card :meth:`Card.parse` gives (a view names its cards by code, and a search
#: reads one at every playout move)
CARD_OF: dict[str, Card] = {code: Card.parse(code) for _, code in DECK_CODES}
#: high-card points used to size up a hand (Ace 4, King 3, Queen 2, Jack 1); 10 is average
HCP = {14: 4, 13: 3, 12: 2, 11: 1}


@dataclass
class Seen:
    """One seat's knowledge of the trick in play, read from its view."""

    contract: str
    trump: str | None
    hand: list[Card]
    table: list[Card]
    unseen: list[Card]
    index: int          # the trick's place in the deal, 0 .. 12
    seat: int = 0
    voids: frozenset[tuple[int, str]] = frozenset()   # (seat, suit) it showed it lacks
    _ranks: dict[str, list[int]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def read(cls, view: View, counting: bool = True, voids: bool = True) -> "Seen":
        """``counting`` False: a beginner's reading, every card not in hand still out;
        ``voids`` False: the voids shown are not read (left empty)."""
        seat = own_seat(view)
        zones = view["zones"]
        codes = own_hand(view)
        hand = [CARD_OF[c] for c in codes]
        # by their codes: a string hashes once and for all, a card's hash is worked out
        # at every look-up (a search reads a view at every playout move)
        known = set(view["played"]) if counting else set()
        known.update(codes)
        unseen = [c for c, code in DECK_CODES if code not in known]
        contract = view["contract"]
        assert contract is not None                  # cards are played: a contract is set
        return cls(contract, view["trump"] if contract == "trumps" else None, hand,
                   [CARD_OF[c] for c in zones["table"] if c is not None], unseen, len(view["tricks"]),
                   seat, shown_voids(view) if voids else frozenset())

    def unseen_ranks(self, suit: str) -> list[int]:
        """The ranks of the unseen cards of ``suit`` (worked out once per suit a reading:
        the player weighs every card it holds against them)."""
        ranks = self._ranks.get(suit)
        if ranks is None:
            ranks = self._ranks[suit] = [u.rank for u in self.unseen if u.suit == suit]
        return ranks

    @property
    def last(self) -> bool:
        return len(self.table) == SEATS - 1

    def higher_unseen(self, c: Card) -> int:
        rank = c.rank
        return sum(1 for r in self.unseen_ranks(c.suit) if r > rank)

    def lower_unseen(self, c: Card) -> int:
        rank = c.rank
        return sum(1 for r in self.unseen_ranks(c.suit) if r < rank)

    def wins_now(self, c: Card) -> bool:
        """Whether ``c`` would hold the trick against the cards already down."""
        if not self.table:
            return True
        return winning_index(self.table + [c], self.trump, strength) == len(self.table)

    def suit_count(self, suit: str) -> int:
        return sum(1 for c in self.hand if c.suit == suit)


def shown_voids(view: View) -> frozenset[tuple[int, str]]:
    """(seat, suit) for every player who did not follow a suit led this deal: all public."""
    out = set()
    plays = [(t["leader"], t["cards"]) for t in view["tricks"]]
    table = view["zones"]["table"]
    if table:
        plays.append((view["leader"], [c for c in table if c is not None]))
    for leader, cards in plays:
        for i, code in enumerate(cards[1:], 1):
            if code[1] != cards[0][1]:
                out.add(((leader + i) % SEATS, cards[0][1]))
    return frozenset(out)


class BololaPlayer:
    """A contract-aware player; ``blunder`` is the share of plays chosen at random (easy)."""

    def __init__(self, level: str = "normal", blunder: float = 0.0,
                 voids: bool = False, counting: bool = True) -> None:
        self.name = f"bolola-{level}"
        self.blunder = blunder
        #: remember who showed a void, and lead away from suits they would shed into
        self.voids = voids
        #: remember the cards played (a beginner does not)
        self.counting = counting

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if kind == "contract":
            return choose_contract(view, legal)
        if kind == "trump":
            return choose_trump(view, legal)
        if self.blunder and rng.random() < self.blunder:
            return rng.choice(legal)
        seen = Seen.read(view, self.counting, self.voids)
        cards = [a.cards[0] for a in legal]
        pick = (positive_play if is_positive(seen.contract) else negative_play)(seen, cards)
        return Action("play", (pick,))


# -- negative deals ---------------------------------------------------------------------
def danger(seen: Seen, c: Card) -> float:
    """How much a card hurts to keep: its own penalty first, then its height and how
    few companions guard it in its suit."""
    own = -card_points(seen.contract, c)
    guard = seen.lower_unseen(c) + 0.5 * seen.suit_count(c.suit)
    return own * 10 + c.rank - 0.6 * guard


def negative_play(seen: Seen, cards: list[Card]) -> Card:
    if seen.contract == "no_last_two" and seen.index < TRICKS - 2:
        return _shed_high(seen, cards)
    if not seen.table:
        return _safest_lead(seen, cards)
    led = seen.table[0].suit
    if all(c.suit != led for c in cards):                 # void: shed the worst
        return max(cards, key=lambda c: danger(seen, c))
    ducks = [c for c in cards if not seen.wins_now(c)]
    if ducks:
        return max(ducks, key=lambda c: (c.rank - 20 * (-card_points(seen.contract, c) > 0)))
    # every card wins so far: the cost of taking it, then the highest card to be rid of
    if seen.last:
        return min(cards, key=lambda c: (-trick_score(seen.contract, seen.table + [c], seen.index),
                                         -c.rank))
    return min(cards, key=lambda c: (-card_points(seen.contract, c), -c.rank))


def _shed_high(seen: Seen, cards: list[Card]) -> Card:
    """Early in No last two: tricks cost nothing yet, so get rid of high cards."""
    return max(cards, key=lambda c: (c.rank + 2 * (seen.suit_count(c.suit) <= 2), c.suit))


def _safest_lead(seen: Seen, cards: list[Card]) -> Card:
    """The lead least likely to win (many unseen cards over it), never a scoring card when
    another will do."""
    def risk(c: Card) -> tuple[float, int]:
        higher, lower = seen.higher_unseen(c), seen.lower_unseen(c)
        p_win = 1.0 if higher == 0 else lower / (lower + higher + 1)
        cost = -card_points(seen.contract, c)
        # an opponent void in the suit sheds a scoring card on the trick it may cost
        shed = any(suit == c.suit and who != seen.seat for who, suit in seen.voids)
        return (p_win * (1.5 if shed else 1.0) + cost / 50.0 + 0.3 * shed, c.rank)
    return min(cards, key=risk)


# -- positive deals -----------------------------------------------------------------------
def is_boss(seen: Seen, c: Card) -> bool:
    """No unseen card can beat ``c`` in its suit (nor, in Trumps, a trump over a plain card
    while trumps are out: that risk is only weighed, not ruled out)."""
    return seen.higher_unseen(c) == 0


def positive_play(seen: Seen, cards: list[Card]) -> Card:
    value = {c: card_points(seen.contract, c) for c in cards}
    if not seen.table:
        return _best_lead(seen, cards)
    winners = [c for c in cards if seen.wins_now(c)]
    if winners:
        if seen.last:
            return min(winners, key=lambda c: (c.suit == seen.trump, -value[c], c.rank))
        sure = [c for c in winners if is_boss(seen, c)]
        pool = sure or winners
        return (min if sure else max)(pool, key=lambda c: (c.suit == seen.trump, c.rank))
    # cannot win: keep scoring cards and trumps, give the lowest
    return min(cards, key=lambda c: (value[c] > 0, c.suit == seen.trump, c.rank))


def _best_lead(seen: Seen, cards: list[Card]) -> Card:
    trump = seen.trump
    if trump:
        mine = seen.suit_count(trump)
        out = sum(1 for u in seen.unseen if u.suit == trump)
        trumps = [c for c in cards if c.suit == trump]
        if trumps and mine > out:
            return max(trumps, key=lambda c: c.rank)
    bosses = [c for c in cards if is_boss(seen, c) and c.suit != trump]
    if bosses:
        return max(bosses, key=lambda c: (c.rank, -seen.suit_count(c.suit)))
    # nothing sure: a low card of a short suit (in Trumps it makes a void to trump in)
    return min(cards, key=lambda c: (c.suit == trump, seen.suit_count(c.suit), c.rank))


# -- the choices before a deal ------------------------------------------------------------------
def choose_contract(view: View, legal: Sequence[Action]) -> Action:
    """Dealer's choice: the contract where this hand earns most against an even share of
    the deal's points (a strong hand for the positive deals, a weak one for the others)."""
    hand = [Card.parse(c) for c in own_hand(view)]
    power = sum(HCP.get(c.rank, 0) for c in hand) / 10.0

    def expect(action: Action) -> float:
        contract = action.value
        share = contract_total(contract) / 4.0
        if contract == "no_queens":
            power_here = (sum(1 for c in hand if c.rank == 12) + 1) / 2.0
        elif contract == "no_king_hearts":
            power_here = 3.0 if KING_OF_HEARTS in hand and _suit_len(hand, HEARTS) < 4 else power
        elif contract == "no_hearts":
            power_here = (sum(1 for c in hand if c.suit == HEARTS and c.rank > 9) + 1) / 2.0
        else:
            power_here = power
        return share * power_here
    return max(legal, key=lambda a: (expect(a), a.value))


def _suit_len(hand: Sequence[Card], suit: str) -> int:
    return sum(1 for c in hand if c.suit == suit)


def choose_trump(view: View, legal: Sequence[Action]) -> Action:
    """The longest suit, its high cards breaking ties."""
    hand = [Card.parse(c) for c in own_hand(view)]

    def weight(suit: str) -> float:
        mine = [c for c in hand if c.suit == suit]
        return 2 * len(mine) + sum(HCP.get(c.rank, 0) for c in mine) / 2
    best = max(FRENCH_SUITS, key=weight)
    return next((a for a in legal if a.value == best), legal[0])


#: A playout ends with the deal; its points are the deal's.
JUDGE = Judge(lambda s: s.deal_no,
              lambda s: s.totals if s.over else [t + d for t, d in zip(s.totals, s.deal_scores)])


def facts(view: View, reader: Any = None) -> Facts:
    """No suit reaches a player who showed void in it this deal."""
    suits: dict[int, set[str]] = {}
    for s, suit in shown_voids(view):
        suits.setdefault(s, set()).add(suit)
    return Facts(lacks={f"hand/{s}": _lacking(frozenset(ss)) for s, ss in suits.items()})


def _lacking(suits: frozenset[str]) -> Callable[[Card], bool]:
    """Whether a card is of a suit its holder showed void in."""
    return lambda c: c.suit in suits


#: The trick lines that say the card heads or takes the trick.
_TAKING = frozenset({"advice.heads_trick", "advice.takes_trick"})


def why(view: View, action: Action) -> Reason | None:
    """The Hint's line for a card: what it does to the trick (game/ai/why.py). In a
    negative deal, heading or taking the trick is what a player tries not to do: given
    as the reason for the play ("9 of Spades: Heads the trick for now" in No tricks) it
    reads as its merit, so the search says why instead (how it did over the deals)."""
    if action.card is None or view["contract"] is None or "table" not in view["zones"]:
        return None
    seen = Seen.read(view)
    line = trick_line(seen.table, action.card, seen.hand, seen.trump, strength, last=seen.last)
    if line is not None and line.key in _TAKING and not is_positive(view["contract"]):
        return None
    return line


def player(level: str = "normal") -> BololaPlayer | Search:
    """``easy`` plays the heuristics above without remembering the cards played;
    ``normal`` plays them; ``hard`` searches (game/ai/search.py) with the void-remembering
    player as its fallback."""
    if level == "easy":
        return BololaPlayer("easy", counting=False)
    if level == "hard":
        return Search("bolola-hard", lambda: BololaPlayer("normal"),
                      BololaPlayer("hard", voids=True), JUDGE, facts)
    return BololaPlayer("normal")

