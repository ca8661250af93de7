"""What every computer player is: a chooser that sees one seat's view and nothing else."""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence, TypeVar

from game.engine import Action
from game.views import BaseView

#: the view a player reads: its game's declared view (game/views/<key>.py)
V = TypeVar("V", bound=BaseView, contravariant=True)


class ComputerPlayer(Protocol[V]):
    """``choose`` gets the seat's :meth:`State.view` and its legal actions, never the state;
    it reads the view's declared keys by name (``view["trump"]``), never with a default."""

    name: str

    def choose(self, view: V, legal: Sequence[Action], rng: random.Random) -> Action:
        ...


class RandomPlayer:
    """Picks any legal action: the baseline every real player must beat."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))
