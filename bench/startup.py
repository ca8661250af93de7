"""Start-up time: from launching `python main.py` to the first drawn frame.

Runs main.py as a subprocess with SDL's dummy drivers and
TAVOLATA_EXIT_AFTER_FIRST_FRAME=1, which makes the app print a line and exit
right after its first display flip.  The clock starts before the process is
spawned and stops when that line arrives, so interpreter start-up and every
import count.  Goal: median <= 1 s.

    python bench/startup.py [--runs 5] [--game KEY]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 1.0


def one_run(args: list[str], config_dir: str) -> tuple[float, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", TAVOLATA_EXIT_AFTER_FIRST_FRAME="1",
               TAVOLATA_CONFIG_DIR=config_dir)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = ""
    for line in proc.stdout:
        if "first frame" in line:
            break
    elapsed = time.perf_counter() - start
    _, err = proc.communicate(timeout=60)
    if "first frame" not in line:
        raise SystemExit(f"main.py ended without drawing a frame (exit {proc.returncode}):\n{err}")
    return elapsed, line.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default=None, help="start straight at this game's table")
    opts = parser.parse_args()
    extra = ["--game", opts.game] if opts.game else []
    times = []
    with tempfile.TemporaryDirectory(prefix="tavolata-startup-") as config_dir:
        for i in range(opts.runs):
            elapsed, line = one_run(extra, config_dir)
            times.append(elapsed)
            print(f"run {i + 1}: {elapsed:.3f} s   ({line})")
    median, worst = statistics.median(times), max(times)
    verdict = "ok" if median <= GOAL else "over the goal"
    print(f"start-up to first frame: median {median:.3f} s, max {worst:.3f} s "
          f"over {len(times)} runs (goal <= {GOAL:.1f} s: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
