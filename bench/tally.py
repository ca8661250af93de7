"""One row from runs continued with ``--seed K``: their ``--verbose`` logs summed.

    python bench/tally.py LOG [LOG ...]

A long row (1,000 games of Hard) is often played in several runs, each continuing from
the seed where the last one stopped (bench/ai.py and bench/doudizhu_rule.py take
``--seed`` and ``--verbose``).  Each log's lines say the tally after every game
("... 570 wins of 952, hero's points +3081, others' +1490" or, from
bench/doudizhu_rule.py, "... 25 wins of 48 (99 s)"); this reads the last tally of each
log, sums the wins and games, and works the intervals the way bench/ai.py does: Wilson's
for the wins, and for the hero's edge a game the normal interval over the games' edges,
each game's edge read as the step between two lines.  The logs print points rounded to
whole numbers, so a game's edge read back is off by less than one point; the sum over a
log is exact to the rounding of its last line.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.ai import mean_interval, wilson  # noqa: E402

TALLY = re.compile(r"^#\s+(?P<who>.+?):\s+(?P<wins>\d+) wins of (?P<games>\d+)"
                   r"(?:, hero's points (?P<hero>[-+]\d+), others' (?P<others>[-+]\d+))?")


@dataclass
class Row:
    """The summed tally of one row's logs."""

    who: str = ""
    wins: int = 0
    games: int = 0
    edges: list[float] = field(default_factory=list)


def read(paths: Sequence[str]) -> Row:
    """Sum the logs' last tallies; each log must be of the same row (``who``)."""
    row = Row()
    for path in paths:
        wins = games = 0
        edge_before = 0.0
        with open(path, encoding="utf-8") as log:
            for line in log:
                match = TALLY.match(line)
                if match is None:
                    continue
                if row.who and match["who"] != row.who:
                    raise SystemExit(f"{path}: a row of {match['who']!r}, not {row.who!r}")
                row.who = match["who"]
                wins, games = int(match["wins"]), int(match["games"])
                if match["hero"] is not None:
                    edge = float(match["hero"]) - float(match["others"])
                    row.edges.append(edge - edge_before)
                    edge_before = edge
        row.wins += wins
        row.games += games
    return row


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", help="the runs' --verbose logs, in seed order")
    args = parser.parse_args(argv)
    row = read(args.logs)
    if row.games == 0:
        print("no tally lines in these logs", file=sys.stderr)
        return 1
    low, high = wilson(row.wins, row.games)
    line = (f"{row.who}: {row.wins} wins of {row.games}, "
            f"{100 * row.wins / row.games:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]")
    if row.edges:
        e_low, e_high = mean_interval(row.edges)
        line += (f"; edge a game {sum(row.edges) / len(row.edges):+.2f} "
                 f"[{e_low:+.2f}, {e_high:+.2f}]")
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
