"""The kiosk's warning before the demo takes the screen back from a person: "Still there?
The demo starts in 10 s", counting down over the dimmed screen they left.

Nothing under it moves meanwhile (only the top scene runs), so a half-played game
waits where it was; the kiosk takes the warning away at any input and keeps the
key or click that answered it from doing anything else (scenes/screens/kiosk/__init__.py).
"""

from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.scene import Scene


class StillThere(Scene):
    """The warning; ``left()`` is the seconds before the demo comes back."""

    overlay = True

    def __init__(self, app: Any, left: Callable[[], float]) -> None:
        super().__init__(app)
        self.left = left

    def seconds(self) -> int:
        """The whole seconds the countdown shows (never 0 while it is on screen)."""
        return max(1, math.ceil(self.left() - 1e-6))

    def animating(self) -> bool:
        return True       # the countdown changes by itself

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        theme.dim(surface)
        s = theme.ui_scale(size)
        big = self.app.fonts.get(theme.font_px(34, size), bold=True)
        small = self.app.fonts.get(theme.font_px(20, size))
        title = tr("kiosk.still_there")
        count = tr("kiosk.demo_in", seconds=self.seconds())
        hint = tr("kiosk.stay")
        width = max(big.size(title)[0], big.size(count)[0], small.size(hint)[0]) + round(72 * s)
        height = big.get_linesize() * 2 + small.get_linesize() + round(64 * s)
        panel = pygame.Rect(0, 0, width, height)
        panel.center = (size[0] // 2, size[1] // 2)
        theme.draw_panel(surface, panel, border=theme.GOLD, fill=(8, 30, 20, 240))
        y = panel.y + round(24 * s)
        rect = theme.text(surface, big, title, theme.GOLD_LIGHT, (panel.centerx, y), "midtop")
        rect = theme.text(surface, big, count, theme.CREAM, (panel.centerx, rect.bottom), "midtop")
        theme.text(surface, small, hint, theme.CREAM, (panel.centerx, rect.bottom + round(14 * s)),
                   "midtop")
