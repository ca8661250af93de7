"""The one button kit: keyboard-focusable buttons drawn by us (pygame-gui's keyboard
navigation is weak), for the menus and screens and for the table.

Every set of buttons keeps its focus the same way (:class:`Focus`: which button the
keyboard is on, which one lies under the pointer, a step to the next one).  Two kinds
of set are built on it:

A :class:`FocusList` owns a list of :class:`Button` and the focus among them:
Up/Down jump between rows, Left/Right move inside a row, Tab/Shift+Tab walk
every button, Enter/Space activate; the mouse focuses what it hovers and
activates on release over the button it pressed.  Disabled buttons are shown
but never focused.  Scenes lay buttons out (set ``rect``) and draw them, with
:func:`draw_button` or their own painter.

A :class:`ChoiceBar` is the table's row of :class:`ChoiceButton` (a move, with its
hotkey drawn as a key cap), laid out and drawn by itself; the table's input moves its
focus (scenes/table/controls.py).  A disabled choice keeps the focus and still says
why when pressed, so its steps do not skip disabled buttons as a menu's do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Optional, Protocol, TypeVar

import pygame

from scenes.kit import theme
from scenes.kit.fonts import Fonts, SizedFont
from scenes.kit.hud import Hud, IconFn, PanelCache, TextCache

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(eq=False)
class Button:
    label: str
    action: Optional[Callable[[], object]] = None     # what it returns is not used
    enabled: bool = True
    key: str = ""                       # stable name: tests and focus restore use it
    row: int = 0                        # buttons of one row sit side by side
    style: str = "normal"               # "normal", "small", "tab", "primary", "option"
    hint: str = ""                      # a second, quieter text
    spoken: str = ""                    # its words aloud, where the label leans on its place
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class _Pressable(Protocol):
    enabled: bool
    rect: pygame.Rect


B = TypeVar("B", bound=_Pressable)


class Focus(Generic[B]):
    """Buttons and the keyboard's focus among them (an index, None: no button)."""

    def __init__(self) -> None:
        self.buttons: list[B] = []
        self.focus: Optional[int] = None

    def focused_button(self) -> Optional[B]:
        if self.focus is None or not (0 <= self.focus < len(self.buttons)):
            return None
        return self.buttons[self.focus]

    def index_at(self, pos: tuple[int, int]) -> Optional[int]:
        """The first button under ``pos`` (None: none)."""
        return next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(pos)), None)

    def step(self, delta: int, every: bool = False) -> None:
        """The focus ``delta`` buttons on, wrapping around, from none: the first (or the
        last, going back); only to enabled buttons unless ``every``."""
        n = len(self.buttons)
        if not n:
            self.focus = None
            return
        start = self.focus if self.focus is not None else (-1 if delta > 0 else 0)
        for k in range(1, n + 1):
            i = (start + delta * k) % n
            if every or self.buttons[i].enabled:
                self.focus = i
                return


class FocusList(Focus[Button]):
    def __init__(self, buttons: Iterable[Button] = ()) -> None:
        super().__init__()
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
        return self.focused_button()

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
        self.step(delta)

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
        away = {i: abs(self.buttons[i].rect.centerx - cx) for i in candidates}
        # two buttons as near but for a pixel of rounding (a row's two halves: Back and
        # Play under a centred column) go to the primary one: Down from the last option
        # of the new-game screen landed on Back, and Enter there left the screen
        near = [i for i in candidates if away[i] <= min(away.values()) + 1]
        self.focus = min(near, key=lambda i: (self.buttons[i].style != "primary", away[i]))

    def move_in_row(self, delta: int) -> bool:
        """Left/Right inside the focused button's row; False when the row has one button."""
        current, focus = self.focused, self.focus
        if current is None or focus is None:
            return False
        same = [i for i, b in enumerate(self.buttons) if b.enabled and b.row == current.row]
        if len(same) < 2:
            return False
        pos = same.index(focus)
        self.focus = same[(pos + delta) % len(same)]
        return True

    def at(self, pos: tuple[int, int]) -> Button | None:
        i = self.index_at(pos)
        return None if i is None else self.buttons[i]

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


def button_font(fonts: Fonts, button: Button, height: int, focused: bool = True) -> SizedFont:
    """The font of a button's label at this height (bold when focused: a width measured
    with the default holds when the focus comes)."""
    return fonts.get(round(_label_px(button, height)), bold=focused or button.style == "primary")


def _label_px(button: Button, height: int) -> float:
    """A button's label size: a share of its height."""
    return height * (0.46 if button.style in ("small", "tab") else 0.42)


def label_room(fonts: Fonts, button: Button, height: int) -> int:
    """The width a button of this height needs for its label: the label, and half the
    height free on each side (a label edge to edge in its button reads as cut off)."""
    return button_font(fonts, button, height).size(button.label)[0] + height


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
    font = button_font(fonts, button, rect.h, focused)
    if button.style == "option":        # the scene draws the value on the right
        theme.text(surface, font, button.label, ink, (rect.x + rect.h // 2, rect.centery), "midleft")
    elif button.hint:
        theme.text(surface, font, button.label, ink,
                   (rect.x + rect.h // 2, rect.centery), "midleft")
        hint_font = fonts.get(round(_label_px(button, rect.h) * 0.8))
        theme.text(surface, hint_font, button.hint, theme.MUTED if button.enabled else theme.DISABLED,
                   (rect.right - rect.h // 2, rect.centery), "midright")
    else:
        theme.text(surface, font, button.label, ink, rect.center, "center")


#: a disabled choice button: a faint fill, a muted border and text far dimmer than CREAM
DISABLED_FILL = (8, 26, 17, 120)
DISABLED_RIM = (96, 82, 48)
DISABLED_INK = (130, 126, 112)


def draw_enter_mark(surface: pygame.Surface, centre: tuple[int, int], size: int,
                    colour: tuple) -> None:
    """The Return key's bent arrow, drawn (the fonts have no glyph for it): at the right
    end of the focused button, it says that Enter presses that one."""
    cx, cy = centre
    h = size / 2
    width = max(1, size // 9)
    corner = (cx + h * 0.7, cy + h * 0.3)
    tip = (cx - h * 0.7, cy + h * 0.3)
    pygame.draw.lines(surface, colour, False, [(cx + h * 0.7, cy - h * 0.7), corner, tip], width)
    pygame.draw.lines(surface, colour, False, [(cx - h * 0.25, cy - h * 0.15), tip,
                                               (cx - h * 0.25, cy + h * 0.75)], width)


@dataclass(eq=False)
class ChoiceButton:
    """One on-table button: what it says, what it does, its key."""

    label: str
    action: Any
    hotkey: str = ""
    primary: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    icon: Optional[str] = None  # a card code drawn above the label (a suit's Ace)
    enabled: bool = True        # a disabled button is drawn dim and does nothing


#: a key cap stands this many button heights in from the button's left end, and the
#: words start this many after it: in a row of buttons
CAP_ROW = (0.16, 0.14)
#: and in a picker's grid, further in, inside the rounded end (Bolola's contracts at
#: 800x500: the caps lay on the rims and the words ran against them, "6|Niente ultime due")
CAP_GRID = (0.24, 0.3)


class ChoiceBar(Focus[ChoiceButton]):
    """A row of buttons fed by the adapter: (label, action, hotkey) for every non-card move.

    The same bar serves the small popup that asks for a value (an Ace as 1 or
    10): it is a ChoiceBar with a title, drawn over a panel.
    """

    def __init__(self) -> None:
        super().__init__()
        self.hover: Optional[int] = None
        self.title = ""
        self.icon_size: tuple[int, int] = (0, 0)
        self._signature: tuple = ()
        #: where the key caps and the words after them stand (CAP_ROW, CAP_GRID)
        self.caps = CAP_ROW
        #: the size of the words it was laid out for (0: not yet), which it is drawn in
        self.font = 0

    def set(self, buttons: list[ChoiceButton], title: str = "") -> None:
        sig = tuple((b.label, str(b.action), b.hotkey, b.enabled) for b in buttons) + (title,)
        if sig == self._signature:
            return
        self._signature = sig
        self.buttons = buttons
        self.title = title
        self.hover = None
        if self.focus is not None and self.focus >= len(buttons):
            self.focus = None

    def clear(self) -> None:
        self.set([])

    def __bool__(self) -> bool:
        return bool(self.buttons)

    def layout(self, centre: tuple[float, float], height: int, gap: int,
               text: TextCache, font: int, vertical: bool = False,
               bounds: Optional[pygame.Rect] = None,
               icon_size: tuple[int, int] = (0, 0), columns: int = 1) -> pygame.Rect:
        """Place the buttons around ``centre`` (a row, or a column of equal widths; with
        ``columns`` > 1 a grid of that many columns, filled row by row), kept inside
        ``bounds``; returns their bounding box.  Buttons with an icon are ``icon_size``
        taller and at least that wide (the card above the label)."""
        if not self.buttons:
            return pygame.Rect(int(centre[0]), int(centre[1]), 0, 0)
        self.caps = CAP_GRID if vertical else CAP_ROW
        self.font = font
        icons = any(b.icon for b in self.buttons) and icon_size[1] > 0
        if icons:
            height += icon_size[1] + max(4, height // 4)
        widths = []
        # a grid of icons (a suit picker beside the trick) as narrow as its words and icons
        # allow: it stands where the room is short
        snug = (1.6, 0.5, 0.8) if icons and vertical and columns > 1 else (2.4, 1.3, 1.2)
        for b in self.buttons:
            label_w = text.render(self._caption(b), font, bold=True).get_width()
            base = height if not icons else height - icon_size[1]
            w = max(int(base * snug[0]), label_w + int(base * snug[1]))
            if b.hotkey and not icons:       # the key's cap on the left of the words
                w = max(w, self._label_left(b, text, font, base) + label_w + int(base * 0.65))
            if icons:
                w = max(w, icon_size[0] + int(base * snug[2]))
            widths.append(w)
        self.icon_size = icon_size if icons else (0, 0)
        if vertical:
            w = max(widths)
            cols = max(1, min(columns, len(widths)))
            n_rows = -(-len(widths) // cols)
            total = n_rows * height + gap * (n_rows - 1)
            span = cols * w + gap * (cols - 1)
            x0, y0 = int(centre[0] - span / 2), int(centre[1] - total / 2)
            for i, b in enumerate(self.buttons):
                r, col = divmod(i, cols)
                b.rect = pygame.Rect(x0 + col * (w + gap), y0 + r * (height + gap), w, height)
        else:
            rows = self._rows(widths, gap, bounds.w if bounds is not None else 0)
            y = int(centre[1] - (len(rows) * height + gap * (len(rows) - 1)) / 2)
            for row in rows:
                total = sum(widths[i] for i in row) + gap * (len(row) - 1)
                x = int(centre[0] - total / 2)
                for i in row:
                    self.buttons[i].rect = pygame.Rect(x, y, widths[i], height)
                    x += widths[i] + gap
                y += height + gap
        box = self.buttons[0].rect.unionall([b.rect for b in self.buttons[1:]])
        if bounds is not None:
            moved = box.clamp(bounds)
            dx, dy = moved.x - box.x, moved.y - box.y
            if dx or dy:
                for b in self.buttons:
                    b.rect.move_ip(dx, dy)
                box = moved
        return box

    @staticmethod
    def _rows(widths: list[int], gap: int, room: int) -> list[list[int]]:
        """The buttons' indexes in rows: one row, or as many even rows as a row wider than
        ``room`` (0: no limit) needs (a bet picker of twenty numbers)."""
        n = len(widths)
        total = sum(widths) + gap * (n - 1)
        if room <= 0 or total <= room:
            return [list(range(n))]
        count = -(-total // room)
        while count < n:
            per = -(-n // count)
            rows = [list(range(i, min(n, i + per))) for i in range(0, n, per)]
            if all(sum(widths[i] for i in r) + gap * (len(r) - 1) <= room for r in rows):
                return rows
            count += 1
        return [[i] for i in range(n)]

    @staticmethod
    def _caption(b: ChoiceButton) -> str:
        return b.label

    @staticmethod
    def _cap(b: ChoiceButton, text: TextCache, font: int, height: int) -> pygame.Rect:
        """The key cap's box (at the origin): as tall as half the button, wide enough for
        the key's name."""
        glyph = text.render(b.hotkey.upper(), Hud.badge_size(font), bold=True)
        side = max(8, int(height * 0.46))
        return pygame.Rect(0, 0, max(side, glyph.get_width() + side // 2), side)

    def places(self, b: ChoiceButton, text: TextCache, font: int
               ) -> tuple[Optional[pygame.Rect], pygame.Rect]:
        """Where a laid-out button without an icon draws its key cap (None: no key) and its
        words: centred, moved right as far as the cap needs."""
        r = b.rect
        words = text.render(b.label, font, bold=True).get_rect(center=(r.centerx, r.centery - 1))
        if not b.hotkey:
            return None, words
        cap = self._cap(b, text, font, r.h)
        cap.midleft = (r.x + int(r.h * self.caps[0]), r.centery)
        words.x = max(words.x, r.x + self._label_left(b, text, font, r.h))
        return cap, words

    def _label_left(self, b: ChoiceButton, text: TextCache, font: int, height: int) -> int:
        """Where a button's words may start, from its left edge: after its key cap."""
        inset, gap = self.caps
        return int(height * inset) + self._cap(b, text, font, height).w + int(height * gap)

    def at(self, pos: tuple[int, int]) -> Optional[int]:
        return self.index_at(pos)

    def by_hotkey(self, name: str) -> Optional[ChoiceButton]:
        name = name.lower()
        for b in self.buttons:
            if b.hotkey and b.hotkey.lower() == name:
                return b
        return None

    def move_focus(self, delta: int) -> None:
        """The next button, disabled ones too (they say why when pressed)."""
        self.step(delta, every=True)

    def focused(self) -> Optional[ChoiceButton]:
        return self.focused_button()

    def draw(self, surface: pygame.Surface, text: TextCache, panels: PanelCache,
             font: int, icon: Optional[IconFn] = None) -> None:
        for i, b in enumerate(self.buttons):
            focused = i == self.focus
            hovered = i == self.hover
            badge = theme.GOLD_LIGHT if focused else theme.GOLD
            if not b.enabled:
                # clearly out of play (text and border dim, no hover glow); the keyboard's
                # focus still shows on it, and a click on it still says why
                fill, ink, badge = DISABLED_FILL, DISABLED_INK, DISABLED_RIM
                rim = theme.GOLD_DARK if focused else DISABLED_RIM
            elif focused:
                fill, rim, ink = (70, 52, 16, 240), theme.GOLD_LIGHT, theme.GOLD_LIGHT
            elif hovered:
                fill, rim, ink = (34, 80, 52, 240), theme.GOLD_LIGHT, theme.CREAM
            elif b.primary:
                fill, rim, ink = (24, 66, 42, 235), theme.GOLD, theme.CREAM
            else:
                fill, rim, ink = (10, 38, 25, 225), theme.GOLD_DARK, theme.CREAM
            r = b.rect
            shadow = panels.get((r.w, r.h), (0, 0, 0, 90), None, r.h // 2)
            surface.blit(shadow, (r.x + 2, r.y + 4))
            iw, ih = self.icon_size
            if b.icon and ih and icon is not None:
                radius = min(r.h // 2, max(10, r.w // 6))
                surface.blit(panels.get((r.w, r.h), fill, rim, radius, 3 if focused else 2),
                             r.topleft)
                img = icon(b.icon, ih)
                top = r.y + max(4, (r.h - ih) // 6)
                surface.blit(img, img.get_rect(midtop=(r.centerx, top)))
                label_y = (top + ih + r.bottom) / 2
                text.blit(surface, b.label, font, (r.centerx, label_y), "center", ink, bold=True)
                if b.hotkey:
                    text.blit(surface, b.hotkey.upper(), Hud.badge_size(font),
                              (r.x + radius * 0.55 + 4, r.top + radius * 0.55 + 2), "center",
                              badge)
                continue
            surface.blit(panels.get((r.w, r.h), fill, rim, r.h // 2, 3 if focused else 2), r.topleft)
            cap, words = self.places(b, text, font)
            if cap is not None:
                # a key cap before the words ("[2] Stand at 2"), never a corner figure
                # that reads as a power of the number beside it
                pygame.draw.rect(surface, badge, cap, width=max(1, r.h // 24),
                                 border_radius=max(2, cap.h // 4))
                text.blit(surface, b.hotkey.upper(), Hud.badge_size(font), cap.center, "center",
                          badge, bold=True)
            text.blit(surface, b.label, font, words.center, "center", ink, bold=True)
            if focused and b.enabled:      # the button the Enter key presses now
                draw_enter_mark(surface, (r.right - int(r.h * 0.4), r.centery),
                                int(r.h * 0.4), badge)
