"""The rules of a game, from ``assets/rules/<lang>/<key>.md``, word-wrapped and scrollable.

The markdown subset is rendered by :mod:`scenes.kit.richtext`.  Opened from the
table it is an overlay: the table stays visible, dimmed, below.  With the spoken table
on, the rules are read aloud a section at a time (scenes/speech/reading.py): Down the
next, Up the one before, the page scrolled to it.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Optional

import pygame

from game import CATALOG, GAMES
from game.i18n import DEFAULT_LANG
from scenes.i18n import language, tr
from scenes.kit import theme
from scenes.kit.richtext import Block, Line, draw_lines, layout, parse
from scenes.kit.scene import AppLike, Scene
from scenes.kit.scrolling import ScrollingMixin, ThumbDrag, draw_scroll_bar, scroll_thumb
from scenes.kit.widgets import Button, FocusList, draw_button
from scenes.speech.aloud import Aloud
from scenes.speech.reading import Reader, read_key, sections
from scenes.speech.table import spoken_on
from scenes.table.keys import keys_page

RULES_DIR = Path(__file__).resolve().parents[2] / "assets" / "rules"
#: the rules page every game's rules end with, after the keys page made from the
#: table's bindings (scenes/table/keys.py): the keys no table binds (F11, M)
TABLE_KEYS = "table"


def rules_path(key: str) -> Path | None:
    """The rules file in the current language, else English; None when there is none.
    A game with assets of its own (``GameSpec.assets``) has its rules there."""
    spec = GAMES.get(key)
    folder = spec.assets / "rules" if spec is not None and spec.assets is not None else RULES_DIR
    for lang in dict.fromkeys((language(), DEFAULT_LANG)):
        path = folder / lang / f"{key}.md"
        if path.is_file():
            return path
    return None


def _read(key: str) -> list[Block] | None:
    path = rules_path(key)
    try:
        return parse(path.read_text(encoding="utf-8")) if path else None
    except (OSError, UnicodeDecodeError):
        return None


class RulesScene(ScrollingMixin, Scene):
    """Rules of one game, with tabs to the others; Esc, Backspace or Back returns."""

    def __init__(self, app: AppLike, key: str, overlay: bool = False) -> None:
        super().__init__(app)
        self.overlay = overlay
        self.key = key
        self.scroll = 0.0          # drawn offset, eases towards target
        self.target = 0.0
        self._lines: list[Line] = []
        self._content_h = 0
        self._layout_key: tuple | None = None
        self._blocks: dict[str, list[Block] | None] = {}
        self._bar = ThumbDrag()
        self.focus = FocusList()
        buttons = [Button(tr("ui.back"), action=self.close, key="back", row=0, style="small")]
        buttons += [Button(e.title, action=partial(self.show, e.key), key=f"tab:{e.key}",
                           row=0, style="tab") for e in CATALOG]
        self.focus.set_buttons(buttons)
        self.focus.focus_key(f"tab:{key}")
        self._size: tuple[int, int] | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._view = pygame.Rect(0, 0, 0, 0)
        #: where each block begins on the page (a section read aloud scrolls there)
        self.tops: list[int] = []
        self.aloud = Aloud()
        self.reader = Reader(lambda: sections(self.blocks(self.key) or []))
        self.resize(app.size)
        self._announce()

    # --- content -----------------------------------------------------------
    def blocks(self, key: str) -> list[Block] | None:
        """A game's rules, then the keys every table shares: the page made from the
        bindings themselves, then the app's own keys (written once, TABLE_KEYS)."""
        if key not in self._blocks:
            game = _read(key)
            self._blocks[key] = None if game is None else \
                game + parse(keys_page()) + (_read(TABLE_KEYS) or [])
        return self._blocks[key]

    def show(self, key: str) -> None:
        if key != self.key:
            self.key = key
            self.scroll = self.target = 0.0
            self._layout_key = None
            self.reader.restart()
            self._announce()
        self.focus.focus_key(f"tab:{key}")

    def _announce(self) -> None:
        """The spoken table on: whose rules these are, how many sections, and the keys."""
        if spoken_on(self.app):
            title = next((e.title for e in CATALOG if e.key == self.key), self.key)
            self.aloud.say([tr("spoken.reading.rules", game=title,
                               count=len(self.reader.sections))])



    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def _ensure_layout(self) -> None:
        s = theme.reading_scale(self._size or self.app.size)
        key = (self.key, self._view.w, round(s, 3))
        if key == self._layout_key:
            return
        blocks = self.blocks(self.key)
        if blocks is None:
            title = next((e.title for e in CATALOG if e.key == self.key), self.key)
            blocks = [Block("h1", title), Block("p", tr("ui.rules.missing", game=title))]
        self.tops = []
        self._lines, self._content_h = layout(blocks, self.app.fonts, self._view.w, s,
                                              tops=self.tops)
        self._content_h += round(24 * s)
        self._layout_key = key
        self.scroll_to(self.target)
        if self.scroll > self.max_scroll:
            self.scroll = self.target

    # --- layout ------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        s = theme.ui_scale(size)
        px = lambda v: max(1, round(v * s))  # noqa: E731
        margin = px(36) if self.overlay else px(24)
        bar_h = px(40)
        x = margin
        back = self.focus.button("back")
        back.rect = pygame.Rect(x, margin, px(100), bar_h)
        x = back.rect.right + px(24)
        tab_font = self.app.fonts.get(round(bar_h * 0.46))
        for e in CATALOG:
            b = self.focus.button(f"tab:{e.key}")
            tw = tab_font.size(e.title)[0] + px(34)
            b.rect = pygame.Rect(x, margin, tw, bar_h)
            x += tw + px(8)
        # Tabs that do not fit shrink to share the width.
        right = w - margin
        if x - px(8) > right:
            tabs = [self.focus.button(f"tab:{e.key}") for e in CATALOG]
            start = back.rect.right + px(16)
            tw = (right - start - px(6) * (len(tabs) - 1)) // len(tabs)
            for i, b in enumerate(tabs):
                b.rect = pygame.Rect(start + i * (tw + px(6)), margin, tw, bar_h)
        top = margin + bar_h + px(16)
        panel_w = min(w - 2 * margin, px(940))
        footer = px(26)
        self._panel = pygame.Rect((w - panel_w) // 2, top, panel_w, h - top - footer)
        # Tabs start at the panel's left edge when there is room for Back before it.
        tabs = [self.focus.button(f"tab:{e.key}") for e in CATALOG]
        shift = self._panel.x - tabs[0].rect.x
        if shift > 0 and tabs[-1].rect.right + shift <= w - margin:
            for b in tabs:
                b.rect.x += shift
        self._view = self._panel.inflate(-px(40) * 2, -px(22) * 2)
        self._view.w -= px(14)          # room for the scroll bar
        self._layout_key = None

    # --- scroll bar --------------------------------------------------------
    def _track(self) -> pygame.Rect:
        s = theme.ui_scale(self._size or self.app.size)
        return pygame.Rect(self._panel.right - round(22 * s), self._view.y,
                           max(4, round(8 * s)), self._view.h)

    def _thumb(self) -> pygame.Rect | None:
        return scroll_thumb(self._track(), self._view.h, self._content_h, self.scroll,
                            self.max_scroll)

    # --- input -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        self._ensure_layout()
        page = self.scroll_steps()[1]
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif read_key(self, event) or self.scroll_key(k):
                pass
            elif k == pygame.K_SPACE and not (self.focus.focused and self.focus.focused.key == "back"):
                back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.scroll_to(self.target + (-page if back else page))
            elif k in (pygame.K_LEFT, pygame.K_RIGHT):
                keys = [e.key for e in CATALOG]
                i = keys.index(self.key) if self.key in keys else 0
                self.show(keys[(i + (1 if k == pygame.K_RIGHT else -1)) % len(keys)])
            elif not self.focus.handle(event):
                return event
            return None
        if self.scroll_wheel(event):
            return None
        if self._bar.handle(event, self._track(), self._thumb(),
                            lambda sign: self.scroll_to(self.target + sign * page), self._drag_to):
            return None
        return None if self.focus.handle(event) else event

    def _drag_to(self, frac: float) -> None:
        """The thumb dragged: the page follows at once."""
        self.scroll_to(frac * self.max_scroll)
        self.scroll = self.target

    # --- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = self._ready(surface)
        if self.overlay:
            theme.dim(surface, theme.HIDE)
        else:
            surface.blit(theme.felt_background(size), (0, 0))
        focused = self.focus.focused
        for b in self.focus.buttons:
            selected = b.key == f"tab:{self.key}"
            draw_button(surface, self.app.fonts, b, b is focused or selected)
        theme.draw_panel(surface, self._panel, fill=(12, 40, 27, 240))
        draw_lines(surface, self._lines, self._view, round(self.scroll))
        thumb = self._thumb()
        if thumb:
            draw_scroll_bar(surface, self._track(), thumb, self._bar.held is not None)
        s = theme.ui_scale(size)
        theme.text(surface, self.app.fonts.get(theme.font_px(13, size)), tr("ui.rules.keys"), theme.MUTED,
                   (size[0] // 2, size[1] - round(5 * s)), "midbottom")
