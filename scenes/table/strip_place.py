"""Where the rank strip (scenes/table/ranks.py) stays: one place per table and window size.

A player reading the card order expects it where it was.  Chosen at the first frame
that draws it (and again only when the window's size, the cards' size or the strip's
lines change), the place must be free of what can *ever* lie there in the game, not only
of what lies there now: a strip that jumps when your first trick lands on its corner, or
vanishes while the Dealer chip sits by your plate, reads as a bug.  What can ever lie
there, as far as the table knows it at the first frame:

* every seat's name plate, lit (wider by its turn marker) and :data:`PLATE_ROOM` font
  sizes wider for a longer total, with the band above and under it where the game's
  words by a plate go (the dealer chip, a "Pass" bubble: ``TrickTable.by_plate`` puts
  them a ``font(27)`` away);
* every zone's cards as that zone lays out the most cards one zone of the game holds (the
  adapter's ``most_cards``: a pile of tricks, a hand at its widest, a landlord's 20);
* the score board, the corner buttons (with every button they may show), the guest's
  light, the words on the felt now and the bar's buttons (a bar laid out later moves
  off the strip: scenes/table/controls.py); the prompt's line, and the notices' band
  over the table (scenes/kit/toast.py ``band``: the most of them, at their widest).

The first candidate spot (the corners, then along the top and bottom edges) free of all that,
inside the window, is the strip's for the whole game; where none is (a small window, many
seats), there is no strip for the whole game at that size: the rules say it all.  The
look back button keeps clear of the place chosen (it has spots of its own); a phrase's
bubble keeps clear of the strip as drawn.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

import pygame

from scenes.kit.layout import Layout

#: a plate's total may grow by this many font sizes of words (a "−1200" after a "0")
PLATE_ROOM = 3
#: the strip lies this many pixels off what can lie round it: touching, two panels read
#: as one
STRIP_GAP = 2


def plate_reach(plate: pygame.Rect, lay: Layout, below: bool) -> pygame.Rect:
    """Where a lit plate and the words a game lays by it can lie: over your plate
    (``below`` False), under the others'."""
    chip = lay.font(27) + lay.font(14)
    rect = plate.inflate(lay.font(15) * PLATE_ROOM * 2, 0)
    return rect.union(rect.move(0, chip if below else -chip))


def card_reach(targets: Iterable[tuple[float, float, float, float]], lay: Layout) -> list[pygame.Rect]:
    """The rectangles of cards laid at ``targets`` (x, y, angle, scale), upright or turned a
    quarter (a side seat's hand), whatever their angle within a few degrees."""
    out = []
    for x, y, angle, scale in targets:
        w, h = lay.card_w * scale, lay.card_h * scale
        if 45 <= abs(angle) % 180 <= 135:
            w, h = h, w
        pad = max(4, int(w * 0.12))          # a fan's lean and the card's shadow
        rect = pygame.Rect(0, 0, int(w) + pad * 2, int(h) + pad * 2)
        rect.center = (int(x), int(y))
        out.append(rect)
    return out


def strip_spots(lay: Layout, size: tuple[int, int], board: pygame.Rect,
                you: pygame.Rect, corner: Optional[pygame.Rect]) -> list[pygame.Rect]:
    """Where the strip may go, best first: the bottom right corner, the top edge left of
    the corner buttons (``corner``: their row at its widest), the top right under them,
    the bottom left over your plate's words (``you``: their reach), beside the board;
    then along the window's bottom and top edges, a step at a time, so a crowded table
    still finds the one free stretch there if there is one (not down the sides, where
    the pickers and the trick reach out)."""
    w, h = size
    gap = max(4, lay.font(13) // 3)
    m = lay.margin
    right, bottom = lay.width - m - w, lay.height - m - h
    corner_left = corner.left if corner is not None else lay.width - m
    best = [(right, bottom), (corner_left - gap * 2 - w, m), (right, lay.corner_bottom + gap),
            (m, you.top - gap - h), (board.right + gap * 2, board.top)]
    step = gap * 4
    edges = [(x, bottom) for x in range(right, m - 1, -step)]
    edges += [(x, m) for x in range(right, m - 1, -step)]
    return [pygame.Rect(x, y, w, h) for x, y in best + edges]


def choose_spot(lay: Layout, spots: Sequence[pygame.Rect],
                taken: Sequence[pygame.Rect]) -> Optional[pygame.Rect]:
    """The first spot inside the window and clear of every rectangle ``taken`` (what can
    ever lie there) by a pixel or two, or None: no strip at this size (under the corner
    buttons the strip's edge met the top of a long name's plate at 900x560)."""
    window = pygame.Rect(0, 0, *lay.size)
    band = lay.font(16) * 2            # the prompt's line (and a notice's over it)
    line = pygame.Rect(0, int(lay.prompt_y - band / 2), lay.width, band)
    apart = [r.inflate(STRIP_GAP * 2, STRIP_GAP * 2) for r in taken]
    return next((r for r in spots if window.contains(r) and not r.colliderect(line)
                 and r.collidelist(apart) < 0), None)
