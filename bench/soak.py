"""The kiosk left alone for a long time: headless, its clock sped up.

The real kiosk (scenes/screens/kiosk: title cards, every game in turn, captions, results
closing by themselves) runs on SDL's dummy driver at its own demo pace and the
normal animation speed, every frame advancing the clock by 1/60 s but run as
fast as the machine goes; the computers' thoughts are waited for, so a run is
the same every time.  Prints the games played per game, the frames drawn, the
errors logged, and the resident memory (RSS): at the start, at the end, its peak,
and between games (as each title card shows, the last game swept away: what the
kiosk keeps for good), from when every game has been played once (warm) to the
last.  Goal: 30 minutes with no error and under 10 MB of growth between games.

    python bench/soak.py [--minutes 30] [--size 1280x720] [--tracemalloc]

``--tracemalloc`` also lists the Python allocations that grew the most between
warm and the end (it slows the run down).
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
os.environ.setdefault("TAVOLATA_LOG_DIR", os.path.join(os.environ["TAVOLATA_CONFIG_DIR"], "log"))

FPS = 60


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="minutes of kiosk time")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tracemalloc", action="store_true",
                        help="list the Python allocations that grew the most")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))

    import tracemalloc

    from scenes.app import App
    from scenes.screens.kiosk import Kiosk
    from scenes.screens.kiosk.card import TitleCard

    app = App((w, h))
    app.settings.animation_speed = "normal"
    kiosk = Kiosk(app, seed=args.seed)
    kiosk.start()
    start = rss_mb()
    between: list[tuple[float, float]] = []   # (minute, RSS) as each title card shows
    warm: tuple[float, float] | None = None
    card = None
    peak = start
    peaks: list[float] = [start]              # the highest RSS of each game (and its card)
    frames = int(args.minutes * 60 * FPS)
    t0 = time.perf_counter()
    for frame in range(1, frames + 1):
        if kiosk.table is not None:
            kiosk.table.client.session.computers.wait_all()
        app.frame(1 / FPS, [])
        top = app.stack.top
        if isinstance(top, TitleCard) and top is not card and top.age > 0:
            # between two games, the last one swept away: what the kiosk keeps for good
            card = top
            between.append((frame / FPS / 60, rss_mb()))
            peaks.append(between[-1][1])
            if warm is None and all(kiosk.played[k] for k in kiosk.keys):
                warm = between[-1]
                if args.tracemalloc:
                    tracemalloc.start(12)
                    before = tracemalloc.take_snapshot()
        if frame % FPS == 0:
            peaks[-1] = max(peaks[-1], rss_mb())
            peak = max(peak, peaks[-1])
    end = rss_mb()
    wall = time.perf_counter() - t0
    played = ", ".join(f"{k} {kiosk.played[k]}" for k in kiosk.keys)
    print(f"kiosk soak at {w}x{h}: {args.minutes:.0f} minutes of kiosk time in {wall:.0f} s")
    print(f"  games played: {played}; frames drawn {app.frames} of {frames}; "
          f"errors {kiosk.errors}")
    print(f"  RSS: {start:.0f} MB at the start, {end:.0f} MB at the end (in a game), "
          f"peak {peak:.0f} MB")
    if warm is not None:
        last = between[-1]
        print(f"  between games: {warm[1]:.0f} MB when warm (minute {warm[0]:.1f}, every game "
              f"played), {last[1]:.0f} MB at minute {last[0]:.1f}: growth "
              f"{last[1] - warm[1]:+.1f} MB")
    print("  between games over time: "
          + ", ".join(f"{m:.0f} min {r:.0f} MB" for m, r in between))
    print("  each game's peak: " + ", ".join(f"{r:.0f}" for r in peaks[1:]) + " MB")
    if args.tracemalloc and warm is not None:
        grown = tracemalloc.take_snapshot().compare_to(before, "traceback")
        print("  Python allocations grown the most since warm:")
        for stat in grown[:8]:
            print(f"    {stat.size_diff / 1024:+.0f} KiB in {stat.count_diff:+d} blocks: "
                  f"{stat.traceback.format()[-1].strip()}")
    app.shutdown()
    return 0 if kiosk.errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
