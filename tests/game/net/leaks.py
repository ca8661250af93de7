"""What a guest may know, worked out from the host's rules state (each game's
``State.secret_cards``, in its rules' terms, not from the view code), and a check of
every line a guest received against it.

``check_guest_lines(log, seat, lines)`` replays the host's log step by step.  For
every update line the guest received it asserts that the update is exactly the
session's own update for that seat at that version (the network adds, drops and
changes nothing), and that the line names no card hidden from the seat then:

* the view and the events are checked against the cards hidden after the action;
* when a deal starts inside the action (``State.starts_deal``: a new Bocce hand, a
  new Briscola game, a new Dou Dizhu hand or redeal),
  the events before it may name cards that are back in the deck now: those may
  only be cards that the same events show to everyone, or that the seat saw in
  its own view just before;
* the Bocce view's ``last_frame`` (a finished frame kept to look back at) may only
  name cards that were shown to everyone.

Every other line (welcome, seats, refusals) must name no hidden card either, and
the welcome carries no seed.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from game import GAMES
from game.cards import Card, CardCodeError
from game.engine import Action, ActionCodeError, Event, State
from game.session import Update
from game.session.messages import loads


def card_codes(data: Any) -> set[str]:
    """Every card named in JSON-safe data: a card code, or the cards of an action text."""
    out: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                out.add(Card.parse(item).code)
                continue
            except CardCodeError:
                pass
            if ":" in item:
                try:
                    out |= {c.code for c in Action.parse(item).cards}
                except ActionCodeError:
                    pass
    return out


class _Step:
    """The host's game at one version, as ``seat`` must receive it."""

    def __init__(self, state: State, seat: int, events: list[Event], public: set[str],
                 seen_before: set[str]) -> None:
        self.view = json.loads(json.dumps(state.view(seat)))
        self.to_act = tuple(state.to_act())
        self.legal = tuple(state.legal_actions(seat)) if seat in self.to_act else ()
        self.events = [e.for_seat(seat).to_json() for e in events]
        self.hidden = state.secret_cards(seat)
        self.cut = max((i for i, e in enumerate(events) if state.starts_deal(e)), default=0)
        self.early_allowed = card_codes([e.for_seat(None).to_json() for e in events[:self.cut]]) \
            | seen_before
        self.public = set(public)


def replay_steps(log: dict[str, Any], seat: int) -> list[_Step]:
    state = GAMES[log["key"]].new(log["options"], log["seats"], log["seed"])
    public: set[str] = set()

    def step(events: list[Event], seen_before: set[str]) -> _Step:
        public.update(card_codes([e.for_seat(None).to_json() for e in events]))
        return _Step(state, seat, events, public, seen_before)

    steps = [step(state.opening_events(), set())]
    for s, text in log["actions"]:
        before = card_codes(state.view(seat))
        steps.append(step(state.apply(s, Action.parse(text)), before))
    return steps


def check_guest_lines(log: dict[str, Any], seat: int, lines: Iterable[bytes]) -> dict[str, int]:
    """Assert the module docstring over every line; counts of what was seen."""
    steps = replay_steps(log, seat)
    counts = {"updates": 0, "rejoins": 0, "simultaneous": 0, "waiting_for_other": 0}
    version = 0
    for line in lines:
        obj = json.loads(line)
        kind = obj.get("type")
        if kind == "welcome":
            assert obj["setup"]["seed"] is None, "the seed would tell every card"
        if kind != "update":
            leaked = card_codes(obj) & steps[version].hidden
            assert not leaked, (kind, leaked)
            continue
        update = loads(line)
        assert isinstance(update, Update) and update.seat == seat
        version = update.version
        step = steps[version]
        counts["updates"] += 1
        assert update.view == step.view, f"version {version}: not the session's view"
        assert update.to_act == step.to_act and update.legal == step.legal, version
        events = [e.to_json() for e in update.events]
        if events:
            assert events == step.events, f"version {version}: not the session's events"
        else:
            counts["rejoins"] += 1
        view = dict(update.view)
        history = view.pop("last_frame", None)
        assert not card_codes(view) & step.hidden, (version, card_codes(view) & step.hidden)
        assert card_codes(history) <= step.public, version
        late = card_codes(events[step.cut:]) & step.hidden
        assert not late, (version, late)
        early = card_codes(events[:step.cut]) - step.early_allowed
        assert not early, (version, early)
        if len(update.to_act) > 1 and seat in update.to_act:
            counts["simultaneous"] += 1
        if step.to_act and seat in step.to_act and len(step.to_act) == 1 and \
                update.actor is not None and update.actor != seat and \
                update.actor in steps[version - 1].to_act and seat in steps[version - 1].to_act:
            counts["waiting_for_other"] += 1      # the other committed first: hidden from us
    return counts
