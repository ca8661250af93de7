"""The settings screen: each row is one setting, changed with Left/Right, Enter or a click.

A change takes effect at once and is saved at once (through ``app.change_setting``),
so there is no "Apply" button to forget.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

import pygame

from game.cards import Card
from game.i18n import tr
from scenes import theme
from scenes.scene import Scene
from scenes.settings import ANIMATION_SPEEDS, ITALIAN_STYLES, LANGUAGES, VOLUME_STEP
from scenes.widgets import Button, FocusList, draw_button

PREVIEW_CARDS = ("Kc", "Ad")
VOLUMES = tuple(round(i * VOLUME_STEP, 2) for i in range(int(round(1 / VOLUME_STEP)) + 1))


@dataclass(frozen=True)
class Option:
    name: str                            # a field of Settings
    values: Sequence[Any]
    show: Callable[[Any], str]
    wrap: bool = True                    # cycle past the ends (not for the volume)


def _options() -> list[Option]:
    return [
        Option("animation_speed", tuple(ANIMATION_SPEEDS), lambda v: tr(f"ui.settings.speed.{v}")),
        Option("card_design", ITALIAN_STYLES, lambda v: tr(f"ui.settings.design.{v}")),
        Option("fullscreen", (False, True), lambda v: tr("ui.settings.on" if v else "ui.settings.off")),
        Option("volume", VOLUMES, lambda v: f"{round(v * 100)}%", wrap=False),
        Option("language", LANGUAGES, lambda v: tr(f"ui.settings.language.{v}")),
    ]


def step_value(option: Option, current: Any, delta: int) -> Any:
    """The value ``delta`` steps from ``current`` (nearest allowed value if it is not one)."""
    values = list(option.values)
    if current in values:
        i = values.index(current)
    elif isinstance(current, (int, float)) and not isinstance(current, bool):
        i = min(range(len(values)), key=lambda k: abs(values[k] - current))
    else:
        i = 0
    j = i + delta
    j = j % len(values) if option.wrap else max(0, min(len(values) - 1, j))
    return values[j]


class SettingsScene(Scene):
    def __init__(self, app, overlay: bool = False) -> None:
        super().__init__(app)
        self.overlay = overlay
        self.options = _options()
        self.focus = FocusList()
        self._click_pos: tuple[int, int] | None = None
        self._arrows: dict[str, tuple[pygame.Rect, pygame.Rect]] = {}
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._preview = pygame.Rect(0, 0, 0, 0)
        self._size: tuple[int, int] | None = None
        self._preview_key: tuple | None = None
        self._preview_faces: list[pygame.Surface] = []
        buttons = [Button(tr(f"ui.settings.{o.name}"), key=f"opt:{o.name}", row=i, style="option",
                          action=lambda o=o: self.change(o, self._click_delta(o)))
                   for i, o in enumerate(self.options)]
        buttons.append(Button(tr("ui.back"), action=self.close, key="back", row=len(self.options)))
        self.focus.set_buttons(buttons)
        self.resize(app.size)

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def change(self, option: Option, delta: int) -> None:
        value = step_value(option, getattr(self.app.settings, option.name), delta)
        self.app.change_setting(option.name, value)

    def _click_delta(self, option: Option) -> int:
        if self._click_pos is not None:
            left, _ = self._arrows.get(option.name, (pygame.Rect(0, 0, 0, 0), None))
            if left.collidepoint(self._click_pos):
                return -1
        return 1

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

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
        panel_h = px(28) * 2 + len(self.options) * (row_h + gap) + px(10) + px(50)
        top = max(px(110), (h - panel_h) // 2 + px(30))
        self._panel = pygame.Rect((w - content_w) // 2, top, panel_w, panel_h)
        self._preview = (pygame.Rect(self._panel.right + px(40), top, preview_w, panel_h)
                         if show_preview else pygame.Rect(0, 0, 0, 0))
        inner = self._panel.inflate(-px(28) * 2, 0)
        y = self._panel.y + px(28)
        for o in self.options:
            b = self.focus.button(f"opt:{o.name}")
            b.rect = pygame.Rect(inner.x, y, inner.w, row_h)
            arrow_w = px(44)
            value_w = min(px(250), inner.w // 2)
            left = pygame.Rect(b.rect.right - value_w, y, arrow_w, row_h)
            right = pygame.Rect(b.rect.right - arrow_w, y, arrow_w, row_h)
            self._arrows[o.name] = (left, right)
            y += row_h + gap
        back = self.focus.button("back")
        back.rect = pygame.Rect(0, 0, px(200), px(48))
        back.rect.midtop = (inner.centerx, y + px(10))

    # --- input -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
                return None
            focused = self.focus.focused
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused and focused.key.startswith("opt:"):
                self.change(self.option(focused.key[4:]), -1 if event.key == pygame.K_LEFT else 1)
                return None
        if event.type == pygame.MOUSEBUTTONUP:
            self._click_pos = event.pos
        try:
            used = self.focus.handle(event)
        finally:
            self._click_pos = None
        return None if used else event

    # --- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size != self._size:
            self.resize(size)
        if self.overlay:
            theme.dim(surface)
        else:
            surface.blit(theme.felt_background(size), (0, 0))
        s = theme.ui_scale(size)
        fonts = self.app.fonts
        theme.text(surface, fonts.get(round(54 * s), bold=True), tr("ui.settings.title"),
                   theme.GOLD_LIGHT, (size[0] // 2, round(24 * s)), "midtop")
        theme.draw_panel(surface, self._panel)
        focused = self.focus.focused
        value_font = fonts.get(round(21 * s), bold=True)
        arrow_font = fonts.get(round(26 * s), bold=True)
        for o in self.options:
            b = self.focus.button(f"opt:{o.name}")
            draw_button(surface, fonts, b, b is focused)
            left, right = self._arrows[o.name]
            value = getattr(self.app.settings, o.name)
            ink = theme.GOLD_LIGHT if b is focused else theme.CREAM
            values = list(o.values)
            at_start = not o.wrap and value == values[0]
            at_end = not o.wrap and value == values[-1]
            theme.text(surface, arrow_font, "‹", theme.DISABLED if at_start else ink, left.center, "center")
            theme.text(surface, arrow_font, "›", theme.DISABLED if at_end else ink, right.center, "center")
            middle = pygame.Rect(left.right, b.rect.y, right.left - left.right, b.rect.h)
            theme.text(surface, value_font, o.show(value), ink, middle.center, "center")
            if o.name == "volume":
                self._draw_volume_bar(surface, middle, float(value), s)
        back = self.focus.button("back")
        draw_button(surface, fonts, back, back is focused)
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
