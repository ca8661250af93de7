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

Levels: "easy" plays for points only, commits at random and counts no card (it
draws as if from a full deck, as a beginner does); "normal" weighs
the knock-outs and picks its lag card by expected value, for the points of the
hand.  "hard" plays for the game: a game is won by reaching the target over
several hands, so Hard weighs every outcome by the chance to win the game it
leaves (game/ai/bocce_score.py: a table of that chance by both scores at a hand's
start, and the rest of the hand by measured odds), not by its points:

* rolling, each stand is worth the chance to win once it stands (its points, the
  opponent's finished bocce it knocks out, and, when the opponent still rolls at
  this pallino, where a Normal player aiming at my finished totals would land:
  its points and my bocce it knocks out), and the same optimal stopping as
  Normal's finds whether to draw.  Behind near the end it draws for the exact
  total that alone can win; ahead, it stands on the point that wins;
* in the lag, each commit is worth the chance to win over the pallinos it may
  make, both bocce of the frame played for points (:func:`_plain_roller`) and
  landing independently, the second roller's knocking out the first's at the
  same total.  Level, this keeps the pallino low when rolling first and raises
  it when rolling second (the closer both land, the more the second roller
  knocks out).

Normal keeps points: it is the player Hard's odds were measured with and the
level below it, and points at each hand are what a good club player counts.
Hard's search plays its playouts with :class:`QuickPlayer` (Normal's play with a
full deck's odds, remembered, some four times cheaper) and judges each playout
by the chance to win the game at the next hand's start (:func:`game_chances`).

Computers think in worker threads, several at once: what is remembered from
one decision to the next lives only in ``lru_cache``s on pure functions of
hashable keys (thread-safe, and a value is the same whoever works it out).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from functools import lru_cache
from typing import Callable, Sequence

from game.ai.bocce_score import HAND_MAX, Worth, hand_worth, win_chance
from game.ai.search import Judge, Search
from game.bocce.rules import ACE_BONUS, FRAMES, lag_worths, points, totals
from game.bocce.state import BocceState
from game.cards import Card, french_deck
from game.engine import Action, Reason
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

    def __init__(self, kinds: Counter[Kind], theirs: Counter[int], mine: Counter[int]) -> None:
        self.kinds = tuple(sorted(kinds.items()))
        self.odds, start = _kind_odds(self.kinds)
        self.start = dict(start)
        #: total -> points that landing there knocks out (opponent's) or may lose (mine).
        self.theirs = theirs
        self.mine = mine
        self._plain: dict[int, Roller] = {}

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
        if not (opp_rolls_now or self.theirs):
            return self.plain(pallino)
        return Roller(pallino, self.odds, self.stand_value(pallino, opp_rolls_now))

    def stand_value(self, pallino: int, opp_rolls_now: bool) -> Callable[[int], float]:
        """Points, plus opponent points knocked out, less the risk of being knocked out.

        The risk is that the opponent, still to roll this frame at the same
        pallino, finishes on the same total: it is expected to play for points.
        """
        gains = self.theirs
        if not opp_rolls_now:
            return lambda t: points(t, pallino) + gains[t]
        risk = self.plain_finals(pallino)
        return lambda t: points(t, pallino) * (1 - risk.get(t, 0.0)) + gains[t]


class Outlook(Odds):
    """What one seat's view says, worked out once per decision: who and where
    I am, the cards I have not seen, and their :class:`Odds`."""

    def __init__(self, view: View) -> None:
        seat = own_seat(view)
        if seat is None:
            raise ValueError("a computer player needs a seat's view")
        self.view = view
        self.me, self.opp = seat, 1 - seat
        self.frame = view["frame"] - 1
        self.unseen = _unseen(view)
        super().__init__(Counter(_KIND[c.code] for c in self.unseen),
                         _finished(view, self.opp), _finished(view, self.me))


#: Frame values remembered for the lag: enough for every position of many games.
_LAG_MEMO_SIZE = 200_000


@lru_cache(maxsize=_LAG_MEMO_SIZE)
def _frame_value(pallino: int, first: bool, kinds: tuple[tuple[Kind, int], ...],
                 theirs: tuple[tuple[int, int], ...]) -> float:
    """Expected points of this frame's bocce at ``pallino``, for Normal's lag.

    The same odds and the same finished bocce come back often (every first
    frame looks alike), so the value is remembered.  A pure function of its
    key behind ``lru_cache``, which is thread-safe, so computers playing in
    worker threads share the memo without a lock of our own.
    """
    odds = Odds(Counter(dict(kinds)), Counter(dict(theirs)), Counter())
    return odds.roller(pallino, first).start_value(odds.start)


def _rolling(view: View, me: int) -> tuple[int, int, int]:
    """(pallino, least total, Aces) of the bocce the seat is rolling (it lies face up)."""
    pallino = view["pallino"]
    assert pallino is not None                  # the lag is over: it rolls
    cards = [Card.parse(c) for c in view["zones"][f"bocce/{me}/{view['frame'] - 1}"]
             if c is not None]
    return pallino, totals(cards)[0], sum(1 for c in cards if c.is_ace)


def _held(view: View, seat: int, frame: int | None = None) -> int:
    """The points the seat's finished bocce of this hand hold now (the ``frame``'s left out)."""
    return sum(b["points"] or 0 for i, b in enumerate(view["bocce"][seat])
               if b["status"] == "finished" and i != frame)


def _worth(view: View, me: int) -> Worth:
    """The chance I win by the points each player holds in the hand once this frame is
    over (game/ai/bocce_score.py): the hand's starting scores, who started it, the frames
    after this one and who rolls first in the next."""
    first, frame = view["first"], view["frame"] - 1
    starter = first if frame % 2 == 0 else 1 - first     # the first roller alternates
    mine, theirs = view["scores"][me], view["scores"][1 - me]
    return hand_worth(view["target"], mine, theirs, starter == me, FRAMES - 1 - frame,
                      first != me)


def _clip(points_held: int) -> int:
    return min(HAND_MAX, max(0, points_held))


@lru_cache(maxsize=_LAG_MEMO_SIZE)
def _frame_chance(pallino: int, first: bool, kinds: tuple[tuple[Kind, int], ...],
                  held: tuple[int, int], mine: tuple[tuple[int, int], ...],
                  theirs: tuple[tuple[int, int], ...], worth: Worth) -> float:
    """The chance I win if this frame's pallino is ``pallino``, for Hard's lag.

    Both bocce are expected to be played for points (:func:`_plain_roller`) and to land
    apart (by the odds each has alone); the second roller's total knocks out the first's
    bocce of this frame and earlier ones at it, the first's knocks out the second's
    earlier ones.  ``held``: the points (mine, theirs) of the hand before this frame;
    ``mine`` and ``theirs``: finished bocce as total -> points."""
    odds, start = _kind_odds(kinds)
    finals = _plain_roller(pallino, odds).finals(dict(start))
    lands = [(t, q, points(t, pallino)) for t, q in finals.items()]
    lands.append((-1, 1.0 - sum(finals.values()), 0))     # out of bounds
    mine_at, theirs_at = dict(mine), dict(theirs)
    first_at, second_at = (mine_at, theirs_at) if first else (theirs_at, mine_at)
    chance = 0.0
    for ta, qa, pa in lands:
        hit_second = second_at.get(ta, 0)
        for tb, qb, pb in lands:
            a = pa if tb != ta or ta < 0 else 0           # the second landed on it
            a -= first_at.get(tb, 0)
            b = pb - hit_second
            x, y = (a, b) if first else (b, a)
            chance += qa * qb * worth[_clip(held[0] + x)][_clip(held[1] + y)]
    return chance


class BoccePlayer:
    """Expected-value play at one of three levels ("hard": expected chance of winning)."""

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
        look = Outlook(view)
        theirs = _lag_odds(look.unseen)   # the other player's card is one I have not seen
        if self.level == "hard":
            return self._lag_to_win(view, legal, look, theirs)
        first = view["first"] == look.me
        known = (first, look.kinds, tuple(sorted(look.theirs.items())))

        def score(action: Action) -> float:
            worth = int(action.value)
            return sum(p * _frame_value(worth + w, *known) for w, p in theirs.items())

        return max(legal, key=lambda a: (score(a), str(a)))

    def _lag_to_win(self, view: View, legal: list[Action], look: Outlook,
                    theirs: dict[int, float]) -> Action:
        """The commit whose likely pallinos leave the best chance to win the game."""
        known = (view["first"] == look.me, look.kinds,
                 (_held(view, look.me), _held(view, look.opp)),
                 tuple(sorted(look.mine.items())), tuple(sorted(look.theirs.items())),
                 _worth(view, look.me))

        def score(action: Action) -> float:
            worth = int(action.value)
            return sum(p * _frame_chance(worth + w, *known) for w, p in theirs.items())

        return max(legal, key=lambda a: (score(a), str(a)))

    # -- rolling -----------------------------------------------------------
    def _roll(self, view: View, legal: list[Action]) -> Action:
        if self.level == "easy":
            # A beginner counts no card: every draw as if from a full deck.
            me = own_seat(view)
            if me is None:
                raise ValueError("a computer player needs a seat's view")
            pallino, least, aces = _rolling(view, me)
            return _by_roller(_plain_roller(pallino, _DECK_ODDS), least, aces, legal)
        look = Outlook(view)
        if self.level == "hard":
            return self._roll_to_win(view, legal, look)
        pallino, least, aces = _rolling(view, look.me)
        opp_rolls_now = view["bocce"][look.opp][look.frame]["status"] == "waiting"
        return _by_roller(look.roller(pallino, opp_rolls_now), least, aces, legal)

    def _roll_to_win(self, view: View, legal: list[Action], look: Outlook) -> Action:
        """Draw or stand by the chance to win the game each stand leaves.

        A stand at t holds its points and knocks out the opponent's finished bocce at
        t; when the opponent still rolls at this pallino, its bocce lands where a Normal
        player aiming at my finished totals (this one included) would land it, scoring
        its points and knocking out mine at its total.  Every stand is judged against
        going out of bounds, so the :class:`Roller` (whose out of bounds is 0) finds the
        best way to roll for the game, not for the points."""
        pallino, least, aces = _rolling(view, look.me)
        worth = _worth(view, look.me)
        mine, theirs = _held(view, look.me, look.frame), _held(view, look.opp)
        opp_rolls_now = view["bocce"][look.opp][look.frame]["status"] == "waiting"

        def chance(t: int | None) -> float:
            """The chance to win once my bocce stands at t (None: out of bounds)."""
            pts = 0 if t is None else points(t, pallino)
            hit = 0 if t is None else look.theirs[t]
            if not opp_rolls_now:
                return worth[_clip(mine + pts)][_clip(theirs - hit)]
            prize = look.mine.copy()
            if t is not None:
                prize[t] += pts
            lands = Roller(pallino, look.odds,
                           lambda u: points(u, pallino) + prize[u]).finals(look.start)
            out = (1.0 - sum(lands.values())) * worth[_clip(mine + pts)][_clip(theirs - hit)]
            for u, q in lands.items():
                x = mine - look.mine[u] + (0 if u == t else pts)
                out += q * worth[_clip(x)][_clip(theirs - hit + points(u, pallino))]
            return out

        bust = chance(None)
        gained = [chance(t) - bust for t in range(pallino + 1)]
        return _by_roller(Roller(pallino, look.odds, gained.__getitem__), least, aces, legal,
                          close=1e-12)


def _by_roller(roller: Roller, least: int, aces: int, legal: Sequence[Action],
               close: float = 1e-9) -> Action:
    """The best stand on offer by the roller's values, or a draw when drawing is worth
    more by more than ``close`` (a tie stands: the surer thing)."""
    stands = [a for a in legal if a.kind == "stand"]
    best = max(stands, key=lambda a: (roller.stand_value(int(a.value)), int(a.value)))
    draw = Action("draw")
    if draw in legal and roller.draw_value(least, aces) > \
            roller.stand_value(int(best.value)) + close:
        return draw
    return best


#: Every card's kind in a full deck: the quick player's odds.
_DECK_KINDS: tuple[tuple[Kind, int], ...] = tuple(sorted(Counter(_KIND.values()).items()))
_DECK_LAG = _lag_odds(_FULL_DECK)
_DECK_ODDS = _kind_odds(_DECK_KINDS)[0]


@lru_cache(maxsize=4096)
def _quick_roller(pallino: int, opp_rolls_now: bool, theirs: tuple[tuple[int, int], ...]) -> Roller:
    """Normal's roller with a full deck's odds: a few hundred, each built once."""
    return Odds(Counter(dict(_DECK_KINDS)), Counter(dict(theirs)), Counter()).roller(
        pallino, opp_rolls_now)


@lru_cache(maxsize=4096)
def _quick_lag(worth: int, first: bool, theirs: tuple[tuple[int, int], ...]) -> float:
    """Normal's value of a lag worth with a full deck's odds, the other's card any card."""
    return sum(p * _frame_value(worth + w, first, _DECK_KINDS, theirs)
               for w, p in _DECK_LAG.items())


class QuickPlayer:
    """Normal's play with the odds of a full deck instead of the unseen cards: the
    search's playout player.  It counts no card, so the same few hundred tables serve
    every playout (remembered), and a playout costs a fraction of Normal's; what it
    loses is the card counting, which a world the search deals at random knows
    nothing sure of anyway."""

    name = "bocce-quick"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view["seat"]
        assert isinstance(me, int), "a computer player needs a seat's view"
        theirs = tuple(sorted(_finished(view, 1 - me).items()))
        if view["phase"] == "lag":
            first = view["first"] == me
            return max(legal, key=lambda a: (_quick_lag(int(a.value), first, theirs), str(a)))
        pallino, least, aces = _rolling(view, me)
        opp_rolls_now = view["bocce"][1 - me][view["frame"] - 1]["status"] == "waiting"
        return _by_roller(_quick_roller(pallino, opp_rolls_now, theirs), least, aces, legal)


#: The search leaves the fallback, which plays by exact expectation, only on strong
#: evidence: at 40 playouts half its leaves on the default evidence were noise (a move
#: judged again on 1,200 playouts came out level or worse)
STRICT = 0.05


def game_chances(state: BocceState) -> list[float]:
    """Each seat's chance to win the game (game/ai/bocce_score.py) as a playout leaves
    it: at the start of the next hand, or 1 and 0 once the game is over.  Mid-hand it is
    the chance at the hand's start (the same for every candidate a search compares)."""
    if state.phase == "over":
        return [1.0 if s in state.winners else 0.0 for s in (0, 1)]
    starter = state.first if state.frame % 2 == 0 else 1 - state.first
    chance = win_chance(state.scores[0], state.scores[1], starter == 0, state.target)
    return [chance, 1.0 - chance]


#: A playout ends with the hand; it is worth the chance to win the game it leaves.
JUDGE = Judge(lambda s: s.hand_no, game_chances, chances=True)


def why(view: View, action: Action) -> Reason | None:
    """The Hint's line for a roll (game/ai/why.py), in the facts the choice rests on: a
    stand that knocks out the other player's bocce, or lands on the pallino; a stand
    where most of the cards not yet seen would take a draw over the pallino; a draw
    that most of them (or all) keep on or under it. Where the odds point the other way
    (behind near the end, Hard draws against them for the one total that can win) the
    search's own line, its chance to win, says why; the lag commit is the search's too."""
    if action.kind not in ("stand", "draw"):
        return None
    me = own_seat(view)
    pallino, least, _aces = _rolling(view, me)
    unseen = _unseen(view)
    safe = sum(1 for c in unseen if least + totals([c])[0] <= pallino)
    if action.kind == "draw":
        if unseen and safe == len(unseen):
            return Reason("advice.bocce.draw_safe")
        if 2 * safe >= len(unseen) > 0:
            return Reason("advice.bocce.draw", {"safe": safe, "unseen": len(unseen)})
        return None
    total = int(action.value)
    hit = sum(1 for b in view["bocce"][1 - me] if b["status"] == "finished" and b["total"] == total)
    if hit:
        return Reason("advice.bocce.knocks" if hit == 1 else "advice.bocce.knocks_many",
                      {"total": total, "count": hit})
    if total == pallino:
        return Reason("advice.bocce.exact", {"points": points(total, pallino)})
    over = len(unseen) - safe
    if 2 * over >= len(unseen) > 0:
        return Reason("advice.bocce.stand_risk", {"over": over, "unseen": len(unseen)})
    return None


def player(level: str = "normal") -> BoccePlayer | Search:
    """``hard`` searches (game/ai/search.py) with the hard player, who plays for the
    game, as its fallback; the others play by expectation (see the module docstring)."""
    if level == "hard":
        return Search("bocce-hard", QuickPlayer, BoccePlayer("hard"), JUDGE,
                      false_leave=STRICT)
    return BoccePlayer(level)


__all__ = ["BoccePlayer", "Odds", "Outlook", "QuickPlayer", "Roller", "game_chances", "player",
           "LEVELS"]
