"""Giving memory back to the system when a table goes (glibc only; elsewhere nothing).

A table's caches hold tens of megabytes of card images; when it leaves, Python and
SDL free them, but glibc keeps freed memory in its arenas, so the resident size of
a long session would stay at its highest.  ``malloc_trim`` returns it; fewer arenas
(the painter and computer threads would each get one) keep it from scattering.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from typing import Optional

_M_ARENA_MAX = -8
_libc: Optional[ctypes.CDLL] = None


def _glibc() -> Optional[ctypes.CDLL]:
    global _libc
    if _libc is None and sys.platform.startswith("linux"):
        try:
            lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            if hasattr(lib, "malloc_trim") and hasattr(lib, "mallopt"):
                _libc = lib
        except OSError:
            return None
    return _libc


def limit_arenas(count: int = 2) -> None:
    """At most ``count`` malloc arenas for the whole process (call early)."""
    lib = _glibc()
    if lib is not None:
        lib.mallopt(_M_ARENA_MAX, count)


def release() -> None:
    """Return freed memory to the system."""
    lib = _glibc()
    if lib is not None:
        lib.malloc_trim(0)
