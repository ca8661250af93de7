"""A position as text, for every game (game/position.py): what ``to_text`` writes,
``from_text`` builds back into a game that behaves the same (the same legal actions,
the same view for every seat and a spectator, the same seats to act), and writing that
again gives the very same text; text that is no position is refused with the line and
the reason."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.engine import State
from game.position import PositionError, edit, from_text
from tests.game.test_contract import any_game


def same_game(a: State, b: State) -> None:
    assert a.to_act() == b.to_act() and a.over == b.over
    for seat in (None, *range(a.seats)):
        assert a.view(seat) == b.view(seat), seat
        if seat is not None:
            assert a.legal_actions(seat) == b.legal_actions(seat), seat
    if a.over:
        assert a.result() == b.result()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_has_a_text_form(key):
    state = GAMES[key].new(None, GAMES[key].seats[0], 3)
    assert state.position_fields, f"{key} declares no position_fields"
    text = state.to_text()
    assert text.startswith(f'game = "{key}"\n') and repr(state) == f"State.from_text({text!r})"
    same_game(from_text(text), state)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_a_position_written_and_read_back_is_the_same_game(key, data, seed):
    state, rng = any_game(key, data, seed)
    stops = data.draw(st.integers(1, 12), label="every")
    for step in range(5000):
        if step % stops == 0 or state.over:
            text = state.to_text()
            again = State.from_text(text)
            assert again.to_text() == text
            same_game(again, state)
            if not state.over:
                # and it plays on alike: the same action has the same effect (until the
                # next shuffle, which a position leaves to its seed)
                seat = rng.choice(state.to_act())
                action = rng.choice(state.legal_actions(seat))
                if state.apply(seat, action) == again.apply(seat, action):
                    same_game(again, state)
                continue
        if state.over:
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.over


def test_text_that_is_no_position_is_refused_with_the_line_and_why():
    text = GAMES["bocce"].new(None, 2, 1).to_text()
    for bad, words in [
            ("", "starts with game"),
            ("game = \"chess\"\nseats = 2\nseed = 1\noptions = {}\n", "no game 'chess'"),
            (text.replace("scores = [0, 0]", "scores = [0, 0"), "scores.*not JSON"),
            (text.replace("scores = [0, 0]\n", ""), "no 'scores'"),
            (text + "colour = 1\n", "no field 'colour'"),
            (text.replace("scores = ", "scores: "), "not 'name = value'"),
            (text + "scores = [1, 1]\n", "second time"),
            (edit(text, hands=[["ZZ"], []]), "hands"),
            (edit(text, seats=5), "played by"),
            (edit(text, rolling="0"), "rolling"),
    ]:
        with pytest.raises(PositionError, match=words):
            from_text(bad)
    with pytest.raises(PositionError, match="no field 'colour'"):
        edit(text, colour=1)
