"""The Leaderboard: one game's rated players, as the relay service keeps them.

Asked of the service behind the relay setting (``game.net.service.ask_board``, in a
thread: one round trip to a gateway and the ratings keeper behind it), for the player's
own key (game/net/players.py): the top 100 on the left, scrolling (the wheel, Up and
Down, Page Up and Page Down), and on the right the player's own place with the places
near it, or how many rated games it still needs to be listed (a key is listed after
its tenth).  Left and Right (or the ‹ › buttons) go to the previous or next game.  Two
players of one name are told apart by a short fingerprint, as the service words them.
The player's history the service sends is kept for the Statistics chart
(game/rating_history.py).  Export my key and Import a key, at the bottom, move the
player's key between computers (scenes/screens/online/key_actions.py).

With the spoken table on, the board is a list a listener moves through
(scenes/speech/reading.py): the game's name as it is turned to, the player's own line
once the board comes, then Down and Up a row at a time (each row its place, name,
rating and games: the top 100, the player's own place, the places near it), Page Down
and Page Up from one of those parts to the next; the list on screen follows.
"""

from __future__ import annotations

import logging
from typing import Any, Optional

import pygame

from game import GAMES, KEYS
from game.net.identity import public_bytes
from game.net.relays import Relay
from game.net.standings import BOARD_AFTER, Standing
from game.rating_history import RatingHistory
from scenes.i18n import has, tr
from scenes.kit import theme
from scenes.kit.fonts import shorten
from scenes.kit.panel_scene import PanelScene
from scenes.kit.scene import AppLike
from scenes.kit.widgets import Button
from scenes.net.guest import own_key
from scenes.net.rating_words import spoken_number
from scenes.screens.online.key_actions import export_action, import_action
from scenes.screens.online.service_open import Asking, refusal_words
from scenes.speech.aloud import Aloud
from scenes.speech.keys import listen_key
from scenes.speech.reading import Reader, read_key
from scenes.speech.table import spoken_on

log = logging.getLogger(__name__)

ASK_TIMEOUT = 10.0


class BoardAsk(Asking):
    """One board asked of the service, in a thread: :attr:`board` or :attr:`reason`."""

    name = "board-ask"

    def __init__(self, relay: Relay, game: str, key: str) -> None:
        self.relay, self.game, self.key = relay, game, key
        self.board: Optional[dict[str, Any]] = None
        super().__init__()

    def _ask(self) -> None:
        from game.net import service

        def ask(address: tuple[str, int]) -> None:
            self.board = service.ask_board(address, self.game, self.key, ASK_TIMEOUT)
        self._each_gateway(service, self.relay, ask)


def standings(rows: Any) -> list[Standing]:
    """A board's rows as sent (bad ones left out)."""
    out = []
    for row in rows if isinstance(rows, list) else []:
        try:
            out.append(Standing.from_json(row))
        except (TypeError, ValueError):
            continue
    return out


def place_words(board: Optional[dict[str, Any]]) -> str:
    """The player's own line: its place and rating, or how far from the board it is."""
    if board is None:
        return ""
    you = board.get("you") if isinstance(board.get("you"), dict) else None
    if you is None:
        return tr("board.unrated", n=BOARD_AFTER)
    if board.get("place") is None:
        return tr("board.not_yet", rating=f"{you['rating']:.1f}", games=you["games"],
                  n=BOARD_AFTER)
    return tr("board.place", place=board["place"], listed=board.get("listed", 0),
              rating=f"{you['rating']:.1f}", games=you["games"])


def row_words(row: Standing, mine: str) -> str:
    """A place as a listener hears it: "3, Marco, rating 24.1, 12 games." (the
    player's own: "3, you, Marco, ...")."""
    return tr("spoken.board.row_you" if row.key == mine else "spoken.board.row",
              place=row.place, name=row.name, rating=spoken_number(row.rating),
              games=row.games)


def spoken_board(board: Optional[dict[str, Any]], mine: str) -> list[list[str]]:
    """The board as the parts a listener moves through, each a list of rows said one at
    a time: the top (its heading, then each place), the player's own line, the places
    near it (its heading, then each)."""
    if board is None:
        return []
    top = standings(board.get("top"))
    near = standings(board.get("near"))
    return [[tr("board.top")] + ([row_words(r, mine) for r in top] or [tr("board.empty")]),
            [place_words(board)],
            [tr("board.near")] + ([row_words(r, mine) for r in near] or
                                  [tr("board.near_none", n=BOARD_AFTER)])]


#: the keys that go from one part of the board to the next, said aloud
PART_KEYS = {listen_key("read_part"): 1, listen_key("read_part_back"): -1}


def board_refusal(reason: str) -> str:
    """Why no board came, in words: the board's own where the catalog has them (a relay
    with no service, or none reached), else the service's refusal's."""
    return tr(f"board.{reason}") if has(f"board.{reason}") else refusal_words(reason)


class LeaderboardScene(PanelScene):
    """One game's board at a time (see the module docstring)."""

    def __init__(self, app: AppLike, relay: Relay, game: str = KEYS[0]) -> None:
        super().__init__(app)
        self.relay = relay
        self.game = game
        key = own_key()
        self.key = public_bytes(key).hex() if key is not None else ""
        self.asking: Optional[BoardAsk] = None
        self.board: Optional[dict[str, Any]] = None
        self.reason: Optional[str] = None
        self.first = 0
        #: the board read aloud a row at a time, the spoken table on (module docstring):
        #: a row's place is its index in the top list (the list scrolls to it), the
        #: rows past the top's scroll nowhere
        self.aloud = Aloud()
        self.reader = Reader(self.spoken_rows)
        self.tops: list[int] = []
        self._ask()
        self._build()

    # -- the board ------------------------------------------------------------------------
    def _ask(self) -> None:
        self.asking = BoardAsk(self.relay, self.game, self.key)
        self.board, self.reason, self.first = None, None, 0
        self.reader.restart()
        if spoken_on(self.app):
            self.aloud.say([tr("spoken.board.title", game=GAMES[self.game].title)])

    def spoken_rows(self) -> list[tuple[int, list[str]]]:
        """Every row of :func:`spoken_board`, in order, each its own section."""
        rows = [row for part in spoken_board(self.board, self.key) for row in part]
        self.tops = list(range(len(self._top())))
        first_row = 1                   # the top's rows follow its heading
        return [(n - first_row if 0 <= n - first_row < len(self.tops) else len(self.tops) + n,
                 [words]) for n, words in enumerate(rows)]

    def _part_starts(self) -> list[int]:
        """The index of each part's first row among :meth:`spoken_rows`."""
        starts, at = [], 0
        for part in spoken_board(self.board, self.key):
            starts.append(at)
            at += len(part)
        return starts

    def jump(self, step: int) -> None:
        """Page Down (+1) or Page Up (-1), said aloud: the next part's first row, or the
        first row of this part (of the one before, from there); past either end, that
        it is the end."""
        at = self.reader.at
        starts = self._part_starts()
        later = [s for s in starts if s > at] if step > 0 else [s for s in starts if s < at]
        to = (later[0] if step > 0 else later[-1]) if later else \
            (len(self.reader.sections) if step > 0 else -1)
        self.aloud.say(self.reader.move(to - at))

    def scroll_to(self, offset: float) -> None:
        """The top list shows row ``offset`` (the one said last)."""
        row = int(offset)
        if row < self.first:
            self.first = row
        elif row >= self.first + self._fits():
            self.scroll(row - self._fits() + 1 - self.first)

    def turn(self, step: int) -> None:
        """The previous (-1) or next (+1) game's board."""
        self.game = KEYS[(KEYS.index(self.game) + step) % len(KEYS)]
        self._ask()

    def update(self, dt: float) -> None:
        asking = self.asking
        if asking is None or not asking.done():
            return
        self.asking = None
        self.board, self.reason = asking.board, asking.reason
        self.reader.restart()
        if spoken_on(self.app):
            self.aloud.say([board_refusal(self.reason) if self.reason else
                            place_words(self.board), tr("spoken.board.keys")]
                           if self.board is not None or self.reason else [])
        you = self.board.get("you") if self.board is not None else None
        if isinstance(you, dict) and you.get("history"):
            RatingHistory().replace(self.game, [r for _, r in you["history"]])

    def _top(self) -> list[Standing]:
        return standings((self.board or {}).get("top"))

    def _fits(self) -> int:
        size = self.app.size
        return max(3, (self._list_rect().h) // theme.px(24, size))

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(self.first + rows, len(self._top()) - self._fits()))

    # -- buttons, keys --------------------------------------------------------------------
    def _build(self) -> None:
        self.focus.set_buttons([
            Button("‹", key="prev", row=0, action=lambda: self.turn(-1)),
            Button("›", key="next", row=0, action=lambda: self.turn(1)),
            Button(tr("key.export"), key="export", row=1, action=lambda: export_action(self.app)),
            Button(tr("net.back"), key="back", row=1, action=self.escape),
            Button(tr("key.import"), key="import", row=1, action=self.import_key)])
        self.focus.focus_key("back")
        self.resize(self.app.size)

    def import_key(self) -> None:
        """Import a key (scenes/screens/online/key_actions.py); the board asked again, for it."""
        if import_action(self.app) is not None:
            key = own_key()
            self.key = public_bytes(key).hex() if key is not None else ""
            self._ask()

    def escape(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if self.board is not None and read_key(self, event):
            return None                 # the spoken table on: Down and Up read the rows
        if self.board is not None and event.type == pygame.KEYDOWN and \
                event.key in PART_KEYS and spoken_on(self.app):
            self.jump(PART_KEYS[event.key])
            return None
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
            if step is not None:
                self.turn(step)
                return None
            rows = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self._fits(),
                    pygame.K_PAGEDOWN: self._fits()}.get(event.key)
            if rows is not None:
                self.scroll(rows)
                return None
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-int(event.y))
            return None
        return super().handle(event)

    def reword(self) -> bool:
        self._build()
        return True

    def animating(self) -> bool:
        return self.asking is not None

    # -- layout and drawing ---------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        margin = theme.px(16, size)
        self._panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        bw, bh = theme.px(44, size), theme.px(34, size)
        title_y = self._panel.y + theme.px(14, size)
        for button in self.focus.buttons:
            if button.key == "prev":
                button.rect = pygame.Rect(self._panel.x + theme.px(16, size), title_y, bw, bh)
            elif button.key == "next":
                button.rect = pygame.Rect(self._panel.right - theme.px(16, size) - bw, title_y,
                                          bw, bh)
            else:                       # the bottom row: Export, Back, Import
                slot = {"export": -1, "back": 0, "import": 1}[button.key]
                bw3 = theme.px(220, size)
                button.rect = pygame.Rect(0, self._panel.bottom - theme.px(54, size), bw3,
                                          theme.px(42, size))
                button.rect.centerx = self._panel.centerx + slot * (bw3 + theme.px(16, size))

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        size = self.app.size
        p = self._panel
        top = p.y + theme.px(96, size)
        bottom = p.bottom - theme.px(64, size)
        gap = theme.px(20, size)
        half = (p.w - 2 * theme.px(20, size) - gap) // 2
        left = pygame.Rect(p.x + theme.px(20, size), top, half, bottom - top)
        return left, pygame.Rect(left.right + gap, top, half, bottom - top)

    def _list_rect(self) -> pygame.Rect:
        left, _ = self._columns()
        return pygame.Rect(left.x, left.y + theme.px(26, self.app.size), left.w,
                           left.h - theme.px(26, self.app.size))

    def draw(self, surface: pygame.Surface) -> None:
        size = self._draw_panel(surface)
        fonts, p = self.app.fonts, self._panel
        y = theme.text(surface, fonts.get(theme.font_px(24, size), bold=True),
                       tr("board.title", game=GAMES[self.game].title), theme.GOLD_LIGHT,
                       (p.centerx, p.y + theme.px(16, size)), "midtop").bottom
        font = fonts.get(theme.font_px(16, size))
        news = tr("board.asking") if self.asking is not None else \
            board_refusal(self.reason) if self.reason else place_words(self.board)
        theme.text(surface, font, shorten(font, news, p.w - theme.px(40, size)),
                   theme.GOLD if self.reason else theme.CREAM, (p.centerx, y + theme.px(10, size)),
                   "midtop")
        if self.board is None:
            return
        left, right = self._columns()
        heads = fonts.get(theme.font_px(15, size), bold=True)
        theme.text(surface, heads, tr("board.top"), theme.GOLD, left.topleft, "topleft")
        theme.text(surface, heads, tr("board.near"), theme.GOLD, right.topleft, "topleft")
        top = self._top()
        rows = self._list_rect()
        shown = top[self.first:self.first + self._fits()]
        if not top:
            theme.text(surface, font, tr("board.empty"), theme.CREAM_DIM, rows.topleft, "topleft")
        self._rows(surface, rows, shown)
        near = standings(self.board.get("near"))
        near_rect = pygame.Rect(right.x, rows.y, right.w, rows.h)
        if not near:
            theme.text(surface, font, shorten(font, tr("board.near_none", n=BOARD_AFTER),
                                              right.w), theme.CREAM_DIM, near_rect.topleft,
                       "topleft")
        self._rows(surface, near_rect, near[:self._fits()])

    def _rows(self, surface: pygame.Surface, area: pygame.Rect, rows: list[Standing]) -> None:
        """One line a place: its number, the name (cut short to fit), the rating and the
        games; the player's own lit."""
        size = self.app.size
        font = self.app.fonts.get(theme.font_px(15, size))
        bold = self.app.fonts.get(theme.font_px(15, size), bold=True)
        row_h = theme.px(24, size)
        place_w, rating_w, games_w = (theme.px(v, size) for v in (40, 56, 52))
        for i, row in enumerate(rows):
            rect = pygame.Rect(area.x, area.y + i * row_h, area.w, row_h - 2)
            mine = row.key == self.key
            if mine:
                pygame.draw.rect(surface, theme.GOLD_DARK, rect, border_radius=theme.px(5, size))
            face = bold if mine else font
            mid = rect.centery
            theme.text(surface, face, str(row.place), theme.MUTED, (rect.x + place_w, mid),
                       "midright")
            room = rect.w - place_w - rating_w - games_w - theme.px(16, size)
            theme.text(surface, face, shorten(face, row.name, room), theme.CREAM,
                       (rect.x + place_w + theme.px(8, size), mid), "midleft")
            theme.text(surface, face, f"{row.rating:.1f}", theme.CREAM,
                       (rect.right - games_w, mid), "midright")
            theme.text(surface, font, str(row.games), theme.CREAM if mine else theme.MUTED,
                       (rect.right - 4, mid), "midright")
