"""A tiny trick game following the engine contract, for testing the generic table.

Two seats, eight known cards (no shuffle, so tests know every hand): seat 1
leads the first trick, the other must follow suit if able, the higher card of
the led suit wins and leads next.  Zones: "deck", "hand/s", "table", "pile/s".
"""

from __future__ import annotations

from typing import Any

from game.cards import Card, cards, codes
from game.engine import GAME_OVER, Action, Demo, Event, GameSpec, Reason, State, plain_label

HANDS = (cards("2S 3H 4S 5H"), cards("6S 7H 8S 9H"))
SPARE = cards("TS JH")


def _mv(card, src, dst, up):
    return {"card": card.code if card is not None else None, "src": src, "dst": dst, "up": up}


def deal_events(hands) -> list[Event]:
    """Each hand dealt from the deck, its faces seen only by its owner."""
    out = []
    for s, hand in enumerate(hands):
        public = [_mv(None, "deck", f"hand/{s}", False) for _ in hand]
        private = [_mv(c, "deck", f"hand/{s}", True) for c in hand]
        out.append(Event("deal", s, {"moves": public}, {"moves": private}, frozenset({s})))
    return out


class FakeState(State):
    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        self.deck = list(SPARE)
        self.hands = [list(h) for h in HANDS]
        self.table: list[tuple[int, Card]] = []
        self.piles: list[list[Card]] = [[], []]
        self.turn = 1
        self.scores = [0, 0]

    def opening_events(self) -> list[Event]:
        return deal_events(self.hands)

    def to_act(self) -> tuple[int, ...]:
        return () if not any(self.hands) else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        hand = self.hands[seat]
        if self.table:
            led = self.table[0][1].suit
            follow = [c for c in hand if c.suit == led]
            hand = follow or hand
        return sorted(Action("play", (c,)) for c in hand)

    def _reason(self, seat: int, action: Action) -> Reason | None:
        # the keys are their own English words: the fake game has no catalog
        if action.card in self.hands[seat] and self.table:
            return Reason("You must follow suit: {suit} was led.",
                          {"suit": self.table[0][1].name().split()[-1]})
        return Reason("That card is not in your hand.")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        card = action.cards[0]
        self.hands[seat].remove(card)
        self.table.append((seat, card))
        events = [Event("play", seat, {"moves": [_mv(card, f"hand/{seat}", "table", True)]})]
        if len(self.table) == 2:
            led = self.table[0][1].suit
            winner = max((c.rank, s) for s, c in self.table if c.suit == led)[1]
            moves = [_mv(c, "table", f"pile/{winner}", False) for _, c in self.table]
            self.piles[winner] += [c for _, c in self.table]
            self.scores[winner] += 1
            self.table = []
            self.turn = winner
            events.append(Event("trick", winner, {"moves": moves}))
        else:
            self.turn = 1 - seat
        if not any(self.hands):
            events.append(Event(GAME_OVER, None, dict(self.result())))
        return events

    def true_zones(self) -> dict[str, list[Card]]:
        zones = {"deck": list(self.deck), "table": [c for _, c in self.table]}
        for s in (0, 1):
            zones[f"hand/{s}"], zones[f"pile/{s}"] = list(self.hands[s]), list(self.piles[s])
        return zones

    def view(self, seat: int | None) -> dict[str, Any]:
        zones = {"deck": [None] * len(self.deck), "table": codes(c for _, c in self.table)}
        for s in (0, 1):
            zones[f"hand/{s}"] = codes(self.hands[s]) if s == seat else [None] * len(self.hands[s])
            zones[f"pile/{s}"] = [None] * len(self.piles[s])
        return {"zones": zones, "scores": list(self.scores), "phase": "play" if any(self.hands) else "over"}

    def result(self) -> dict[str, Any]:
        best = max(self.scores)
        return {"scores": list(self.scores),
                "winners": [s for s in (0, 1) if self.scores[s] == best]}


SPEC = GameSpec(key="fake", title="Fake", seats=(2,), factory=lambda o, n, s: FakeState(o, n, s),
                cards=tuple(HANDS[0] + HANDS[1] + SPARE), label=plain_label,
                computers="tests.scenes.fakegame:player",
                table="scenes.tables:TableAdapter",        # the table's defaults, named
                demo=Demo())


def player(level: str) -> "FirstLegal":
    """The fake game's computer at every level."""
    return FirstLegal()


class FirstLegal:
    """A computer that always plays its first legal action."""

    name = "first"

    def choose(self, view, legal, rng):
        return legal[0]
