"""Where the table is drawn now: the window's layout and the card images at its size.

Both are made anew while the table lives: the layout when the window or the
player's "table cards and text" setting changes, the images when the card design
or the French inks do.  The table's parts keep the stage, never a layout or a set
of images of their own, so none of them can draw or hit-test at an old size.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.art.sprites import CardImages
from scenes.kit.layout import Layout


@dataclass
class Stage:
    layout: Layout
    images: CardImages

    def icon(self, code: str, height: int) -> pygame.Surface:
        """A card face ``height`` px tall, for icons in labels and buttons."""
        lay = self.layout
        width = max(8, int(round(height * lay.card_w / lay.card_h)))
        return self.images.base(code, width)
