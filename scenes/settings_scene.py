"""The settings screen: each row is one setting, changed with Left/Right, Enter or a click.

A change takes effect at once and is saved at once (through ``app.change_setting``),
so there is no "Apply" button to forget.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.cards import Card
from scenes.i18n import tr
from scenes import theme
from scenes.option_rows import OptionRow, OptionRowsScene, step_value
from scenes.settings import ANIMATION_SPEEDS, ITALIAN_STYLES, LANGUAGES, VOLUME_STEP
from scenes.widgets import Button, draw_button

PREVIEW_CARDS = ("Kc", "Ad")
VOLUMES = tuple(round(i * VOLUME_STEP, 2) for i in range(int(round(1 / VOLUME_STEP)) + 1))


def _setting_row(name: str, values: Sequence[Any], show: Callable[[Any], str],
                 wrap: bool = True) -> OptionRow:
    """The row of the setting ``name`` (a field of Settings), labelled in the player's language."""
    return OptionRow(f"opt:{name}", tr(f"ui.settings.{name}"), values, show, wrap)


def setting_name(row: OptionRow) -> str:
    """The field of Settings that ``row`` changes."""
    return row.key.removeprefix("opt:")


def _rows() -> list[OptionRow]:
    return [
        _setting_row("animation_speed", tuple(ANIMATION_SPEEDS), lambda v: tr(f"ui.settings.speed.{v}")),
        _setting_row("card_design", ITALIAN_STYLES, lambda v: tr(f"ui.settings.design.{v}")),
        _setting_row("fullscreen", (False, True), lambda v: tr("ui.settings.on" if v else "ui.settings.off")),
        _setting_row("volume", VOLUMES, lambda v: f"{round(v * 100)}%", wrap=False),   # no 100% after 0%
        _setting_row("language", LANGUAGES, lambda v: tr(f"ui.settings.language.{v}")),
    ]


class SettingsScene(OptionRowsScene):
    def __init__(self, app, overlay: bool = False) -> None:
        super().__init__(app)
        self.overlay = overlay
        self.rows = _rows()
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._preview = pygame.Rect(0, 0, 0, 0)
        self._size: tuple[int, int] | None = None
        self._preview_key: tuple | None = None
        self._preview_faces: list[pygame.Surface] = []
        buttons = self.row_buttons()
        buttons.append(Button(tr("ui.back"), action=self.close, key="back", row=len(self.rows)))
        self.focus.set_buttons(buttons)
        self.resize(app.size)

    def option(self, name: str) -> OptionRow:
        return self.row(f"opt:{name}")

    def value(self, row: OptionRow) -> Any:
        return getattr(self.app.settings, setting_name(row))

    def change(self, row: OptionRow, delta: int) -> None:
        """Step a setting; it applies and is saved at once."""
        self.app.change_setting(setting_name(row), step_value(row, self.value(row), delta))

    # --- layout ------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        s = theme.ui_scale(size)
        px = lambda v: max(1, round(v * s))  # noqa: E731
        row_h, gap = px(54), px(10)
        panel_w = min(w - px(40), px(620))
        preview_w = px(250)
        show_preview = w - panel_w - px(80) >= preview_w
        content_w = panel_w + (px(40) + preview_w if show_preview else 0)
        panel_h = px(28) * 2 + len(self.rows) * (row_h + gap) + px(10) + px(50)
        top = max(px(110), (h - panel_h) // 2 + px(30))
        self._panel = pygame.Rect((w - content_w) // 2, top, panel_w, panel_h)
        self._preview = (pygame.Rect(self._panel.right + px(40), top, preview_w, panel_h)
                         if show_preview else pygame.Rect(0, 0, 0, 0))
        inner = self._panel.inflate(-px(28) * 2, 0)
        y = self.lay_out_rows(inner, self._panel.y + px(28), row_h, gap,
                              value_w=min(px(250), inner.w // 2), arrow_w=px(44))
        back = self.focus.button("back")
        back.rect = pygame.Rect(0, 0, px(200), px(48))
        back.rect.midtop = (inner.centerx, y + px(10))

    # --- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size != self._size:
            self.resize(size)
        if self.overlay:
            theme.dim(surface, theme.HIDE)
        else:
            surface.blit(theme.felt_background(size), (0, 0))
        s = theme.ui_scale(size)
        fonts = self.app.fonts
        theme.text(surface, fonts.get(round(54 * s), bold=True), tr("ui.settings.title"),
                   theme.GOLD_LIGHT, (size[0] // 2, round(24 * s)), "midtop")
        theme.draw_panel(surface, self._panel)
        for row in self.rows:
            middle = self.draw_row(surface, row, s)
            if row.key == "opt:volume":
                self._draw_volume_bar(surface, middle, float(self.value(row)), s)
        back = self.focus.button("back")
        draw_button(surface, fonts, back, back is self.focus.focused)
        if self._preview.w:
            self._draw_preview(surface, s)
        theme.text(surface, fonts.get(theme.font_px(14, size)), tr("ui.settings.keys"), theme.MUTED,
                   (size[0] // 2, size[1] - round(12 * s)), "midbottom")

    def _draw_volume_bar(self, surface: pygame.Surface, area: pygame.Rect, value: float,
                         s: float) -> None:
        bar = pygame.Rect(0, 0, round(area.w * 0.7), max(2, round(4 * s)))
        bar.midbottom = (area.centerx, area.bottom - round(7 * s))
        pygame.draw.rect(surface, (40, 70, 52), bar, border_radius=bar.h)
        filled = bar.copy()
        filled.w = round(bar.w * value)
        if filled.w:
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=bar.h)

    def _draw_preview(self, surface: pygame.Surface, s: float) -> None:
        art = getattr(self.app, "art", None)
        box = self._preview
        fonts = self.app.fonts
        theme.text(surface, fonts.get(theme.font_px(15, surface.get_size()), bold=True), tr("ui.settings.preview").upper(),
                   theme.GOLD, (box.centerx, box.y + round(6 * s)), "midtop", shadow=False)
        if art is None:
            return
        width = round(box.w * 0.52)
        key = (id(art), self.app.settings.card_design, width)
        if self._preview_key != key:
            try:
                faces = [art.face(Card.parse(code), width) for code in PREVIEW_CARDS]
            except Exception:   # another module's art must not break the settings screen
                faces = []
            self._preview_faces = [pygame.transform.rotozoom(f, 8 - 16 * i, 1.0)
                                   for i, f in enumerate(faces)]
            self._preview_key = key
        for i, rotated in enumerate(self._preview_faces):
            cx = box.centerx + round((i - 0.5) * box.w * 0.3)
            cy = box.y + round(60 * s) + rotated.get_height() // 2 + round(i * 8 * s)
            surface.blit(rotated, rotated.get_rect(center=(cx, cy)))
