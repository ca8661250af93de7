"""Bocce at the score: the chance to win the game, and what the rest of a hand is worth in it.

A game is won by reaching the target over several hands, so a point is worth more or
less as the scores stand: a player far behind near the end needs risk that points alone
never take, one far ahead wants safety.  Hard weighs every outcome by the chance to win
the game it leaves (game/ai/bocce.py), built here from two things:

* **The win table.**  :func:`win_chance` is the chance that "I" win from the start of a
  hand at scores (mine, theirs), knowing who rolls first in it, when both players play
  the hand as Normal does.  It is worked out once per target, at first use, by going
  backwards from the end: a hand changes the scores by the odds that bench/bocce_hands.py
  measured over tens of thousands of hands of two Normals (game/ai/bocce_hands.py: the
  joint odds of both players' points over the last one, two and three frames of a hand,
  from the side of the frames' first roller), and the first roller of the next hand is
  the other player (three frames a hand, the first roller alternating every frame).
  The rule text is silent on ties; the engine's choice holds here too: when both pass
  the target in the same hand the higher score wins, and a tie plays another hand.
* **What the rest of a hand is worth.**  :func:`hand_worth` gives, for the points each
  player has in the hand once the current frame is over, the chance to win: the frames
  still to come after it played by those measured odds, then the win table at the next
  hand's start (or the game's end).

Choices: the odds are Normal's against Normal's (the opponent Hard meets, and its own play
in the frames it has not reached); they do not depend on the scores (Normal never looks
at them), so one measurement serves every target.  Points lost to a later knock-out are
in the measured odds (a frame's change may be negative).  The table is computed, not
stored: a 25-point game's takes some tens of milliseconds, once.
"""

from __future__ import annotations

from functools import lru_cache

from game.bocce.rules import EXACT_POINTS, FRAMES

#: The most points one player's bocce can hold in a hand.
HAND_MAX = FRAMES * EXACT_POINTS
#: (first roller's change, the other's change, probability) over the last k frames.
Odds = tuple[tuple[int, int, float], ...]


@lru_cache(maxsize=FRAMES)
def late_odds(frames: int) -> Odds:
    """The measured odds of the points the last ``frames`` frames of a hand bring (read at
    first use, so that bench/bocce_hands.py can measure them again without them)."""
    from game.ai.bocce_hands import LATE

    counts = LATE[frames]
    n = sum(c for _, c in counts)
    return tuple((a, b, c / n) for (a, b), c in counts)


def _mine_first(odds: Odds, i_first: bool) -> Odds:
    """The odds as (my change, theirs), whoever rolls first."""
    return odds if i_first else tuple((b, a, p) for a, b, p in odds)


@lru_cache(maxsize=8)
def _table(target: int) -> tuple[tuple[tuple[float, float], ...], ...]:
    """[mine][theirs] -> (chance if the other starts the hand, chance if I start it),
    for scores under the target, worked out backwards from the end."""
    hand = late_odds(FRAMES)
    tie = _tie_chances()
    win: list[list[tuple[float, float]]] = [[(0.0, 0.0)] * target for _ in range(target)]

    def after(m: int, o: int, i_start_next: bool) -> float:
        if m == o and m >= target:
            return tie[i_start_next]
        if max(m, o) >= target:
            return 1.0 if m > o else 0.0
        return win[m][o][i_start_next]

    for m in range(target - 1, -1, -1):
        for o in range(target - 1, -1, -1):
            # c[s]: the chance from (m, o) when s says whether I start, less the part that
            # comes back here (a hand where neither scores): p[s] of it, starter swapped.
            c, p = [0.0, 0.0], [0.0, 0.0]
            for s in (0, 1):
                for a, b, q in _mine_first(hand, bool(s)):
                    if a == 0 and b == 0:
                        p[s] += q
                    else:
                        c[s] += q * after(m + a, o + b, not s)
            # W1 = c1 + p1 W0 and W0 = c0 + p0 W1
            w1 = (c[1] + p[1] * c[0]) / (1 - p[1] * p[0])
            w0 = c[0] + p[0] * w1
            win[m][o] = (w0, w1)
    return tuple(tuple(row) for row in win)


@lru_cache(maxsize=1)
def _tie_chances() -> tuple[float, float]:
    """The chance to win from a tie at or over the target (the next hand that is not
    tied decides): (if the other starts the hand, if I start it)."""
    hand = late_odds(FRAMES)
    won, same = [0.0, 0.0], [0.0, 0.0]
    for s in (0, 1):
        for a, b, q in _mine_first(hand, bool(s)):
            if a > b:
                won[s] += q
            elif a == b:
                same[s] += q
    t1 = (won[1] + same[1] * won[0]) / (1 - same[1] * same[0])
    return won[0] + same[0] * t1, t1


def win_chance(mine: int, theirs: int, i_start: bool, target: int) -> float:
    """The chance I win from the start of a hand at these scores (``i_start``: I roll
    first in its first frame); 1 or 0 once the game is decided."""
    if mine == theirs and mine >= target:
        return _tie_chances()[i_start]
    if max(mine, theirs) >= target:
        return 1.0 if mine > theirs else 0.0
    return _table(target)[mine][theirs][i_start]


#: Worth of the hand's end by the points each player holds in it: [mine][theirs].
Worth = tuple[tuple[float, ...], ...]


@lru_cache(maxsize=4096)
def hand_worth(target: int, mine: int, theirs: int, i_start_hand: bool, frames_after: int,
               i_first_next: bool) -> Worth:
    """[x][y] -> the chance I win when the current frame ends with x points of mine and
    y of theirs in the hand (0 to :data:`HAND_MAX`), the game at (mine, theirs) when the
    hand began, ``frames_after`` frames still to come after this one, the first of them
    rolled first by me when ``i_first_next``."""
    def end(x: int, y: int) -> float:
        return win_chance(mine + max(0, x), theirs + max(0, y), not i_start_hand, target)

    size = range(HAND_MAX + 1)
    if frames_after == 0:
        return tuple(tuple(end(x, y) for y in size) for x in size)
    odds = _mine_first(late_odds(frames_after), i_first_next)
    # Every end the odds reach, worked out once: [x - low][y - low].
    low = min(0, min(min(a, b) for a, b, _ in odds))
    reach = range(low, HAND_MAX + max(max(a, b) for a, b, _ in odds) + 1)
    ends = [[end(x, y) for y in reach] for x in reach]
    shifted = [(a - low, b - low, q) for a, b, q in odds]
    return tuple(tuple(sum(q * ends[x + a][y + b] for a, b, q in shifted) for y in size)
                 for x in size)


__all__ = ["HAND_MAX", "hand_worth", "late_odds", "win_chance"]
