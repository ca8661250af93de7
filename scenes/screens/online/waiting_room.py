"""The waiting rooms: every seat of a table before its game starts, for the host and
for a guest, and what each may do there.

A seat row says who sits there in words and a light: a person (their name, a
green light while connected), an empty seat ("Computer will play": nobody took
it, a computer plays it if the game starts so), a seat the host gave a computer
("Computer"), or the host's own.  The host's rows carry the host's buttons (Move,
Free, Computer, Open: scenes/screens/online/play.py, :class:`~scenes.screens.online.play.HostScene`); a
guest's rows carry "Sit here" on each empty seat and "Watch" when the host
welcomes spectators (:class:`GuestRoomScene`).  Both rooms follow the network live:
a row changes the frame the news arrives.

:class:`GuestRoomScene` owns the guest's :class:`~game.net.RemoteClient` while the
game has not started: it shows the room the host last sent (``client.lobby``),
asks for seats (``client.sit``), says why a seat was refused (``client.refusal``)
and that the link is being made again when it dropped (the host keeps the seat),
and gives way to the table once the host starts (``client.state == "connected"``),
or goes back with the reason worded when the guest is sent away or the host goes.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Optional, Sequence

import pygame

from game import GAMES
from game.net import RemoteClient
from game.net.lobby import COMPUTER_SEAT, HOST_SEAT, OPEN, PERSON, LobbySeat
from game.net.protocol import LobbyView
from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.fonts import Fonts
from scenes.kit.panel_scene import PanelScene
from scenes.kit.scene import AppLike
from scenes.kit.widgets import Button
from scenes.net.dealer import dealer_line, named_line
from scenes.table.netplay import draw_light


def seat_words(seat: LobbySeat, you: bool = False, rated: bool = False) -> str:
    """A seat's row in words (at a ``rated`` table a free seat waits for a person)."""
    if seat.kind == HOST_SEAT:
        return tr("net.seat_host", name=seat.name or tr("net.default_name"))
    if seat.kind == OPEN:
        return tr("net.seat_open_rated" if rated else "net.seat_open")
    if seat.kind == COMPUTER_SEAT:
        return tr("net.seat_computer")
    name = seat.name or tr("net.a_guest")
    if seat.away:
        name = tr("net.seat_away", name=name)
    return tr("net.seat_you", name=name) if you else name


def seat_rows(surface: pygame.Surface, fonts: Fonts, area: pygame.Rect, seats: Sequence[LobbySeat],
              you: Optional[int] = None, marked: Optional[int] = None,
              rated: bool = False) -> list[pygame.Rect]:
    """Draw one row per seat in ``area`` (number, light, words); each row's rect, for the
    scene to put its buttons at the right end.  A person's light is on unless they are
    away; ``you``: the guest's own row (lit, its words bold); ``marked``: a row the host
    is acting on (lit, with a gold rim)."""
    size = surface.get_size()
    rows = []
    row_h = min(theme.px(40, size), area.h // max(1, len(seats)))
    font = fonts.get(theme.font_px(17, size), bold=False)
    bold = fonts.get(theme.font_px(17, size), bold=True)
    radius = max(4, row_h // 6)
    for index, seat in enumerate(seats):
        rect = pygame.Rect(area.x, area.y + index * row_h, area.w, row_h - theme.px(4, size))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (255, 255, 255, 28 if index in (you, marked) else 14),
                         layer.get_rect(), border_radius=theme.px(8, size))
        if index == marked:
            pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=2,
                             border_radius=theme.px(8, size))
        surface.blit(layer, rect.topleft)
        x = rect.x + theme.px(12, size)
        theme.text(surface, font, str(index + 1), theme.MUTED, (x, rect.centery), "midleft")
        x += theme.px(28, size)
        if seat.kind in (PERSON, HOST_SEAT):
            draw_light(surface, "reconnecting" if seat.away else "connected",
                       (x + radius, rect.centery), radius)
        x += 2 * radius + theme.px(12, size)
        ink = theme.CREAM if seat.kind in (PERSON, HOST_SEAT) else theme.CREAM_DIM
        theme.text(surface, bold if index == you else font,
                   seat_words(seat, index == you, rated), ink,
                   (x, rect.centery), "midleft")
        rows.append(rect)
    return rows


def with_watchers(line: str, watchers: int) -> str:
    """A room's line with how many watch, if any ("… · 1 watching")."""
    if not watchers:
        return line
    return f"{line} · " + (tr("net.watcher") if watchers == 1 else
                           tr("net.watchers", count=watchers))


def guest_status(view: LobbyView, reconnecting: bool,
                 fits: Callable[[str], bool] = lambda line: True) -> str:
    """What the guest's room says below the game's line: reconnecting, watching, or
    waiting for the start, with "pick any free seat" only while one is free (with
    every seat taken it pointed at nothing); at a table the service deals, for its
    chair, whose name is cut short until the line ``fits``."""
    if reconnecting:
        return tr("net.room_reconnecting")
    if view.you is None:
        return tr("net.you_watch")
    if view.rated:                      # started by nobody: once every seat is taken
        return tr("net.waiting_rated")
    if view.chair:                      # a table the service deals: nobody else starts it
        return tr("net.waiting_chair")
    if view.chair_seat is not None:     # ... and it has no host: its chair starts it
        return named_line("net.waiting_for_chair", view.seats[view.chair_seat].name, fits)
    free = any(seat.kind == OPEN for seat in view.seats)
    return tr("net.waiting_start" if free else "net.waiting_start_full")


def game_line(key: str, taken: Optional[int] = None, seats: Optional[int] = None) -> str:
    """The game's title, with its seats taken when known ("Bisca · 3 of 6 seats taken")."""
    title = GAMES[key].title if key in GAMES else key
    if taken is None or seats is None:
        return title
    return tr("net.game_seat" if taken == 1 else "net.game_seats", game=title, taken=taken,
              seats=seats)


class GuestRoomScene(PanelScene):
    """The guest's waiting room (see the module docstring): owns ``client`` until the
    table takes it."""

    def __init__(self, app: AppLike, client: RemoteClient) -> None:
        super().__init__(app)
        self.client = client
        self._rows: list[pygame.Rect] = []
        self._shown: tuple = ()
        self._build()

    # -- what the host said ----------------------------------------------------------
    def _key(self) -> tuple:
        lobby = self.client.lobby
        return (lobby, self.client.refusal) if lobby is not None else ()

    def _build(self) -> None:
        lobby = self.client.lobby
        self._shown = self._key()
        buttons: list[Button] = []
        if lobby is not None:
            for seat, shown in enumerate(lobby.seats):
                if shown.kind == OPEN:
                    buttons.append(Button(tr("net.sit_here"), key=f"sit:{seat}",
                                          row=seat, style="small",
                                          action=partial(self.client.sit, seat)))
            row = len(lobby.seats)
            if lobby.spectators and lobby.you is not None:
                buttons.append(Button(tr("net.watch"), key="watch", row=row,
                                      action=lambda: self.client.sit(None)))
            if lobby.chair and not lobby.rated:
                buttons.append(Button(tr("net.start_now"), key="start", row=row,
                                      action=self.client.start))
        buttons.append(Button(tr("net.leave"), key="leave", row=99, action=self.leave_room))
        focused = self.focus.focused.key if self.focus.focused else "leave"
        self.focus.set_buttons(buttons)
        if not self.focus.focus_key(focused):
            self.focus.focus_key("leave")
        self.resize(self.app.size)

    def leave_room(self) -> None:
        """Leave: the host hears goodbye, the seat is free again."""
        self.client.close()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        state = self.client.state
        if state == "connected":
            self.app.stack.replace(self.app.make("game", self.client))
        elif state in ("lost", "closed"):
            if state == "lost":
                self.app.notify(tr(f"net.{self.client.reason or 'host_gone'}"), 5.0)
            if self.app.stack.top is self:
                self.app.stack.pop()
        elif self._key() != self._shown:
            self._build()

    def removed(self) -> None:
        if self.client.state not in ("connected",):
            self.client.close()

    def animating(self) -> bool:
        return True

    def escape(self) -> None:
        self.leave_room()

    # -- layout and drawing ----------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        lobby = self.client.lobby
        count = len(lobby.seats) if lobby is not None else 2
        row_h = theme.px(40, size)
        panel_w = min(w - theme.px(40, size), theme.px(640, size))
        dealt = self.app.fonts.get(theme.font_px(17, size)).get_linesize() + theme.px(6, size) \
            if dealer_line(self.client) else 0
        panel_h = min(h - theme.px(20, size),
                      theme.px(150, size) + dealt + (count + 1) * row_h + theme.px(60, size))
        self._panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        inner = self._panel.inflate(-theme.px(48, size), 0)
        top = self._rows_top(size)
        bw = theme.px(130, size)
        for button in self.focus.buttons:
            if button.key.startswith("sit:"):
                seat = int(button.key[4:])
                button.rect = pygame.Rect(inner.right - bw - theme.px(6, size),
                                          top + seat * row_h + theme.px(4, size),
                                          bw, row_h - theme.px(12, size))
        bottom = self._panel.bottom - theme.px(20, size) - theme.px(46, size)
        lower = [b for b in self.focus.buttons if not b.key.startswith("sit:")]
        gap = theme.px(12, size)
        lw = (inner.w - gap * (len(lower) - 1)) // max(1, len(lower))
        for i, button in enumerate(lower):
            button.rect = pygame.Rect(inner.x + i * (lw + gap), bottom, lw, theme.px(46, size))

    def _rows_top(self, size: tuple[int, int]) -> int:
        """Where the seat rows begin: below the title, the game's line, who deals and the
        status line, each as tall as its font makes it (a small window's fonts are larger
        for its size than the panel's spacing)."""
        fonts = self.app.fonts
        line = fonts.get(theme.font_px(17, size)).get_linesize()
        dealt = line + theme.px(6, size) if dealer_line(self.client) else 0
        return (self._panel.y + theme.px(18 + 8 + 6 + 10, size) + 2 * line + dealt +
                fonts.get(theme.font_px(26, size), bold=True).get_linesize())

    def draw(self, surface: pygame.Surface) -> None:
        size = self._draw_panel(surface, buttons=False)
        fonts, cx = self.app.fonts, self._panel.centerx
        lobby = self.client.lobby
        y = self._panel.y + theme.px(18, size)
        y = theme.text(surface, fonts.get(theme.font_px(26, size), bold=True),
                       tr("net.waiting_room"), theme.GOLD_LIGHT, (cx, y),
                       "midtop").bottom + theme.px(8, size)
        font = fonts.get(theme.font_px(17, size))
        if lobby is not None:
            taken = sum(1 for s in lobby.seats if s.kind in (PERSON, HOST_SEAT))
            line = with_watchers(game_line(lobby.game, taken, len(lobby.seats)),
                                 lobby.watchers)
            y = theme.text(surface, font, line, theme.CREAM, (cx, y),
                           "midtop").bottom + theme.px(6, size)
            room = self._panel.w - theme.px(48, size)
            dealt = dealer_line(self.client, lambda words: font.size(words)[0] <= room)
            if dealt:
                y = theme.text(surface, font, dealt, theme.GOLD_LIGHT, (cx, y),
                               "midtop").bottom + theme.px(6, size)
            status = guest_status(lobby, self.client.state == "reconnecting",
                                  lambda words: font.size(words)[0] <= room)
            theme.text(surface, font, status, theme.CREAM_DIM, (cx, y), "midtop")
            inner = self._panel.inflate(-theme.px(48, size), 0)
            top = self._rows_top(size)
            area = pygame.Rect(inner.x, top, inner.w, theme.px(40, size) * len(lobby.seats))
            self._rows = seat_rows(surface, fonts, area, lobby.seats, lobby.you,
                                   rated=lobby.rated)
            if self.client.refusal:
                theme.text(surface, font, tr(f"net.{self.client.refusal}"), theme.GOLD,
                           (cx, area.bottom + theme.px(8, size)), "midtop")
        self._draw_buttons(surface)

