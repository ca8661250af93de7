import random

import pytest

from game.ai import computer_player
from game.ai.base import RandomPlayer
from game.ai.briscola import BriscolaPlayer, infer_trump, player
from game.ai.search import Search
from game.briscola import SPEC
from game.cards import card
from game.engine import Action
from game.simulate import play_game, win_rate
from tests.game.aicheck import Checked, assert_true_result
from tests.game.test_briscola import play, rig


def choose(state, seat, ai=None):
    """What a fresh computer player does from ``seat``'s view (in these tests seat 2 is last
    to play; where it must know the trump, seat 1 deals)."""
    ai = ai or player("normal")
    return ai.choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_levels_are_found_by_the_registry():
    for level in ("easy", "normal", "hard"):
        ai = computer_player("briscola", level)
        plays = ai.fallback if level == "hard" else ai      # hard: the search (test_ai_search)
        assert isinstance(plays, BriscolaPlayer) and level in ai.name
        assert isinstance(ai, Search) == (level == "hard")


@pytest.mark.slow
def test_normal_beats_two_random_players_in_80_percent_of_300_matches():
    rate = win_rate("briscola", player("normal"), RandomPlayer(), 300, 3, first_seed=0)
    assert rate >= 0.8, rate


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_finishes_matches_with_legal_moves(level):
    for seed in range(2):
        players = [Checked(player(level)), Checked(RandomPlayer()), Checked(player(level))]
        state = play_game("briscola", players, seed)
        assert_true_result(state, players)
        result = state.result()
        assert [sum(row["total"][s] for row in result["sheet"]) for s in range(3)] \
            == result["scores"]
        assert len(result["sheet"]) == 3


def test_ai_claims_the_venceslao():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"])
    state.apply(0, play("2s"))
    assert choose(state, 1) == Action("claim")
    assert choose(state, 2) == Action("claim")


def test_ai_makes_its_strongest_suit_the_new_briscola():
    state = rig(["Kd 2s 6d", "Ab 3b Kb", "4c 5c 6s"], briscola="Ac")
    state.apply(0, play("2s"))
    state.apply(1, Action("claim"))
    assert choose(state, 1) == Action("trump", (), "b")


def test_ai_takes_a_trick_with_points_when_it_is_last():
    state = rig(["Kd 5d 6d", "4d 5c 6c", "3d 5b 2c"], briscola="Ac", dealer=1, leader=0)
    state.apply(0, play("Kd"))
    state.apply(1, play("4d"))
    assert choose(state, 2) == play("3d")      # 14 points, no trump spent


def test_ai_does_not_throw_points_into_a_trick_it_cannot_win():
    state = rig(["Ac 5d 6d", "3c 5c 6c", "Ad 4b Kd"], briscola="7c", dealer=1, leader=0)
    state.apply(0, play("Ac"))
    state.apply(1, play("3c"))
    assert choose(state, 2) == play("4b")


def test_ai_keeps_a_high_briscola_for_a_valuable_trick():
    state = rig(["4d 5d 6d", "7d 5c 6c", "Ac 6b 7s"], briscola="7c", dealer=1, leader=0)
    state.apply(0, play("4d"))
    state.apply(1, play("7d"))
    assert choose(state, 2) in (play("6b"), play("7s"))


def test_ai_trumps_a_valuable_lead_when_last():
    state = rig(["Ad 5d 6d", "4d 5c 6c", "2c 6b 7s"], briscola="7c", dealer=1, leader=0)
    state.apply(0, play("Ad"))
    state.apply(1, play("4d"))
    assert choose(state, 2) == play("2c")


def test_ai_leads_a_card_without_points():
    state = rig(["Ad 5b 3c", "4d 5c 6c", "2c 6b 7s"], briscola="Ks")
    assert choose(state, 0) == play("5b")


def test_ai_plays_the_venceslao_when_it_must():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"])
    assert choose(state, 0) == play("2s")


def test_dealer_infers_the_trump_from_a_trick_won_off_suit():
    view = {"tricks": [{"leader": 0, "cards": ["Ad", "4b", "5d"], "winner": 1, "held": False}]}
    assert infer_trump(view, []) == {"b": 1.0}


def test_dealer_rules_out_suits_that_lost_to_the_suit_led():
    view = {"tricks": [{"leader": 0, "cards": ["4d", "Ab", "Ac"], "winner": 0, "held": False}]}
    odds = infer_trump(view, [card("7s"), card("6s"), card("7d")])
    assert set(odds) == {"d", "s"} and odds["s"] > odds["d"]


def test_ai_remembers_the_trump_after_the_view_stops_showing_it():
    # the dealer (seat 2) draws the sampled card: seat 0 no longer sees it
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ab", draws=["Ad", "Ac"],
                remember=True, stock_empty=True)
    ai = player("normal")
    ai.choose(state.view(0), state.legal_actions(0), random.Random(0))
    state.apply(0, play("6d"))
    state.apply(1, play("5c"))
    state.apply(2, play("6s"))
    view = state.view(0)
    assert view["trump"] is None and view["trump_known"]
    assert ai.read(view, ai.memory[0]).trump_odds == {"b": 1.0}


def test_ai_memory_does_not_carry_over_to_a_new_match():
    ai = player("normal")
    first = SPEC.new(None, 3, 1)
    ai.choose(first.view(0), first.legal_actions(0), random.Random(0))
    second = SPEC.new(None, 3, 2)
    view = second.view(0)
    ai.choose(view, second.legal_actions(0), random.Random(0))
    assert ai.memory[0].trump == second.trump
