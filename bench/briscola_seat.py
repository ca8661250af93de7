"""What a Briscola Venceslao seat's own view tells the bench's outside players, read
once for all of them (bench/briscola_rule.py, bench/briscola_pybrisca.py,
bench/briscola_bastoni.py): each was written for a game without the Venceslao race,
the culetto or a dealer who never sees the trump, so what those need is decided here,
the same way for every one, and each player keeps only its own card rule.

* The race: it always claims, and names as trump the suit it holds most of.
* The trump: as its view shows it, and the last one shown remembered for the rest of
  the game (the "remember the trump" rule hides it once nothing on the table shows
  it); never told (the dealer), it plays as if there were none.
* It reads only its view: its hand, the trick on the table, a held culetto (the
  cards a Jack of Sticks keeps on the table for the next trick's winner).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from game.briscola import points, strength
from game.cards import ITALIAN_SUITS, Card
from game.engine import Action
from game.tricks import winning_index


@dataclass(frozen=True)
class Seen:
    """One card decision as the seat sees it: the cards it may play (in its hand's
    order), the trick so far, the trump it knows (None if none), a held culetto."""

    cards: list[Card]
    table: list[Card]
    trump: str | None
    culetto: list[Card]

    def takes(self, c: Card) -> bool:
        """Whether ``c`` would hold the trick against the cards already on the table."""
        return winning_index(self.table + [c], self.trump, strength) == len(self.table)

    @property
    def stake(self) -> int:
        """The card points the trick's winner takes from what is already down (the trick
        so far and a held culetto)."""
        return sum(points(c) for c in self.table + self.culetto)


class SeatPlayer:
    """An outside player seated at Briscola Venceslao: the race and the trump as the
    module says; a subclass's :meth:`play` picks the card."""

    name = "briscola-seat"

    def __init__(self) -> None:
        self.trump: dict[int, tuple[int, str]] = {}      # seat -> (game_no, trump shown)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        kinds = {a.kind for a in legal}
        if "claim" in kinds:
            return next(a for a in legal if a.kind == "claim")
        seat = view["seat"]
        zones = view["zones"]
        if kinds == {"trump"}:
            count = Counter(Card.parse(c).suit for c in zones[f"hand/{seat}"])
            return Action("trump", (), max(ITALIAN_SUITS, key=lambda s: (count[s], s)))
        cards = [a.card for a in legal if a.kind == "play" and a.card is not None]
        if not cards:
            return legal[0]
        seen = Seen(cards, [Card.parse(c) for c in zones["table"]], self._trump(view),
                    [Card.parse(c) for c in zones.get("culetto") or ()])
        return Action("play", (self.play(seen, rng),))

    def play(self, seen: Seen, rng: random.Random) -> Card:
        raise NotImplementedError

    def _trump(self, view: dict[str, Any]) -> str | None:
        seat, game_no = view["seat"], view.get("game_no", 0)
        shown = view.get("trump")
        if shown:
            self.trump[seat] = (game_no, shown)
        kept = self.trump.get(seat)
        return kept[1] if kept and kept[0] == game_no else None
