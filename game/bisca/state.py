"""Bisca's referee: rounds of bets and hands, lives, Babbeo and everyone out.

See :mod:`game.bisca` for the choices the rule text leaves open.

Declared shapes: the view and every event's data are ``game/views/bisca.py``.  Text
form (game/position.py): ``state.to_text()`` writes the position, ``State.from_text``
reads it back; after the four lines naming the game come :attr:`BiscaState.position_fields`
in order.  Lives and bets are in halves (a life is 2), as the state keeps them; the
hand on the table is ``[seat, card, ace worth]`` per card::

    lives = [6, 3, 4]
    bets = [2, null, null]
    table = [[0, "Ac", "high"]]
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence, cast

from game.bisca import rules
from game.bisca.rules import HALF, number
from game.cards import Card, codes, shuffled
from game.engine import Action, Event, Reason, State, card_move, plain_copy, seat_zones
from game.tricks import why_won
from game.views import bisca as shapes

BET, PLAY, OVER = "bet", "play", "over"


#: each card's play actions (an Ace's two worths), made once: a search lists them at
#: every move of every playout.  Listed card by card in the deck's sorted order, they
#: come out sorted as actions sort (kind, cards, then value: "high" before "low").
_PLAYS: dict[Card, tuple[Action, ...]] = {
    c: tuple(Action("play", (c,), worth) for worth in rules.ACE_CHOICES) if c.rank == 1
    else (Action("play", (c,)),) for c in rules.DECK}
_PLACE: dict[Card, int] = {c: i for i, c in enumerate(sorted(rules.DECK))}


def _numbers(halves: Sequence[int | None]) -> list[float | None]:
    return [None if h is None else number(h) for h in halves]


def _sheet_copy(sheet: Sequence[shapes.SheetRow]) -> list[shapes.SheetRow]:
    """A copy of the score sheet for a view or a result: each row a new dict of new lists
    (a row holds numbers and lists of numbers; a view is read at every move of a search)."""
    return [cast(shapes.SheetRow, {k: v[:] if type(v) is list else v for k, v in row.items()})
            for row in sheet]


def _lives(halves: Sequence[int]) -> list[float]:
    return [number(h) for h in halves]


class BiscaState(State):
    """A whole game of Bisca: rounds until one player is left (or everyone is out)."""

    view_shape = shapes.View
    result_shape = shapes.FinalResult
    event_shapes = shapes.EVENTS
    position_fields = {
        "round_no": int, "cards": int, "dealer": int, "players": list[int], "phase": str,
        "turn": int, "leader": int, "lives": list[int], "babbeo_used": bool,
        "bets": list[int | None], "won": list[int], "out_round": list[int],
        "deck": list[Card], "hands": list[list[Card]], "piles": list[list[Card]],
        "table": list[tuple[int, Card, str]], "played": list[Card], "winners": list[int],
        "sheet": Any, "last_hand": Any,
    }
    #: a row of the score sheet is written at the end of its round and never changed
    #: (views and results hand out copies of it: :func:`_sheet_copy`)
    append_only = State.append_only + ("sheet",)

    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        if seats not in rules.SEATS:
            raise ValueError(f"Bisca is played by 2 to 6, not {seats}")
        self.half_bets: bool = bool(options.get("half_bets", False))
        self.opening: int = min(int(options.get("opening", rules.DEFAULT_OPENING)),
                                rules.max_opening(seats))
        self.start_lives: int = int(options.get("lives", rules.DEFAULT_LIVES))
        self.lives = [self.start_lives * HALF] * seats       # in halves
        self.babbeo_used = False
        self.round_no = 0
        self.cards = self.opening
        self.dealer = seats - 1                  # so seat 0 bets and leads first
        self.deck: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(seats)]
        self.piles: list[list[Card]] = [[] for _ in range(seats)]
        self.table: list[tuple[int, Card, str]] = []       # (seat, card, ace worth)
        self.played: list[Card] = []             # every card played this round, in order
        self.players: list[int] = []             # this round's seats, in betting order
        self.bets: list[int | None] = [None] * seats
        self.won = [0] * seats
        self.phase = BET
        self.turn = 0
        self.leader = 0
        self.out_round = [0] * seats             # the round a seat last went out in
        self.winners: list[int] = []
        self.sheet: list[shapes.SheetRow] = []
        self.last_hand: shapes.LastHand | None = None
        self._opening = self._start_round()

    # -- facts -----------------------------------------------------------------
    @property
    def one_card(self) -> bool:
        return self.cards == 1

    @property
    def blind(self) -> bool:
        """Betting in the one-card round: nobody sees their own card."""
        return self.one_card and self.phase == BET

    def alive(self) -> list[int]:
        return [s for s in range(self.seats) if self.lives[s] > 0]

    def order_after(self, seat: int, among: list[int]) -> list[int]:
        """The seats of ``among``, starting with the first one after ``seat`` (to the right)."""
        return [t for t in ((seat + i) % self.seats for i in range(1, self.seats + 1))
                if t in among]

    def forbidden(self) -> int | None:
        """The hook rule's barred bet (halves) for the bettor to act, if they bet last."""
        waiting = [s for s in self.players if self.bets[s] is None]
        if self.phase != BET or len(waiting) != 1:      # seats already out never bet
            return None
        others = sum(self.bets[s] or 0 for s in self.players)
        return rules.forbidden_bet(self.cards, others, self.half_bets)

    def bet_options(self) -> list[int]:
        return rules.allowed_bets(self.cards, self.half_bets, self.forbidden())

    def round_number(self) -> int:
        """The round being played (the tests' stretches count them)."""
        return self.round_no

    def secret_cards(self, seat: int | None) -> set[str]:
        """The stock, and the hands but: your own (not in the blind one-card round, until
        the bets), and in the one-card round the others' cards, which every player sees."""
        hidden = {c.code for c in self.deck}
        for s in range(self.seats):
            own = s == seat and not self.blind
            if not own and not (self.one_card and seat is not None and s != seat):
                hidden |= {c.code for c in self.hands[s]}
        return hidden

    @staticmethod
    def starts_deal(event: Event) -> bool:
        """The ``round`` event deals afresh."""
        return event.kind == "round"

    def true_zones(self) -> dict[str, list[Card]]:
        zones: dict[str, list[Card]] = {"deck": list(self.deck),
                                        "table": [c for _, c, _ in self.table]}
        for s in range(self.seats):
            zones[f"hand/{s}"] = list(self.hands[s])
            zones[f"pile/{s}"] = list(self.piles[s])
        return zones

    def _set_zones(self, zones: Mapping[str, Sequence[Card]]) -> None:
        for zone, cs in zones.items():
            kind, _, owner = zone.partition("/")
            if zone == "deck":
                self.deck = list(cs)
            elif kind in ("hand", "pile"):
                (self.hands if kind == "hand" else self.piles)[int(owner)] = list(cs)
            else:
                raise ValueError(f"Bisca's {zone!r} is face up: nothing there to re-deal")

    def _fixed_zones(self, seat: int | None) -> frozenset[str]:
        """Hands won lie face down: every card in them was seen played."""
        return frozenset({"pile"})

    def _face_up(self, seat: int | None, zone: str) -> bool:
        if zone == "table":
            return True
        if seat is None or not zone.startswith("hand/"):
            return False
        own = zone == f"hand/{seat}"
        if self.one_card:                        # everyone sees the others' single card
            return not own or not self.blind
        return own

    # -- the contract ------------------------------------------------------
    def opening_events(self) -> list[Event]:
        return list(self._opening)

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == BET:
            return sorted(Action("bet", (), rules.text(h)) for h in self.bet_options())
        out: list[Action] = []
        for c in sorted(self.hands[seat], key=_PLACE.__getitem__):
            out += _PLAYS[c]
        return out

    def _reason(self, seat: int, action: Action) -> Reason | None:
        if self.phase == BET:
            return self._bet_reason(action)
        if action.kind == "bet":
            return Reason("bisca.bets_closed")
        c = action.card
        if action.kind != "play" or c is None:
            return Reason("bisca.play_one_card")
        if c not in self.hands[seat]:
            return Reason("bisca.not_in_hand")
        if c.rank == 1 and action.value not in rules.ACE_CHOICES:
            return Reason("bisca.ace_high_or_low", {"card": c.code})
        if c.rank != 1 and action.value:
            return Reason("bisca.only_aces_choose", {"card": c.code})
        return None

    def _bet_reason(self, action: Action) -> Reason:
        if action.kind != "bet":
            return Reason("bisca.bet_first")
        if action.cards:
            return Reason("bisca.bet_plain")
        h = rules.parse(action.value)
        if h is None or h > self.cards * HALF:
            return Reason("bisca.bet_range", {"cards": self.cards})
        if h % HALF and not self.half_bets:
            return Reason("bisca.whole_bets")
        others = sum(b for b in self.bets if b is not None)
        return Reason("bisca.hook", {"bet": action.value, "cards": self.cards,
                                     "others": rules.text(others)})

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == "bet":
            self._bet(seat, rules.parse(action.value) or 0, events)
        else:
            assert action.card is not None
            self._play(seat, action.card, action.value, events)
        return events

    def view(self, seat: int | None) -> shapes.View:
        zones = seat_zones(self.true_zones(), seat, self._face_up)
        barred = self.forbidden()
        out: shapes.View = {
            "seat": seat,
            "zones": zones,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "turn": self.turn if self.phase != OVER else None,
            "round_no": self.round_no,
            "cards": self.cards,
            "opening": self.opening,
            "one_card": self.one_card,
            "blind": self.blind,
            "half_bets": self.half_bets,
            "start_lives": self.start_lives,
            "dealer": self.dealer,
            "players": list(self.players),
            "leader": self.leader,
            "bets": _numbers(self.bets),
            "won": list(self.won),
            "lives": _lives(self.lives),
            "out": [s for s in range(self.seats) if self.lives[s] <= 0 and s not in self.winners],
            "babbeo_used": self.babbeo_used,
            "forbidden": None if barred is None else number(barred),
            "trick": [{"seat": s, "card": c.code, "ace": a} for s, c, a in self.table],
            "played": codes(self.played),
            "last_hand": plain_copy(self.last_hand),
            "sheet": _sheet_copy(self.sheet),
        }
        if self.phase == OVER:
            out["winners"] = list(self.winners)
        return out

    def result(self) -> shapes.FinalResult:
        return {"scores": self.scores(), "winners": list(self.winners),
                "lives": _lives(self.lives), "sheet": _sheet_copy(self.sheet)}

    def scores(self) -> list[int]:
        """How many players each seat outlasted: the winner all the others; the rest by the
        round they (last) went out in."""
        rank = [len(self.sheet) + 1 if s in self.winners else self.out_round[s]
                for s in range(self.seats)]
        return [sum(r < rank[s] for r in rank) for s in range(self.seats)]

    # -- the flow of a game --------------------------------------------------
    def _start_round(self) -> list[Event]:
        """Gather, shuffle, deal ``self.cards`` to every player still in."""
        self.round_no += 1
        alive = self.alive()
        if self.round_no > 1:
            self.dealer = self.order_after(self.dealer, alive)[0]   # the deal passes right
        self.players = self.order_after(self.dealer, alive)
        gather = ([card_move(None, f"pile/{s}", "deck", False)
                   for s in range(self.seats) for _ in self.piles[s]])
        self.piles = [[] for _ in range(self.seats)]
        self.deck = shuffled(rules.DECK, self.rng)
        self.bets = [None] * self.seats
        self.won = [0] * self.seats
        self.table = []
        self.played = []
        self.last_hand = None
        events = [shapes.ROUND(self.dealer, {
            "round_no": self.round_no, "cards": self.cards, "dealer": self.dealer,
            "players": list(self.players), "one_card": self.one_card,
            "lives": _lives(self.lives), "moves": gather})]
        everyone = frozenset(range(self.seats))
        for _ in range(self.cards):
            for s in self.players:
                c = self.deck.pop()
                self.hands[s].append(c)
                dst = f"hand/{s}"
                seen_by = everyone - {s} if self.one_card else frozenset({s})
                events.append(shapes.DEAL(s, {"moves": [card_move(None, "deck", dst, False)]},
                                    private={"moves": [card_move(c, "deck", dst, True)]},
                                    audience=seen_by))
        self.phase = BET
        self.turn = self.leader = self.players[0]
        events.append(shapes.BET_TURN(self.turn, self._bet_turn_data()))
        return events

    def _bet_turn_data(self) -> shapes.BetTurn:
        barred = self.forbidden()
        return {"bets": _numbers(self.bets),
                "forbidden": None if barred is None else number(barred)}

    def _bet(self, seat: int, halves: int, events: list[Event]) -> None:
        self.bets[seat] = halves
        waiting = [s for s in self.players if self.bets[s] is None]
        events.append(shapes.BET(seat, {"bet": number(halves), "bets": _numbers(self.bets)}))
        if waiting:
            self.turn = waiting[0]
            events.append(shapes.BET_TURN(self.turn, self._bet_turn_data()))
            return
        self.phase = PLAY
        self.turn = self.leader = self.players[0]
        total = sum(self.bets[s] or 0 for s in self.players)
        events.append(shapes.BETS_CLOSED(None, {"bets": _numbers(self.bets),
                                                  "total": number(total), "cards": self.cards}))
        if self.one_card:      # each player turns their own card up at last
            for s in self.players:
                c = self.hands[s][0]
                events.append(shapes.REVEAL(s, {}, private={
                    "moves": [card_move(c, f"hand/{s}", f"hand/{s}", True)]},
                    audience=frozenset({s})))

    def _play(self, seat: int, c: Card, ace: str, events: list[Event]) -> None:
        self.hands[seat].remove(c)
        self.table.append((seat, c, ace))
        self.played.append(c)
        events.append(shapes.PLAY(seat, {"card": c.code, "ace": ace or None,
                                           "moves": [card_move(c, f"hand/{seat}", "table", True)]}))
        if len(self.table) < len(self.players):
            self.turn = self.order_after(seat, self.players)[0]
            return
        best = max(self.table, key=lambda t: rules.strength(t[1], t[2]))
        winner = best[0]
        self.won[winner] += 1
        taken = [c for _, c, _ in self.table]
        self.piles[winner].extend(taken)
        self.last_hand = {"cards": [{"seat": s, "card": x.code, "ace": a} for s, x, a in self.table],
                          "winner": winner}
        events.append(shapes.HAND_WON(winner, {
            "cards": codes(taken), "won": list(self.won),
            "why": why_won(taken, self.table.index(best), suit_order=True),
            "moves": [card_move(x, "table", f"pile/{winner}", False) for x in taken]}))
        self.table = []
        self.turn = self.leader = winner
        if not any(self.hands[s] for s in self.players):
            self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        """Lives lost, then Babbeo, everyone out, the last player standing."""
        loss = [0] * self.seats
        for s in self.players:
            loss[s] = rules.life_loss(self.bets[s] or 0, self.won[s])
            self.lives[s] -= loss[s]
        self.sheet.append({"round_no": self.round_no, "cards": self.cards,
                           "players": list(self.players), "bets": _numbers(self.bets),
                           "won": list(self.won), "loss": _lives(loss),
                           "lives": _lives(self.lives)})
        scored: shapes.RoundScored = {
            "round_no": self.round_no, "cards": self.cards, "bets": _numbers(self.bets),
            "won": list(self.won), "loss": _lives(loss), "lives": _lives(self.lives),
            "final": False}
        events.append(shapes.ROUND_SCORED(None, scored))
        out_now = [s for s in self.players if self.lives[s] <= 0]
        if out_now and not self.babbeo_used:
            self.babbeo_used = True
            for s in out_now:
                self.lives[s] = HALF
            events.append(shapes.BABBEO(None, {"seats": out_now,
                                                 "lives": _lives(self.lives)}))
        elif out_now and len(out_now) == len(self.players):
            best = max(self.lives[s] for s in self.players)
            tied = [s for s in self.players if self.lives[s] == best]
            if len(tied) == 1:
                self.winners = list(tied)
            else:                               # every seat is out, so holds none: all get one
                self.lives = [HALF] * self.seats
            events.append(shapes.EVERYONE_OUT(None, {
                "tie": len(tied) > 1, "seats": tied, "lives": _lives(self.lives)}))
        for s in self.players:
            if self.lives[s] <= 0 and s not in self.winners:
                self.out_round[s] = self.round_no
        gone = [s for s in self.players if self.lives[s] <= 0 and s not in self.winners]
        if gone:
            events.append(shapes.ELIMINATED(None, {"seats": gone}))
        alive = self.alive()
        if not self.winners and len(alive) == 1:
            self.winners = alive
        # the last round: the result screen follows (the table shows no round sheet)
        scored["final"] = bool(self.winners)
        if self.winners:
            self._finish(events)
            return
        self.lives = [max(h, 0) for h in self.lives]     # out is out: no negative count carried on
        self.cards = rules.next_count(self.cards, self.opening)
        events.extend(self._start_round())

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        self.turn = -1
        events.append(shapes.GAME_ENDED(None, {"scores": self.scores(),
                                              "winners": list(self.winners),
                                              "lives": _lives(self.lives)}))
