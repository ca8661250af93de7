"""French court cards: framed, double-headed, in red, blue, gold and black.

A half-length figure is drawn once in the top half of the frame and again
turned 180 degrees in the bottom half (the surface clip keeps each copy in
its half).  Kings wear a pointed crown and a beard, queens a coronet over
long hair and hold a flower, jacks a feathered cap; each holds the weapon of
its suit and has small suit signs embroidered down the robe.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from game.cards import Card
from scenes.art.cardart import geom, pips
from scenes.art.cardart.canvas import Canvas, Color
from scenes.art.cardart.palette import (
    BLACK,
    BLUE,
    CARD,
    CHEEK,
    DARK_GOLD,
    FLESH,
    GOLD,
    GREEN,
    HAIR_BLACK,
    HAIR_BLOND,
    HAIR_BROWN,
    HAIR_WHITE,
    INK,
    RED,
    STEEL,
    WHITE,
    french_ink,
)

#: the court frame in card units
FX, FY, FW, FH = 17.5, 7.0, 65.0, 136.0
LW = 0.55  # outline width


@dataclass(frozen=True)
class Look:
    """Colours and attributes of one half-length figure."""

    rank: str                      # "K", "Q", "J" (French) or "re", "cavallo", "fante"
    left: tuple                    # robe colour on the figure's right (viewer's left)
    right: tuple                   # robe colour on the other side
    band: tuple                    # the central band
    hair: tuple
    sign: Callable[[Canvas, float, float, float], None] | None = None   # small emblem drawer
    held: str = "sword"            # what the raised hand holds ("item": draw ``item`` there)
    beard: bool = False
    item: Callable[[Canvas, float, float], None] | None = None

    @property
    def kind(self) -> str:
        """K (king, re), Q (queen), J (jack, fante) or C (cavallo)."""
        return {"re": "K", "fante": "J", "cavallo": "C"}.get(self.rank, self.rank)


# -- shared body parts ------------------------------------------------------------

def _robe(c: Canvas, lk: Look, cx: float, bottom: float) -> None:
    """Shoulders and robe: two coloured halves, gold central band with emblems."""
    half = geom.Path(cx, 30.0)
    half.C(cx + 8, 30.0, cx + 18, 30.5, cx + 23, 35)
    half.C(cx + 25.5, 37.5, cx + 26.2, 42, cx + 26.4, 48)
    half.L(cx + 26.6, bottom + 2)
    half.L(cx, bottom + 2)
    right = half.pts
    left = geom.flip_x(right, cx)
    c.poly(right, lk.right, INK, LW)
    c.poly(left, lk.left, INK, LW)
    # a column of lozenges down each side panel
    for side, col in ((-1, lk.left), (1, lk.right)):
        x = cx + side * 17.5
        c.stroke([(x, 44), (x + side * 0.8, bottom + 2)], shade(col, 0.7), 3.2, caps=False)
        for y in (47.0, 55.0, 63.0):
            c.poly([(x, y - 2.6), (x + 1.7, y), (x, y + 2.6), (x - 1.7, y)], GOLD, INK, 0.3)
    # a gold hem at the waist, where the two halves meet
    c.poly([(cx - 27.5, bottom - 3.2), (cx + 27.5, bottom - 3.2), (cx + 27.5, bottom + 2),
            (cx - 27.5, bottom + 2)], GOLD, INK, LW)
    for i in range(-6, 7):
        c.circle(cx + i * 4.2, bottom - 1.1, 0.6, shade(GOLD, 0.6))
    # the band
    band = [(cx - 5.2, 34), (cx + 5.2, 34), (cx + 6.5, bottom - 3.2), (cx - 6.5, bottom - 3.2)]
    c.poly(band, lk.band, INK, LW)
    edge = shade(lk.band, 0.72)
    c.stroke([(cx - 4.0, 35), (cx - 5.2, bottom - 3.5)], edge, 0.6, caps=False)
    c.stroke([(cx + 4.0, 35), (cx + 5.2, bottom - 3.5)], edge, 0.6, caps=False)
    if lk.sign is not None:
        for y in (43.0, 52.5):
            lk.sign(c, cx, y, 5.4)


def arm(c: Canvas, shoulder: tuple, hand: tuple, color: tuple, bend: float) -> None:
    """A sleeve from the shoulder to the wrist, slightly bent, with a gold cuff."""
    (sx, sy), (hx, hy) = shoulder, hand
    mx, my = (sx + hx) / 2 + bend, (sy + hy) / 2
    pts = [(sx, sy)] + geom.quad((sx, sy), (mx, my), (hx, hy), 10)
    c.poly(geom.ribbon(pts, 8.5, 5.6), color, INK, LW)
    dx, dy = hx - mx, hy - my
    d = math.hypot(dx, dy) or 1
    ux, uy = dx / d, dy / d
    cx, cy = hx - ux * 2.4, hy - uy * 2.4
    cuff = geom.ribbon([(cx - ux * 1.2, cy - uy * 1.2), (cx + ux * 1.2, cy + uy * 1.2)], 6.4)
    c.poly(cuff, WHITE, INK, 0.4)


def shade(col: tuple, k: float) -> tuple:
    return tuple(max(0, min(255, round(v * k))) for v in col[:3])


def collar(c: Canvas, cx: float, rank: str) -> None:
    if rank == "K":
        half = geom.Path(cx, 28.5)
        half.C(cx + 6, 28.5, cx + 15, 29.5, cx + 21, 34)
        half.C(cx + 17, 38, cx + 9, 39, cx, 38.5)
        pts = geom.mirrored(half.pts, cx)
        c.poly(pts, WHITE, INK, LW)
        for x, y in ((-14, 33.5), (-8, 35.5), (-2.5, 36.2), (3, 36.2), (8.5, 35.5), (14.5, 33.5)):
            c.poly([(cx + x, y - 1.3), (cx + x + 0.7, y + 0.6), (cx + x, y + 1.4), (cx + x - 0.7, y + 0.6)], BLACK)
    elif rank == "Q":
        # a square lace neckline and a gold necklace with a pendant
        c.poly([(cx - 7.5, 30), (cx + 7.5, 30), (cx + 6, 37.5), (cx - 6, 37.5)], WHITE, INK, LW)
        c.poly([(cx - 5.5, 30), (cx + 5.5, 30), (cx + 4.3, 35.5), (cx - 4.3, 35.5)], FLESH)
        c.stroke(geom.quad((cx - 4.5, 30.5), (cx, 35.5), (cx + 4.5, 30.5), 10), DARK_GOLD, 0.7)
        c.poly([(cx, 32.6), (cx + 1.3, 34.2), (cx, 35.8), (cx - 1.3, 34.2)], RED, INK, 0.3)
    else:  # a falling collar in two rounded tabs
        for side in (-1, 1):
            tab = geom.Path(cx, 29.5)
            tab.C(cx + side * 5, 29.5, cx + side * 10, 30, cx + side * 11, 33)
            tab.C(cx + side * 10, 36.5, cx + side * 4, 37, cx, 35)
            c.poly(tab.pts, WHITE, INK, LW)


def hair_back(c: Canvas, cx: float, cy: float, lk: Look) -> None:
    """Hair that falls behind the shoulders (drawn before the robe)."""
    if lk.kind == "Q":
        hair = geom.Path(cx, cy - 9.5)
        hair.C(cx + 9, cy - 9.5, cx + 10.5, cy - 2, cx + 10.5, cy + 8)
        hair.C(cx + 10.5, cy + 13, cx + 12, cy + 16, cx + 13, cy + 20)
        hair.L(cx, cy + 20)
        c.poly(geom.mirrored(hair.pts, cx), lk.hair, INK, LW)


def face(c: Canvas, cx: float, cy: float, lk: Look) -> None:
    """Head with features; hair and beard depend on the look."""
    # hair around the face
    if lk.kind == "Q":
        for side in (-1, 1):
            lock = geom.Path(cx + side * 5.5, cy - 7)
            lock.C(cx + side * 9.5, cy - 4, cx + side * 8, cy + 6, cx + side * 10.5, cy + 13)
            lock.C(cx + side * 8.5, cy + 12, cx + side * 6.5, cy + 6, cx + side * 5.8, cy - 1)
            c.poly(lock.pts, lk.hair, INK, LW)
    else:
        hair = geom.Path(cx, cy - 9)
        hair.C(cx + 8.5, cy - 9, cx + 9.5, cy - 2, cx + 9, cy + 4)
        hair.C(cx + 9.2, cy + 6, cx + 9.6, cy + 8, cx + 8.5, cy + 9)
        hair.L(cx, cy + 6)
        c.poly(geom.mirrored(hair.pts, cx), lk.hair, INK, LW)
        for side in (-1, 1):  # curls
            for y in (cy + 1, cy + 5):
                c.circle(cx + side * 8.2, y, 1.7, lk.hair, INK, 0.35)
    # face
    half = geom.Path(cx, cy - 8)
    half.C(cx + 4.5, cy - 8, cx + 6.8, cy - 5, cx + 6.8, cy - 0.5)
    half.C(cx + 6.8, cy + 4, cx + 4.5, cy + 8.2, cx, cy + 8.4)
    c.poly(geom.mirrored(half.pts, cx), FLESH, INK, LW)
    c.circle(cx - 4.2, cy + 2.6, 1.4, CHEEK)
    c.circle(cx + 4.2, cy + 2.6, 1.4, CHEEK)
    # eyes and brows
    for side in (-1, 1):
        ex = cx + side * 2.7
        c.poly(geom.ellipse(ex, cy - 0.4, 1.45, 0.75, 20), WHITE, INK, 0.3)
        c.circle(ex + 0.15 * side, cy - 0.35, 0.62, (40, 70, 120) if lk.kind == "Q" else INK)
        c.stroke(geom.quad((ex - 1.7 * side, cy - 2.2), (ex, cy - 3.3), (ex + 1.9 * side, cy - 2.3), 6),
                 shade(lk.hair, 0.6) if lk.hair != HAIR_WHITE else (150, 140, 130), 0.55)
    # nose
    c.stroke([(cx + 0.2, cy - 1), (cx + 0.8, cy + 2.6), (cx - 0.6, cy + 3.2)], shade(FLESH, 0.62), 0.42)
    if lk.beard:
        beard = geom.Path(cx, cy + 3.8)
        beard.C(cx + 2, cy + 3.4, cx + 5, cy + 2, cx + 6.7, cy + 0.5)
        beard.C(cx + 7.5, cy + 6, cx + 5, cy + 12, cx, cy + 15.5)
        c.poly(geom.mirrored(beard.pts, cx), lk.hair, INK, LW)
        # moustache
        for side in (-1, 1):
            m = geom.Path(cx, cy + 4.3)
            m.C(cx + side * 2, cy + 3.3, cx + side * 3.8, cy + 4, cx + side * 4.8, cy + 5.8)
            m.C(cx + side * 3.4, cy + 5.2, cx + side * 1.8, cy + 5.3, cx, cy + 5.2)
            c.poly(m.pts, shade(lk.hair, 0.85), INK, 0.3)
        c.poly(geom.ellipse(cx, cy + 6.5, 1.5, 0.7, 16), (186, 60, 60))
        for i in (-2, 0, 2):  # beard strands
            c.stroke(geom.quad((cx + i * 1.6, cy + 8), (cx + i * 2.0, cy + 11), (cx + i * 0.8, cy + 13.5), 6),
                     shade(lk.hair, 0.7), 0.35)
    else:
        c.stroke(geom.quad((cx - 1.8, cy + 5.1), (cx, cy + 6.0), (cx + 1.8, cy + 5.1), 6), (186, 50, 56), 0.7)


def headgear(c: Canvas, cx: float, top: float, kind: str) -> None:
    if kind == "K":
        base_y = top + 9.5
        pts = [(cx - 8.2, base_y), (cx - 8.8, top + 2.5), (cx - 5.2, top + 6), (cx - 2.8, top + 0.5),
               (cx, top + 5), (cx + 2.8, top + 0.5), (cx + 5.2, top + 6), (cx + 8.8, top + 2.5),
               (cx + 8.2, base_y)]
        c.poly(pts, GOLD, INK, LW)
        c.poly([(cx - 8.4, base_y - 2.6), (cx + 8.4, base_y - 2.6), (cx + 8.2, base_y + 0.4),
                (cx - 8.2, base_y + 0.4)], shade(GOLD, 0.85), INK, LW)
        for x, col in ((-5.0, RED), (0.0, BLUE), (5.0, RED)):
            c.circle(cx + x, base_y - 1.1, 0.95, col, INK, 0.3)
        for x, y in ((-8.8, top + 2.5), (-2.8, top + 0.5), (2.8, top + 0.5), (8.8, top + 2.5)):
            c.circle(cx + x, y, 1.1, GOLD, INK, 0.35)
    elif kind == "Q":
        base_y = top + 8.5
        pts = [(cx - 7.6, base_y)]
        pts += geom.quad((cx - 7.6, base_y), (cx - 8.5, top + 3), (cx - 5.5, top + 2.5), 6)
        pts += geom.quad((cx - 5.5, top + 2.5), (cx - 3, top + 5), (cx, top + 1.2), 6)
        pts += geom.quad((cx, top + 1.2), (cx + 3, top + 5), (cx + 5.5, top + 2.5), 6)
        pts += geom.quad((cx + 5.5, top + 2.5), (cx + 8.5, top + 3), (cx + 7.6, base_y), 6)
        c.poly(pts, GOLD, INK, LW)
        c.poly([(cx - 7.8, base_y - 2.2), (cx + 7.8, base_y - 2.2), (cx + 7.6, base_y + 0.3),
                (cx - 7.6, base_y + 0.3)], shade(GOLD, 0.85), INK, LW)
        for x in (-5.5, 0.0, 5.5):
            c.circle(cx + x, top + (1.2 if x == 0 else 2.5), 1.2, WHITE, INK, 0.3)
        c.circle(cx, base_y - 0.95, 0.9, RED, INK, 0.3)
    elif kind == "C":  # a broad-brimmed hat with a plume
        plume = geom.Path(cx - 2, top + 4)
        plume.C(cx - 10, top - 4, cx - 20, top - 2, cx - 22, top + 5)
        plume.C(cx - 17, top + 1, cx - 10, top + 2, cx - 2, top + 6)
        c.poly(plume.pts, GREY_INK if False else RED, INK, LW)
        crown_ = geom.Path(cx - 7, top + 8)
        crown_.C(cx - 7, top + 1, cx + 7, top + 1, cx + 7, top + 8)
        c.poly(crown_.pts, HAT, INK, LW)
        c.poly(geom.ellipse(cx, top + 8.8, 13.5, 2.6, 40), HAT, INK, LW)
        c.poly([(cx - 7, top + 6.2), (cx + 7, top + 6.2), (cx + 7, top + 8), (cx - 7, top + 8)], GOLD, INK, 0.35)
    else:  # jack's cap with a feather
        feather = geom.Path(cx + 4, top + 6)
        feather.C(cx + 9, top - 1, cx + 15, top - 2, cx + 19, top + 2)
        feather.C(cx + 15, top + 1.5, cx + 10, top + 3.5, cx + 4, top + 7)
        c.poly(feather.pts, WHITE, INK, LW)
        c.stroke(geom.quad((cx + 5, top + 6.5), (cx + 11, top + 1), (cx + 18.5, top + 2), 8), GREY_INK, 0.3)
        cap = geom.Path(cx - 9, top + 9)
        cap.C(cx - 9.5, top + 2, cx + 7, top + 0.5, cx + 9.5, top + 9)
        c.poly(cap.pts, JACK_CAP, INK, LW)
        c.poly([(cx - 9.4, top + 7.2), (cx + 9.7, top + 7.2), (cx + 9.8, top + 10), (cx - 9.5, top + 10)],
               GOLD, INK, LW)
        for x in (-5, 0, 5):
            c.circle(cx + x, top + 8.6, 0.7, RED)


GREY_INK = (90, 90, 96)
HAT = (60, 56, 62)
JACK_CAP = RED


# -- what the hands hold ----------------------------------------------------------------

def hand(c: Canvas, x: float, y: float) -> None:
    """A closed hand: a rounded fist with the thumb over it."""
    c.ellipse(x, y, 2.5, 2.3, FLESH, INK, LW)
    c.stroke(geom.quad((x - 1.8, y - 0.6), (x, y - 1.3), (x + 1.6, y - 0.2), 6), shade(FLESH, 0.65), 0.35)


def _sword(c: Canvas, x: float, y: float, rot: float, length: float = 44.0) -> None:
    """A straight sword whose grip is at (x, y), blade up along rot."""
    with c.at(x, y, rot=rot):
        blade = [(-1.7, -3), (1.7, -3), (1.5, -length + 5), (0, -length), (-1.5, -length + 5)]
        c.poly(blade, STEEL, INK, LW)
        c.stroke([(0, -4), (0, -length + 5)], (140, 156, 176), 0.5, caps=False)
        c.poly([(-6.5, -3.8), (6.5, -3.8), (6.5, -1.8), (-6.5, -1.8)], GOLD, INK, LW)
        c.circle(-6.8, -2.8, 1.2, GOLD, INK, 0.35)
        c.circle(6.8, -2.8, 1.2, GOLD, INK, 0.35)
        c.poly([(-1.1, -1.8), (1.1, -1.8), (1.1, 5), (-1.1, 5)], RED, INK, LW)
        c.circle(0, 6.3, 1.6, GOLD, INK, 0.35)


def _axe(c: Canvas, x: float, y: float, rot: float) -> None:
    with c.at(x, y, rot=rot):
        c.poly([(-1.1, 6), (1.1, 6), (1.1, -38), (-1.1, -38)], (150, 96, 48), INK, LW)
        head = geom.Path(1, -36)
        head.C(6, -38, 9, -40, 10, -42)
        head.C(12, -36, 12, -30, 10, -24)
        head.C(9, -26, 6, -28, 1, -29)
        c.poly(head.pts, STEEL, INK, LW)
        c.poly([(-1, -36), (-5, -33.5), (-1, -31)], STEEL, INK, LW)
        c.poly([(-1.3, -38), (0, -42), (1.3, -38)], STEEL, INK, LW)


def _halberd(c: Canvas, x: float, y: float, rot: float) -> None:
    with c.at(x, y, rot=rot):
        c.poly([(-0.9, 8), (0.9, 8), (0.9, -40), (-0.9, -40)], (150, 96, 48), INK, LW)
        c.poly([(-1.5, -40), (0, -47), (1.5, -40)], STEEL, INK, LW)
        blade = geom.Path(0.9, -39)
        blade.C(5, -39, 8, -37, 9, -33)
        blade.C(6, -33, 3, -32, 0.9, -31)
        c.poly(blade.pts, STEEL, INK, LW)
        c.poly([(-0.9, -38), (-5, -36.5), (-0.9, -35)], STEEL, INK, LW)
        for yy in (-31, -20):
            c.poly([(-1.4, yy), (1.4, yy), (1.4, yy + 1.4), (-1.4, yy + 1.4)], GOLD, INK, 0.3)


def _flower(c: Canvas, x: float, y: float, rot: float, petal: tuple) -> None:
    with c.at(x, y, rot=rot):
        c.stroke(geom.quad((0, 3), (-1.5, -4), (0.5, -11), 8), GREEN, 0.9)
        leaf = geom.Path(0, -4)
        leaf.C(2, -7, 5, -7, 6, -6)
        leaf.C(5, -4, 2, -3.5, 0, -4)
        c.poly(leaf.pts, GREEN, INK, 0.35)
        for a in range(0, 360, 72):
            px = 0.5 + 2.3 * math.cos(math.radians(a - 90))
            py = -13 + 2.3 * math.sin(math.radians(a - 90))
            c.circle(px, py, 1.9, petal, INK, 0.35)
        c.circle(0.5, -13, 1.3, GOLD, INK, 0.3)


def _orb(c: Canvas, x: float, y: float) -> None:
    c.circle(x, y, 3.6, GOLD, INK, LW)
    c.stroke([(x - 3.5, y), (x + 3.5, y)], INK, 0.45, caps=False)
    c.stroke([(x, y - 3.5), (x, y)], INK, 0.45, caps=False)
    c.stroke([(x, y - 3.6), (x, y - 6.5)], INK, 0.6)
    c.stroke([(x - 1.4, y - 5.2), (x + 1.4, y - 5.2)], INK, 0.6)


HEAD_SCALE = 1.14
RAISED = (-14.5, 49.0)   # the hand that holds the attribute, from the centre line
LOWER = (9.0, 56.5)      # the other hand, across the body


def _held_item(c: Canvas, lk: Look, cx: float) -> None:
    """The attribute in the figure's raised hand (drawn before the hand)."""
    hx, hy = cx + RAISED[0], RAISED[1]
    what = lk.held
    if what == "sword":
        _sword(c, hx, hy, -4)
    elif what == "axe":
        _axe(c, hx, hy, -6)
    elif what == "halberd":
        _halberd(c, hx, hy, -3)
    elif what == "leaf":
        _flower(c, hx + 1, hy, -10, RED)
    elif what in ("flower_red", "flower_blue", "flower_gold"):
        col = {"flower_red": RED, "flower_blue": BLUE, "flower_gold": GOLD}[what]
        _flower(c, hx + 0.5, hy, 6, col)
    elif what == "scepter":
        with c.at(hx, hy, rot=-4):
            c.poly([(-0.8, 6), (0.8, 6), (0.8, -30), (-0.8, -30)], GOLD, INK, LW)
            c.circle(0, -31.5, 2.2, GOLD, INK, LW)
            pips.draw(c, "S", 0, -36.5, 5, BLACK)
    elif what == "orb":
        _sword(c, hx, hy, -4)
    elif what == "item" and lk.item is not None:
        lk.item(c, hx, hy)


def _lower_item(c: Canvas, lk: Look, cx: float) -> None:
    x, y = cx + LOWER[0], LOWER[1]
    if lk.held == "orb":
        _orb(c, x + 0.5, y - 4.6)
    elif lk.held == "scepter":
        _flower(c, x, y, 24, RED)


def half_figure(c: Canvas, lk: Look, cx: float, bottom: float) -> None:
    """One half-length figure in frame coordinates (head near the top)."""
    head_y = 21.3
    if lk.held == "sword_behind":
        _sword(c, cx + 13, 47, 30, 50)
    # heads are drawn a little larger than life, scaled about the chin
    hs, py = HEAD_SCALE, head_y + 9.0
    with c.at(cx * (1 - hs), py * (1 - hs), s=hs):
        hair_back(c, cx, head_y, lk)
    _robe(c, lk, cx, bottom)
    c.poly([(cx - 3, head_y + 6), (cx + 3, head_y + 6), (cx + 3.6, head_y + 11), (cx - 3.6, head_y + 11)],
           FLESH, INK, LW)
    collar(c, cx, lk.kind)
    with c.at(cx * (1 - hs), py * (1 - hs), s=hs):
        face(c, cx, head_y, lk)
        headgear(c, cx, head_y - {"K": 17.5, "Q": 16.5}.get(lk.kind, 16), lk.kind)
    _held_item(c, lk, cx)
    raised = (cx + RAISED[0], RAISED[1])
    lower = (cx + LOWER[0], LOWER[1])
    if lk.held == "sword_behind":
        raised = (cx + 12.5, 46.5)
    arm(c, (cx - 20.5, 37.5), raised if raised[0] < cx else (cx - 10, 57), lk.right, -3)
    arm(c, (cx + 20.5, 37.5), lower if raised[0] < cx else raised, lk.left, 4)
    _lower_item(c, lk, cx)
    if raised[0] < cx:
        hand(c, *raised)
        hand(c, *lower)
    else:
        hand(c, *raised)
        hand(c, cx - 10, 57)


def _french_look(card: Card, four: bool = False) -> Look:
    rank = {11: "J", 12: "Q", 13: "K"}[card.rank]
    ink = french_ink(card.suit, card.is_red, four)
    suit = card.suit

    def sign(c: Canvas, x: float, y: float, s: float) -> None:
        pips.draw(c, suit, x, y, s, ink)

    robes = {"S": (BLUE, RED, GOLD), "H": (RED, BLUE, GOLD),
             "D": (RED, GOLD, BLUE), "C": (BLUE, GOLD, RED)}
    left, right, band = robes[suit]
    if rank == "J":
        left, right = right, left
    hair = {("K", "S"): HAIR_WHITE, ("K", "H"): HAIR_BLOND, ("K", "D"): HAIR_BROWN, ("K", "C"): HAIR_BLACK,
            ("Q", "S"): HAIR_BLACK, ("Q", "H"): HAIR_BLOND, ("Q", "D"): HAIR_BROWN, ("Q", "C"): HAIR_BLOND,
            ("J", "S"): HAIR_BROWN, ("J", "H"): HAIR_BLOND, ("J", "D"): HAIR_BLACK, ("J", "C"): HAIR_BLOND}
    held = {("K", "S"): "sword", ("K", "H"): "sword_behind", ("K", "D"): "axe", ("K", "C"): "orb",
            ("Q", "S"): "scepter", ("Q", "H"): "flower_red", ("Q", "D"): "flower_blue",
            ("Q", "C"): "flower_gold",
            ("J", "S"): "halberd", ("J", "H"): "leaf", ("J", "D"): "halberd", ("J", "C"): "axe"}
    return Look(rank, left, right, band, hair[(rank, suit)], sign, held[(rank, suit)], beard=rank == "K")


def draw_double(c: Canvas, draw_half: Callable[[Canvas], None], x: float, y: float, w: float, h: float,
                frame_color: Color = INK, background: Color = CARD) -> None:
    """A framed double-headed picture: draw_half in the top half, turned copy below.

    The half is drawn once on its own surface and blitted twice (the second
    time turned 180 degrees), so a court costs one figure, not two.
    """
    (x0, y0), (x1, y1) = c.px(x, y), c.px(x + w, y + h)
    left, top = round(min(x0, x1)), round(min(y0, y1))
    right, bottom = round(max(x0, x1)), round(max(y0, y1))
    half = pygame.Surface((right - left, (bottom - top + 1) // 2), pygame.SRCALPHA)
    half.fill((*background[:3], 255))
    draw_half(Canvas(half, c.unit))
    c.surface.blit(half, (left, top))
    turned = pygame.transform.flip(half, True, True)
    c.surface.blit(turned, (right - turned.get_width(), bottom - turned.get_height()))
    c.line(x, y + h / 2, x + w, y + h / 2, frame_color, 0.5)
    _frame(c, x, y, w, h, frame_color)


def _frame(c: Canvas, x: float, y: float, w: float, h: float, col: Color) -> None:
    pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    ring = pts + [pts[0]]
    c.stroke(ring, col, 0.7, caps=False)
    for px, py in pts:
        c.circle(px, py, 0.35, col)


def draw_french(c: Canvas, card: Card, four: bool = False) -> None:
    lk = _french_look(card, four)
    ink = french_ink(card.suit, card.is_red, four)

    def half(cc: Canvas) -> None:
        half_figure(cc, lk, FW / 2 + 1.0, FH / 2)
        pips.draw(cc, card.suit, FW - 7.0, 8.0, 8.5, ink)

    draw_double(c, half, FX, FY, FW, FH)
