"""What Hard's budget lets run past its time: per move, the CPU time of the thread after
the last clock reading that let the search go on (one at or before the move's cap), and
the move's wall time.

    python bench/search_overrun.py [--game doudizhu] [--games 3] [--seed 7000]

One Hard at its shipped time (0.5 s, stretched to at most ``seconds * stretch``) against
Normals.  CPU time is what the budget logic controls: a busy machine stretches it into
wall time by however long the process waits for a core, which no search can cut, so the
wall figures follow the load and the CPU ones do not.  The search's clock is wrapped to
record each reading with the thread's CPU time then (``game.ai.search.clock``, or, in a
tree from before it existed, the module's ``time.perf_counter``), so the same script
measures an older tree copied beside it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import types
from typing import Any, Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game import GAMES  # noqa: E402
from game.ai import computer_player, search  # noqa: E402
from game.engine import Action, State  # noqa: E402
from game.simulate import play_game  # noqa: E402

#: the search's clock readings of the move under way: (wall, thread CPU)
READINGS: list[tuple[float, float]] = []


def reading() -> float:
    now = time.perf_counter()
    READINGS.append((now, time.thread_time()))
    return now


def wrap_clock() -> None:
    """Route the search's every reading of the time through :func:`reading`."""
    proxy = types.SimpleNamespace(**{k: getattr(time, k) for k in dir(time)
                                     if not k.startswith("_")})
    proxy.perf_counter = reading
    search.time = proxy  # type: ignore[assignment]
    if hasattr(search, "clock"):
        search.clock = reading


class Probe:
    """Hard, each move with more than one choice measured: (CPU past the last in-time
    reading, wall time)."""

    wants_world = True

    def __init__(self, inner: Any, rows: list[tuple[float, float]]) -> None:
        self.inner, self.name, self.rows = inner, inner.name, rows

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Any,
               world: State | None = None) -> Action:
        READINGS.clear()
        wall, cpu = time.perf_counter(), time.thread_time()
        action = self.inner.choose(view, legal, rng, world=world)
        done_wall, done_cpu = time.perf_counter(), time.thread_time()
        if len(legal) > 1 and READINGS:
            cap = READINGS[0][0] + self.inner.seconds * self.inner.stretch
            in_time = [c for t, c in READINGS if t <= cap]
            self.rows.append((done_cpu - (in_time[-1] if in_time else cpu), done_wall - wall))
        return action


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="doudizhu", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args(argv)
    wrap_clock()
    rows: list[tuple[float, float]] = []
    for i in range(args.games):
        hero = Probe(computer_player(args.game, "hard"), rows)
        seats = GAMES[args.game].seats[0]
        others = [computer_player(args.game, "normal") for _ in range(seats - 1)]
        play_game(args.game, [hero, *others], args.seed + i)
    n = len(rows)
    if not n:
        print("no move with a choice")
        return 1
    past, wall = sorted(r[0] for r in rows), sorted(r[1] for r in rows)

    def ms(xs: list[float], q: float) -> float:
        return xs[min(n - 1, int(q * n))] * 1000

    print(f"{args.game}: {n} moves; CPU past the last in-time reading p50 {ms(past, .5):.1f} / "
          f"p99 {ms(past, .99):.1f} / max {past[-1] * 1000:.1f} ms; wall p50 {ms(wall, .5):.0f} / "
          f"p99 {ms(wall, .99):.0f} / max {wall[-1] * 1000:.0f} ms; "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
