"""What Dou Dizhu's public actions say about the hidden hands, for the search's worlds.

The hard facts: the landlord holds the kitty everyone saw (those of its cards not yet
played).  The soft evidence (:attr:`game.ai.search.Facts.likely`), read from the
view's ``bids`` and ``trail`` (the hand's plays and passes in order):

* *A bid shows strength.*  A seat's hand as it bid (what it holds now, what it has
  played since, less the kitty for the landlord) is scored as the computers bid
  (:func:`strength` against :data:`BID_AT`); a bid or a pass that hand would not have
  made is less likely by :data:`BID_OFF` for each level it is off (a person bids by
  their own measure: evidence, never proof).  A seat that bid 3 likely holds jokers,
  Twos or bombs; a seat that passed likely holds few.
* *A pass shows no answer.*  A seat that passed on an opponent's play it could have
  beaten with the same kind of combination (no bomb: bombs are kept) is
  :data:`PASS_ABLE` times as likely as one that could not: players do pass on a
  costly answer, but seldom.  Passes on a partner's play say nothing.

The weight of a dealt world is the product over every other seat's bids and passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from game.ai.search import NO_FACTS, Facts
from game.cards import Card
from game.doudizhu import combos
from game.doudizhu.rules import ACE, BLACK, NRANKS, RED, RULESETS, TWO, code_letter
from game.doudizhu.state import RANK
from game.views.doudizhu import View

#: Strength needed to bid 1, 2, 3 (see :func:`strength`).
BID_AT = (7, 10, 13)
#: How likely a bid is that a hand of that strength would not make, by levels off
#: (a pass counts as level 0): one level off a third as likely, and so on.
BID_OFF = (1.0, 0.35, 0.12, 0.05)
#: How likely a pass on an opponent's play the seat could have beaten without a bomb,
#: against 1 for a seat that could not (computers and people alike pass on a costly
#: answer now and then: Normal passed on 12% of 2,449 such plays in 300 hands of
#: self-play, RLCard's rule agent never does).
PASS_ABLE = 0.2


def strength(counts: Sequence[int]) -> int:
    """A rough hand strength for bidding: high cards and bombs."""
    s = 4 * counts[RED] + 3 * counts[BLACK] + 2 * counts[TWO] + counts[ACE]
    s += sum(6 for r in range(NRANKS) if counts[r] == 4)
    if counts[RED] and counts[BLACK]:
        s += 2
    return s


def counts_of_codes(codes: Sequence[Optional[str]]) -> list[int]:
    """Rank counts of card codes (None, a card face down, counts nothing)."""
    counts = [0] * NRANKS
    for code in codes:
        if code:
            counts[combos.INDEX[code_letter(code)]] += 1
    return counts


def wanted_bid(counts: Sequence[int]) -> int:
    """The bid a hand's strength asks for (0: none)."""
    s = strength(counts)
    return sum(1 for t in BID_AT if s >= t)


@dataclass(frozen=True)
class BidClue:
    """A seat bid ``bid`` (0: passed) over ``high``; ``then`` is what it held beyond its
    hand now (its later plays, less the kitty it took)."""

    seat: int
    then: tuple[int, ...]
    high: int
    bid: int

    def likelihood(self, counts: Sequence[int]) -> float:
        want = wanted_bid([c + t for c, t in zip(counts, self.then)])
        expected = want if want > self.high else 0
        return BID_OFF[min(abs(expected - self.bid), len(BID_OFF) - 1)]


@dataclass(frozen=True)
class PassClue:
    """A seat passed on an opponent's ``prev`` holding its hand now plus ``then``."""

    seat: int
    then: tuple[int, ...]
    prev: combos.Combo

    def likelihood(self, counts: Sequence[int]) -> float:
        held = [c + t for c, t in zip(counts, self.then)]
        return PASS_ABLE if combos.can_follow(held, self.prev) else 1.0


Clue = BidClue | PassClue


def clues(view: Mapping[str, Any]) -> list[Clue]:
    """Every other seat's bid and pass of this deal that says something of its hand."""
    me, landlord = view["seat"], view["landlord"]
    kinds = RULESETS[view["rules"]]
    trail = [(int(s), str(v)) for s, v in view["trail"]]
    # what each seat played after each point of the trail (counted from the end)
    later: list[dict[int, list[int]]] = [{} for _ in range(len(trail) + 1)]
    running: dict[int, list[int]] = {}
    for i in range(len(trail) - 1, -1, -1):
        s, v = trail[i]
        if v != "pass":
            counts = combos.counts_of(v) or [0] * NRANKS
            base = running.get(s, [0] * NRANKS)
            running = {**running, s: [a + b for a, b in zip(base, counts)]}
        later[i] = running
    none = (0,) * NRANKS
    out: list[Clue] = []
    kitty = counts_of_codes(view["kitty"])
    bids = view["bids"]
    first = view["first_bidder"]
    high = 0
    for k in range(len(bids)):
        s = (first + k) % len(bids)
        said = bids[s]
        if said is None:
            break
        bid = 0 if said == "pass" else int(said)
        if s != me:
            then = list(later[0].get(s, none))
            if s == landlord:
                then = [a - b for a, b in zip(then, kitty)]
            out.append(BidClue(s, tuple(then), high, bid))
        high = max(high, bid)
    top: Optional[tuple[int, combos.Combo]] = None
    passes = 0
    for i, (s, v) in enumerate(trail):
        if v != "pass":
            combo = combos.classify(v, kinds)
            top, passes = ((s, combo) if combo is not None else None), 0
            continue
        if top is not None and s != me and landlord is not None \
                and (s == landlord) != (top[0] == landlord):
            out.append(PassClue(s, tuple(later[i + 1].get(s, none)), top[1]))
        passes += 1
        if passes == 2:
            top, passes = None, 0
    return out


def likelihood(found: Sequence[Clue], placed: Mapping[str, Sequence[Card]]) -> float:
    """How likely the clues are had the hidden cards lain as ``placed`` (zone by zone)."""
    counts: dict[int, list[int]] = {}
    weight = 1.0
    for clue in found:
        held = counts.get(clue.seat)
        if held is None:
            held = counts[clue.seat] = [0] * NRANKS
            for c in placed.get(f"hand/{clue.seat}", ()):
                held[RANK[c]] += 1
        weight *= clue.likelihood(held)
    return weight


def facts(view: View, reader: Any = None) -> Facts:
    """The kitty with the landlord (a hard fact) and the bids and passes (soft)."""
    me, landlord = view["seat"], view["landlord"]
    holds = {}
    if landlord is not None and landlord != me:
        holds = {f"hand/{landlord}": [Card.parse(c) for c in view["kitty"]]}
    found = clues(view)
    if not holds and not found:
        return NO_FACTS
    return Facts(holds=holds,
                 likely=(lambda placed: likelihood(found, placed)) if found else None)
