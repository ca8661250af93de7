"""bench/briscola_model.py: it counts a choice foreseen only when the playout player's
card is the player's own."""

from bench.briscola_model import agreement
from bench.briscola_pybrisca import PyBriscaSimple
from game.ai.briscola import QuickPlayer


def test_the_playout_player_foresees_itself_in_every_choice():
    same, asked = agreement(QuickPlayer, 1, 0)
    assert asked > 20 and same == asked


def test_a_player_of_another_rule_is_foreseen_less_than_always():
    same, asked = agreement(PyBriscaSimple, 1, 0)
    assert 0 < same < asked
