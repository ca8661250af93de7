"""The Dou Dizhu referee: deal, bidding (and redeal), the landlord's three cards,
play, scoring and the running score over several hands.  See the package docstring
for the choices the rule text leaves open.

Declared shapes: the view and every event's data are ``game/views/doudizhu.py``.  Text
form (game/position.py): ``state.to_text()`` writes the position, ``State.from_text``
reads it back; after the four lines naming the game come
:attr:`DoudizhuState.position_fields` in order; the play to beat is its seat, rank
letters and combination::

    phase = "play"
    landlord = 1
    last = [1, "33", {"kind": "pair", "rank": 0, "length": 1, "size": 2}]
    hands = [["4C", "9D"], ["5S", "BJ", "RJ"], ["KH"]]
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Optional, Sequence

from game.cards import Card, codes, french_deck, shuffled
from game.doudizhu import combos
from game.doudizhu.combos import Combo, MoveBook
from game.doudizhu.rules import (
    BIDS,
    BOMB,
    DOUBLING,
    HAND_SIZE,
    KITTY_SIZE,
    LANDLORD_SHARE,
    LETTERS,
    ROCKET,
    RULESETS,
    SEATS,
    TOP_BID,
    rank_index,
)
from game.engine import Action, Event, Reason, State, card_move, plain_copy, seat_zones
from game.views import doudizhu as shapes

BID, PLAY, OVER = "bid", "play", "over"
PASS = Action("pass")
DECK: tuple[Card, ...] = tuple(french_deck(jokers=True))
#: Each card's rank, worked out once (plays ask for them all the time).
RANK = {c: rank_index(c) for c in DECK}

BID_ACTIONS = {b: Action("bid", (), str(b)) for b in BIDS}
#: each seat's zones by name: its hand, its cards on the table this trick
_SEAT_ZONES = tuple((f"hand/{s}", f"trick/{s}") for s in range(SEATS))
#: the zones a seat (None: a spectator) sees face up, by whether every hand is shown (the
#: hand over, or a hand revealed): the tricks on the table and its own hand
_FACE_UP: dict[tuple[int | None, bool], frozenset[str]] = {
    (seat, shown): frozenset({f"trick/{s}" for s in range(SEATS)}
                             | {f"hand/{s}" for s in range(SEATS) if shown or s == seat})
    for seat in (None, *range(SEATS)) for shown in (False, True)}


def _sheet_copy(sheet: Sequence[shapes.SheetRow]) -> list[shapes.SheetRow]:
    """A copy of the score sheet for a view or a result: each row a new dict, its one list
    (the points) new (the general :func:`plain_copy` walk costs a view more; a search
    reads a view at every playout move)."""
    return [{**row, "delta": list(row["delta"])} for row in sheet]


def sort_key(c: Card) -> tuple[int, str]:
    """A hand's order: by rank, then by suit letter (Clubs, Diamonds, Hearts, Spades)."""
    return rank_index(c), c.suit


#: Each card's place in the order of :class:`Card` (a listed play's cards sort the list).
ORDER = {c: i for i, c in enumerate(sorted(DECK))}


def _card_order(action: Action) -> int:
    """Where an action sorts among those of its kind (by its cards, as :class:`Action`
    sorts), as one number: each card a digit, base 64, a missing card below any card.
    A number, so a game's copy shares it (:func:`game.engine.plain_copy`)."""
    key = 0
    for c in action.cards:
        key = (key << 6) | (ORDER[c] + 1)
    return key << (6 * (HAND_SIZE + KITTY_SIZE - len(action.cards)))   # the most a play holds


def _first(entry: tuple[int, Action]) -> int:
    return entry[0]


def _by_rank(hand: Sequence[Card]) -> dict[str, list[Card]]:
    """A hand's cards by rank letter, in the hand's order."""
    out: dict[str, list[Card]] = {}
    for c in hand:
        out.setdefault(LETTERS[RANK[c]], []).append(c)
    return out


def _first_play(by_rank: Mapping[str, Sequence[Card]], value: str) -> Action:
    """The listed play of ``value``: the first cards of each rank (``value`` is a play
    the hand holds, lowest rank first, so the cards come out in the hand's order)."""
    cards: list[Card] = []
    for ch in dict.fromkeys(value):
        cards += by_rank[ch][:value.count(ch)]
    return Action("play", tuple(cards), value)


def play_of(cards: Sequence[Card]) -> Action:
    """The action that plays exactly ``cards``: sorted as a hand holds them, and named by
    their rank letters, lowest first (``play:3C,3H,4S:334``)."""
    cs = tuple(sorted(cards, key=sort_key))
    return Action("play", cs, "".join(LETTERS[RANK[c]] for c in cs))


def cards_for(hand: Sequence[Card], value: str,
              rng: Optional[random.Random] = None) -> Optional[tuple[Card, ...]]:
    """Cards of ``hand`` that make the play ``value``: of each rank, the first in the hand's
    order (no ``rng``: the one play :meth:`DoudizhuState.legal_actions` lists), or any
    of that rank held, each as likely (``rng``: a computer's pick, so the suits it shows
    follow no pattern of the rest of its hand).  None if the hand cannot make it."""
    by_rank: dict[str, list[Card]] = {}
    for c in hand:
        by_rank.setdefault(LETTERS[RANK[c]], []).append(c)
    out: list[Card] = []
    for ch in dict.fromkeys(value):
        held, need = by_rank.get(ch, []), value.count(ch)
        if len(held) < need:
            return None
        out += rng.sample(held, need) if rng is not None else held[:need]
    return tuple(out)


def play_from(hand: Sequence[Card], value: str, rng: Optional[random.Random] = None) -> Action:
    """The action that plays ``value`` with cards of ``hand`` (see :func:`cards_for`)."""
    cs = cards_for(hand, value, rng)
    if cs is None:
        raise ValueError(f"the hand cannot play {value!r}")
    return play_of(cs)


def combo_json(combo: Combo) -> shapes.Combo:
    return {"kind": combo.kind, "rank": combo.rank, "length": combo.length, "size": combo.size}


class DoudizhuState(State):
    """A game of several hands of Dou Dizhu with a running score."""

    view_shape = shapes.View
    result_shape = shapes.FinalResult
    event_shapes = shapes.EVENTS
    #: what each hand's plays were worked out to, kept until the hand changes
    books: list[MoveBook | None]
    packed: list[int | None]                 # each hand's packed counts
    #: each hand's listed play of each value (:meth:`legal_actions`), with its place in
    #: the list's order
    listed: list[dict[str, tuple[int, Action]] | None]
    high_bidder: int | None
    position_fields = {
        "hand_no": int, "deals": int, "first_bidder": int, "phase": str, "turn": int,
        "bids": list[str | None], "high_bid": int, "high_bidder": int | None, "spoken": int,
        "landlord": int | None, "last": tuple[int, str, Combo] | None, "passes": int,
        "_mult": int, "bombs": int, "revealed": bool, "hands": list[list[Card]],
        "kitty": list[Card], "kitty_shown": list[Card], "out": list[Card],
        "trick": list[list[Card]], "played": list[str], "plays": list[int],
        "trail": list[tuple[int, str]],
        "totals": list[int], "sheet": Any, "winners": list[int],
    }
    #: written once and never changed: a sheet's row, a play's letters in the trail and
    #: in the cards played (views and results hand out copies)
    append_only = State.append_only + ("sheet", "trail", "played")

    def _positioned(self) -> None:
        self.books = [None] * SEATS
        self.packed = [None] * SEATS
        self.listed = [None] * SEATS

    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        if seats != SEATS:
            raise ValueError("Dou Dizhu is played by three")
        self.rules: str = options.get("rules", "text")
        self.kinds = RULESETS[self.rules]
        self.doubling = DOUBLING[self.rules]
        self.hand_count: int = options.get("hands", 3)
        self.hand_no = 0
        self.deals = 0                       # deals of this hand (a redeal adds one)
        self.first_bidder = 0
        self.totals = [0] * SEATS
        self.sheet: list[shapes.SheetRow] = []
        self.winners: list[int] = []
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.kitty: list[Card] = []
        self.out: list[Card] = []            # played cards of finished tricks
        self.trick: list[list[Card]] = [[] for _ in range(SEATS)]
        self._opening = self._start_hand()

    # -- the contract ----------------------------------------------------------------------
    def opening_events(self) -> list[Event]:
        return list(self._opening)

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.turn:
            return []
        if self.phase == BID:
            return [BID_ACTIONS[b] for b in BIDS if b > self.high_bid] + [PASS]
        listed = self.listed[seat]
        if listed is None:
            listed = self.listed[seat] = {}
        hand = self.hands[seat]
        held = set(hand)
        by_rank: dict[str, list[Card]] | None = None
        found = []
        for v in self._plays(seat):
            entry = listed.get(v)
            # a play listed before still is the listed one while the hand holds its cards:
            # a hand only loses cards in play, so they are still the first of their ranks
            if entry is None or not held.issuperset(entry[1].cards):
                if by_rank is None:
                    by_rank = _by_rank(hand)
                action = _first_play(by_rank, v)
                entry = listed[v] = (_card_order(action), action)
            found.append(entry)
        found.sort(key=_first)
        acts = [a for _, a in found]
        return [PASS] + acts if self._may_pass() else acts

    def _may_pass(self) -> bool:
        """Whether the seat to act may pass: while bidding, and in play only in reply to a
        combination ("Il conduttore apre il gioco giocando una combinazione ... Se non la
        posseggono passano la mano": whoever leads plays)."""
        return self.phase == BID or (self.phase == PLAY and self.last is not None)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Answered without listing the plays."""
        if self.phase == OVER or seat != self.turn:
            return False
        if action == PASS:
            return self._may_pass()
        if self.phase == BID:
            return action.kind == "bid" and not action.cards and action.value in _BID_TEXT \
                and int(action.value) > self.high_bid
        if action.kind != "play" or not self._names_its_cards(seat, action):
            return False
        prev = self.last[2] if self.last is not None else None
        return combos.is_legal_play(self._counts(seat), action.value, prev, self.kinds)

    def _names_its_cards(self, seat: int, action: Action) -> bool:
        """Whether a play's cards are the seat's, each once, and its letters theirs."""
        cs = action.cards
        return bool(cs) and len(set(cs)) == len(cs) and all(c in self.hands[seat] for c in cs) \
            and action.value == play_of(cs).value

    def from_log(self, seat: int, action: Action) -> Action:
        """A play an older log names by its ranks only (``play::33344``) is the play of the
        cards the referee then took: the first of each rank in the hand's order."""
        if action.kind == "play" and not action.cards and self.phase == PLAY \
                and 0 <= seat < SEATS:
            cs = cards_for(self.hands[seat], action.value)
            if cs is not None:
                return play_of(cs)
        return action

    def _reason(self, seat: int, action: Action) -> Reason | None:
        if self.phase == BID:
            if action.kind == "bid" and not action.cards and action.value in _BID_TEXT:
                return Reason("doudizhu.bid_higher", {"bid": self.high_bid})
            if action.kind == "bid":
                return Reason("doudizhu.bad_bid")
            return Reason("doudizhu.bid_first")
        if action.kind == "bid":
            return Reason("doudizhu.no_bid_now")
        if action.kind == "pass":
            return Reason("doudizhu.pass_plain" if self._may_pass() else "doudizhu.must_lead")
        if action.kind != "play" or not action.cards:
            return Reason("doudizhu.pick_cards")
        if any(c not in self.hands[seat] for c in action.cards) \
                or len(set(action.cards)) != len(action.cards):
            return Reason("doudizhu.not_in_hand")
        if action.value != play_of(action.cards).value:
            return Reason("doudizhu.name_ranks")
        counts = combos.counts_of(action.value)
        if counts is None:
            return Reason("doudizhu.name_ranks")
        combo = combos.classify(counts, self.kinds)
        if combo is None:
            other = combos.classify(counts, RULESETS["classic"])
            if other is not None and self.rules != "classic":
                return Reason(f"doudizhu.classic_only.{other.kind}")
            return Reason("doudizhu.not_a_combination")
        if self.last is None:               # a lead the hand holds is legal: nothing to say
            return None
        _, shown, prev = self.last
        if prev.kind == ROCKET:
            return Reason("doudizhu.rocket_unbeatable")
        if combo.kind == BOMB or (combo.kind == prev.kind and combo.length == prev.length):
            return Reason("doudizhu.too_low", {"play": action.value, "prev": shown})
        return Reason("doudizhu.wrong_kind", {"size": prev.size, "prev": shown})

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if self.phase == BID:
            return self._bid(seat, action)
        if action == PASS:
            return self._pass(seat)
        return self._play(seat, action)

    def result(self) -> shapes.FinalResult:
        return {"scores": list(self.totals), "winners": list(self.winners),
                "sheet": _sheet_copy(self.sheet)}

    # -- facts -----------------------------------------------------------------------------
    def _counts(self, seat: int) -> list[int]:
        counts = [0] * len(LETTERS)
        for c in self.hands[seat]:
            counts[RANK[c]] += 1
        return counts

    def _plays(self, seat: int) -> list[str]:
        book = self.books[seat]
        if book is None:
            book = self.books[seat] = combos.book_of(tuple(self._counts(seat)), self.kinds)
        packed = self.packed[seat]
        if packed is None:
            packed = self.packed[seat] = combos.pack(self._counts(seat))
        if self.last is None:
            return book.leads(packed)
        return book.replies(packed, self.last[2])

    @property
    def multiplier(self) -> int:
        return self._mult

    @property
    def stake(self) -> int:
        return max(self.high_bid, 1) * self._mult

    def _face_up(self, seat: int | None) -> frozenset[str]:
        """The zones whose faces ``seat`` sees: the tricks on the table, its own hand, and
        every hand once the hand is over or one is revealed (never the kitty nor the
        played pile)."""
        return _FACE_UP[seat, self.phase == OVER or self.revealed]

    def round_number(self) -> int:
        """The hand being played (the tests' stretches count them)."""
        return self.hand_no

    def secret_cards(self, seat: int | None) -> set[str]:
        """The kitty until the landlord shows it; the others' hands, until a hand's end
        shows every hand."""
        hidden = {c.code for c in self.kitty}
        if not self.revealed:
            for s in range(self.seats):
                if s != seat:
                    hidden |= {c.code for c in self.hands[s]}
        return hidden - {c.code for c in self.kitty_shown}

    @staticmethod
    def starts_deal(event: Event) -> bool:
        """The ``gather`` event deals afresh."""
        return event.kind == "gather"

    def true_zones(self) -> dict[str, list[Card]]:
        return {z: list(cs) for z, cs in self._zones().items()}

    def _zones(self) -> dict[str, list[Card]]:
        """Every zone and the game's own list of its cards (not copies: a view makes its
        own lists of codes from them)."""
        zones: dict[str, list[Card]] = {"deck": [], "kitty": self.kitty, "out": self.out}
        for s, (hand, trick) in enumerate(_SEAT_ZONES):
            zones[hand] = self.hands[s]
            zones[trick] = self.trick[s]
        return zones

    def _set_zones(self, zones: Mapping[str, Sequence[Card]]) -> None:
        """Hands are kept sorted (their order is no secret: each is one seat's own)."""
        for zone, cs in zones.items():
            kind, _, owner = zone.partition("/")
            if kind == "hand":
                self.hands[int(owner)] = sorted(cs, key=sort_key)
            elif kind == "trick":
                self.trick[int(owner)] = list(cs)
            elif zone in ("kitty", "out"):
                setattr(self, zone, list(cs))
            elif cs:
                raise ValueError(f"Dou Dizhu has no cards in {zone!r}")
        self.books = [None] * SEATS
        self.packed = [None] * SEATS
        self.listed = [None] * SEATS

    def _fixed_zones(self, seat: int | None) -> frozenset[str]:
        """The played pile lies face down: every card in it was seen played."""
        return frozenset({"out"})

    def view(self, seat: int | None) -> shapes.View:
        zones = seat_zones(self._zones(), seat, self._face_up(seat))
        last: shapes.Last | None = None
        if self.last is not None:
            last = shapes.Last(seat=self.last[0], play=self.last[1], **combo_json(self.last[2]))
        out: shapes.View = {
            "seat": seat, "zones": zones, "phase": self.phase,
            "to_act": list(self.to_act()), "turn": self.turn if self.phase != OVER else None,
            "rules": self.rules, "hand_no": self.hand_no, "hands": self.hand_count,
            "deals": self.deals, "first_bidder": self.first_bidder,
            "bids": list(self.bids), "high_bid": self.high_bid, "landlord": self.landlord,
            "kitty": codes(self.kitty_shown), "last": last, "passes": self.passes,
            "counts": [len(h) for h in self.hands], "multiplier": self._mult,
            "stake": self.stake, "bombs": self.bombs, "played": list(self.played),
            "plays": list(self.plays), "trail": [[s, v] for s, v in self.trail],
            "scores": list(self.totals), "sheet": _sheet_copy(self.sheet),
        }
        if self.phase == OVER:
            out["winners"] = list(self.winners)
        return out

    # -- the flow of a hand ----------------------------------------------------------------
    def _start_hand(self) -> list[Event]:
        self.hand_no += 1
        if self.hand_no > 1:                 # one seat on from the last deal's first bidder
            self.first_bidder = (self.first_bidder + 1) % SEATS
        self.deals = 0
        return self._deal()

    def _deal(self) -> list[Event]:
        """Gather every card, shuffle, deal 17 each and three face down; bidding opens."""
        self.deals += 1
        head: shapes.DealHead = {"hand_no": self.hand_no, "deal": self.deals}
        events: list[Event] = []
        gather = [card_move(None, z, "deck", False) for z, cs in self.true_zones().items()
                  if z != "deck" for _ in cs]
        if gather:
            events.append(shapes.GATHER(None, {**head, "moves": gather}))
        deck = shuffled(DECK, self.rng)
        self.hands = [sorted(deck[s * HAND_SIZE:(s + 1) * HAND_SIZE], key=sort_key)
                      for s in range(SEATS)]
        self.kitty = deck[SEATS * HAND_SIZE:]
        self.kitty_shown: list[Card] = []
        self.out, self.trick = [], [[] for _ in range(SEATS)]
        self.phase, self.turn = BID, self.first_bidder
        self.bids: list[str | None] = [None] * SEATS
        self.high_bid, self.high_bidder, self.spoken = 0, None, 0
        self.landlord: int | None = None
        self.last: tuple[int, str, Combo] | None = None
        self.passes = 0
        self._mult, self.bombs = 1, 0
        self.played: list[str] = []
        #: the hand's plays and passes in order, (seat, value or "pass"): public, and
        #: what a player reads the other hands from (game/ai/doudizhu.py's inference)
        self.trail: list[tuple[int, str]] = []
        self.plays = [0] * SEATS
        self.revealed = False
        self.books = [None] * SEATS
        self.packed = [None] * SEATS
        self.listed = [None] * SEATS
        for s in range(SEATS):
            dst = f"hand/{s}"
            events.append(shapes.DEAL(s, {**head, "moves": [card_move(None, "deck", dst, False)
                                                              for _ in self.hands[s]]},
                                private={"moves": [card_move(c, "deck", dst, True)
                                                   for c in self.hands[s]]},
                                audience=frozenset({s})))
        events.append(shapes.DEAL(None, {**head, "moves": [card_move(None, "deck", "kitty", False)
                                                             for _ in self.kitty]}))
        events.append(shapes.BIDDING(self.turn, {**head, "first": self.turn}))
        return events

    def _bid(self, seat: int, action: Action) -> list[Event]:
        self.spoken += 1
        if action == PASS:
            self.bids[seat] = "pass"
        else:
            self.high_bid, self.high_bidder = int(action.value), seat
            self.bids[seat] = action.value
        events = [shapes.BID(seat, {"bid": self.bids[seat], "high_bid": self.high_bid})]
        if self.high_bid == TOP_BID or self.spoken == SEATS:
            if self.high_bidder is None:
                events.append(shapes.REDEAL(None, {"hand_no": self.hand_no}))
                self.first_bidder = (self.first_bidder + 1) % SEATS
                events += self._deal()
            else:
                events += self._crown(self.high_bidder)
        else:
            self.turn = (seat + 1) % SEATS
        return events

    def _crown(self, landlord: int) -> list[Event]:
        """The highest bidder takes the three cards, shows them, and leads."""
        self.landlord = landlord
        self.kitty_shown = list(self.kitty)
        dst = f"hand/{landlord}"
        self.hands[landlord] = sorted(self.hands[landlord] + self.kitty, key=sort_key)
        self.packed[landlord] = None
        self.listed[landlord] = None
        # turned up for all to see, then they join the landlord's hand.  The landlord
        # sees each land in its place in the sorted hand (in that order, so each index
        # holds); the others see them go face down, without their codes and in no
        # place: where a card lands would tell how many hidden cards sort above it, and
        # a hidden hand followed by code would drift from the true order as unseen
        # cards leave it (the end-of-hand reveal would turn the wrong places)
        shown = [card_move(c, "kitty", "kitty", True) for c in self.kitty]
        order = sorted(self.kitty, key=self.hands[landlord].index)
        placed = [{**card_move(c, "kitty", dst, True), "at": self.hands[landlord].index(c)}
                  for c in order]
        hidden = [card_move(None, "kitty", dst, False) for _ in order]
        self.kitty = []
        self.phase, self.turn = PLAY, landlord
        head: shapes.LandlordHead = {"bid": self.high_bid, "kitty": codes(self.kitty_shown),
                                     "stake": self.stake}
        return [shapes.LANDLORD(landlord, {**head, "moves": shown}),
                shapes.KITTY_TAKEN(landlord, {**head, "moves": hidden},
                      private={"moves": placed}, audience=frozenset({landlord}))]

    def _pass(self, seat: int) -> list[Event]:
        self.passes += 1
        self.trail.append((seat, "pass"))
        events = [shapes.PASS(seat, {})]
        self.turn = (seat + 1) % SEATS
        if self.last is not None and self.turn == self.last[0]:   # the others both passed
            moves = [card_move(c, f"trick/{s}", "out", False) for s in range(SEATS)
                     for c in self.trick[s]]
            for s in range(SEATS):
                self.out.extend(self.trick[s])
                self.trick[s] = []
            events.append(shapes.TRICK_CLEARED(self.last[0], {"moves": moves,
                                                                "leader": self.last[0]}))
            self.last, self.passes = None, 0
        return events

    def _play(self, seat: int, action: Action) -> list[Event]:
        value = action.value
        combo = combos.classify(value, self.kinds)
        assert combo is not None
        moves = [card_move(c, f"trick/{seat}", "out", False) for c in self.trick[seat]]
        self.out.extend(self.trick[seat])
        hand, cards = self.hands[seat], sorted(action.cards, key=sort_key)
        for c in cards:                       # exactly the cards the player picked
            hand.remove(c)
        self.packed[seat] = None
        self.trick[seat] = cards
        moves += [card_move(c, f"hand/{seat}", f"trick/{seat}", True) for c in cards]
        self.played.append(value)
        self.trail.append((seat, value))
        self.plays[seat] += 1
        if combo.kind in (BOMB, ROCKET):
            self.bombs += 1
            if self.doubling:
                self._mult *= 2
        self.last, self.passes = (seat, value, combo), 0
        self.turn = (seat + 1) % SEATS
        events = [shapes.PLAY(seat, {"play": value, **combo_json(combo),
                                       "cards": codes(cards), "left": len(hand),
                                       "multiplier": self._mult, "stake": self.stake,
                                       "moves": moves})]
        if not hand:
            events += self._end_hand(seat)
        return events

    def _end_hand(self, winner: int) -> list[Event]:
        landlord = self.landlord
        assert landlord is not None
        landlord_won = winner == landlord
        losers = [s for s in range(SEATS) if (s == landlord) != landlord_won]
        # A spring: the losers never played (the landlord's opening lead aside).
        spring = all(self.plays[s] == (1 if s == landlord else 0) for s in losers)
        if spring and self.doubling:
            self._mult *= 2
        stake = self.stake
        delta = [0] * SEATS
        for s in range(SEATS):
            if s == landlord:
                delta[s] = (1 if landlord_won else -1) * LANDLORD_SHARE * stake
            else:
                delta[s] = (-1 if landlord_won else 1) * stake
        self.totals = [t + d for t, d in zip(self.totals, delta)]
        row: shapes.SheetRow = {
            "hand_no": self.hand_no, "landlord": landlord, "bid": self.high_bid,
            "bombs": self.bombs, "spring": spring, "multiplier": self._mult, "stake": stake,
            "landlord_won": landlord_won, "winner": winner, "delta": delta}
        self.sheet.append(row)
        self.revealed = True
        self.last = None                      # no play to beat: the hand is over
        reveal = [card_move(c, f"hand/{s}", f"hand/{s}", True) for s in range(SEATS)
                  for c in self.hands[s]]
        kept: shapes.SheetRow = plain_copy(row)
        events = [shapes.HAND_OVER(winner, {**kept, "totals": list(self.totals), "moves": reveal})]
        if self.hand_no < self.hand_count:
            events += self._start_hand()
            return events
        top = max(self.totals)
        self.winners = [s for s in range(SEATS) if self.totals[s] == top]
        self.phase = OVER
        events.append(shapes.GAME_ENDED(None, {"scores": list(self.totals),
                                              "winners": list(self.winners)}))
        return events


_BID_TEXT = {str(b) for b in BIDS}

