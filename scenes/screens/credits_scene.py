"""Credits and licences: Tavolata's own licence, the libraries and fonts it ships with.

Opened from the title menu's Credits button.  The words are in the translation
catalogs (``ui.credits.*``); the order and the headings are here.  A full screen
like the rules: Esc, Backspace or Back returns; arrows, PgUp/PgDn, Home/End and
the mouse wheel scroll.
"""

from __future__ import annotations

from typing import Optional

import pygame

from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.richtext import Block, Line, draw_lines, layout, plain
from scenes.kit.scene import AppLike, Scene
from scenes.kit.scrolling import ScrollingMixin, draw_scroll_bar, scroll_thumb
from scenes.kit.widgets import Button, FocusList, draw_button
from scenes.speech.aloud import Aloud
from scenes.speech.reading import Reader, read_key, sections

#: (block kind, translation key), top to bottom.
CONTENT: tuple[tuple[str, str], ...] = (
    ("h1", "ui.credits.title"),
    ("h2", "ui.credits.tavolata.heading"),
    ("p", "ui.credits.tavolata"),
    ("p", "ui.credits.own"),
    ("p", "ui.credits.bocce"),
    ("h2", "ui.credits.libraries.heading"),
    ("li", "ui.credits.pygame_ce"),
    ("li", "ui.credits.pygame_gui"),
    ("li", "ui.credits.python_i18n"),
    ("li", "ui.credits.platformdirs"),
    ("h2", "ui.credits.fonts.heading"),
    ("p", "ui.credits.fonts"),
)


def blocks() -> list[Block]:
    """The credits in the current language."""
    return [Block(kind, tr(key)) for kind, key in CONTENT]


def credits_text() -> str:
    """Everything the screen says, without markup (for tests and screen readers to come)."""
    return "\n".join(plain(block.text) for block in blocks())


class CreditsScene(ScrollingMixin, Scene):
    """The credits over the felt; a Back button, a scrolling panel."""

    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.scroll = 0.0          # drawn offset, eases towards target
        self.target = 0.0
        self._lines: list[Line] = []
        self._content_h = 0
        self._layout_key: tuple | None = None
        self.focus = FocusList()
        self.focus.set_buttons([Button(tr("ui.back"), action=self.close, key="back", row=0,
                                       style="small")])
        self._size: tuple[int, int] | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._view = pygame.Rect(0, 0, 0, 0)
        #: read aloud a section at a time with the spoken table on (Down, Up), as the
        #: rules are: Down scrolled the page and said nothing; where each block begins
        self.tops: list[int] = []
        self.aloud = Aloud()
        self.reader = Reader(lambda: sections(blocks()))
        self.resize(app.size)

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # --- layout ------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        s = theme.ui_scale(size)
        px = lambda v: max(1, round(v * s))  # noqa: E731 - local shorthand
        margin, bar_h = px(24), px(40)
        self.focus.button("back").rect = pygame.Rect(margin, margin, px(100), bar_h)
        top = margin + bar_h + px(16)
        panel_w = min(w - 2 * margin, px(860))
        self._panel = pygame.Rect((w - panel_w) // 2, top, panel_w, h - top - px(26))
        self._view = self._panel.inflate(-px(40) * 2, -px(22) * 2)
        self._view.w -= px(14)          # room for the scroll bar
        self._layout_key = None

    def _ensure_layout(self) -> None:
        s = theme.reading_scale(self._size or self.app.size)
        key = (self._view.w, round(s, 3))
        if key == self._layout_key:
            return
        self.tops = []
        self._lines, self._content_h = layout(blocks(), self.app.fonts, self._view.w, s,
                                              tops=self.tops)
        self._content_h += round(24 * s)
        self._layout_key = key
        self.scroll_to(self.target)
        self.scroll = min(self.scroll, self.target)

    # --- input -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN:
            self._ensure_layout()
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif read_key(self, event):
                pass
            elif not self.scroll_key(event.key) and not self.focus.handle(event):
                return event
            return None
        if self.scroll_wheel(event):
            return None
        return None if self.focus.handle(event) else event

    # --- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = self._ready(surface)
        surface.blit(theme.felt_background(size), (0, 0))
        for button in self.focus.buttons:
            draw_button(surface, self.app.fonts, button, button is self.focus.focused)
        theme.draw_panel(surface, self._panel, fill=(12, 40, 27, 240))
        draw_lines(surface, self._lines, self._view, round(self.scroll))
        self._draw_scroll_bar(surface)
        s = theme.ui_scale(size)
        theme.text(surface, self.app.fonts.get(theme.font_px(13, size)), tr("ui.credits.keys"),
                   theme.MUTED, (size[0] // 2, size[1] - round(5 * s)), "midbottom")

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        if self.max_scroll <= 0:
            return
        s = theme.ui_scale(self._size or self.app.size)
        track = pygame.Rect(self._panel.right - round(22 * s), self._view.y,
                            max(4, round(8 * s)), self._view.h)
        thumb = scroll_thumb(track, self._view.h, self._content_h, self.scroll, self.max_scroll)
        if thumb is not None:
            draw_scroll_bar(surface, track, thumb)
