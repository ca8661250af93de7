"""Surfaces converted to the window's format for fast blits, whichever path draws it.

``convert_alpha()`` needs a display format: the window surface's, or the one a
renderer's window lends (scenes/window/rendered.py); and only the main thread may use
it, where the display belongs (a painter thread's user converts instead).
"""

from __future__ import annotations

import threading

import pygame

_lent = False       # a renderer's window lends its hidden window's format


def lend_format(on: bool) -> None:
    global _lent
    _lent = on


def for_screen(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` converted when this thread may and a format is there; else as it is."""
    if (threading.current_thread() is threading.main_thread() and pygame.display.get_init()
            and (_lent or pygame.display.get_surface() is not None)):
        return surface.convert_alpha()
    return surface
