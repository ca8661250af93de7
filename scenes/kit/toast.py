"""Short notices ("toasts") drawn over every scene, then fading away.

A notice is one line; a long one (a hint's why) takes two, no wider than
:data:`MAX_WIDTH`, and only beyond that is it cut with "…".

They are not a scene: a notice must survive scene changes (a settings file
reset at start, an error that sent the player back to the menu).  They stand just
above the key hints at the bottom edge, unless the scene on top says where their
lowest edge goes (:meth:`~scenes.kit.scene.Scene.toast_bottom`: the table keeps them
clear of the player's hand, the prompt and the buttons).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import pygame

from scenes.kit import theme
from scenes.kit.fonts import Fonts, SizedFont, shorten, wrap, wrap_even

FADE = 0.4          # seconds of fade-out at the end of a toast
MAX_SHOWN = 3
#: the widest a notice is drawn, at the design size (1280x720): wider, it takes two lines
MAX_WIDTH = 760
MAX_LINES = 2


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
        max_w = min(size[0] - 4 * pad, theme.px(MAX_WIDTH, size))
        for item in reversed(self.items):
            images = [font.render(line, True, theme.CREAM) for line in lines_of(font, item.text, max_w)]
            line_h = font.get_linesize()
            inner = pygame.Rect(0, 0, max(i.get_width() for i in images), line_h * len(images))
            rect = inner.inflate(pad * 2, pad)
            rect.midbottom = (size[0] // 2, y)
            radius = min(rect.h // 2, line_h)
            alpha = 255 if item.left > FADE else int(255 * item.left / FADE)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (8, 28, 18, 235), layer.get_rect(), border_radius=radius)
            pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=2, border_radius=radius)
            top = (rect.h - inner.h) // 2
            for i, image in enumerate(images):
                layer.blit(image, image.get_rect(midtop=(rect.w // 2, top + i * line_h)))
            layer.set_alpha(alpha)
            surface.blit(layer, rect)
            self.shown.append(rect)
            y = rect.top - pad // 2


def band(size: tuple[int, int], bottom: int) -> pygame.Rect:
    """Where notices can ever lie when the lowest stands on ``bottom``: the most of them
    shown at once, each of the most lines, as wide as one may be (a line's height taken
    as 1.4 times the font's size: a little more than any font here gives)."""
    pad = theme.px(12, size)
    line_h = int(theme.px(19, size) * 1.4) + 1
    w = min(size[0] - 4 * pad, theme.px(MAX_WIDTH, size)) + pad * 2
    h = MAX_SHOWN * (line_h * MAX_LINES + pad + pad // 2)
    return pygame.Rect(size[0] // 2 - w // 2, bottom - h, w, h)


def lines_of(font: SizedFont, words: str, width: int) -> list[str]:
    """``words`` in at most :data:`MAX_LINES` lines no wider than ``width`` (two of them
    about as wide as each other), the last cut with "…" where even they cannot hold it all."""
    lines = wrap(font, words, width)
    if len(lines) <= MAX_LINES:
        lines = wrap_even(font, words, width)
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES - 1] + [" ".join(lines[MAX_LINES - 1:])]
    lines[-1] = shorten(font, lines[-1], width)
    return lines
