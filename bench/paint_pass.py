"""What the pass that only logs costs against the whole picture (scenes/dirty.py).

A table plays ``--frames`` frames at ``--size``, then its painter draws the frame on
screen ``--repeat`` times whole and as many times with the window's clip empty (the
first pass of every frame painted in part); prints the frame thread's CPU time of each.

    python bench/paint_pass.py [--game doudizhu] [--size 3840x2160]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchenv import prepare  # noqa: E402

prepare()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="doudizhu")
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))

    import pygame
    from frames import setup_of

    from scenes.app import App
    from scenes.dirty import NOWHERE
    from scenes.table import local_table

    app = App((w, h))
    app.settings.animation_speed = "normal"
    app.back_to_menu()
    table = local_table(app, setup_of(args.game, "normal", 3), seat=0, auto_close=1.5)
    app.stack.push(table)
    for _ in range(args.frames):
        app.frame(1 / 60, [])
    screen = app.screen

    def cpu_ms(clip: pygame.Rect | None) -> list[float]:
        times = []
        screen.set_clip(clip)
        for _ in range(args.repeat):
            c0 = time.thread_time()
            table.painter._paint(screen)
            times.append((time.thread_time() - c0) * 1000)
        screen.set_clip(None)
        return times

    whole, logs = cpu_ms(None), cpu_ms(NOWHERE)
    print(f"{args.game} at {w}x{h}, frame {args.frames}: the whole picture median "
          f"{statistics.median(whole):.2f} ms, the pass that only logs median "
          f"{statistics.median(logs):.2f} ms (frame thread CPU, {args.repeat} each)")
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
