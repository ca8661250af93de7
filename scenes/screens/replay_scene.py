"""Replays: the last finished games, and one of them watched again move by move.

:class:`ReplayListScene` lists the finished games kept by game/saves.py, newest first.
:class:`ReplayScene` shows one on the table, every hand face up
(:class:`game.replays.Replay`), one position per step: ← and → (or the buttons) go back
and forth, Home and End to the deal and the end, S saves the game as a file that
``python main.py --replay FILE`` opens; with the spoken table on, each step is said (its
number and all it did).  The table below is the ordinary table scene,
fed by a client that plays nothing (:class:`ReplayClient`): stepping shows a position
at once (:meth:`TableScene.show_position`), so each step always looks the same.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, cast

import pygame

from game import GAMES
from game.replays import Replay, load_replay
from game.saves import Record, SaveError, Store
from game.session import GameSetup, Update
from scenes.i18n import language, short_date, tr
from scenes.kit import theme
from scenes.kit.hud import PanelCache, TextCache
from scenes.kit.scene import Scene
from scenes.kit.widgets import Button, FocusList, draw_button
from scenes.speech.aloud import Aloud
from scenes.speech.table import spoken_on
from scenes.table.keeping import export_data

if TYPE_CHECKING:  # pragma: no cover
    from scenes.table.scene import TableScene

#: a step's words are cut to this many sentences
SAY_LINES = 2
#: the keys are written under the bar from this window height (a smaller one has no room)
KEYS_FROM = 640


class ReplayClient:
    """A client that plays nothing: the table shows what the replay scene hands it."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.seat: Optional[int] = replay.seat
        self.setup: GameSetup = replay.setup
        self._first = [update_at(replay, 0)]

    def poll(self) -> list:
        out, self._first = self._first, []
        return out

    def submit(self, action: Any, version: Optional[int] = None, probe: bool = False) -> None:
        return None

    def allow(self, version: int) -> None:
        return None

    def covered(self, covered: bool) -> None:
        return None

    advises = False          # a replay suggests nothing
    says = False             # nor says anything

    def take_notice(self) -> None:
        return None

    def say(self, phrase: str) -> None:
        return None

    def heard(self) -> list:
        return []

    def advise(self) -> None:
        return None

    def seating(self) -> None:
        return None

    def link(self) -> None:
        return None

    def told(self) -> list:
        """The replay scene steps through the story itself."""
        return []

    def close(self) -> None:
        return None


def update_at(replay: Replay, index: int) -> Update:
    """The position after ``index`` steps, as an update with nothing to act on."""
    step = replay[index]
    return Update(replay.seat, index, step.actor, (), step.view, (), (), None)


class ReplayScene(Scene):
    """One kept game, step by step, on the table (see the module docstring)."""

    def __init__(self, app: Any, replay: Replay, store: Optional[Store] = None) -> None:
        super().__init__(app)
        self.store = store if store is not None else Store()
        self.replay = replay
        self.table = cast("TableScene", app.make("game", ReplayClient(self.replay),
                                                 think_delay=(0.0, 0.0)))
        self.table.corner.hidden = True
        self.index = 0
        self.text = TextCache(app.fonts)
        self.panels = PanelCache()
        self.focus = FocusList([
            Button(tr("replays.back"), lambda: self.step(-1), key="back", row=0),
            Button(tr("replays.forward"), lambda: self.step(1), key="forward", row=0,
                   style="primary"),
            Button(tr("kept.save_game"), self.export, key="save", row=0),
            Button(tr("replays.close"), self.close, key="close", row=0)])
        self.focus.focus_key("forward")
        self.aloud = Aloud()
        if spoken_on(app):
            self.aloud.say([self.head(), *self.said()])
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.resize(tuple(app.size))

    # -- stepping ---------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show the position after ``index`` steps (kept within the game)."""
        self.index = max(0, min(len(self.replay) - 1, index))
        self.table.show_position(update_at(self.replay, self.index))
        if spoken_on(self.app):
            self.aloud.say([self.head(), *self.said()])

    def step(self, delta: int) -> None:
        self.go(self.index + delta)

    def head(self) -> str:
        """"Step 3 of 40" (the deal, at the first)."""
        return tr("replays.start") if self.index == 0 else \
            tr("replays.step", n=self.index, total=len(self.replay) - 1)

    def said(self) -> list[str]:
        """What the step did, each event in words."""
        return [w for w in (self.table.say(e) for e in self.replay[self.index].events) if w]

    def words(self) -> str:
        """What the step did, in words (its first sentences)."""
        return " · ".join(self.said()[:SAY_LINES])

    def export(self) -> None:
        export_data(self.app, self.store, self.replay.exported())

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # -- the scene -----------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """One bar where the table's prompt goes (kept free by every game): Back, the
        step and its words, Forward, Save, Close."""
        self.table.resize(size)
        w, h = size
        s = theme.ui_scale(size)
        bh, gap = int(38 * s), int(8 * s)
        font = self.app.fonts.get(round(bh * 0.42), bold=True)
        need = [font.size(b.label)[0] + int(24 * s) for b in self.focus.buttons]
        self.bar = pygame.Rect(0, 0, min(w - int(16 * s), int(1000 * s)),
                               bh + (int(34 * s) if h >= KEYS_FROM else int(12 * s)))
        self.bar.center = (w // 2, round(self.table.layout.prompt_y))
        y = self.bar.y + int(6 * s)
        back, forward, save, close = self.focus.buttons
        back.rect = pygame.Rect(self.bar.x + gap, y, need[0], bh)
        x = self.bar.right - gap
        for button, width in ((close, need[3]), (save, need[2]), (forward, need[1])):
            button.rect = pygame.Rect(x - width, y, width, bh)
            x -= width + gap
        #: where the step's words go, between Back and Forward
        self.words_rect = pygame.Rect(back.rect.right + gap, y, forward.rect.x - back.rect.right
                                      - 2 * gap, bh)

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10,
                     pygame.K_PAGEDOWN: 10}
            if event.key in moves:
                self.step(moves[event.key])
            elif event.key == pygame.K_HOME:
                self.go(0)
            elif event.key == pygame.K_END:
                self.go(len(self.replay) - 1)
            elif event.key == pygame.K_s:
                self.export()
            elif event.key == pygame.K_ESCAPE:
                self.close()
            else:
                self.focus.handle(event)
            return None
        if self.focus.handle(event):
            return None
        return None if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                      pygame.MOUSEMOTION) else event

    def update(self, dt: float) -> None:
        self.table.update(dt)

    def removed(self) -> None:
        self.table.removed()

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if tuple(size) != tuple(self.table.layout.size):
            self.resize(size)
        self.table.draw(surface)
        s = theme.ui_scale(size)
        bar, room = self.bar, self.words_rect
        surface.blit(self.panels.get(bar.size, (12, 40, 27, 235), theme.GOLD, 14, 2), bar)
        self.text.blit(surface, self.head(), theme.font_px(15, size),
                       (room.centerx, room.y + room.h // 4),
                       "center", theme.GOLD_LIGHT, bold=True)
        words = self.words()
        font = theme.font_px(13, size)
        if words and self.text.render(words, font, theme.CREAM).get_width() > room.w:
            words = words.split(" · ")[0]
        if words:
            self.text.blit(surface, words, font, (room.centerx, room.y + room.h * 3 // 4 + 2),
                           "center", theme.CREAM)
        for i, button in enumerate(self.focus.buttons):
            draw_button(surface, self.app.fonts, button, i == self.focus.focus)
        if size[1] >= KEYS_FROM:
            self.text.blit(surface, tr("replays.table_keys"), theme.font_px(12, size),
                           (bar.centerx, bar.bottom - int(4 * s)), "midbottom", theme.MUTED)


class ReplayListScene(Scene):
    """The finished games, newest first: Enter (or a click) watches one again."""

    def __init__(self, app: Any, store: Optional[Store] = None) -> None:
        super().__init__(app)
        self.store = store if store is not None else Store()
        self.games = self.store.finished()
        self.text = TextCache(app.fonts)
        self.focus = FocusList([Button(self.row_label(r), partial(self.watch, r),
                                       key=p.name, row=i)
                                for i, (p, r) in enumerate(self.games)]
                               + [Button(tr("replays.close"), self.close, key="close",
                                         row=len(self.games))])
        self.resize(tuple(app.size))

    def heading(self) -> str:
        """The page's name, said as it opens."""
        return tr("replays.title")

    @staticmethod
    def row_label(record: Record) -> str:
        result = record.result or {}
        outcome = tr("replays.won" if record.seat in (result.get("winners") or [])
                     else "replays.lost")
        if record.undos:
            outcome += f" ({tr('replays.undo')})"
        return tr("replays.row", game=GAMES[record.key].title if record.key in GAMES
                  else record.key, date=short_date(record.saved), outcome=outcome)

    def watch(self, record: Record) -> None:
        try:
            self.app.stack.push(ReplayScene(self.app, Replay.of(record), self.store))
        except SaveError as exc:
            self.app.notify(tr("replays.damaged", why=exc.words(language())), 5.0)

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        self._lay_out()

    def _lay_out(self) -> None:
        """The rows around the focused one, as many as fit; the others have no place."""
        w, h = self._size or self.app.size
        s = theme.ui_scale((w, h))
        row_h, gap = int(40 * s), int(6 * s)
        # Close over the key line, the rows over Close
        keys = int(10 * s) + self.app.fonts.get(theme.font_px(14, (w, h))).get_linesize()
        top, bottom = int(110 * s), h - keys - gap - row_h - gap
        rows = self.focus.buttons[:-1]
        fit = max(1, (bottom - top - row_h - gap) // (row_h + gap))
        at = self.focus.focus or 0
        first = max(0, min(at - fit // 2, len(rows) - fit))
        width = min(w - int(40 * s), int(640 * s))
        x = (w - width) // 2
        for i, button in enumerate(rows):
            shown = first <= i < first + fit
            y = top + (i - first) * (row_h + gap)
            button.rect = pygame.Rect(x, y, width, row_h) if shown else pygame.Rect(0, 0, 0, 0)
        self.focus.buttons[-1].rect = pygame.Rect(0, 0, int(200 * s), row_h)
        self.focus.buttons[-1].rect.midbottom = (w // 2, h - keys - gap)
        self._first = first

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        self.focus.handle(event)
        self._lay_out()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        size, s = self.open_felt(surface)
        self.text.blit(surface, tr("replays.title"), int(44 * s), (size[0] // 2, int(56 * s)),
                       "center", theme.GOLD_LIGHT, bold=True)
        if not self.games:
            self.text.blit(surface, tr("replays.none"), theme.font_px(18, size),
                           (size[0] // 2, size[1] // 2), "center", theme.CREAM_DIM)
        focused = self.focus.focused
        for button in self.focus.buttons:
            if button.rect.w:
                draw_button(surface, self.app.fonts, button, button is focused)
        self.text.blit(surface, tr("replays.keys"), theme.font_px(14, size),
                       (size[0] // 2, size[1] - int(10 * s)), "midbottom", theme.MUTED)


def open_replay_file(app: Any, path: Path) -> bool:
    """``--replay FILE``: the game in the file on the table; False (one line told) if not."""
    try:
        app.stack.push(ReplayScene(app, load_replay(path)))
    except (SaveError, OSError) as exc:
        why = exc.words(language()) if isinstance(exc, SaveError) else str(exc.strerror or exc)
        app.notify(tr("replays.damaged", why=why), 6.0)
        return False
    return True
