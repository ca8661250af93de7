"""The declared shapes of Bocce's view and events (see game/views/__init__.py and
game/bocce/state.py, which builds them)."""

from typing import Optional, TypedDict

from game.engine import GAME_ENDED, EventKind, shapes_of
from game.views import BaseView, Move, Moves, Result, Why


class ShownBocce(TypedDict):
    """A bocce as the view shows it: its one shown total (None while face down), every
    total its cards make, its status, and what it scores once finished."""

    total: Optional[int]
    totals: list[int]
    status: str
    points: Optional[int]


class KnockedBy(TypedDict):
    seat: int
    frame: int


class _FateKeys(TypedDict):
    total: Optional[int]
    status: str
    points: Optional[int]
    knocked_by: Optional[KnockedBy]


class Fate(_FateKeys, total=False):
    """What a rolled bocce became (the hand's summary; ``cards`` in the look back)."""

    cards: list[str]


class LagCard(TypedDict):
    card: Optional[str]
    worth: Optional[int]


class LastFrame(TypedDict):
    hand: int
    frame: int
    pallino: Optional[int]
    lag: list[LagCard]
    bocce: list[Fate]


class HandScored(TypedDict):
    """A scored hand: the ``hand_scored`` event and the view's ``last_hand``."""

    hand: int
    points: list[list[int]]
    hand_points: list[int]
    pallinos: list[Optional[int]]
    scores: list[int]
    bocce: list[list[Fate]]
    final: bool


class View(BaseView):
    scores: list[int]
    target: int
    hand: int
    frame: int
    frames: int
    pallino: Optional[int]
    pallinos: list[Optional[int]]
    first: int
    rolling: Optional[int]
    committed: list[bool]
    lag: list[Optional[int]]
    bocce: list[list[ShownBocce]]
    last_hand: Optional[HandScored]
    last_frame: Optional[LastFrame]


class HandStart(TypedDict):
    hand: int
    moves: list[Move]


class FrameStart(TypedDict):
    hand: int
    frame: int
    first: int


class _LagCommitKeys(TypedDict):
    moves: list[Move]


class LagCommit(_LagCommitKeys, total=False):
    worth: int


class LagReveal(TypedDict):
    moves: list[Move]
    cards: list[str]
    worths: list[Optional[int]]
    pallino: int
    why: Optional[Why]


class Roll(TypedDict):
    """A bocce turned over (``roll``) or given a card (``draw``)."""

    bocce: int
    totals: list[int]
    total: int
    why: Optional[Why]
    moves: list[Move]


class Stand(TypedDict):
    bocce: int
    total: int
    totals: list[int]
    points: Optional[int]
    next: Optional[int]


class Bust(Stand):
    moves: list[Move]


class Knockout(TypedDict):
    bocce: int
    total: int
    target_seat: int
    target_bocce: int
    target_points: Optional[int]
    moves: list[Move]


class FrameEnd(TypedDict):
    hand: int
    frame: int
    moves: list[Move]


#: Bocce keeps no score sheet: the result is its final scores and winners
FinalResult = Result

HAND_START = EventKind("hand_start", HandStart)
DEAL = EventKind("deal", Moves)
FRAME_START = EventKind("frame_start", FrameStart)
LAG_COMMIT = EventKind("lag_commit", LagCommit)
LAG_REVEAL = EventKind("lag_reveal", LagReveal)
ROLL = EventKind("roll", Roll)
DRAW = EventKind("draw", Roll)
STAND = EventKind("stand", Stand)
BUST = EventKind("bust", Bust)
KNOCKOUT = EventKind("knockout", Knockout)
FRAME_END = EventKind("frame_end", FrameEnd)
RESHUFFLE = EventKind("reshuffle", Moves)
HAND_SCORED = EventKind("hand_scored", HandScored)

EVENTS = shapes_of(HAND_START, DEAL, FRAME_START, LAG_COMMIT, LAG_REVEAL, ROLL, DRAW, STAND, BUST,
                   KNOCKOUT, FRAME_END, RESHUFFLE, HAND_SCORED, GAME_ENDED)
