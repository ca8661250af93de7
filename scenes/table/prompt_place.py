"""Where the prompt's line lies along its level: in the middle of the window where it is
free, else the nearest place clear of what stands on that level (a bar of buttons, cards
at rest: Dou Dizhu's played-out pile by your plate), a size smaller where its words need
it (an online table's names make the line longer: "Batti la giocata di Computer 3
(Coppia), o passa." ran onto that pile at 1000x640 with the largest text)."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

import pygame

#: the prompt's words may shrink down to this share of their size to find a free place
SMALLEST = 0.75


def free_along(line: pygame.Rect, blocks: Sequence[pygame.Rect], gap: int,
               bounds: pygame.Rect) -> Optional[pygame.Rect]:
    """``line`` moved along its level to the place nearest where it is, within ``bounds``
    and ``gap`` clear of every box of ``blocks``; None where there is none."""
    near = [r.inflate(gap * 2, gap * 2) for r in blocks]
    xs = [line.x] + [r.right for r in near] + [r.left - line.w for r in near]
    for x in sorted(xs, key=lambda x: abs(x - line.x)):
        moved = line.move(x - line.x, 0)
        if bounds.contains(moved) and moved.collidelist(near) < 0:
            return moved
    return None


def prompt_spot(rect_at: Callable[[int], Optional[pygame.Rect]], font: int,
                blocks: Sequence[pygame.Rect], gap: int,
                bounds: pygame.Rect) -> Optional[tuple[tuple[float, float], int]]:
    """The prompt's centre and size (``rect_at(size)``: its line in the middle at that
    size): the largest size, down to :data:`SMALLEST`, with a free place on its level;
    None where no size has one."""
    for size in range(font, max(11, int(font * SMALLEST)) - 1, -1):
        line = rect_at(size)
        if line is None:
            return None
        level = [r for r in blocks if r.top < line.bottom + gap and line.top - gap < r.bottom]
        spot = free_along(line, level, gap, bounds)
        if spot is not None:
            return (float(spot.centerx), float(line.centery)), size
    return None
