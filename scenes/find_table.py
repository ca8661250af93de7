"""Find a table: the public tables gathering players on the relay, live.

A :class:`~game.net.finder.TableFinder` asks the relay for its list every two
seconds while this screen is open; each listed table is a row (the game, its
seats taken, the host's name, the options) with Join (a free seat) and, when
its host welcomes spectators, Watch.  Joining is a
:class:`~game.net.RemoteClient` with the listed code (public by its host's
choice): the guest's waiting room (scenes/waiting_room.py) takes it from there.
Private tables are never listed.  The list is never more than the rows that fit:
the newest come first.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game import GAMES
from game.net import RemoteClient
from game.net.finder import LIVE, LOST, TableFinder
from game.net.listing import Listing
from scenes import theme
from scenes.i18n import has, tr
from scenes.panel_scene import PanelScene
from scenes.setup_scene import value_text
from scenes.waiting_room import GuestRoomScene, game_line
from scenes.widgets import Button


def table_words(table: Listing) -> str:
    """A listed table in one line: "Bisca · 2 of 6 seats taken · Anna"."""
    return tr("net.table_line", game=game_line(table.game, table.taken, table.seats),
              name=table.name)


def options_words(table: Listing) -> str:
    """A listed table's options in words, as its new-game screen words them."""
    spec = GAMES.get(table.game)
    if spec is None:
        return ""
    shown = []
    for name, value in table.options.items():
        option = spec.options.get(name)
        if option is not None:
            label = tr(option.label) if option.label and has(option.label) else name
            shown.append(f"{label}: {value_text(table.game, name, option, value)}")
    return " · ".join(shown)


class FindScene(PanelScene):
    """The public tables of ``relay``; ``name``: the player's, for the table they join."""

    def __init__(self, app, relay: tuple[str, int], name: str) -> None:
        super().__init__(app)
        self.relay, self.name = relay, name
        self.finder = TableFinder(relay)
        self.client: Optional[RemoteClient] = None
        self.problem = ""
        self._tables: tuple[Listing, ...] = ()
        self._seen = -1
        self._build()

    # -- the list ----------------------------------------------------------------------------
    def _fits(self) -> int:
        """How many tables the panel shows at this window size."""
        size = self.app.size
        return max(1, (size[1] - theme.px(260, size)) // theme.px(58, size))

    def _build(self) -> None:
        self._seen = self.finder.received
        self._tables = self.finder.tables[:self._fits()]
        buttons = []
        for row, table in enumerate(self._tables):
            buttons.append(Button(tr("net.join_button"), key=f"join:{table.room}", row=row,
                                  style="small", enabled=table.taken < table.seats,
                                  action=lambda t=table: self.join(t)))
            if table.watch:
                buttons.append(Button(tr("net.watch"), key=f"watch:{table.room}", row=row,
                                      style="small", action=lambda t=table: self.join(t, True)))
        buttons.append(Button(tr("net.back"), key="back", row=len(self._tables), action=self.back))
        focused = self.focus.focused.key if self.focus.focused else ""
        self.focus.set_buttons(buttons)
        self.focus.focus_key(focused)
        self.resize(self.app.size)

    def join(self, table: Listing, watch: bool = False) -> None:
        """Sit down at a listed table (or watch it): its waiting room comes next."""
        if self.client is not None:
            return
        self.problem = ""
        self.client = RemoteClient(table.code, name=self.name, relay=self.relay, watch=watch)

    def back(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        client = self.client
        if client is not None and client.state in ("waiting", "connected"):
            self.client = None                 # the room (then the table) owns it now
            if client.state == "waiting":
                self.app.stack.push(GuestRoomScene(self.app, client))
            else:
                from scenes.table.scene import TableScene

                self.app.stack.push(TableScene(self.app, client))
        elif client is not None and client.state in ("lost", "closed"):
            self.problem = tr(f"net.{client.reason or 'host_gone'}")
            client.close()
            self.client = None
        if self.finder.received != self._seen:
            self._build()

    def removed(self) -> None:
        self.finder.close()
        if self.client is not None:
            self.client.close()
            self.client = None

    def animating(self) -> bool:
        return True

    def escape(self) -> None:
        self.back()

    # -- layout and drawing --------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        row_h = theme.px(58, size)
        panel_w = min(w - theme.px(40, size), theme.px(760, size))
        rows = max(1, len(self._tables))
        panel_h = min(h - theme.px(20, size), theme.px(190, size) + rows * row_h)
        self._panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        inner = self._panel.inflate(-theme.px(40, size), 0)
        top = self._panel.y + theme.px(100, size)
        bw = theme.px(110, size)
        for button in self.focus.buttons:
            if button.key == "back":
                button.rect = pygame.Rect(self._panel.centerx - theme.px(120, size),
                                          self._panel.bottom - theme.px(64, size),
                                          theme.px(240, size), theme.px(46, size))
                continue
            kind, _, room = button.key.partition(":")
            row = next(i for i, t in enumerate(self._tables) if t.room == room)
            right = inner.right - (0 if kind == "watch" else bw + theme.px(8, size))
            button.rect = pygame.Rect(right - bw, top + row * row_h + theme.px(6, size), bw,
                                      row_h - theme.px(14, size))

    def draw(self, surface: pygame.Surface) -> None:
        size = self._draw_panel(surface, buttons=False)
        fonts, cx = self.app.fonts, self._panel.centerx
        y = self._panel.y + theme.px(18, size)
        y = theme.text(surface, fonts.get(theme.font_px(26, size), bold=True), tr("net.find"),
                       theme.GOLD_LIGHT, (cx, y), "midtop").bottom + theme.px(8, size)
        font = fonts.get(theme.font_px(17, size))
        state = self.finder.state
        news = self.problem or (tr("net.setting_up") if self.client is not None else
                                tr("net.finding") if state not in (LIVE, LOST) else
                                tr(f"net.{self.finder.reason or 'unreachable'}")
                                if state == LOST else
                                "" if self._tables else tr("net.no_tables"))
        theme.text(surface, font, news or tr("net.find_hint"),
                   theme.GOLD if self.problem else theme.CREAM_DIM, (cx, y), "midtop")
        inner = self._panel.inflate(-theme.px(40, size), 0)
        top = self._panel.y + theme.px(100, size)
        row_h = theme.px(58, size)
        small = fonts.get(theme.font_px(14, size))
        for row, table in enumerate(self._tables):
            rect = pygame.Rect(inner.x, top + row * row_h, inner.w, row_h - theme.px(4, size))
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (255, 255, 255, 16), layer.get_rect(),
                             border_radius=theme.px(8, size))
            surface.blit(layer, rect.topleft)
            x = rect.x + theme.px(12, size)
            theme.text(surface, font, table_words(table), theme.CREAM,
                       (x, rect.y + theme.px(5, size)), "topleft")
            options = options_words(table)
            if options:
                theme.text(surface, small, options, theme.MUTED,
                           (x, rect.bottom - theme.px(5, size)), "bottomleft")
        self._draw_buttons(surface)
