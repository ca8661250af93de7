"""What the X server itself says about our window, for the one case SDL cannot see.

On X11 SDL asks the window manager for fullscreen (``_NET_WM_STATE_FULLSCREEN``) and
then takes the new size as granted.  With no window manager (how many kiosks run)
nobody grants it: the window stays as it was while SDL, and so our layout, believe it
covers the desktop, and part of the screen is cut off.  This module asks the server
two things through Xlib (ctypes, no new dependency): whether a window manager that
speaks EWMH is running, and the window's real geometry.  Every answer is None when
there is no X display or no libX11 to ask, and the caller then trusts SDL.

Each question opens and closes its own connection: they are asked only when the window
changes between fullscreen and windowed, a few times in a run.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

_XA_WINDOW = 33            # the predefined atom WINDOW (X.h)
_SUCCESS = 0


@lru_cache(maxsize=1)
def _xlib() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("X11")
    if not name:
        return None
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    lib.XDefaultRootWindow.restype = ctypes.c_ulong
    lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    lib.XInternAtom.restype = ctypes.c_ulong
    lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    lib.XGetWindowProperty.argtypes = [
        ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
        ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
    lib.XFree.argtypes = [ctypes.c_void_p]
    lib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.XGetGeometry.argtypes = [
        ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
        ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
        ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
    return lib


@dataclass(frozen=True)
class _Display:
    """An open Xlib display connection and the library that opened it."""

    lib: ctypes.CDLL
    display: int


@contextmanager
def _connection() -> Iterator[_Display | None]:
    """An Xlib display connection for one question, closed on leaving the block; None
    when there is no libX11 or no X server to connect to."""
    lib = _xlib()
    display = lib.XOpenDisplay(None) if lib is not None else None
    if lib is None or not display:
        yield None
        return
    try:
        yield _Display(lib, display)
    finally:
        lib.XCloseDisplay(display)


def window_manager_running() -> bool | None:
    """True when an EWMH window manager has announced itself on the root window (it can
    grant fullscreen); False when none has; None when there is no X server to ask."""
    with _connection() as x:
        if x is None:
            return None
        atom = x.lib.XInternAtom(x.display, b"_NET_SUPPORTING_WM_CHECK", 1)
        if not atom:        # the atom was never made: no EWMH manager ever ran here
            return False
        kind, fmt = ctypes.c_ulong(), ctypes.c_int()
        count, after = ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.c_void_p()
        status = x.lib.XGetWindowProperty(
            x.display, x.lib.XDefaultRootWindow(x.display), atom, 0, 1, 0, _XA_WINDOW,
            ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
            ctypes.byref(data))
        if data.value:
            x.lib.XFree(data)
        return status == _SUCCESS and count.value > 0


def window_geometry(window: int) -> tuple[int, int, int, int] | None:
    """(x, y, width, height) of an X window as the server has it now (x and y from its
    parent: the root, when no window manager frames it); None when it cannot be asked."""
    with _connection() as x:
        if x is None:
            return None
        x.lib.XSync(x.display, 0)
        root = ctypes.c_ulong()
        left, top = ctypes.c_int(), ctypes.c_int()
        width, height, border, depth = (ctypes.c_uint() for _ in range(4))
        if not x.lib.XGetGeometry(x.display, window, ctypes.byref(root), ctypes.byref(left),
                                  ctypes.byref(top), ctypes.byref(width), ctypes.byref(height),
                                  ctypes.byref(border), ctypes.byref(depth)):
            return None
        return left.value, top.value, width.value, height.value
