"""What every computer player is: a chooser that sees one seat's view and nothing else."""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from game.engine import Action


class ComputerPlayer(Protocol):
    """``choose`` gets the seat's :meth:`State.view` and its legal actions, never the state."""

    name: str

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        ...


class RandomPlayer:
    """Picks any legal action: the baseline every real player must beat."""

    name = "random"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))
