"""The declared shapes of Dou Dizhu's view and events (see game/views/__init__.py and
game/doudizhu/state.py)."""

from typing import Optional, TypedDict, Union

from game.views import BaseView, GameOver, Move, Nothing, Result


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


class Deal(TypedDict):
    """Cards dealt (``deal``) or gathered before the deal (``gather``)."""

    hand_no: int
    deal: int
    moves: list[Move]


class Bidding(TypedDict):
    hand_no: int
    deal: int
    first: int


class Bid(TypedDict):
    bid: Optional[str]
    high_bid: int


class Redeal(TypedDict):
    hand_no: int


class Landlord(TypedDict):
    """The landlord crowned, the kitty shown (``landlord``) and taken (``kitty_taken``)."""

    bid: int
    kitty: list[str]
    stake: int
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


EVENTS = {
    "gather": Deal, "deal": Deal, "bidding": Bidding, "bid": Bid, "redeal": Redeal,
    "landlord": Landlord, "kitty_taken": Landlord, "pass": Nothing,
    "trick_cleared": TrickCleared, "play": Play, "hand_over": HandOver, "game_over": GameOver,
}
