"""Every game's views, events and result have their declared shapes (game/views/): over
random legal play with any options and table size, every view any seat (or a spectator)
gets, every event as any seat receives it and the result at the end fit the shape its
game declares, key for key and type for type; and the codec that checks them says what is wrong."""

from __future__ import annotations

import random
from typing import Optional, TypedDict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.views import Move, ShapeError, _fits, check, check_event, conform
from tests.game.test_contract import any_game


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_declares_its_view_and_its_events(key):
    state = GAMES[key].new(None, GAMES[key].seats[0], 0)
    assert state.view_shape is not None, f"{key} declares no view shape"
    assert state.result_shape is not None, f"{key} declares no result shape"
    assert "game_over" in state.event_shapes, f"{key} declares no game_over event"


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_every_view_and_event_of_a_real_game_has_its_declared_shape(key, data, seed):
    state, rng = any_game(key, data, seed)
    watchers = [None, *range(state.seats)]
    events = state.opening_events()
    kinds: set[str] = set()
    for _ in range(5000):
        for w in watchers:
            check(state.view_shape, state.view(w), f"{key} view of {w}")
            for event in events:
                check_event(state.event_shapes, event.kind, event.for_seat(w).data)
        kinds.update(e.kind for e in events)
        if state.over:
            break
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.over and "game_over" in kinds
    check(state.result_shape, state.result(), f"{key} result")


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_quick_test_of_a_shape_passes_every_view_of_a_game_the_walk_passes(key):
    """check() passes a value on its shape's quick test and walks only what it fails: a
    quick test stricter than the walk would pass nothing it should fail, unseen; it
    passes the views of a whole game's every seat, at every move, itself."""
    spec = GAMES[key]
    state = spec.new(None, spec.seats[0], 3)
    rng = random.Random(3)
    while not state.over:
        for w in [None, *range(state.seats)]:
            assert _fits(state.view_shape)(state.view(w)), (key, w)
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert _fits(state.result_shape)(state.result())


class Inner(TypedDict):
    n: int


class Shape(TypedDict):
    name: str
    inner: Optional[Inner]
    moves: list[Move]
    worth: float


def test_the_codec_takes_a_value_of_its_shape_and_names_what_is_wrong_with_any_other():
    good = {"name": "a", "inner": {"n": 1}, "moves": [
        {"card": None, "src": "deck", "dst": "hand/0", "up": False, "at": 2}], "worth": 1}
    assert conform(Shape, good) is good
    check(Shape, {**good, "inner": None, "worth": 1.5})
    assert _fits(Shape)(good) and _fits(Shape)({**good, "inner": None, "worth": 1.5})
    for bad, words in [({**good, "extra": 1}, "has no extra"),
                       ({k: v for k, v in good.items() if k != "name"}, "lacks name"),
                       ({**good, "inner": {"n": True}}, r"\['inner'\]\['n'\]: True is not int"),
                       ({**good, "inner": {"n": "1"}}, "is not int"),
                       ({**good, "worth": "1"}, "is not float"),
                       ({**good, "moves": [{"card": 1, "src": "deck", "dst": "x", "up": True}]},
                        r"\['moves'\]\[0\]\['card'\]"),
                       ({**good, "moves": {}}, "is not a list"),
                       ([], "is not an object")]:
        assert not _fits(Shape)(bad), words
        with pytest.raises(ShapeError, match=words):
            check(Shape, bad, "v")


def test_an_event_kind_a_game_does_not_declare_is_refused():
    state = GAMES["bocce"].new(None, 2, 0)
    with pytest.raises(ShapeError, match="no event 'renamed'"):
        check_event(state.event_shapes, "renamed", {})
    with pytest.raises(ShapeError, match="lacks pallino"):
        check_event(state.event_shapes, "lag_reveal",
                    {"moves": [], "cards": [], "worths": [], "why": None})
