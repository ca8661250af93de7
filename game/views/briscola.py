"""The declared shapes of Briscola Venceslao's view and events (see
game/views/__init__.py and game/briscola.py, whose docstring says who is told what)."""

from typing import Optional, TypedDict

from game.engine import GAME_ENDED, EventKind, shapes_of
from game.views import Move, Result, TrickView, Why


class Trick(TypedDict):
    leader: int
    cards: list[str]
    winner: int
    held: bool
    culetto: list[str]
    points: int


class SheetRow(TypedDict):
    card_points: list[int]
    primiera: list[Optional[int]]
    bonus: list[int]
    total: list[int]


class View(TrickView):
    to_act: list[int]
    turn: Optional[int]
    leader: int
    led_suit: Optional[str]
    trump: Optional[str]
    trump_known: bool
    remember_trump: bool
    claim_open: bool
    claimants: list[int]
    chooser: Optional[int]
    venceslao: Optional[int]
    culetto: bool
    stock: int
    played: list[str]
    tricks: list[Trick]
    taken: list[int]
    announced: bool
    game_no: int
    games: int
    dealer: int
    sheet: list[SheetRow]
    scores: list[int]


class DealHead(TypedDict):
    """What every card of a game's deal says first: the game, its dealer, the cards taken
    and whether the Venceslao was announced (none yet)."""

    game_no: int
    dealer: int
    taken: list[int]
    announced: bool


class _DealKeys(DealHead):
    moves: list[Move]
    stock: int


class Deal(_DealKeys, total=False):
    """A card dealt; ``stage`` ``"gather"`` (the last game's cards back) or ``"briscola"``
    (the sampled card, with the trump for those who see it)."""

    stage: str
    trump: Optional[str]
    trump_known: bool


class _PlayKeys(TypedDict):
    card: str
    moves: list[Move]


class Play(_PlayKeys, total=False):
    trump: Optional[str]


class ClaimOpen(TypedDict):
    claimants: list[int]


class Claimed(TypedDict):
    venceslao: Optional[int]


class TrumpChanged(TypedDict):
    """A Venceslao's new trump: ``suit`` announced to all, ``trump`` as the receiver's view
    now shows it."""

    suit: str
    trump: Optional[str]


class CulettoHeld(TypedDict):
    cards: list[str]
    moves: list[Move]


class _TrickWonKeys(TypedDict):
    cards: list[str]
    points: int
    taken: list[int]
    moves: list[Move]


class TrickWon(_TrickWonKeys, total=False):
    why: Optional[Why]


class _DrawKeys(TypedDict):
    moves: list[Move]
    stock: int


class Draw(_DrawKeys, total=False):
    trump: Optional[str]
    trump_known: bool


class TrumpHidden(TypedDict, total=False):
    trump: Optional[str]


class GameScored(TypedDict):
    game_no: int
    row: SheetRow
    totals: list[int]


class FinalResult(Result):
    """The end of a game: the final scores, the winners and the whole score sheet."""

    sheet: list[SheetRow]


DEAL = EventKind("deal", Deal)
PLAY = EventKind("play", Play)
CLAIM_OPEN = EventKind("claim_open", ClaimOpen)
CLAIMED = EventKind("claimed", Claimed)
TRUMP_CHANGED = EventKind("trump_changed", TrumpChanged)
CULETTO_HELD = EventKind("culetto_held", CulettoHeld)
TRICK_WON = EventKind("trick_won", TrickWon)
DRAW = EventKind("draw", Draw)
TRUMP_HIDDEN = EventKind("trump_hidden", TrumpHidden)
GAME_SCORED = EventKind("game_scored", GameScored)

EVENTS = shapes_of(DEAL, PLAY, CLAIM_OPEN, CLAIMED, TRUMP_CHANGED, CULETTO_HELD, TRICK_WON,
                   DRAW, TRUMP_HIDDEN, GAME_SCORED, GAME_ENDED)
