"""Italian faces: signs in the traditional pattern per number, indices per style.

Three regional styles, told apart at a glance:

* napoletane: warm ivory, no corner indices (the number sits in a small box
  top-left), curved sabres crossed in pairs, knobbly cudgels, single-headed
  full-length courts;
* bergamasche: white card in a blue double frame, blue corner numbers,
  straight swords and banded batons crossed in a lattice, double-headed
  courts;
* bresciane: cream card with red and green bands top and bottom, red corner
  numbers, bow-curved swords interlaced in an oval, green batons,
  double-headed courts.
"""

from __future__ import annotations

import math
from typing import Callable

from game.cards import Card
from scenes.art.cardart import italian_courts
from scenes.art.cardart.canvas import Canvas, Color
from scenes.art.cardart.italian_signs import INKS, baton, bow_sword, coin, cudgel, cup, sabre, straight_sword
from scenes.art.cardart.palette import INK

PAPER = {"napoletane": ((250, 243, 226), (156, 132, 104)),
         "bergamasche": ((253, 253, 250), (120, 130, 156)),
         "bresciane": ((251, 246, 234), (150, 128, 108))}


def paper(style: str) -> tuple[tuple, tuple]:
    """The card white and the edge colour of a style."""
    return PAPER[style]


# -- positions --------------------------------------------------------------------

def _grid(n: int, narrow: bool) -> tuple[list[tuple[float, float]], float]:
    """Centres and size for n coins or cups (2..7)."""
    left, r = (32.5, 67.5) if narrow else (30.5, 69.5)
    table: dict[int, tuple[list[tuple[float, float]], float]] = {
        2: ([(50, 45), (50, 105)], 40),
        3: ([(50, 32), (50, 75), (50, 118)], 36),
        4: ([(left, 45), (r, 45), (left, 105), (r, 105)], 33),
        5: ([(left, 36), (r, 36), (50, 75), (left, 114), (r, 114)], 31),
        6: ([(left, 32), (r, 32), (left, 75), (r, 75), (left, 118), (r, 118)], 31),
        7: ([(left, 28), (r, 28), (50, 51.5), (left, 75), (r, 75), (left, 122), (r, 122)], 27),
    }
    pts, size = table[n]
    return [(float(x), float(y)) for x, y in pts], float(size)


def _coins(c: Canvas, style: str, n: int) -> None:
    pts, size = _grid(n, style != "napoletane")
    if style != "napoletane":
        size *= 0.94
    for x, y in pts:
        coin(c, style, x, y, size)


def _cups(c: Canvas, style: str, n: int) -> None:
    pts, size = _grid(n, style != "napoletane")
    h = {2: 50, 3: 40, 4: 44, 5: 38, 6: 38, 7: 31}[n]
    if n == 7:
        pts = [(x, y) for x, y in pts]
        pts[0], pts[1], pts[2] = (pts[0][0], 26.0), (pts[1][0], 26.0), (50.0, 50.5)
        pts[5], pts[6] = (pts[5][0], 124.0), (pts[6][0], 124.0)
    for x, y in pts:
        cup(c, style, x, y, h)


def _pips_of(n: int) -> list[tuple[float, float]]:
    """Two columns, three rows, and a middle one for odd counts (5..7 signs)."""
    if n == 5:
        return [(31, 32), (69, 32), (50, 75), (31, 118), (69, 118)]
    if n == 6:
        return [(31, 32), (69, 32), (31, 75), (69, 75), (31, 118), (69, 118)]
    return [(31, 32), (69, 32), (50, 75), (31, 75), (69, 75), (31, 118), (69, 118)]


def _lattice(c: Canvas, per_way: int, angle: float, gap: float, length: float,
             draw: Callable[[float, float, float, float], None],
             alternate: bool = False) -> None:
    """per_way parallel signs leaning each way, crossing in a diamond lattice.

    With ``alternate`` the signs leaning left are turned end over end (swords
    then point both ways and their hilts do not pile up at the bottom).
    """
    gap = gap if per_way < 3 else gap * 0.8
    for sgn in (-1, 1):
        th = math.radians(sgn * angle)
        px, py = math.cos(th), math.sin(th)   # perpendicular to the blade
        for i in range(per_way):
            off = (i - (per_way - 1) / 2) * gap
            rot = sgn * angle + (180 if alternate and sgn < 0 and per_way > 1 else 0)
            draw(50 + off * px, 75 + off * py, length, rot)


def _swords(c: Canvas, style: str, n: int) -> None:
    pairs, odd = divmod(n, 2)
    if style == "napoletane":
        if n <= 4:
            # curved sabres crossed in pairs, stacked; an odd one stands upright
            band = 120.0 / max(pairs, 1)
            length = 100.0 if pairs == 1 else 70.0
            angle = 24 if pairs == 1 else 30
            for i in range(pairs):
                y = 15 + band * (i + 0.5)
                sabre(c, style, 50, y, length, rot=-angle)
                sabre(c, style, 50, y, length, rot=angle, flip=True)
            if odd:
                sabre(c, style, 50, 75, 110)
        else:
            # more than four: single sabres in two columns, leaning alternately
            pts = _pips_of(n)
            length = 44.0
            for x, y in pts:
                sabre(c, style, x - 3, y, length, rot=-6, girth=1.3)
    elif style == "bergamasche":
        # straight blades crossed in a lattice; an odd one stands in the middle
        _lattice(c, pairs, 20.0 if pairs == 1 else 30.0, 23.0, 108 if pairs == 1 else 92 if pairs == 2 else 84,
                 lambda x, y, ln, rot: straight_sword(c, style, x, y, ln, rot))
        if odd:
            straight_sword(c, style, 50, 75, 112)
    else:
        # bow-curved blades interlaced in nested ovals; an odd one straight inside
        for i in range(pairs):
            bulge = 29.0 - i * 8.5
            for side in (-1, 1):
                hilt = (50 + side * (5 + i * 4.0), 126)
                tip = (50 - side * (3 + i * 3.0), 20 + i * 5)
                bow_sword(c, style, hilt, tip, bulge, side)
        if odd:
            straight_sword(c, style, 50, 75, 100 - max(0, pairs - 1) * 6)


def _sticks(c: Canvas, style: str, n: int) -> None:
    pairs, odd = divmod(n, 2)
    if style == "napoletane":
        if n <= 3:
            if pairs:
                cudgel(c, style, 50, 75, 104, rot=-24)
                cudgel(c, style, 50, 75, 104, rot=24)
            if odd:
                cudgel(c, style, 50, 75, 108)
            return
        pts = _pips_of(n) if n > 4 else [(31, 47), (69, 47), (31, 103), (69, 103)]
        for x, y in pts:
            tilt = 0 if x == 50 else (12 if x < 50 else -12)
            cudgel(c, style, x, y, 52 if n <= 5 else 44, rot=tilt, girth=1.35)
    else:
        _lattice(c, pairs, 24.0, 20.0, 104 if pairs == 1 else 96,
                 lambda x, y, ln, rot: baton(c, style, x, y, ln, rot))
        if odd:
            baton(c, style, 50, 75, 108)


# -- aces --------------------------------------------------------------------------

def _ace(c: Canvas, style: str, suit: str) -> None:
    if suit == "d":
        italian_courts.ace_of_coins(c, style)
    elif suit == "c":
        cup(c, style, 50, 80, 92, ace=True)
    elif suit == "s":
        if style == "napoletane":
            sabre(c, style, 50, 75, 124)
        else:
            straight_sword(c, style, 50, 75, 124)
        italian_courts.wreath(c, style, 50, 64)
    else:
        if style == "napoletane":
            cudgel(c, style, 50, 75, 120)
        else:
            baton(c, style, 50, 75, 124)
        italian_courts.wreath(c, style, 50, 64)


# -- indices and frames ------------------------------------------------------------

def _number_box(c: Canvas, rank: int) -> None:
    c.rect(3.4, 3.4, 17.0, 18.5, PAPER["napoletane"][0], INK, 0.6)
    c.text(str(rank), 11.9, 12.65, 13.0, INK, condense=0.74 if rank == 10 else 1.0, max_w=14.6)


def _corners(c: Canvas, rank: int, color: Color, y: float) -> None:
    for rot, (ox, oy) in ((0, (0.0, 0.0)), (180, (100.0, 150.0))):
        with c.at(ox, oy, rot=rot):
            c.text(str(rank), 10.8, y, 15.0, color, condense=0.7 if rank == 10 else 0.9,
                   max_w=13.0, anchor="top")


def _frame(c: Canvas, style: str, rank: int) -> None:
    k = INKS[style]
    if style == "bergamasche":
        c.rrect(2.6, 2.6, 94.8, 144.8, 3.6, k.blue, 0.9)
        c.rrect(4.2, 4.2, 91.6, 141.6, 2.4, k.blue, 0.35)
        _corners(c, rank, k.blue, 7.0)
    elif style == "bresciane":
        for y in (2.2, 143.0):
            c.rect(6.0, y, 88.0, 4.8, k.red)
            c.rect(6.0, y + (5.6 if y < 10 else -1.6), 88.0, 0.8, k.green)
            c.rect(6.0, y + 1.9, 88.0, 1.0, k.gold)
        _corners(c, rank, k.red, 11.0)
    else:
        _number_box(c, rank)


def draw_face(c: Canvas, card: Card, style: str) -> None:
    """Everything printed on an Italian face in the given style."""
    if card.rank >= 8:
        italian_courts.draw(c, card, style)
    elif card.rank == 1:
        _ace(c, style, card.suit)
    else:
        {"d": _coins, "c": _cups, "s": _swords, "b": _sticks}[card.suit](c, style, card.rank)
    _frame(c, style, card.rank)
