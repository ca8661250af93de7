"""How much a Hard move can think: playouts and playout actions a second, every game.

    python bench/search_speed.py [--moves 8] [--playouts 60] [--game KEY ...] [--cpu]

The same positions every run (seeds 0, 1 ...: a game played at random for a seeded
number of moves), Hard's search given a fixed count of playouts at each, the wall time
taken; a playout action is one move of one player inside a playout.  Run it before
and after a change to the search or the engines, on the same machine, to see what
the change bought (bench/README.md, "Playouts a second").  ``--cpu`` times the
process's CPU time instead of the wall time: on a machine shared with other work the
wall time says more of the others' load than of the search.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.engine import State  # noqa: E402

#: Bisca at each of these player counts, the others at their own
BISCA_SEATS = (2, 4, 6)


def positions(key: str, seats: int, count: int):
    """``count`` positions of ``key`` with a choice to make, the same on every run."""
    found, seed = 0, 0
    while found < count:
        rng = random.Random(seed)
        state = GAMES[key].new(None, seats, seed)
        for _ in range(rng.randrange(0, 80)):
            if state.over:
                break
            s = rng.choice(state.to_act())
            state.apply(s, rng.choice(state.legal_actions(s)))
        seed += 1
        if not state.over and len(state.legal_actions(state.to_act()[0])) > 1:
            found += 1
            yield seed, state


class Counting:
    """Counts the moves a playout policy makes (one per playout action)."""

    def __init__(self, inner, counter: list[int]) -> None:
        self.inner, self.counter, self.name = inner, counter, inner.name

    def choose(self, view, legal, rng):
        self.counter[0] += 1
        return self.inner.choose(view, legal, rng)


def measure(key: str, seats: int, moves: int, playouts: int,
            clock: Callable[[], float] = time.perf_counter) -> tuple[int, int, float]:
    """(playouts, policy moves, seconds by ``clock``) of Hard's searches at ``moves``
    positions."""
    done, counter, spent = 0, [0], 0.0
    for seed, state in positions(key, seats, moves):
        seat = state.to_act()[0]
        hard: Any = computer_player(key, "hard")             # a Search
        hard.seconds, hard.playouts = None, playouts
        make = hard.policy
        hard.policy = lambda make=make: Counting(make(), counter)
        world: State = state.world(seat, seed)
        started = clock()
        hard.choose(state.view(seat), state.legal_actions(seat), random.Random(seed), world=world)
        spent += clock() - started
        done += sum(hard.last.counts.values()) if hard.last else 0
    return done, counter[0], spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--playouts", type=int, default=60)
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--cpu", action="store_true",
                        help="time the process's CPU, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    print(f"# load average {os.getloadavg()[0]:.1f}, {args.playouts} playouts at "
          f"{args.moves} positions a game, {'CPU' if args.cpu else 'wall'} time")
    print("| game | playouts | a second | playout moves a second | ms a playout |")
    print("|---|---|---|---|---|")
    for key in args.game or sorted(GAMES):
        for seats in (BISCA_SEATS if key == "bisca" else GAMES[key].seats[:1]):
            n, acted, spent = measure(key, seats, args.moves, args.playouts, clock)
            label = f"{GAMES[key].title}{f', {seats} players' if key == 'bisca' else ''}"
            print(f"| {label} | {n} | {n / spent:.0f} | {acted / spent:.0f} | "
                  f"{1000 * spent / max(1, n):.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
