"""Headless computer-vs-computer games: for tests, benchmarks and the kiosk.

Run ``python -m game.simulate bocce --games 200 --seats normal random`` to see
how one player fares against another.
"""

from __future__ import annotations

import argparse
from typing import Any, Sequence

from game import GAMES
from game.ai import computer_player
from game.ai.base import ComputerPlayer
from game.engine import State
from game.session import GameSetup, Session


def play_game(key: str, players: Sequence[ComputerPlayer], seed: int,
              options: dict[str, Any] | None = None, max_actions: int = 100_000) -> State:
    """Play one whole game in a session of computers; each player sees only its own view.

    When several seats may act at once (a simultaneous commit, a race), the
    order in which they act is drawn from the session's seeded generator.
    """
    setup = GameSetup.computers(key, "random", options, seed)
    return Session(setup, players=list(players)).run(max_actions)


def win_rate(key: str, hero: ComputerPlayer, others: ComputerPlayer, games: int,
             seats: int, first_seed: int = 0) -> float:
    """Share of games in which ``hero`` is among the winners, rotating its seat."""
    wins = 0
    for i in range(games):
        hero_seat = i % seats
        players = [hero if s == hero_seat else others for s in range(seats)]
        state = play_game(key, players, first_seed + i)
        if hero_seat in state.result()["winners"]:
            wins += 1
    return wins / games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hero", default="normal")
    parser.add_argument("--others", default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    spec = GAMES[args.game]
    rate = win_rate(args.game, computer_player(args.game, args.hero),
                    computer_player(args.game, args.others), args.games, spec.seats[0], args.seed)
    print(f"{args.game}: {args.hero} vs {args.others}: won {rate:.1%} of {args.games} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
