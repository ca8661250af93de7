"""The chance to win a Briscola Venceslao match from the scores as they stand.

A match is won by the most points over its games (three by default; a tie shares the
win), so a game's points are worth what they do to that chance: the same ten points
matter little in the first game and decide the last.  Hard's search values the end of
each playout by it (game/ai/briscola.py's judge) and its fallback its solved end, as
Bocce's Hard plays for the game rather than the hand's points.

Choices:

* *The model:* each seat's points in the games still to come are drawn independently
  from a normal spread of :data:`GAME_SPREAD` a game (their common mean cancels), so a
  seat wins when its total plus its draw tops the others'.  The chance is worked out by
  quadrature over the seat's own draw (:data:`_NODES`): ``E[prod Phi(z + gap / spread)]``.
  Independent draws give two differences of one seat's points a correlation of one half,
  which is what scores that share one game's fixed points give as well.
* *The spread:* three Normals, 450 games (seeds 0-149 of
  ``python bench/briscola_spread.py --matches 150``): a seat's game total (card points and
  primiera) has a standard deviation of 21.9 and the difference of two seats' 38.0;
  independent draws with the same difference spread have 38.0 / sqrt(2) = 26.9 each.
* *When nothing is left to play* the match is decided: the top total wins, a tie shares
  the win (a seat's share is one over the seats tied), so the chances always sum to one.
* *The game under way* counts by the share of its 39 cards still unplayed (the start of
  a search's playouts: a value common to every candidate, so it only has to be sensible).
* *A tie-break* of :data:`POINT_WEIGHT` a point: where the match is decided either way
  (every sampled end wins, or none does), more points are still better, not a coin toss.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

#: the spread of one seat's points over one game, independent of the others' (see above)
GAME_SPREAD = 26.9
#: a point's worth beside the chance to win (a tie-break where the chance cannot move)
POINT_WEIGHT = 0.001
#: cards in a Briscola Venceslao game
GAME_CARDS = 39

_STEP = 0.4
#: quadrature over the seat's own standard normal draw: points and their weights
_NODES: tuple[tuple[float, float], ...] = tuple(
    (z, math.exp(-z * z / 2)) for z in (_STEP * k for k in range(-12, 13)))
_TOTAL = sum(w for _, w in _NODES)


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chances(totals: Sequence[float], games_left: float) -> list[float]:
    """Each seat's chance to win the match from ``totals`` with ``games_left`` games (a
    fraction for the game under way) still to play."""
    n = len(totals)
    if games_left <= 0:
        top = max(totals)
        tied = sum(1 for t in totals if t == top)
        return [1.0 / tied if t == top else 0.0 for t in totals]
    spread = GAME_SPREAD * math.sqrt(games_left)
    out = []
    for s in range(n):
        gaps = [(totals[s] - totals[j]) / spread for j in range(n) if j != s]
        acc = 0.0
        for z, w in _NODES:
            p = w
            for g in gaps:
                p *= _phi(z + g)
            acc += p
        out.append(acc / _TOTAL)
    norm = sum(out)
    return [p / norm for p in out]


def match_values(totals: Sequence[float], games_left: float) -> list[float]:
    """What the search counts a seat's standing as: its chance to win, and
    :data:`POINT_WEIGHT` a point as a tie-break."""
    return [p + POINT_WEIGHT * t for p, t in zip(win_chances(totals, games_left), totals)]


def games_left(state: Any) -> float:
    """The games still to play in ``state`` (a BriscolaState), the one under way counted
    by its unplayed cards; none once the match is over."""
    if state.over:
        return 0.0
    return state.games - state.game_no + (GAME_CARDS - len(state.played)) / GAME_CARDS
