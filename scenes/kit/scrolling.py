"""A page of text that scrolls: what the rules and the credits screens share.

The page has a target offset that keys, the wheel and the scroll bar set, and a
drawn offset that eases towards it (quick, but the eye can follow where the text
went).  A scene using :class:`ScrollingMixin` lays its text out into
``_content_h`` pixels shown in ``_view`` and provides ``_ensure_layout``.  Every
scroll bar (a page's, a list's) is drawn by :func:`draw_scroll_bar`, its thumb
placed by :func:`scroll_thumb` and moved with the mouse by :class:`ThumbDrag`.
"""

from __future__ import annotations

from typing import Callable, Optional

import pygame

from scenes.kit import theme
from scenes.kit.scene import Scene

#: keys that move the page, and how: a step, a page, or to an end
_MOVES = {pygame.K_UP: ("step", -1), pygame.K_DOWN: ("step", 1),
          pygame.K_PAGEUP: ("page", -1), pygame.K_PAGEDOWN: ("page", 1),
          pygame.K_HOME: ("end", -1), pygame.K_END: ("end", 1)}


def scroll_thumb(track: pygame.Rect, shown: float, total: float, offset: float,
                 most: float) -> Optional[pygame.Rect]:
    """The thumb of a vertical scroll bar in ``track``: ``shown`` of ``total`` (pixels
    or rows) in view, scrolled ``offset`` of at most ``most``; None when all is shown."""
    if total <= shown or total <= 0:
        return None
    h = max(round(track.h * shown / total), track.w * 3)
    y = track.y + (round((track.h - h) * offset / most) if most else 0)
    return pygame.Rect(track.x, y, track.w, h)


def draw_scroll_bar(surface: pygame.Surface, track: pygame.Rect, thumb: pygame.Rect,
                    held: bool = False) -> None:
    """The track and its thumb (brighter while ``held``, being dragged)."""
    pygame.draw.rect(surface, (30, 64, 46), track, border_radius=track.w // 2)
    pygame.draw.rect(surface, theme.GOLD_LIGHT if held else theme.GOLD, thumb,
                     border_radius=thumb.w // 2)


class ThumbDrag:
    """The mouse on a scroll bar: pressing its thumb holds it and moving drags it,
    pressing the track beside the thumb turns a page.  ``held``: how far below the
    thumb's top it was taken (None: not held)."""

    def __init__(self) -> None:
        self.held: Optional[int] = None

    def handle(self, event: pygame.event.Event, track: pygame.Rect,
               thumb: Optional[pygame.Rect], page: Callable[[int], None],
               drag_to: Callable[[float], None]) -> bool:
        """Whether ``event`` was the bar's: ``page(+1 or -1)`` turns a page down or up,
        ``drag_to(fraction)`` scrolls that far from the top (0.0 to 1.0)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and thumb is not None:
            if thumb.inflate(8, 0).collidepoint(event.pos):
                self.held = event.pos[1] - thumb.y
                return True
            if track.inflate(8, 0).collidepoint(event.pos):
                page(1 if event.pos[1] > thumb.centery else -1)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held is not None:
            self.held = None
            return True
        elif event.type == pygame.MOUSEMOTION and self.held is not None:
            if thumb is not None:
                span = track.h - thumb.h
                drag_to(max(0.0, min(1.0, (event.pos[1] - self.held - track.y) / span))
                        if span else 0.0)
            return True
        return False


class ScrollingMixin(Scene):
    """A scene's scrolling page (listed before Scene in the scene's bases)."""

    scroll: float          # drawn offset, eases towards target
    target: float
    _content_h: int
    _view: pygame.Rect
    #: the size laid out for (None: not yet)
    _size: Optional[tuple[int, int]]

    def _ensure_layout(self) -> None:
        """Lay the text out for ``_size`` (into ``_content_h`` and ``_view``) if not yet."""
        raise NotImplementedError

    @property
    def max_scroll(self) -> int:
        self._ensure_layout()
        return max(0, self._content_h - self._view.h)

    def _ready(self, surface: pygame.Surface) -> tuple[int, int]:
        """Before drawing: laid out for the surface's size; that size."""
        size = surface.get_size()
        if size != self._size:
            self.resize(size)
        self._ensure_layout()
        return size

    def scroll_to(self, offset: float) -> None:
        self.target = float(max(0, min(self.max_scroll, round(offset))))

    def scroll_steps(self) -> tuple[int, int]:
        """A step (arrows, the wheel) and a page (PgUp/PgDn), in pixels at this size."""
        step = round(48 * theme.ui_scale(self._size or self.app.size))
        return step, max(step, self._view.h - step)

    def scroll_key(self, key: int) -> bool:
        """Move the page for an arrow, PgUp/PgDn, Home or End; False for any other key."""
        move = _MOVES.get(key)
        if move is None:
            return False
        kind, sign = move
        step, page = self.scroll_steps()
        if kind == "end":
            self.scroll_to(0 if sign < 0 else self.max_scroll)
        else:
            self.scroll_to(self.target + sign * (step if kind == "step" else page))
        return True

    def scroll_wheel(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEWHEEL:
            return False
        self.scroll_to(self.target - event.y * self.scroll_steps()[0] * 1.5)
        return True

    def page_event(self, event: pygame.event.Event, close_keys: tuple[int, ...],
                   area: pygame.Rect) -> bool:
        """A page over the others: a key of ``close_keys`` or a click outside ``area`` pops
        it, another key or the wheel scrolls.  True when the event was used."""
        if event.type == pygame.KEYDOWN:
            if event.key in close_keys:
                self.close_page()
            else:
                self.scroll_key(event.key)
            return True
        if self.scroll_wheel(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and not area.collidepoint(event.pos):
            self.close_page()
            return True
        return False

    def close_page(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        gap = self.target - self.scroll
        if abs(gap) < 0.5:
            self.scroll = self.target
        else:
            self.scroll += gap * min(1.0, dt * 14)

    def animating(self) -> bool:
        return self.scroll != self.target
