"""The declared shapes of High card's view and events (see game/views/__init__.py; like
the shipped games' shape modules, without ``from __future__ import annotations``)."""

from typing import Optional, TypedDict

from game.views import GameOver, Move, Moves, Result, TrickView, Why


class View(TrickView):
    to_act: list[int]
    turn: Optional[int]
    hand: int
    hands: int
    tricks: int
    trick_no: int
    taken: list[int]
    scores: list[int]


class Deal(TypedDict):
    hand: int
    moves: list[Move]


class Play(TypedDict):
    card: str
    moves: list[Move]


class _TrickWonKeys(TypedDict):
    cards: list[str]
    taken: list[int]
    moves: list[Move]


class TrickWon(_TrickWonKeys, total=False):
    why: Optional[Why]


class FinalResult(Result):
    """The tricks each seat took, as its score."""


EVENTS = {"gather": Moves, "deal": Deal, "play": Play, "trick_won": TrickWon, "game_over": GameOver}
