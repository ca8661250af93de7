"""The window opened on the path chosen (scenes/window/choice.py), the choice logged."""

from __future__ import annotations

import sys
from typing import TextIO

import pygame

from scenes.window.base import AppWindow
from scenes.window.choice import OFF, UNAVAILABLE, Choice, choose
from scenes.window.plain import SurfaceWindow

#: GL_RENDERER, for glGetString
GL_RENDERER = 0x1F01
GL_LIBRARIES = {"opengl": ("libGL.so.1", "opengl32", "OpenGL"),     # choice.GL_DRIVERS
                "opengles2": ("libGLESv2.so.2", "libGLESv2"),
                "opengles": ("libGLESv1_CM.so.1", "libGLESv1_CM")}


def machine_drivers() -> list[tuple[str, bool]]:
    """SDL's render drivers here, each with whether it says it is accelerated."""
    try:
        from pygame._sdl2 import video
    except ImportError:
        return []
    return [(info.name, bool(info.flags & 0x02))      # SDL_RENDERER_ACCELERATED
            for info in video.get_drivers()]


def _gl_renderer_name(driver: str) -> str | None:
    """The current OpenGL context's GL_RENDERER, read through ctypes; None when unknown."""
    import ctypes
    import ctypes.util

    for name in GL_LIBRARIES.get(driver, ()):
        path = ctypes.util.find_library(name) or name
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        get_string = library.glGetString
        get_string.restype = ctypes.c_char_p
        get_string.argtypes = [ctypes.c_uint]
        text = get_string(GL_RENDERER)
        return text.decode("utf-8", "replace") if text else None
    return None


def device_of(driver: str) -> str | None:
    """What draws ``driver`` on this machine: an OpenGL driver's renderer name, read from
    a hidden window's renderer, UNAVAILABLE when SDL cannot make one (the dummy video
    driver); None for other drivers (each is a GPU's) or when the library will not say."""
    if driver not in GL_LIBRARIES:
        return None
    from scenes.window.rendered import make_renderer

    probe = pygame.Window("", (16, 16), hidden=True)
    try:
        renderer = make_renderer(probe, driver)     # its context is current while it lives
    except pygame.error as exc:
        probe.destroy()
        return f"{UNAVAILABLE} ({exc})"
    try:
        return _gl_renderer_name(driver)
    except (OSError, AttributeError):
        return None
    finally:
        del renderer
        probe.destroy()


def open_window(wanted: str, size: tuple[int, int], fullscreen: bool, bare_x: bool,
                log: TextIO | None = None) -> AppWindow:
    """The window on the path ``wanted`` (checked: ``auto``, ``off`` or a driver's name)
    leads to, its line written to ``log`` (stderr); a renderer SDL refuses falls back to
    the window surface, saying so."""
    log = log or sys.stderr
    choice = Choice(None, "--renderer off") if wanted == OFF else \
        choose(wanted, machine_drivers(), device_of)
    if choice.driver is not None:
        from scenes.window.rendered import RendererWindow

        try:
            window: AppWindow = RendererWindow(choice.driver, size, fullscreen, bare_x)
            print(choice.words(), file=log)
            return window
        except pygame.error as exc:
            choice = Choice(None, f"the renderer {choice.driver} failed: {exc}")
    print(choice.words(), file=log)
    return SurfaceWindow(size, fullscreen, bare_x)
