"""What a new App costs in a process that has made one already (the tests make one
for each table and screen they open): CPU seconds for the App, its title menu and
three frames, then the same with a table of Bocce played to its first wait.

    python bench/app_build.py [--apps 20]

The first App of a process pays for what every later one shares (the font faces,
pygame-gui's theme, the synthesised sounds: scenes/kit/untilquit.py,
scenes/kit/uimanager.py, scenes/sound.py); the figure is the mean of the later ones.
CPU time, not wall time: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))       # run as python bench/app_build.py
for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                    ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
    os.environ.setdefault(name, value)
os.environ["TAVOLATA_CONFIG_DIR"] = tempfile.mkdtemp(prefix="tavolata-app-build-")


def one(table: bool) -> None:
    """An App and its menu, three frames; with ``table``, Bocce dealt and played to you."""
    from scenes.app import App

    app = App((1280, 720))
    app.settings.animation_speed = "instant"
    app.back_to_menu()
    if table:
        app.start_game("bocce", seed=1)
    for _ in range(3 if not table else 30):
        app.frame(1 / 60, [])


def mean_cpu(apps: int, table: bool) -> float:
    one(table)                                  # the first pays for the shared parts
    start = time.process_time()
    for _ in range(apps):
        one(table)
    return (time.process_time() - start) / apps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", type=int, default=20, help="Apps measured (after a first)")
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print(f"an App, its menu, 3 frames: {mean_cpu(args.apps, False) * 1000:.1f} ms of CPU")
    print(f"... and a Bocce table, 30 frames: {mean_cpu(args.apps, True) * 1000:.1f} ms of CPU")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
