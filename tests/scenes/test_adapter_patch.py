"""Each table adapter's ``patch()`` agrees with the engine: the table shows the view as
the animation has got to, patching the last view with each event of an update as it
lands (scenes/tables/__init__.py).  Over random games with any options and table size,
for every seat and a spectator: the last view patched with an update's events gives the
next view wherever the patches changed it (what they leave alone waits for the update's
end, when the shown view becomes the next view), and the patched view keeps its
declared shape (game/views/)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.views import check
from scenes.tables import load_adapter
from tests.game.test_contract import any_game


def disagreements(before: Any, patched: Any, after: Any, path: str = "view") -> list[str]:
    """The places where ``patched`` differs from ``before`` and is not ``after``."""
    if patched == before or patched == after:
        return []
    if isinstance(patched, dict) and isinstance(before, dict) and isinstance(after, dict):
        out = []
        for k in patched:
            if k in before and k in after:
                out += disagreements(before[k], patched[k], after[k], f"{path}[{k!r}]")
            elif patched[k] != before.get(k, patched[k]) or k not in before:
                out.append(f"{path}[{k!r}]: {patched[k]!r}, the engine {after.get(k)!r}")
        return out
    if isinstance(patched, list) and isinstance(before, list) and isinstance(after, list) \
            and len(patched) == len(before) == len(after):
        out = []
        for i, (b, p, a) in enumerate(zip(before, patched, after)):
            out += disagreements(b, p, a, f"{path}[{i}]")
        return out
    return [f"{path}: {patched!r}, the engine {after!r}"]


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_patching_the_last_view_with_an_updates_events_gives_the_next_view(key, data, seed):
    state, rng = any_game(key, data, seed)
    spec, seats, options = GAMES[key], state.seats, state.options
    watchers = [None, *range(seats)]
    adapters = {}
    for w in watchers:
        adapters[w] = load_adapter(key)(spec, seats, 0 if w is None else w)
        adapters[w].watching = w is None
    views = {w: state.view(w) for w in watchers}
    for _ in range(5000):
        if state.over:
            break
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for w in watchers:
            shown = copy.deepcopy(views[w])
            for event in events:
                adapters[w].patch(shown, event.for_seat(w))
            after = state.view(w)
            wrong = disagreements(views[w], shown, after)
            assert not wrong, (key, options, w, [e.kind for e in events], wrong)
            check(state.view_shape, shown, f"{key}: the view of {w} as patched")
            views[w] = after
    assert state.over
