"""The marks the table draws on its cards (scenes/table/painting.py's part): a pulsing
golden halo behind a card the adapter highlights (a card to claim), and in a hand whose
cards are picked (Dou Dizhu) a tick on each picked card and a caret under the one in
focus, shapes that say what they mean whatever colours one sees.  Each mark is logged
with the rectangle it covers (scenes/dirty.py)."""

from __future__ import annotations

import math
from typing import Optional, Sequence

import pygame

from scenes.art.sprites import CardSprite, soft_rect
from scenes.dirty import PaintLog, blitted, box, circle_box, polygon_box, unclipped
from scenes.kit import theme
from scenes.kit.hud import Hud
from scenes.table.stage import Stage


class CardMarks:
    """The halo, tick and caret on the stage's cards; the halos kept per size and angle."""

    def __init__(self, stage: Stage, hud: Hud) -> None:
        self.stage = stage
        self.hud = hud
        self._halos: dict[tuple, pygame.Surface] = {}

    def forget(self) -> None:
        """The table leaves: its halos go back to the system."""
        self._halos.clear()

    def halo(self, surface: pygame.Surface, sprite: CardSprite, log: PaintLog) -> None:
        """The halo behind a lit card, logged."""
        log[("halo", sprite.id, self._halo_alpha())] = box(self._draw_halo(surface, sprite))

    def selection(self, surface: pygame.Surface, hand: Sequence[CardSprite],
                  picked: set[str], log: PaintLog) -> None:
        """A tick on each picked card of the hand, a caret under the one in focus, logged."""
        for i, sprite in enumerate(hand):
            above = hand[i + 1] if i + 1 < len(hand) else None
            if sprite.code in picked and not sprite.flying:
                log[("picked", sprite.id, sprite.lift)] = \
                    box(self._draw_tick(surface, sprite, above))
            if sprite.focus and not sprite.flying:
                log[("caret", sprite.id, sprite.lift)] = \
                    box(self._draw_caret(surface, sprite, above))

    def _draw_caret(self, surface: pygame.Surface, sprite: CardSprite,
                    above: Optional[CardSprite]) -> pygame.Rect:
        """The selection's cursor mark: a small caret in the focus colour under the card's
        visible part (the card ``above`` it in the fan covers the rest), over its lower
        edge when the window ends there, since in a selection only the picked cards rise."""
        size = max(7, self.stage.images.rect_of(sprite).w // 6)
        card, x = self._visible_strip(sprite, above, size * 2)
        tip_y = min(card.bottom + size // 2, self.stage.layout.height - size - 2)
        points = [(x, tip_y), (x - size, tip_y + size), (x + size, tip_y + size)]
        pygame.draw.polygon(surface, (10, 30, 48), [(px, py + 2) for px, py in points])
        pygame.draw.polygon(surface, self.stage.images.GLOW_FOCUS, points)
        return unclipped(surface, polygon_box(points)).inflate(4, 6)

    def _visible_strip(self, sprite: CardSprite, above: Optional[CardSprite],
                       least: int) -> tuple[pygame.Rect, int]:
        """A hand card's rectangle and the middle of its part not covered by the card
        ``above`` it in the fan (at least ``least`` px wide)."""
        card = self.stage.images.rect_of(sprite)
        right = card.right
        if above is not None:
            right = max(card.left + least, min(right, self.stage.images.rect_of(above).left))
        return card, (card.left + right) // 2

    def _draw_tick(self, surface: pygame.Surface, sprite: CardSprite,
                   above: Optional[CardSprite]) -> pygame.Rect:
        """A picked card's mark besides its rise: a dark round badge with a light tick low
        on its visible strip, a shape that says "picked" whatever colours one sees."""
        r = max(6, self.stage.images.width_for(sprite.scale) // 8)
        card, x = self._visible_strip(sprite, above, r * 3)
        y = card.bottom - r * 2
        pygame.draw.circle(surface, (14, 40, 28), (x, y), r)
        badge = unclipped(surface, circle_box((x, y), r))
        pygame.draw.circle(surface, theme.CREAM, (x, y), r, width=max(1, r // 5))
        tick = [(x - r * 0.5, y), (x - r * 0.1, y + r * 0.4), (x + r * 0.55, y - r * 0.4)]
        pygame.draw.lines(surface, theme.CREAM, False, tick, max(2, r // 3))
        return badge.inflate(4, 4)

    def _halo_alpha(self) -> int:
        wave = 0.5 + 0.5 * math.sin(self.hud.clock * 6.0)
        return int(110 + 145 * wave)

    def _draw_halo(self, surface: pygame.Surface, sprite: CardSprite) -> pygame.Rect:
        """A pulsing golden halo behind a card the adapter highlights (a card to claim)."""
        width = self.stage.images.width_for(sprite.scale)
        step = int(round(sprite.angle / 2.0)) % 180
        key = (width, step)
        halo = self._halos.get(key)
        if halo is None:
            halo = soft_rect((width, self.stage.images.height_for(width)), max(8, width // 5),
                             max(4, width // 8), (255, 214, 110), 150, 1.4)
            if step:
                halo = pygame.transform.rotate(halo, step * 2.0)
            if len(self._halos) > 32:
                self._halos.clear()
            self._halos[key] = halo
        halo.set_alpha(self._halo_alpha())
        rect = blitted(surface, halo, halo.get_rect(center=(int(sprite.x + sprite.offset_x),
                                                             int(sprite.y))))
        halo.set_alpha(255)
        return rect
