"""The settings screen: each row is one setting, changed with Left/Right, Enter or a click.

A change takes effect at once and is saved at once (through ``app.change_setting``),
so there is no "Apply" button to forget.  The last row is the player's name, typed
in a text field (Enter or a click on the row puts the keyboard in it): kept when
Enter is pressed or the field is left, if it keeps the rule every name keeps
(game/names.py; else the reason is said and the saved name stays); Esc in
the field gives back the saved name.  It is on the plates ("You" when empty), in
the game's log, and the name Play online starts with.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame
import pygame_gui

from game.cards import Card
from game.names import MAX_NAME, name_problem
from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.fields import place_field, text_field
from scenes.kit.option_rows import OptionRow, OptionRowsScene, step_value
from scenes.kit.scene import AppLike
from scenes.kit.widgets import Button, draw_button
from scenes.settings import (
    ANIMATION_SPEEDS,
    FRENCH_COLOURS,
    ITALIAN_STYLES,
    LANGUAGES,
    SPEECH_RATES,
    SPEECH_VERBOSITY,
    SPEECH_VOICES,
    TABLE_SCALES,
    VOLUME_STEP,
)
from scenes.speech.table import spoken_on
from scenes.speech.voice import missing

#: the preview's cards: an Italian pair (the design), then French Clubs and Diamonds (the inks)
PREVIEW_CARDS = (("Kc", "Ad"), ("QC", "7D"))
#: the name field's least height: its rounded corners (8 px, inside a border) need it
#: in a small window, where many rows leave each little room
FIELD_LEAST_H = 20
VOLUMES = tuple(round(i * VOLUME_STEP, 2) for i in range(int(round(1 / VOLUME_STEP)) + 1))


def _setting_row(name: str, values: Sequence[Any], show: Callable[[Any], str],
                 wrap: bool = True, label: str = "") -> OptionRow:
    """The row of the setting ``name`` (a field of Settings), labelled in the player's
    language (``label``: its key, when not ``ui.settings.NAME``)."""
    return OptionRow(f"opt:{name}", tr(label or f"ui.settings.{name}"), values, show, wrap)


def setting_name(row: OptionRow) -> str:
    """The field of Settings that ``row`` changes."""
    return row.key.removeprefix("opt:")


def _on_off(value: bool) -> str:
    return tr("ui.settings.on" if value else "ui.settings.off")


def _spoken(value: bool) -> str:
    """On or off; "On, silent" with no speech engine here (turning it on says what to
    install: App.change_setting)."""
    if value and missing():
        return tr("access.settings.spoken_silent")
    return _on_off(value)


def _rows() -> list[OptionRow]:
    return [
        _setting_row("animation_speed", tuple(ANIMATION_SPEEDS), lambda v: tr(f"ui.settings.speed.{v}")),
        _setting_row("reduced_motion", (False, True), _on_off, label="access.settings.reduced_motion"),
        _setting_row("spoken_table", (False, True), _spoken, label="access.settings.spoken_table"),
        _setting_row("speech_verbosity", SPEECH_VERBOSITY,
                     lambda v: tr(f"access.settings.verbosity.{v}"),
                     label="access.settings.speech_verbosity"),
        _setting_row("speech_rate", SPEECH_RATES, str,
                     wrap=False, label="access.settings.speech_rate"),
        _setting_row("speech_voice", SPEECH_VOICES, lambda v: tr(f"access.settings.voice.{v}"),
                     label="access.settings.speech_voice"),
        _setting_row("card_design", ITALIAN_STYLES, lambda v: tr(f"ui.settings.design.{v}")),
        _setting_row("french_colours", FRENCH_COLOURS, lambda v: tr(f"access.settings.colours.{v}"),
                     label="access.settings.french_colours"),
        _setting_row("table_scale", TABLE_SCALES, lambda v: f"{round(v * 100)}%", wrap=False,
                     label="access.settings.table_scale"),
        _setting_row("fullscreen", (False, True), _on_off),
        _setting_row("volume", VOLUMES, lambda v: f"{round(v * 100)}%", wrap=False),   # no 100% after 0%
        _setting_row("language", LANGUAGES, lambda v: tr(f"ui.settings.language.{v}")),
    ]


class SettingsScene(OptionRowsScene):
    def __init__(self, app: AppLike, overlay: bool = False) -> None:
        super().__init__(app)
        self.overlay = overlay
        self.rows = _rows()
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._preview = pygame.Rect(0, 0, 0, 0)
        self._size: tuple[int, int] | None = None
        self._preview_key: tuple | None = None
        self._preview_faces: list[list[pygame.Surface]] = []
        #: the player's name field (made while the screen is on top, see enter/leave)
        self.name_entry: Optional[pygame_gui.elements.UITextEntryLine] = None
        self._make_buttons()
        self._make_entry()
        self.resize(app.size)

    def _make_buttons(self) -> None:
        """The rows' buttons, the name's and Back, labelled in the current language (the
        focus stays on the same key when they are made again)."""
        buttons = self.row_buttons()
        buttons.append(Button(tr("ui.settings.player_name"), action=self.edit_name, key="name",
                              row=len(self.rows), style="option"))
        buttons.append(Button(tr("ui.back"), action=self.close, key="back",
                              row=len(self.rows) + 1))
        self.focus.set_buttons(buttons)

    def reword(self) -> bool:
        """The rows and buttons again in the new language, the focus where it was."""
        self.rows = _rows()
        self._make_buttons()
        self.resize(self._size or self.app.size)
        return True

    # --- the name field ------------------------------------------------------
    def _make_entry(self) -> None:
        if self.name_entry is None:
            self.name_entry = text_field(self.app.ui, MAX_NAME, self.app.settings.player_name)

    def text_fields(self) -> list[tuple[Optional[pygame_gui.elements.UITextEntryLine], str]]:
        """The name field and its label, said as it is typed in (scenes/speech/fields.py)."""
        return [(self.name_entry, tr("ui.settings.player_name"))]

    def _drop_entry(self) -> None:
        if self.name_entry is not None:
            self.save_name()
            self.name_entry.kill()
            self.name_entry = None

    def edit_name(self) -> None:
        """The keyboard into the name field (Enter or a click on its row)."""
        if self.name_entry is not None:
            self.focus.focus_key("name")
            self.name_entry.focus()

    def save_name(self) -> bool:
        """Keep the typed name when it may be one; else say why and keep the saved one."""
        if self.name_entry is None:
            return False
        name = self.name_entry.get_text().strip()
        problem = name_problem(name)
        if problem is not None:
            self.app.notify(tr(problem, limit=MAX_NAME), 5.0)
            return False
        if name != self.app.settings.player_name:
            self.app.change_setting("player_name", name)
        return True

    def _leave_field(self) -> None:
        """The keyboard leaves the name field (the one there is now: keeping the name may
        have made the screen anew)."""
        if self.name_entry is not None:
            self.name_entry.unfocus()

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """In the name field: Enter keeps the name, Esc gives the saved one back, Up, Down
        and Tab keep it and move on; the other keys are the field's."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.name_entry is not None \
                and event.ui_element is self.name_entry:
            self.save_name()
            self._leave_field()
            return None
        entry = self.name_entry
        if entry is not None and entry.is_focused and event.type == pygame.KEYDOWN:
            self.focus.focus_key("name")  # (a click may have put the keyboard in the field)
            if event.key == pygame.K_ESCAPE:
                entry.set_text(self.app.settings.player_name)
                entry.unfocus()
                return None
            if event.key not in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                return None               # a letter, Backspace ...: the field's
            self.save_name()
            self._leave_field()
        entry = self.name_entry
        if entry is not None and entry.is_focused and event.type == pygame.MOUSEBUTTONDOWN and \
                not entry.rect.collidepoint(event.pos):
            self.save_name()              # a click elsewhere leaves the field
        focused = self.focus.focused
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and focused is not None and focused.key == "name":
            return None                   # a name has no values to step through
        return super().handle(event)

    def enter(self) -> None:
        self._make_entry()
        self.resize(self._size or self.app.size)

    def leave(self) -> None:
        self._drop_entry()

    def removed(self) -> None:
        self._drop_entry()

    def heading(self) -> str:
        """The page's name, said as it opens."""
        return tr("ui.settings.title")

    def option(self, name: str) -> OptionRow:
        return self.row(f"opt:{name}")

    def value(self, row: OptionRow) -> Any:
        """The setting's value; the spoken table's as the table really is (``--speak``
        turns it on for the run whatever the file says)."""
        if setting_name(row) == "spoken_table":
            return spoken_on(self.app)
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
        lines = len(self.rows) + 1               # the option rows and the name
        fixed = px(28) * 2 + px(10) + px(50)
        room = h - px(96) - px(40)               # below the title, above the keys' line
        if fixed + lines * (row_h + gap) > room:  # many rows: shorter ones, all on screen
            gap = px(6)
            row_h = max(px(30), (room - fixed) // lines - gap)
        panel_h = fixed + lines * (row_h + gap)
        top = max(px(96), min((h - panel_h) // 2 + px(30), h - px(40) - panel_h))
        self._panel = pygame.Rect((w - content_w) // 2, top, panel_w, panel_h)
        self._preview = (pygame.Rect(self._panel.right + px(40), top, preview_w, panel_h)
                         if show_preview else pygame.Rect(0, 0, 0, 0))
        inner = self._panel.inflate(-px(28) * 2, 0)
        value_w = min(px(250), inner.w // 2)
        y = self.lay_out_rows(inner, self._panel.y + px(28), row_h, gap, value_w=value_w,
                              arrow_w=px(44))
        name = self.focus.button("name")
        name.rect = pygame.Rect(inner.x, y, inner.w, row_h)
        if self.name_entry is not None:
            field = pygame.Rect(0, 0, value_w, max(row_h - px(14), min(row_h, FIELD_LEAST_H)))
            field.midright = (name.rect.right - px(10), name.rect.centery)
            place_field(self.name_entry, field, size)
        y += row_h + gap
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
        for key in ("name", "back"):
            button = self.focus.button(key)
            draw_button(surface, fonts, button, button is self.focus.focused)
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
        theme.text(surface, fonts.get(theme.font_px(15, surface.get_size()), bold=True),
                   tr("ui.settings.preview").upper(), theme.GOLD,
                   (box.centerx, box.y + round(6 * s)), "midtop", shadow=False)
        if art is None:
            return
        width = round(box.w * 0.52)
        key = (id(art), self.app.settings.card_design, self.app.settings.french_colours, width)
        if self._preview_key != key:
            try:
                faces = [[art.face(Card.parse(code), width) for code in pair]
                         for pair in PREVIEW_CARDS]
            except Exception:   # another module's art must not break the settings screen
                faces = []
            self._preview_faces = [[pygame.transform.rotozoom(f, 8 - 16 * i, 1.0)
                                    for i, f in enumerate(pair)] for pair in faces]
            self._preview_key = key
        top = box.y + round(40 * s)
        for pair in self._preview_faces:
            tallest = 0
            for i, rotated in enumerate(pair):
                cx = box.centerx + round((i - 0.5) * box.w * 0.3)
                y = top + round(i * 8 * s)
                surface.blit(rotated, rotated.get_rect(midtop=(cx, y)))
                tallest = max(tallest, y + rotated.get_height() - top)
            top += tallest + round(8 * s)
