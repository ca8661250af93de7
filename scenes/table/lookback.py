"""A look back at the last trick or frame: its cards gone from the table, shown again.

A new player often misses what just happened: a trick collected at once, a
bocce out of bounds whisked to the discard.  The adapter describes the last
finished trick or frame as a :class:`LookBack` (plain data, from the view:
only cards every player saw; scenes/tables/look.py, where the adapters and this scene
both import it), the table offers it with a small button by
the score board and the L key, and :class:`LookBackScene` shows it over the
dimmed table, card faces and all, until Esc, L, Enter or a click closes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

import pygame

from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.widgets import Button
from scenes.table.result import _MenuOverlay
from scenes.tables.look import LookBack as LookBack
from scenes.tables.look import LookRow as LookRow

if TYPE_CHECKING:  # pragma: no cover
    from scenes.table import TableScene

#: the keys that close the look back (besides a click anywhere)
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class _Metrics:
    font: int
    card_h: int
    card_w: int
    step: int            # from one card to the next in a row of up to four
    label_w: int
    cards_w: int
    note_w: int
    gap: int

    def row_h(self, row: LookRow) -> int:
        return int(self.font * 1.9) if row.tone == "head" else self.card_h + self.gap

    def step_for(self, count: int) -> int:
        """A long bocce's cards overlap (every index still in sight), to the width of four."""
        if count <= 4:
            return self.step
        return max(self.card_w // 2, (3 * self.step) // (count - 1))


class LookBackScene(_MenuOverlay):
    """The last trick or frame over the dimmed table; the game stands still below."""

    def __init__(self, app: Any, table: "TableScene", look: LookBack) -> None:
        self.look = look
        self._pressed = False
        self.m: Optional[_Metrics] = None
        super().__init__(app, table)

    def buttons(self) -> list[Button]:
        return [Button(tr("table.look_back.close"), self.close, key="close", style="primary")]

    def title(self) -> str:
        return self.look.title

    # -- layout ------------------------------------------------------------------------
    def _metrics(self, font: int, card_h: int) -> _Metrics:
        card_w = max(8, int(round(card_h * self.table.layout.card_w / self.table.layout.card_h)))
        gap = max(6, font // 2)
        step = card_w + max(3, card_w // 10)
        rows = self.look.rows
        label_w = max([self.text.render(r.label, font, bold=True).get_width() for r in rows]
                      + [0])
        note_w = max([self.text.render(r.note, font, bold=True).get_width() for r in rows]
                     + [0])
        m = _Metrics(font, card_h, card_w, step, label_w, 0, note_w, gap)
        m.cards_w = max(card_w + m.step_for(n) * (n - 1) for n in
                        [max(1, len(r.cards)) for r in rows] + [1])
        return m

    def _body_size(self, m: _Metrics) -> tuple[int, int]:
        w = m.label_w + m.cards_w + m.note_w + m.gap * 4
        h = sum(m.row_h(r) for r in self.look.rows)
        if self.look.footer:
            h += int(m.font * 1.8)
        return w, h

    def resize(self, size: tuple[int, int]) -> None:
        """The largest cards and words (cards at most the table's own) that fit the window."""
        w, h = size
        s = theme.ui_scale(size)
        self._veil = None
        bw, bh, gap = int(260 * s), int(46 * s), int(12 * s)
        head, foot = int(90 * s), bh + gap + int(24 * s)
        room_w, room_h = w * 0.92 - int(48 * s), h * 0.95 - head - foot
        title_w = self.text.render(self.title(), int(34 * s), bold=True).get_width()
        font = max(11, int(19 * s))
        card_h = int(self.table.layout.card_h * 0.8)
        while True:
            m = self._metrics(font, card_h)
            body_w, body_h = self._body_size(m)
            if (body_w <= room_w and body_h <= room_h) or (font <= 11 and card_h <= 24):
                break
            # smaller cards first; smaller words too once the cards are small or the
            # words alone are too wide
            card_h = max(24, int(card_h * 0.92))
            if card_h <= 40 or body_w > room_w:
                font = max(11, font - 1)
        self.m = m
        pw = max(int(420 * s), body_w + int(48 * s), title_w + int(48 * s))
        ph = head + body_h + foot
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (w // 2, h // 2)
        for b in self.focus.buttons:
            b.rect = pygame.Rect(0, 0, bw, bh)
            b.rect.midbottom = (self.panel.centerx, self.panel.bottom - int(20 * s))
        if tuple(self.table.layout.size) != tuple(size):
            self.table.resize(size)

    # -- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """Esc, L, Enter, Space or a click anywhere: back to the table."""
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE_KEYS:
                self.close()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = True
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._pressed:   # a press made here: not the release of the table's button
                self.close()
            return None
        if event.type == pygame.MOUSEMOTION:
            return None   # the table below must not hover meanwhile
        return super().handle(event)

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_escape(self) -> None:
        self.close()

    def update(self, dt: float) -> None:
        self.age += dt  # the game stands still while you look back

    def animating(self) -> bool:
        return False

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)   # the veil, the panel, its title and the button
        m = self.m
        if m is None:
            return
        p = self.panel
        s = theme.ui_scale(surface.get_size())
        body_w, _ = self._body_size(m)
        x0 = p.centerx - body_w // 2 + m.gap
        y = p.y + int(90 * s)
        for row in self.look.rows:
            rh = m.row_h(row)
            mid = y + rh // 2
            if row.tone == "head":
                band = pygame.Rect(x0 - m.gap // 2, y + 2, body_w - m.gap, rh - 4)
                surface.blit(self.panels.get(band.size, (255, 255, 255, 18), None, 6), band)
                self.text.blit(surface, row.label, m.font, (x0, mid), "midleft", theme.GOLD,
                               bold=True)
                if row.note:
                    self.text.blit(surface, row.note, m.font, (band.right - m.gap, mid),
                                   "midright", theme.GOLD_LIGHT, bold=True)
                y += rh
                continue
            self.text.blit(surface, row.label, m.font, (x0 + m.label_w, mid), "midright",
                           theme.CREAM, bold=True)
            cx = x0 + m.label_w + m.gap
            step = m.step_for(len(row.cards))
            for i, code in enumerate(row.cards):
                img = self.table._icon(code, m.card_h)
                surface.blit(img, img.get_rect(midleft=(cx + i * step, mid)))
            nx = x0 + m.label_w + m.cards_w + m.gap * 2
            ink = {"good": theme.GOLD_LIGHT, "bad": (255, 150, 130)}.get(row.tone, theme.CREAM)
            self.text.blit(surface, row.note, m.font, (nx, mid), "midleft", ink, bold=True)
            y += rh
        if self.look.footer:
            self.text.blit(surface, self.look.footer, m.font, (p.centerx, y + int(m.font * 0.9)),
                           "center", theme.CREAM_DIM)
