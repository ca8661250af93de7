"""Resident memory over a long session: every game, every card design, 1920x1080.

Computers play every built game in turn at a table of 1920x1080 (the "fast"
animation speed, frames advanced 1/60 s each but drawn flat out), the Italian
card design changing every game, so every deck and style is painted and turned
at every angle the tables use.  Prints the resident set size (RSS) at start,
after the first games, and at the end, with the simulated minutes of play.
Goal: under 150 MB after an hour of play, and flat after the first minutes.

    python bench/memory.py [--minutes 60] [--size 1920x1080] [--window] [--progress]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchenv import prepare, rss_mb  # noqa: E402

prepare()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="minutes of play simulated")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--window", action="store_true", help="a real X11 window on $DISPLAY")
    parser.add_argument("--progress", action="store_true",
                        help="a line each minute of play: the RSS so far")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))

    from game import GAMES
    from game.session import GameSetup
    from scenes.app import App
    from scenes.settings import ITALIAN_STYLES
    from scenes.table import local_table

    start = rss_mb()
    app = App((w, h))
    app.settings.animation_speed = "fast"
    app.back_to_menu()
    opened = rss_mb()
    keys = sorted(GAMES)
    frames_total = int(args.minutes * 60 * 60)
    games = 0
    samples: list[tuple[float, float]] = []
    t0 = time.perf_counter()
    table = None
    for frame in range(frames_total):
        if table is None or app.stack.top is not table and not _overlay_of(app, table):
            key = keys[games % len(keys)]
            app.change_setting("card_design", ITALIAN_STYLES[games % len(ITALIAN_STYLES)])
            app.back_to_menu()
            table = local_table(app, GameSetup.computers(key, seed=games), seat=0,
                                think_delay=(0.3, 0.6), auto_close=1.0,
                                on_finished=lambda t: app.back_to_menu())
            app.stack.push(table)
            games += 1
        app.frame(1 / 60, [])
        if frame % 3600 == 0:
            samples.append((frame / 3600, rss_mb()))
            if args.progress:     # a run stopped early still says where it got
                print(f"  {frame / 3600:.0f} min of play, {games} games, RSS "
                      f"{samples[-1][1]:.0f} MB, {time.perf_counter() - t0:.0f} s", flush=True)
    end = rss_mb()
    wall = time.perf_counter() - t0
    app.shutdown()
    print(f"memory at {w}x{h}, video driver {os.environ['SDL_VIDEODRIVER']}: "
          f"{args.minutes:.0f} minutes of play ({games} games of {', '.join(keys)}) "
          f"in {wall:.0f} s")
    print(f"  RSS: {start:.0f} MB before pygame, {opened:.0f} MB at the menu, "
          f"{samples[min(5, len(samples) - 1)][1]:.0f} MB after 5 minutes, {end:.0f} MB at the end, "
          f"peak {max(r for _, r in samples + [(0, end)]):.0f} MB")
    step = max(1, len(samples) // 6)
    print("  over time: " + ", ".join(f"{m:.0f} min {r:.0f} MB" for m, r in samples[::step]))
    return 0


def _overlay_of(app, table) -> bool:
    """A score sheet or the result over the table: the game goes on below."""
    return table in list(app.stack)


if __name__ == "__main__":
    raise SystemExit(main())
