"""Drawing a frame only where it changed.

A scene that keeps a paint log (each thing it painted, keyed by everything about it
that shows, with the rectangle it covers) can be drawn in part: a first pass with the
window's clip empty costs only the scene's own bookkeeping (every blit is clipped away:
0.4 ms for Dou Dizhu's table at 3840x2160, against 7 ms for the whole picture) and
gives this frame's log; the keys that are new or gone since the frame before are what
changed, and the scene is painted again clipped to each of those rectangles in turn.
Everything outside them is left as the last frame drew it.  A frame in which nothing
moved paints nothing.

That needs every logged rectangle to be what the thing covers, whatever the clip:
``surface.blit`` and ``pygame.draw`` report only what they changed, so a scene logs
:func:`blitted` and :func:`unclipped` rectangles instead.

The whole window is painted when the caller says so (a new size, another scene, an
overlay, a notice: scenes/app.py), when there is no frame before, and when so much
changed that clipping would save nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Optional

import pygame

#: a rectangle as a paint log keeps it: x, y, width, height
Box = tuple[int, int, int, int]
#: what a draw painted: a key (its kind first, then what it shows) and where
PaintLog = dict[tuple[Hashable, ...], Box]
#: above this share of the window changed, the whole frame is drawn and presented
FULL_SHARE = 0.6
#: at most this many clipped passes a frame (each pass walks the whole paint list): more
#: rectangles are joined, the two that grow least first
MAX_PASSES = 4
#: an empty clip: the pass that only logs
NOWHERE = pygame.Rect(0, 0, 0, 0)


class DirtyFrame:
    """The paint log of the frame on screen, and what the last frame repainted."""

    def __init__(self) -> None:
        self._before: PaintLog = {}
        #: after a draw: the rectangles that differ from the frame before (None: the
        #: whole window)
        self.damage: Optional[list[pygame.Rect]] = None
        #: after a draw: the rectangles painted (None: the whole window, [] : nothing)
        self.painted: Optional[list[pygame.Rect]] = None

    def forget(self) -> None:
        """The next frame is drawn whole."""
        self._before = {}

    def draw(self, surface: pygame.Surface, paint: Callable[[pygame.Surface], PaintLog],
             whole: bool) -> PaintLog:
        """Draw with ``paint`` (which paints the scene and returns its log) only where the
        picture changed, or all of it when ``whole``; this frame's log."""
        before = self._before
        window = surface.get_rect()
        if whole or not before:
            log = paint(surface)
            self.painted = None
            self.damage = changed(before, log, window) if before else None
        else:
            log = _clipped(surface, paint, NOWHERE)
            self.damage = self.painted = changed(before, log, window)
            if self.damage is None:
                log = paint(surface)
            else:
                for rect in passes(self.damage):
                    _clipped(surface, paint, rect)
        self._before = log
        return log


def _clipped(surface: pygame.Surface, paint: Callable[[pygame.Surface], PaintLog],
             clip: pygame.Rect) -> PaintLog:
    old = surface.get_clip()
    surface.set_clip(clip)
    try:
        return paint(surface)
    finally:
        surface.set_clip(old)


def changed(before: PaintLog, now: PaintLog, window: pygame.Rect) -> Optional[list[pygame.Rect]]:
    """The rectangles where ``now`` differs from ``before`` (what was there and is gone,
    what is there and is new), joined where they overlap, inside ``window``; None when
    they cover more than FULL_SHARE of it."""
    rects = [pygame.Rect(r) for k, r in now.items() if before.get(k) != r]
    rects += [pygame.Rect(r) for k, r in before.items() if now.get(k) != r]
    rects = merged([r.clip(window) for r in rects if r.colliderect(window)])
    # measured once overlaps are joined: a hand of twenty overlapping cards that closes
    # ranks covers a strip of the window, not twenty times a card's footprint
    if sum(r.w * r.h for r in rects) > FULL_SHARE * window.w * window.h:
        return None
    return rects


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined (until none overlaps), so no pixel is drawn twice."""
    out = list(rects)
    joined = True
    while joined:
        joined = False
        result: list[pygame.Rect] = []
        for r in sorted(out, key=lambda r: (r.y, r.x)):
            for i, o in enumerate(result):
                if o.colliderect(r):
                    result[i] = o.union(r)
                    joined = True
                    break
            else:
                result.append(r)
        out = result
    return out


def passes(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The clips to paint ``rects`` in, at most MAX_PASSES: the pair whose union adds
    least area joined while there are more."""
    out = list(rects)
    while len(out) > MAX_PASSES:
        cost, i, j = min((_area(a.union(b)) - _area(a) - _area(b), i, j)
                         for i, a in enumerate(out) for j, b in enumerate(out) if i < j)
        out[i] = out[i].union(out[j])
        del out[j]
    return out


def _area(r: pygame.Rect) -> int:
    return r.w * r.h


def box(rect: pygame.Rect) -> Box:
    """A rectangle as the paint log keeps it (a tuple: hashable, compared by value)."""
    return (rect.x, rect.y, rect.w, rect.h)


def blitted(surface: pygame.Surface, image: pygame.Surface,
            pos: tuple[int, int] | pygame.Rect) -> pygame.Rect:
    """``surface.blit(image, pos)``, returning what it covers inside the surface whatever
    the clip (a clipped blit reports only what it changed)."""
    surface.blit(image, pos)
    topleft = pos.topleft if isinstance(pos, pygame.Rect) else pos
    return pygame.Rect(topleft, image.get_size()).clip(surface.get_rect())


def unclipped(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """A shape's bounds as an unclipped ``pygame.draw`` reports them: inside the surface."""
    return rect.clip(surface.get_rect())


def circle_box(centre: tuple[int, int], radius: int) -> pygame.Rect:
    """The bounds ``pygame.draw.circle`` reports for a whole circle."""
    return pygame.Rect(centre[0] - radius, centre[1] - radius, radius * 2, radius * 2)


def polygon_box(points: list[tuple[int, int]]) -> pygame.Rect:
    """The bounds ``pygame.draw.polygon`` reports for a filled polygon."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def drawn_whole(app: Any, scene: Any) -> bool:
    """Whether ``scene`` must be painted whole in this frame: the app says so (a new
    size, another scene, a notice: ``App.whole_frame``), or another scene lies over it
    (an overlay blends its veil over the whole window anew each frame)."""
    stack = getattr(app, "stack", None)
    return bool(getattr(app, "whole_frame", True)) or stack is None or stack.top is not scene
