"""The leaderboard itself: one game's rated players in order, and the places it is asked
for (game/net/ratings.py makes the ratings; game/net/keeper.py serves the boards).  Kept
apart from the ratings so that a player's program, which shows boards and never rates,
needs no rating library: it reads :class:`Standing` rows and :data:`BOARD_AFTER`."""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence

from game.net.players import short

if TYPE_CHECKING:
    from game.net.ratings import Rating

#: rated games before a key is listed on the board
BOARD_AFTER = 10
#: the board's top, and how many places either side of a player's own are shown
TOP = 100
NEAR = 5


@dataclass(frozen=True)
class Standing:
    """A place on the board: 1-based ``place``, the player's ``key`` (hex), its ``name``
    as shown (told apart from a namesake), its ``rating`` shown and its ``games``."""

    place: int
    key: str
    name: str
    rating: float
    games: int

    def to_json(self) -> list[Any]:
        return [self.place, self.key, self.name, self.rating, self.games]

    @classmethod
    def from_json(cls, row: Sequence[Any]) -> "Standing":
        place, key, name, rating, games = row
        return cls(int(place), str(key), str(name), float(rating), int(games))


class Board:
    """One game's leaderboard: the keys with :data:`BOARD_AFTER` rated games or more,
    highest shown rating first (ties: by key), kept sorted as ratings change."""

    def __init__(self, ratings: Iterable[tuple[str, Rating]] = ()) -> None:
        self._order: list[tuple[float, str]] = []
        self._rated: dict[str, Rating] = {}
        #: how many listed keys bear each name (case aside): a name borne by two is
        #: shown with a short fingerprint, wherever on the board
        self._names: Counter[str] = Counter()
        #: the top rows as last sent, until the board changes (asked far more than moved)
        self._top: Optional[tuple[int, list[list[Any]]]] = None
        for key, rating in ratings:
            self.put(key, rating)

    def put(self, key: str, rating: Rating) -> None:
        self._top = None
        old = self._rated.pop(key, None)
        if old is not None:
            del self._order[bisect.bisect_left(self._order, (-old.shown, key))]
            self._names[old.name.casefold()] -= 1
        if rating.games >= BOARD_AFTER:
            self._rated[key] = rating
            bisect.insort(self._order, (-rating.shown, key))
            self._names[rating.name.casefold()] += 1

    def shown_name(self, key: str) -> str:
        """A listed key's name, told apart from every namesake on the board."""
        name = self._rated[key].name
        if self._names[name.casefold()] < 2:
            return name
        return f"{name} #{short(bytes.fromhex(key))}"

    def __len__(self) -> int:
        return len(self._order)

    def place(self, key: str) -> Optional[int]:
        """``key``'s place (1 the first), or None if it is not on the board."""
        rating = self._rated.get(key)
        if rating is None:
            return None
        return bisect.bisect_left(self._order, (-rating.shown, key)) + 1

    def rows(self, start: int, stop: int) -> list[Standing]:
        """The places ``start`` to ``stop`` (0-based, stop excluded), names told apart
        among them."""
        keys = [k for _, k in self._order[max(0, start):stop]]
        return [Standing(max(0, start) + i + 1, k, self.shown_name(k), self._rated[k].shown,
                         self._rated[k].games) for i, k in enumerate(keys)]

    def query(self, key: Optional[str] = None, top: int = TOP, near: int = NEAR) -> dict[str, Any]:
        """What the Leaderboard screen shows: the ``top``, ``key``'s own place (None if it
        is not on the board) and the places ``near`` it either side, and how many are
        listed."""
        place = self.place(key) if key else None
        around = [] if place is None else self.rows(place - 1 - near, place + near)
        if self._top is None or self._top[0] != top:
            self._top = (top, [s.to_json() for s in self.rows(0, top)])
        return {"top": self._top[1], "place": place,
                "near": [s.to_json() for s in around], "listed": len(self)}
