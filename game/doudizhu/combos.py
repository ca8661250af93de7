"""Dou Dizhu's combinations over rank counts: classify a play, compare two plays, and
list every lead or reply of a hand, fast and without duplicates.

A play is written as its rank letters, lowest first (``"33344"``: three Threes and two
Fours; see :data:`game.doudizhu.rules.LETTERS`).  Suits never matter in Dou Dizhu,
so a play is a multiset of ranks; working on the 15 rank counts instead of card
permutations is what makes the generator fast (a 20-card Classic hand can have
thousands of leads, but never one listed twice).

Kickers (the Classic rule set's three with one/a pair, four with two, airplane
wings) follow RLCard's Dou Dizhu, so that the legal-move lists agree:

* kickers never share a rank with the main part (no ``3333 + 3``, no wings of the
  airplane's own ranks);
* single kickers may repeat a rank (``333444 + 55``, ``3333 + 55``), but never four
  times (a bomb is never used as kickers) and never as a triple right next to the
  airplane (``333444555 + 666`` is the airplane ``333444555666``; a triple of Twos
  is allowed, Twos never chain);
* the two jokers are never kickers together (that is the rocket);
* pair kickers are pairs of different ranks (``3333 + 55 55`` is not a play).

Every multiset of ranks is at most one combination under these rules, so a play's
kind never depends on what was played before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from game.doudizhu.rules import (
    ACE,
    BLACK,
    BOMB,
    CHAIN_MIN,
    FOUR2,
    FOUR22,
    LETTERS,
    NRANKS,
    PAIR,
    PAIRS,
    PLANE,
    PLANE1,
    PLANE2,
    RED,
    ROCKET,
    SINGLE,
    STRAIGHT,
    TRIO,
    TRIO1,
    TRIO2,
    TWO,
)

INDEX = {ch: i for i, ch in enumerate(LETTERS)}
#: Kinds whose chain groups hold 1, 2 or 3 cards of a rank.
_CHAIN_GROUP = {STRAIGHT: 1, PAIRS: 2, PLANE: 3}
#: The guard bit of each rank's 4-bit field in a packed count (see :func:`pack`).
_GUARD = sum(8 << (4 * r) for r in range(NRANKS))


@dataclass(frozen=True)
class Combo:
    """What a play is: its kind, the rank it is compared by (a chain's lowest rank,
    the triple's or the four's rank), its length in groups (5 for a five-card
    straight, 2 for ``33344456``; 1 when it is no chain) and its number of cards."""

    kind: str
    rank: int
    length: int
    size: int

    def __deepcopy__(self, memo: dict) -> "Combo":
        return self


def counts_of(value: str) -> list[int] | None:
    """The 15 rank counts of a play; None unless it is written as the generator writes
    it: known letters, lowest first, at most four of a rank and one of each joker."""
    if not isinstance(value, str) or not value:
        return None
    counts = [0] * NRANKS
    last = 0
    for ch in value:
        r = INDEX.get(ch)
        if r is None or r < last:
            return None
        counts[r] += 1
        last = r
    if max(counts) > 4 or counts[BLACK] > 1 or counts[RED] > 1:
        return None
    return counts


def value_of(counts: Sequence[int]) -> str:
    """A play's letters from its rank counts."""
    return "".join(LETTERS[r] * c for r, c in enumerate(counts) if c)


def hand_counts(ranks: Iterable[int]) -> list[int]:
    counts = [0] * NRANKS
    for r in ranks:
        counts[r] += 1
    return counts


def pack(counts: Sequence[int]) -> int:
    """Rank counts as one int, four bits a rank, for :func:`holds`."""
    p = 0
    for r, c in enumerate(counts):
        p |= c << (4 * r)
    return p


def holds(hand: int, play: int) -> bool:
    """Whether a packed hand holds a packed play: each field of ``hand + 8 - play``
    keeps its guard bit exactly when the hand has enough of that rank."""
    return ((hand | _GUARD) - play) & _GUARD == _GUARD


# -- classify and compare -----------------------------------------------------------------
def _singles_ok(counts: Sequence[int], lo: int, hi: int) -> bool:
    """Single kickers of a main part on ranks lo .. hi-1 (see the module docstring)."""
    for r, c in enumerate(counts):
        if lo <= r < hi or not c:
            continue
        if c >= 4 or (c == 3 and (r == lo - 1 or r == hi) and r != TWO):
            return False
    return not (counts[BLACK] and counts[RED])


def _pairs_ok(counts: Sequence[int], lo: int, hi: int) -> bool:
    return all(c in (0, 2) for r, c in enumerate(counts) if not lo <= r < hi)


def _plane_with(counts: Sequence[int], n: int, per: int, kind: str) -> Combo | None:
    """An airplane with ``per``-card wings (1 or 2) of ``n`` cards, if the counts are one."""
    size = 3 + per
    if n % size or n // size < CHAIN_MIN[kind]:
        return None
    length = n // size
    for s in range(0, ACE - length + 2):
        if all(counts[r] == 3 for r in range(s, s + length)):
            ok = _singles_ok if per == 1 else _pairs_ok
            if ok(counts, s, s + length):
                return Combo(kind, s, length, n)
    return None


def classify(play: str | Sequence[int], kinds: frozenset[str]) -> Combo | None:
    """The combination a play is in a rule set (its kinds), or None."""
    counts = counts_of(play) if isinstance(play, str) else list(play)
    if counts is None:
        return None
    n = sum(counts)
    ranks = [r for r in range(NRANKS) if counts[r]]
    if not ranks:
        return None
    lo, top = ranks[0], ranks[-1]
    if len(ranks) == 1:
        kind = {1: SINGLE, 2: PAIR, 3: TRIO, 4: BOMB}.get(n)
        if kind is None or (kind == PAIR and lo > TWO):
            return None
        return Combo(kind, lo, 1, n)
    if n == 2:
        return Combo(ROCKET, BLACK, 1, 2) if counts[BLACK] and counts[RED] else None
    sizes = {counts[r] for r in ranks}
    if len(sizes) == 1 and top - lo == len(ranks) - 1 and top <= ACE:
        group = sizes.pop()
        kind = {1: STRAIGHT, 2: PAIRS, 3: PLANE}.get(group, "")
        if kind in kinds and len(ranks) >= CHAIN_MIN[kind]:
            return Combo(kind, lo, len(ranks), n)
    found: Combo | None = None
    if n == 4 and TRIO1 in kinds:
        found = _main(counts, 3, TRIO1, lambda c, q: True)
    elif n == 5 and TRIO2 in kinds:
        found = _main(counts, 3, TRIO2, lambda c, q: _pairs_ok(c, q, q + 1))
    elif n == 6 and FOUR2 in kinds:
        found = _main(counts, 4, FOUR2, lambda c, q: _singles_ok(c, q, q + 1))
    elif n == 8 and FOUR22 in kinds:
        found = _main(counts, 4, FOUR22, lambda c, q: _pairs_ok(c, q, q + 1))
    if found is None and PLANE1 in kinds:
        found = _plane_with(counts, n, 1, PLANE1)
    if found is None and PLANE2 in kinds:
        found = _plane_with(counts, n, 2, PLANE2)
    return found


def _main(counts: Sequence[int], need: int, kind: str,
          kickers_ok: Callable[[Sequence[int], int], bool]) -> Combo | None:
    for q in range(NRANKS):
        if counts[q] == need and kickers_ok(counts, q):
            return Combo(kind, q, 1, sum(counts))
    return None


def beats(play: Combo, prev: Combo) -> bool:
    """Whether ``play`` may answer ``prev``: the same kind and length, higher; a bomb
    beats any other kind and a lower bomb; the rocket beats everything."""
    if play.kind == ROCKET:
        return prev.kind != ROCKET
    if prev.kind == ROCKET:
        return False
    if play.kind == BOMB:
        return prev.kind != BOMB or play.rank > prev.rank
    if prev.kind == BOMB:
        return False
    return play.kind == prev.kind and play.length == prev.length and play.rank > prev.rank


def is_legal_play(hand: Sequence[int], play: str, prev: Combo | None,
                  kinds: frozenset[str]) -> bool:
    """One play checked without listing any: the hand holds it, it is a combination,
    and it beats ``prev`` (None: a lead)."""
    counts = counts_of(play)
    if counts is None or any(c > h for c, h in zip(counts, hand)):
        return False
    combo = classify(counts, kinds)
    return combo is not None and (prev is None or beats(combo, prev))


# -- the generator ------------------------------------------------------------------------
Entry = tuple[str, str, int, int]   # value, kind, rank, length


#: ``PIECE[r][c]``: ``c`` cards of rank ``r`` as letters.
PIECE = [[LETTERS[r] * c for c in range(5)] for r in range(NRANKS)]
#: Every chain rank (3 .. Ace) once, twice, three times: a chain's letters are a slice.
CHAINS = {g: "".join(ch * g for ch in LETTERS[:ACE + 1]) for g in (1, 2, 3)}


def _runs(counts: Sequence[int], need: int, minlen: int, length: int,
          above: int) -> list[tuple[int, int]]:
    """(start, length) of every chain of ranks up to the Ace with ``need`` cards each,
    starting above ``above``; ``length`` 0 for every length from ``minlen``."""
    out = []
    r = 0
    while r <= ACE:
        if counts[r] < need:
            r += 1
            continue
        e = r
        while e < ACE and counts[e + 1] >= need:
            e += 1
        for s in range(max(r, above + 1), e + 1):
            longest = e - s + 1
            if length:
                if minlen <= length <= longest:
                    out.append((s, length))
            else:
                out.extend((s, n) for n in range(minlen, longest + 1))
        r = e + 1
    return out


def _kickers(counts: Sequence[int], lo: int, hi: int, n: int,
             pairs: bool) -> list[tuple[str, str]]:
    """Every multiset of ``n`` kickers for a main part on ranks lo .. hi-1, by the rules
    of the module docstring, each once: as its letters below and above the main part."""
    caps: list[tuple[int, int]] = []
    for r in range(NRANKS):
        c = counts[r]
        if lo <= r < hi or not c:
            continue
        if pairs:
            if c >= 2:
                caps.append((r, 1))
        else:
            cap = min(c, 3)
            if cap == 3 and (r == lo - 1 or r == hi) and r != TWO:
                cap = 2
            caps.append((r, cap))
    room = [0] * (len(caps) + 1)
    for i in range(len(caps) - 1, -1, -1):
        room[i] = room[i + 1] + caps[i][1]
    out: list[tuple[str, str]] = []
    per = 2 if pairs else 1

    def pick(i: int, left: int, below: str, above: str, black: bool) -> None:
        if left == 0:
            out.append((below, above))
            return
        if room[i] < left:
            return
        r, cap = caps[i]
        if not (r == RED and black):               # both jokers: the rocket, no kickers
            pieces = PIECE[r]
            for m in range(min(cap, left), 0, -1):
                if r < lo:
                    pick(i + 1, left - m, below + pieces[m * per], above, black or r == BLACK)
                else:
                    pick(i + 1, left - m, below, above + pieces[m * per], black or r == BLACK)
        pick(i + 1, left, below, above, black)

    pick(0, n, "", "", False)
    return out


def _kind(counts: Sequence[int], kind: str, length: int, above: int, out: list) -> None:
    """Every play of one kind the counts hold, compared rank above ``above``, of the given
    length (0: any), appended to ``out`` as (value, kind, rank, length)."""
    if kind == SINGLE:
        out.extend((LETTERS[r], kind, r, 1) for r in range(above + 1, NRANKS) if counts[r])
    elif kind in (PAIR, TRIO, BOMB):
        need = {PAIR: 2, TRIO: 3, BOMB: 4}[kind]
        out.extend((PIECE[r][need], kind, r, 1) for r in range(above + 1, TWO + 1)
                   if counts[r] >= need)
    elif kind == ROCKET:
        if counts[BLACK] and counts[RED] and above < BLACK:
            out.append((LETTERS[BLACK] + LETTERS[RED], kind, BLACK, 1))
    elif kind in _CHAIN_GROUP:
        g = _CHAIN_GROUP[kind]
        chain = CHAINS[g]
        out.extend((chain[g * s:g * (s + n)], kind, s, n)
                   for s, n in _runs(counts, g, CHAIN_MIN[kind], length, above))
    elif kind in (TRIO1, TRIO2):
        per = 1 if kind == TRIO1 else 2
        last = NRANKS if per == 1 else TWO + 1
        for q in range(above + 1, TWO + 1):
            if counts[q] < 3:
                continue
            main = PIECE[q][3]
            out.extend(((PIECE[k][per] + main if k < q else main + PIECE[k][per]), kind, q, 1)
                       for k in range(last) if k != q and counts[k] >= per)
    elif kind in (FOUR2, FOUR22):
        for q in range(above + 1, TWO + 1):
            if counts[q] == 4:
                main = PIECE[q][4]
                out.extend((b + main + a, kind, q, 1)
                           for b, a in _kickers(counts, q, q + 1, 2, kind == FOUR22))
    elif kind in (PLANE1, PLANE2):
        chain = CHAINS[3]
        for s, n in _runs(counts, 3, CHAIN_MIN[kind], length, above):
            main = chain[3 * s:3 * (s + n)]
            out.extend((b + main + a, kind, s, n)
                       for b, a in _kickers(counts, s, s + n, n, kind == PLANE2))


#: Kinds in the order leads are generated (the result is sorted anyway).
ORDER = (SINGLE, PAIR, TRIO, TRIO1, TRIO2, STRAIGHT, PAIRS, PLANE, PLANE1, PLANE2,
         FOUR2, FOUR22, BOMB, ROCKET)


def lead_entries(counts: Sequence[int], kinds: frozenset[str]) -> list[Entry]:
    out: list[Entry] = []
    for kind in ORDER:
        if kind in kinds:
            _kind(counts, kind, 0, -1, out)
    return out


def reply_entries(counts: Sequence[int], prev: Combo, kinds: frozenset[str]) -> list[Entry]:
    out: list[Entry] = []
    if prev.kind == ROCKET:
        return out
    if prev.kind != BOMB:
        _kind(counts, prev.kind, prev.length, prev.rank, out)
    _kind(counts, BOMB, 1, prev.rank if prev.kind == BOMB else -1, out)
    _kind(counts, ROCKET, 1, -1, out)
    return out


def leads(counts: Sequence[int], kinds: frozenset[str]) -> list[str]:
    """Every play a hand may lead, sorted."""
    return sorted(e[0] for e in lead_entries(counts, kinds))


def replies(counts: Sequence[int], prev: Combo, kinds: frozenset[str]) -> list[str]:
    """Every play of the hand that beats ``prev``, sorted (passing is not a play)."""
    return sorted(e[0] for e in reply_entries(counts, prev, kinds))


def can_follow(hand: Sequence[int], prev: Combo) -> bool:
    """Whether the hand beats ``prev`` with the same kind of combination (a bomb or
    the rocket aside: what a player who keeps them could answer)."""
    if prev.kind in (BOMB, ROCKET):
        return False
    found: list[Entry] = []
    _kind(hand, prev.kind, prev.length, prev.rank, found)
    return bool(found)


class MoveBook:
    """Every play of a hand, listed once when play starts: the plays of the same hand
    later are those whose cards it still holds (a combination never depends on the
    hand), so each turn filters a list instead of generating one."""

    def __init__(self, counts: Sequence[int], kinds: frozenset[str]) -> None:
        entries = sorted(lead_entries(counts, kinds))
        self.leads_packed = [(v, pack(counts_of(v) or ())) for v, _, _, _ in entries]
        self.groups: dict[tuple[str, int], list[tuple[int, int, str]]] = {}
        for (v, kind, rank, length), (_, p) in zip(entries, self.leads_packed):
            self.groups.setdefault((kind, length), []).append((rank, p, v))

    def __deepcopy__(self, memo: dict) -> "MoveBook":
        """Never changed once listed: copies of a game (a search's worlds) share it."""
        return self

    def leads(self, hand: int) -> list[str]:
        return [v for v, p in self.leads_packed if ((hand | _GUARD) - p) & _GUARD == _GUARD]

    def replies(self, hand: int, prev: Combo) -> list[str]:
        if prev.kind == ROCKET:
            return []
        h = hand | _GUARD
        out = []
        if prev.kind != BOMB:
            out = [v for r, p, v in self.groups.get((prev.kind, prev.length), ())
                   if r > prev.rank and (h - p) & _GUARD == _GUARD]
        low = prev.rank if prev.kind == BOMB else -1
        out += [v for r, p, v in self.groups.get((BOMB, 1), ())
                if r > low and (h - p) & _GUARD == _GUARD]
        out += [v for r, p, v in self.groups.get((ROCKET, 1), ()) if (h - p) & _GUARD == _GUARD]
        out.sort()
        return out


@lru_cache(maxsize=512)
def book_of(counts: tuple[int, ...], kinds: frozenset[str]) -> MoveBook:
    """The move book of a hand, listed once for every game that deals it: a search
    deals its own hand in every world it imagines, and plays each world out several
    times (a book is never changed once listed, so games share it)."""
    return MoveBook(counts, kinds)
