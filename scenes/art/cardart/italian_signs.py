"""The four Italian suit signs, in the three regional styles.

Denari are ornate gold coins, Coppe goblets, Spade swords (curved sabres in
the Neapolitan style, straight or bow-curved blades in the northern ones),
Bastoni knobbly cudgels (Naples) or turned ceremonial batons (north).
Each function draws one sign centred on (x, y), ``size`` units tall (coins:
the diameter), rotated by ``rot`` degrees.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scenes.art.cardart import geom
from scenes.art.cardart.canvas import Canvas
from scenes.art.cardart.palette import INK

LW = 0.55


@dataclass(frozen=True)
class Inks:
    """The colours one regional style prints its signs in."""

    gold: tuple
    dark_gold: tuple
    red: tuple
    green: tuple
    blue: tuple
    steel: tuple
    wood: tuple
    wood_light: tuple
    paper: tuple


INKS = {
    "napoletane": Inks(gold=(238, 178, 40), dark_gold=(170, 104, 24), red=(196, 40, 32),
                       green=(46, 124, 62), blue=(56, 104, 168), steel=(184, 200, 214),
                       wood=(170, 104, 44), wood_light=(236, 196, 120), paper=(250, 243, 226)),
    "bergamasche": Inks(gold=(246, 204, 62), dark_gold=(176, 128, 30), red=(206, 42, 52),
                        green=(52, 140, 84), blue=(36, 84, 168), steel=(196, 212, 230),
                        wood=(206, 52, 48), wood_light=(246, 204, 62), paper=(253, 253, 250)),
    "bresciane": Inks(gold=(232, 184, 72), dark_gold=(160, 110, 40), red=(176, 36, 44),
                      green=(36, 112, 74), blue=(60, 92, 140), steel=(132, 160, 192),
                      wood=(36, 112, 74), wood_light=(232, 184, 72), paper=(251, 246, 234)),
}


def shade(col: tuple, k: float) -> tuple:
    return tuple(max(0, min(255, round(v * k))) for v in col[:3])


# -- Denari ------------------------------------------------------------------------

def coin(c: Canvas, style: str, x: float, y: float, size: float, ace: bool = False) -> None:
    k = INKS[style]
    r = size / 2
    lw = max(0.45, size * 0.02)
    c.circle(x, y, r, k.gold, INK, lw)
    c.ring(x, y, r * 0.84, k.dark_gold, max(0.3, size * 0.012))
    n = 20 if ace else 14
    for i in range(n):  # beaded rim
        a = 2 * math.pi * i / n
        c.circle(x + r * 0.92 * math.cos(a), y + r * 0.92 * math.sin(a), r * 0.045, k.dark_gold)
    if style == "napoletane":
        c.circle(x, y, r * 0.66, k.red, INK, lw * 0.8)
        for i in range(8):  # eight petals, alternately gold and green
            with c.at(x, y, rot=i * 45):
                petal = geom.Path(0, -r * 0.1)
                petal.C(r * 0.2, -r * 0.25, r * 0.16, -r * 0.5, 0, -r * 0.6)
                petal.C(-r * 0.16, -r * 0.5, -r * 0.2, -r * 0.25, 0, -r * 0.1)
                c.poly(petal.pts, k.gold if i % 2 == 0 else k.green, INK, lw * 0.6)
        c.circle(x, y, r * 0.17, k.gold, INK, lw * 0.7)
        c.circle(x, y, r * 0.07, k.red)
    elif style == "bergamasche":
        c.circle(x, y, r * 0.66, k.blue, INK, lw * 0.8)
        for i in range(12):
            a = 2 * math.pi * i / 12
            c.circle(x + r * 0.56 * math.cos(a), y + r * 0.56 * math.sin(a), r * 0.05, k.paper)
        star = []
        for i in range(16):
            rr = r * (0.46 if i % 2 == 0 else 0.22)
            a = math.radians(-90 + i * 22.5)
            star.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        c.poly(star, k.gold, INK, lw * 0.6)
        c.circle(x, y, r * 0.13, k.red, INK, lw * 0.5)
    else:  # bresciane: a green ring, a red centre and a quatrefoil
        c.circle(x, y, r * 0.68, k.green, INK, lw * 0.8)
        c.circle(x, y, r * 0.52, k.red, INK, lw * 0.7)
        for i in range(4):
            with c.at(x, y, rot=45 + i * 90):
                c.circle(0, -r * 0.24, r * 0.2, k.gold, INK, lw * 0.55)
        c.circle(x, y, r * 0.14, k.gold, INK, lw * 0.55)
        for i in range(4):
            a = math.radians(i * 90)
            c.circle(x + r * 0.6 * math.cos(a), y + r * 0.6 * math.sin(a), r * 0.05, k.gold)


# -- Coppe -------------------------------------------------------------------------

def cup(c: Canvas, style: str, x: float, y: float, size: float, rot: float = 0.0,
        ace: bool = False) -> None:
    """A goblet ``size`` tall: bowl, knop, stem and a flared foot."""
    k = INKS[style]
    s = size
    lw = max(0.45, s * 0.017)
    bowl_col, band_col, foot_col, knop_col = {
        "napoletane": (k.gold, k.red, k.gold, k.green),
        "bergamasche": (k.blue, k.gold, k.gold, k.red),
        "bresciane": (k.red, k.gold, k.green, k.gold),
    }[style]
    wide = 0.36 if style != "bresciane" else 0.31
    with c.at(x, y, rot=rot, s=s):
        # foot
        foot = geom.Path(0, 0.24)
        foot.C(0.05, 0.3, 0.1, 0.4, 0.27, 0.44)
        foot.C(0.3, 0.47, 0.28, 0.5, 0.24, 0.5)
        foot.L(0, 0.5)
        c.poly(geom.mirrored(foot.pts), foot_col, INK, lw / s)
        c.poly(geom.ellipse(0, 0.445, 0.2, 0.028, 24), shade(foot_col, 0.8))
        # stem and knop
        c.poly([(-0.045, 0.0), (0.045, 0.0), (0.06, 0.27), (-0.06, 0.27)], foot_col, INK, lw / s)
        c.ellipse(0, 0.13, 0.1, 0.07, knop_col, INK, lw / s)
        # bowl: a deep bell from the rim down to the stem
        bowl = geom.Path(0, 0.02)
        bowl.C(wide * 0.55, 0.02, wide * 1.0, -0.12, wide, -0.42)
        bowl.L(0, -0.42)
        c.poly(geom.mirrored(bowl.pts), bowl_col, INK, lw / s)
        # a band round the bowl with dots
        band = geom.Path(0, -0.22)
        band.C(wide * 0.5, -0.22, wide * 0.9, -0.24, wide * 0.985, -0.3)
        band.L(wide, -0.36)
        band.C(wide * 0.9, -0.31, wide * 0.5, -0.29, 0, -0.29)
        c.poly(geom.mirrored(band.pts), band_col, INK, lw * 0.7 / s)
        for i in (-2, -1, 0, 1, 2):
            c.circle(i * wide * 0.36, -0.26 - abs(i) * 0.015, 0.018, shade(bowl_col, 0.6)
                     if band_col != bowl_col else k.paper)
        # a highlight on the bowl
        hl = geom.Path(-wide * 0.62, -0.17)
        hl.C(-wide * 0.6, -0.08, -wide * 0.42, -0.03, -wide * 0.25, -0.02)
        c.stroke(hl.pts, shade(bowl_col, 1.35), 0.03)
        # the rim, seen from a little above
        c.poly(geom.ellipse(0, -0.42, wide + 0.01, 0.06, 32), bowl_col, INK, lw / s)
        c.poly(geom.ellipse(0, -0.415, wide - 0.04, 0.035, 32), shade(bowl_col, 0.55))
        if ace:
            # a domed lid lifted above the rim, with a finial
            lid = geom.Path(0, -0.47)
            lid.L(wide * 0.8, -0.47)
            lid.C(wide * 0.8, -0.58, wide * 0.4, -0.62, 0.06, -0.63)
            lid.L(0, -0.63)
            c.poly(geom.mirrored(lid.pts), band_col, INK, lw / s)
            c.circle(0, -0.67, 0.045, bowl_col, INK, lw / s)


# -- Spade -------------------------------------------------------------------------

def _hilt(c: Canvas, k: Inks, length: float, style: str, lw: float) -> None:
    """Guard, grip and pommel below the origin (local units: card units)."""
    g = length * 0.13
    if style == "napoletane":
        guard = geom.Path(-g, 1.2)
        guard.Q(0, -1.6, g, 1.2)
        guard.L(g, 2.6)
        guard.Q(0, 0.0, -g, 2.6)
        c.poly(guard.pts, k.gold, INK, lw)
        c.circle(-g, 1.9, length * 0.018, k.gold, INK, lw * 0.8)
        c.circle(g, 1.9, length * 0.018, k.gold, INK, lw * 0.8)
    else:
        c.poly([(-g, 0.2), (g, 0.2), (g * 1.05, 2.0), (-g * 1.05, 2.0)], k.gold, INK, lw)
        for sx in (-1, 1):
            c.circle(sx * g * 1.06, 1.1, length * 0.02, k.gold, INK, lw * 0.8)
    gl = length * 0.14
    grip = [(-length * 0.022, 2.0), (length * 0.022, 2.0), (length * 0.026, 2 + gl), (-length * 0.026, 2 + gl)]
    c.poly(grip, k.red if style != "bergamasche" else k.blue, INK, lw)
    for i in range(1, 4):
        yy = 2 + gl * i / 4
        c.stroke([(-length * 0.02, yy), (length * 0.02, yy + 0.8)], shade(k.red, 0.6), 0.35, caps=False)
    c.circle(0, 2 + gl + length * 0.03, length * 0.038, k.gold, INK, lw)


def sabre(c: Canvas, style: str, x: float, y: float, length: float, rot: float = 0.0,
          flip: bool = False, girth: float = 1.0) -> None:
    """A curved sabre; (x, y) is the centre of its length, the point is up."""
    k = INKS[style]
    lw = max(0.45, length * 0.011)
    with c.at(x, y, rot=rot, sx=-1 if flip else 1):
        with c.at(0, length * 0.30):
            bl = length * 0.8
            w = length * 0.065 * girth
            blade = geom.Path(-w / 2, 0)
            blade.C(-w / 2, -bl * 0.4, w * 0.2, -bl * 0.8, w * 2.6, -bl)
            blade.C(w * 1.6, -bl * 0.72, w * 1.0, -bl * 0.38, w / 2, 0)
            c.poly(blade.pts, k.steel, INK, lw)
            hl = geom.Path(-w * 0.05, -bl * 0.05)
            hl.C(-w * 0.05, -bl * 0.4, w * 0.5, -bl * 0.72, w * 2.1, -bl * 0.93)
            c.stroke(hl.pts, shade(k.steel, 1.15), length * 0.008, caps=False)
            _hilt(c, k, length, style, lw)


def straight_sword(c: Canvas, style: str, x: float, y: float, length: float, rot: float = 0.0) -> None:
    """A straight double-edged sword, centred on (x, y), point up."""
    k = INKS[style]
    lw = max(0.45, length * 0.011)
    with c.at(x, y, rot=rot):
        with c.at(0, length * 0.30):
            bl = length * 0.8
            w = length * 0.05
            blade = [(-w / 2, 0), (w / 2, 0), (w * 0.42, -bl * 0.9), (0, -bl), (-w * 0.42, -bl * 0.9)]
            c.poly(blade, k.steel, INK, lw)
            c.stroke([(0, -1), (0, -bl * 0.86)], shade(k.steel, 0.78), length * 0.008, caps=False)
            _hilt(c, k, length, style, lw)


def bow_sword(c: Canvas, style: str, hilt: tuple, tip: tuple, bulge: float, side: int) -> None:
    """A long bow-curved blade from its hilt (bottom) to its tip (top).

    ``bulge`` is how far the middle swings out to ``side`` (-1 left, +1 right);
    pairs of these interlace into the oval of the northern Italian decks.
    """
    k = INKS[style]
    (hx, hy), (tx, ty) = hilt, tip
    lw = 0.5
    p0 = (hx, hy - 2)
    c1 = (hx + side * bulge * 1.25, hy - (hy - ty) * 0.33)
    c2 = (tx + side * bulge * 1.25, ty + (hy - ty) * 0.28)
    pts = [p0] + geom.cubic(p0, c1, c2, (tx, ty), 28)
    c.poly(geom.ribbon(pts, 7.0, 1.2), k.steel, INK, 0.6)
    c.stroke(pts[2:-5], shade(k.steel, 1.18), 1.1, caps=False)
    dx, dy = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
    ang = math.degrees(math.atan2(dx, -dy))
    with c.at(hx, hy, rot=ang):
        g = 5.5
        c.poly([(-g, -2.6), (g, -2.6), (g, -0.8), (-g, -0.8)], k.gold, INK, lw)
        c.circle(-g, -1.7, 1.1, k.gold, INK, 0.4)
        c.circle(g, -1.7, 1.1, k.gold, INK, 0.4)
        c.poly([(-1.1, -0.8), (1.1, -0.8), (1.2, 5.5), (-1.2, 5.5)], k.red, INK, lw)
        c.circle(0, 6.8, 1.7, k.gold, INK, lw)


# -- Bastoni -----------------------------------------------------------------------

def cudgel(c: Canvas, style: str, x: float, y: float, length: float, rot: float = 0.0,
           girth: float = 1.0) -> None:
    """A knobbly wooden club, thick end up, centred on (x, y)."""
    k = INKS[style]
    L = length
    g = girth
    lw = max(0.45, L * 0.011)
    with c.at(x, y, rot=rot):
        right = geom.Path(0, L * 0.5)
        right.L(L * 0.04 * g, L * 0.5)
        right.C(L * 0.045 * g, L * 0.2, L * 0.07 * g, -L * 0.15, L * 0.085 * g, -L * 0.42)
        right.C(L * 0.09 * g, -L * 0.48, L * 0.05 * g, -L * 0.5, 0, -L * 0.5)
        left = geom.Path(0, L * 0.5)
        left.L(-L * 0.04 * g, L * 0.5)
        left.C(-L * 0.045 * g, L * 0.2, -L * 0.065 * g, -L * 0.15, -L * 0.08 * g, -L * 0.42)
        left.C(-L * 0.085 * g, -L * 0.48, -L * 0.05 * g, -L * 0.5, 0, -L * 0.5)
        outline = right.pts + left.pts[::-1][1:]
        # cut-off branches behind the body: small stubs with pale cut faces
        for t, side in ((-0.3, 1), (-0.12, -1), (0.06, 1), (0.24, -1)):
            yy = L * t
            half = L * (0.045 + 0.035 * (0.5 - t)) * g
            with c.at(side * half, yy, rot=side * 60):
                sw = L * 0.026 * g
                c.poly([(-sw, L * 0.03), (sw, L * 0.03), (sw, -L * 0.035), (-sw, -L * 0.035)],
                       k.wood, INK, lw)
                c.ellipse(0, -L * 0.035, sw, sw * 0.45, k.wood_light, INK, lw * 0.7)
        c.poly(outline, k.wood, INK, lw)
        # bark streaks and a highlight
        c.stroke(geom.quad((-L * 0.015 * g, L * 0.42), (-L * 0.04 * g, 0), (-L * 0.045 * g, -L * 0.4), 10),
                 shade(k.wood, 1.28), L * 0.016 * g, caps=False)
        c.stroke(geom.quad((L * 0.025 * g, L * 0.3), (L * 0.04 * g, 0), (L * 0.05 * g, -L * 0.3), 8),
                 shade(k.wood, 0.72), L * 0.007 * g, caps=False)
        # the top is cut too
        c.ellipse(0, -L * 0.49, L * 0.075 * g, L * 0.02 * g, k.wood_light, INK, lw * 0.7)


def baton(c: Canvas, style: str, x: float, y: float, length: float, rot: float = 0.0) -> None:
    """A turned ceremonial staff with banded middle and knobbed ends."""
    k = INKS[style]
    L = length
    lw = max(0.45, L * 0.01)
    main, band, end = ((k.red, k.gold, k.blue) if style == "bergamasche"
                       else (k.green, k.red, k.gold))
    with c.at(x, y, rot=rot):
        w = L * 0.028
        c.poly([(-w, -L * 0.44), (w, -L * 0.44), (w, L * 0.44), (-w, L * 0.44)], main, INK, lw)
        c.stroke([(-w * 0.35, -L * 0.42), (-w * 0.35, L * 0.42)], shade(main, 1.3), w * 0.5, caps=False)
        for t in (-0.3, 0.0, 0.3):
            c.poly([(-w * 1.35, L * t - L * 0.035), (w * 1.35, L * t - L * 0.035),
                    (w * 1.35, L * t + L * 0.035), (-w * 1.35, L * t + L * 0.035)], band, INK, lw)
            c.stroke([(-w * 1.3, L * t), (w * 1.3, L * t)], shade(band, 0.7), lw * 0.8, caps=False)
        for sgn in (-1, 1):
            yy = sgn * L * 0.46
            c.poly(geom.ellipse(0, yy, w * 1.7, L * 0.035, 24), end, INK, lw)
            c.circle(0, sgn * L * 0.5, w * 1.05, end, INK, lw)
