"""The engine contract, checked on every game that is built: views are JSON-safe
copies, events survive JSON, legal actions never run dry, and logs replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game import GAMES
from game.engine import Event, replay_log


def scramble(obj) -> None:
    """Change every list and dict inside ``obj`` in place."""
    if isinstance(obj, dict):
        for value in obj.values():
            scramble(value)
        obj["scrambled"] = True
    elif isinstance(obj, list):
        for value in obj:
            scramble(value)
        obj.append("scrambled")


def seats_of(key):
    return GAMES[key].seats[0]


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_views_and_events_are_copies_that_json_can_carry(key, seed):
    state = GAMES[key].new(None, seats_of(key), seed)
    rng = random.Random(seed)
    watchers = [None, *range(state.seats)]
    for _ in range(400):
        acting = state.to_act()
        if not acting:
            break
        before = {w: json.dumps(state.view(w), sort_keys=True) for w in watchers}
        for w in watchers:
            scramble(state.view(w))
        assert {w: json.dumps(state.view(w), sort_keys=True) for w in watchers} == before
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        assert legal, f"{key}: seat {seat} must act but has no legal action"
        assert legal == sorted(legal)
        events = state.apply(seat, rng.choice(legal))
        for event in events:
            for w in watchers:
                seen = event.for_seat(w)
                assert Event.from_json(json.loads(json.dumps(seen.to_json()))) == seen
        after = json.dumps(state.view(None), sort_keys=True)
        for event in events:
            scramble(event.for_seat(None).to_json())
        assert json.dumps(state.view(None), sort_keys=True) == after, \
            f"{key}: an event shares its data with the state"
    copy = replay_log(json.loads(json.dumps(state.log())))
    assert all(copy.view(w) == state.view(w) for w in watchers)
