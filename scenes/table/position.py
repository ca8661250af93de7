"""The game as the table shows it: one object every part of the table reads.

The table takes the session's updates one at a time, as the screen catches up
(scenes/table/scene.py).  The last one taken is the position the table allows
moves in: its view, the legal actions, who is to act, the result.  Beside it,
``shown`` is the view as the animation has reached it: the words on the table
(plates, score board, labels) catch up with the cards event by event
(:meth:`~scenes.tables.TableAdapter.patch`), and become the update's view when
its last event has landed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from game.engine import Action
from game.session import Update


def _no_zones() -> dict[str, Any]:
    return {"zones": {}}


@dataclass
class Position:
    """The last update taken, seen from ``seat`` (None: a spectator); ``watching``: nobody
    plays from this screen."""

    seat: Optional[int]
    watching: bool
    update: Optional[Update] = None
    version: int = -1
    view: dict[str, Any] = field(default_factory=_no_zones)
    to_act: tuple[int, ...] = ()
    result: Optional[dict[str, Any]] = None
    shown: dict[str, Any] = field(default_factory=_no_zones)
    #: counts every change of ``shown`` (made anew or patched by an event): what is worked
    #: out from the view as shown is kept while it stays (scenes/table/plates.py)
    shown_no: int = 0

    def take(self, update: Update) -> None:
        """``update`` becomes the position: its view, legal actions, turn and result."""
        self.update = update
        self.version = update.version
        self.view = dict(update.view)
        self.to_act = tuple(update.to_act)
        self.result = dict(update.result) if update.result is not None else None

    @property
    def over(self) -> bool:
        return self.result is not None

    def my_turn(self) -> bool:
        """The person at this screen may act in the game as it is shown."""
        return not self.watching and self.result is None and self.seat in self.to_act

    def legal(self) -> list[Action]:
        if self.update is None or not self.my_turn():
            return []
        return list(self.update.legal)
