"""Are the search's departures from its fallback right?  Each one replayed in the true deal.

    python bench/departures.py --game KEY [--games 20] [--playouts 40] [--seed 0]
                               [--hero fallback|uncut] [--false-leave P]

Games of Hard's fallback against Normals, fixed seeds, the hero's seat rotating.  At every
move of the hero with a choice, Hard's search (given ``--playouts``) is asked as well;
where it picks another move than the fallback, the true game (not a sampled world) is
copied twice, one copy takes the search's move and the other the fallback's, and both
are played to the end of the round by the real players (the hero by its fallback) with
the same generator.  The search's judge scores both ends (Bocce: the chance to win the
game at the next hand, in points of a hundred); the first less the second is what the
departure was worth.  The game itself goes on with the fallback's move, so the
departures are those of the positions the fallback reaches.  A win rate over thousands
of games hides a small effect in the deal's luck; this paired measure shows it in tens.

``--hero uncut`` plays the hero's moves by Hard itself with its game's cut-off taken
away (Briscola's playouts played to the game's end by the greedy playout player, not
stopped at the empty stock and solved), so each departure is Hard now against Hard
before on the positions the latter reaches.  The replays never cut off: the real
players play both to the end of the round.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import random
import sys
import time
from collections import defaultdict
from typing import Any, Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game import GAMES  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.ai.base import ComputerPlayer  # noqa: E402
from game.ai.search import Search, playout  # noqa: E402
from game.engine import Action, State  # noqa: E402


def replay(state: State, seat: int, action: Action, players: Sequence[ComputerPlayer],
           search: Search, seed: int) -> float:
    """The seat's gain by the search's judge, ``action`` taken in a copy of the true game
    and the round played out by ``players`` (the search's own playout, from the true
    game instead of a sampled world)."""
    world = state.copy()
    world.apply(seat, action)
    played_out = dataclasses.replace(search.judge, settle=None)    # the real players to the end
    value = playout(world, seat, played_out, players, random.Random(seed), origin=state)
    assert value is not None                    # no deadline
    return value


def uncut_search(key: str, playouts: int) -> Search:
    """Hard as it was before its game's judge cut its playouts short (Briscola's solved
    end): the same search, every playout played to the end of the round."""
    search = computer_player(key, "hard")
    assert isinstance(search, Search)
    search.seconds, search.playouts = None, playouts
    search.judge = dataclasses.replace(search.judge, settle=None)
    search.name += "-uncut"
    return search


def one_game(key: str, i: int, args: argparse.Namespace,
             worth: dict[str, list[float]]) -> int:
    """Game ``i``: the hero's decisions, and each departure's worth by its kind."""
    spec = GAMES[key]
    seats = args.seats or spec.seats[0]
    hero = i % seats
    seed = args.seed + i
    search = computer_player(key, "hard")
    assert isinstance(search, Search)
    search.seconds, search.playouts = None, args.playouts
    if args.false_leave is not None:
        search.false_leave = args.false_leave
    players: list[Any] = [computer_player(key, "normal") for _ in range(seats)]
    players[hero] = search.fallback
    uncut = uncut_search(key, args.playouts) if args.hero == "uncut" else None
    state = spec.new(None, seats, seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.over:
        acting = state.to_act()
        s = acting[0] if len(acting) == 1 else rng.choice(acting)
        legal = state.legal_actions(s)
        view: Any = state.view(s)
        step = len(state.history)
        if uncut is not None and s == hero and len(legal) > 1:
            action = uncut.choose(view, legal, random.Random(seed * 10_009 + step),
                                  world=state.world(s, seed * 10_009 + step))
        else:
            action = legal[0] if len(legal) == 1 else players[s].choose(view, legal, rng)
        if s == hero and len(legal) > 1:
            decisions += 1
            searched = search.choose(view, legal, random.Random(seed * 10_007 + step),
                                     world=state.world(s, seed * 10_007 + step))
            if searched != action:
                d = replay(state, s, searched, players, search, step) - \
                    replay(state, s, action, players, search, step)
                solved = search.judge.settle is not None and search.judge.settle(state)
                worth[f"{action.kind} -> {searched.kind}"
                      f"{' (the end solved)' if solved else ''}"].append(d)
        state.apply(s, action)
    return decisions


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--seats", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--false-leave", type=float,
                        help="the asked search's false_leave (game/ai/search.py), else its own")
    parser.add_argument("--hero", choices=("fallback", "uncut"), default="fallback",
                        help="who plays the hero's moves: Hard's fallback, or Hard without "
                             "its game's cut-off (the search is asked at each of them)")
    args = parser.parse_args(argv)
    print(f"# bench/departures.py {' '.join(argv or sys.argv[1:])}")
    print(f"# load average {os.getloadavg()[0]:.1f}")
    worth: dict[str, list[float]] = defaultdict(list)
    started, decisions = time.perf_counter(), 0
    for i in range(args.games):
        decisions += one_game(args.game, i, args, worth)
        print(f"#   game {i + 1}: {decisions} decisions, "
              f"{sum(len(v) for v in worth.values())} departures", flush=True)
    # Bocce's judge is a chance: shown in points of a hundred
    scale = 100.0 if args.game == "bocce" else 1.0
    print("| departure | count | worth each [95%] |")
    print("|---|---|---|")
    everything = [v for values in worth.values() for v in values]
    for label, values in sorted(worth.items()) + ([("all", everything)] if everything else []):
        mean, lo, hi = (scale * x for x in interval(values))
        print(f"| {label} | {len(values)} | {mean:+.2f} [{lo:+.2f}, {hi:+.2f}] |")
    print(f"# {decisions} decisions of the hero in {args.games} games, "
          f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
