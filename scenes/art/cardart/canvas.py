"""A supersampled drawing surface addressed in card units.

Every card is designed on a 100 x 150 unit sheet.  A Canvas maps units to the
pixels of a surface several times larger than the final card; the finished
sheet is smooth-scaled down, which antialiases every polygon, circle and
glyph at once.  That is what keeps the art crisp at any size.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Iterator, Sequence

import pygame

from scenes.art.cardart import geom, text
from scenes.art.cardart.geom import Point
from scenes.window.convert import for_screen

UNIT_W = 100.0
UNIT_H = 150.0

Color = tuple


def supersample(width: int) -> int:
    """How many times larger than the final card the art is drawn.

    Powers of two only: pygame's SSE2 smoothscale rounds a 3:1 shrink down
    (opaque white comes out at alpha 253), 2:1 and 4:1 are exact.
    """
    return 4 if width <= 128 else 2


class Canvas:
    """Draws polygons, circles and text in unit coordinates through a transform stack."""

    def __init__(self, surface: pygame.Surface, scale: float) -> None:
        self.surface = surface
        self._m = (scale, 0.0, 0.0, scale, 0.0, 0.0)

    # -- transforms ----------------------------------------------------------
    @property
    def unit(self) -> float:
        """Pixels per unit in the current frame."""
        a, b, c, d = self._m[:4]
        return math.sqrt(abs(a * d - b * c))

    @property
    def angle(self) -> float:
        """Rotation of the current frame, degrees clockwise on screen."""
        return math.degrees(math.atan2(self._m[1], self._m[0]))

    @property
    def flipped(self) -> bool:
        a, b, c, d = self._m[:4]
        return a * d - b * c < 0

    @contextmanager
    def at(self, x: float = 0.0, y: float = 0.0, rot: float = 0.0, s: float = 1.0,
           sx: float = 1.0, sy: float = 1.0) -> Iterator["Canvas"]:
        """A nested frame: move to (x, y), rotate (degrees, clockwise), then scale."""
        old = self._m
        a, b, c, d, e, f = old
        e2, f2 = a * x + c * y + e, b * x + d * y + f
        cs, sn = math.cos(math.radians(rot)), math.sin(math.radians(rot))
        a2, b2 = a * cs + c * sn, b * cs + d * sn
        c2, d2 = -a * sn + c * cs, -b * sn + d * cs
        kx, ky = s * sx, s * sy
        self._m = (a2 * kx, b2 * kx, c2 * ky, d2 * ky, e2, f2)
        try:
            yield self
        finally:
            self._m = old

    def tx(self, pts: Sequence[Point]) -> list[Point]:
        a, b, c, d, e, f = self._m
        return [(a * x + c * y + e, b * x + d * y + f) for x, y in pts]

    def px(self, x: float, y: float) -> Point:
        a, b, c, d, e, f = self._m
        return (a * x + c * y + e, b * x + d * y + f)

    # -- primitives ----------------------------------------------------------
    def poly(self, pts: Sequence[Point], fill: Color | None = None,
             line: Color | None = None, w: float = 0.6) -> None:
        """A filled polygon; with ``line`` it gets an ink outline of width w (inside)."""
        p = self.tx(pts)
        if len(p) < 3:
            return
        if line is not None and w * self.unit >= 0.5:
            pygame.draw.polygon(self.surface, line, p)
            if fill is not None:
                pygame.draw.polygon(self.surface, fill, geom.inset(p, w * self.unit))
        elif fill is not None:
            pygame.draw.polygon(self.surface, fill, p)

    def circle(self, x: float, y: float, r: float, fill: Color | None = None,
               line: Color | None = None, w: float = 0.6) -> None:
        cx, cy = self.px(x, y)
        rp = r * self.unit
        if line is not None:
            pygame.draw.circle(self.surface, line, (cx, cy), rp)
            if fill is not None and rp - w * self.unit > 0.5:
                pygame.draw.circle(self.surface, fill, (cx, cy), rp - w * self.unit)
        elif fill is not None:
            pygame.draw.circle(self.surface, fill, (cx, cy), rp)

    def ring(self, x: float, y: float, r: float, color: Color, w: float) -> None:
        """A circle outline of width w centred on radius r."""
        cx, cy = self.px(x, y)
        rp, wp = (r + w / 2) * self.unit, max(1, round(w * self.unit))
        pygame.draw.circle(self.surface, color, (cx, cy), rp, wp)

    def ellipse(self, x: float, y: float, rx: float, ry: float, fill: Color | None = None,
                line: Color | None = None, w: float = 0.6, rot: float = 0.0) -> None:
        self.poly(geom.ellipse(x, y, rx, ry, 48, rot), fill, line, w)

    def stroke(self, pts: Sequence[Point], color: Color, w: float,
               w_end: float | None = None, caps: bool = True) -> None:
        """An open line of width w (tapering to w_end), with round caps."""
        if len(pts) < 2:
            return
        self.poly(geom.ribbon(pts, w, w_end), color)
        if caps:
            self.circle(*pts[0], w / 2, color)
            self.circle(*pts[-1], (w if w_end is None else w_end) / 2, color)

    def line(self, x0: float, y0: float, x1: float, y1: float, color: Color, w: float) -> None:
        self.stroke([(x0, y0), (x1, y1)], color, w)

    def rect(self, x: float, y: float, w: float, h: float, fill: Color | None = None,
             line: Color | None = None, lw: float = 0.6) -> None:
        self.poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill, line, lw)

    def rrect(self, x: float, y: float, w: float, h: float, r: float, color: Color,
              width: float = 0.0) -> None:
        """An axis-aligned rounded rectangle (frame must be unrotated)."""
        (x0, y0), (x1, y1) = self.px(x, y), self.px(x + w, y + h)
        rect = pygame.Rect(round(min(x0, x1)), round(min(y0, y1)),
                           round(abs(x1 - x0)), round(abs(y1 - y0)))
        wp = 0 if width <= 0 else max(1, round(width * self.unit))
        pygame.draw.rect(self.surface, color, rect, wp, border_radius=max(0, round(r * self.unit)))

    def text(self, s: str, x: float, y: float, cap: float, color: Color,
             bold: bool = True, condense: float = 1.0, max_w: float | None = None,
             anchor: str = "center") -> tuple[float, float]:
        """Text whose capital letters are ``cap`` units tall.

        anchor "center" centres the cap box on (x, y); "top" puts the cap top
        at y, centred on x.  Returns the text size in units.
        """
        u = self.unit
        surf = text.render(s, color, cap * u, bold, condense,
                           None if max_w is None else max_w * u)
        w_u, h_u = surf.get_width() / u, surf.get_height() / u
        cap_u = cap
        cx, cy = x, y
        if anchor == "top":
            cy = y + h_u / 2
        else:
            cy = y - cap_u / 2 + h_u / 2
        ang = self.angle
        if abs(ang) > 0.5:
            surf = pygame.transform.rotate(surf, -ang)
        px, py = self.px(cx, cy)
        self.surface.blit(surf, surf.get_rect(center=(round(px), round(py))))
        return w_u, h_u


def new_sheet(width: int, height: int, ss: int, edge: Color) -> tuple[pygame.Surface, Canvas]:
    """A transparent hi-res sheet whose clear pixels carry the edge colour.

    Clear pixels keep the edge's RGB so smooth-scaling does not darken the
    antialiased rim with transparent black.
    """
    surf = pygame.Surface((width * ss, height * ss), pygame.SRCALPHA)
    surf.fill((*edge[:3], 0))
    return surf, Canvas(surf, width * ss / UNIT_W)


def finish(sheet: pygame.Surface, width: int, height: int) -> pygame.Surface:
    """Scale the hi-res sheet down to the card, converted for fast blits when possible: on
    the main thread only (the display belongs to it; a painter thread's user converts)."""
    return for_screen(pygame.transform.smoothscale(sheet, (width, height)))


def clip_rounded(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """Make everything outside a rounded rectangle transparent (in place)."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
