"""Keyboard-focusable buttons drawn by us (pygame-gui's keyboard navigation is weak).

A :class:`FocusList` owns a list of :class:`Button` and the focus among them:
Up/Down jump between rows, Left/Right move inside a row, Tab/Shift+Tab walk
every button, Enter/Space activate; the mouse focuses what it hovers and
activates on release over the button it pressed.  Disabled buttons are shown
but never focused.  Scenes lay buttons out (set ``rect``) and draw them, with
:func:`draw_button` or their own painter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

import pygame

from scenes import theme
from scenes.fonts import Fonts

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(eq=False)
class Button:
    label: str
    action: Optional[Callable[[], None]] = None
    enabled: bool = True
    key: str = ""                       # stable name: tests and focus restore use it
    row: int = 0                        # buttons of one row sit side by side
    style: str = "normal"               # "normal", "small", "tab", "primary", "option"
    hint: str = ""                      # a second, quieter text
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class FocusList:
    def __init__(self, buttons: Iterable[Button] = ()) -> None:
        self.buttons: list[Button] = []
        self.focus: int | None = None
        self._pressed: Button | None = None
        self._column: int | None = None    # x that Up/Down keep aiming at, across narrow rows
        self.set_buttons(buttons)

    # --- focus bookkeeping -------------------------------------------------
    def set_buttons(self, buttons: Iterable[Button]) -> None:
        """Replace the buttons, keeping the focus on the same key if it still exists."""
        old = self.focused.key if self.focused else None
        self.buttons = list(buttons)
        self.focus = None
        if old is not None:
            self.focus_key(old)
        if self.focus is None:
            self.focus = self._first_enabled()

    def _first_enabled(self) -> int | None:
        return next((i for i, b in enumerate(self.buttons) if b.enabled), None)

    @property
    def focused(self) -> Button | None:
        if self.focus is None or not (0 <= self.focus < len(self.buttons)):
            return None
        return self.buttons[self.focus]

    def focus_key(self, key: str) -> bool:
        for i, b in enumerate(self.buttons):
            if b.key == key and b.enabled:
                self.focus = i
                self._column = None
                return True
        return False

    def button(self, key: str) -> Button:
        return next(b for b in self.buttons if b.key == key)

    def move(self, delta: int) -> None:
        """Tab order: the next enabled button, wrapping around."""
        n = len(self.buttons)
        if not n:
            return
        start = self.focus if self.focus is not None else (-1 if delta > 0 else 0)
        for step in range(1, n + 1):
            i = (start + delta * step) % n
            if self.buttons[i].enabled:
                self.focus = i
                return

    def move_row(self, delta: int) -> None:
        """Up/Down: the nearest enabled button (horizontally) in the next row that has one."""
        current = self.focused
        if current is None:
            self.move(delta)
            return
        rows = sorted({b.row for b in self.buttons if b.enabled})
        if len(rows) < 2:
            self.move(delta)
            return
        idx = rows.index(current.row) if current.row in rows else 0
        target_row = rows[(idx + delta) % len(rows)]
        candidates = [i for i, b in enumerate(self.buttons) if b.enabled and b.row == target_row]
        if self._column is None:
            self._column = current.rect.centerx
        cx = self._column
        self.focus = min(candidates, key=lambda i: abs(self.buttons[i].rect.centerx - cx))

    def move_in_row(self, delta: int) -> bool:
        """Left/Right inside the focused button's row; False when the row has one button."""
        current = self.focused
        if current is None:
            return False
        same = [i for i, b in enumerate(self.buttons) if b.enabled and b.row == current.row]
        if len(same) < 2:
            return False
        pos = same.index(self.focus)
        self.focus = same[(pos + delta) % len(same)]
        return True

    def at(self, pos: tuple[int, int]) -> Button | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b
        return None

    def activate(self, button: Button | None = None) -> bool:
        button = button or self.focused
        if button is None or not button.enabled or button.action is None:
            return False
        button.action()
        return True

    # --- input -----------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used (focus moved, a button pressed ...)."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.move_row(-1 if event.key == pygame.K_UP else 1)
                return True
            self._column = None
            if event.key == pygame.K_TAB:
                back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.move(-1 if back else 1)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                return self.move_in_row(-1 if event.key == pygame.K_LEFT else 1)
            if event.key in ACTIVATE_KEYS:
                return self.activate()
            return False
        if event.type == pygame.MOUSEMOTION:
            if tuple(getattr(event, "rel", (1, 1))) == (0, 0):
                # the window changed under a resting pointer (F11, a resize): the mouse
                # did not move, so the keyboard's focus stays where it was
                return False
            hit = self.at(event.pos)
            if hit is not None and hit.enabled:
                self.focus = self.buttons.index(hit)
                self._column = None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.at(event.pos)
            if hit is not None and hit.enabled:
                self._pressed = hit
                self.focus = self.buttons.index(hit)
                return True
            self._pressed = None
            return hit is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            hit = self.at(event.pos)
            if pressed is not None and hit is pressed:
                return self.activate(hit)
            return hit is not None
        return False


def draw_button(surface: pygame.Surface, fonts: Fonts, button: Button, focused: bool) -> None:
    """The standard look: a dark pill with a gold rim, brighter when focused, grey when disabled."""
    rect = button.rect
    if rect.w <= 0 or rect.h <= 0:
        return
    size = surface.get_size()
    radius = rect.h // 2 if button.style in ("small", "tab") else theme.px(10, size)
    if not button.enabled:
        fill, rim, ink = (16, 46, 31, 170), (70, 92, 78), theme.DISABLED
    elif focused:
        fill, rim, ink = (58, 44, 14, 235), theme.GOLD_LIGHT, theme.GOLD_LIGHT
    elif button.style == "primary":
        fill, rim, ink = (22, 62, 40, 235), theme.GOLD, theme.CREAM
    else:
        fill, rim, ink = (10, 38, 25, 215), theme.GOLD_DARK, theme.CREAM
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, rim, layer.get_rect(), width=3 if focused else 2,
                     border_radius=radius)
    surface.blit(layer, rect.topleft)
    font_px = rect.h * (0.46 if button.style in ("small", "tab") else 0.42)
    font = fonts.get(round(font_px), bold=focused or button.style == "primary")
    if button.style == "option":        # the scene draws the value on the right
        theme.text(surface, font, button.label, ink, (rect.x + rect.h // 2, rect.centery), "midleft")
    elif button.hint:
        theme.text(surface, font, button.label, ink,
                   (rect.x + rect.h // 2, rect.centery), "midleft")
        hint_font = fonts.get(round(font_px * 0.8))
        theme.text(surface, hint_font, button.hint, theme.MUTED if button.enabled else theme.DISABLED,
                   (rect.right - rect.h // 2, rect.centery), "midright")
    else:
        theme.text(surface, font, button.label, ink, rect.center, "center")
