"""The new-game screen: a game's options, how many play, your seat, each computer's strength.

The title menu opens it for the game chosen, so a game is never started with
choices the player cannot see.  It shows the game as last set up (remembered
per game in the settings, see ``Settings.games``); "Play" starts a table with
exactly the :class:`~game.session.GameSetup` shown, "Back" (or Esc) returns to
the menu.  As on the Settings screen, each row changes with Left/Right, Enter or
a click (a click on its left arrow goes back a value), and every change is
remembered at once: there is no "Apply" to forget, and ``--game KEY`` starts
the game as it was last shown here.

Opened to host an online game (``online=True``), every seat but yours is open
for a friend: its row says so (its strength is the computer's that plays it if
nobody takes it, or keeps it warm while its player is away), and Play reads
"Open the room"; the waiting room (scenes/screens/online/play.py) then seats the people.  At a
table the relay service deals (``service=True``) its opener sits in the first free
seat, as a guest: it is shown there, and no row chooses a seat.

Every row explains itself: the focused row's one line of help (``<option
label>.help`` in the words) stands above the footer; a computer's row says what the
level it shows plays like (``setup.level.<level>.help``, or the game's own
``<key>.level.<level>.help`` where a level plays otherwise there: Bocce's Hard), so
stepping through Easy, Normal and Hard describes each.  Play's line says when a game of this kind is kept to
resume: a new one takes its place (one game of each kind is kept, game/saves.py).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Callable, Optional, Sequence

import pygame

from game import GAMES
from game.ai import LEVELS
from game.engine import Option
from game.saves import Store
from game.session import COMPUTER, HUMAN, GameSetup, SeatSpec
from scenes.i18n import has, tr
from scenes.kit import theme
from scenes.kit.option_rows import OptionRow, OptionRowsScene, step_value
from scenes.kit.scene import AppLike
from scenes.kit.widgets import Button, draw_button


def value_text(key: str, name: str, option: Option, value: Any) -> str:
    """An option's value in words.  The game's own catalog may name it (``LABEL.VALUE``);
    else this screen's (``setup.value.GAME.NAME.VALUE``, or ``setup.value.GAME.NAME`` with
    ``{value}``); else Yes/No for a switch and the value itself for anything else."""
    token = str(value).lower()
    for k in (f"{option.label}.{token}" if option.label else "", f"setup.value.{key}.{name}.{token}"):
        if k and has(k):
            return tr(k)
    if has(f"setup.value.{key}.{name}"):
        return tr(f"setup.value.{key}.{name}", value=value)
    if isinstance(value, bool):
        return tr("setup.yes" if value else "setup.no")
    return str(value)


def help_line(key: str) -> str:
    """A row's one line of help, if its words exist."""
    return tr(key) if has(key) else ""


def level_help(game: str, level: str) -> str:
    """What a computer level plays like in ``game``: the game's own line where the level
    plays otherwise there (Bocce's Hard, whose search adds nothing measured to how it
    weighs the game), else the line every game shares."""
    own = f"{game}.level.{level}.help"
    return tr(own) if has(own) else help_line(f"setup.level.{level}.help")


def _one_person(seats: Sequence[SeatSpec]) -> list[SeatSpec]:
    """Seats with exactly one person (the first, else seat 1) and computers at a level this
    screen offers elsewhere: what the screen can show and change."""
    humans = [i for i, s in enumerate(seats) if s.kind == HUMAN]
    you = humans[0] if humans else 0
    return [replace(s, kind=HUMAN) if i == you else
            replace(s, kind=COMPUTER, level=s.level if s.level in LEVELS else "normal")
            for i, s in enumerate(seats)]


def friend_seat(seats: Sequence[SeatSpec]) -> Optional[int]:
    """The first seat a friend may take in an online game (a computer's), or None."""
    return next((i for i, seat in enumerate(seats) if seat.kind == COMPUTER), None)


class SetupScene(OptionRowsScene):
    def __init__(self, app: AppLike, key: str,
                 on_play: Optional[Callable[[GameSetup], None]] = None,
                 online: bool = False, service: bool = False) -> None:
        """``on_play``: who gets the setup on Play (hosting online); the app starts a table
        here when None.  ``online``: the game is hosted, a friend takes a seat.
        ``service``: the relay service deals it, and its opener sits as a guest in the
        first free seat, the first: no row chooses a seat there."""
        super().__init__(app)
        self.key = key
        self.on_play = on_play
        self.online = online or service
        self.service = service
        self.spec = GAMES[key]
        start = app.game_setup(key)
        self.options: dict[str, Any] = dict(start.options)
        self.count = len(start.seats)
        # Longer than ``count`` once the players were fewer: a seat that comes back
        # keeps the level it had.
        self.seats: list[SeatSpec] = _one_person(start.seats)
        self.options = {name: (self.spec.options[name].fit(value, self.count)
                               if name in self.spec.options else value)
                        for name, value in self.options.items()}
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._most_rows = 1
        #: where the last drawing put the subtitle and the key line
        self.drawn: dict[str, pygame.Rect] = {}
        #: a game of this kind kept to resume, which a new one here takes the place of (not
        #: one another window plays: a new one here is not kept, and the table says so)
        store = Store()
        self.replaces = not self.online and store.slot(key).exists() and store.free(key)
        #: the seat this game is remembered with (at the service's table the opener is
        #: shown in the first, where it will sit, and the remembered seat stays)
        self._home = self.you
        if service:
            self._swap(self._home, 0)
        self._build()
        self.focus.focus_key("play")          # Enter, Enter from the menu plays as last time

    # --- the choice ----------------------------------------------------------
    @property
    def you(self) -> int:
        return next(i for i, s in enumerate(self.seats[:self.count]) if s.kind == HUMAN)

    @property
    def setup(self) -> GameSetup:
        """The game as shown (no seed: each game deals anew)."""
        return GameSetup(self.key, tuple(self.seats[:self.count]), dict(self.options))

    def heading(self) -> str:
        """The page's name, said as it opens ("Bolola, New game")."""
        return f"{self.spec.title}, {tr('setup.title')}"

    def value(self, row: OptionRow) -> Any:
        if row.key.startswith("opt:"):
            return self.options[row.key[4:]]
        if row.key == "players":
            return self.count
        if row.key == "seat":
            return self.you
        return self.seats[int(row.key[6:])].level

    def change(self, row: OptionRow, delta: int) -> None:
        """Step a row's value, then remember the whole choice."""
        new = step_value(row, self.value(row), delta)
        if row.key.startswith("opt:"):
            self.options[row.key[4:]] = new
        elif row.key == "players":
            self._set_count(new)
        elif row.key == "seat":
            self._swap(self.you, new)
        else:
            seat = int(row.key[6:])
            self.seats[seat] = replace(self.seats[seat], level=new)
        self._build()
        self.remember()

    def _set_count(self, count: int) -> None:
        """More or fewer players; new seats get the strength of the last computer, and you
        move to the last seat when yours goes."""
        while len(self.seats) < count:
            last = next((s for s in reversed(self.seats) if s.kind == COMPUTER), SeatSpec(COMPUTER))
            self.seats.append(SeatSpec(COMPUTER, last.level))
        if self.you >= count:
            self._swap(self.you, count - 1)
        self.count = count
        # an option whose range follows the players (an opening count) stays in range
        for name, opt in self.spec.options.items():
            if name in self.options:
                self.options[name] = opt.fit(self.options[name], count)

    def _swap(self, a: int, b: int) -> None:
        """You take seat ``b``; the computer there takes yours, with its strength."""
        self.seats[a], self.seats[b] = self.seats[b], self.seats[a]

    def remember(self) -> None:
        setup = self.setup
        if self.service and self._home < len(setup.seats):
            seats = list(setup.seats)
            seats[0], seats[self._home] = seats[self._home], seats[0]
            setup = replace(setup, seats=tuple(seats))
        self.app.settings.remember_setup(setup)
        self.app.save_settings()

    def play(self) -> None:
        """Start the table; this screen leaves first, so the table's "Menu" and a closed
        table both land on the menu, as before there was a setup screen."""
        setup = self.setup
        self.remember()
        self.close()
        (self.on_play or self.app.start_game)(setup)

    # --- rows and buttons --------------------------------------------------
    def _rows(self, count: Optional[int] = None) -> list[OptionRow]:
        """The rows for ``count`` players (default: the number chosen)."""
        count = self.count if count is None else count
        rows = [OptionRow(f"opt:{name}", tr(opt.label) if opt.label else name,
                          tuple(opt.allowed_for(count)),
                          partial(value_text, self.key, name, opt),
                          help=help_line(f"{opt.label}.help"))
                for name, opt in self.spec.options.items()]
        if len(self.spec.seats) > 1:
            rows.append(OptionRow("players", tr("setup.players"), tuple(self.spec.seats),
                                  lambda v: tr("setup.players.value", count=v),
                                  help=help_line("setup.players.help.online" if self.online
                                                  else "setup.players.help")))
        if not self.service:
            rows.append(OptionRow("seat", tr("setup.your_seat"), tuple(range(count)),
                                  lambda v: tr("setup.seat", number=v + 1),
                                  help=help_line("setup.your_seat.help")))
        levels = self.spec.levels
        for s in range(count):
            if self.online and s != self.you:     # open for a friend, else a computer
                rows.append(OptionRow(f"level:{s}", tr("setup.friend", number=s + 1), levels,
                                      lambda v: tr("setup.friend_level",
                                                   level=tr(f"setup.level.{v}")),
                                      help=help_line("setup.friend.help")))
            elif s != self.you:       # its help says what the level it shows plays like
                rows.append(OptionRow(f"level:{s}", tr("setup.computer", number=s + 1), levels,
                                      lambda v: tr(f"setup.level.{v}"),
                                      help=level_help(self.spec.key, self._level(s))))
        return rows

    def _level(self, seat: int) -> str:
        """The level a seat's row shows (a seat only counted for the layout: Normal)."""
        return self.seats[seat].level if seat < len(self.seats) else "normal"

    def _build(self) -> None:
        """Rows follow the choice (a seat you leave gets a strength row); focus stays put."""
        self.rows = self._rows()
        # the panel is laid out for the most players the game allows, so that a row stays
        # under the pointer when a player comes or goes
        self._most_rows = max(len(self.rows), len(self._rows(max(self.spec.seats))))
        buttons = self.row_buttons()
        last = len(self.rows)
        buttons += [Button(tr("ui.back"), action=self.close, key="back", row=last),
                    Button(tr("setup.open_room" if self.online else "setup.play"),
                           action=self.play, key="play", row=last,
                           style="primary")]
        self.focus.set_buttons(buttons)
        self.resize(self._size or self.app.size)

    # --- layout ------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Rows as tall as the Settings' while they fit; shorter when many seats must."""
        self._size = size
        w, h = size
        s = theme.ui_scale(size)
        px = lambda v: max(1, round(v * s))  # noqa: E731
        pad, button_h, button_gap = px(22), px(48), px(16)
        heading, footer = self._margins(size)
        top = heading + px(10)
        room = h - top - footer - 2 * pad - button_h - px(8)
        most = max(1, self._most_rows)
        pitch = min(px(64), room // most)
        row_h = max(16, pitch * 54 // 64)
        gap = pitch - row_h
        arrow_w = min(px(44), row_h)
        # wider where a row's label and its longest value need it (hosting: a friend's seat)
        panel_w = min(w - px(40), max(px(640), sum(self.row_widths(row_h, arrow_w, s)) + px(56)))
        panel_h = 2 * pad + len(self.rows) * pitch + px(8) + button_h
        # the top stays where the tallest panel (the most players) is centred
        tallest = 2 * pad + most * pitch + px(8) + button_h
        top = max(top, top + (h - footer - top - tallest) // 2)
        self._panel = pygame.Rect((w - panel_w) // 2, top, panel_w, panel_h)
        inner = self._panel.inflate(-px(28) * 2, 0)
        value_w = self.value_room(inner.w, row_h, arrow_w, s, min(px(260), inner.w // 2))
        y = self.lay_out_rows(inner, self._panel.y + pad, row_h, gap, value_w=value_w,
                              arrow_w=arrow_w)
        y += px(8)
        bw = min(px(200), (inner.w - button_gap) // 2)
        back, play = self.focus.button("back"), self.focus.button("play")
        back.rect = pygame.Rect(inner.centerx - button_gap // 2 - bw, y, bw, button_h)
        play.rect = pygame.Rect(inner.centerx + (button_gap + 1) // 2, y, bw, button_h)

    def _margins(self, size: tuple[int, int]) -> tuple[int, int]:
        """Where the title and its subtitle end, and the room the key line and the focused
        row's help take at the bottom (with a gap above them): the panel lies between,
        never touching either."""
        s = theme.ui_scale(size)
        fonts = self.app.fonts
        heading = round(20 * s) + fonts.get(round(50 * s), bold=True).get_linesize() \
            + round(2 * s) + fonts.get(theme.font_px(18, size)).get_linesize()
        footer = round(12 * s) + fonts.get(theme.font_px(14, size)).get_linesize() + round(8 * s)
        footer += fonts.get(theme.font_px(16, size)).get_linesize() + round(6 * s)  # a row's help
        return heading, footer

    # --- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size, s = self.open_felt(surface)
        fonts = self.app.fonts
        title = theme.text(surface, fonts.get(round(50 * s), bold=True), self.spec.title,
                           theme.GOLD_LIGHT, (size[0] // 2, round(20 * s)), "midtop")
        self.drawn["subtitle"] = theme.text(
            surface, fonts.get(theme.font_px(18, size)), tr("setup.title"), theme.CREAM_DIM,
            (size[0] // 2, title.bottom + round(2 * s)), "midtop")
        theme.draw_panel(surface, self._panel)
        for row in self.rows:
            self.draw_row(surface, row, s)
        for key in ("back", "play"):
            b = self.focus.button(key)
            draw_button(surface, fonts, b, b is self.focus.focused)
        self.drawn["keys"] = theme.text(
            surface, fonts.get(theme.font_px(14, size)), self.key_line(), theme.MUTED,
            (size[0] // 2, size[1] - round(12 * s)), "midbottom")
        focused = next((r for r in self.rows if self.focus.focused is self.focus.button(r.key)),
                       None)
        self.drawn.pop("help", None)
        line = focused.help if focused is not None else self.play_line()
        if line:                                   # what the focused choice does, in a line
            self.drawn["help"] = theme.text(
                surface, fonts.get(theme.font_px(16, size)), line, theme.CREAM,
                (size[0] // 2, self.drawn["keys"].top - round(6 * s)), "midbottom")

    def play_line(self) -> str:
        """Play's line, when it has one: the kept game of this kind a new one replaces
        (the menu resumes it), said before Enter plays."""
        if self.replaces and self.focus.focused is self.focus.button("play"):
            return tr("setup.replaces", game=self.spec.title)
        return ""

    def key_line(self) -> str:
        """The keys at the bottom, naming the button Enter presses as it reads."""
        enter = tr("setup.keys.open_room" if self.online else "setup.keys.play")
        return tr("setup.keys", enter=enter)
