"""A game of Bocce in progress: the deal, the lag, the rolling, knock-outs, scoring.

The zones, actions and events follow the agreement with the table scene
(notes/bocce_zones.md).  Events also carry every number the screen shows
while they play out, worked out here so that no screen repeats a rule: a
``roll`` or ``draw`` its ``totals`` and the ``total`` the bocce shows, a
``stand`` or ``bust`` the ``points`` it would score now, a ``knockout`` the
``target_points`` of the bocce it hits; a ``lag_reveal``, ``roll`` or ``draw`` with a face card
its ``why`` (rules.py ``picture_note``: 10 in the lag, 1 in a bocce); ``hand_scored`` what became of every
bocce of the hand (``bocce``: total, status, points, who knocked it out) and
whether the game ends with it (``final``); the last event is ``game_over``
(:data:`game.engine.GAME_OVER`) with the ``scores`` and ``winners``.  The view
keeps the last finished frame (``last_frame``: its pallino, both lag cards and
worths, both bocce with their cards and fate) for a player who wants to look
back at it once its cards have left the table.

Choices where the rule text is silent, all shown in assets/rules/en/bocce.md:

* The first roller of hand 1, frame 1 is drawn by the seed; after that the
  first roller alternates every frame, across hands too (so hand 1 goes
  A B A, hand 2 B A B: over two hands both roll first three times).
* A bocce is out of bounds (bust) only when every total it can make is over
  the pallino; busted and knocked-out bocce go to the discard at once.
  A busted bocce neither knocks out nor can be knocked out.
* A finished total that equals the totals of several finished opponent
  bocce knocks out all of them.
* When the Draw Pile is empty, the discard is shuffled into a new Draw Pile;
  if the discard is empty too, the rolling bocce must stand.
* When both players pass the target in the same hand, the higher score wins;
  a tie plays another hand.
* Option ``target`` (default 25): 10 and 15 make a short game (the kiosk's demo
  plays to 10), 50 a long one.

Declared shapes: the view and every event's data are ``game/views/bocce.py``.  Text
form (game/position.py): ``state.to_text()`` writes the position, ``State.from_text``
reads it back; after the four lines naming the game come :attr:`BocceState.position_fields`
in order, each bocce as its cards, status, total and who knocked it out::

    scores = [12, 9]
    phase = "lag"
    hands = [["KS", "5H", "2D"], ["7C", "3C", "4C"]]
    bocce = [[{"cards": ["9H", "8D"], "status": "waiting", "total": null,
               "knocked_by": null}, ...], [...]]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence, cast

from game.bocce.rules import FRAMES, lag_worths, picture_note, points, totals
from game.cards import Card, codes, french_deck, shuffled
from game.engine import GAME_ENDED, Action, Event, Reason, State, card_move, seat_zones
from game.views import bocce as shapes

SEATS = (0, 1)
WAITING, ROLLING, FINISHED, BUST, KNOCKED_OUT = (
    "waiting", "rolling", "finished", "bust", "knocked_out")
#: Bocce whose cards still lie in their zone (busted and knocked-out ones are discarded).
_ON_TABLE = (WAITING, ROLLING, FINISHED)


@dataclass
class Bocce:
    """One bocce: its cards (kept after it leaves the table), its status, its final total,
    and for a knocked-out bocce the (seat, frame index) of the bocce that hit it."""

    cards: list[Card] = field(default_factory=list)
    status: str = WAITING
    total: int | None = None
    knocked_by: tuple[int, int] | None = None

    def points(self, pallino: int | None) -> int | None:
        """What it scores if the hand ended now; None while it has not finished."""
        if self.status in (BUST, KNOCKED_OUT):
            return 0
        if self.status == FINISHED and pallino is not None and self.total is not None:
            return points(self.total, pallino)
        return None


def bocce_zone(seat: int, index: int) -> str:
    return f"bocce/{seat}/{index}"


#: the deck in its fixed order, made once (a hand shuffles a new list of it: a search
#: plays a hand's end, and so the next hand's start, in every playout)
DECK: tuple[Card, ...] = tuple(french_deck())
#: each seat's zones by name: its hand, its lag card, its bocce frame by frame
_SEAT_ZONES = tuple((f"hand/{s}", f"lag/{s}", tuple(bocce_zone(s, i) for i in range(FRAMES)))
                    for s in SEATS)


# A view's copies of the records of the last hand and frame, level by level (they are
# read at every move of a search's playouts; the general plain_copy walk was a third of
# a view's cost)
def _fate_copy(fate: shapes.Fate) -> shapes.Fate:
    out = dict(fate)
    by = fate["knocked_by"]
    out["knocked_by"] = None if by is None else dict(by)
    if "cards" in fate:
        out["cards"] = list(fate["cards"])
    return cast(shapes.Fate, out)


def _frame_copy(last: shapes.LastFrame | None) -> shapes.LastFrame | None:
    if last is None:
        return None
    return cast(shapes.LastFrame, {**last, "lag": [dict(lag) for lag in last["lag"]],
                                   "bocce": [_fate_copy(f) for f in last["bocce"]]})


def _hand_copy(last: shapes.HandScored) -> shapes.HandScored:
    return {**last, "points": [list(p) for p in last["points"]],
            "hand_points": list(last["hand_points"]), "pallinos": list(last["pallinos"]),
            "scores": list(last["scores"]),
            "bocce": [[_fate_copy(f) for f in row] for row in last["bocce"]]}


#: The longest total a stand may name: 52 cards with every Ace at 10 make 3 digits.
_TOTAL_DIGITS = 3


def stand_total(value: str) -> int | None:
    """The total a stand's value names, if it is written the way :meth:`legal_actions`
    writes one (ASCII digits, no leading zero, short); else None.

    A value comes from anyone (a file, the network), so ``int()`` is never asked
    about "²", "٣", "02" or a 5,000-digit number: those name no total.
    """
    if not (value.isascii() and value.isdigit() and len(value) <= _TOTAL_DIGITS):
        return None
    total = int(value)
    return total if str(total) == value else None


def shown_total(ts: list[int], pallino: int | None) -> int:
    """The one total a rolling bocce shows: its best under the pallino, else its least."""
    under = [t for t in ts if pallino is not None and t <= pallino]
    return max(under) if under else min(ts)


class BocceState(State):
    """Two seats; every hand three frames, every frame a lag and two rolls."""

    view_shape = shapes.View
    result_shape = shapes.FinalResult
    event_shapes = shapes.EVENTS
    position_fields = {
        "scores": list[int], "hand_no": int, "frame": int, "frames_played": int,
        "first_of_game": int, "first": int, "phase": str, "rolling": int | None,
        "rolled": list[bool], "deck": list[Card], "discard": list[Card],
        "hands": list[list[Card]], "lag": list[Card | None], "lag_worth": list[int | None],
        "pallinos": list[int | None], "bocce": list[list[Bocce]], "winners": list[int],
        "last_hand": Any, "last_frame": Any,
    }
    #: the last hand's and the last frame's records are made anew, never changed in place
    kept_whole = ("last_hand", "last_frame")

    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        self.target: int = int(options.get("target", 25))
        self.scores = [0, 0]
        self.hand_no = 0
        self.frame = 0                      # 0-based frame of the current hand
        self.frames_played = 0              # over the whole game: drives who rolls first
        self.first_of_game = self.rng.randrange(2)
        self.first = self.first_of_game     # who rolls first in the current frame
        self.deck: list[Card] = []          # the Draw Pile; its top is the last card
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[], []]
        self.lag: list[Card | None] = [None, None]
        self.lag_worth: list[int | None] = [None, None]
        self.pallinos: list[int | None] = [None] * FRAMES
        self.bocce: list[list[Bocce]] = [[Bocce() for _ in range(FRAMES)] for _ in SEATS]
        self.phase = "lag"
        self.rolling: int | None = None
        self.rolled = [False, False]
        self.winners: list[int] = []
        self.last_hand: shapes.HandScored | None = None
        self.last_frame: shapes.LastFrame | None = None
        self._opening = self._start_hand()

    # -- the contract ------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "lag":
            return tuple(s for s in SEATS if self.lag[s] is None)
        if self.phase == "roll" and self.rolling is not None:
            return (self.rolling,)
        return ()

    def opening_events(self) -> list[Event]:
        return list(self._opening)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "lag":
            return sorted(Action("commit", (c,), str(w))
                          for c in self.hands[seat] for w in lag_worths(c))
        ts = self._rolling_totals()
        pallino = self.pallino
        assert pallino is not None, "the lag set the pallino"
        out = [Action("stand", (), str(t)) for t in ts if t <= pallino]
        if min(ts) < pallino and self._can_draw():
            out.append(Action("draw"))
        return sorted(out)

    def is_legal(self, seat: int, action: Action) -> bool:
        """:meth:`legal_actions` membership, answered without building the list."""
        if seat not in self.to_act():
            return False
        if self.phase == "lag":
            if action.kind != "commit" or len(action.cards) != 1:
                return False
            c = action.cards[0]
            return c in self.hands[seat] and action.value in {str(w) for w in lag_worths(c)}
        if action.cards:
            return False
        ts = self._rolling_totals()
        pallino = self.pallino
        assert pallino is not None
        if action.kind == "stand":
            return action.value in {str(t) for t in ts if t <= pallino}
        if action.kind == "draw":
            return not action.value and min(ts) < pallino and self._can_draw()
        return False

    def _waiting_reason(self, seat: int, action: Action) -> Reason | None:
        """Bocce's words for a seat that must wait: the lag or the other's roll."""
        if self.phase == "lag":
            return Reason("bocce.explain.wait_lag")
        return Reason("bocce.explain.wait_roll")

    def _reason(self, seat: int, action: Action) -> Reason | None:
        if self.phase == "lag":
            if action.kind != "commit":
                return Reason("bocce.explain.lag_first")
            card = action.card
            if card is None:
                return Reason("bocce.explain.one_card")
            if card not in self.hands[seat]:
                return Reason("bocce.explain.not_in_hand")
            if card.is_ace:
                return Reason("bocce.explain.ace_worth")
            return Reason("bocce.explain.card_worth",
                          {"card": card.code, "worth": lag_worths(card)[0]})
        ts = self._rolling_totals()
        pallino = self.pallino
        assert pallino is not None
        if action.kind == "commit":
            # the words name only the moves left: on the pallino, or with nothing left to
            # draw, standing is all there is
            if min(ts) >= pallino:
                return Reason("bocce.explain.lag_over_on_pallino")
            if not self._can_draw():
                return Reason("bocce.explain.lag_over_pile_empty")
            return Reason("bocce.explain.lag_over")
        if action.kind == "draw":
            if min(ts) >= pallino:
                return Reason("bocce.explain.on_pallino")
            if not self._can_draw():
                return Reason("bocce.explain.pile_empty")
            return Reason("bocce.explain.draw_plain")   # a card or a value came with it
        if action.kind == "stand":
            # Digits only, so the reason reads the same in every language.
            allowed = ", ".join(str(t) for t in ts if t <= pallino)
            total = stand_total(action.value)
            if total is not None and total in ts and total > pallino:
                return Reason("bocce.explain.stand_over", {
                    "total": total, "pallino": pallino, "totals": allowed})
            return Reason("bocce.explain.stand_total", {"totals": allowed})
        return Reason("bocce.explain.unknown")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.kind == "commit":
            return self._commit(seat, action.cards[0], int(action.value))
        if action.kind == "draw":
            return self._draw(seat)
        return self._stand(seat, int(action.value))

    def result(self) -> shapes.FinalResult:
        return {"scores": list(self.scores), "winners": list(self.winners)}

    # -- what is where -----------------------------------------------------
    @property
    def pallino(self) -> int | None:
        """This frame's pallino once the lag is revealed, else None."""
        return self.pallinos[self.frame]

    def round_number(self) -> int:
        """The hand being played (the tests' stretches count them)."""
        return self.hand_no

    def secret_cards(self, seat: int | None) -> set[str]:
        """The deck, the others' hands, a lag card until the frame's pallino is known, and
        every boccia still waiting to be rolled."""
        hidden = {c.code for c in self.deck}
        for s in range(self.seats):
            if s != seat:
                hidden |= {c.code for c in self.hands[s]}
                lag = self.lag[s]
                if lag is not None and self.pallinos[self.frame] is None:
                    hidden.add(lag.code)
            for b in self.bocce[s]:
                if b.status == "waiting":
                    hidden |= {c.code for c in b.cards}
        return hidden

    @staticmethod
    def starts_deal(event: Event) -> bool:
        """The ``hand_start`` event deals afresh."""
        return event.kind == "hand_start"

    def true_zones(self) -> dict[str, list[Card]]:
        """Every zone with its real cards."""
        return {z: list(cs) for z, cs in self._zones().items()}

    def _zones(self) -> dict[str, Sequence[Card]]:
        """Every zone and its cards, the game's own lists where it keeps them (not
        copies: a view makes its own lists of codes): the one place the table's layout
        is described."""
        zones: dict[str, Sequence[Card]] = {"deck": self.deck, "discard": self.discard}
        for s, (hand, lag_zone, bocce) in enumerate(_SEAT_ZONES):
            zones[hand] = self.hands[s]
            lag = self.lag[s]
            zones[lag_zone] = (lag,) if lag is not None else ()
            for zone, b in zip(bocce, self.bocce[s]):
                zones[zone] = b.cards if b.status in _ON_TABLE else ()
        return zones

    def _set_zones(self, zones: Mapping[str, Sequence[Card]]) -> None:
        for zone, cs in zones.items():
            kind, _, rest = zone.partition("/")
            if zone in ("deck", "discard"):
                setattr(self, zone, list(cs))
            elif kind == "hand":
                self.hands[int(rest)] = list(cs)
            elif kind == "lag":
                seat = int(rest)
                card = self.lag[seat] = cs[0] if cs else None
                if card is not None and self.lag_worth[seat] not in lag_worths(card):
                    self.lag_worth[seat] = lag_worths(card)[0]   # a worth the new card has
            elif kind == "bocce":
                seat, index = map(int, rest.split("/"))
                self.bocce[seat][index].cards = list(cs)
            else:
                raise ValueError(f"Bocce has no zone {zone!r}")

    def sees(self, seat: int | None, zone: str) -> bool:
        """Whether ``seat`` sees the faces of the cards now in ``zone``."""
        return zone in self._seen_zones(seat)

    def _seen_zones(self, seat: int | None) -> set[str]:
        """The zones whose faces ``seat`` sees now: the discard, its own hand, a lag card
        its own or once the pallino is revealed, a bocce once rolled (never the deck)."""
        revealed = self.pallino is not None
        seen = {"discard"}
        for s, (hand, lag, bocce) in enumerate(_SEAT_ZONES):
            if seat == s:
                seen.add(hand)
            if seat == s or revealed:
                seen.add(lag)
            seen.update(zone for zone, b in zip(bocce, self.bocce[s]) if b.status != WAITING)
        return seen

    def view(self, seat: int | None) -> shapes.View:
        zones = seat_zones(self._zones(), seat, self._seen_zones(seat))
        revealed = self.pallino is not None
        out: shapes.View = {
            "seat": seat,
            "zones": zones,
            "scores": list(self.scores),
            "target": self.target,
            "hand": self.hand_no,
            "frame": self.frame + 1,
            "frames": FRAMES,
            "phase": self.phase,
            "pallino": self.pallino,
            "pallinos": list(self.pallinos),
            "first": self.first,
            "rolling": self.rolling,
            "committed": [self.lag[s] is not None for s in SEATS],
            "lag": [self.lag_worth[s] if (revealed or seat == s) else None for s in SEATS],
            "bocce": [[self._bocce_view(s, i) for i in range(FRAMES)] for s in SEATS],
            "last_hand": None if self.last_hand is None else _hand_copy(self.last_hand),
            "last_frame": _frame_copy(self.last_frame),
        }
        if self.phase == "over":
            out["winners"] = list(self.winners)
        return out

    def _bocce_view(self, seat: int, index: int) -> shapes.ShownBocce:
        b = self.bocce[seat][index]
        pallino = self.pallinos[index]
        if b.status == WAITING:
            return {"total": None, "totals": [], "status": WAITING, "points": None}
        ts = totals(b.cards)
        total = shown_total(ts, pallino) if b.status == ROLLING else b.total
        return {"total": total, "totals": ts, "status": b.status, "points": b.points(pallino)}

    def _fate(self, seat: int, index: int, cards: bool = True) -> shapes.Fate:
        """What a rolled bocce became, for the hand's summary and (with its ``cards``)
        the look back at a frame: all of it public (a rolled bocce lies face up, and goes
        face up to the discard when it busts or is knocked out)."""
        b = self.bocce[seat][index]
        by: shapes.KnockedBy | None = None if b.knocked_by is None else {"seat": b.knocked_by[0],
                                                "frame": b.knocked_by[1] + 1}
        out: shapes.Fate = {"total": b.total, "status": b.status,
                            "points": b.points(self.pallinos[index]), "knocked_by": by}
        if cards:
            out["cards"] = codes(b.cards)
        return out

    # -- the flow of a hand ------------------------------------------------
    def _rolling_totals(self) -> list[int]:
        assert self.rolling is not None
        return totals(self.bocce[self.rolling][self.frame].cards)

    def _can_draw(self) -> bool:
        return bool(self.deck or self.discard)

    def _start_hand(self) -> list[Event]:
        """Gather every card, shuffle, deal three bocce and three hand cards to each seat."""
        gather = [card_move(None, zone, "deck", False)
                  for zone, cs in self._zones().items() if zone != "deck" for _ in cs]
        self.hand_no += 1
        self.frame = 0
        self.discard = []
        self.hands = [[], []]
        self.pallinos = [None] * FRAMES
        self.bocce = [[Bocce() for _ in range(FRAMES)] for _ in SEATS]
        self.deck = shuffled(DECK, self.rng)
        events = [shapes.HAND_START(None, {"hand": self.hand_no, "moves": gather})]
        for s in SEATS:
            public, private = [], []
            for i in range(FRAMES):
                for _ in range(2):
                    self.bocce[s][i].cards.append(self.deck.pop())
                    public.append(card_move(None, "deck", bocce_zone(s, i), False))
                    private.append(public[-1])
            for _ in range(FRAMES):
                c = self.deck.pop()
                self.hands[s].append(c)
                public.append(card_move(None, "deck", f"hand/{s}", False))
                private.append(card_move(c, "deck", f"hand/{s}", True))
            events.append(shapes.DEAL(s, {"moves": public}, private={"moves": private},
                                audience=frozenset({s})))
        return events + self._start_frame()

    def _start_frame(self) -> list[Event]:
        self.first = (self.first_of_game + self.frames_played) % 2
        self.phase = "lag"
        self.rolling = None
        self.rolled = [False, False]
        self.lag = [None, None]
        self.lag_worth = [None, None]
        return [shapes.FRAME_START(None,
                      {"hand": self.hand_no, "frame": self.frame + 1, "first": self.first})]

    def _commit(self, seat: int, card: Card, worth: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.lag[seat] = card
        self.lag_worth[seat] = worth
        src, dst = f"hand/{seat}", f"lag/{seat}"
        events = [shapes.LAG_COMMIT(seat, {"moves": [card_move(None, src, dst, False)]},
                        private={"moves": [card_move(card, src, dst, True)], "worth": worth},
                        audience=frozenset({seat}))]
        if all(c is not None for c in self.lag):
            pallino = sum(w for w in self.lag_worth if w is not None)
            self.pallinos[self.frame] = pallino
            self.phase = "roll"
            events.append(shapes.LAG_REVEAL(None, {
                "moves": [card_move(self.lag[s], f"lag/{s}", f"lag/{s}", True) for s in SEATS],
                "cards": [c.code for c in self.lag if c is not None],
                "worths": list(self.lag_worth), "pallino": pallino,
                "why": picture_note([c for c in self.lag if c is not None], "lag")}))
            events += self._roll(self.first)
        return events

    def _roll(self, seat: int) -> list[Event]:
        """Turn over the frame's bocce of ``seat``; out of bounds at once if every total is over."""
        self.rolling = seat
        b = self.bocce[seat][self.frame]
        b.status = ROLLING
        zone = bocce_zone(seat, self.frame)
        ts = totals(b.cards)
        events = [shapes.ROLL(seat, {"bocce": self.frame, "totals": ts,
                                        "total": shown_total(ts, self.pallino),
                                        "why": picture_note(b.cards, "roll"),
                                        "moves": [card_move(c, zone, zone, True)
                                                  for c in b.cards]})]
        return events + self._check_bust(seat)

    def _check_bust(self, seat: int) -> list[Event]:
        b = self.bocce[seat][self.frame]
        pallino = self.pallino
        assert pallino is not None
        ts = totals(b.cards)
        if min(ts) <= pallino:
            return []
        b.status, b.total = BUST, min(ts)
        zone = bocce_zone(seat, self.frame)
        self.discard.extend(b.cards)
        moves = [card_move(c, zone, "discard", True) for c in b.cards]
        events = [shapes.BUST(seat, {"bocce": self.frame, "total": b.total, "totals": ts,
                                        "points": b.points(pallino), "next": self._next_roller(seat),
                                        "moves": moves})]
        return events + self._end_roll(seat)

    def _draw(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if not self.deck:
            moves = [card_move(None, "discard", "deck", False) for _ in self.discard]
            self.deck = shuffled(self.discard, self.rng)
            self.discard = []
            events.append(shapes.RESHUFFLE(None, {"moves": moves}))
        card = self.deck.pop()
        b = self.bocce[seat][self.frame]
        b.cards.append(card)
        zone = bocce_zone(seat, self.frame)
        ts = totals(b.cards)
        events.append(shapes.DRAW(seat, {"bocce": self.frame, "totals": ts,
                                           "total": shown_total(ts, self.pallino),
                                           "why": picture_note([card], "roll"),
                                           "moves": [card_move(card, "deck", zone, True)]}))
        return events + self._check_bust(seat)

    def _stand(self, seat: int, total: int) -> list[Event]:
        b = self.bocce[seat][self.frame]
        b.status, b.total = FINISHED, total
        events = [shapes.STAND(seat, {"bocce": self.frame, "total": total,
                                        "totals": totals(b.cards),
                                        "points": b.points(self.pallino),
                                        "next": self._next_roller(seat)})]
        other = 1 - seat
        for j, victim in enumerate(self.bocce[other]):
            if victim.status == FINISHED and victim.total == total:
                victim.status = KNOCKED_OUT
                victim.knocked_by = (seat, self.frame)
                last = self.last_frame
                if last is not None and last["hand"] == self.hand_no and last["frame"] == j + 1:
                    # the frame looked back at, made anew (never changed in place: copies share it)
                    fates = list(last["bocce"])
                    fates[other] = self._fate(other, j)
                    self.last_frame = {**last, "bocce": fates}
                zone = bocce_zone(other, j)
                self.discard.extend(victim.cards)
                events.append(shapes.KNOCKOUT(seat, {
                    "bocce": self.frame, "total": total, "target_seat": other, "target_bocce": j,
                    "target_points": victim.points(self.pallinos[j]),
                    "moves": [card_move(c, zone, "discard", True) for c in victim.cards]}))
        return events + self._end_roll(seat)

    def _next_roller(self, seat: int) -> int | None:
        """Who rolls once ``seat``'s bocce is done: the other, unless the frame is over."""
        return None if self.rolled[1 - seat] else 1 - seat

    def _end_roll(self, seat: int) -> list[Event]:
        self.rolled[seat] = True
        self.rolling = None
        other = 1 - seat
        if not self.rolled[other]:
            return self._roll(other)
        moves = [card_move(self.lag[s], f"lag/{s}", "discard", True) for s in SEATS]
        self.last_frame = {
            "hand": self.hand_no, "frame": self.frame + 1, "pallino": self.pallino,
            "lag": [{"card": c.code if c is not None else None, "worth": self.lag_worth[s]}
                    for s, c in enumerate(self.lag)],
            "bocce": [self._fate(s, self.frame) for s in SEATS]}
        self.discard.extend(c for c in self.lag if c is not None)
        self.lag = [None, None]
        self.lag_worth = [None, None]
        self.frames_played += 1
        events = [shapes.FRAME_END(None, {"hand": self.hand_no, "frame": self.frame + 1,
                                            "moves": moves})]
        if self.frame + 1 < FRAMES:
            self.frame += 1
            return events + self._start_frame()
        return events + self._score_hand()

    def _score_hand(self) -> list[Event]:
        per_bocce = [[b.points(self.pallinos[i]) or 0 for i, b in enumerate(self.bocce[s])]
                     for s in SEATS]
        gained = [sum(p) for p in per_bocce]
        for s in SEATS:
            self.scores[s] += gained[s]
        high = max(self.scores)
        final = high >= self.target and self.scores[0] != self.scores[1]
        self.last_hand = {"hand": self.hand_no, "points": per_bocce, "hand_points": gained,
                          "pallinos": list(self.pallinos), "scores": list(self.scores),
                          "bocce": [[self._fate(s, i, cards=False) for i in range(FRAMES)]
                                    for s in SEATS],
                          "final": final}
        events = [shapes.HAND_SCORED(None, _hand_copy(self.last_hand))]
        if final:
            self.winners = [self.scores.index(high)]
            self.phase = "over"
            self.rolling = None
            events.append(GAME_ENDED(None,
                                {"scores": list(self.scores), "winners": list(self.winners)}))
            return events
        return events + self._start_hand()
