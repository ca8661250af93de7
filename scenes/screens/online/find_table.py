"""Find a table: the public tables gathering players on the relay, live.

A :class:`~game.net.finder.TableFinder` asks the relay for its list every two
seconds while this screen is open; each listed table is a row (the game, its
seats taken, the host's name, the options) with Join (a free seat) and, when
its host welcomes spectators, Watch.  Joining is a
:class:`~game.net.RemoteClient` with the listed code (public by its host's
choice): the guest's waiting room (scenes/screens/online/waiting_room.py) takes it from there.
Private tables are never listed.  The newest come first; when there are more
than the panel's rows hold, the list scrolls (the wheel, a scroll bar to drag or
click, and the keys: Up and Down walk the tables and scroll at the edges, Page Up
and Page Down a page, Home and End to the ends).  It stays live as tables come and
go: the table the keyboard is on keeps the focus, at the same row of the screen
when it can, and if it goes, the focus stays on the row where it was.
"""

from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from game import GAMES
from game.net import RemoteClient
from game.net.finder import LIVE, LOST, TableFinder
from game.net.listing import Listing
from game.net.relays import Relay, as_relay
from scenes.i18n import has, tr
from scenes.kit import theme
from scenes.kit.fonts import shorten
from scenes.kit.panel_scene import PanelScene
from scenes.kit.scene import AppLike
from scenes.kit.scrolling import ThumbDrag, draw_scroll_bar, scroll_thumb
from scenes.kit.widgets import Button
from scenes.net import guest
from scenes.screens.online.waiting_room import game_line
from scenes.screens.setup_scene import value_text
from scenes.speech.table import listening_rate


def table_words(table: Listing) -> str:
    """A listed table in one line: "Bisca · 2 of 6 seats taken · Anna" (a rated one:
    "· Rated" after it)."""
    line = tr("net.table_line", game=game_line(table.game, table.taken, table.seats),
              name=table.name)
    return f"{line} · {tr('net.rated_tag')}" if table.rated else line


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

    def __init__(self, app: AppLike, relay: Relay, name: str) -> None:
        super().__init__(app)
        self.relay, self.name = relay, name
        self.finder = TableFinder(relay)
        self.client: Optional[RemoteClient] = None
        self._joining = ""                    # the code self.client joins by
        self.problem = ""
        #: every table listed, and the rows on screen (from ``first``, as many as fit)
        self.tables: tuple[Listing, ...] = ()
        self._tables: tuple[Listing, ...] = ()
        self.first = 0
        self._seen = -1
        self._bar = ThumbDrag()
        self._build()

    # -- the list ----------------------------------------------------------------------------
    def _fits(self) -> int:
        """How many tables the panel shows at this window size."""
        size = self.app.size
        return max(1, (size[1] - theme.px(260, size)) // theme.px(58, size))

    def _row_of(self, key: str) -> Optional[int]:
        """The row on screen of the table a button's key names (None: not shown)."""
        room = key.partition(":")[2]
        return next((i for i, t in enumerate(self._tables) if t.room == room), None)

    def _build(self, focus: Optional[str] = None, scrolled: bool = False) -> None:
        """The rows on screen and their buttons, from the finder's list.  The focus goes
        to ``focus`` (a button's key), else stays on the table it was on (scrolled to
        keep it at its row, unless the player has just ``scrolled`` the list: then
        while it is shown), else on the row where it was."""
        old = self.focus.focused.key if self.focus.focused else ""
        row_was = self._row_of(old)
        self._seen = self.finder.received
        self.tables = self.finder.tables
        fits = self._fits()
        wanted = focus or old
        kind, _, room = wanted.partition(":")
        index = next((i for i, t in enumerate(self.tables) if t.room == room), None)
        if index is not None and not scrolled and focus is None and row_was is not None:
            self.first = index - row_was               # the same row of the screen
        elif index is not None and not scrolled:
            self.first = min(self.first, index)
            self.first = max(self.first, index - fits + 1)
        self.first = max(0, min(self.first, len(self.tables) - fits))
        self._tables = self.tables[self.first:self.first + fits]
        if self._row_of(wanted) is None and row_was is not None and self._tables:
            table = self._tables[min(row_was, len(self._tables) - 1)]   # it went: its row
            wanted = f"{kind}:{table.room}"
        buttons = []
        for row, table in enumerate(self._tables):
            buttons.append(Button(tr("net.join_button"), key=f"join:{table.room}", row=row,
                                  style="small", enabled=table.taken < table.seats,
                                  action=partial(self.join, table)))
            if table.watch:
                buttons.append(Button(tr("net.watch"), key=f"watch:{table.room}", row=row,
                                      style="small", action=partial(self.join, table, True)))
        buttons.append(Button(tr("net.back"), key="back", row=len(self._tables), action=self.back))
        self.focus.set_buttons(buttons)
        if not self.focus.focus_key(wanted) and wanted.startswith("watch:"):
            self.focus.focus_key("join:" + wanted.partition(":")[2])
        self.resize(self.app.size)

    def scroll(self, rows: int) -> None:
        """Show the list ``rows`` further down (up if negative); the focus stays on its
        table if it is still shown, else on the row where it was."""
        self.first = max(0, min(self.first + rows, len(self.tables) - self._fits()))
        self._build(scrolled=True)

    def walk(self, step: int) -> bool:
        """Up/Down (step -1/+1), Page Up/Down (a page), Home/End (to an end) on the list:
        the focus goes that many tables on, the list scrolling to show it; False when the
        keyboard is not on a table (or walks off the list's ends: the buttons' own way)."""
        old = self.focus.focused.key if self.focus.focused else ""
        kind, _, room = old.partition(":")
        index = next((i for i, t in enumerate(self.tables) if t.room == room), None)
        if index is None or kind not in ("join", "watch"):
            return False
        target = index + step
        if abs(step) > 1:                        # a page, or an end: stop at the list's end
            target = max(0, min(target, len(self.tables) - 1))
        if not 0 <= target < len(self.tables) or target == index:
            return False
        self._build(f"{kind}:{self.tables[target].room}")
        return True

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """The list's keys, wheel and scroll bar (see the module docstring); the rest as
        any panel."""
        if event.type == pygame.KEYDOWN:
            page = self._fits()
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page,
                    pygame.K_PAGEDOWN: page, pygame.K_HOME: -len(self.tables),
                    pygame.K_END: len(self.tables)}.get(event.key)
            if step is not None and self.walk(step):
                return None
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-int(event.y))
            return None
        most = len(self.tables) - self._fits()
        if self._bar.handle(event, self._track(), self._thumb(),
                            lambda sign: self.scroll(sign * self._fits()),
                            lambda frac: self.scroll(round(frac * most) - self.first)):
            return None
        return super().handle(event)

    def _track(self) -> pygame.Rect:
        """Where the scroll bar runs: down the right of the rows."""
        size = self.app.size
        inner = self._panel.inflate(-theme.px(40, size), 0)
        top = self._panel.y + theme.px(100, size)
        w = max(4, theme.px(8, size))
        return pygame.Rect(inner.right - w, top, w, self._fits() * theme.px(58, size) -
                           theme.px(4, size))

    def _thumb(self) -> Optional[pygame.Rect]:
        fits = self._fits()
        return scroll_thumb(self._track(), fits, len(self.tables), self.first,
                            max(0, len(self.tables) - fits))

    def join(self, table: Listing, watch: bool = False) -> None:
        """Sit down at a listed table (or watch it): its waiting room comes next.  Every
        public table is the relay service's (opened through it): where its key is known,
        one whose host does not prove it is refused (``not_service``), never taken
        silently for a player's table."""
        if self.client is not None:
            return
        self.problem = ""
        known = as_relay(self.relay).fingerprint is not None
        self.client = guest.join(table.code, self.name, self.relay, watch, service=known,
                                 listening=listening_rate(self.app))
        self._joining = table.code

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
            guest.keep_service(self.app, client)
            if client.state == "waiting":
                self.app.open("guest_room", client)
            else:
                self.app.open("game", client)
        elif client is not None and client.state in ("lost", "closed"):
            self.problem = tr(f"net.{client.reason or 'host_gone'}")
            guest.ended(client, self._joining)
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

    def resize(self, size: tuple[int, int]) -> None:
        if len(self._tables) != min(len(self.tables), self._fits()) or \
                self.first > max(0, len(self.tables) - self._fits()):
            self._build()                        # as many rows as this size holds
            return
        self._place(size)

    def escape(self) -> None:
        self.back()

    # -- layout and drawing --------------------------------------------------------------------
    def _place(self, size: tuple[int, int]) -> None:
        w, h = size
        row_h = theme.px(58, size)
        panel_w = min(w - theme.px(40, size), theme.px(760, size))
        rows = max(1, len(self._tables))
        panel_h = min(h - theme.px(20, size), theme.px(190, size) + rows * row_h)
        self._panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        inner = self._panel.inflate(-theme.px(40, size), 0)
        if len(self.tables) > len(self._tables):          # the scroll bar's room
            inner.w -= theme.px(20, size)
        top = self._panel.y + theme.px(100, size)
        bw = theme.px(110, size)
        #: where each row's words stop: short of its buttons (drawn every frame)
        self._words_end = [inner.right] * len(self._tables)
        for button in self.focus.buttons:
            if button.key == "back":
                button.rect = pygame.Rect(self._panel.centerx - theme.px(120, size),
                                          self._panel.bottom - theme.px(64, size),
                                          theme.px(240, size), theme.px(46, size))
                continue
            row = button.row
            right = inner.right - (0 if button.key.startswith("watch:") else bw + theme.px(8, size))
            button.rect = pygame.Rect(right - bw, top + row * row_h + theme.px(6, size), bw,
                                      row_h - theme.px(14, size))
            self._words_end[row] = min(self._words_end[row], button.rect.x)

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
        thumb = self._thumb()
        if thumb is not None:
            draw_scroll_bar(surface, self._track(), thumb, self._bar.held is not None)
            inner.w -= theme.px(20, size)
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
            room = self._words_end[row] - x - theme.px(8, size)   # short of the buttons,
            theme.text(surface, font, shorten(font, table_words(table), room), theme.CREAM,
                       (x, rect.y + theme.px(5, size)), "topleft")
            options = options_words(table)            # an ellipsis where they go on
            if options:
                theme.text(surface, small, shorten(small, options, room), theme.MUTED,
                           (x, rect.bottom - theme.px(5, size)), "bottomleft")
        self._draw_buttons(surface)
