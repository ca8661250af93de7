"""bench/briscola_decisions.py: the best card's gap over the fallback's is read in points
of a hundred of the chance to win, and in standard errors of its paired difference."""

import math

import pytest

from bench.briscola_decisions import best_of
from game.ai.search import Thought
from game.engine import Action

A, B = Action("play", (), "a"), Action("play", (), "b")


def test_a_card_ahead_of_the_fallback_is_read_with_its_gap_and_its_evidence():
    thought = Thought({A: 0.10, B: 0.13}, {A: 20, B: 20}, A, A, 20, chances=True, seats=3,
                      errors={A: 0.0, B: 0.01})
    best, gap, z = best_of(thought)
    assert best == B and gap == pytest.approx(2.0) and z == pytest.approx(3.0)


def test_the_fallbacks_own_card_or_an_unknown_error_shows_no_evidence():
    level = Thought({A: 0.2, B: 0.1}, {A: 8, B: 8}, A, A, 8, chances=True, seats=3,
                    errors={A: 0.0, B: 0.05})
    assert best_of(level) == (A, 0.0, 0.0)
    unknown = Thought({A: 0.1, B: 0.2}, {A: 1, B: 1}, A, A, 1, chances=True, seats=3,
                      errors={A: 0.0, B: math.inf})
    assert best_of(unknown)[2] == 0.0
