"""The declared shapes of Bisca's view and events (see game/views/__init__.py and
game/bisca/state.py).  Bets, lives and losses are numbers of tricks or lives that may
be halves (option ``half_bets``): ``float`` (a whole one travels as an int)."""

from typing import Optional, TypedDict

from game.engine import GAME_OVER, EventKind, shapes_of
from game.views import GameOver, Move, Moves, Result, TrickView, Why


class TrickCard(TypedDict):
    """A card of the hand on the table: who played it and, for an Ace, its chosen worth
    (``"high"``/``"low"``; "" for any other card)."""

    seat: int
    card: str
    ace: str


class LastHand(TypedDict):
    cards: list[TrickCard]
    winner: int


class SheetRow(TypedDict):
    round_no: int
    cards: int
    players: list[int]
    bets: list[Optional[float]]
    won: list[int]
    loss: list[float]
    lives: list[float]


class View(TrickView):
    to_act: list[int]
    turn: Optional[int]
    round_no: int
    cards: int
    opening: int
    one_card: bool
    blind: bool
    half_bets: bool
    start_lives: int
    dealer: int
    players: list[int]
    leader: int
    bets: list[Optional[float]]
    won: list[int]
    lives: list[float]
    out: list[int]
    babbeo_used: bool
    forbidden: Optional[float]
    trick: list[TrickCard]
    played: list[str]
    last_hand: Optional[LastHand]
    sheet: list[SheetRow]


class Round(TypedDict):
    round_no: int
    cards: int
    dealer: int
    players: list[int]
    one_card: bool
    lives: list[float]
    moves: list[Move]


class BetTurn(TypedDict):
    bets: list[Optional[float]]
    forbidden: Optional[float]


class Bet(TypedDict):
    bet: float
    bets: list[Optional[float]]


class BetsClosed(TypedDict):
    bets: list[Optional[float]]
    total: float
    cards: int


class Reveal(TypedDict, total=False):
    """A player's own single card turned up for them (the moves are theirs alone)."""

    moves: list[Move]


class Play(TypedDict):
    card: str
    ace: Optional[str]
    moves: list[Move]


class HandWon(TypedDict):
    cards: list[str]
    won: list[int]
    why: Optional[Why]
    moves: list[Move]


class RoundScored(TypedDict):
    round_no: int
    cards: int
    bets: list[Optional[float]]
    won: list[int]
    loss: list[float]
    lives: list[float]
    final: bool


class Babbeo(TypedDict):
    seats: list[int]
    lives: list[float]


class EveryoneOut(TypedDict):
    tie: bool
    seats: list[int]
    lives: list[float]


class Eliminated(TypedDict):
    seats: list[int]


class Over(GameOver):
    lives: list[float]


class FinalResult(Result):
    """The end of a game: the final scores, the winners and the whole score sheet."""

    sheet: list[SheetRow]
    lives: list[float]


ROUND = EventKind("round", Round)
DEAL = EventKind("deal", Moves)
BET_TURN = EventKind("bet_turn", BetTurn)
BET = EventKind("bet", Bet)
BETS_CLOSED = EventKind("bets_closed", BetsClosed)
REVEAL = EventKind("reveal", Reveal)
PLAY = EventKind("play", Play)
HAND_WON = EventKind("hand_won", HandWon)
ROUND_SCORED = EventKind("round_scored", RoundScored)
BABBEO = EventKind("babbeo", Babbeo)
EVERYONE_OUT = EventKind("everyone_out", EveryoneOut)
ELIMINATED = EventKind("eliminated", Eliminated)
GAME_ENDED = EventKind(GAME_OVER, Over)

EVENTS = shapes_of(ROUND, DEAL, BET_TURN, BET, BETS_CLOSED, REVEAL, PLAY, HAND_WON,
                   ROUND_SCORED, BABBEO, EVERYONE_OUT, ELIMINATED, GAME_ENDED)
