"""Computer players.  Each game names its players in its registration
(:attr:`GameSpec.computers <game.engine.GameSpec>`, ``"game.ai.<key>:player"``): a
function of a level (``"easy"``, ``"normal"``, ``"hard"``: the spec's ``levels``) that
returns a :class:`ComputerPlayer`."""

from __future__ import annotations

import sys

from game.ai.base import ComputerPlayer, RandomPlayer
from game.engine import LEVELS, load_piece

__all__ = ["LEVELS", "ComputerPlayer", "RandomPlayer", "computer_player"]

#: the yardstick level: any legal action (tests and benchmarks; never offered to a player)
RANDOM = "random"


def computer_player(key: str, level: str = "normal") -> ComputerPlayer:
    """The computer player of a game at one of its levels.  Level ``"random"`` picks any
    legal action; a game whose legal list names one of many equal forms (Dou Dizhu)
    gives its own random player (``RANDOM_LEVEL`` in its module).  A level the game
    does not offer is a ValueError; a player that is not there, a RegistrationError."""
    from game import GAMES

    spec = GAMES[key]
    if level != RANDOM and level not in spec.levels:
        raise ValueError(f"{spec.title} has no computer level {level!r}: "
                         f"{', '.join(spec.levels)}")
    make = load_piece(spec.computers, key)
    if level == RANDOM and not getattr(sys.modules[make.__module__], "RANDOM_LEVEL", False):
        return RandomPlayer()
    made = make(level)
    if getattr(made, "wants_world", False):
        made.origin = (key, level)      # a search can be made again in its own process
    return made
