"""Frame times of the Bocce table, software rendering, normal speed.

Two computer players play each other while the table animates every deal,
commit, roll and collection at normal animation speed; each frame advances a
fixed 1/60 s, so the game moves at the pace a player sees.  Prints the median
and 99th percentile of the time one whole frame takes (events, update, draw,
flip), over all frames and over the frames during which cards were moving.
Goal: p99 <= 8 ms.

    python bench/frames.py [--frames 900] [--size 1920x1080]       # dummy video driver
    python bench/frames.py --window --size 1920x1080                 # a real X11 window
    python bench/frames.py --online [--window]                        # hosting a friend
    python bench/frames.py --level hard                                # while Hard thinks

The dummy driver presents nothing, so it measures drawing alone; ``--window``
opens a real window on $DISPLAY (e.g. under ``Xvfb :99 -screen 0 1920x1080x24``)
and measures the present too, whole or in part.

``--online`` measures the host's table during an online game: the table is fed by
a :class:`~game.net.Host` listening on 127.0.0.1, whose network thread serves a
guest in another process (``python -m game.net.bot join CODE``, a computer at the
friend's seat); the bench plays the host's own seat as a quick player would, a
random legal move as soon as the table is ready.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchenv import prepare  # noqa: E402

prepare()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--warmup", type=int, default=30,
                        help="frames not counted (first card faces drawn)")
    parser.add_argument("--flat-out", action="store_true",
                        help="no pause between frames (the real loop waits for 60 FPS)")
    parser.add_argument("--window", action="store_true",
                        help="a real X11 window on $DISPLAY instead of the dummy driver")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                        help="the two computers' level (hard: frames while a search thinks)")
    parser.add_argument("--online", action="store_true",
                        help="the host's table of an online game, a guest in another process")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))

    import pygame

    from game.session import GameSetup
    from scenes.app import App
    from scenes.table import local_table

    presents = {"whole": 0, "part": 0, "none": 0}
    real_flip, real_update = pygame.display.flip, pygame.display.update

    def flip() -> None:
        presents["whole"] += 1
        real_flip()

    def update(rects=None) -> None:
        presents["part" if rects else "none"] += 1
        real_update(rects)
    pygame.display.flip, pygame.display.update = flip, update

    app = App((w, h))
    app.settings.animation_speed = "normal"
    app.back_to_menu()
    app.sound.warm()  # the real loop synthesises the sounds in the background at start
    finished: list = []

    guests: list[subprocess.Popen] = []

    def new_table(seed: int):
        """Two computers (Normal unless ``--level``), watched from the first seat, through
        a local session (or
        the host's table of an online game); the score sheets between hands close by
        themselves, as they would for a player."""
        if args.online:
            return hosted_table(app, seed, guests, finished)
        return local_table(app, GameSetup.computers("bocce", args.level, seed=seed), seat=0,
                           auto_close=1.5, on_finished=finished.append)
    rng = random.Random(args.seed)

    table = new_table(args.seed)
    app.stack.push(table)
    all_ms: list[float] = []
    moving_ms: list[float] = []
    cpu_ms: list[float] = []      # this thread's CPU time: what other processes cannot inflate
    moving_cpu: list[float] = []
    thinking_ms: list[float] = []  # frames during which a computer's search was thinking
    dt = 1 / 60
    slowest: list[tuple[float, int]] = []
    for i in range(args.frames + args.warmup):
        next_frame = time.perf_counter() + dt
        busy = table.busy
        session = getattr(table.client, "session", None)
        thinking = session is not None and any(session.computers.thinking(s) for s in (0, 1))
        c0 = time.thread_time()
        t0 = time.perf_counter()
        app.frame(dt, [])
        ms = (time.perf_counter() - t0) * 1000
        cpu = (time.thread_time() - c0) * 1000
        if args.online and app.stack.top is table and not table.busy:
            legal = table.legal()
            if legal:
                table.act(rng.choice(legal))
        if i >= args.warmup:
            all_ms.append(ms)
            cpu_ms.append(cpu)
            slowest.append((ms, i))
            if busy:
                moving_ms.append(ms)
                moving_cpu.append(cpu)
            if thinking:
                thinking_ms.append(ms)
        if finished:  # game over and its result closed: start again
            finished.clear()
            app.back_to_menu()
            table = new_table(args.seed + i)
            app.stack.push(table)
        if not args.flat_out:
            pause = next_frame - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
    for guest in guests:
        guest.terminate()
        guest.wait(10)
    app.shutdown()
    kind = "online Bocce table (hosting, the guest in another process)" if args.online \
        else "Bocce table"
    print(f"{kind} {w}x{h}, video driver {pygame.display.get_driver()}, {len(all_ms)} "
          f"frames, game version {table.version} in the last game, drifts {len(table.drifts)}")
    print(f"  presents: {presents['whole']} whole, {presents['part']} in part, "
          f"{presents['none'] + len(all_ms) + args.warmup - sum(presents.values())} not needed")
    print(f"  all frames:    median {statistics.median(all_ms):.2f} ms   "
          f"p99 {percentile(all_ms, 99):.2f} ms   max {max(all_ms):.2f} ms")
    if thinking_ms:
        print(f"  computer thinking: median {statistics.median(thinking_ms):.2f} ms   "
              f"p99 {percentile(thinking_ms, 99):.2f} ms   ({len(thinking_ms)} frames)")
    if moving_ms:
        print(f"  cards moving:  median {statistics.median(moving_ms):.2f} ms   "
              f"p99 {percentile(moving_ms, 99):.2f} ms   ({len(moving_ms)} frames)")
    print(f"  CPU time of the frame thread: median {statistics.median(cpu_ms):.2f} ms   "
          f"p99 {percentile(cpu_ms, 99):.2f} ms   while moving p99 "
          f"{percentile(moving_cpu, 99):.2f} ms")
    try:
        print(f"  load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
              "(other processes stretch the wall-clock figures)")
    except OSError:
        pass
    worst = ", ".join(f"#{i} {ms:.1f}" for ms, i in sorted(slowest, reverse=True)[:5])
    print(f"  slowest frames: {worst}")
    return 0


def hosted_table(app, seed: int, guests: list, finished: list):
    """A Bocce table hosting a guest: the host's seat here, the friend's seat played by a
    computer in another process that joined with the room code, all on 127.0.0.1."""
    from game.net import Host
    from game.session import HUMAN, REMOTE, GameSetup, SeatSpec
    from scenes.table.scene import TableScene

    setup = GameSetup("bocce", (SeatSpec(HUMAN), SeatSpec(REMOTE)), seed=seed)
    host = Host(setup, name="Bench", listen="127.0.0.1", port=0).start()
    if not host.wait_ready(10.0) or host.status().direct_code is None:
        raise SystemExit(f"the host did not open: {host.status().problem}")
    root = Path(__file__).resolve().parent.parent
    guests.append(subprocess.Popen(
        [sys.executable, "-m", "game.net.bot", "--level", "normal", "--timeout", "600",
         "join", host.status().direct_code, "--name", "Guest"],
        cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    end = time.monotonic() + 20
    while host.status().state != "playing":
        if time.monotonic() > end:
            raise SystemExit("the guest did not join within 20 s")
        time.sleep(0.01)
    return TableScene(app, host.client, auto_close=1.5, on_finished=finished.append)


if __name__ == "__main__":
    raise SystemExit(main())
