"""Today's drawing: the window's own surface (``display.set_mode``), the rectangles that
changed presented by ``display.update`` (under X11 the server copies them, a tenth of a
millisecond for a partial present: bench/README.md)."""

from __future__ import annotations

import warnings

import pygame

from scenes.kit import theme
from scenes.sizes import MIN_SIZE
from scenes.window.base import at_least_minimum, real_size, set_window_fullscreen


def _display_surface() -> pygame.Surface:
    """The window's drawing surface: there is one from the first ``set_mode`` on."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise pygame.error("the window has no drawing surface")
    return surface


def _window_object() -> pygame.Window | None:
    """The pygame-ce Window behind the display module, or None where that API is missing."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None


class SurfaceWindow:
    """One resizable window for the whole run; fullscreen is that window made desktop-sized."""

    path = "window surface"

    def __init__(self, size: tuple[int, int], fullscreen: bool, bare_x: bool) -> None:
        self.windowed_size = size
        self.fullscreen = fullscreen
        self.bare_x = bare_x
        pygame.display.set_icon(theme.app_icon())
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.window = _window_object()
        if self.window is not None:
            try:
                self.window.minimum_size = MIN_SIZE
            except pygame.error:
                pass   # enforced on resize instead
        if fullscreen:
            self._apply_fullscreen()
            self.surface = _display_surface()
        self.sync()

    def set_caption(self, text: str) -> None:
        pygame.display.set_caption(text)

    def _apply_fullscreen(self) -> None:
        if self.window is not None:
            set_window_fullscreen(self.window, self.fullscreen, self.bare_x, self.windowed_size)
        elif self.fullscreen:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        self.fullscreen = on
        self._apply_fullscreen()
        self.surface = _display_surface()

    def resize(self, size: tuple[int, int]) -> None:
        if not self.fullscreen:
            wanted = at_least_minimum(size)
            self.windowed_size = wanted
            surface = pygame.display.get_surface()
            if surface is None or surface.get_size() != wanted:
                if self.window is not None:
                    self.window.size = wanted
                else:
                    pygame.display.set_mode(wanted, pygame.RESIZABLE)
        self.surface = _display_surface()

    def real_size(self) -> tuple[int, int] | None:
        handle = pygame.display.get_wm_info().get("window", 0) if self.bare_x else 0
        try:
            return real_size(None, self.bare_x, handle)
        except pygame.error:
            return None

    def sync(self) -> bool:
        """A mode change without a window manager can leave the drawing surface at the
        desktop's size in a smaller window (the title cut, clicks landing off): after
        any change, the window's real size wins."""
        before, size = self.surface, self.surface.get_size()
        real = self.real_size()
        if real and real != tuple(self.surface.get_size()) and min(real) > 0:
            surface = pygame.display.get_surface()
            if surface is None or tuple(surface.get_size()) != real:
                flags = pygame.FULLSCREEN if self.fullscreen and self.window is None \
                    else pygame.RESIZABLE
                surface = pygame.display.set_mode(real, flags)
            self.surface = surface
        return self.surface is not before or self.surface.get_size() != size

    def present(self, rects: list[pygame.Rect] | None) -> None:
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def mouse_scale(self) -> tuple[float, float]:
        return 1.0, 1.0

    def screenshot(self) -> pygame.Surface:
        return self.surface.copy()

    def close(self) -> None:
        """The display module's window ends with ``pygame.quit()``."""
