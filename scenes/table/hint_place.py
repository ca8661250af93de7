"""Where the Hint button stands beside a picker (bids, bets, contracts, a suit, an Ace
high or low): a second bar of one button, since the picker's own bar keeps its shape.

It stands by your name plate (pushed in from the window's edge), level with the
prompt, as the Hint alone does beside a card to play; where the picker (or anything
else kept clear: the rank strip, the prompt's line) lies there, beside the picker
instead, on its right, else on its left, else under it, else on its left level with
its top, else above it, else beside it level with its middle, in from the window's edge (Briscola's suits
right of the trick at 1280x720 with the largest text: a side hand by your plate, the
trick and the prompt's line round them; in a row over the trick at 1000x640, the score
board on its left and Last trick over its right end): never over the picker, what is
kept clear or off the table.
"""

from __future__ import annotations

from typing import Optional, Sequence

import pygame


def hint_place(size: tuple[int, int], plate: tuple[float, float], picker: pygame.Rect,
               avoid: Sequence[pygame.Rect], bounds: pygame.Rect,
               gap: int) -> Optional[tuple[float, float]]:
    """The centre of a ``size`` button: by the plate (``plate``, its centre there), else
    beside the ``picker``'s panel; clear of it and of each of ``avoid`` by ``gap``,
    inside ``bounds``.  None when nowhere is clear (H still asks)."""
    w, h = size
    taken = [picker.inflate(gap * 2, gap * 2)] + [r.inflate(gap * 2, gap * 2) for r in avoid]
    # by the plate, as far in as the bounds ask (a wide Hint by a plate near the edge)
    near = min(max(plate[0], bounds.left + w / 2), bounds.right - w / 2)
    tries = [(near, plate[1]),
             (picker.right + gap + w / 2, picker.bottom - h / 2),
             (picker.left - gap - w / 2, picker.bottom - h / 2),
             (picker.centerx, picker.bottom + gap + h / 2),
             (picker.left - gap - w / 2 - 1, picker.top + h / 2),
             (picker.centerx, picker.top - gap - h / 2 - 1)]
    # beside it level with its middle, pushed in from the window's edge
    tries += [(min(max(x, bounds.left + w / 2), bounds.right - w / 2), picker.centery)
              for x in (picker.right + gap + w / 2, picker.left - gap - w / 2)]
    for x, y in tries:
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(x), round(y))
        if bounds.contains(rect) and rect.collidelist(taken) < 0:
            return x, y
    return None
