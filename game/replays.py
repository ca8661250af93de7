"""A finished (or exported) game, position by position, every hand face up.

:class:`Replay` replays a :class:`~game.saves.Record`'s log once and keeps, for the
deal and after each action, what a screen needs to show that position: a view with
every hand open (:func:`open_view`), who acted, and the events of that step with
their hidden parts shown (a replay hides nothing: the game is over, or it is a bug
report).  Stepping back and forth is then reading a list, and the same step always
shows the same position.

How every hand is opened, for every game alike: each zone is taken from the view of
the seat that sees most of its cards (a hand from its owner, the table from anyone),
so a zone nobody sees (the stock) stays face down; the other keys of the view are
the person's own (their score board, their words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from game.engine import Event, State
from game.saves import Record
from game.views import Result


def open_view(state: State, seat: int) -> dict[str, Any]:
    """``seat``'s view with each zone as the seat that sees most of it sees it."""
    views = [state.view(s) for s in range(state.seats)]
    out = dict(views[seat])
    zones: dict[str, list] = {}
    for view in views:
        for zone, codes in view.get("zones", {}).items():
            have = zones.get(zone)
            if have is None or sum(c is not None for c in codes) > sum(c is not None for c in have):
                zones[zone] = list(codes)
    out["zones"] = zones
    return out


def shown_event(event: Event) -> Event:
    """The event with its hidden part shown (redacted for a seat of its audience)."""
    if event.audience:
        return event.for_seat(min(event.audience))
    return event.for_seat(None)


@dataclass(frozen=True)
class Step:
    """One position: after the deal (``actor`` None) or after an action."""

    view: dict[str, Any]
    actor: Optional[int]
    action: str
    events: tuple[Event, ...]
    result: Optional[Result]


class Replay:
    """Every position of a kept game (SaveError, from the record, if its log is refused)."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.steps: list[Step] = []
        actions = (None,) + record.actions
        for (state, events), entry in zip(record.steps(), actions):
            actor, action = entry if entry is not None else (None, "")
            self.steps.append(Step(open_view(state, record.seat), actor, action,
                                   tuple(shown_event(e) for e in events),
                                   state.result() if state.over else None))

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]
