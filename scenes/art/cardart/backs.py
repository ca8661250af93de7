"""Card backs: a red lattice for the French deck, interlaced rings for the Italian.

Every back's ground stands clear of the table's green felt (a back must read as a
card lying on it, even where only its edge shows in a stack).

Both are fine repeating patterns inside a white margin and a thin inner
frame, with a medallion in the middle, drawn on the supersampled sheet.
"""

from __future__ import annotations

import math

import pygame

from scenes.art.cardart import geom
from scenes.art.cardart.canvas import Canvas, Color, clip_rounded

MARGIN = 4.5

#: (ground, pattern line, accent) per back
FRENCH = ((138, 18, 36), (196, 70, 82), (240, 206, 150))
ITALIAN = {
    "napoletane": ((24, 54, 116), (86, 122, 190), (236, 206, 140)),
    # plum, not the green of old Bergamasche backs: green vanished on the green felt
    "bergamasche": ((84, 30, 74), (150, 84, 136), (240, 220, 160)),
    "bresciane": ((96, 40, 28), (170, 96, 62), (244, 214, 150)),
}


def _star(cx: float, cy: float, r: float, points: int, inner: float, rot: float = -90) -> list:
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(rot + i * 180 / points)
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _lattice(c: Canvas, line: Color, accent: Color) -> None:
    """Diagonal lines both ways, a tiny star in every other cell."""
    step = 6.0
    for i in range(-30, 30):
        x0 = i * step
        c.stroke([(x0, 0), (x0 + 150, 150)], line, 0.5, caps=False)
        c.stroke([(x0 + 150, 0), (x0, 150)], line, 0.5, caps=False)
    for m in range(0, 35):
        for n in range(0, 52):
            if (m + n) % 2 == 0:
                continue
            x, y = m * step / 2, n * step / 2
            if m % 2 == 0:
                c.circle(x, y, 0.7, accent)
            else:
                c.circle(x, y, 0.4, line)


def _rings(c: Canvas, line: Color, accent: Color) -> None:
    """Overlapping circles on a square grid: quatrefoils between them."""
    step = 7.0
    r = step / math.sqrt(2) + 0.2
    for i in range(-1, 17):
        for j in range(-1, 24):
            x, y = i * step, j * step
            c.ring(x, y, r, line, 0.55)
            c.circle(x, y, 0.9, accent)
            c.circle(x + step / 2, y + step / 2, 0.55, line)


def _medallion(c: Canvas, ground: Color, line: Color, accent: Color, italian: bool) -> None:
    cx, cy = 50.0, 75.0
    if italian:
        outer = [(cx, cy - 30), (cx + 22, cy), (cx, cy + 30), (cx - 22, cy)]
        c.poly(outer, accent)
        c.poly(geom.inset(outer, 1.2), ground)
        c.poly(geom.inset(outer, 2.6), accent)
        c.poly(geom.inset(outer, 3.3), ground)
        for k in range(4):
            a = k * 90
            with c.at(cx, cy, rot=a):
                leaf = geom.Path(0, -3)
                leaf.C(4, -8, 3, -15, 0, -19)
                leaf.C(-3, -15, -4, -8, 0, -3)
                c.poly(leaf.pts, accent)
        c.circle(cx, cy, 4.5, ground, accent, 1.0)
        c.poly(_star(cx, cy, 3.2, 4, 0.4, -90), accent)
    else:
        c.ellipse(cx, cy, 19, 26, accent)
        c.ellipse(cx, cy, 17.8, 24.8, ground)
        c.ellipse(cx, cy, 16.2, 23.2, accent)
        c.ellipse(cx, cy, 15.4, 22.4, ground)
        c.poly(_star(cx, cy, 14, 8, 0.42, -90), accent)
        c.poly(_star(cx, cy, 8.5, 8, 0.5, -67.5), ground)
        c.circle(cx, cy, 3.4, accent)
        c.circle(cx, cy, 1.6, ground)
        for a in range(0, 360, 45):
            x = cx + 19.5 * math.cos(math.radians(a - 90)) * 0.78
            y = cy + 25.5 * math.sin(math.radians(a - 90)) * 0.84
            c.circle(x, y, 0.9, accent)


def draw(sheet: pygame.Surface, c: Canvas, deck: str, style: str | None, corner: float) -> None:
    """Paint the back inside the blank card on ``sheet``."""
    ground, line, accent = ITALIAN[style or "napoletane"] if deck == "italian" else FRENCH
    k = c.unit
    panel = pygame.Surface(sheet.get_size(), pygame.SRCALPHA)
    panel.fill((*ground, 255))
    pc = Canvas(panel, k)
    (_rings if deck == "italian" else _lattice)(pc, line, accent)
    # an inner frame, a plain band around the medallion
    m = MARGIN
    pc.rrect(m + 2.2, m + 2.2, 100 - 2 * m - 4.4, 150 - 2 * m - 4.4, corner - 2.5, accent, 0.7)
    _medallion(pc, ground, line, accent, deck == "italian")
    rect = pygame.Rect(round(m * k), round(m * k), round((100 - 2 * m) * k), round((150 - 2 * m) * k))
    clip_rounded(panel, rect, round((corner - 1.5) * k))
    # only inside the panel: clear pixels of the sheet keep the edge colour for smooth scaling
    sheet.blit(panel, rect.topleft, area=rect)
