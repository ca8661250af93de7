"""Bocce at the score: the win table Hard weighs every outcome by (game/ai/bocce_score.py)."""

from __future__ import annotations

import pytest

from game.ai.bocce import game_chances
from game.ai.bocce_score import HAND_MAX, hand_worth, late_odds, win_chance
from game.bocce import SPEC
from game.bocce.rules import FRAMES


@pytest.mark.parametrize("frames", range(1, FRAMES + 1))
def test_the_measured_odds_of_the_last_frames_are_odds(frames):
    odds = late_odds(frames)
    assert sum(p for _, _, p in odds) == pytest.approx(1.0)
    assert all(p > 0 for _, _, p in odds)
    assert all(a <= FRAMES * 3 and b <= FRAMES * 3 for a, b, _ in odds)


def test_a_whole_hand_never_takes_points_away():
    assert all(a >= 0 and b >= 0 for a, b, _ in late_odds(FRAMES))


@pytest.mark.parametrize("target", [10, 25])
def test_one_player_wins_whoever_it_is(target):
    # My chance and the other's, seen from their side (who starts swapped), make 1.
    for m in range(target + 2):
        for o in range(target + 2):
            for start in (False, True):
                assert win_chance(m, o, start, target) + win_chance(o, m, not start, target) \
                    == pytest.approx(1.0)


def test_a_game_decided_is_decided():
    assert win_chance(25, 20, True, 25) == 1.0
    assert win_chance(20, 26, False, 25) == 0.0
    assert win_chance(27, 26, False, 25) == 1.0      # both passed: the higher score wins


def test_a_tie_over_the_target_plays_on():
    tied = [win_chance(26, 26, start, 25) for start in (False, True)]
    assert all(0.3 < t < 0.7 for t in tied)
    assert sum(tied) == pytest.approx(1.0)
    assert win_chance(26, 26, True, 25) == win_chance(30, 30, True, 25)


def test_a_point_more_is_never_worse_and_the_leader_is_ahead():
    target = 15
    for m in range(target):
        for o in range(target):
            for start in (False, True):
                here = win_chance(m, o, start, target)
                assert win_chance(m + 1, o, start, target) >= here - 1e-12
                assert win_chance(m, o + 1, start, target) <= here + 1e-12
    assert win_chance(20, 10, True, 25) > 0.9
    assert 0.4 < win_chance(0, 0, True, 25) < 0.6


def test_the_hand_worth_after_the_last_frame_is_the_next_hands_chance():
    worth = hand_worth(25, 18, 20, True, 0, False)
    assert len(worth) == HAND_MAX + 1
    for x in range(HAND_MAX + 1):
        for y in range(HAND_MAX + 1):
            assert worth[x][y] == win_chance(18 + x, 20 + y, False, 25)


def test_the_hand_worth_with_frames_to_come_lies_between_its_ends():
    # Two more frames to come: a hand's worth is an average of the chances they lead to.
    worth = hand_worth(25, 20, 20, False, 2, True)
    assert 0.0 < worth[0][0] < 1.0
    assert worth[3][0] > worth[0][0] > worth[0][3]


def test_a_playouts_worth_is_each_seats_chance_of_the_game():
    state = SPEC.new({"target": 10}, 2, 4)
    start = game_chances(state)
    assert sum(start) == pytest.approx(1.0) and 0.4 < start[0] < 0.6
    while not state.over:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert game_chances(state) == [1.0 if s in state.winners else 0.0 for s in (0, 1)]
