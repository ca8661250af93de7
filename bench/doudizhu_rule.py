"""Our Dou Dizhu levels against RLCard's rule agent, in our engine, in parallel processes.

    python3 bench/doudizhu_rule.py [--games 300] [--levels hard,normal]
                                   [--sides landlord,peasants] [--playouts 160] [--jobs 2]
                                   [--seed 0] [--no-reading] [--false-leave P]
                                   [--minutes M] [--verbose]

RLCard's ``doudizhu-rule-v1`` agent (the baseline RLCard's Dou Dizhu results are
measured against) is seated at our table: before each of its moves our view and the
hand's trace are made into the raw observation it reads (its hand as rank letters,
the trace of plays and passes, the legal plays, the landlord), and its answer, a
play's rank letters, is played with cards of those ranks.  RLCard is never a project
dependency: like bench/doudizhu.py this runs itself again in that script's venv.

Why our engine and not RLCard's env (bench/doudizhu.py plays Normal in RLCard's env):
Hard searches worlds of our engine (:meth:`State.world`), which RLCard's env cannot
give.  The game is RLCard's: Classic rules, one hand, seat 0 the landlord whatever its
hand (RLCard has no bidding: our seat 0 bids 3 at once, and the bids are blanked in
what our players see, so Hard's reading takes nothing from a bid no one chose).  Deals
come from our seeds 0, 1, ... (the same for every row); the rule agent's random
choices (it plays at random when it cannot follow as landlord) from numpy seeded by
the game.  Games run in ``--jobs`` worker processes; each prints nothing until the
table, unless ``--verbose`` (a line per game finished, with its seed and whether our
side won it: two runs on the same seeds are set side by side deal by deal).
``--minutes M`` stops starting games after M minutes: the games are taken in the order
of their seeds, so each row holds seeds from ``--seed`` with none missing (the table
says which).  ``--false-leave P`` plays Hard with another evidence rule (the chance it
may take of leaving Normal's choice for a play no better, game/ai/search.py).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ai import wilson  # noqa: E402  (one interval for every win rate)
from bench.doudizhu import ensure_rlcard  # noqa: E402
from game import GAMES  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.ai.doudizhu_reading import facts  # noqa: E402
from game.cards import Card  # noqa: E402
from game.doudizhu import combos  # noqa: E402
from game.doudizhu.state import PASS, play_from  # noqa: E402
from game.engine import Action  # noqa: E402

LANDLORD = 0


class RuleAtOurTable:
    """RLCard's rule agent playing a seat of ours, reading the raw observation it knows."""

    name = "rlcard-rule"

    def __init__(self, trace: list[tuple[int, str]]) -> None:
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
        self.agent = DouDizhuRuleAgentV1()
        self.trace = trace

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view["seat"]
        codes = [c for c in view["zones"][f"hand/{seat}"] if c]
        held = [Card.parse(c) for c in codes]
        letters = sorted((combos.INDEX[c[0]], c[0]) for c in codes)
        raw = {"self": seat, "landlord": view["landlord"], "trace": list(self.trace),
               "current_hand": "".join(ch for _, ch in letters),
               "actions": ["pass" if a.kind == "pass" else a.value for a in legal]}
        answer = self.agent.step({"raw_obs": raw})
        return PASS if answer == "pass" else play_from(held, answer, rng)


def play_one(task: tuple[int, str, str, int | None, bool, float | None]
             ) -> tuple[str, str, int, bool, list[float]]:
    """One hand: ``level`` on ``side``; (level, side, seed, whether our side won, the
    time of each of our moves)."""
    import numpy as np

    seed, level, side, playouts, reading, false_leave = task
    np.random.seed(seed)
    state = GAMES["doudizhu"].new({"rules": "classic", "hands": 1}, 3, seed)
    trace: list[tuple[int, str]] = []
    ours = {LANDLORD} if side == "landlord" else {1, 2}
    players: list[Any] = []
    for s in range(3):
        if s in ours:
            p = computer_player("doudizhu", level)
            if getattr(p, "wants_world", False):
                p.seconds, p.playouts = (None, playouts) if playouts else (0.5, None)
                if false_leave is not None:
                    p.false_leave = false_leave
                if not reading:
                    p.facts = lambda view, reader: replace(facts(view), likely=None)
            players.append(p)
        else:
            players.append(RuleAtOurTable(trace))
    while state.phase == "bid":
        s = state.turn
        state.apply(s, Action("bid", (), "3") if s == LANDLORD else PASS)
    rngs = [random.Random(seed * 10 + s) for s in range(3)]
    times: list[float] = []
    step = 0
    while not state.over:
        s = state.turn
        view, legal = state.view(s), state.legal_actions(s)
        if s in ours:
            view = {**view, "bids": [None] * 3}          # no bidding in RLCard's game
            started = time.perf_counter()
            if getattr(players[s], "wants_world", False):
                action = players[s].choose(view, legal, rngs[s],
                                           world=state.world(s, seed * 1000 + step))
            else:
                action = players[s].choose(view, legal, rngs[s])
            times.append(time.perf_counter() - started)
        else:
            action = players[s].choose(view, legal, rngs[s])
        state.apply(s, action)
        trace.append((s, "pass" if action.kind == "pass" else action.value))
        step += 1
    landlord_won = state.sheet[-1]["landlord_won"]
    return level, side, seed, landlord_won == (side == "landlord"), times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="hands per row")
    parser.add_argument("--levels", default="hard,normal")
    parser.add_argument("--sides", default="landlord,peasants")
    parser.add_argument("--playouts", type=int, default=160,
                        help="Hard's playouts a move (0: its own 0.5 s, which buys 200 or "
                        "more on a quiet core: bench/search_speed.py --cpu)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--no-reading", action="store_true",
                        help="Hard's worlds ignore the passes (the kitty still counts)")
    parser.add_argument("--false-leave", type=float, default=None,
                        help="Hard's evidence rule (game/ai/search.py false_leave), else its own")
    parser.add_argument("--minutes", type=float, default=0,
                        help="stop starting games after this many minutes")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    why_not = ensure_rlcard()
    if why_not is not None:
        print(f"RLCard skipped: {why_not}")
        return 1
    levels, sides = args.levels.split(","), args.sides.split(",")
    tasks = [(seed, level, side, args.playouts or None, not args.no_reading, args.false_leave)
             for level in levels for side in sides
             for seed in range(args.seed, args.seed + args.games)]
    print(f"# bench/doudizhu_rule.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    print(f"# load average {os.getloadavg()[0]:.1f}, {args.jobs} workers, Hard: "
          f"{f'{args.playouts} playouts a move' if args.playouts else '0.5 s a move'}"
          f"{', no reading' if args.no_reading else ''}"
          f"{f', false_leave {args.false_leave}' if args.false_leave is not None else ''}",
          flush=True)
    wins: dict[tuple[str, str], list[int]] = {}
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    stop = started + 60 * args.minutes if args.minutes else None
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for level, side, seed, won, took in pool.imap(play_one, tasks):   # in seed order
            tally = wins.setdefault((level, side), [0, 0])
            tally[0] += won
            tally[1] += 1
            times.setdefault(level, []).extend(took)
            if args.verbose:
                print(f"#   {level} as {side}: {tally[0]} wins of {tally[1]} "
                      f"({time.perf_counter() - started:.0f} s; seed {seed} "
                      f"{'won' if won else 'lost'})", flush=True)
            if stop is not None and time.perf_counter() > stop:
                pool.terminate()
                break
    print("| ours | as | seeds | games | ours win [95%] |")
    print("|---|---|---|---|---|")
    for level in levels:
        for side in sides:
            won, n = wins.get((level, side), [0, 0])
            lo, hi = wilson(won, n)
            who = "landlord vs two rule agents" if side == "landlord" else \
                "two peasants vs a rule-agent landlord"
            seeds = f"{args.seed}..{args.seed + n - 1}" if n else "none"
            print(f"| {level} | {who} | {seeds} | {n} | "
                  f"**{won / max(1, n):.1%}** [{lo:.1%}, {hi:.1%}] |")
    print()
    print("| level | moves | p50 | p99 |")
    print("|---|---|---|---|")
    for level, t in sorted(times.items()):
        t.sort()
        if t:
            p = lambda q, t=t: t[min(len(t) - 1, int(q * len(t)))] * 1000  # noqa: E731
            print(f"| {level} | {len(t)} | {p(0.5):.1f} ms | {p(0.99):.1f} ms |")
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
