"""The two small overlays of the table: the result screen and the pause menu.

Both are overlay scenes: the table stays visible (dimmed) below a panel of
buttons, reachable with the mouse and with arrows/Tab + Enter.  The result
offers "Play again" (same game, new shuffle) and "Menu"; the pause menu
"Resume", "Rules", "Menu" and "Quit".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import pygame

from game.i18n import tr
from scenes import theme
from scenes.hud import PanelCache, TextCache
from scenes.scene import Scene
from scenes.widgets import Button, FocusList, draw_button

if TYPE_CHECKING:  # pragma: no cover
    from scenes.table import TableScene


class _MenuOverlay(Scene):
    """A dimmed table, a panel with a title, some lines and a column of buttons."""

    overlay = True

    def __init__(self, app: Any, table: "TableScene") -> None:
        super().__init__(app)
        self.table = table
        self.focus = FocusList(self.buttons())
        self.text = TextCache(app.fonts)
        self.panels = PanelCache()
        self.age = 0.0
        self._veil: Optional[pygame.Surface] = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.resize(tuple(app.size))

    def buttons(self) -> list[Button]:
        return []

    def title(self) -> str:
        return ""

    def lines(self) -> list[tuple[str, str]]:
        return []

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self._veil = None
        n_lines = len(self.lines())
        bw, bh, gap = int(260 * s), int(46 * s), int(12 * s)
        top = int(90 * s) + n_lines * int(34 * s)
        ph = top + len(self.focus.buttons) * (bh + gap) + int(24 * s)
        pw = int(420 * s)
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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return None
        if self.focus.handle(event):
            return None
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEMOTION):
            return None  # the table below must not act meanwhile
        return event

    def on_escape(self) -> None:
        pass

    def update(self, dt: float) -> None:
        self.age += dt
        # the table's effects (a last banner, the score pops) finish below the overlay
        if self.table is not None:
            self.table.timeline.update(dt)
            self.table.hud.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._veil is None or self._veil.get_size() != size:
            self._veil = pygame.Surface(size, pygame.SRCALPHA)
            self._veil.fill(theme.DIM)
        surface.blit(self._veil, (0, 0))
        s = theme.ui_scale(size)
        p = self.panel
        surface.blit(self.panels.get((p.w + 8, p.h + 8), (0, 0, 0, 110), None, 18), (p.x - 2, p.y + 4))
        surface.blit(self.panels.get(p.size, (12, 40, 27, 245), theme.GOLD, 16, 3), p)
        self.text.blit(surface, self.title(), int(34 * s), (p.centerx, p.y + int(48 * s)),
                       "center", theme.GOLD_LIGHT, bold=True)
        y = p.y + int(100 * s)
        for left, right in self.lines():
            if right:
                self.text.blit(surface, left, int(20 * s), (p.x + int(60 * s), y), "midleft",
                               theme.CREAM)
                self.text.blit(surface, right, int(20 * s), (p.right - int(60 * s), y), "midright",
                               theme.CREAM, bold=True)
            else:
                self.text.blit(surface, left, int(18 * s), (p.centerx, y), "center",
                               theme.CREAM_DIM)
            y += int(34 * s)
        for i, b in enumerate(self.focus.buttons):
            draw_button(surface, self.app.fonts, b, i == self.focus.focus)

    def press(self, key: str) -> None:
        """Activate a button by its key (tests, tools)."""
        self.focus.activate(self.focus.button(key))


class ResultScene(_MenuOverlay):
    """The game is over: who won, the final scores, Play again or Menu."""

    def buttons(self) -> list[Button]:
        return [Button(tr("table.result.play_again"), self.play_again, key="again",
                       style="primary"),
                Button(tr("table.result.menu"), self.menu, key="menu")]

    def title(self) -> str:
        return self.table.adapter.result_title(self.table.state.result(), self.table.layout)

    def lines(self) -> list[tuple[str, str]]:
        rows = self.table.adapter.result_lines(self.table.state.result(), self.table.view,
                                               self.table.layout)
        return list(rows)

    def play_again(self) -> None:
        stack = self.app.stack
        new = self.table.new_game()
        stack.pop()  # this overlay
        stack.replace(new)

    def menu(self) -> None:
        self.table.close()
        self.app.back_to_menu()

    def on_escape(self) -> None:
        self.menu()


class PauseScene(_MenuOverlay):
    """Esc at the table: Resume, Rules, Menu, Quit."""

    def buttons(self) -> list[Button]:
        return [Button(tr("table.pause.resume"), self.resume, key="resume", style="primary"),
                Button(tr("table.pause.rules"), self.rules, key="rules"),
                Button(tr("table.pause.menu"), self.menu, key="menu"),
                Button(tr("table.pause.quit"), self.quit, key="quit")]

    def title(self) -> str:
        return tr("table.pause.title")

    def update(self, dt: float) -> None:
        self.age += dt  # the game stands still while paused

    def resume(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def rules(self) -> None:
        self.app.show_rules(self.table.key)

    def menu(self) -> None:
        self.table.close()
        self.app.back_to_menu()

    def quit(self) -> None:
        self.table.close()
        self.app.quit()

    def on_escape(self) -> None:
        self.resume()

