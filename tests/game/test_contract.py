"""The engine contract, checked on every game that is built: views are JSON-safe
copies, events survive JSON, legal actions never run dry, logs replay,
``is_legal`` agrees with ``legal_actions``, and every game ends with one
``game_over`` event that carries its result."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game import GAMES
from game.cards import FRENCH_SUITS, ITALIAN_SUITS, french_deck, italian_deck
from game.engine import GAME_OVER, Action, Event, replay_log


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


def probe_actions(spec) -> list[Action]:
    """Actions to ask every game about, legal or not: each card of its deck played and
    committed, draws, passes, stands, claims, trumps of every suit, and garbage."""
    deck = french_deck(True) if spec.deck == "french" else italian_deck()
    stray = [italian_deck()[0], french_deck()[0]]          # a card of the other deck
    out: list[Action] = []
    for c in deck + stray:
        out.append(Action("play", (c,)))
        out += [Action("commit", (c,), v) for v in ("", "1", "7", "10", "11")]
    for v in ("", "0", "1", "2", "5", "9", "12", "14", "17", "20", "21", "99", "x"):
        out += [Action("stand", (), v), Action("draw", (), v), Action("pass", (), v)]
    out += [Action("claim"), Action("claim", (), "d"), Action("claim", (deck[0],))]
    out += [Action("trump", (), s) for s in (*ITALIAN_SUITS, *FRENCH_SUITS, "", "x", "dc")]
    out += [Action("trump", (deck[0],), deck[0].suit), Action("bid", (), "2"),
            Action("zzz"), Action("play", tuple(deck[:2])), Action("play", (deck[0],), "1"),
            Action("commit"), Action("commit", tuple(deck[:2]), "10"),
            Action("draw", (deck[0],)), Action("stand", (deck[0],), "5")]
    return out


def random_steps(key, seed, limit=5000):
    """A whole random game: yields (state, events) for the opening, then after each action."""
    state = GAMES[key].new(None, seats_of(key), seed)
    rng = random.Random(seed)
    yield state, state.opening_events()
    for _ in range(limit):
        if state.over:
            return
        seat = rng.choice(state.to_act())
        yield state, state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"{key}: no end after {limit} actions")


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_is_legal_agrees_with_legal_actions(key, seed):
    """Every game answers ``is_legal`` without its list; the answer must be the list's."""
    probes = probe_actions(GAMES[key])
    for step, (state, _) in enumerate(random_steps(key, seed)):
        asking_why = step % 7 == 0          # reason() is dearer: every seventh position
        for seat in range(state.seats + 1):  # the last one is no seat at all
            legal = set(state.legal_actions(seat))
            assert not legal or seat in state.to_act()
            for action in legal:
                assert state.is_legal(seat, action), (key, seat, action)
            for action in probes:
                assert state.is_legal(seat, action) == (action in legal), (key, seat, action)
                if asking_why:
                    assert (state.reason(seat, action) is None) == (action in legal), \
                        (key, seat, action)


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_last_event_of_a_game_and_only_it_is_game_over(key, seed):
    for state, events in random_steps(key, seed):
        finals = [i for i, e in enumerate(events) if e.kind == GAME_OVER]
        if not state.over:
            assert finals == [], f"{key}: game_over before the end"
            continue
        assert finals == [len(events) - 1], f"{key}: the last action must end with game_over"
        result = state.result()
        for seat in (None, *range(state.seats)):
            data = events[-1].for_seat(seat).data
            assert data["scores"] == result["scores"] and data["winners"] == result["winners"]
    assert state.over
