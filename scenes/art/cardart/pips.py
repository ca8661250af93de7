"""The four French suit signs as vector shapes (no font glyphs).

Each shape is a list of parts in a unit box: height 1, centred on (0, 0),
pointing up as it sits in the top half of a card.  ("poly", points) or
("circle", (x, y), r).
"""

from __future__ import annotations

import math
from functools import cache

from scenes.art.cardart import geom
from scenes.art.cardart.canvas import Canvas, Color

Part = tuple


def _heart_outline(n: int = 90) -> list[geom.Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    ys = [p[1] for p in pts]
    top, bottom = min(ys), max(ys)
    k = 1 / (bottom - top)
    mid = (top + bottom) / 2
    return [(x * k, (y - mid) * k) for x, y in pts]


def _stem(top: float, bottom: float, half_base: float) -> list[geom.Point]:
    """A flared stem: narrow at the body, concave sides, wide curved foot."""
    half_top = 0.035
    right = [(0.0, top), (half_top, top)]
    right += geom.quad((half_top, top), (half_top * 1.2, bottom - 0.03), (half_base, bottom), 8)
    right += geom.quad((half_base, bottom), (0.5 * half_base, bottom - 0.035), (0.0, bottom - 0.03), 6)
    return geom.mirrored(right)


@cache
def shape(suit: str) -> tuple[Part, ...]:
    """The parts of one suit sign: "S", "H", "D" or "C"."""
    if suit == "H":
        return (("poly", tuple(_heart_outline())),)
    if suit == "D":
        right = [(0.0, -0.5)]
        right += geom.quad((0.0, -0.5), (0.17, -0.21), (0.385, 0.0), 12)
        right += geom.quad((0.385, 0.0), (0.17, 0.21), (0.0, 0.5), 12)
        return (("poly", tuple(geom.mirrored(right))),)
    if suit == "S":
        body = [(x * 0.93, -y * 0.80 - 0.10) for x, y in _heart_outline()]
        return (("poly", tuple(body)), ("poly", tuple(_stem(0.12, 0.5, 0.17))))
    if suit == "C":
        r = 0.235
        parts: list[Part] = [
            ("circle", (0.0, -0.265), r),
            ("circle", (-0.255, 0.075), r),
            ("circle", (0.255, 0.075), r),
            ("poly", ((0.0, -0.2), (-0.2, 0.09), (0.0, 0.16), (0.2, 0.09))),
            ("poly", tuple(_stem(0.05, 0.5, 0.16))),
        ]
        return tuple(parts)
    raise ValueError(f"no French suit {suit!r}")


def draw(c: Canvas, suit: str, x: float, y: float, size: float, color: Color,
         rot: float = 0.0) -> None:
    """One pip ``size`` units tall centred on (x, y); rot=180 for the lower half."""
    with c.at(x, y, rot=rot, s=size):
        for part in shape(suit):
            if part[0] == "poly":
                c.poly(part[1], color)
            else:
                c.circle(part[1][0], part[1][1], part[2], color)
