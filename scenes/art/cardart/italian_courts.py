"""Italian courts and the ornaments of the aces.

Napoletane courts are single-headed full figures: the Fante standing, the
Cavallo riding a horse, the Re seated on his throne, each holding his suit
sign.  The northern styles use the double-headed half figures of
scenes.art.cardart.courts in their own colours; their Cavallo rides with his
horse's head beside him.
"""

from __future__ import annotations

import math
from typing import Callable

from game.cards import Card
from scenes.art.cardart import courts, geom
from scenes.art.cardart.canvas import Canvas
from scenes.art.cardart.courts import Look, arm, collar, face, hand, headgear, shade
from scenes.art.cardart.italian_signs import INKS, baton, coin, cudgel, cup, sabre, straight_sword
from scenes.art.cardart.palette import FLESH, HAIR_BLACK, HAIR_BLOND, HAIR_BROWN, HAIR_WHITE, INK, WHITE

LW = 0.55
RANKS = {8: "fante", 9: "cavallo", 10: "re"}
HAIR = {"d": HAIR_BROWN, "c": HAIR_BLOND, "s": HAIR_BLACK, "b": HAIR_BROWN}


# -- the sign held in a hand --------------------------------------------------------

def held_sign(suit: str, style: str, scale: float = 1.0) -> Callable[[Canvas, float, float], None]:
    """A drawer putting the suit sign in a hand at (x, y): raised up, or grasped."""

    def draw(c: Canvas, x: float, y: float) -> None:
        s = scale
        if suit == "d":
            coin(c, style, x, y - 9 * s, 17 * s)
        elif suit == "c":
            cup(c, style, x, y - 9.5 * s, 21 * s)
        elif suit == "s":
            length = 46 * s
            if style == "napoletane":
                sabre(c, style, x + 0.5, y - length * 0.30 + 2.5 * s, length, rot=-4)
            else:
                straight_sword(c, style, x, y - length * 0.30 + 2.5 * s, length, rot=-4)
        else:
            length = 44 * s
            if style == "napoletane":
                cudgel(c, style, x, y - length * 0.32, length, rot=-6, girth=1.25)
            else:
                baton(c, style, x, y - length * 0.3, length, rot=-6)

    return draw


# -- northern double-headed courts ----------------------------------------------------

def _northern_look(card: Card, style: str) -> Look:
    k = INKS[style]
    rank = RANKS[card.rank]
    if style == "bergamasche":
        robes = {"d": (k.blue, k.red, k.gold), "c": (k.red, k.blue, k.gold),
                 "s": (k.blue, k.gold, k.red), "b": (k.red, k.gold, k.blue)}
    else:
        robes = {"d": (k.green, k.red, k.gold), "c": (k.red, k.green, k.gold),
                 "s": (k.green, k.gold, k.red), "b": (k.red, k.gold, k.green)}
    left, right, band = robes[card.suit]
    if rank == "fante":
        left, right = right, left
    hair = HAIR_WHITE if (rank == "re" and card.suit == "s") else HAIR[card.suit]

    def sign(c: Canvas, x: float, y: float, s: float) -> None:
        c.circle(x, y, s * 0.42, k.gold, INK, 0.35)
        c.circle(x, y, s * 0.2, k.red if band != k.red else k.blue)

    return Look(rank, left, right, band, hair, sign, "item", beard=rank == "re",
                item=held_sign(card.suit, style, 0.9))


def _horse_head(c: Canvas, colour: tuple, mane: tuple, facing: int = 1) -> None:
    """A horse's neck and head rising from the bottom, muzzle towards ``facing``."""
    with c.at(0, 0, sx=facing):
        neck = geom.Path(-10, 70)
        neck.C(-10, 52, -6, 36, 2, 24)          # back of the neck up to the poll
        neck.L(5, 19)                            # ear base
        neck.L(7, 13)                            # ear tip
        neck.L(8.5, 20)
        neck.C(13, 23, 18, 30, 21, 37)           # forehead down to the muzzle
        neck.C(22.5, 40, 21, 43.5, 17.5, 43)     # muzzle
        neck.C(14, 42.5, 11, 40, 9, 40)          # jaw
        neck.C(8, 48, 10, 60, 14, 70)            # throat down to the chest
        c.poly(neck.pts, colour, INK, LW)
        c.circle(10.5, 27, 1.15, INK)
        c.circle(18.8, 39.5, 0.75, shade(colour, 0.5))
        mane_pts = geom.Path(2, 23)
        mane_pts.C(-6, 30, -9, 44, -10, 60)
        mane_pts.L(-14, 66)
        mane_pts.C(-14, 48, -10, 32, -1, 21)
        c.poly(mane_pts.pts, mane, INK, LW)
        # bridle: a cheek strap and a noseband
        red = (150, 40, 30)
        c.stroke([(6.5, 21.5), (9.5, 33), (13, 38.5)], red, 0.9)
        c.stroke(geom.quad((13, 38.5), (17, 34.5), (20.4, 35.5), 6), red, 0.9)
        c.stroke(geom.quad((13, 38.5), (14, 41.5), (11.5, 41.5), 6), red, 0.9)
        c.circle(13, 38.5, 1.0, INKS["napoletane"].gold, INK, 0.3)


def _northern(c: Canvas, card: Card, style: str) -> None:
    k = INKS[style]
    lk = _northern_look(card, style)
    w, h = courts.FW, courts.FH
    horse = {"d": (246, 242, 232), "c": (176, 112, 60), "s": (90, 66, 52), "b": (196, 196, 200)}[card.suit]

    def half(cc: Canvas) -> None:
        if lk.rank == "cavallo":
            with cc.at(43.5, 3.0, s=0.92):
                _horse_head(cc, horse, shade(horse, 0.55), 1)
            with cc.at(0.0, 11.0, s=0.82):
                courts.half_figure(cc, lk, 29.0, (h / 2 - 11.0) / 0.82)
        else:
            courts.half_figure(cc, lk, w / 2 + 1.0, h / 2)

    y, h = (courts.FY, h) if style == "bergamasche" else (11.0, 128.0)
    courts.draw_double(c, half, courts.FX, y, w, h, frame_color=k.blue if style == "bergamasche"
                       else k.red, background=k.paper)


# -- Napoletane full figures --------------------------------------------------------------

NAP = INKS["napoletane"]
NAP_ROBES = {"d": (NAP.red, NAP.green, NAP.gold), "c": (NAP.blue, NAP.red, NAP.gold),
             "s": (NAP.green, NAP.red, NAP.gold), "b": (NAP.red, NAP.blue, NAP.gold)}


def _ground(c: Canvas, y: float) -> None:
    c.ellipse(50, y, 30, 3.6, (214, 196, 150))
    c.stroke([(24, y), (76, y)], (170, 150, 110), 0.6)


def _legs(c: Canvas, top: float, bottom: float, left_col: tuple, right_col: tuple, cx: float = 50) -> None:
    for side, col in ((-1, left_col), (1, right_col)):
        x0 = cx + side * 4.2
        x1 = cx + side * 7.0
        leg = [(x0 - 3.6, top), (x0 + 3.6, top), (x1 + 2.6, bottom - 2), (x1 - 2.6, bottom - 2)]
        c.poly(leg, col, INK, LW)
        shoe = geom.Path(x1 - 3.0, bottom - 2.5)
        shoe.L(x1 + 2.8, bottom - 2.5)
        shoe.C(x1 + 2.8 + side * 3.5, bottom - 1, x1 + side * 4.0 + 2.5 * side, bottom + 0.8, x1, bottom + 0.8)
        shoe.L(x1 - 3.0, bottom + 0.8)
        c.poly(shoe.pts, (70, 44, 30), INK, LW)


def _body(c: Canvas, cx: float, top: float, waist: float, hem: float, col: tuple, trim: tuple,
          flare: float = 16.0) -> None:
    """A tunic from the shoulders to the hem, belted at the waist."""
    half = geom.Path(cx, top)
    half.C(cx + 7, top, cx + 13, top + 0.5, cx + 14.5, top + 4)
    half.C(cx + 14, waist - 10, cx + 10.5, waist - 3, cx + 10.5, waist)
    half.C(cx + 12, waist + 6, cx + flare - 1, hem - 4, cx + flare, hem)
    half.L(cx, hem)
    c.poly(geom.mirrored(half.pts, cx), col, INK, LW)
    c.poly([(cx - 11, waist - 1.6), (cx + 11, waist - 1.6), (cx + 11.2, waist + 1.8), (cx - 11.2, waist + 1.8)],
           trim, INK, 0.4)
    c.rect(cx - 1.6, waist - 1.9, 3.2, 4.0, shade(trim, 0.75), INK, 0.35)
    # a trimmed hem and a row of buttons
    hem_band = [(cx - flare, hem - 2.6), (cx + flare, hem - 2.6), (cx + flare, hem), (cx - flare, hem)]
    c.poly(hem_band, trim, INK, 0.4)
    for y in range(int(top + 5), int(waist - 2), 5):
        c.circle(cx, y, 0.9, trim, INK, 0.3)


def _fante(c: Canvas, card: Card) -> None:
    main, second, trim = NAP_ROBES[card.suit]
    lk = Look("fante", main, second, trim, HAIR[card.suit], None, "item")
    cx = 50.0
    _ground(c, 133)
    # a cape behind
    cape = geom.Path(cx, 52)
    cape.C(cx + 12, 52, cx + 18, 60, cx + 20, 100)
    cape.L(cx + 15, 104)
    cape.L(cx, 102)
    c.poly(geom.mirrored(cape.pts, cx), second, INK, LW)
    _legs(c, 92, 132, NAP.gold, second)
    _body(c, cx, 51, 78, 97, main, trim)
    with c.at(0, 30):
        c.poly([(cx - 3, 14), (cx + 3, 14), (cx + 3.4, 21.5), (cx - 3.4, 21.5)], FLESH, INK, LW)
        with c.at(0, -12):
            collar(c, cx, "J")
        face(c, cx, 8.5, lk)
        headgear(c, cx, 8.5 - 16, "J")
    held_sign(card.suit, "napoletane", 1.15)(c, 29, 62)
    arm(c, (cx - 12.5, 55), (29, 62), second, -4)
    arm(c, (cx + 12.5, 55), (62, 80), second, 4)
    hand(c, 29, 62)
    hand(c, 62, 80)


def _throne(c: Canvas) -> None:
    g, r = NAP.gold, NAP.red
    c.rect(27, 34, 46, 70, shade(g, 0.8), INK, LW)
    c.rect(31, 38, 38, 62, r, INK, LW)
    for y in range(44, 98, 8):
        c.circle(50, y, 0.9, g)
    for x in (27, 73):
        c.rect(x - 2.5, 30, 5, 76, g, INK, LW)
        c.circle(x, 28.5, 3.2, g, INK, LW)
    c.rect(22, 100, 56, 7, shade(g, 0.85), INK, LW)


def _re(c: Canvas, card: Card) -> None:
    main, second, trim = NAP_ROBES[card.suit]
    lk = Look("re", main, second, trim, HAIR_WHITE if card.suit in "sb" else HAIR_BROWN, None, "item",
              beard=True)
    cx = 50.0
    _ground(c, 134)
    _throne(c)
    c.rect(33, 128, 34, 5, shade(NAP.gold, 0.8), INK, LW)   # footstool
    # the robe falls over the knees to the feet
    robe = geom.Path(cx, 50)
    robe.C(cx + 9, 50, cx + 15, 51, cx + 16, 56)
    robe.C(cx + 16, 70, cx + 15, 86, cx + 17, 96)
    robe.C(cx + 19, 108, cx + 19, 120, cx + 18, 128)
    robe.L(cx, 128)
    c.poly(geom.mirrored(robe.pts, cx), main, INK, LW)
    # lap and knees in the second colour, an ermine hem at the feet
    lap = geom.Path(cx, 94)
    lap.C(cx + 8, 92, cx + 16, 93, cx + 17.5, 99)
    lap.C(cx + 18.5, 110, cx + 18, 120, cx + 17.5, 126)
    lap.L(cx, 126)
    c.poly(geom.mirrored(lap.pts, cx), second, INK, LW)
    c.stroke([(cx, 96), (cx, 125)], shade(second, 0.7), 0.6, caps=False)
    c.poly([(cx - 18, 124), (cx + 18, 124), (cx + 18.2, 129), (cx - 18.2, 129)], WHITE, INK, LW)
    for x in range(-15, 16, 5):
        c.poly([(cx + x, 125.2), (cx + x + 0.6, 126.6), (cx + x, 128), (cx + x - 0.6, 126.6)], INK)
    for side in (-1, 1):
        c.ellipse(cx + side * 7, 130.5, 3.6, 1.8, (70, 44, 30), INK, LW)
    # belt and a gold band down the chest
    c.poly([(cx - 3.5, 56), (cx + 3.5, 56), (cx + 3.5, 93), (cx - 3.5, 93)], trim, INK, 0.4)
    c.poly([(cx - 15.8, 86), (cx + 15.8, 86), (cx + 16.2, 90), (cx - 16.2, 90)], trim, INK, 0.4)
    with c.at(0, 30):
        c.poly([(cx - 3, 14), (cx + 3, 14), (cx + 3.4, 21), (cx - 3.4, 21)], FLESH, INK, LW)
        with c.at(0, -11):
            collar(c, cx, "K")
        face(c, cx, 9.5, lk)
        headgear(c, cx, 9.5 - 17.5, "K")
    held_sign(card.suit, "napoletane", 1.1)(c, 31, 72)
    arm(c, (cx - 13, 56), (31, 72), second, -5)
    arm(c, (cx + 13, 56), (62, 92), second, 3)
    hand(c, 31, 72)
    hand(c, 62, 92)


def _horse(c: Canvas, colour: tuple, mane: tuple, cloth: tuple, trim: tuple) -> None:
    """A horse walking to the left, seen from the side, with a saddle cloth."""
    dark = shade(colour, 0.72)
    # far legs first, darker
    for x0, y0, x1, bend in ((64, 104, 66, 0), (38, 100, 30, -1)):
        if bend:
            c.stroke([(x0, y0), (34, 113), (27, 118)], dark, 4.2)
            c.poly([(24.5, 116), (28.5, 118.5), (27, 121.5), (23, 119)], (50, 40, 36))
        else:
            c.stroke([(x0, y0), (x0 + 1, 118), (x1, 130)], dark, 4.2)
            c.poly([(x1 - 2.6, 129), (x1 + 2.6, 129), (x1 + 3, 133), (x1 - 3, 133)], (50, 40, 36))
    # tail
    tail = geom.Path(76, 90)
    tail.C(84, 92, 85, 108, 82, 122)
    tail.C(80, 114, 78, 102, 74, 96)
    c.poly(tail.pts, mane, INK, LW)
    # body, neck and head in one outline
    body = geom.Path(74, 88)
    body.C(78, 92, 79, 104, 72, 108)          # rump
    body.C(62, 111, 48, 111, 40, 107)         # belly
    body.C(35, 104, 32, 98, 32, 92)           # chest
    body.C(30, 86, 26, 80, 22, 74)            # throat
    body.C(18, 76, 14, 78, 12, 76)            # jaw to muzzle
    body.C(9, 74, 10, 69, 13, 67)             # muzzle
    body.C(17, 63, 20, 58, 23, 55)            # face
    body.L(24, 50)                            # ear
    body.L(27, 55)
    body.C(33, 60, 38, 72, 42, 84)            # crest of the neck
    body.C(52, 84, 66, 84, 74, 88)            # back
    c.poly(body.pts, colour, INK, LW)
    c.circle(22, 61.5, 1.0, INK)
    c.circle(13.5, 71.5, 0.6, dark)
    mane_pts = geom.Path(26, 55)
    mane_pts.C(33, 60, 37, 70, 41, 82)
    mane_pts.L(45, 84)
    mane_pts.C(42, 72, 37, 60, 28, 53)
    c.poly(mane_pts.pts, mane, INK, LW)
    # near legs
    for x0, x1 in ((70, 71), (42, 43)):
        c.stroke([(x0, 104), (x0 - 0.5, 118), (x1, 130)], colour, 4.6)
        c.stroke([(x0 + 2.2, 104), (x0 + 1.8, 118), (x1 + 2.2, 130)], INK, 0.5, caps=False)
        c.stroke([(x0 - 2.2, 106), (x0 - 2.8, 118), (x1 - 2.2, 130)], INK, 0.5, caps=False)
        c.poly([(x1 - 2.7, 129), (x1 + 2.7, 129), (x1 + 3.1, 133.5), (x1 - 3.1, 133.5)], (50, 40, 36), INK, 0.4)
    # bridle and reins
    red = (150, 40, 30)
    c.stroke([(22, 56), (14, 70), (13, 73)], red, 0.9)
    c.stroke([(18, 67), (25, 64)], red, 0.9)
    # saddle cloth
    cloth_pts = [(46, 84), (66, 84.5), (68, 100), (46, 101)]
    c.poly(cloth_pts, cloth, INK, LW)
    c.poly([(46, 98), (68, 97.5), (68, 101), (46, 101.5)], trim, INK, 0.4)


def _cavallo(c: Canvas, card: Card) -> None:
    main, second, trim = NAP_ROBES[card.suit]
    horse = {"d": (246, 242, 232), "c": (178, 112, 58), "s": (96, 70, 54), "b": (200, 200, 204)}[card.suit]
    lk = Look("cavallo", main, second, trim, HAIR[card.suit], None, "item")
    _ground(c, 133)
    _horse(c, horse, shade(horse, 0.5) if card.suit != "s" else (40, 30, 26), second, trim)
    cx = 56.0
    # the rider's leg hangs down the near side
    c.stroke([(cx - 1, 88), (cx - 3, 100), (cx - 2, 108)], NAP.gold, 5.0)
    c.poly([(cx - 5.5, 106), (cx + 1.5, 106), (cx - 0.5, 111), (cx - 7.5, 111)], (70, 44, 30), INK, LW)
    c.stroke([(cx - 4, 111.5), (cx + 0.5, 111.5)], (120, 120, 126), 0.9)
    _body(c, cx, 55, 80, 92, main, trim, flare=14)
    with c.at(cx - 50, 34):
        c.poly([(50 - 3, 14), (50 + 3, 14), (50 + 3.4, 21.5), (50 - 3.4, 21.5)], FLESH, INK, LW)
        with c.at(0, -12):
            collar(c, 50, "J")
        face(c, 50, 8.5, lk)
        headgear(c, 50, 8.5 - 16, "C")
    held_sign(card.suit, "napoletane", 1.05)(c, 77, 66)
    arm(c, (cx + 12.5, 59), (77, 66), second, 4)
    arm(c, (cx - 12.5, 59), (40, 76), second, -3)
    c.stroke([(40, 76), (24, 64)], (150, 40, 30), 0.7)   # the reins in the other hand
    hand(c, 77, 66)
    hand(c, 40, 76)


def draw(c: Canvas, card: Card, style: str) -> None:
    if style != "napoletane":
        _northern(c, card, style)
    else:
        k = 1.1   # a little larger than drawn, grown from the ground line
        with c.at(50 * (1 - k), 134 * (1 - k), s=k):
            {8: _fante, 9: _cavallo, 10: _re}[card.rank](c, card)


# -- ornaments of the aces -----------------------------------------------------------------

def _leaf(c: Canvas, x: float, y: float, length: float, rot: float, col: tuple) -> None:
    with c.at(x, y, rot=rot):
        p = geom.Path(0, 0)
        p.C(length * 0.35, -length * 0.25, length * 0.35, -length * 0.75, 0, -length)
        p.C(-length * 0.35, -length * 0.75, -length * 0.35, -length * 0.25, 0, 0)
        c.poly(p.pts, col, INK, 0.4)
        c.stroke([(0, -length * 0.1), (0, -length * 0.85)], shade(col, 0.7), 0.35, caps=False)


def wreath(c: Canvas, style: str, x: float, y: float, r: float = 17.0) -> None:
    """A laurel wreath: two branches rising from a ribbon at the bottom."""
    k = INKS[style]
    for side in (-1, 1):
        stem = geom.arc(x, y, r, 90 - side * 12, 90 - side * 160, 24)
        c.stroke(stem, shade(k.green, 0.8), 0.7)
        for i in range(9):
            a = 90 - side * (22 + i * 16.5)
            lx, ly = x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))
            along = a + 180 if side < 0 else a
            col = k.green if i % 2 else shade(k.green, 1.2)
            _leaf(c, lx, ly, 6.5, along - 28, col)
            _leaf(c, lx, ly, 6.5, along + 28, shade(col, 0.9))
    ky = y + r + 1.0
    for side in (-1, 1):  # a bow: two tails fluttering down, two loops, a knot
        tail = geom.Path(x, ky)
        tail.C(x + side * 2, ky + 4, x + side * 7, ky + 5, x + side * 6.5, ky + 10)
        c.poly(geom.ribbon(tail.pts, 2.4, 2.0), k.red, INK, 0.4)
        c.ellipse(x + side * 3.4, ky - 0.6, 3.4, 1.9, k.red, INK, 0.4, rot=side * 18)
    c.circle(x, ky, 1.6, shade(k.red, 0.85), INK, 0.4)


def banner(c: Canvas, style: str, y: float, label: str) -> None:
    """A scroll across the card carrying a name, as printers mark their aces."""
    k = INKS[style]
    x = 50.0
    for side in (-1, 1):
        end = [(x + side * 26, y - 2.5), (x + side * 35, y - 1), (x + side * 31.5, y + 3), (x + side * 35, y + 7),
               (x + side * 26, y + 6)]
        c.poly(end, shade(k.paper, 0.86), INK, 0.45)
    c.poly([(x - 30, y - 4.5), (x + 30, y - 4.5), (x + 30, y + 4.5), (x - 30, y + 4.5)], k.paper, INK, 0.5)
    c.text(label, x, y, 4.0, k.red if style != "bergamasche" else k.blue, condense=0.95, max_w=54)


def ace_of_coins(c: Canvas, style: str) -> None:
    k = INKS[style]
    label = style.upper()
    if style == "napoletane":
        wreath(c, style, 50, 70, 31)
        coin(c, style, 50, 70, 50, ace=True)
        banner(c, style, 121, label)
        return
    elif style == "bergamasche":
        for i in range(24):
            with c.at(50, 75, rot=i * 15):
                ln = 40 if i % 2 == 0 else 35
                c.poly([(-2.4, -26), (0, -ln), (2.4, -26)], k.gold if i % 2 == 0 else k.blue, INK, 0.4)
        coin(c, style, 50, 75, 56, ace=True)
        banner(c, style, 121, label)
    else:
        c.circle(50, 75, 38.5, k.red, INK, 0.6)
        c.circle(50, 75, 33.5, k.paper, INK, 0.5)
        for i in range(16):
            a = math.radians(i * 22.5)
            x, y = 50 + 36 * math.cos(a), 75 + 36 * math.sin(a)
            with c.at(x, y, rot=i * 22.5 + 90):
                c.poly([(0, -3.6), (1.9, 0), (0, 3.6), (-1.9, 0)], k.gold if i % 2 else k.green, INK, 0.35)
        coin(c, style, 50, 75, 58, ace=True)
        banner(c, style, 121, label)
