"""Rules-engine speed: whole games per second, headless, for every built game.

Random players measure the engine alone; "normal" computer players measure the
engine plus the thinking the table waits for.  Each game's figure comes from a
fixed run of seeds, so runs compare.

    python bench/engine.py [--games 100]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.simulate import play_game  # noqa: E402

#: Table sizes measured for games played by several counts (others: their first count).
SEAT_COUNTS = {"bisca": (2, 4, 6)}


def seat_counts(key: str) -> tuple[int, ...]:
    return SEAT_COUNTS.get(key, GAMES[key].seats[:1])


def games_per_second(key: str, level: str, games: int,
                     seats: int | None = None) -> tuple[float, float]:
    """(games per second, actions per second) over seeds 0..games-1."""
    seats = GAMES[key].seats[0] if seats is None else seats
    players = [computer_player(key, level) for _ in range(seats)]
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        actions += len(play_game(key, players, seed).history)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    for key in sorted(GAMES):
        counts = seat_counts(key)
        for seats in counts:
            name = key if len(counts) == 1 else f"{key} x{seats}"
            for level in ("random", "normal"):
                gps, aps = games_per_second(key, level, args.games, seats)
                print(f"{name:12s} {level:7s} players: {gps:8.1f} games/s  {aps:10.0f} actions/s "
                      f"({args.games} games)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
