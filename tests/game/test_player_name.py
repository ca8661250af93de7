"""A player's name: the rule of game/player_name.py, the same as the network's."""

import pytest

from game.net.protocol import clean_name
from game.player_name import MAX_NAME, NOT_TEXT, TOO_LONG, UNPRINTABLE, name_problem


@pytest.mark.parametrize("name, problem", [
    ("", None), ("Anna", None), ("Zoë Wang 王", None), ("no\u00a0break", None),
    ("x" * MAX_NAME, None), ("x" * (MAX_NAME + 1), TOO_LONG), ("tab\there", UNPRINTABLE),
    ("nul\x00", UNPRINTABLE), ("private\ue000", UNPRINTABLE), ("bidi\u202e", UNPRINTABLE),
    (None, NOT_TEXT), (7, NOT_TEXT)])
def test_a_name_is_short_printable_text(name, problem):
    assert name_problem(name) == problem


@pytest.mark.parametrize("name", ["Anna", "Zoë", "x" * MAX_NAME])
def test_a_name_that_passes_is_kept_whole_by_the_network(name):
    assert clean_name(name) == name
