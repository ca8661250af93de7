"""Bocce's computer player: it plays by expected value, from its own view only.

It knows which cards it has not seen (the deck minus every card face up in its
view), not their order, so every unseen card is equally likely to be the next
one drawn.  Rolling is an optimal-stopping problem over (least total, Aces):
draw while the expected value of drawing beats the best stand.  A stand is
worth its points, plus the points of the opponent's finished bocce it knocks
out (a knock-out only hits the EARLIER bocce, so landing on an opponent's
finished total is good), less the risk that the opponent, still to roll at
this pallino, lands on the same total and knocks it out.  In the lag it picks
the card (and an Ace's worth) whose likely pallino, given the other player's
likely card (any unseen card), gives its bocce the best expected score.

Levels: "easy" plays for points only and commits at random; "normal" weighs
the knock-outs and picks its lag card by expected value; "hard" also expects
the opponent to aim for a knock-out when that pays, and in the lag weighs what
the opponent's bocce at each pallino may knock out of its own finished bocce.

Computers think in worker threads, several at once: what is remembered from
one decision to the next lives only in ``lru_cache``s on pure functions of
hashable keys (thread-safe, and a value is the same whoever works it out).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from functools import lru_cache
from typing import Callable, Sequence

from game.ai.search import Judge, Search
from game.bocce.rules import ACE_BONUS, lag_worths, points, totals
from game.cards import Card, french_deck
from game.engine import Action
from game.views import own_seat
from game.views.bocce import View

LEVELS = ("easy", "normal", "hard")
#: A card as the odds see it: (least worth in a bocce, 1 if it is an Ace).
Kind = tuple[int, int]
#: The most Aces worth remembering in a bocce (two Aces at 10 make 20, the highest
#: pallino); the roller's tables are written for exactly this many.
MAX_ACES = 2
_FULL_DECK = tuple(french_deck())
#: Aces held -> Aces worth remembering.
_CLAMP = tuple(min(MAX_ACES, k) for k in range(2 * MAX_ACES + 2))
_KIND: dict[str, Kind] = {c.code: (totals([c])[0], 1 if c.is_ace else 0) for c in _FULL_DECK}


def _unseen(view: View) -> list[Card]:
    """The cards this seat has not seen: all 52 less every face-up card of its view."""
    seen = {code for cs in view["zones"].values() for code in cs if code is not None}
    return [c for c in _FULL_DECK if c.code not in seen]


def _draw_odds(counts: Counter[Kind]) -> tuple[tuple[int, int, float], ...]:
    """(least worth, is an Ace, probability) of the next card drawn from cards of these kinds."""
    n = sum(counts.values()) or 1
    return tuple((v, a, k / n) for (v, a), k in sorted(counts.items()))


def _pair_odds(counts: Counter[Kind]) -> dict[tuple[int, int], float]:
    """Odds of each starting (least total, Aces) of a bocce whose two cards are unseen."""
    n = sum(counts.values())
    out: defaultdict[tuple[int, int], float] = defaultdict(float)
    if n < 2:
        return {(2, 0): 1.0}
    kinds = sorted(counts)
    for i, k1 in enumerate(kinds):
        for k2 in kinds[i:]:
            if k1 == k2:
                p = counts[k1] * (counts[k1] - 1) / (n * (n - 1))
            else:
                p = 2 * counts[k1] * counts[k2] / (n * (n - 1))
            if p:
                out[(k1[0] + k2[0], min(MAX_ACES, k1[1] + k2[1]))] += p
    return dict(out)


@lru_cache(maxsize=4096)
def _kind_odds(kinds: tuple[tuple[Kind, int], ...]) -> tuple[
        tuple[tuple[int, int, float], ...], tuple[tuple[tuple[int, int], float], ...]]:
    """:func:`_draw_odds` and :func:`_pair_odds` of sorted (kind, count) pairs, remembered:
    every decision of a frame sees the same unseen cards.  Tuples, so that the
    threads sharing them cannot change them."""
    counts = Counter(dict(kinds))
    return _draw_odds(counts), tuple(_pair_odds(counts).items())


def _lag_odds(cards: Sequence[Card]) -> dict[int, float]:
    """Odds of the other player's lag worth, their card being any of ``cards`` (Aces either way)."""
    out: defaultdict[int, float] = defaultdict(float)
    for c in cards:
        worths = lag_worths(c)
        for w in worths:
            out[w] += 1 / (len(cards) * len(worths))
    return dict(out)


def _totals_of(least: int, aces: int) -> list[int]:
    return [least + ACE_BONUS * k for k in range(aces + 1)]


class Roller:
    """The best way to roll one bocce at a pallino, given draw odds and what each stand is worth.

    Drawing only ever raises the least total, so the values are worked out
    once, from the pallino down: a table of (least total, Aces) -> value.
    """

    def __init__(self, pallino: int, odds: Sequence[tuple[int, int, float]],
                 stand_value: Callable[[int], float] | None = None) -> None:
        self.pallino = pallino
        self.odds = odds
        self.stand_value = stand_value or (lambda t: float(points(t, pallino)))
        width = MAX_ACES + 1
        stand_at = [self.stand_value(t) for t in range(pallino + 1)]
        # Rows past the pallino stay 0: a bust scores nothing.
        reach = pallino + 2 + max((v for v, _, _ in odds), default=0)
        value = [[0.0] * width for _ in range(reach)]
        stand: list[list[tuple[float, int]]] = [[(0.0, 0)] * width for _ in range(pallino + 1)]
        draw = [[0.0] * width for _ in range(pallino + 1)]
        for least in range(pallino, -1, -1):
            # One Ace may count 10 (a second one only for 20, from two Aces alone).
            s0 = (stand_at[least], least)
            s1 = s0
            if least + ACE_BONUS <= pallino and stand_at[least + ACE_BONUS] >= s0[0]:
                s1 = (stand_at[least + ACE_BONUS], least + ACE_BONUS)
            s2 = s1
            if least + 2 * ACE_BONUS <= pallino and stand_at[least + 2 * ACE_BONUS] >= s1[0]:
                s2 = (stand_at[least + 2 * ACE_BONUS], least + 2 * ACE_BONUS)
            stand[least] = [s0, s1, s2]
            v0, v1, v2 = s0[0], s1[0], s2[0]
            if least < pallino:
                d0 = d1 = d2 = 0.0
                for step, ace, p in odds:
                    row = value[least + step]
                    if ace:
                        d0 += p * row[1]
                        d1 += p * row[2]
                        d2 += p * row[2]
                    else:
                        d0 += p * row[0]
                        d1 += p * row[1]
                        d2 += p * row[2]
                draw[least] = [d0, d1, d2]
                v0, v1, v2 = max(v0, d0), max(v1, d1), max(v2, d2)
            value[least] = [v0, v1, v2]
        self._stand, self._draw, self._value = stand, draw, value

    def best_stand(self, least: int, aces: int) -> tuple[float, int]:
        """(value, total) of the best stand; only totals on or under the pallino count."""
        return self._stand[least][min(MAX_ACES, aces)]

    def value(self, least: int, aces: int) -> float:
        """Expected value of a bocce at (least total, Aces) played well from here on."""
        return self._value[least][min(MAX_ACES, aces)] if least <= self.pallino else 0.0

    def draw_value(self, least: int, aces: int) -> float:
        """Expected value of drawing once more, then playing well."""
        return self._draw[least][min(MAX_ACES, aces)] if least < self.pallino else 0.0

    def wants_draw(self, least: int, aces: int) -> bool:
        if least >= self.pallino:
            return False
        aces = min(MAX_ACES, aces)
        return self._draw[least][aces] > self._stand[least][aces][0] + 1e-9

    def start_value(self, start: dict[tuple[int, int], float]) -> float:
        return sum(p * self.value(least, aces) for (least, aces), p in start.items())

    def finals(self, start: dict[tuple[int, int], float]) -> dict[int, float]:
        """Odds of each total this policy finishes at (busts left out), from a starting spread."""
        pallino, width = self.pallino, MAX_ACES + 1
        spread = [[0.0] * width for _ in range(len(self._value))]
        for (least, aces), p in start.items():
            if least <= pallino:
                spread[least][min(MAX_ACES, aces)] += p
        out = [0.0] * (pallino + 1)
        for least in range(pallino + 1):
            for aces in range(width):
                p = spread[least][aces]
                if not p:
                    continue
                if self.wants_draw(least, aces):
                    for v, a, q in self.odds:
                        spread[least + v][_CLAMP[aces + a]] += p * q
                else:
                    out[self._stand[least][aces][1]] += p
        return {t: q for t, q in enumerate(out) if q}


@lru_cache(maxsize=4096)
def _plain_roller(pallino: int, odds: tuple[tuple[int, int, float], ...]) -> Roller:
    """A :class:`Roller` for points alone, remembered: the same odds and pallino come back
    move after move (a search's playouts ask thousands of times).  Never changed once
    built, so threads may share it."""
    return Roller(pallino, odds)


def _finished(view: View, seat: int) -> Counter[int]:
    """Total -> points of the seat's finished bocce in the view."""
    out: Counter[int] = Counter()
    for b in view["bocce"][seat]:
        if b["status"] == "finished" and b["total"] is not None:
            out[b["total"]] += b["points"] or 0
    return out


class Odds:
    """The numbers a decision rests on: the odds of the unseen cards (by kind)
    and the finished bocce a knock-out could hit.

    Built from plain counts, not from a view, so that :func:`_frame_value` can
    rebuild it from a hashable key.  Its own small memos live and die with one
    decision, so no two threads ever share one.
    """

    def __init__(self, level: str, kinds: Counter[Kind], theirs: Counter[int],
                 mine: Counter[int]) -> None:
        self.level = level
        self.kinds = tuple(sorted(kinds.items()))
        self.odds, start = _kind_odds(self.kinds)
        self.start = dict(start)
        #: total -> points that landing there knocks out (opponent's) or may lose (mine).
        self.theirs = theirs
        self.mine = mine
        self._plain: dict[int, Roller] = {}
        self._aimed: dict[tuple[int, int], float] = {}

    def plain(self, pallino: int) -> Roller:
        """A bocce played for points alone at this pallino (as the opponent is expected to)."""
        if pallino not in self._plain:
            self._plain[pallino] = _plain_roller(pallino, self.odds)
        return self._plain[pallino]

    def plain_finals(self, pallino: int) -> dict[int, float]:
        """Where a bocce from two unseen cards, played for points, likely finishes."""
        return self.plain(pallino).finals(self.start)

    def roller(self, pallino: int, opp_rolls_now: bool) -> Roller:
        """How I should roll at this pallino: for points alone unless a knock-out is in play."""
        if self.level == "easy" or not (opp_rolls_now or self.theirs):
            return self.plain(pallino)
        return Roller(pallino, self.odds, self.stand_value(pallino, opp_rolls_now))

    def stand_value(self, pallino: int, opp_rolls_now: bool,
                    aware: bool = False) -> Callable[[int], float]:
        """Points, plus opponent points knocked out, less the risk of being knocked out.

        The risk is that the opponent, still to roll this frame at the same
        pallino, finishes on the same total: it is expected to play for
        points, or (``aware``) to aim for the knock-out when that pays.
        """
        if self.level == "easy":
            return lambda t: float(points(t, pallino))
        gains = self.theirs
        if not opp_rolls_now:
            return lambda t: points(t, pallino) + gains[t]
        if aware:
            return lambda t: points(t, pallino) * (1 - self.aimed_at(pallino, t)) + gains[t]
        risk = self.plain_finals(pallino)
        return lambda t: points(t, pallino) * (1 - risk.get(t, 0.0)) + gains[t]

    def aimed_at(self, pallino: int, total: int) -> float:
        """Odds that an opponent aiming to knock out my bocce at ``total`` lands there."""
        key = (pallino, total)
        if key not in self._aimed:
            prize = points(total, pallino) + self.mine[total]
            roller = Roller(pallino, self.odds,
                            lambda u: points(u, pallino) + (prize if u == total else 0))
            self._aimed[key] = roller.finals(self.start).get(total, 0.0)
        return self._aimed[key]

    def exposure(self, pallino: int) -> float:
        """Points of my finished bocce that the opponent's bocce at this pallino may knock out."""
        if not self.mine:
            return 0.0
        return sum(q * self.mine[t] for t, q in self.plain_finals(pallino).items())


class Outlook(Odds):
    """What one seat's view says, worked out once per decision: who and where
    I am, the cards I have not seen, and their :class:`Odds`."""

    def __init__(self, view: View, level: str) -> None:
        seat = own_seat(view)
        if seat is None:
            raise ValueError("a computer player needs a seat's view")
        self.view = view
        self.me, self.opp = seat, 1 - seat
        self.frame = view["frame"] - 1
        self.unseen = _unseen(view)
        super().__init__(level, Counter(_KIND[c.code] for c in self.unseen),
                         _finished(view, self.opp), _finished(view, self.me))


#: Frame values remembered for the lag: enough for every position of many games.
_LAG_MEMO_SIZE = 200_000


@lru_cache(maxsize=_LAG_MEMO_SIZE)
def _frame_value(pallino: int, level: str, first: bool, kinds: tuple[tuple[Kind, int], ...],
                 theirs: tuple[tuple[int, int], ...],
                 mine: tuple[tuple[int, int], ...]) -> float:
    """Expected value of this frame's bocce at ``pallino``, for the lag.

    The same odds and the same finished bocce come back often (every first
    frame looks alike), so the value is remembered.  A pure function of its
    key behind ``lru_cache``, which is thread-safe, so computers playing in
    worker threads share the memo without a lock of our own.  ``mine`` is
    empty below "hard", which does not weigh it.
    """
    odds = Odds(level, Counter(dict(kinds)), Counter(dict(theirs)), Counter(dict(mine)))
    value = odds.roller(pallino, first).start_value(odds.start)
    if level == "hard":
        value -= odds.exposure(pallino)
    return value


class BoccePlayer:
    """Expected-value play at one of three levels."""

    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"no Bocce player of level {level!r}")
        self.level = level
        self.name = f"bocce-{level}"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "lag":
            return self._lag(view, legal, rng)
        return self._roll(view, legal)

    # -- the lag -----------------------------------------------------------
    def _lag(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if self.level == "easy":
            return rng.choice(legal)
        look = Outlook(view, self.level)
        theirs = _lag_odds(look.unseen)   # the other player's card is one I have not seen
        first = view["first"] == look.me
        known = (self.level, first, look.kinds, tuple(sorted(look.theirs.items())),
                 tuple(sorted(look.mine.items())) if self.level == "hard" else ())

        def score(action: Action) -> float:
            worth = int(action.value)
            return sum(p * _frame_value(worth + w, *known) for w, p in theirs.items())

        return max(legal, key=lambda a: (score(a), str(a)))

    # -- rolling -----------------------------------------------------------
    def _roll(self, view: View, legal: list[Action]) -> Action:
        look = Outlook(view, self.level)
        pallino = view["pallino"]
        assert pallino is not None                  # the lag is over: it rolls
        cards = [Card.parse(c) for c in view["zones"][f"bocce/{look.me}/{look.frame}"]
                 if c is not None]                  # a rolling bocce lies face up
        least = totals(cards)[0]
        aces = sum(1 for c in cards if c.is_ace)
        opp_rolls_now = view["bocce"][look.opp][look.frame]["status"] == "waiting"
        roller = look.roller(pallino, opp_rolls_now)
        stand_now = roller.stand_value
        if self.level == "hard" and opp_rolls_now:
            # Look one step further for the stands on offer now: the opponent,
            # who rolls next at this pallino, may aim for the knock-out.
            stand_now = look.stand_value(pallino, opp_rolls_now, aware=True)
        stands = [a for a in legal if a.kind == "stand"]
        best = max(stands, key=lambda a: (stand_now(int(a.value)), int(a.value)))
        draw = Action("draw")
        if draw in legal and roller.draw_value(least, aces) > stand_now(int(best.value)) + 1e-9:
            return draw
        return best


#: The search leaves the fallback, which plays by exact expectation, only on strong
#: evidence: at 40 playouts half its leaves on the default evidence were noise (a move
#: judged again on 1,200 playouts came out level or worse)
STRICT = 0.05
#: A playout ends with the hand; its points are the game's.
JUDGE = Judge(lambda s: s.hand_no, lambda s: list(s.scores))


def player(level: str = "normal") -> BoccePlayer | Search:
    """``hard`` searches (game/ai/search.py) with the hard expectation player as its
    fallback; the others play by expectation (see the module docstring)."""
    if level == "hard":
        return Search("bocce-hard", lambda: BoccePlayer("normal"), BoccePlayer("hard"), JUDGE,
                      false_leave=STRICT)
    return BoccePlayer(level)


__all__ = ["BoccePlayer", "Odds", "Outlook", "Roller", "player", "LEVELS"]
