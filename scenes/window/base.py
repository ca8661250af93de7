"""What the app asks of its window, whichever path draws it (scenes/window/__init__.py)."""

from __future__ import annotations

from typing import Protocol

import pygame

from scenes.sizes import MIN_SIZE


class AppWindow(Protocol):
    """The window as the app uses it: a surface to draw a frame into, presented."""

    #: the path in words, for the log ("window surface", "renderer opengl")
    path: str
    #: what every scene draws into: the window's real pixels, whichever path
    surface: pygame.Surface
    fullscreen: bool

    def set_caption(self, text: str) -> None: ...

    def set_fullscreen(self, on: bool) -> None:
        """Desktop fullscreen or the window at its size; :meth:`sync` follows."""

    def resize(self, size: tuple[int, int]) -> None:
        """The player resized the window to ``size`` (ignored while fullscreen)."""

    def sync(self) -> bool:
        """Make :attr:`surface` the window's real size; True when it changed."""

    def present(self, rects: list[pygame.Rect] | None) -> None:
        """Show the frame drawn: these rectangles of it, or all of it (None)."""

    def mouse_scale(self) -> tuple[float, float]:
        """Surface pixels per window point (1.0 but on a high-density display in points)."""

    def screenshot(self) -> pygame.Surface:
        """What the window shows now, as the path presents it (for tests and bug reports)."""

    def close(self) -> None: ...


def desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (sizes[0][0], sizes[0][1]) if sizes else None


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


def cover_desktop(window: pygame.Window, on: bool, windowed: tuple[int, int]) -> None:
    """Fullscreen with no window manager: a borderless window the desktop's size at its
    corner (asking for the fullscreen state would leave the window as it was); off: the
    framed window back at its size, centred (scenes/xwindow.py)."""
    if on:
        window.borderless = True
        window.size = desktop_size() or windowed
        window.position = (0, 0)
    else:
        window.borderless = False
        window.size = windowed
        window.position = pygame.WINDOWPOS_CENTERED
    pygame.event.pump()     # the requests reach the server before anyone asks it


def set_window_fullscreen(window: pygame.Window, on: bool, bare_x: bool,
                          windowed: tuple[int, int]) -> None:
    """Desktop fullscreen (no video mode change) through the window object: the robust
    way on X11, where re-calling ``set_mode`` with FULLSCREEN can leave the window black."""
    if bare_x:
        cover_desktop(window, on, windowed)
    elif on:
        window.set_fullscreen(desktop=True)
    else:
        window.set_windowed()


def real_size(window: pygame.Window | None, bare_x: bool, handle: int) -> tuple[int, int] | None:
    """The window's size as the display has it: the X server's word where no window
    manager answers for it (SDL then only repeats what it asked for), else SDL's."""
    if bare_x and handle:
        from scenes import xwindow

        geometry = xwindow.window_geometry(handle)
        if geometry is not None:
            return geometry[2], geometry[3]
    if window is not None:
        w, h = window.size
        return w, h
    try:
        w, h = pygame.display.get_window_size()
        return w, h
    except pygame.error:
        return None
