"""The referee of a game of Bolola: deals, contracts, tricks and the score sheet.

The flow of one deal: gather every card, shuffle, deal 13 to each (one event
per seat, private to it); with "Dealer's choice" the dealer then picks the
contract; in the Trumps deal the opener names the trump; then 13 tricks (or
fewer with the early end), each won trick moving the contract's scoring cards
face up to ``won/<seat>`` (beside the player) and the rest face down to
``pile/<seat>``; then the deal is scored on the sheet.

Declared shapes: the view and every event's data are ``game/views/bolola.py``.  Text
form (game/position.py): ``state.to_text()`` writes the position, ``State.from_text``
reads it back; after the four lines naming the game come
:attr:`BololaState.position_fields` in order::

    contract = "no_hearts"
    leader = 0
    hands = [["2S", "7H"], ["3S", "9C"], ["KS", "4D"], ["5S", "QH"]]
    table = ["2S"]
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence, cast

from game.bolola.must import playable
from game.bolola.rules import (
    CONTRACTS,
    HAND_SIZE,
    HEARTS,
    POINTS,
    SEATS,
    contract_total,
    is_positive,
    is_scoring,
    nothing_left,
    strength,
    trick_score,
)
from game.cards import FRENCH_SUITS, Card, codes, french_deck, shuffled
from game.engine import Action, Event, Reason, State, card_move, plain_copy, seat_zones
from game.tricks import play_order, trick_winner, why_won
from game.views import bolola as shapes

#: Seat 3 deals the first deal, so seat 0 (you, at the bottom) leads it.
FIRST_DEALER = 3
CONTRACT, TRUMP, PLAY, OVER = "contract", "trump", "play", "over"
DECK: tuple[Card, ...] = tuple(french_deck())


#: a hand is held sorted, suits in alternating colours, low to high
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


def hand_order(c: Card) -> tuple[int, int]:
    return (SUIT_ORDER[c.suit], c.rank)


#: each seat's zones by name: its hand, its pile of tricks, its scoring cards won
_SEAT_ZONES = tuple((f"hand/{s}", f"pile/{s}", f"won/{s}") for s in range(SEATS))
#: the zones each seat (None: a spectator) sees face up: the table, the scoring cards
#: won, its own hand
_FACE_UP: dict[int | None, frozenset[str]] = {
    seat: frozenset({"table", *(f"won/{s}" for s in range(SEATS)),
                     *((f"hand/{seat}",) if seat is not None else ())})
    for seat in (None, *range(SEATS))}

#: each card's play, made once, and its place among the deck's cards sorted: a search
#: lists a hand's plays at every move of every playout, and listed card by card in that
#: order they come out sorted as actions sort (one card each: by the card); both are
#: keyed by the card's code (a string hashes once for all, a card at every look-up)
_PLAYS: dict[str, Action] = {c.code: Action("play", (c,)) for c in DECK}
_PLACE: dict[str, int] = {c.code: i for i, c in enumerate(sorted(DECK))}


def _sheet_copy(sheet: Sequence[shapes.SheetRow]) -> list[shapes.SheetRow]:
    """A copy of the score sheet for a view or a result: each row a new dict, its one
    list (the scores) new (the general :func:`plain_copy` walk was the dearest part of a
    view, and a search reads a view at every playout move)."""
    return [cast(shapes.SheetRow, {**row, "scores": list(row["scores"])}) for row in sheet]


class BololaState(State):
    """A whole game: nine deals (36 with "Dealer's choice")."""

    view_shape = shapes.View
    result_shape = shapes.FinalResult
    event_shapes = shapes.EVENTS
    position_fields = {
        "deal_no": int, "dealer": int, "contract": str | None, "trump": str | None,
        "phase": str, "leader": int, "left": list[list[str]], "hands": list[list[Card]],
        "deck": list[Card], "table": list[Card], "piles": list[list[Card]],
        "won": list[list[Card]], "played": list[Card], "tricks": Any,
        "deal_scores": list[int], "sheet": Any, "totals": list[int], "winners": list[int],
    }
    #: a trick's record and a row of the score sheet are written once, when the trick or
    #: the deal ends, and never changed (views and results hand out copies of them)
    append_only = State.append_only + ("tricks", "sheet")

    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        if seats != SEATS:
            raise ValueError("Bolola is played by four")
        self.dealers_choice = bool(options.get("dealers_choice", False))
        self.early_end = bool(options.get("early_end", False))
        short = int(options.get("deals", len(CONTRACTS)))
        self.deals = short if short < len(CONTRACTS) else \
            len(CONTRACTS) * (SEATS if self.dealers_choice else 1)
        #: contracts each seat has still to deal (Dealer's choice)
        self.left: list[list[str]] = [list(CONTRACTS) for _ in range(SEATS)]
        self.deal_no = 0
        self.dealer = FIRST_DEALER
        self.contract: str | None = None
        self.trump: str | None = None
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.deck: list[Card] = []               # a deal ended early leaves its hands here
        self.table: list[Card] = []
        self.piles: list[list[Card]] = [[] for _ in range(SEATS)]
        self.won: list[list[Card]] = [[] for _ in range(SEATS)]
        self.played: list[Card] = []
        self.tricks: list[shapes.Trick] = []
        self.leader = 0
        self.deal_scores = [0] * SEATS
        self.sheet: list[shapes.SheetRow] = []
        self.totals = [0] * SEATS
        self.winners: list[int] = []
        self.phase = PLAY
        self._opening = self._start_deal()

    # -- the contract ------------------------------------------------------------
    def opening_events(self) -> list[Event]:
        return list(self._opening)

    @property
    def opener(self) -> int:
        """The player after the dealer: leads the first trick and names trumps."""
        return (self.dealer + 1) % SEATS

    @property
    def turn(self) -> int:
        return (self.leader + len(self.table)) % SEATS

    def to_act(self) -> tuple[int, ...]:
        if self.phase == CONTRACT:
            return (self.dealer,)
        if self.phase == TRUMP:
            return (self.opener,)
        if self.phase == PLAY:
            return (self.turn,)
        return ()

    @property
    def hearts_broken(self) -> bool:
        for c in self.played:           # a loop, not any(): asked at every playout move
            if c.suit == HEARTS:
                return True
        return False

    @property
    def trump_broken(self) -> bool:
        return self.trump is not None and any(c.suit == self.trump for c in self.played)

    def playable(self, seat: int) -> tuple[list[Card], dict[Card, Reason]]:
        """The seat's cards that may be played now, and why each other card may not."""
        assert self.contract is not None
        return playable(self.contract, self.hands[seat], self.table,
                        self.trump if self.contract == "trumps" else None,
                        self.hearts_broken, self.trump_broken)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == CONTRACT:
            return sorted(Action("contract", (), k) for k in self.left[seat])
        if self.phase == TRUMP:
            return sorted(Action("trump", (), s) for s in FRENCH_SUITS)
        return [_PLAYS[code] for code in sorted((c.code for c in self.playable(seat)[0]),
                                                key=_PLACE.__getitem__)]

    def is_legal(self, seat: int, action: Action) -> bool:
        """:meth:`legal_actions` membership, answered without building the list."""
        if seat not in self.to_act():
            return False
        if self.phase == CONTRACT:
            return action.kind == "contract" and not action.cards \
                and action.value in self.left[seat]
        if self.phase == TRUMP:
            return action.kind == "trump" and not action.cards and action.value in FRENCH_SUITS
        if action.kind != "play" or action.value or len(action.cards) != 1:
            return False
        c = action.cards[0]
        return c in self.hands[seat] and c in self.playable(seat)[0]

    def _waiting_reason(self, seat: int, action: Action) -> Reason | None:
        if self.phase == CONTRACT:
            return Reason("bolola.wait_contract")
        if self.phase == TRUMP:
            return Reason("bolola.wait_trump")
        return None

    def _reason(self, seat: int, action: Action) -> Reason | None:
        if self.phase == CONTRACT:
            if action.kind == "contract" and not action.cards and action.value in CONTRACTS:
                return Reason("bolola.contract_dealt")
            return Reason("bolola.choose_contract_first")
        if self.phase == TRUMP:
            if action.kind == "trump":
                return Reason("bolola.bad_suit")
            return Reason("bolola.name_trump_first")
        if action.kind == "contract":
            return Reason("bolola.no_contract_now")
        if action.kind == "trump":
            return Reason("bolola.no_trump_now")
        c = action.card
        if action.kind != "play" or c is None or action.value:
            return Reason("bolola.play_one_card")
        if c not in self.hands[seat]:
            return Reason("bolola.not_in_hand")
        return self.playable(seat)[1].get(c)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == "contract":
            self.left[seat].remove(action.value)
            self._set_contract(action.value, True, events)
        elif action.kind == "trump":
            self.trump = action.value
            self.phase = PLAY
            events.append(shapes.TRUMP_NAMED(seat, {"suit": action.value}))
        elif action.card is not None:
            self._play(seat, action.card, events)
        return events

    def result(self) -> shapes.FinalResult:
        return {"scores": list(self.totals), "winners": list(self.winners),
                "sheet": _sheet_copy(self.sheet)}

    # -- what a seat sees ---------------------------------------------------------
    def round_number(self) -> int:
        """The deal being played (the tests' stretches count them)."""
        return self.deal_no

    def secret_cards(self, seat: int | None) -> set[str]:
        """The others' hands: every played card is seen on the table."""
        return {c.code for s in range(self.seats) if s != seat for c in self.hands[s]}

    @staticmethod
    def starts_deal(event: Event) -> bool:
        """The ``deal`` event whose stage is the gathering deals afresh."""
        return event.kind == "deal" and event.data.get("stage") == "gather"

    def true_zones(self) -> dict[str, list[Card]]:
        return {z: list(cs) for z, cs in self._zones().items()}

    def _zones(self) -> dict[str, list[Card]]:
        """Every zone and the game's own list of its cards (not copies: a view makes its
        own lists of codes from them)."""
        zones: dict[str, list[Card]] = {"deck": self.deck, "table": self.table}
        for s, (hand, pile, won) in enumerate(_SEAT_ZONES):
            zones[hand] = self.hands[s]
            zones[pile] = self.piles[s]
            zones[won] = self.won[s]
        return zones

    def _set_zones(self, zones: Mapping[str, Sequence[Card]]) -> None:
        """Hands are kept sorted (their order is no secret: each is one seat's own)."""
        for zone, cs in zones.items():
            kind, _, owner = zone.partition("/")
            if kind == "hand":
                self.hands[int(owner)] = sorted(cs, key=hand_order)
            elif kind in ("pile", "won"):
                (self.piles if kind == "pile" else self.won)[int(owner)] = list(cs)
            elif zone == "table":
                self.table = list(cs)
            elif cs:
                raise ValueError(f"Bolola has no cards in {zone!r}")

    def _fixed_zones(self, seat: int | None) -> frozenset[str]:
        """Tricks taken lie face down: every card in them was seen played."""
        return frozenset({"pile"})

    def view(self, seat: int | None) -> shapes.View:
        zones = seat_zones(self._zones(), seat, _FACE_UP[seat])
        contract = self.contract
        out: shapes.View = {
            "seat": seat,
            "zones": zones,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "turn": self.turn if self.phase == PLAY else None,
            "leader": self.leader,
            "led_suit": self.table[0].suit if self.table else None,
            "contract": contract,
            "points": dict(POINTS[contract]) if contract else {},
            "total": contract_total(contract) if contract else 0,
            "trump": self.trump,
            "hearts_broken": self.hearts_broken,
            "trump_broken": self.trump_broken,
            "deal_no": self.deal_no,
            "deals": self.deals,
            "dealer": self.dealer,
            "opener": self.opener,
            "dealers_choice": self.dealers_choice,
            "early_end": self.early_end,
            "left": [list(x) for x in self.left],
            "played": codes(self.played),
            # a trick's one list copied, the rest values: a search reads a view at every
            # playout move, and plain_copy's general walk was the view's dearest part
            "tricks": [{**t, "cards": list(t["cards"])} for t in self.tricks],
            "tricks_won": self.tricks_won(),
            "hand_sizes": [len(h) for h in self.hands],
            "deal_scores": list(self.deal_scores),
            "sheet": _sheet_copy(self.sheet),
            "scores": list(self.totals),
        }
        if self.phase == OVER:
            out["winners"] = list(self.winners)
        return out

    def tricks_won(self) -> list[int]:
        won = [0] * SEATS
        for t in self.tricks:
            won[t["winner"]] += 1
        return won

    # -- the flow of a deal -----------------------------------------------------
    def _start_deal(self) -> list[Event]:
        self.deal_no += 1
        self.dealer = (FIRST_DEALER + self.deal_no - 1) % SEATS
        head: shapes.DealHead = {"deal_no": self.deal_no, "deals": self.deals,
                                 "dealer": self.dealer}
        events: list[Event] = []
        gather = [card_move(None, f"{kind}/{s}", "deck", False)
                  for s in range(SEATS) for kind, zone in (("pile", self.piles), ("won", self.won))
                  for _ in zone[s]]
        if gather:
            events.append(shapes.DEAL(self.dealer, {**head, "stage": "gather", "moves": gather}))
        self.piles = [[] for _ in range(SEATS)]
        self.won = [[] for _ in range(SEATS)]
        self.table, self.played, self.tricks, self.deck = [], [], [], []
        self.deal_scores = [0] * SEATS
        self.contract, self.trump = None, None
        deck = shuffled(DECK, self.rng)
        self.hands = [[] for _ in range(SEATS)]
        order = play_order(self.opener, SEATS)
        for i in range(HAND_SIZE * SEATS):
            self.hands[order[i % SEATS]].append(deck[i])
        for hand in self.hands:
            hand.sort(key=hand_order)
        for s in order:
            dst = f"hand/{s}"
            events.append(shapes.DEAL(s, {**head, "moves": [card_move(None, "deck", dst, False)
                                                              for _ in self.hands[s]]},
                                private={"moves": [card_move(c, "deck", dst, True)
                                                   for c in self.hands[s]]},
                                audience=frozenset({s})))
        self.leader = self.opener
        if self.dealers_choice:
            self.phase = CONTRACT
            events.append(shapes.CHOOSING(self.dealer,
                                {**head, "opener": self.opener,
                                 "left": list(self.left[self.dealer])}))
        else:
            self._set_contract(CONTRACTS[(self.deal_no - 1) % len(CONTRACTS)], False, events)
        return events

    def _set_contract(self, contract: str, chosen: bool, events: list[Event]) -> None:
        self.contract = contract
        self.phase = TRUMP if contract == "trumps" else PLAY
        events.append(shapes.CONTRACT(self.dealer, {
            "deal_no": self.deal_no, "deals": self.deals, "contract": contract,
            "dealer": self.dealer, "opener": self.opener, "chosen": chosen,
            "points": dict(POINTS[contract]), "total": contract_total(contract)}))

    def _play(self, seat: int, c: Card, events: list[Event]) -> None:
        self.hands[seat].remove(c)
        self.table.append(c)
        self.played.append(c)
        events.append(shapes.PLAY(seat, {"card": c.code,
                                           "moves": [card_move(c, f"hand/{seat}", "table", True)]}))
        if len(self.table) == SEATS:
            self._finish_trick(events)

    def _finish_trick(self, events: list[Event]) -> None:
        assert self.contract is not None
        trump = self.trump if self.contract == "trumps" else None
        winner = trick_winner(self.table, self.leader, trump, strength, SEATS)
        index = len(self.tricks)
        pts = trick_score(self.contract, self.table, index)
        self.deal_scores[winner] += pts
        moves = []
        for c in self.table:
            if is_scoring(self.contract, c):
                self.won[winner].append(c)
                moves.append(card_move(c, "table", f"won/{winner}", True))
            else:
                self.piles[winner].append(c)
                moves.append(card_move(c, "table", f"pile/{winner}", False))
        self.tricks.append({"leader": self.leader, "cards": codes(self.table), "winner": winner,
                            "points": pts})
        events.append(shapes.TRICK_WON(winner, {
            "cards": codes(self.table), "index": index, "points": pts,
            "deal_scores": list(self.deal_scores), "tricks_won": self.tricks_won(),
            "moves": moves, "why": why_won(self.table, (winner - self.leader) % SEATS, trump)}))
        self.table = []
        self.leader = winner
        unplayed = [c for h in self.hands for c in h]
        if not unplayed:
            self._end_deal(False, events)
        elif self.early_end and not is_positive(self.contract) \
                and nothing_left(self.contract, unplayed, len(self.tricks)):
            self._end_deal(True, events)

    def _end_deal(self, early: bool, events: list[Event]) -> None:
        assert self.contract is not None
        if early:
            moves = [card_move(None, f"hand/{s}", "deck", False)
                     for s in range(SEATS) for _ in self.hands[s]]
            self.deck = [c for h in self.hands for c in h]
            self.hands = [[] for _ in range(SEATS)]
            events.append(shapes.DEAL_ENDED(None, {"tricks": len(self.tricks),
                                                     "moves": moves}))
        row: shapes.SheetRow = {"deal_no": self.deal_no, "contract": self.contract,
                                "dealer": self.dealer, "trump": self.trump,
                                "scores": list(self.deal_scores), "early": early}
        self.sheet.append(row)
        self.totals = [t + r for t, r in zip(self.totals, self.deal_scores)]
        events.append(shapes.DEAL_SCORED(None, {"deal_no": self.deal_no, "deals": self.deals,
                                                  "row": plain_copy(row),
                                                  "totals": list(self.totals)}))
        if self.deal_no < self.deals:
            events.extend(self._start_deal())
            return
        top = max(self.totals)
        self.winners = [s for s in range(SEATS) if self.totals[s] == top]
        self.phase = OVER
        events.append(shapes.GAME_ENDED(None, {"scores": list(self.totals),
                                              "winners": list(self.winners)}))
