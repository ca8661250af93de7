"""How far a Briscola Venceslao game's points spread: the figure behind Hard's chance to
win a match (game/ai/briscola_match.py ``GAME_SPREAD``).

    python bench/briscola_spread.py [--matches 150] [--seed 0]

Matches of three Normals on fixed seeds; every game's total of each seat (card points
and primiera) is one sample.  Printed: the standard deviation of a seat's game total, of
the difference of two seats' totals, and the spread each seat's points would need if
drawn independently to give that difference (``difference / sqrt(2)``).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from typing import Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game.ai import computer_player  # noqa: E402
from game.simulate import play_game  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=150)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rows: list[list[int]] = []
    for seed in range(args.seed, args.seed + args.matches):
        state = play_game("briscola", [computer_player("briscola", "normal") for _ in range(3)],
                          seed)
        rows += [list(r["total"]) for r in state.sheet]
    seats = [x for r in rows for x in r]
    diffs = [r[a] - r[b] for r in rows for a, b in ((0, 1), (1, 2), (0, 2))]
    spread = statistics.pstdev(diffs)
    print(f"{len(rows)} games: a seat's total {statistics.mean(seats):.1f} on average, "
          f"standard deviation {statistics.pstdev(seats):.1f}; two seats' difference "
          f"{spread:.1f}; each seat drawn independently {spread / math.sqrt(2):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
