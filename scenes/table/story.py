"""The game's story: what happened at the table, in words, and the corner buttons.

:class:`Story` turns every event this screen's seat received into a sentence, through
the game's adapter (:meth:`~scenes.tables.TableAdapter.caption`, in the player's
language through the catalogs: "North takes the trick: 11 points").  It reads only
the events as the seat received them, redacted by :meth:`~game.engine.Event.for_seat`,
so a card the seat did not see is never named.  A resumed game's story is told again
from its log by the client (:meth:`~game.kept.KeepingClient.told`), redacted alike.

:class:`StoryScene` shows the story over the dimmed table (the G key, or the "Log"
button); :class:`CornerButtons` are the table's small buttons for it, for Say and for
Undo, in the top right corner at every table (:func:`corner_row`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Protocol

import pygame

from game.engine import Event
from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.fonts import wrap
from scenes.kit.hud import PanelCache, TextCache
from scenes.kit.layout import Layout
from scenes.kit.scene import Scene
from scenes.kit.scrolling import ScrollingMixin

#: sentences kept (a Bolola game tells about 600)
KEEP = 2000
#: keys that close the story
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_g, pygame.K_RETURN, pygame.K_KP_ENTER)


class Story:
    """The sentences told so far, oldest first."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def tell(self, events: Iterable[Event], say: Callable[[Event], str]) -> None:
        """Add what ``say`` makes of each event ("" adds nothing)."""
        for event in events:
            line = say(event)
            if line and (not self.lines or self.lines[-1] != line):
                self.lines.append(line)
        del self.lines[:-KEEP]


def caption(adapter: Any, event: Event, layout: Any) -> str:
    """The adapter's sentence for ``event``, the person's seat named as a third person
    ("Marco (you) plays the 7 of Cups", by the name on its plate; "South (you)" for a
    player with no name): the captions are written for people watching, and "You plays"
    is no sentence in any language.  The others keep the names their plates show
    ("Computer" across a two-player table)."""
    if adapter.watching:
        return adapter.caption(event, layout)
    names = adapter.names
    you = adapter.human_seat
    others = {s: adapter.seat_name(s, layout) for s in range(adapter.seats) if s != you}
    adapter.watching = True
    try:
        adapter.names = {**others, you: tr("story.you", place=adapter.you_name
                                           or adapter.default_seat_name(you, layout))}
        return adapter.caption(event, layout)
    finally:
        adapter.watching = False
        adapter.names = names


class TableScene(Protocol):
    """What the story's scene reads of the table scene (scenes/table/scene.py), which
    imports this module: a Protocol here, so that the two do not import each other even
    for types."""

    @property
    def story(self) -> Story: ...

    @property
    def layout(self) -> Layout: ...


class StoryScene(ScrollingMixin, Scene):
    """The story over the dimmed table, newest at the bottom; scrolls; Esc or G closes."""

    overlay = True

    def __init__(self, app: Any, table: "TableScene") -> None:
        super().__init__(app)
        self.table = table
        self.text = TextCache(app.fonts)
        self.panels = PanelCache()
        self.scroll = self.target = 0.0
        self._content_h = 0
        self._view = pygame.Rect(0, 0, 0, 0)
        self._size: Optional[tuple[int, int]] = None
        self._rows: list[pygame.Surface] = []
        self._laid: tuple = ()
        self.resize(tuple(app.size))

    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        s = theme.ui_scale(size)
        pw = min(w - int(40 * s), int(720 * s))
        self.panel = pygame.Rect(0, 0, pw, h - int(60 * s))
        self.panel.center = (w // 2, h // 2)
        self._view = pygame.Rect(self.panel.x + int(24 * s), self.panel.y + int(70 * s),
                                 pw - int(48 * s), self.panel.h - int(110 * s))
        self._laid = ()
        self._ensure_layout()
        self.scroll = self.target = float(self.max_scroll)    # the newest in sight

    def _ensure_layout(self) -> None:
        key = (self._view.size, len(self.table.story.lines))
        if key == self._laid:
            return
        self._laid = key
        # the story is the table's words: as large as the player set them there
        font = round(theme.font_px(17, self._size or self.app.size) * self.table.layout.text_scale)
        self._rows = []
        for line in self.table.story.lines or [tr("story.empty")]:
            for part in wrap(self.app.fonts.get(font), line, self._view.w):
                self._rows.append(self.text.render(part, font, theme.CREAM))
        self._content_h = sum(r.get_height() + 4 for r in self._rows)

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if self.page_event(event, CLOSE_KEYS, self.panel) or event.type in (
                pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        size = self._ready(surface)
        theme.dim(surface)
        s = theme.ui_scale(size)
        p = self.panel
        surface.blit(self.panels.get(p.size, (12, 40, 27, 245), theme.GOLD, 16, 3), p)
        self.text.blit(surface, tr("story.title"), int(30 * s), (p.centerx, p.y + int(38 * s)),
                       "center", theme.GOLD_LIGHT, bold=True)
        self.text.blit(surface, tr("story.keys"), theme.font_px(14, size),
                       (p.centerx, p.bottom - int(20 * s)), "center", theme.MUTED)
        clip = surface.get_clip()
        surface.set_clip(self._view)
        y = self._view.y - round(self.scroll)
        for row in self._rows:
            if y + row.get_height() >= self._view.y and y <= self._view.bottom:
                surface.blit(row, (self._view.x, y))
            y += row.get_height() + 4
        surface.set_clip(clip)


@dataclass
class CornerButton:
    label: str
    key: str
    run: Callable[[], Any]
    rect: Optional[pygame.Rect] = None


class CornerButtons:
    """The table's small buttons in the top right corner: the story, Say at an online
    table, and Undo when the game allows it.  Drawn by the table's painter; a click down
    and up on one runs it.

    ``watching``: nobody plays from this screen (no buttons); ``open_story``: the G
    key's; ``can_undo`` and ``undo``: the kept game's (scenes/table/keeping.py); ``can_say``
    and ``toggle_phrases``: the table phrases' list (scenes/table/phrases.py)."""

    def __init__(self, watching: bool, open_story: Callable[[], Any],
                 can_undo: Callable[[], bool], undo: Callable[[], Any],
                 can_say: Callable[[], bool], toggle_phrases: Callable[[], Any]) -> None:
        self.watching = watching
        self.open_story = open_story
        self.can_undo = can_undo
        self.undo = undo
        self.can_say = can_say
        self.toggle_phrases = toggle_phrases
        self._pressed: Optional[CornerButton] = None
        self.buttons: list[CornerButton] = []
        #: no buttons (a replay, whose own bar steps through the game)
        self.hidden = False

    def _every(self) -> list[tuple[CornerButton, Callable[[], bool]]]:
        """Each button the row may show, and when it shows."""
        if self.watching or self.hidden:
            return []
        return [(CornerButton(tr("story.button"), "G", self.open_story), lambda: True),
                (CornerButton(tr("net.phrases"), "T", self.toggle_phrases), self.can_say),
                (CornerButton(tr("kept.undo_button"), "U", self.undo), self.can_undo)]

    def shown(self) -> list[CornerButton]:
        return [button for button, shows in self._every() if shows()]

    def draw(self, surface: pygame.Surface, log: dict, lay: Any, hud: Any) -> None:
        """The buttons side by side in the top right corner (:func:`corner_row`), at every
        table, local, hosted, joined or watched, and in every game: the same control in
        the same place.  The table's other things keep clear of that corner (the look
        back button, the rank strip, a guest's light, a game's words there)."""
        font = lay.font(14)
        pad = max(6, font // 2)
        self.buttons = self.shown()
        faces = _faces(self.buttons, lay, hud)
        rects = corner_row(lay, [width for _, _, width in faces])
        for button, (img, key, _), rect in zip(self.buttons, faces, rects):
            surface.blit(hud.panels.get(rect.size, (10, 38, 25, 225), theme.GOLD_DARK,
                                        rect.h // 2, 2), rect)
            surface.blit(img, img.get_rect(midleft=(rect.x + pad, rect.centery)))
            surface.blit(key, key.get_rect(midright=(rect.right - pad, rect.centery)))
            button.rect = rect
            log[("corner", button.label)] = tuple(rect)

    def reach(self, lay: Any, hud: Any) -> Optional[pygame.Rect]:
        """Where the row lies with every button it may ever show (Say, Undo come and go),
        None at a table without buttons: what must stay clear of them for a whole game."""
        every = [button for button, _ in self._every()]
        if not every:
            return None
        rects = corner_row(lay, [width for _, _, width in _faces(every, lay, hud)])
        return rects[0].unionall(rects[1:])

    def at(self, pos: tuple[int, int]) -> Optional[CornerButton]:
        return next((b for b in self.buttons if b.rect is not None and b.rect.collidepoint(pos)),
                    None)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was a click on one of the buttons (then it is spent)."""
        if getattr(event, "button", 0) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = self.at(event.pos)
            return self._pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and self._pressed is not None:
            pressed, self._pressed = self._pressed, None
            if self.at(event.pos) is pressed:
                pressed.run()
            return True
        return False


def _faces(buttons: list[CornerButton], lay: Any,
           hud: Any) -> list[tuple[pygame.Surface, pygame.Surface, int]]:
    """Each button's words, its key's letter and its width."""
    font = lay.font(14)
    pad = max(6, font // 2)
    out = []
    for button in buttons:
        img = hud.text.render(button.label, font, theme.CREAM, True)
        key = hud.text.render(button.key, font, theme.GOLD, True)
        out.append((img, key, img.get_width() + key.get_width() + pad * 3))
    return out


def corner_row(lay: Any, widths: list[int]) -> list[pygame.Rect]:
    """Where the corner buttons of these ``widths`` lie: side by side, the last at the top
    right corner's margins, as tall as the layout says (:attr:`~scenes.kit.layout.Layout.corner_h`);
    the one place for them, whichever table they are on."""
    gap = max(6, lay.font(14) // 2)
    x = lay.width - lay.margin - sum(widths) - gap * max(0, len(widths) - 1)
    out = []
    for width in widths:
        out.append(pygame.Rect(x, lay.margin, width, lay.corner_h))
        x += width + gap
    return out
