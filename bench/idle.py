"""CPU of the program while nothing moves: the title menu, and a table waiting for you.

Starts `python main.py` (the real loop, as a player runs it) in a real X11 window
(``--window``, needs $DISPLAY, e.g. under ``Xvfb :99 -screen 0 1920x1080x24``) or
with the dummy video driver, lets it settle, then reads the process's CPU time
from /proc over a stretch of seconds and prints it as a share of one core, with
its resident memory.  The table is a Bocce game at its first lag: the computer
commits, then everything waits for your card.  Goal: under 3% of a core.

    python bench/idle.py [--window] [--seconds 20] [--size 1920x1080]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)


def measure(args: list[str], driver: str, settle: float, seconds: float) -> tuple[float, float]:
    env = dict(os.environ, SDL_VIDEODRIVER=driver, SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1",
               TAVOLATA_CONFIG_DIR=tempfile.mkdtemp(prefix="tavolata-idle-"))
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(settle)
        if proc.poll() is not None:
            raise SystemExit(f"main.py {' '.join(args)} ended early ({proc.returncode})")
        c0, t0 = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(proc.pid), time.monotonic()
        return 100.0 * (c1 - c0) / (t1 - t0), rss_mb(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--window", action="store_true", help="a real X11 window on $DISPLAY")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--settle", type=float, default=6.0)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args(argv)
    if args.window and not os.environ.get("DISPLAY"):
        raise SystemExit("idle.py --window needs an X display (DISPLAY), e.g. Xvfb :99")
    driver = "x11" if args.window else "dummy"
    print(f"idle CPU, {args.size}, video driver {driver}, {args.seconds:.0f} s each "
          f"after {args.settle:.0f} s to settle")
    for name, extra in (("title menu", []), ("Bocce table waiting for you",
                                              ["--game", "bocce", "--seed", "3"])):
        cpu, rss = measure(["--size", args.size, *extra], driver, args.settle, args.seconds)
        print(f"  {name:30s} {cpu:5.1f}% of a core   RSS {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
