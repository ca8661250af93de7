"""The end of a Briscola Venceslao game solved exactly, in a world where every card is known.

Once the stock is empty (the sampled card drawn too) the last three tricks are played
from cards every seat of a search's sampled world holds in the open.  Hard's playouts
stop there (game/ai/briscola.py's judge, the search's cut-off hook) and the world is
valued by :func:`end_points`: the rest of the game played by max-n, primiera included,
which the greedy playout player would have played worse than the fallback and Normal do.

Choices:

* Each seat plays for its gain as the search judges it: its own final points less the
  mean of the other two (card points plus the primiera bonus).  The card points of the
  rest always sum to the same, so this is "most points for me" (Normal's max-n) except
  where the primiera bonus is at stake: a seat then also keeps it from the others.
  Between cards of equal worth a seat plays the first in card order (Normal's rule).
* No cut-off while the Two of Swords is still in a hand, or a claim or a choice of trump
  is open (who wins the race to claim is not a card anyone holds): the playout goes on
  and tries again at its next move.  Once played, it is a plain low Sword.
* The culetto as the engine has it: a trick with the Jack of Sticks, unless it is the
  game's last, stays on the table and the next trick's winner takes all six cards.
* Cost: cards are small ints and the primiera of each seat's pile is kept as its best
  value in each suit, so a node is a few list operations; the last trick is forced and
  worked out without a choice.  There is no memo: within one solve no position is
  reached twice (each card belongs to one seat, and a trick's cards fix its order), and
  two solves of one search share no position unless a candidate card is itself in the
  end (then the solve is all a playout costs).  Without alpha-beta (three players, each
  for itself) the order the cards are tried in changes only which of two equal cards is
  played, not the work.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.briscola import (
    DECK,
    JACK_OF_STICKS,
    PLAY,
    PRIMIERA,
    PRIMIERA_BONUS,
    SEATS,
    VENCESLAO,
    points,
    strength,
)
from game.cards import ITALIAN_SUITS, Card

#: a card's place in DECK, the small int the solver plays with
INDEX: dict[Card, int] = {c: i for i, c in enumerate(DECK)}
_SUIT = [ITALIAN_SUITS.index(c.suit) for c in DECK]
_POINTS = [points(c) for c in DECK]
_STRENGTH = [strength(c) for c in DECK]
_PRIMIERA = [PRIMIERA[c.rank] for c in DECK]
_JACK = INDEX[JACK_OF_STICKS]
#: the cards of a hand tried in card order (ties go to the first, as Normal's max-n does)
_ORDER = sorted(range(len(DECK)), key=lambda i: DECK[i])
_RANK = {i: r for r, i in enumerate(_ORDER)}

Values = tuple[float, float, float]


def solvable(state: Any) -> bool:
    """Whether the game's end can be solved now: the stock and the sampled card drawn, a
    card to play next (no claim or choice open) and the Two of Swords out of every hand."""
    return (not state.stock and state.briscola is None and state.phase == PLAY
            and any(state.hands) and not any(VENCESLAO in h for h in state.hands))


def end_points(state: Any) -> list[float]:
    """Each seat's points in this game (taken so far, the rest by max-n, the primiera
    bonus) once :func:`solvable`; the match's totals before the game are not counted."""
    taken = state.taken()
    rest = solve(state.hands, state.table, state.leader, state.culetto, state.piles,
                 state.trump)
    return [t + r for t, r in zip(taken, rest)]


def solve(hands: Sequence[Sequence[Card]], table: Sequence[Card], leader: int,
          culetto: Sequence[Card], piles: Sequence[Sequence[Card]], trump: str) -> Values:
    """The card points each seat takes from here to the end of the game plus its primiera
    bonus at the end, every card known and every seat playing by max-n (module docstring)."""
    best = []
    for pile in piles:
        b = [0, 0, 0, 0]
        for c in pile:
            i = INDEX[c]
            if _PRIMIERA[i] > b[_SUIT[i]]:
                b[_SUIT[i]] = _PRIMIERA[i]
        best.append(b)
    own = [sorted((INDEX[c] for c in h), key=_RANK.__getitem__) for h in hands]
    on_table = [INDEX[c] for c in table]
    held = [INDEX[c] for c in culetto]
    bonus = fixed_bonus(own, on_table, held, best)
    total = sum(_POINTS[c] for cs in (*own, on_table, held) for c in cs)
    if bonus is None:
        return _node(own, on_table, leader, held, best, ITALIAN_SUITS.index(trump), total,
                     -1, _NONE)
    v = _points_node(own, on_table, leader, held, ITALIAN_SUITS.index(trump), total, -1, -1)
    return v[0] + bonus[0], v[1] + bonus[1], v[2] + bonus[2]


def fixed_bonus(hands: Sequence[Sequence[int]], table: Sequence[int], held: Sequence[int],
                best: Sequence[Sequence[int]]) -> list[int] | None:
    """The primiera bonus each seat will have at the game's end, when no way of playing
    the rest can change it: nobody can make a valid primiera, or one seat's already beats
    the best any other could reach with every card still out.  None when play decides."""
    rest = [c for cs in (*hands, table, held) for c in cs]
    reach: list[int] = []
    for b in best:
        top = list(b)
        for c in rest:
            if _PRIMIERA[c] > top[_SUIT[c]]:
                top[_SUIT[c]] = _PRIMIERA[c]
        reach.append(sum(top) if all(top) else 0)
    if not any(reach):
        return [0, 0, 0]
    for s in range(SEATS):
        now = sum(best[s]) if all(best[s]) else 0
        if now and all(now > reach[t] for t in range(SEATS) if t != s):
            return [PRIMIERA_BONUS if t == s else 0 for t in range(SEATS)]
    return None


def _winner(table: Sequence[int], trump: int) -> int:
    """The index in play order of the card that takes a full trick."""
    win = 0
    top = table[0]
    for k in (1, 2):
        c = table[k]
        if _SUIT[c] == _SUIT[top]:
            if _STRENGTH[c] > _STRENGTH[top]:
                win, top = k, c
        elif _SUIT[c] == trump:
            win, top = k, c
    return win


def _bonus(best: Sequence[Sequence[int]]) -> list[int]:
    """The primiera bonus of each seat at the game's end (a tie for the top: nobody)."""
    values = [sum(b) if all(b) else 0 for b in best]
    top = max(values)
    out = [0, 0, 0]
    if top and values.count(top) == 1:
        out[values.index(top)] = PRIMIERA_BONUS
    return out


def _node(hands: list[list[int]], table: list[int], leader: int, held: list[int],
          best: list[list[int]], trump: int, total: int, parent: int, bound: float) -> Values:
    """Max-n from here, the primiera in play: each seat's rest of the game (card points
    from the trick on the table on, and its bonus), ``total`` the card points still out.
    A seat's score is three times its gain (``3 * own - all``); a reply is cut short once
    the seat before it (``parent``) could no longer gain more than ``bound``, what it
    already has from another card: the rest sums to ``total`` plus at most one bonus, so
    that seat can have at most ``total + bonus`` less the reply's score (shallow max-n
    pruning; a tie keeps the first card, so a pruned card would not be played)."""
    if len(table) == SEATS:
        return _trick_done(hands, table, leader, held, best, trump, total)
    turn = (leader + len(table)) % SEATS
    hand = hands[turn]
    if len(hand) == 1 and not table and len(hands[0]) == len(hands[1]) == len(hands[2]):
        return _last_trick(hands, leader, held, best, trump, total)
    chosen: Values | None = None
    score = 0.0
    for k in range(len(hand)):
        c = hand.pop(k)
        table.append(c)
        v = _node(hands, table, leader, held, best, trump, total, turn,
                  score if chosen is not None else _NONE)
        table.pop()
        hand.insert(k, c)
        mine = 3 * v[turn] - (v[0] + v[1] + v[2])
        if chosen is None or mine > score:
            chosen, score = v, mine
            if parent != turn and total + PRIMIERA_BONUS - score <= bound:
                break
    assert chosen is not None
    return chosen


#: no bound yet: the seat before has tried no card
_NONE = float("-inf")


def _trick_done(hands: list[list[int]], table: list[int], leader: int, held: list[int],
                best: list[list[int]], trump: int, total: int) -> Values:
    winner = (leader + _winner(table, trump)) % SEATS
    last = not (hands[0] or hands[1] or hands[2])
    if _JACK in table and not last:
        return _node(hands, [], winner, list(table), best, trump, total, -1, _NONE)
    kept = best[winner]
    grown = list(kept)
    gained = 0
    for cs in (table, held):
        for c in cs:
            gained += _POINTS[c]
            if _PRIMIERA[c] > grown[_SUIT[c]]:
                grown[_SUIT[c]] = _PRIMIERA[c]
    best[winner] = grown
    if last:
        out = [float(b) for b in _bonus(best)]
    else:
        out = list(_node(hands, [], winner, [], best, trump, total - gained, -1, _NONE))
    best[winner] = kept
    out[winner] += gained
    return out[0], out[1], out[2]


def _last_trick(hands: list[list[int]], leader: int, held: list[int], best: list[list[int]],
                trump: int, total: int) -> Values:
    """Every seat holds one card: the trick plays itself, and takes what is held with it
    (``total``, every point still out); then the primiera decides the bonus."""
    table = (hands[leader][0], hands[(leader + 1) % SEATS][0], hands[(leader + 2) % SEATS][0])
    winner = (leader + _winner(table, trump)) % SEATS
    grown = list(best[winner])
    for cs in (table, held):
        for c in cs:
            if _PRIMIERA[c] > grown[_SUIT[c]]:
                grown[_SUIT[c]] = _PRIMIERA[c]
    top, at, tied = 0, -1, False
    for s in range(SEATS):
        b = grown if s == winner else best[s]
        if b[0] and b[1] and b[2] and b[3]:
            v = b[0] + b[1] + b[2] + b[3]
            if v > top:
                top, at, tied = v, s, False
            elif v == top:
                tied = True
    out = [0.0, 0.0, 0.0]
    if at >= 0 and not tied:
        out[at] = PRIMIERA_BONUS
    out[winner] += total
    return out[0], out[1], out[2]


def _points_node(hands: list[list[int]], table: list[int], leader: int, held: list[int],
                 trump: int, total: int, parent: int, bound: int) -> Values:
    """:func:`_node` when the primiera bonus is settled: card points alone, which sum to
    ``total`` (every card still out), so each seat's best is most points for itself, and
    a reply is cut short once it leaves the seat before it (``parent``) no more than
    ``bound``, what that seat already has from another card (shallow max-n pruning:
    that card would not be played, and a tie keeps the first)."""
    if len(table) == SEATS:
        return _points_trick(hands, table, leader, held, trump, total)
    turn = (leader + len(table)) % SEATS
    hand = hands[turn]
    chosen: Values | None = None
    score = -1.0
    for k in range(len(hand)):
        c = hand.pop(k)
        table.append(c)
        v = _points_node(hands, table, leader, held, trump, total, turn, int(score))
        table.pop()
        hand.insert(k, c)
        if chosen is None or v[turn] > score:
            chosen, score = v, v[turn]
            if parent != turn and total - score <= bound:
                break
    assert chosen is not None
    return chosen


def _points_trick(hands: list[list[int]], table: list[int], leader: int, held: list[int],
                  trump: int, total: int) -> Values:
    winner = (leader + _winner(table, trump)) % SEATS
    if not (hands[0] or hands[1] or hands[2]):
        out = [0.0, 0.0, 0.0]
        out[winner] = float(total)
        return out[0], out[1], out[2]
    if _JACK in table:
        return _points_node(hands, [], winner, list(table), trump, total, -1, -1)
    gained = 0
    for c in table:
        gained += _POINTS[c]
    for c in held:
        gained += _POINTS[c]
    if len(hands[0]) == 1:                       # the last trick plays itself
        last = [hands[(winner + k) % SEATS][0] for k in range(SEATS)]
        end = (winner + _winner(last, trump)) % SEATS
        out = [0.0, 0.0, 0.0]
        out[winner] += gained
        out[end] += total - gained
        return out[0], out[1], out[2]
    v = _points_node(hands, [], winner, [], trump, total - gained, -1, -1)
    out = list(v)
    out[winner] += gained
    return out[0], out[1], out[2]
