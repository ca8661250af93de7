"""A tiny game whose moves play several cards at once, for the table's selection mode.

Two seats, known hands (no shuffle).  On a turn a seat plays one card, or a pair
of equal rank, or passes; the first to empty their hand wins.  Zones: "deck",
"hand/s", "table".  Its adapter picks cards (``select_cards``).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game.cards import Card, cards, codes
from game.engine import GAME_OVER, Action, Demo, Event, GameSpec, Reason, State, plain_label
from scenes.tables import TableAdapter
from tests.scenes.fakegame import _mv, deal_events

HANDS = (cards("3S 3H 5D 9C"), cards("4S 4H 6D TC"))


class PairsState(State):
    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        self.hands = [list(h) for h in HANDS]
        self.table: list = []
        self.turn = 0

    def opening_events(self) -> list[Event]:
        return deal_events(self.hands)

    def to_act(self) -> tuple[int, ...]:
        return () if not all(self.hands) else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        hand = self.hands[seat]
        out = [Action("play", (c,)) for c in hand]
        out += [Action("play", (a, b)) for a, b in combinations(hand, 2) if a.rank == b.rank]
        return sorted(out + [Action("pass")])

    def _reason(self, seat: int, action: Action) -> Reason | None:
        if action.kind == "play" and len(action.cards) == 2:
            return Reason("A pair must be two cards of one rank.")
        return Reason("Play one card, a pair, or pass.")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        moves = []
        for card in action.cards:
            self.hands[seat].remove(card)
            self.table.append(card)
            moves.append(_mv(card, f"hand/{seat}", "table", True))
        self.turn = 1 - seat
        events = [Event(action.kind, seat, {"moves": moves})]
        if not all(self.hands):
            events.append(Event(GAME_OVER, None, dict(self.result())))
        return events

    def true_zones(self) -> dict[str, list[Card]]:
        return {"deck": [], "table": list(self.table),
                **{f"hand/{s}": list(self.hands[s]) for s in (0, 1)}}

    def view(self, seat: int | None) -> dict[str, Any]:
        zones = {"deck": [], "table": codes(self.table)}
        for s in (0, 1):
            zones[f"hand/{s}"] = codes(self.hands[s]) if s == seat else [None] * len(self.hands[s])
        return {"zones": zones, "phase": "play" if all(self.hands) else "over"}

    def result(self) -> dict[str, Any]:
        winners = [s for s in (0, 1) if not self.hands[s]]
        return {"scores": [4 - len(h) for h in self.hands], "winners": winners}


class PairsAdapter(TableAdapter):
    select_cards = True


SPEC = GameSpec(key="pairs", title="Pairs", seats=(2,),
                factory=lambda o, n, s: PairsState(o, n, s),
                cards=tuple(HANDS[0] + HANDS[1]), label=plain_label, computers="tests.scenes.fakegame:player",
                table="tests.scenes.fakeselect:PairsAdapter", demo=Demo())
