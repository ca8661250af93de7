"""Point lists for smooth shapes: beziers, arcs, ellipses and mirrored halves.

Every shape in the card art is a polygon in card units; curves are sampled
finely enough that the supersampled render shows no facets.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

Point = tuple[float, float]


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 14) -> list[Point]:
    """Points of a cubic bezier from p0 to p3, p0 excluded (so paths can chain)."""
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def quad(p0: Point, p1: Point, p2: Point, n: int = 10) -> list[Point]:
    """Points of a quadratic bezier, p0 excluded."""
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return out


def arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 16,
        ry: float | None = None) -> list[Point]:
    """Points on an arc, angles in degrees, 0 = right, 90 = down (screen axes)."""
    ry = r if ry is None else ry
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((cx + r * math.cos(a), cy + ry * math.sin(a)))
    return out


def ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 40,
            rot: float = 0.0) -> list[Point]:
    """A closed ellipse as a polygon, optionally rotated (degrees, clockwise)."""
    cr, sr = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    out = []
    for i in range(n):
        a = 2 * math.pi * i / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return out


class Path:
    """A polyline built with move/line/curve calls, like an SVG path."""

    def __init__(self, x: float, y: float) -> None:
        self.pts: list[Point] = [(x, y)]

    @property
    def last(self) -> Point:
        return self.pts[-1]

    def L(self, x: float, y: float) -> "Path":  # noqa: N802 - SVG letters read best
        self.pts.append((x, y))
        return self

    def C(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float,  # noqa: N802
          n: int = 12) -> "Path":
        self.pts += cubic(self.last, (x1, y1), (x2, y2), (x, y), n)
        return self

    def Q(self, x1: float, y1: float, x: float, y: float, n: int = 10) -> "Path":  # noqa: N802
        self.pts += quad(self.last, (x1, y1), (x, y), n)
        return self


def mirrored(half: Sequence[Point], cx: float = 0.0) -> list[Point]:
    """A closed outline symmetric about x=cx from its right (or left) half.

    ``half`` runs from a point on the axis to another point on the axis.
    """
    back = [(2 * cx - x, y) for x, y in reversed(half)]
    if back and abs(back[0][0] - half[-1][0]) < 1e-9:
        back = back[1:]
    if back and abs(back[-1][0] - half[0][0]) < 1e-9 and abs(back[-1][1] - half[0][1]) < 1e-9:
        back = back[:-1]
    return list(half) + back


def flip_x(pts: Iterable[Point], cx: float = 0.0) -> list[Point]:
    """The mirror image of a point list about the vertical line x=cx."""
    return [(2 * cx - x, y) for x, y in pts]


def transform(pts: Iterable[Point], dx: float = 0.0, dy: float = 0.0, s: float = 1.0,
              rot: float = 0.0) -> list[Point]:
    """Scale, rotate (degrees, clockwise on screen) then move a point list."""
    cr, sr = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    return [(dx + s * (x * cr - y * sr), dy + s * (x * sr + y * cr)) for x, y in pts]


def ribbon(pts: Sequence[Point], w0: float, w1: float | None = None) -> list[Point]:
    """A closed outline of a polyline thickened from width w0 to w1 (tapering)."""
    w1 = w0 if w1 is None else w1
    n = len(pts)
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(pts):
        ax, ay = pts[max(i - 1, 0)]
        bx, by = pts[min(i + 1, n - 1)]
        dx, dy = bx - ax, by - ay
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        h = (w0 + (w1 - w0) * (i / max(n - 1, 1))) / 2
        left.append((x + nx * h, y + ny * h))
        right.append((x - nx * h, y - ny * h))
    return left + right[::-1]


def signed_area(pts: Sequence[Point]) -> float:
    """Shoelace area; the sign tells the winding."""
    s = 0.0
    for i in range(len(pts)):
        x0, y0 = pts[i - 1]
        x1, y1 = pts[i]
        s += x0 * y1 - x1 * y0
    return s / 2


def inset(pts: Sequence[Point], d: float, max_miter: float = 2.5) -> list[Point]:
    """The polygon moved inward by d (miter joins, clamped at sharp tips).

    Used to draw an outline as "fill with ink, then fill the inset with colour":
    two polygon calls instead of hundreds of thick-line segments.
    """
    n = len(pts)
    if n < 3:
        return list(pts)
    sign = 1.0 if signed_area(pts) > 0 else -1.0
    out = []
    for i in range(n):
        px, py = pts[i - 1]
        x, y = pts[i]
        qx, qy = pts[(i + 1) % n]
        e1x, e1y = x - px, y - py
        e2x, e2y = qx - x, qy - y
        l1 = math.hypot(e1x, e1y) or 1.0
        l2 = math.hypot(e2x, e2y) or 1.0
        # inward normals (screen axes, y down): for positive area (clockwise on screen)
        n1x, n1y = -e1y / l1 * sign, e1x / l1 * sign
        n2x, n2y = -e2y / l2 * sign, e2x / l2 * sign
        bx, by = n1x + n2x, n1y + n2y
        bl = math.hypot(bx, by)
        if bl < 1e-9:
            bx, by, bl = n1x, n1y, 1.0
        bx, by = bx / bl, by / bl
        cos_half = bx * n1x + by * n1y
        m = d / max(cos_half, 1.0 / max_miter)
        out.append((x + bx * m, y + by * m))
    return out


def dedupe(pts: Sequence[Point], eps: float) -> list[Point]:
    """Drop points closer than eps to the previous kept one (steadier insets)."""
    out: list[Point] = []
    for p in pts:
        if not out or math.hypot(p[0] - out[-1][0], p[1] - out[-1][1]) >= eps:
            out.append(p)
    if len(out) > 2 and math.hypot(out[0][0] - out[-1][0], out[0][1] - out[-1][1]) < eps:
        out.pop()
    return out
