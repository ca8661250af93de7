"""The two jokers: a jester in full colour (red) or in black ink (black).

"JOKER" runs down the corners letter by letter, the way printed jokers do.
"""

from __future__ import annotations

from game.cards import RED_JOKER, Card
from scenes.art.cardart import geom
from scenes.art.cardart.canvas import Canvas, Color
from scenes.art.cardart.palette import BLACK, BLUE, CARD, CHEEK, FLESH, GOLD, GREEN, INK, RED, WHITE

LW = 0.7


def _shade(col: tuple, k: float) -> tuple:
    return tuple(max(0, min(255, round(v * k))) for v in col[:3])


def _colours(red: bool) -> dict:
    if red:
        return {"a": RED, "b": GOLD, "c": BLUE, "d": GREEN, "skin": FLESH, "cheek": CHEEK,
                "bell": GOLD, "ink": RED}
    grey, light = (70, 70, 74), (200, 200, 204)
    return {"a": BLACK, "b": light, "c": grey, "d": (150, 150, 156), "skin": (244, 240, 234),
            "cheek": (214, 210, 206), "bell": light, "ink": BLACK}


def _letters(c: Canvas, color: Color) -> None:
    for rot, (ox, oy) in ((0, (0.0, 0.0)), (180, (100.0, 150.0))):
        with c.at(ox, oy, rot=rot):
            for i, ch in enumerate("JOKER"):
                c.text(ch, 8.5, 5.5 + i * 10.0, 8.0, color, anchor="top")


def _bell(c: Canvas, x: float, y: float, r: float, col: Color) -> None:
    c.circle(x, y, r, col, INK, LW * 0.8)
    c.stroke([(x - r * 0.6, y + r * 0.15), (x + r * 0.6, y + r * 0.15)], INK, 0.45, caps=False)
    c.circle(x, y + r * 0.45, r * 0.22, INK)


def _jester(c: Canvas, k: dict) -> None:
    cx = 50.0
    # a harlequin tunic in lozenges
    body = [(cx - 24, 131), (cx - 20, 104), (cx - 9, 97), (cx + 9, 97), (cx + 20, 104), (cx + 24, 131)]
    c.poly(body, k["a"], INK, LW)
    for row in range(3):
        for col in range(-3, 4):
            x = cx + col * 8.0 + (4.0 if row % 2 else 0.0)
            y = 106 + row * 9.0
            if abs(x - cx) > 17 + row * 1.5:
                continue
            c.poly([(x, y - 4.5), (x + 4, y), (x, y + 4.5), (x - 4, y)], k["b"] if (col + row) % 2 else k["c"])
    c.poly(body, None)
    c.stroke(body + [body[0]], INK, LW, caps=False)
    # a ruff of points around the neck, a bell on every other tip
    import math
    n = 8
    tips, bases = [], []
    for i in range(n + 1):
        a = math.radians(180 - 180 * i / n)
        tips.append((cx + 27 * math.cos(a), 91 + 17 * math.sin(a)))
    for i in range(n):
        a = math.radians(180 - 180 * (i + 0.5) / n)
        bases.append((cx + 17 * math.cos(a), 90 + 9 * math.sin(a)))
    for i in range(n + 1):
        left = bases[i - 1] if i > 0 else (cx - 15, 88)
        right = bases[i] if i < n else (cx + 15, 88)
        c.poly([left, tips[i], right, (cx, 89)], (k["a"], k["b"], k["c"])[i % 3], INK, LW * 0.8)
    for i in range(0, n + 1, 2):
        _bell(c, tips[i][0], tips[i][1] + 1.5, 1.8, k["bell"])
    # the hat: three floppy points ending in bells
    for side, col in ((-1, k["a"]), (1, k["c"])):
        p = geom.Path(cx + side * 2, 58)
        p.C(cx + side * 8, 42, cx + side * 22, 30, cx + side * 34, 40)
        p.C(cx + side * 26, 40, cx + side * 20, 48, cx + side * 15, 60)
        c.poly(p.pts, col, INK, LW)
        _bell(c, cx + side * 34.5, 42.5, 2.9, k["bell"])
    mid = geom.Path(cx - 9, 58)
    mid.C(cx - 9, 40, cx - 3, 26, cx + 4, 21)
    mid.C(cx + 2, 30, cx + 8, 44, cx + 10, 58)
    c.poly(mid.pts, k["b"], INK, LW)
    _bell(c, cx + 4.5, 20, 2.9, k["bell"])
    # the face
    face = geom.Path(cx, 60)
    face.C(cx + 8, 60, cx + 12.5, 66, cx + 12, 74)
    face.C(cx + 11.5, 83, cx + 6, 89, cx, 89.5)
    c.poly(geom.mirrored(face.pts, cx), k["skin"], INK, LW)
    band = [(cx - 15, 57), (cx + 15, 57), (cx + 14, 64), (cx - 14, 64)]
    c.poly(band, k["b"], INK, LW)
    for i in range(-2, 3):
        c.circle(cx + i * 5.5, 60.5, 1.1, k["a"] if i % 2 else k["c"])
    c.circle(cx - 6.5, 78, 2.6, k["cheek"])
    c.circle(cx + 6.5, 78, 2.6, k["cheek"])
    for side in (-1, 1):  # laughing eyes
        c.stroke(geom.quad((cx + side * 6.8, 71.5), (cx + side * 4.3, 68.8), (cx + side * 1.8, 71.5), 8), INK, 0.9)
        c.stroke(geom.quad((cx + side * 7.5, 67), (cx + side * 4.5, 64.8), (cx + side * 1.6, 66.5), 8), INK, 0.6)
    c.stroke([(cx + 0.2, 71), (cx + 2.2, 77.5), (cx - 0.6, 78.2)], _shade(k["skin"], 0.6), 0.7)
    smile = [(cx - 6, 81)] + geom.quad((cx - 6, 81), (cx, 88.5), (cx + 6, 81), 12)
    smile += geom.quad((cx + 6, 81), (cx, 84), (cx - 6, 81), 10)[:-1]
    c.poly(smile, k["a"] if k["a"] != BLACK else (60, 60, 64), INK, 0.5)


def draw(c: Canvas, card: Card) -> None:
    red = card.rank == RED_JOKER
    k = _colours(red)
    _letters(c, k["ink"])
    _jester(c, k)
    for x, y, s in ((78, 22, 4.5), (22, 128, 4.5), (80, 118, 3.0), (20, 30, 0)):
        if s:
            star = []
            import math
            for i in range(8):
                r = s if i % 2 == 0 else s * 0.35
                a = math.radians(-90 + i * 45)
                star.append((x + r * math.cos(a), y + r * math.sin(a)))
            c.poly(star, k["b"] if red else k["c"])
    _ = CARD, WHITE
