"""The kiosk's title card between two demo games: the game's name, who plays, the game in
one line (how to play, read first) with the short form the demo plays, then at most one
rule from its in-app rules, smaller, and how to take over.

The card is painted once per window size into one image (nothing on it moves,
so the app sleeps while it shows) and goes by itself after its time, long
enough to read its rule.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame

from game.cards import Card
from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.richtext import Block, Line, layout
from scenes.kit.scene import Scene
from scenes.screens.kiosk.rules import Rule
from scenes.screens.menu import draw_fans

#: the widest the rule's panel gets, at the design size
PANEL_W = 800
#: the rule's text, this much larger than in the rules screen: it is read from a step away
RULE_SCALE = 1.25
#: the short form's line and the one rule under how to play, this much smaller than it
SHORT_SCALE = 0.85
DETAIL_SCALE = 0.8


class TitleCard(Scene):
    """Before a demo game: see the module docstring.  ``on_done`` is called once, when
    ``seconds`` have passed."""

    def __init__(self, app: Any, title: str, players: str, rule: Optional[Rule],
                 cards: Sequence[Card], seconds: float, on_done: Callable[[], None],
                 howto: str = "", short: str = "") -> None:
        super().__init__(app)
        self.howto = howto      # the game in one line, read first
        self.short = short      # the short form the demo plays ("A short game: to 10 points")
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
        if self.rule is not None or self.howto:
            self.boxes["rule"] = self._panel(bg, size, rect.bottom + round(22 * s),
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

    def _panel(self, bg: pygame.Surface, size: tuple[int, int], top: int,
               bottom: int) -> pygame.Rect:
        """How to play in one line, the short form this demo plays, then one rule, on a panel
        centred between ``top`` and ``bottom``; where the panel lies."""
        s = theme.ui_scale(size)
        pad = round(22 * s)
        width = min(size[0] - round(80 * s), round(PANEL_W * s))
        head_font = self.app.fonts.get(theme.font_px(15, size), bold=True)
        head_h = head_font.get_linesize() + round(8 * s)
        gap = round(18 * s)
        scale = theme.reading_scale(size) * RULE_SCALE
        while True:   # as large as fits the room (a long rule in a small window: smaller)
            parts = self._parts(width - pad * 2, scale)
            height = sum(head_h * bool(heading) + h for heading, _, h in parts) \
                + gap * (len(parts) - 1)
            if pad * 2 + height <= bottom - top or scale <= 0.6:
                break
            scale *= 0.92
        panel = pygame.Rect(0, 0, width, pad * 2 + height)
        panel.center = (size[0] // 2, max(top + panel.h // 2, (top + bottom) // 2))
        theme.draw_panel(bg, panel, fill=(8, 30, 20, 225))
        y = panel.y + pad
        for heading, lines, h in parts:
            if heading:
                theme.text(bg, head_font, heading.upper(), theme.GOLD, (panel.x + pad, y),
                           shadow=False)
                y += head_h
            for line in lines:
                for image, x in line.pieces:
                    bg.blit(image, (panel.x + pad + x, y + line.y))
            y += h + gap
        return panel

    def _parts(self, width: int, scale: float) -> list[tuple[str, list, int]]:
        """(heading, lines, height) of each part of the panel at this scale: how to play
        (with the short form under it, in gold), then the rule a little smaller."""
        parts = []
        if self.howto:
            blocks = [Block("p", self.howto)]
            lines, height = layout(blocks, self.app.fonts, width, scale)
            if self.short:
                more, extra = layout([Block("p", self.short)], self.app.fonts, width,
                                     scale * SHORT_SCALE, ink=theme.GOLD_LIGHT)
                lines += [Line(line.y + height, line.height, line.pieces) for line in more]
                height += extra
            parts.append((tr("kiosk.howto"), lines, height - round(10 * scale)))
        if self.rule is not None:
            heading = tr("kiosk.rule_from", heading=self.rule.heading) if self.rule.heading \
                else tr("kiosk.rule")
            rule_scale = scale * (DETAIL_SCALE if parts else 1.0)
            lines, height = layout([Block("p", self.rule.text)], self.app.fonts, width,
                                   rule_scale)
            parts.append((heading, lines, height - round(10 * rule_scale)))
        return parts
