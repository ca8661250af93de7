"""What every in-process benchmark sets up before pygame loads: the video driver (the
dummy one, or a real X11 window with ``--window``), no sound, a throw-away settings
folder, and the project on the import path; and how they read their own memory."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def prepare() -> None:
    if "--window" in sys.argv:
        if not os.environ.get("DISPLAY"):
            sys.exit(f"{Path(sys.argv[0]).name} --window needs an X display (DISPLAY), "
                     "e.g. Xvfb :99")
        os.environ["SDL_VIDEODRIVER"] = "x11"
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("TAVOLATA_CONFIG_DIR", tempfile.mkdtemp(prefix="tavolata-bench-"))
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    """This process's resident set size, from /proc (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
