"""Dou Dizhu's last cards solved exactly: the search's cut-off evaluation for this game.

A playout of Hard's search (game/ai/search.py) plays a sampled world to the end of the
hand with Normal at every seat; Normal's mistakes in the last few tricks (a peasant
leading a low single into a landlord with one card left) decide many of those
playouts, so a world's value said more about Normal than about the move judged.  Once
the three hands of a world hold few cards (:data:`SOLVE_AT` in all), the rest of the
hand is solved instead: every hand is known in a sampled world, the two peasants win or
lose together, so whether the landlord wins is an AND-OR search over the plays left
(:meth:`Solver.landlord_wins`), exact, with a table of the positions already solved.

Choices:

* What is solved is who goes out first, not the stake: the hand's value is its stake
  as it stands (:func:`settle`); a bomb played in the solved rest, which would double
  it, and a spring are not counted (a spring cannot happen this late: the losers would
  hold their whole hands, more cards than :data:`SOLVE_AT`).
* A position that needs more than :data:`NODE_LIMIT` positions is left unsolved (None):
  the playout goes on with Normal and tries again after the next play, when the hands
  are smaller, so a move's time stays bounded.  (At 12 cards it is a guard, not a
  limit met in play: the 1,118 positions of 12 cards or fewer in 300 Classic hands of
  Normal play were all solved within it, the slowest in 42 ms of wall time on a busy
  machine, most in well under a millisecond.)
* Each solve starts with an empty table: a table kept from earlier solves would let a
  position be solved within the limit after others and not before them, and the same
  seed must give the same move whatever the process did before.
* The plays are the engine's own (the combination generator of game/doudizhu/combos.py
  over rank counts: suits never matter), tried going out first, then the longest.
* It is the search's per-game cut-off (its :class:`~game.ai.search.Judge`'s ``settle``
  hook); no search loop of its own: the moves are still chosen by the one search.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

from game.doudizhu import combos
from game.doudizhu.rules import LANDLORD_SHARE, SEATS

#: a playout is solved once the three hands hold this many cards or fewer in all
SOLVE_AT = 12
#: positions a solve may visit before it gives up
NODE_LIMIT = 3000

Hands = tuple[tuple[int, ...], ...]
#: the play to beat: (the seat that made it, its combination), or None when leading
Last = Optional[tuple[int, combos.Combo]]


class _TooBig(Exception):
    """The position needs more than its share of new positions."""


@lru_cache(maxsize=100_000)
def _plays(hand: tuple[int, ...], prev: Optional[combos.Combo],
           kinds: frozenset[str]) -> tuple[tuple[tuple[int, ...], combos.Combo], ...]:
    """Every play of ``hand`` (beating ``prev`` when given) as (the hand after it, its
    combination), going out first, then the longest."""
    entries = combos.lead_entries(hand, kinds) if prev is None else \
        combos.reply_entries(hand, prev, kinds)
    out = []
    for value, kind, rank, length in entries:
        rest = list(hand)
        for ch in value:
            rest[combos.INDEX[ch]] -= 1
        out.append((tuple(rest), combos.Combo(kind, rank, length, len(value))))
    out.sort(key=lambda p: -p[1].size)
    return tuple(out)


class Solver:
    """Whether the landlord wins from a position where every hand is known, by AND-OR
    search with a table of the positions solved (a position's key is its hands, the
    seat to play and the play to beat)."""

    def __init__(self, landlord: int, kinds: frozenset[str]) -> None:
        self.landlord = landlord
        self.kinds = kinds
        self.table: dict[tuple[Hands, int, Last], bool] = {}
        self.budget = 0

    def landlord_wins(self, hands: Hands, turn: int, last: Last,
                      limit: int = NODE_LIMIT) -> Optional[bool]:
        """True when the landlord wins with best play on both sides, None when it takes
        more than ``limit`` new positions to know."""
        self.budget = limit
        try:
            return self._wins(hands, turn, last)
        except _TooBig:
            return None

    def _wins(self, hands: Hands, turn: int, last: Last) -> bool:
        key = (hands, turn, last)
        known = self.table.get(key)
        if known is not None:
            return known
        self.budget -= 1
        if self.budget < 0:
            raise _TooBig
        want = turn == self.landlord         # what this seat's side wants the answer to be
        nxt = (turn + 1) % SEATS
        plays = _plays(hands[turn], None if last is None else last[1], self.kinds)
        result = not want
        if any(not any(rest) for rest, _ in plays):
            result = want                    # out in one play
        else:
            for rest, combo in plays:
                after = hands[:turn] + (rest,) + hands[turn + 1:]
                if self._wins(after, nxt, (turn, combo)) == want:
                    result = want
                    break
            else:
                if last is not None:         # a pass; two in a row clear the trick
                    if self._wins(hands, nxt, None if last[0] == nxt else last) == want:
                        result = want
        self.table[key] = result
        return result


def position(state: Any) -> tuple[Hands, int, Last]:
    """A Dou Dizhu state in play as the solver reads it."""
    hands = tuple(tuple(state._counts(s)) for s in range(SEATS))
    last = None if state.last is None else (state.last[0], state.last[2])
    return hands, state.turn, last


def settle(state: Any) -> Optional[list[float]]:
    """Each seat's points at the end of the hand, when the cards left are few enough to
    solve (see the module docstring); None otherwise."""
    if state.phase != "play" or state.landlord is None or \
            sum(len(h) for h in state.hands) > SOLVE_AT:
        return None
    won = Solver(state.landlord, state.kinds).landlord_wins(*position(state))
    if won is None:
        return None
    stake = state.stake
    sign = 1 if won else -1
    return [t + sign * (LANDLORD_SHARE * stake if s == state.landlord else -stake)
            for s, t in enumerate(state.totals)]
