"""French faces: pips in the classic positions, corner indices, aces.

Courts and jokers are drawn by scenes.art.cardart.courts and .jokers; this module
lays out the card around them.
"""

from __future__ import annotations

import math

from game.cards import Card
from scenes.art.cardart import courts, geom, jokers, pips
from scenes.art.cardart.canvas import Canvas
from scenes.art.cardart.palette import BLACK, CARD, INK, french_ink

RANK_TEXT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

L, C, R = 29.0, 50.0, 71.0
ROWS4 = (27.0, 59.0, 91.0, 123.0)
TOP, MID, BOT = 27.0, 75.0, 123.0
PIP = 19.5

#: pip centres for 2..10, classic layout; pips below the middle are upside down
LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((C, TOP), (C, BOT)),
    3: ((C, TOP), (C, MID), (C, BOT)),
    4: ((L, TOP), (R, TOP), (L, BOT), (R, BOT)),
    5: ((L, TOP), (R, TOP), (C, MID), (L, BOT), (R, BOT)),
    6: ((L, TOP), (R, TOP), (L, MID), (R, MID), (L, BOT), (R, BOT)),
    7: ((L, TOP), (R, TOP), (C, 51.0), (L, MID), (R, MID), (L, BOT), (R, BOT)),
    8: ((L, TOP), (R, TOP), (C, 51.0), (L, MID), (R, MID), (C, 99.0), (L, BOT), (R, BOT)),
    9: tuple((x, y) for y in ROWS4 for x in (L, R)) + ((C, MID),),
    10: tuple((x, y) for y in ROWS4 for x in (L, R)) + ((C, 43.0), (C, 107.0)),
}


def ink(card: Card, four: bool = False) -> tuple[int, int, int]:
    """The card's ink: red or black, or its suit's own in the four-colour deck."""
    return french_ink(card.suit, card.is_red, four)


#: the cap height of a corner index, in card units: large enough that an 8 never reads
#: as a 9 on a card 60 px wide
INDEX_CAP = 15.0


def draw_index(c: Canvas, card: Card, four: bool = False) -> None:
    """Rank and small suit in the top-left corner and, turned, bottom-right."""
    color = ink(card, four)
    label = RANK_TEXT.get(card.rank, str(card.rank))
    for rot, (ox, oy) in ((0, (0.0, 0.0)), (180, (100.0, 150.0))):
        with c.at(ox, oy, rot=rot):
            c.text(label, 9.5, 4.0, INDEX_CAP, color, condense=0.78 if label == "10" else 0.9,
                   max_w=16.0, anchor="top")
            pips.draw(c, card.suit, 9.5, 29.5, 11.0, color)


def draw_pips(c: Canvas, card: Card, four: bool = False) -> None:
    color = ink(card, four)
    size = PIP * (1.06 if card.suit == "D" else 1.0)
    for x, y in LAYOUT[card.rank]:
        pips.draw(c, card.suit, x, y, size, color, rot=180 if y > MID + 0.1 else 0)


def draw_ace(c: Canvas, card: Card, four: bool = False) -> None:
    color = ink(card, four)
    if card.suit != "S":
        pips.draw(c, card.suit, 50, 75, 42 if card.suit != "D" else 45, color)
        return
    _ace_of_spades(c)


def _ace_of_spades(c: Canvas) -> None:
    """The large ornate spade: an engraved inner line, a star and a maker's ribbon."""
    cx, cy, size = 50.0, 70.0, 62.0
    pips.draw(c, "S", cx, cy, size, BLACK)
    body = geom.dedupe(pips.shape("S")[0][1], 0.01)
    with c.at(cx, cy, s=size):
        for d, col in ((0.05, CARD), (0.07, BLACK)):
            # an inset of the narrow tip crosses the axis: drop those points to truncate it
            inner = [q for p, q in zip(body, geom.inset(body, d)) if p[0] * q[0] > 0]
            c.poly(inner, col)
    star = []
    for i in range(16):
        r = 6.0 if i % 2 == 0 else 2.3
        a = math.radians(-90 + i * 22.5)
        star.append((cx + r * math.cos(a), cy - 7 + r * math.sin(a)))
    c.poly(star, CARD)
    c.circle(cx, cy - 7, 1.4, BLACK)
    y = cy + 38
    band = [(cx - 30, y - 4), (cx + 30, y - 4), (cx + 27, y), (cx + 30, y + 4), (cx - 30, y + 4), (cx - 27, y)]
    c.poly(band, CARD, INK, 0.5)
    c.text("TAVOLATA", cx, y, 3.6, BLACK, condense=1.0)


def draw_face(c: Canvas, card: Card, four: bool = False) -> None:
    """Everything printed on a French face (the blank card is already there); ``four``:
    in the four-colour deck's inks."""
    if card.is_joker:
        jokers.draw(c, card)
        return
    if 11 <= card.rank <= 13:
        courts.draw_french(c, card, four)
    elif card.rank == 14:
        draw_ace(c, card, four)
    else:
        draw_pips(c, card, four)
    draw_index(c, card, four)
