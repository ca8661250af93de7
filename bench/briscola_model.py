"""How well Hard's playouts foresee a Briscola player: how often the playout player's card
(game/ai/briscola.py's QuickPlayer, from the same view) is the card the player chose.

    python bench/briscola_model.py [--matches 30] [--seed 0] [--players bastoni,pybrisca,rule,normal]

Three of a player play whole matches (seeds ``--seed`` on); every card choice of more
than one card while the stock lasts (the playouts stop at the empty stock, where the end
is solved) is asked of the playout player too.  A search whose playouts foresee its
opponents badly judges its moves against players who are not at the table; this says
how far that is so, player by player.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Callable, Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.ai import OUTSIDE, wilson  # noqa: E402
from game.ai.base import ComputerPlayer  # noqa: E402
from game.ai.briscola import QuickPlayer, player  # noqa: E402
from game.session.referee import Session  # noqa: E402
from game.session.setup import GameSetup  # noqa: E402

MAKERS: dict[str, Callable[[], ComputerPlayer]] = {
    **OUTSIDE, "normal": lambda: player("normal")}


def agreement(make: Callable[[], ComputerPlayer], matches: int, seed: int) -> tuple[int, int]:
    """The choices the playout player foresaw, and the choices asked, over ``matches``."""
    same = asked = 0
    model = QuickPlayer()
    for i in range(matches):
        players = [make() for _ in range(3)]
        state = Session(GameSetup.computers("briscola", ["random"] * 3, None, seed + i),
                        players=list(players)).state
        rng = random.Random(seed + i)
        while state.to_act():
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            action = players[seat].choose(view, legal, rng)
            if len(legal) > 1 and all(a.kind == "play" for a in legal) \
                    and view["trump"] and view["stock"] > 0:
                asked += 1
                same += model.choose(view, legal, random.Random(0)) == action
            state.advance(seat, action)
    return same, asked


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", default=",".join(MAKERS))
    args = parser.parse_args(argv)
    print("| player (three of it) | card choices | the playout player's card the same [95%] |")
    print("|---|---|---|")
    for name in args.players.split(","):
        same, asked = agreement(MAKERS[name], args.matches, args.seed)
        lo, hi = wilson(same, asked)
        print(f"| {name} | {asked} | {same / max(1, asked):.1%} [{lo:.1%}, {hi:.1%}] |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
