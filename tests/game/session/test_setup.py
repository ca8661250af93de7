"""What a game is before it starts: checked on the way in, and carried as JSON."""

from __future__ import annotations

import pytest

from game.session.setup import COMPUTER, HUMAN, GameSetup, SeatSpec


def test_a_solo_setup_puts_you_in_one_seat_and_computers_elsewhere():
    setup = GameSetup.solo("briscola", seat=1, level="hard")
    assert [s.kind for s in setup.seats] == [COMPUTER, HUMAN, COMPUTER]
    assert setup.humans() == [1]
    assert setup.options == {"remember_trump": True, "games": 3}, "the defaults are filled in"


def test_a_setup_round_trips_through_json():
    setup = GameSetup("bocce", (SeatSpec(HUMAN), SeatSpec(COMPUTER, "easy")), {"target": 15}, 3)
    assert GameSetup.from_json(setup.to_json()) == setup


@pytest.mark.parametrize("bad", [
    {"key": "nope", "seats": []},
    {"key": "bocce", "seats": [{"kind": "human"}]},
    {"key": "bocce", "seats": [{"kind": "human"}, {"kind": "robot"}]},
    {"key": "bocce", "seats": [{"kind": "human"}, {"kind": "computer", "level": "godlike"}]},
    {"key": "bocce", "seats": [{}, {}], "options": {"target": 26}},
    {"key": "bocce", "seats": [{}, {}], "seed": "7"},
    {"key": "bocce", "seats": "two"},
    "bocce",
])
def test_a_bad_setup_is_refused_with_a_value_error(bad):
    with pytest.raises(ValueError):
        GameSetup.from_json(bad)
