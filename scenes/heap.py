"""Giving memory back to the system (glibc only; elsewhere nothing).

A table's caches hold tens of megabytes of card images; when it leaves, Python and
SDL free them, but glibc keeps freed memory in its arenas, so the resident size of
a long session would stay at its highest.  ``malloc_trim`` returns it when a table
goes.  While a game runs, :func:`tune` keeps the heap from holding what it freed: one
arena (the painter and computer threads would each get one, and scatter the heap),
images of 64 KB and more in their own mappings that go back the moment they are freed
(glibc would otherwise raise that threshold as images come and go, and keep them in
the heap), and the top of the heap trimmed past 1 MB free.  bench/memory.py measured
it: 20-30 MB less at 1920x1080.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from typing import Optional

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
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


def tune(arenas: int = 1, mmap_from: int = 64 << 10, trim_from: int = 1 << 20) -> None:
    """Set the allocator up for a long session of images coming and going (call early)."""
    lib = _glibc()
    if lib is not None:
        lib.mallopt(_M_ARENA_MAX, arenas)
        lib.mallopt(_M_MMAP_THRESHOLD, mmap_from)
        lib.mallopt(_M_TRIM_THRESHOLD, trim_from)


def release() -> None:
    """Return freed memory to the system."""
    lib = _glibc()
    if lib is not None:
        lib.malloc_trim(0)


def freeze_startup() -> None:
    """What start-up made (modules, fonts, catalogs, the window's layers) lives as long as
    the program: moved out of the cyclic collector's sight, so a full collection walks only
    what the games made since.  One that walked it all took 33 ms of a frame at Dou
    Dizhu's table (the computers' threads allocate, and any thread may pay).  Called once,
    before the first frame: a table's objects are freed again when it goes, never frozen."""
    gc.freeze()
