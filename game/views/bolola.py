"""The declared shapes of Bolola's view and events (see game/views/__init__.py and
game/bolola/state.py)."""

from typing import Optional, TypedDict

from game.engine import GAME_ENDED, EventKind, shapes_of
from game.views import Move, Result, TrickView, Why


class Trick(TypedDict):
    leader: int
    cards: list[str]
    winner: int
    points: int


class SheetRow(TypedDict):
    deal_no: int
    contract: str
    dealer: int
    trump: Optional[str]
    scores: list[int]
    early: bool


class View(TrickView):
    to_act: list[int]
    turn: Optional[int]
    leader: int
    led_suit: Optional[str]
    contract: Optional[str]
    #: what each scoring thing of the contract is worth (rules.py ``POINTS``)
    points: dict[str, int]
    total: int
    trump: Optional[str]
    hearts_broken: bool
    trump_broken: bool
    deal_no: int
    deals: int
    dealer: int
    opener: int
    dealers_choice: bool
    early_end: bool
    left: list[list[str]]
    played: list[str]
    tricks: list[Trick]
    tricks_won: list[int]
    hand_sizes: list[int]
    deal_scores: list[int]
    sheet: list[SheetRow]
    scores: list[int]


class DealHead(TypedDict):
    """What every event of a deal's start says first: which deal of how many, and who deals."""

    deal_no: int
    deals: int
    dealer: int


class _DealKeys(DealHead):
    moves: list[Move]


class Deal(_DealKeys, total=False):
    """A seat's thirteen cards, or (``stage: "gather"``) the last deal's cards gathered."""

    stage: str


class Choosing(DealHead):
    opener: int
    left: list[str]


class Contract(TypedDict):
    deal_no: int
    deals: int
    contract: str
    dealer: int
    opener: int
    chosen: bool
    points: dict[str, int]
    total: int


class TrumpNamed(TypedDict):
    suit: str


class Play(TypedDict):
    card: str
    moves: list[Move]


class TrickWon(TypedDict):
    cards: list[str]
    index: int
    points: int
    deal_scores: list[int]
    tricks_won: list[int]
    moves: list[Move]
    why: Optional[Why]


class DealEnded(TypedDict):
    tricks: int
    moves: list[Move]


class DealScored(TypedDict):
    deal_no: int
    deals: int
    row: SheetRow
    totals: list[int]


class FinalResult(Result):
    """The end of a game: the final scores, the winners and the whole score sheet."""

    sheet: list[SheetRow]


DEAL = EventKind("deal", Deal)
CHOOSING = EventKind("choosing", Choosing)
CONTRACT = EventKind("contract", Contract)
TRUMP_NAMED = EventKind("trump_named", TrumpNamed)
PLAY = EventKind("play", Play)
TRICK_WON = EventKind("trick_won", TrickWon)
DEAL_ENDED = EventKind("deal_ended", DealEnded)
DEAL_SCORED = EventKind("deal_scored", DealScored)

EVENTS = shapes_of(DEAL, CHOOSING, CONTRACT, TRUMP_NAMED, PLAY, TRICK_WON, DEAL_ENDED,
                   DEAL_SCORED, GAME_ENDED)
