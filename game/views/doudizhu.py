"""The declared shapes of Dou Dizhu's view and events (see game/views/__init__.py and
game/doudizhu/state.py)."""

from typing import Optional, TypedDict, Union

from game.engine import GAME_ENDED, EventKind, shapes_of
from game.views import BaseView, Move, Nothing, Result


class Combo(TypedDict):
    """A play's combination (combos.py ``Combo``): its kind, its rank, how many ranks in
    a row, how many cards."""

    kind: str
    rank: int
    length: int
    size: int


class Last(Combo):
    """The play to beat: who played it and its rank letters."""

    seat: int
    play: str


class SheetRow(TypedDict):
    hand_no: int
    landlord: int
    bid: int
    bombs: int
    spring: bool
    multiplier: int
    stake: int
    landlord_won: bool
    winner: int
    delta: list[int]


class View(BaseView):
    to_act: list[int]
    turn: Optional[int]
    rules: str
    hand_no: int
    #: how many hands the game has (option ``hands``)
    hands: int
    #: deals of this hand (a redeal adds one)
    deals: int
    first_bidder: int
    bids: list[Optional[str]]
    high_bid: int
    landlord: Optional[int]
    kitty: list[str]
    last: Optional[Last]
    passes: int
    counts: list[int]
    multiplier: int
    stake: int
    bombs: int
    played: list[str]
    plays: list[int]
    #: the hand's plays and passes in order: ``[seat, rank letters or "pass"]``
    trail: list[list[Union[int, str]]]
    scores: list[int]
    sheet: list[SheetRow]


class DealHead(TypedDict):
    """What every event of a deal's start says first: the hand and the deal."""

    hand_no: int
    deal: int


class Deal(DealHead):
    """Cards dealt (``deal``) or gathered before the deal (``gather``)."""

    moves: list[Move]


class Bidding(DealHead):
    first: int


class Bid(TypedDict):
    bid: Optional[str]
    high_bid: int


class Redeal(TypedDict):
    hand_no: int


class LandlordHead(TypedDict):
    """The bid that crowned the landlord, the kitty and the stake."""

    bid: int
    kitty: list[str]
    stake: int


class Landlord(LandlordHead):
    """The landlord crowned, the kitty shown (``landlord``) and taken (``kitty_taken``)."""

    moves: list[Move]


class TrickCleared(TypedDict):
    leader: int
    moves: list[Move]


class Play(Combo):
    play: str
    cards: list[str]
    left: int
    multiplier: int
    stake: int
    moves: list[Move]


class HandOver(SheetRow):
    totals: list[int]
    moves: list[Move]


class FinalResult(Result):
    """The end of a game: the final scores, the winners and the whole score sheet."""

    sheet: list[SheetRow]


GATHER = EventKind("gather", Deal)
DEAL = EventKind("deal", Deal)
BIDDING = EventKind("bidding", Bidding)
BID = EventKind("bid", Bid)
REDEAL = EventKind("redeal", Redeal)
LANDLORD = EventKind("landlord", Landlord)
KITTY_TAKEN = EventKind("kitty_taken", Landlord)
PASS = EventKind("pass", Nothing)
TRICK_CLEARED = EventKind("trick_cleared", TrickCleared)
PLAY = EventKind("play", Play)
HAND_OVER = EventKind("hand_over", HandOver)

EVENTS = shapes_of(GATHER, DEAL, BIDDING, BID, REDEAL, LANDLORD, KITTY_TAKEN, PASS,
                   TRICK_CLEARED, PLAY, HAND_OVER, GAME_ENDED)
