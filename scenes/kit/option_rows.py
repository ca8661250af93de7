"""Screens made of option rows: a button with "‹ value ›" on its right, one row a choice.

The Settings screen and the new-game screen are both lists of such rows, and a player
who learns one must find the other works the same: Left/Right on a focused row steps
its value, Enter or a click steps it on (a click on the left arrow steps back), Esc or
Backspace closes.  :class:`OptionRowsScene` does all of that, and lays out and draws
the rows, once; a screen says only what a row's value is and what a change does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Optional, Sequence

import pygame

from scenes.kit import theme
from scenes.kit.scene import AppLike, Scene
from scenes.kit.widgets import Button, FocusList, draw_button, label_room


@dataclass(frozen=True)
class OptionRow:
    """One changeable line: its button key, label, the values it steps through, their words."""

    key: str                      # the row's button key, e.g. "opt:volume"
    label: str
    values: Sequence[Any]
    show: Callable[[Any], str]
    wrap: bool = True             # cycle past the ends; else stop there, that arrow greyed
    help: str = ""                # one line on what the choice does (shown while focused)


def step_value(row: OptionRow, current: Any, delta: int) -> Any:
    """The value ``delta`` steps from ``current`` (nearest allowed value if it is not one)."""
    values = list(row.values)
    if current in values:
        i = values.index(current)
    elif isinstance(current, (int, float)) and not isinstance(current, bool):
        i = min(range(len(values)), key=lambda k: abs(values[k] - current))
    else:
        i = 0
    j = i + delta
    j = j % len(values) if row.wrap else max(0, min(len(values) - 1, j))
    return values[j]


class OptionRowsScene(Scene):
    """A screen whose option rows behave and look alike; subclasses fill ``rows`` and
    give :meth:`value` and :meth:`change`."""

    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.rows: list[OptionRow] = []
        self.focus = FocusList()
        self._click_pos: tuple[int, int] | None = None    # of the click being handled
        self._arrows: dict[str, tuple[pygame.Rect, pygame.Rect]] = {}   # row key: left, right

    # --- what a screen says -------------------------------------------------
    def value(self, row: OptionRow) -> Any:
        """The row's current value."""
        raise NotImplementedError

    def change(self, row: OptionRow, delta: int) -> None:
        """Step the row's value by ``delta`` and apply it."""
        raise NotImplementedError

    # --- shared behaviour ---------------------------------------------------
    def row(self, key: str) -> OptionRow:
        """The row behind the button ``key`` (rows may be rebuilt, keys stay)."""
        return next(r for r in self.rows if r.key == key)

    def close(self) -> None:
        """Leave, but only from the top: never pop a screen opened over this one."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def row_buttons(self) -> list[Button]:
        """One "option" button a row, each on its own focus row (the screen adds its own
        buttons below); activating one steps its value on, or back from the left arrow."""
        return [Button(r.label, key=r.key, row=i, style="option",
                       action=partial(self._click, r))
                for i, r in enumerate(self.rows)]

    def _click(self, row: OptionRow) -> None:
        """A click (or a key) on a row: its value steps on, or back from the left arrow."""
        self.change(row, self._click_delta(row))

    def _click_delta(self, row: OptionRow) -> int:
        if self._click_pos is not None:
            left, _ = self._arrows.get(row.key, (pygame.Rect(0, 0, 0, 0), None))
            if left.collidepoint(self._click_pos):
                return -1
        return 1

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
                return None
            focused = self.focus.focused
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused is not None \
                    and focused.style == "option":
                self.change(self.row(focused.key), -1 if event.key == pygame.K_LEFT else 1)
                return None
        if event.type == pygame.MOUSEBUTTONUP:
            self._click_pos = event.pos      # the button's action asks which arrow it hit
        try:
            used = self.focus.handle(event)
        finally:
            self._click_pos = None
        return None if used else event

    # --- layout and drawing -------------------------------------------------
    def lay_out_rows(self, area: pygame.Rect, top: int, row_h: int, gap: int,
                     value_w: int, arrow_w: int) -> int:
        """Place the rows as wide as ``area`` from ``top`` down, each with its arrows at the
        two ends of the rightmost ``value_w``; return the y below the last row's gap."""
        self._arrows = {}
        y = top
        for r in self.rows:
            b = self.focus.button(r.key)
            b.rect = pygame.Rect(area.x, y, area.w, row_h)
            left = pygame.Rect(b.rect.right - value_w, y, arrow_w, row_h)
            right = pygame.Rect(b.rect.right - arrow_w, y, arrow_w, row_h)
            self._arrows[r.key] = (left, right)
            y += row_h + gap
        return y

    def row_widths(self, row_h: int, arrow_w: int, scale: float) -> tuple[int, int]:
        """The room the rows' widest label takes (bold, as when focused), and the room
        their widest value takes with its arrows, as :meth:`draw_row` draws them."""
        fonts = self.app.fonts
        value_font = fonts.get(max(12, min(round(21 * scale), round(row_h * 0.45))), bold=True)
        widest = max((value_font.size(r.show(v))[0] for r in self.rows for v in r.values),
                     default=0)
        labels = max((label_room(fonts, b, row_h)
                      for b in self.focus.buttons if b.style == "option"), default=0)
        return labels, widest + 2 * arrow_w + row_h // 4

    def value_room(self, area_w: int, row_h: int, arrow_w: int, scale: float,
                   least: int) -> int:
        """How wide the rows' values (with their arrows) are laid: ``least``, or wider where
        a value would not fit between its arrows ("Normal if empty or away"), as far as
        the widest label leaves room beside them."""
        labels, want = self.row_widths(row_h, arrow_w, scale)
        return max(least, min(want, area_w - labels))

    def draw_row(self, surface: pygame.Surface, row: OptionRow, scale: float) -> pygame.Rect:
        """The row's button, its arrows (greyed at the end a non-wrapping row has reached)
        and its value centred between them; returns that middle area, for extras."""
        fonts = self.app.fonts
        b = self.focus.button(row.key)
        focused = b is self.focus.focused
        draw_button(surface, fonts, b, focused)
        left, right = self._arrows[row.key]
        value = self.value(row)
        ink = theme.GOLD_LIGHT if focused else theme.CREAM
        # as big as on a full-height row, smaller only where many rows make them short
        arrow_font = fonts.get(max(12, min(round(26 * scale), round(b.rect.h * 0.6))), bold=True)
        value_font = fonts.get(max(12, min(round(21 * scale), round(b.rect.h * 0.45))), bold=True)
        values = list(row.values)
        at_start = not row.wrap and value == values[0]
        at_end = not row.wrap and value == values[-1]
        theme.text(surface, arrow_font, "‹", theme.DISABLED if at_start else ink, left.center, "center")
        theme.text(surface, arrow_font, "›", theme.DISABLED if at_end else ink, right.center, "center")
        middle = pygame.Rect(left.right, b.rect.y, right.left - left.right, b.rect.h)
        words = row.show(value)
        while value_font.size(words)[0] > middle.w and value_font.point_size > 12:
            value_font = fonts.get(value_font.point_size - 1, bold=True)   # long words shrink
        theme.text(surface, value_font, words, ink, middle.center, "center")
        return middle
