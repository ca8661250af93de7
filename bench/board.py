"""The leaderboard's cost: rated results folded, and the board's queries answered.

    .venv/bin/python bench/board.py [--players 100000] [--results 1000000] [--queries 20000]

Folds ``--results`` made-up Bocce and Bisca results (two to four players drawn from
``--players`` keys, a random order of finish) through game/net/ratings.py's ``Ledger``,
as the keeper does, makes the boards, then asks ``--queries`` times what the Leaderboard
screen asks (the top 100, a player's place and the places near it: ``Board.query``),
for players on the board and off it.  Prints the fold's rate and the queries' p50, p99
and worst, in milliseconds.  The keeper answers these from memory; NATS adds its round
trip (about 0.2 ms on 127.0.0.1).  The ratings are frozen out of the garbage collector's
walks once made, as the keeper does (``--no-freeze``: not: a full walk of millions of
objects lands inside a query now and then).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.ratings import Ledger, boards  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave the ratings to the garbage collector's full walks")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    keys = [f"{rng.getrandbits(256):064x}" for _ in range(args.players)]
    ledger = Ledger()
    began = time.perf_counter()
    for seq in range(1, args.results + 1):
        game = "bocce" if seq % 2 else "bisca"
        count = 2 if game == "bocce" else rng.randint(2, 4)
        seats = rng.sample(keys, count)
        scores = [rng.randint(0, 30) for _ in seats]
        winners = [scores.index(max(scores))]
        ledger.fold(seq, {"table": str(seq), "game": game, "scores": scores,
                          "winners": winners, "players": [[k, f"P{k[:4]}"] for k in seats]})
        if seq % 100_000 == 0:
            print(f"  {seq:,} folded, {time.perf_counter() - began:.0f} s", flush=True)
    folded = time.perf_counter() - began
    made = time.perf_counter()
    board = boards(ledger)["bisca"]
    made = time.perf_counter() - made
    if not args.no_freeze:
        gc.freeze()                  # as the keeper does once it has read the view
    times = []
    for _ in range(args.queries):
        key = rng.choice(keys)
        start = time.perf_counter()
        board.query(key)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"{args.results:,} results among {args.players:,} players: folded at "
          f"{args.results / folded:,.0f} a second ({folded:.0f} s); Bisca's board "
          f"({len(board):,} listed, {len(ledger.ratings['bisca']):,} rated) made in "
          f"{made * 1000:.0f} ms")
    print(f"{args.queries:,} queries: p50 {statistics.median(times):.3f} ms, p99 {p99:.3f} ms, "
          f"worst {times[-1]:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
