"""High card, the referee: a few hands; in each, two to four players are dealt a card or a
few from one French deck, and each trick every player plays one card, the leader first:
the highest card of the suit led takes it (nobody must follow suit; game/tricks.py says
who took it and why); whoever took a trick leads the next.  The rest of the deck stays
face down, unseen by all; the next hand gathers every card and deals afresh.  A trick is
a point; after the last hand most points win (a tie: every player with the most)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.cards import Card, french_deck, shuffled
from game.engine import GAME_OVER, Action, Event, Reason, State, card_move, seat_zones
from game.tricks import play_order, why_won, winning_index
from tests.games.highcard import views as shapes

DECK = tuple(french_deck())
PLAY = "play"
OVER = "over"


def rank(card: Card) -> int:
    """A card's strength in the suit led: its rank (the Ace high)."""
    return card.rank


class HighCardState(State):
    """One game: ``tricks`` cards each, a trick at a time."""

    view_shape = shapes.View
    result_shape = shapes.FinalResult
    event_shapes = shapes.EVENTS
    position_fields = {
        "hand": int, "trick_no": int, "phase": str, "leader": int, "deck": list[Card],
        "hands": list[list[Card]], "table": list[Card], "piles": list[list[Card]],
        "taken": list[int], "winners": list[int],
    }

    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        self.tricks = int(options["tricks"])
        self.last_hand = int(options["hands"])
        self.hand = 0
        self.trick_no = 1
        self.deck: list[Card] = list(DECK)
        self.hands: list[list[Card]] = [[] for _ in range(seats)]
        self.table: list[Card] = []
        self.piles: list[list[Card]] = [[] for _ in range(seats)]
        self.taken = [0] * seats
        self.leader = 0
        self.phase = PLAY
        self.winners: list[int] = []
        self._opening = self._deal()

    def _deal(self) -> list[Event]:
        """A new hand: every card gathered into the deck (after the first), shuffled, and
        each hand dealt face down to all, face up to its owner; its first trick is led by
        the seat after the last hand's first leader."""
        events = []
        gather = [card_move(None, f"pile/{s}", "deck", False)
                  for s in range(self.seats) for _ in self.piles[s]]
        if gather:
            events.append(Event("gather", None, {"moves": gather}))
        self.hand += 1
        self.trick_no = 1
        self.leader = (self.hand - 1) % self.seats
        deck = shuffled(DECK, self.rng)
        cut = self.tricks * self.seats
        self.hands = [sorted(deck[s:cut:self.seats]) for s in range(self.seats)]
        self.deck, self.piles = deck[cut:], [[] for _ in range(self.seats)]
        return events + [
            Event("deal", s, {"hand": self.hand,
                              "moves": [card_move(None, "deck", f"hand/{s}", False)
                                        for _ in self.hands[s]]},
                  private={"moves": [card_move(c, "deck", f"hand/{s}", True)
                                     for c in self.hands[s]]},
                  audience=frozenset({s}))
            for s in play_order(self.leader, self.seats)]

    # -- the contract ------------------------------------------------------------
    def opening_events(self) -> list[Event]:
        return list(self._opening)

    def round_number(self) -> int:
        """The hand being played."""
        return self.hand

    @staticmethod
    def starts_deal(event: Event) -> bool:
        """A new hand begins by gathering the cards."""
        return event.kind == "gather"

    @property
    def turn(self) -> int:
        return (self.leader + len(self.table)) % self.seats

    def to_act(self) -> tuple[int, ...]:
        return (self.turn,) if self.phase == PLAY else ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return sorted(Action("play", (c,)) for c in self.hands[seat])

    def _reason(self, seat: int, action: Action) -> Reason | None:
        c = action.card
        if action.kind != "play" or c is None or action.value:
            return Reason("highcard.play_one_card")
        if c not in self.hands[seat]:
            return Reason("highcard.not_in_hand", {"card": c.code})
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = action.cards[0]
        self.hands[seat].remove(card)
        self.table.append(card)
        events = [Event("play", seat, {"card": card.code,
                                       "moves": [card_move(card, f"hand/{seat}", "table", True)]})]
        if len(self.table) < self.seats:
            return events
        cards = list(self.table)
        best = winning_index(cards, None, rank)
        won = (self.leader + best) % self.seats
        self.piles[won].extend(cards)
        self.taken[won] += 1
        self.table = []
        self.leader = won
        events.append(Event("trick_won", won, {
            "cards": [c.code for c in cards], "taken": list(self.taken),
            "why": why_won(cards, best),
            "moves": [card_move(c, "table", f"pile/{won}", False) for c in cards]}))
        if self.hands[won]:
            self.trick_no += 1
        if not self.hands[won] and self.hand < self.last_hand:
            events += self._deal()
        elif not self.hands[won]:
            self.phase = OVER
            most = max(self.taken)
            self.winners = [s for s in range(self.seats) if self.taken[s] == most]
            events.append(Event(GAME_OVER, None, {"scores": list(self.taken),
                                                  "winners": list(self.winners)}))
        return events

    def result(self) -> shapes.FinalResult:
        return {"scores": list(self.taken), "winners": list(self.winners)}

    # -- zones ---------------------------------------------------------------------
    def true_zones(self) -> dict[str, list[Card]]:
        zones = {"deck": list(self.deck), "table": list(self.table)}
        zones.update({f"{kind}/{s}": list(cs) for kind, each in (("hand", self.hands),
                                                                 ("pile", self.piles))
                      for s, cs in enumerate(each)})
        return zones

    def _set_zones(self, zones: Mapping[str, Sequence[Card]]) -> None:
        """Hands are kept sorted (their order is no secret: each is one seat's own)."""
        for zone, cs in zones.items():
            kind, _, owner = zone.partition("/")
            if kind == "hand":
                self.hands[int(owner)] = sorted(cs)
            elif kind == "pile":
                self.piles[int(owner)] = list(cs)
            elif zone == "table":
                self.table = list(cs)
            elif zone == "deck":
                self.deck = list(cs)
            else:
                raise ValueError(f"High card has no zone {zone!r}")

    def _fixed_zones(self, seat: int | None) -> frozenset[str]:
        """Tricks taken lie face down: every card in them was seen played."""
        return frozenset({"pile"})

    def view(self, seat: int | None) -> shapes.View:
        zones = seat_zones(self.true_zones(), seat,
                           lambda s, z: z == "table" or z == f"hand/{s}")
        out: shapes.View = {
            "seat": seat, "zones": zones, "phase": self.phase,
            "to_act": list(self.to_act()),
            "turn": self.turn if self.phase == PLAY else None,
            "leader": self.leader, "dealer": (self.hand - 1) % self.seats,
            "hand": self.hand, "hands": self.last_hand, "tricks": self.tricks,
            "trick_no": self.trick_no,
            "taken": list(self.taken), "scores": list(self.taken),
        }
        if self.phase == OVER:
            out["winners"] = list(self.winners)
        return out
