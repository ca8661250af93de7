"""Frame times of every game's table, software rendering, normal speed.

Computer players play each other while the table animates every deal, play and
collection at normal animation speed; each frame advances a fixed 1/60 s, so the
game moves at the pace a player sees.  Prints, for each game, the median and
99th percentile of the time one whole frame takes (events, update, draw, flip),
over all frames and over the frames during which cards were moving.
Goal: p99 <= 8 ms on every table.

The tables (``--game``, default all of them): Bocce (2 seats), Bolola (4),
Bisca at six seats (the most plates and hands), Briscola Venceslao (3) and Dou
Dizhu (3), watched from the landlord's seat, so the bottom hand is the
20-card one: the bench looks for the first seed from ``--seed`` whose bidding
makes seat 0 the landlord.

    python bench/frames.py [--frames 900] [--size 1920x1080]       # dummy video driver
    python bench/frames.py --window --size 1920x1080                 # a real X11 window
    python bench/frames.py --game bisca --game doudizhu              # some tables only
    python bench/frames.py --online [--window]                        # hosting a friend (Bocce)
    python bench/frames.py --level hard                                # while Hard thinks
    python bench/frames.py --speak                                     # while the table speaks
    python bench/frames.py --window --sizes 1280x720,1920x1080,2560x1440,3840x2160  # a sweep
    python bench/frames.py --window --renderer software     # drawn through SDL's renderer

The dummy driver presents nothing, so it measures drawing alone; ``--window``
opens a real window on $DISPLAY (e.g. under ``Xvfb :99 -screen 0 1920x1080x24``)
and measures the present too, whole or in part.

``--sizes`` measures every table at each size in turn (the window resized between
them, as a player would) and ends with one table of p50/p99/max per size and table,
with the frame thread's CPU p99 and the faces painted in a frame (each one card art
painted on the frame's own thread: the table should have painted them ahead).

``--renderer`` is the app's own ``--renderer`` (scenes/window): ``off`` (the default,
the window's surface), ``auto``, or an SDL render driver (``software``, ``opengl``): the
table drawn through that path, and the present's own time printed apart (the window
surface's ``display.update``, or the renderer's texture update, copy and present).

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

from game import CATALOG  # noqa: E402

#: the tables measured (every game), each at its most seats
TABLES = {spec.key: max(spec.seats) for spec in CATALOG}


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
    parser.add_argument("--sizes", default="",
                        help="sizes to sweep, comma-separated (e.g. 1280x720,3840x2160); "
                             "ends with a table of every size and table")
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
    parser.add_argument("--speak", action="store_true",
                        help="the table said aloud meanwhile: eSpeak NG renders each sentence "
                             "(to a file: no sound device needed)")
    parser.add_argument("--renderer", default="off",
                        help="the app's drawing path: off (the window surface), auto, or a "
                             "render driver (software, opengl); the present timed apart")
    parser.add_argument("--game", action="append", choices=tuple(TABLES),
                        help="a table to measure (again for more; default: every game's)")
    args = parser.parse_args(argv)
    try:
        sizes = [parse_size(text) for text in (args.sizes or args.size).split(",")]
    except ValueError as error:
        parser.error(str(error))
    w, h = sizes[0]
    games = args.game or (["bocce"] if args.online else list(TABLES))
    if args.online and games != ["bocce"]:
        parser.error("--online measures the Bocce table only")
    from scenes import heap
    from scenes.app import App
    from scenes.window.choice import check

    try:
        renderer = check(args.renderer)
    except ValueError as error:
        parser.error(str(error))
    presents = {"whole": 0, "part": 0, "none": 0}

    app = App((w, h), renderer=renderer)
    real_present = app.display.present

    def present(rects=None) -> None:
        presents["whole" if rects is None else "part" if rects else "none"] += 1
        timed(lambda: real_present(rects), rects)
    app.display.present = present  # type: ignore[method-assign]
    said = speaking(app) if args.speak else []
    app.settings.animation_speed = "normal"
    app.back_to_menu()
    app.sound.warm()  # the real loop synthesises the sounds in the background at start
    heap.freeze_startup()   # as the program does before its first frame
    rows: list[dict] = []
    for size in sizes:
        if size != app.size:
            app._on_resize(size)
        for game in games:
            for name in presents:
                presents[name] = 0
            rows.append(measure(app, game, args, presents, app.size))
            app.back_to_menu()
    if len(sizes) > 1:
        print_sweep(rows)
    if args.speak:
        print(f"sentences rendered by eSpeak NG meanwhile: {len(said)}")
    app.shutdown()
    return 0


#: the last present: its rectangles (None: the whole window), and each present's time
PRESENTED: dict = {"new": False, "rects": None, "wall": [], "cpu": []}


def timed(present, rects) -> None:
    """Present, timing it (wall and this thread's CPU), and keep what was presented."""
    c0, t0 = time.thread_time(), time.perf_counter()
    present()
    PRESENTED["wall"].append((time.perf_counter() - t0) * 1000)
    PRESENTED["cpu"].append((time.thread_time() - c0) * 1000)
    PRESENTED["new"], PRESENTED["rects"] = True, (list(rects) if rects else rects)


def print_presents(path: str) -> None:
    """The present's own time over the frames that presented (the path's words)."""
    wall, cpu = PRESENTED["wall"], PRESENTED["cpu"]
    if wall:
        print(f"  present, {path}: median {statistics.median(wall):.2f} ms   p99 "
              f"{percentile(wall, 99):.2f} ms   CPU p99 {percentile(cpu, 99):.2f} ms   "
              f"({len(wall)} presents)")


def parse_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` as (1920, 1080); a clear ValueError for anything else."""
    try:
        w, h = (int(v) for v in text.strip().lower().split("x"))
    except ValueError:
        raise ValueError(f"a size is WIDTHxHEIGHT, e.g. 1920x1080, not {text!r}") from None
    if w <= 0 or h <= 0:
        raise ValueError(f"a size needs a positive width and height, not {text!r}")
    return w, h


def print_sweep(rows: list[dict]) -> None:
    """One line per size and table: what bench/README.md's sweep tables hold."""
    try:
        load = f"{os.getloadavg()[0]:.2f}"
    except OSError:
        load = "?"
    print(f"\nsweep (load average at the end {load}):")
    print("| size | table | p50 ms | p99 ms | max ms | CPU p99 ms | faces painted in a frame |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['size']} | {row['table']} | {row['p50']:.2f} | {row['p99']:.2f} | "
              f"{row['max']:.2f} | {row['cpu_p99']:.2f} | {row['painted_in_frame']} |")


def speaking(app) -> list[str]:
    """The spoken table on, its voice eSpeak NG rendering each sentence to a file in the
    speaker's thread (the work a voice does, without a sound device); the sentences."""
    import tempfile

    from scenes.speech import table
    from scenes.speech.speaker import Speaker
    from scenes.speech.voice import missing, open_voice

    why = missing(to_play=False)
    if why:
        sys.exit(f"--speak needs a speech engine: {why}")
    said: list[str] = []
    folder = tempfile.mkdtemp(prefix="tavolata-speech-")

    class Rendering:
        def __init__(self) -> None:
            self.voice = open_voice("en", to_play=False)

        def say(self, text: str) -> None:
            assert self.voice is not None
            self.voice.save(text, os.path.join(folder, "said.wav"))
            said.append(text)

        def close(self) -> None:
            pass

    table._speaker = Speaker(Rendering)
    app.speak = True
    return said


def setup_of(game: str, level: str, seed: int):
    """The computers' game of ``game`` this bench watches from seat 0."""
    from game.session import GameSetup

    seats = TABLES[game]
    if game == "doudizhu":
        seed = landlord_seed(level, seed)
    return GameSetup.computers(game, [level] * seats, seed=seed)


def landlord_seed(level: str, seed: int) -> int:
    """The first seed from ``seed`` whose bidding (the same computers, the same seeded
    choices as the table's session) makes seat 0 Dou Dizhu's landlord."""
    from game.session import GameSetup, Session
    from game.session.computers import think

    for candidate in range(seed, seed + 200):
        session = Session(GameSetup.computers("doudizhu", level, seed=candidate))
        try:
            state = session.state
            for _ in range(40):
                if getattr(state, "landlord", None) is not None or not state.to_act():
                    break
                seat = state.to_act()[0]
                player = session.computers.players[seat]
                action = think(player, state.view(seat), state.legal_actions(seat),
                               session.computers.rngs[seat], None)
                state.apply(seat, action)
            if getattr(state, "landlord", None) == 0:
                return candidate
        finally:
            session.close()
    return seed


def measure(app, game: str, args, presents: dict, size: tuple[int, int]) -> dict:
    """One game's table for ``args.frames`` frames (new games as each one ends); its
    figures, printed and returned for a sweep's table."""
    import pygame

    from scenes.table import local_table

    w, h = size
    finished: list = []

    guests: list[subprocess.Popen] = []

    def new_table(seed: int):
        """Two computers (Normal unless ``--level``), watched from the first seat, through
        a local session (or
        the host's table of an online game); the score sheets between hands close by
        themselves, as they would for a player."""
        if args.online:
            return hosted_table(app, seed, guests, finished)
        return local_table(app, setup_of(game, args.level, seed), seat=0,
                           auto_close=1.5, on_finished=finished.append)
    from game import GAMES

    rng = random.Random(args.seed)

    table = new_table(args.seed)
    app.stack.push(table)
    for name in ("wall", "cpu"):
        PRESENTED[name] = []
    painted_in_frame = made = 0   # the tables' own counts, added up as each one goes
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
        thinking = session is not None and any(session.computers.thinking(s)
                                               for s in range(table.seats))
        c0 = time.thread_time()
        t0 = time.perf_counter()
        app.frame(dt, [])
        ms = (time.perf_counter() - t0) * 1000
        cpu = (time.thread_time() - c0) * 1000
        if i < args.warmup:
            PRESENTED["wall"].clear()
            PRESENTED["cpu"].clear()
        PRESENTED["new"] = False
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
            painted_in_frame += table.images.painted_here
            made += table.images.made
            app.back_to_menu()
            table = new_table(args.seed + i)
            app.stack.push(table)
        if not args.flat_out:
            pause = next_frame - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
    painted_in_frame += table.images.painted_here
    made += table.images.made
    for guest in guests:
        guest.terminate()
        guest.wait(10)
    kind = "online Bocce table (hosting, the guest in another process)" if args.online \
        else f"{GAMES[game].title} table, {table.seats} seats"
    print(f"{kind} {w}x{h}, video driver {pygame.display.get_driver()}, {len(all_ms)} "
          f"frames, game version {table.version} in the last game, drifts {len(table.drifts)}")
    print(f"  presents: {presents['whole']} whole, {presents['part']} in part, "
          f"{presents['none'] + len(all_ms) + args.warmup - sum(presents.values())} not needed")
    print(f"  surfaces the card images made: {made} (faces painted in a frame: "
          f"{painted_in_frame})")
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
    print_presents(app.display.path)
    worst = ", ".join(f"#{i} {ms:.1f}" for ms, i in sorted(slowest, reverse=True)[:5])
    print(f"  slowest frames: {worst}")
    # by the frame thread's CPU: what the table itself cost, whatever else the machine ran
    dearest = sorted(zip(cpu_ms, (i for _, i in slowest)), reverse=True)[:5]
    print("  dearest frames (CPU): " + ", ".join(f"#{i} {ms:.1f}" for ms, i in dearest),
          flush=True)
    return {"size": f"{w}x{h}", "table": GAMES[game].title, "p50": statistics.median(all_ms),
            "p99": percentile(all_ms, 99), "max": max(all_ms),
            "cpu_p99": percentile(cpu_ms, 99), "painted_in_frame": painted_in_frame}


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
