"""Computer players.  Each game's players live in ``game/ai/<key>.py`` and expose
``player(level: str) -> ComputerPlayer`` with levels ``"easy"``, ``"normal"``, ``"hard"``."""

from __future__ import annotations

import importlib

from game.ai.base import ComputerPlayer, RandomPlayer

LEVELS = ("easy", "normal", "hard")


def computer_player(key: str, level: str = "normal") -> ComputerPlayer:
    """The computer player of a game at a level; a random player if the game has none yet.
    Level ``"random"`` picks any legal action; a game whose legal list names one of many
    equal forms (Dou Dizhu) gives its own random player (``RANDOM_LEVEL``)."""
    try:
        module = importlib.import_module(f"game.ai.{key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"game.ai.{key}":
            raise
        return RandomPlayer()
    if level == "random" and not getattr(module, "RANDOM_LEVEL", False):
        return RandomPlayer()
    made = module.player(level)
    if getattr(made, "wants_world", False):
        made.origin = (key, level)      # a search can be made again in its own process
    return made
