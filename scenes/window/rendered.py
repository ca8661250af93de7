"""The frame presented through SDL's renderer: the GPU where the machine has one.

The scenes draw as ever, into a canvas surface the window's real pixels; each frame,
only the rectangles that changed (scenes/dirty.py) are uploaded into a streaming
texture, which the renderer copies to its back buffer whole (undefined after each
present) and presents.  On a GPU that copy is the GPU's; without one (SDL's
``software`` driver, Mesa's llvmpipe) it is a copy of the whole window a frame, which
is why ``--renderer auto`` takes this path only for an accelerated driver
(scenes/window/choice.py, bench/README.md).

The window is made with ``allow_high_dpi``: where a display counts in points (macOS),
the canvas has the window's pixels, the renderer's logical size maps the mouse's events
onto them and the toolkit's mouse is scaled by :meth:`RendererWindow.mouse_scale`.
``convert()`` wants a display format, which a window with a renderer has not: a hidden
one-pixel window's surface lends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.kit import theme
from scenes.sizes import MIN_SIZE
from scenes.window.base import at_least_minimum, real_size, set_window_fullscreen
from scenes.window.convert import lend_format

if TYPE_CHECKING:  # pragma: no cover
    from pygame._sdl2.video import Renderer, Texture

def make_renderer(window: pygame.Window, driver: str) -> Renderer:
    """A renderer for ``window`` on ``driver`` and no other (by its index: SDL's hint would
    fall back to another driver unsaid); pygame.error when SDL cannot make one (pygame-ce
    raises its _sdl2 error there, which is not one)."""
    from pygame._sdl2 import sdl2, video

    names = [info.name for info in video.get_drivers()]
    if driver not in names:
        raise pygame.error(f"no render driver {driver} here")
    try:
        return video.Renderer(window, index=names.index(driver), accelerated=-1, vsync=False)
    except sdl2.error as exc:
        raise pygame.error(str(exc)) from exc


class RendererWindow:
    """A ``pygame.Window`` with a renderer, a canvas and the texture it is presented by."""

    def __init__(self, driver: str, size: tuple[int, int], fullscreen: bool,
                 bare_x: bool) -> None:
        self.path = f"renderer {driver}"
        self.windowed_size = size
        self.fullscreen = fullscreen
        self.bare_x = bare_x
        self.window = pygame.Window("", size, resizable=True, allow_high_dpi=True)
        self.window.minimum_size = MIN_SIZE
        self.window.set_icon(theme.app_icon())
        self.renderer = make_renderer(self.window, driver)
        self._format = pygame.Window("", (1, 1), hidden=True)
        self._format.get_surface()          # convert() and convert_alpha() work from now
        lend_format(True)
        self.surface = pygame.Surface((1, 1))
        self._texture: Texture | None = None
        if fullscreen:
            set_window_fullscreen(self.window, True, bare_x, size)
        self.sync()

    def set_caption(self, text: str) -> None:
        self.window.title = text

    def set_fullscreen(self, on: bool) -> None:
        self.fullscreen = on
        set_window_fullscreen(self.window, on, self.bare_x, self.windowed_size)

    def resize(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            self.windowed_size = at_least_minimum(size)
            if tuple(self.window.size) != self.windowed_size:
                self.window.size = self.windowed_size
        self.sync()

    def _pixels(self) -> tuple[int, int]:
        """The renderer's output in pixels (the window's points times the display's density)."""
        renderer = self.renderer
        renderer.logical_size = (0, 0)
        w, h = renderer.get_viewport().size
        return w, h

    def points(self) -> tuple[int, int]:
        return real_size(self.window, self.bare_x, self.window.handle) or self.window.size

    def sync(self) -> bool:
        pixels = self._pixels()
        if pixels != self.points():
            self.renderer.logical_size = pixels
        if pixels == self.surface.get_size() or min(pixels) <= 0:
            return False
        from pygame._sdl2 import video

        self.surface = pygame.Surface(pixels)
        self._texture = video.Texture(self.renderer, pixels, streaming=True)
        return True

    def present(self, rects: list[pygame.Rect] | None) -> None:
        if rects == []:
            return
        whole = self.surface.get_rect()
        texture = self._texture
        assert texture is not None, "sync() makes the texture"
        for rect in [whole] if rects is None else rects:
            part = pygame.Rect(rect).clip(whole)
            if part.w and part.h:
                # as a tuple: pygame-ce 2.5 reads a Rect's place as (0, 0) here
                texture.update(self.surface.subsurface(part), tuple(part))
        self.renderer.blit(texture)
        self.renderer.present()

    def mouse_scale(self) -> tuple[float, float]:
        (pw, ph), (w, h) = self.surface.get_size(), self.points()
        return pw / max(1, w), ph / max(1, h)

    def screenshot(self) -> pygame.Surface:
        """The texture presented, read back through the renderer."""
        assert self._texture is not None, "sync() makes the texture"
        self.renderer.blit(self._texture)
        return self.renderer.to_surface()

    def close(self) -> None:
        self._texture = None
        lend_format(False)
        self._format.destroy()
        self.window.destroy()
