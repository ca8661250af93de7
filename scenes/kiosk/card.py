"""The kiosk's title card between two demo games: the game's name, who plays, one rule
of the game from its in-app rules, and how to take over.

The card is painted once per window size into one image (nothing on it moves,
so the app sleeps while it shows) and goes by itself after its time, long
enough to read its rule.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame

from game.cards import Card
from scenes import theme
from scenes.i18n import tr
from scenes.kiosk.rules import Rule
from scenes.menu import draw_fans
from scenes.richtext import Block, layout
from scenes.scene import Scene

#: the widest the rule's panel gets, at the design size
PANEL_W = 800
#: the rule's text, this much larger than in the rules screen: it is read from a step away
RULE_SCALE = 1.25


class TitleCard(Scene):
    """Before a demo game: see the module docstring.  ``on_done`` is called once, when
    ``seconds`` have passed."""

    def __init__(self, app: Any, title: str, players: str, rule: Optional[Rule],
                 cards: Sequence[Card], seconds: float, on_done: Callable[[], None]) -> None:
        super().__init__(app)
        self.title = title
        self.players = players
        self.rule = rule
        self.cards = list(cards)
        self.seconds = seconds
        self.on_done = on_done
        self.age = 0.0
        self._done = False
        self._image: Optional[pygame.Surface] = None
        #: where the last painting put the players' line, the rule and the hint
        self.boxes: dict[str, pygame.Rect] = {}

    def update(self, dt: float) -> None:
        self.age += dt
        if self.age >= self.seconds and not self._done:
            self._done = True
            self.on_done()

    def resize(self, size: tuple[int, int]) -> None:
        self._image = None

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._image is None or self._image.get_size() != size:
            self._image = self._paint(size)
        surface.blit(self._image, (0, 0))

    # -- painting ------------------------------------------------------------------------
    def _paint(self, size: tuple[int, int]) -> pygame.Surface:
        bg = theme.felt_background(size).copy()
        art = getattr(self.app, "art", None)
        if art is not None and len(self.cards) >= 6:
            try:
                draw_fans(bg, art, self.cards[:3], self.cards[3:6])
            except Exception:   # decoration only: the card shows without it
                pass
        fonts = self.app.fonts
        s = theme.ui_scale(size)
        cx = size[0] // 2
        rect = theme.text(bg, fonts.get(theme.font_px(16, size), bold=True),
                          tr("kiosk.next").upper(), theme.GOLD, (cx, round(34 * s)), "midtop")
        rect = theme.text(bg, fonts.get(round(70 * s), bold=True), self.title, theme.GOLD_LIGHT,
                          (cx, rect.bottom), "midtop")
        rect = theme.text(bg, fonts.get(theme.font_px(20, size)), self.players, theme.CREAM,
                          (cx, rect.bottom + round(2 * s)), "midtop")
        hint = self._hint(bg, size)
        self.boxes = {"players": rect, "hint": hint}
        if self.rule is not None:
            self.boxes["rule"] = self._rule_panel(bg, size, rect.bottom + round(22 * s),
                                                  hint.top - round(18 * s))
        return bg

    def _hint(self, bg: pygame.Surface, size: tuple[int, int]) -> pygame.Rect:
        """"Press any key or click to play" on a pill at the bottom middle."""
        s = theme.ui_scale(size)
        font = self.app.fonts.get(theme.font_px(19, size), bold=True)
        words = tr("kiosk.press")
        tw, th = font.size(words)
        pill = pygame.Rect(0, 0, tw + round(44 * s), th + round(14 * s))
        pill.midbottom = (size[0] // 2, size[1] - round(26 * s))
        theme.draw_panel(bg, pill, border=theme.GOLD, fill=(8, 30, 20, 225), radius=pill.h // 2)
        theme.text(bg, font, words, theme.GOLD_LIGHT, pill.center, "center")
        return pill

    def _rule_panel(self, bg: pygame.Surface, size: tuple[int, int], top: int,
                    bottom: int) -> pygame.Rect:
        """The rule on a panel centred between ``top`` and ``bottom``, under its heading;
        where the panel lies."""
        assert self.rule is not None
        s = theme.ui_scale(size)
        pad = round(22 * s)
        width = min(size[0] - round(80 * s), round(PANEL_W * s))
        head_font = self.app.fonts.get(theme.font_px(15, size), bold=True)
        heading = tr("kiosk.rule_from", heading=self.rule.heading) if self.rule.heading \
            else tr("kiosk.rule")
        head_h = head_font.get_linesize() + round(8 * s)
        scale = theme.reading_scale(size) * RULE_SCALE
        while True:   # as large as fits the room (a long rule in a small window: smaller)
            lines, height = layout([Block("p", self.rule.text)], self.app.fonts,
                                   width - pad * 2, scale)
            height -= round(10 * scale)    # the space layout() leaves after a paragraph
            if pad * 2 + head_h + height <= bottom - top or scale <= 0.6:
                break
            scale *= 0.92
        panel = pygame.Rect(0, 0, width, pad * 2 + head_h + height)
        panel.center = (size[0] // 2, max(top + panel.h // 2, (top + bottom) // 2))
        theme.draw_panel(bg, panel, fill=(8, 30, 20, 225))
        theme.text(bg, head_font, heading.upper(), theme.GOLD, (panel.x + pad, panel.y + pad),
                   shadow=False)
        y0 = panel.y + pad + head_h
        for line in lines:
            for image, x in line.pieces:
                bg.blit(image, (panel.x + pad + x, y0 + line.y))
        return panel
