"""Whole games of Hard against Normals, each game's action log hashed and its CPU time:
to show that a change made to be cheaper plays the same moves.

    python bench/action_logs.py --game KEY [--games 8] [--first 0] [--playouts 40] [--seats N]

Game i (seeds ``--first`` on) seats the hero at seat ``i % seats``, Hard's work fixed at
``--playouts`` a move (so the moves do not depend on the machine's speed).  Run it in the
tree before a change and in the tree after, and compare the ``sha`` columns: the same
seed must give the same log (bench/README.md, "Playouts a second").  ``cpu`` is the
process's CPU time for the game: on a shared machine the wall time says more of the
others' load.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.simulate import play_game  # noqa: E402


def log_hash(history) -> str:
    """A short hash of an action log: every (seat, action) in order."""
    text = repr([(seat, str(action)) for seat, action in history])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--seats", type=int)
    args = parser.parse_args()
    seats = args.seats or GAMES[args.game].seats[0]
    total = 0.0
    for i in range(args.first, args.first + args.games):
        hard = computer_player(args.game, "hard")
        hard.seconds, hard.playouts = None, args.playouts  # type: ignore[attr-defined]
        players = [hard] + [computer_player(args.game, "normal") for _ in range(seats - 1)]
        order = [(seat - i % seats) % seats for seat in range(seats)]
        started = time.process_time()
        state = play_game(args.game, [players[p] for p in order], i)
        spent = time.process_time() - started
        total += spent
        print(f"{args.game} seats={seats} seed={i} actions={len(state.history)} "
              f"sha={log_hash(state.history)} cpu={spent:.2f}", flush=True)
    print(f"{args.game}: {args.games} games, {total:.1f} s of CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
