"""Drawing the table: felt, slots, cards, labels, plates, score board, bars, prompt.

Drawing never changes the game or the display model: it reads the board, the
shown view and the HUD (Tuxemon's rule: ``draw`` changes no state).  Slots and
labels are asked of the adapter only when the board's counts or the window
change.
"""

from __future__ import annotations

import math

import pygame

from scenes import theme
from scenes.hud import ChoiceBar
from scenes.sprites import CardSprite, soft_rect


class PaintingMixin:
    """The table's draw()."""

    def _decorations(self) -> tuple[list, list]:
        """Slots and labels for the view as shown, its zones as the cards now lie (a hand's
        name moves with the hand as it is dealt or played, a pile's count as it is drawn)."""
        counts = tuple((zone, len(cards)) for zone, cards in self.zones.items())
        key = (self.layout.size, counts)
        if self._deco_key != key:
            shown = dict(self.shown, zones=self.shown_zones())
            self._deco = (self.adapter.slots(shown, self.layout),
                          self.adapter.labels(shown, self.layout))
            self._deco_key = key
        return self._deco

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(theme.felt_background(lay.size), (0, 0))
        slots, labels = self._decorations()
        for slot in slots:
            self.hud.draw_slot(surface, slot)
        sprites = [s for cards in self.zones.values() for s in cards] + self.leaving
        sprites.sort(key=lambda s: (s.flying, s.z))
        flying = 0
        for sprite in sprites:
            if sprite.flying and not flying:
                flying = 1
                for label in labels:   # under the cards in the air, over those at rest
                    self.hud.draw_label(surface, label)
            if sprite.id in self._lit and not sprite.flying:
                self._draw_halo(surface, sprite)
            self.images.draw(surface, sprite)
        if not flying:
            for label in labels:
                self.hud.draw_label(surface, label)
        self._draw_plates(surface)
        self.hud.draw_scoreboard(surface, self.adapter.scoreboard(self.shown, lay),
                                 (lay.margin, lay.margin), lay.font(16))
        if self.bar and not self.popup:
            if self.bar.title:
                self._draw_panel(surface, self.bar)
            self.bar.draw(surface, self.hud.text, self.hud.panels, lay.font(17), self._icon)
        if not self.busy:
            callout = self.adapter.callout(self.shown, self.legal(), self.my_turn(), lay)
            if callout is not None:
                self.hud.draw_callout(surface, callout, lay.font(18))
        self.hud.draw_prompt(surface, (lay.width / 2, lay.prompt_y), lay.font(16))
        if self.popup:
            self._draw_popup(surface)
        self.hud.draw_effects(surface, lay.size, lay.font(20))

    def _draw_halo(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """A pulsing golden halo behind a card the adapter highlights (a card to claim)."""
        width = self.images.width_for(sprite.scale)
        step = int(round(sprite.angle / 2.0)) % 180
        key = (width, step)
        halo = self._halos.get(key)
        if halo is None:
            halo = soft_rect((width, self.images.height_for(width)), max(8, width // 5),
                             max(4, width // 8), (255, 214, 110), 150, 1.4)
            if step:
                halo = pygame.transform.rotate(halo, step * 2.0)
            if len(self._halos) > 32:
                self._halos.clear()
            self._halos[key] = halo
        wave = 0.5 + 0.5 * math.sin(self.hud.clock * 6.0)
        halo.set_alpha(int(110 + 145 * wave))
        surface.blit(halo, halo.get_rect(center=(int(sprite.x + sprite.offset_x), int(sprite.y))))
        halo.set_alpha(255)

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate lies now."""
        lay = self.layout
        return self.hud.plate_rect(self.adapter.seat_name(seat, lay),
                                   self.adapter.plate_info(self.shown, seat), lay.seat(seat).plate,
                                   lay.font(15), pygame.Rect(0, 0, *lay.size))

    def _draw_plates(self, surface: pygame.Surface) -> None:
        lay = self.layout
        acting = set(self.to_act) if not self.busy else set()
        for seat in range(self.seats):
            g = lay.seat(seat)
            name = self.adapter.seat_name(seat, lay)
            info = self.adapter.plate_info(self.shown, seat)
            self.hud.draw_plate(surface, name, info, g.plate, lay.font(15), seat in acting)

    def _draw_popup(self, surface: pygame.Surface) -> None:
        self._draw_panel(surface, self.popup)
        self.popup.draw(surface, self.hud.text, self.hud.panels, self.layout.font(17), self._icon)

    def _draw_panel(self, surface: pygame.Surface, bar: ChoiceBar) -> None:
        """The panel under a titled bar of buttons (the popup, a picker)."""
        lay = self.layout
        box = bar.buttons[0].rect.unionall([b.rect for b in bar.buttons[1:]])
        title = self.hud.text.render(bar.title, lay.font(15), theme.GOLD_LIGHT, True)
        pad = max(8, lay.card_h // 12)
        panel = box.inflate(pad * 2, pad * 2)
        panel.h += title.get_height() + pad // 2
        panel.y -= title.get_height() + pad // 2
        panel.w = max(panel.w, title.get_width() + pad * 2)
        panel.centerx = box.centerx
        surface.blit(self.hud.panels.get(panel.size, (6, 26, 16, 235), theme.GOLD, 12), panel)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + pad * 0.6)))
