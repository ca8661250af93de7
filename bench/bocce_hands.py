"""What the last frames of a Bocce hand bring each player, measured once: the data of
Hard's win-probability table (game/ai/bocce_score.py).

    python bench/bocce_hands.py [--hands 20000] [--seed 0] [--write]

Two Normal players play hand after hand (a game whose target is never reached: Normal
never looks at the scores).  After every frame it notes each player's points so far in
the hand (a knocked-out bocce counts 0 from the moment it is hit).  For the last one, two
and three frames of every hand it counts how the points changed over them, from the
side of the player who rolls first in the first of those frames: the joint odds that
Hard's table is built from.  ``--write`` writes them to game/ai/bocce_hands.py (else
they are printed), with the command and the commit in its docstring.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from collections import Counter
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from game.ai.bocce import BoccePlayer  # noqa: E402
from game.bocce.rules import FRAMES  # noqa: E402
from game.bocce.state import BocceState  # noqa: E402

#: A target no game of this length reaches: the hands go on.
ENDLESS = 10 ** 9
OUT = os.path.join(ROOT, "game", "ai", "bocce_hands.py")


def provisional(state: BocceState) -> list[int]:
    """Each seat's points of the hand so far (finished bocce; knocked-out and busted 0)."""
    return [sum(b.points(state.pallinos[i]) or 0 for i, b in enumerate(state.bocce[s]))
            for s in (0, 1)]


def measure(hands: int, seed: int) -> dict[int, Counter[tuple[int, int]]]:
    """frames left -> Counter of (first roller's change, the other's) over those frames."""
    state = BocceState({"target": ENDLESS}, 2, seed)
    players = [BoccePlayer("normal"), BoccePlayer("normal")]
    rng = random.Random(seed)
    late: dict[int, Counter[tuple[int, int]]] = {k: Counter() for k in range(1, FRAMES + 1)}
    for _ in range(hands):
        marks: list[list[int]] = [[0, 0]]        # points so far before each frame, and at the end
        firsts: list[int] = []
        hand = state.hand_no
        while state.hand_no == hand:
            if state.phase == "lag" and state.lag == [None, None]:
                firsts.append(state.first)
            acting = state.to_act()
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            legal = state.legal_actions(seat)
            action = legal[0] if len(legal) == 1 else players[seat].choose(
                state.view(seat), legal, rng)
            frame = state.frame
            events = state.advance(seat, action)
            for e in events:
                if e.kind == "frame_end" and frame + 1 < FRAMES:
                    marks.append(provisional(state))
                elif e.kind == "hand_scored":
                    marks.append(list(e.data["hand_points"]))
        end = marks[-1]
        for k in range(1, FRAMES + 1):
            start, first = marks[FRAMES - k], firsts[FRAMES - k]
            late[k][(end[first] - start[first], end[1 - first] - start[1 - first])] += 1
    return late


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def module_text(late: dict[int, Counter[tuple[int, int]]], hands: int, seed: int) -> str:
    lines = [
        '"""How the last frames of a Bocce hand change each player\'s points, counted over',
        f"{hands:,} hands of two Normal players: written by ``python bench/bocce_hands.py",
        f"--hands {hands} --seed {seed} --write`` (commit {commit()}); game/ai/bocce_score.py",
        'builds Hard\'s win-probability table from it."""',
        "",
        f"HANDS = {hands}",
        "#: frames left -> ((first roller's change, the other's change), hands) over those frames",
        "LATE: dict[int, tuple[tuple[tuple[int, int], int], ...]] = {",
    ]
    for k, counts in sorted(late.items()):
        lines.append(f"    {k}: (")
        items = sorted(counts.items())
        for i in range(0, len(items), 5):
            lines.append("        " + " ".join(f"(({a}, {b}), {n})," for (a, b), n in
                                                items[i:i + 5]))
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Any = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help=f"write {os.path.relpath(OUT, ROOT)}")
    args = parser.parse_args(argv)
    late = measure(args.hands, args.seed)
    text = module_text(late, args.hands, args.seed)
    if args.write:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        print(text)
    for k, counts in sorted(late.items()):
        n = sum(counts.values())
        first = sum(a * c for (a, _), c in counts.items()) / n
        other = sum(b * c for (_, b), c in counts.items()) / n
        print(f"# last {k} frame(s): first roller {first:+.3f}, other {other:+.3f} a hand",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
