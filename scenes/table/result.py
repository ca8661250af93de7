"""The small overlays of the table: the result screen, the pause menu, and the
score sheet shown between the games of a match (or the hands of a game).

All are overlay scenes: the table stays visible (dimmed) below a panel of
buttons, reachable with the mouse and with arrows/Tab + Enter.  The result
offers "Play again" (same game, new shuffle) and "Menu", and shows the game's
score sheet when it has one; the pause menu "Resume", "Rules", "Settings",
"Menu" and "Quit"; the sheet between games one button to go on (Enter), which
counts down the seconds left when the sheet goes by itself.  With the spoken
table on, a score sheet is read aloud a row at a time (Down, Up; Tab moves between
the buttons).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Optional

import pygame

from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.fonts import wrap_even
from scenes.kit.hud import PanelCache, TextCache
from scenes.kit.scene import Scene
from scenes.kit.sheet import Sheet, draw_sheet, sheet_size
from scenes.kit.widgets import Button, FocusList, draw_button
from scenes.net import room_codes
from scenes.net.dealer import dealer_line
from scenes.net.rating_words import keep_mine, rating_lines, rating_sentences, told_ratings
from scenes.speech.aloud import Aloud
from scenes.speech.reading import Reader, read_key, said_as
from scenes.speech.table import spoken_on
from scenes.table import keeping

if TYPE_CHECKING:  # pragma: no cover
    from scenes.table import TableScene

#: seconds a result screen or a score sheet lets no key act: Enter, pressed again and
#: again to play the hinted cards, started the next game (or deal) before the final result
#: (or the sheet) was seen
RESULT_SETTLE = 1.2

#: the room a line of words closing an overlay's lines has before the buttons, besides
#: a line's own, at 1280x720: about what the title leaves above the lines
NOTE_GAP = 18


class _MenuOverlay(Scene):
    """A dimmed table, a panel with a title, some lines and a column of buttons."""

    overlay = True
    #: seconds from its coming in which no key acts on it (a screen that comes by itself
    #: over a table whose keys the player may still be pressing: :data:`RESULT_SETTLE`)
    settle = 0.0

    def __init__(self, app: Any, table: "TableScene") -> None:
        super().__init__(app)
        self.table = table
        self.focus = FocusList(self.buttons())
        self.text = TextCache(app.fonts)
        self.panels = PanelCache()
        self.age = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        #: a score sheet read aloud a row at a time (Down, Up), the spoken table on; the
        #: sheet does not scroll, so no row has a place to scroll to
        self.aloud = Aloud()
        self.reader = Reader(self.spoken_rows)
        self.tops: list[int] = []
        self.resize(tuple(app.size))
        if spoken_on(app) and self.spoken_rows():
            self.aloud.say([tr("spoken.reading.sheet")])

    def menu(self) -> None:
        """Leave the table for the title menu (every overlay over a table offers it)."""
        self.table.close()
        self.app.back_to_menu()

    def buttons(self) -> list[Button]:
        return []

    def reword(self) -> bool:
        """The buttons made again in the new language (the title and lines are worded as
        they are drawn); the focus stays on the same button."""
        self.focus.set_buttons(self.buttons())
        self.resize(self.app.size)
        return True

    def title(self) -> str:
        return ""

    def heading(self) -> str:
        """The panel's title, said first as it comes on top (scenes/speech/screens.py):
        "Paused", a game's result, a hand's sheet; its first button alone ("Resume.")
        did not say what had opened."""
        return self.title()

    def lines(self) -> list[tuple[str, str]]:
        return []

    def sheet(self) -> Optional[Sheet]:
        """A score sheet drawn instead of :meth:`lines` (None: none)."""
        return None

    def notes(self) -> list[tuple[str, str]]:
        """Lines drawn after the sheet or the lines (a rated game's ratings)."""
        return []

    def _notes_h(self, size: tuple[int, int]) -> int:
        return len(self.notes()) * int(28 * theme.ui_scale(size))

    def spoken_rows(self) -> list[tuple[int, list[str]]]:
        """The score sheet's rows as a listener hears them: "Hand 1: You 5, East 3.", a
        cell left empty or marking nothing ("—") not said, a row of none its label alone
        ("Each round."), the cells in words where the screen draws a symbol
        (``SheetRow.said``) and its separators a pause (:func:`said_as`)."""
        sheet = self.sheet()
        if sheet is None:
            return []
        out = []
        for n, row in enumerate(sheet.rows):
            shown = row.cells if row.said is None else row.said
            said = [said_as(cell) for cell in shown]
            cells = ", ".join(f"{name} {cell}" for name, cell in zip(sheet.columns, said) if cell)
            label = said_as(row.label)
            out.append((n, [tr("spoken.option", label=label, value=cells) if cells
                            else tr("spoken.item", label=label)]))
        return out

    def scroll_to(self, offset: float) -> None:
        """A sheet is shown whole: nothing to scroll (a row read aloud asks)."""

    def _rows(self, size: tuple[int, int], panel_w: int) -> list[tuple[str, str, int]]:
        """:meth:`lines` as drawn in a panel ``panel_w`` wide, each with the room it takes
        down the panel: a line of words alone (no figure on its right) is wrapped to the
        panel, its parts closer together than the lines, so a long one ("The game in
        progress will be lost. Games online are not kept for Resume") stays inside it."""
        s = theme.ui_scale(size)
        font = self.app.fonts.get(int(18 * s))
        room = panel_w - 2 * int(30 * s)
        rows: list[tuple[str, str, int]] = []
        for left, right in self.lines():
            parts = [left] if right else wrap_even(font, left, room)
            rows += [(part, right, int(34 * s) if i == len(parts) - 1 else int(24 * s))
                     for i, part in enumerate(parts)]
        if rows and not rows[-1][1]:
            # a line of words closing the lines (the pause menu's "the game goes on
            # meanwhile") stands as far above the buttons as below the title: it sat
            # close over "Resume" and read as the button's caption
            part, right, step = rows[-1]
            rows[-1] = (part, right, step + int(NOTE_GAP * s))
        return rows

    def _sheet_font(self, sheet: Sheet, size: tuple[int, int], room: int) -> int:
        """The largest font (at most 19 px at 720 high, times the table's larger words)
        that fits the sheet in ``room``."""
        s = theme.ui_scale(size)
        larger = self.table.layout.text_scale if self.table is not None else 1.0
        font = max(11, int(19 * s * larger))
        while font > 11:
            sw, sh = sheet_size(sheet, self.text, font)
            if sh <= room and sw <= size[0] * 0.9:
                break
            font -= 1
        return font

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        bw, bh, gap = int(260 * s), int(46 * s), int(12 * s)
        pw = int(420 * s)
        sheet = self.sheet()
        notes_h = self._notes_h(size)
        if sheet is not None:
            buttons_h = len(self.focus.buttons) * (bh + gap) + int(24 * s)
            room = int(h * 0.94) - int(90 * s) - buttons_h - int(16 * s) - notes_h
            self.sheet_font = self._sheet_font(sheet, size, room)
            sw, sh = sheet_size(sheet, self.text, self.sheet_font)
            top = int(90 * s) + sh + int(16 * s) + notes_h
            pw = max(pw, sw + int(64 * s))
        else:
            top = int(90 * s) + sum(step for _, _, step in self._rows(size, pw)) + notes_h
        ph = top + len(self.focus.buttons) * (bh + gap) + int(24 * s)
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + top
        for b in self.focus.buttons:
            b.rect = pygame.Rect(0, 0, bw, bh)
            b.rect.midtop = (self.panel.centerx, y)
            y += bh + gap
        if self.table is not None and tuple(self.table.layout.size) != tuple(size):
            self.table.resize(size)

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN and self.age < self.settle:
            return None     # a key meant for the table, hit as this screen came
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return None
        if self.spoken_rows() and read_key(self, event):
            return None                  # the spoken table on: Down and Up read the rows
        if self.focus.handle(event):
            return None
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEMOTION):
            return None  # the table below must not act meanwhile
        return event

    def on_escape(self) -> None:
        pass

    def damage(self) -> Optional[list[pygame.Rect]]:
        """Over a table (which says what changed below the veil): the panel and its shadow,
        drawn anew each frame (a countdown, the focus); the rest of the veil never changes.
        A score sheet that counts down at 1920x1080 presents that, not the whole window."""
        if self.table is None:
            return None
        p = self.panel
        return [pygame.Rect(p.x - 2, p.y, p.w + 8, p.h + 12).inflate(8, 8)]

    def animating(self) -> bool:
        """The table's last effects still finish below (and an auto-close counts down)."""
        return self.table is not None and self.table.animating()

    def update(self, dt: float) -> None:
        self.age += dt
        # the table's effects (a last banner, the score pops) finish below the overlay
        if self.table is not None:
            self.table.timeline.update(dt)
            self.table.hud.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        theme.dim(surface)
        s = theme.ui_scale(size)
        p = self.panel
        surface.blit(self.panels.get((p.w + 8, p.h + 8), (0, 0, 0, 110), None, 18), (p.x - 2, p.y + 4))
        surface.blit(self.panels.get(p.size, (12, 40, 27, 245), theme.GOLD, 16, 3), p)
        self.text.blit(surface, self.title(), int(34 * s), (p.centerx, p.y + int(48 * s)),
                       "center", theme.GOLD_LIGHT, bold=True)
        sheet = self.sheet()
        if sheet is not None:
            sw, _ = sheet_size(sheet, self.text, self.sheet_font)
            draw_sheet(surface, self.text, self.panels, sheet,
                       (p.centerx - sw // 2, p.y + int(84 * s)), self.sheet_font)
        y = p.y + int(100 * s)
        if sheet is not None:
            y = p.y + int(84 * s) + sheet_size(sheet, self.text, self.sheet_font)[1] + int(30 * s)
        rows = self._rows(size, p.w) if sheet is None else []
        rows += [(left, right, int(28 * s)) for left, right in self.notes()]
        for left, right, step in rows:
            if right:
                self.text.blit(surface, left, int(20 * s), (p.x + int(60 * s), y), "midleft",
                               theme.CREAM)
                self.text.blit(surface, right, int(20 * s), (p.right - int(60 * s), y), "midright",
                               theme.CREAM, bold=True)
            else:
                self.text.blit(surface, left, int(18 * s), (p.centerx, y), "center",
                               theme.CREAM_DIM)
            y += step
        for i, b in enumerate(self.focus.buttons):
            draw_button(surface, self.app.fonts, b, i == self.focus.focus)

    def press(self, key: str) -> None:
        """Activate a button by its key (tests, tools)."""
        self.focus.activate(self.focus.button(key))


class _AutoClose(_MenuOverlay):
    """An overlay that closes by itself after ``auto_close`` seconds (a table nobody plays)."""

    auto_close: Optional[float] = None

    def _tick_auto_close(self) -> None:
        if self.auto_close is not None and self.age >= self.auto_close \
                and self.app.stack.top is self:
            self.auto_close = None
            self.closed_by_itself()

    def closed_by_itself(self) -> None:
        raise NotImplementedError


class ResultScene(_AutoClose, _MenuOverlay):
    """The game is over: who won, the final scores, Play again or Menu."""

    #: it opens by itself: its first words follow the table's news (scenes/speech/screens.py)
    unasked = True

    settle = RESULT_SETTLE

    def __init__(self, app: Any, table: "TableScene", auto_close: Optional[float] = None) -> None:
        self.auto_close = auto_close
        self._rated = told_ratings(table.client)
        keep_mine(table.client, self._rated)
        super().__init__(app, table)
        self._say_ratings()

    def buttons(self) -> list[Button]:
        out = []
        if self.table.again is not None:
            out.append(Button(tr("table.result.play_again"), self.play_again, key="again",
                              style="primary"))
        if keeping.is_kept(self.table):
            out.append(Button(tr("kept.save_game"), lambda: keeping.export(self.app, self.table),
                              key="save"))
        out.append(Button(tr("table.result.menu"), self.menu, key="menu",
                          style="primary" if not out else "normal"))
        return out

    def _result(self) -> dict[str, Any]:
        return dict(self.table.result or {})

    def title(self) -> str:
        return self.table.adapter.result_title(self._result(), self.table.layout)

    def lines(self) -> list[tuple[str, str]]:
        rows = self.table.adapter.result_lines(self._result(), self.table.view,
                                               self.table.layout)
        return list(rows)

    def sheet(self) -> Optional[Sheet]:
        return self.table.adapter.result_sheet(self._result(), self.table.view,
                                               self.table.layout)

    def notes(self) -> list[tuple[str, str]]:
        """A rated game's ratings, each seat's before and after, once the service has
        told them (scenes/net/rating_words.py)."""
        return rating_lines(self.table.client, self._rated)

    def spoken_rows(self) -> list[tuple[int, list[str]]]:
        """The score sheet's rows, then each seat's rating before and after, a row each
        (read again with Down and Up)."""
        rows = super().spoken_rows()
        return rows + [(len(rows) + n, [line]) for n, line in
                       enumerate(rating_sentences(self.table.client, self._rated))]

    def _say_ratings(self) -> None:
        """With the spoken table on, the ratings said once they are told (as they come,
        or at once to a guest told them before the result)."""
        said = rating_sentences(self.table.client, self._rated)
        if said and spoken_on(self.app):
            self.aloud.say([tr("spoken.rating.heading"), *said])

    def update(self, dt: float) -> None:
        super().update(dt)
        self._tick_auto_close()
        rated = told_ratings(self.table.client)
        if rated != self._rated:                # the service told them: laid out anew
            self._rated = rated
            keep_mine(self.table.client, rated)
            self.reword()
            self.reader.refresh()
            self._say_ratings()

    def closed_by_itself(self) -> None:
        self.table.finished()

    def play_again(self) -> None:
        stack = self.app.stack
        new = self.table.new_game()
        if new is None:
            return
        stack.pop()  # this overlay
        stack.replace(new)

    def on_escape(self) -> None:
        self.menu()


class PauseScene(_MenuOverlay):
    """Esc at the table: Resume, Rules, Settings, (a kept game) Save this game, (a host's
    room with no relay code) Open a relay code, Menu, Quit; a host's shows its room's
    codes (scenes/net/room_codes.py)."""

    def __init__(self, app: Any, table: "TableScene") -> None:
        self.room = room_codes.hosted_room(table.client)
        self._room_shown = room_codes.room_shown(self.room) if self.room is not None else ()
        #: the room's lines changed and the panel with them: drawn at once, and the whole
        #: window presented (the panel's old edges lie outside the new one)
        self._laid_out = False
        super().__init__(app, table)

    def buttons(self) -> list[Button]:
        out = [Button(tr("table.pause.resume"), self.resume, key="resume", style="primary"),
               Button(tr("table.pause.rules"), self.rules, key="rules"),
               Button(tr("ui.menu.settings"), self.settings, key="settings")]
        if keeping.is_kept(self.table):      # the game so far as a file: a bug report
            out.append(Button(tr("kept.save_game"),
                              lambda: keeping.export(self.app, self.table), key="save"))
        if self.room is not None:
            out += room_codes.relay_buttons(self.app, self.room)
        return out + [Button(tr("table.pause.menu"), self.ask_menu, key="menu"),
                      Button(tr("table.pause.quit"), self.ask_quit, key="quit")]

    def title(self) -> str:
        return tr("table.pause.title")

    def lines(self) -> list[tuple[str, str]]:
        """Online nothing stands still for the others (the host's computers play on):
        the menu says so, where "Paused" alone said the game waited; a host's, the
        room's codes."""
        if self.table.client.seating() is None:
            return []
        codes = room_codes.code_lines(self.room) if self.room is not None else []
        dealt = dealer_line(self.table.client)
        return [(tr("table.pause.online"), "")] + ([(dealt, "")] if dealt else []) + codes

    def update(self, dt: float) -> None:
        self.age += dt  # the game stands still while paused
        if self.room is not None and room_codes.room_shown(self.room) != self._room_shown:
            self._room_shown = room_codes.room_shown(self.room)
            self.reword()                # a code came (or a relay failed): laid out anew
            self._laid_out = True

    def animating(self) -> bool:
        return self._laid_out or super().animating()

    def damage(self) -> Optional[list[pygame.Rect]]:
        if self._laid_out:
            self._laid_out = False
            return None
        return super().damage()

    def resume(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def rules(self) -> None:
        self.app.show_rules(self.table.key)

    def settings(self) -> None:
        """The settings over the paused table; a new card design shows on return."""
        self.app.open_settings()

    def quit(self) -> None:
        self.table.close()
        self.app.quit()

    def ask_menu(self) -> None:
        self._ask("table.confirm.menu_title", "table.confirm.leave", self.menu)

    def ask_quit(self) -> None:
        self._ask("table.confirm.quit_title", "table.confirm.quit", self.quit)

    def _ask(self, title: str, yes: str, then: Any) -> None:
        """The game in progress would be lost: ask first (a finished game goes at once)."""
        if self.table.over:
            then()
            return
        self.app.stack.push(ConfirmScene(self.app, self.table, tr(title),
                                         keeping.leaving_line(self.table), tr(yes), then))

    def on_escape(self) -> None:
        self.resume()


class ConfirmScene(_MenuOverlay):
    """Are you sure?  A question, what it would cost, and two answers; Esc or "Stay" keeps
    the game (the default, so a hasty Enter loses nothing)."""

    def __init__(self, app: Any, table: "TableScene", title: str, line: str, yes: str,
                 on_yes: Any) -> None:
        self._title, self._line, self._yes, self._on_yes = title, line, yes, on_yes
        super().__init__(app, table)

    def buttons(self) -> list[Button]:
        return [Button(tr("table.confirm.stay"), self.stay, key="stay", style="primary"),
                Button(self._yes, self._on_yes, key="yes")]

    def title(self) -> str:
        return self._title

    def heading(self) -> str:
        """The question and what it would cost, said as it opens: a listener heard only
        "Keep playing." (scenes/speech/screens.py)."""
        return f"{self._title} {self._line}" if self._line else self._title

    def lines(self) -> list[tuple[str, str]]:
        return [(self._line, "")]

    def update(self, dt: float) -> None:
        self.age += dt  # the game stands still below

    def stay(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_escape(self) -> None:
        self.stay()


class SheetScene(_AutoClose, _MenuOverlay):
    """Between two games of a match (or two hands): the score sheet so far and one button
    to go on.

    The table's animation waits below (like the pause menu) and carries on with
    the next deal when the sheet closes; Esc opens the pause menu over it.  Like the
    result, it lets no key act for its first :data:`RESULT_SETTLE` seconds (nor a key
    held from the table: the scene stack's): Enter, hammered to play the last cards,
    skipped the deal's sheet.
    """

    #: it opens by itself: its first words follow the table's news (scenes/speech/screens.py)
    unasked = True

    settle = RESULT_SETTLE

    def __init__(self, app: Any, table: "TableScene", title: str, sheet: Sheet,
                 button: str, auto_close: Optional[float] = None) -> None:
        self.auto_close = auto_close
        self._title = title
        self._sheet = sheet
        self._button = button
        super().__init__(app, table)

    def buttons(self) -> list[Button]:
        return [Button(self.button_label(), self.go_on, key="next", style="primary")]

    def button_label(self) -> str:
        """The button's words; on a sheet that goes by itself, the seconds it has left
        ("Next round in 3…"), so nobody wonders why it went."""
        if not self.auto_close:          # waits for the player (or goes at once)
            return self._button
        left = max(1, math.ceil(self.auto_close - getattr(self, "age", 0.0)))
        return tr("table.sheet.goes_on", button=self._button, seconds=left)

    def title(self) -> str:
        return self._title

    def sheet(self) -> Optional[Sheet]:
        return self._sheet

    def update(self, dt: float) -> None:
        self.age += dt  # the next deal waits for the player (or for the pause to pass)
        self._tick_auto_close()
        if self.auto_close:
            self.focus.buttons[0].label = self.button_label()

    def closed_by_itself(self) -> None:
        self.go_on()

    def go_on(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_escape(self) -> None:
        self.table.pause()
