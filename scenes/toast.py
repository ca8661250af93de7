"""One-line notices ("toasts") drawn over every scene, then fading away.

They are not a scene: a notice must survive scene changes (a settings file
reset at start, an error that sent the player back to the menu).  They stand just
above the key hints at the bottom edge, unless the scene on top says where their
lowest edge goes (:meth:`~scenes.scene.Scene.toast_bottom`: the table keeps them
clear of the player's hand, the prompt and the buttons).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import pygame

from scenes import theme
from scenes.fonts import Fonts, shorten

FADE = 0.4          # seconds of fade-out at the end of a toast
MAX_SHOWN = 3


@dataclass
class Toast:
    text: str
    left: float      # seconds still to show


class Toasts:
    def __init__(self) -> None:
        self.items: list[Toast] = []
        #: where the last draw put each notice (what a test checks they cover)
        self.shown: list[pygame.Rect] = []

    def notify(self, words: str, seconds: float = 3.0) -> None:
        """Show a notice; the same text again only refreshes its time."""
        for item in self.items:
            if item.text == words:
                item.left = max(item.left, seconds)
                return
        self.items.append(Toast(words, max(0.5, seconds)))
        del self.items[:-MAX_SHOWN]

    def withdraw(self, words: str) -> None:
        """A notice no longer true (a hint about a move since made) fades out now."""
        for item in self.items:
            if item.text == words:
                item.left = min(item.left, FADE)

    def update(self, dt: float) -> None:
        for item in self.items:
            item.left -= dt
        self.items = [i for i in self.items if i.left > 0]

    def draw(self, surface: pygame.Surface, fonts: Fonts, bottom: Optional[int] = None) -> None:
        """The notices, newest lowest, the lowest with its bottom edge at ``bottom`` (None:
        just above the key hints at the bottom edge)."""
        self.shown = []
        if not self.items:
            return
        size = surface.get_size()
        font = fonts.get(theme.px(19, size))
        pad = theme.px(12, size)
        y = size[1] - theme.px(44, size) if bottom is None else bottom
        for item in reversed(self.items):
            words = shorten(font, item.text, size[0] - 4 * pad)
            image = font.render(words, True, theme.CREAM)
            rect = image.get_rect().inflate(pad * 2, pad)
            rect.midbottom = (size[0] // 2, y)
            alpha = 255 if item.left > FADE else int(255 * item.left / FADE)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (8, 28, 18, 235), layer.get_rect(), border_radius=rect.h // 2)
            pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=2, border_radius=rect.h // 2)
            layer.blit(image, image.get_rect(center=layer.get_rect().center))
            layer.set_alpha(alpha)
            surface.blit(layer, rect)
            self.shown.append(rect)
            y = rect.top - pad // 2
