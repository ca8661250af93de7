"""Bolola's computer players: legal whole games at every level, purpose in each kind of
deal, only the view.  The 200-game strength figure lives in bench/README.md; here a
small fixed-seed sample."""

import random

import pytest

from game.ai import computer_player
from game.ai.base import RandomPlayer
from game.ai.bolola import BololaPlayer, choose_contract, choose_trump, player
from game.ai.search import Search
from game.engine import Action
from game.simulate import play_game, win_rate
from tests.game.aicheck import Checked, assert_true_result
from tests.game.positions import positioned
from tests.game.test_bolola import legal, play, rig


def choose(state, seat=0, level="normal"):
    return player(level).choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_levels_are_found_by_the_registry():
    for level in ("easy", "normal", "hard"):
        ai = computer_player("bolola", level)
        plays = ai.fallback if level == "hard" else ai      # hard: the search (test_ai_search)
        assert isinstance(plays, BololaPlayer) and level in ai.name
        assert isinstance(ai, Search) == (level == "hard")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_level_finishes_games_with_legal_moves(level):
    players = [Checked(player(level)), Checked(RandomPlayer()), Checked(player(level)),
               Checked(RandomPlayer())]
    state = play_game("bolola", players, 1, {"dealers_choice": False, "early_end": True})
    assert_true_result(state, players)


@pytest.mark.slow
def test_dealers_choice_games_end_with_every_contract_chosen_by_computers():
    players = [Checked(player("normal")) for _ in range(4)]
    state = play_game("bolola", players, 2, {"dealers_choice": True, "early_end": True})
    assert_true_result(state, players)
    assert len(state.result()["sheet"]) == 36


@pytest.mark.slow
def test_normal_has_the_best_total_against_three_random_players_in_a_small_sample():
    rate = win_rate("bolola", player("normal"), RandomPlayer(), 24, 4, first_seed=0)
    assert rate >= 0.6, rate


# -- negative deals --------------------------------------------------------------------
def test_negative_it_ducks_under_the_winning_card_with_its_highest_such_card():
    state = rig("no_tricks", "2S 9S KS", "TS")
    assert choose(state) == play("9S")


def test_negative_void_it_sheds_the_most_dangerous_card():
    assert choose(rig("no_queens", "QC 2C AD", "TS", others=["", "", ""])) == play("QC")
    assert choose(rig("no_tricks", "3C AD 5D", "TS")) == play("AD")
    assert choose(rig("all", "KH 5H QC", "TS")) == play("KH")


def test_negative_when_it_must_win_last_it_keeps_the_scoring_card_back():
    state = rig("no_queens", "QS AS 2C", "3S 5S 7S")
    assert choose(state) == play("AS")


def test_negative_it_leads_a_low_card_not_a_sure_winner():
    state = rig("no_tricks", "AS 2D 9C")
    assert choose(state) == play("2D")


def test_no_last_two_it_sheds_high_cards_early_and_ducks_at_the_end():
    state = rig("no_last_two", "AS 2S 9C", "5S")
    assert choose(state) == play("AS")
    state = positioned(state, tricks=[{"leader": 0, "cards": [], "winner": 0, "points": 0}] * 11)
    assert choose(state) == play("2S")


# -- positive deals ---------------------------------------------------------------------
def test_positive_last_to_play_it_wins_with_the_lowest_card_that_does():
    state = rig("trumps", "AS KS 2S", "TS 3S 4S", trump="H")
    assert choose(state) == play("KS")


def test_positive_void_it_trumps_and_when_it_cannot_win_it_keeps_scoring_cards():
    assert choose(rig("bolola", "QS 2S 5H", "AS KD 3S")) == play("2S")
    state = rig("trumps", "2H 9H 4C", "TD", trump="H")
    assert choose(state) in (play("2H"), play("9H"))


def test_positive_it_leads_a_boss_card():
    state = rig("bolola", "AS 2D 5C", played="")
    assert choose(state) == play("AS")


# -- choices before a deal ----------------------------------------------------------------
def test_it_names_its_longest_strongest_suit_trumps():
    state = rig("trumps", "AS KS QS 9S 2H 3D")
    legal_ = [Action("trump", (), s) for s in "CDHS"]
    assert choose_trump(state.view(0), legal_) == Action("trump", (), "S")


def test_with_a_strong_hand_it_picks_a_positive_deal_with_a_weak_one_a_negative_one():
    strong = rig("no_tricks", "AS KS AH KH AD KD AC QC QS JS JD 9C 8C")
    weak = rig("no_tricks", "2S 3S 4S 5H 6H 7H 2D 3D 4D 2C 3C 4C 5C")
    options = [Action("contract", (), c) for c in ("bolola", "no_tricks")]
    assert choose_contract(strong.view(0), options).value == "bolola"
    assert choose_contract(weak.view(0), options).value == "no_tricks"


def test_it_only_reads_its_own_view():
    state = rig("no_tricks", "2S 9S", "TS", others=["AS", "KS", "QS"])
    view = state.view(0)
    assert view["zones"]["hand/1"] == [None]
    assert legal(state) == ["2S", "9S"] and choose(state) == play("9S")
    # the same view with other hidden hands gives the same choice
    state = positioned(state, hands=[["2S", "9S"], ["2C"], ["3C"], ["4C"]])
    assert state.view(0) == view and choose(state) == play("9S")


def test_hard_remembers_a_shown_void_and_leads_away_from_it():
    state = rig("no_queens", "2S 2D", played="5D 6D 7C 8D",
                tricks=[{"leader": 1, "cards": ["5D", "6D", "7C", "8D"], "winner": 3,
                         "points": 0}])
    # West (seat 3) did not follow Diamonds: it may shed a Queen on a Diamond lead
    assert choose(state, level="normal") == play("2D")
    assert choose(state, level="hard") == play("2S")
