"""The window in the display's real pixels on a high-density display.

Left alone, a high-density display scales a program that has not said it knows its
pixels: Windows draws the window at 96 DPI and stretches it (blurred text and cards at
150%), macOS and Wayland give it points, not pixels.  So before the window opens the
program says so: SDL's hint that high DPI is not disabled, and on Windows the process's
DPI awareness, per monitor (SDL's own hint, read when SDL starts, and the system call
through ctypes, for an SDL older than 2.24 that does not know the hint).  On X11 a
window's pixels are the display's already.

Cards and text are then drawn at the window's real size, as at any other size: the
card art is painted ahead for it (scenes/art/sprites.py).
"""

from __future__ import annotations

import sys
from typing import Any, MutableMapping

#: SDL_HINT_VIDEO_HIGHDPI_DISABLED and SDL_HINT_WINDOWS_DPI_AWARENESS
HIGHDPI_DISABLED = "SDL_VIDEO_HIGHDPI_DISABLED"
WINDOWS_AWARENESS = "SDL_WINDOWS_DPI_AWARENESS"
#: shcore's PROCESS_PER_MONITOR_DPI_AWARE
PER_MONITOR = 2


def ask_for_real_pixels(environ: MutableMapping[str, str], platform: str = sys.platform,
                        windll: Any = None) -> list[str]:
    """Set the hints in ``environ`` (an explicit setting there wins) and, on Windows, make
    the process DPI aware (``windll``: ctypes.windll, or a stand-in in tests); the lines
    for the log when the system refused (none when all went well)."""
    environ.setdefault(HIGHDPI_DISABLED, "0")
    if not platform.startswith("win"):
        return []
    environ.setdefault(WINDOWS_AWARENESS, "permonitorv2")
    if windll is None:
        try:
            import ctypes

            windll = ctypes.windll  # type: ignore[attr-defined]
        except (ImportError, AttributeError) as exc:
            return [f"tavolata: DPI awareness not asked ({exc}): Windows may scale the window"]
    try:
        windll.shcore.SetProcessDpiAwareness(PER_MONITOR)
        return []
    except (AttributeError, OSError):
        pass        # before Windows 8.1: the whole system's DPI, as Vista knows it
    try:
        windll.user32.SetProcessDPIAware()
        return []
    except (AttributeError, OSError) as exc:
        return [f"tavolata: DPI awareness refused ({exc}): Windows may scale the window"]
