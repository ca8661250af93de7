"""A seat's person changing mid-game, as a listener is told it: once, by name, and
each seat named as it now is (game/spoken/seating.py)."""

from __future__ import annotations

import pytest

from game.spoken.seating import Seating, changes

NAMES = ("Anna", "Bruno", "Computer 3")


@pytest.mark.parametrize("lang, away, back, taken, stand_in", [
    ("en", "Bruno left; the computer plays for Bruno.", "Bruno is back.",
     "Carla takes Computer 3's seat.", "Computer for Bruno"),
    ("it", "Bruno ha lasciato il tavolo; il computer gioca per Bruno.",
     "Bruno è di nuovo al tavolo.", "Carla prende il posto di Computer 3.",
     "Computer per Bruno"),
])
def test_a_drop_a_return_and_a_seat_taken_are_each_said_once_by_name(lang, away, back, taken,
                                                                     stand_in):
    here = Seating(lang, NAMES)
    gone = Seating(lang, NAMES, frozenset({1}))
    assert changes(here, gone, 0) == [(1, away)]
    assert gone.spoken(0) == ("Anna", stand_in, "Computer 3")
    assert changes(gone, here, 0) == [(1, back)]
    assert changes(here, Seating(lang, ("Anna", "Bruno", "Carla")), 0) == [(2, taken)]
    assert changes(here, here, 0) == []


def test_the_screens_own_seat_and_a_new_language_are_no_news():
    """Your own seat is left to the light and the prompt; a language chosen again names
    every seat anew, but nobody moved."""
    assert changes(Seating("en", NAMES), Seating("en", NAMES, frozenset({0})), 0) == []
    assert Seating("en", NAMES, frozenset({0})).spoken(0) == NAMES
    assert changes(Seating("en", ("You", "East")), Seating("it", ("Tu", "Est")), 0) == []
