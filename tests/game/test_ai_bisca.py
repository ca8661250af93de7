"""Bisca's computer players: legal, finished games; bets from an estimate (and, in the
one-card round, from the cards in sight); plays that make exactly the bet; the Ace's
worth chosen to win or to duck.  The strength figure over 300 games is in bench/README.md."""

import random

import pytest

from game.ai import computer_player
from game.ai.base import RandomPlayer
from game.ai.bisca import BiscaPlayer, expected_wins, facts, player, top
from game.ai.search import Facts, Search, deal
from game.cards import cards
from game.simulate import play_game, win_rate
from tests.game.aicheck import Checked, assert_true_result
from tests.game.test_bisca import bet, play, rig, run


def choose(state, seat=None, level="normal"):
    seat = state.to_act()[0] if seat is None else seat
    return player(level).choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_levels_are_found_by_the_registry():
    for level in ("easy", "normal", "hard"):
        ai = computer_player("bisca", level)
        plays = ai.fallback if level == "hard" else ai      # hard: the search (test_ai_search)
        assert isinstance(plays, BiscaPlayer) and level in ai.name
        assert isinstance(ai, Search) == (level == "hard")


@pytest.mark.slow
def test_normal_outlasts_three_random_players_in_a_small_fixed_sample():
    assert win_rate("bisca", player("normal"), RandomPlayer(), 40, 4, first_seed=0) >= 0.6


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seats", [2, 6])
def test_every_level_finishes_games_with_legal_moves(level, seats):
    players = [Checked(player(level)) for _ in range(seats - 1)] + [Checked(RandomPlayer())]
    state = play_game("bisca", players, 3, {"half_bets": seats == 6})
    assert_true_result(state, players)


def test_a_strong_hand_bets_high_and_a_weak_hand_bets_nothing():
    state = rig(["Kd Nd Jd", "2b 3b 4b", "5b 6b 7b"])
    assert choose(state) == bet(3)
    run(state, bet(3))
    assert choose(state) == bet(0)


def test_the_estimate_respects_the_hook_rule():
    state = rig(["2b 3b 4b", "Kd Nd Jd"])
    run(state, bet(0))
    assert choose(state) == bet(2)          # 3 is barred: the nearest bet instead


def test_one_card_round_bets_from_the_others_cards_in_sight():
    state = rig(["Kc", "Kd", "2b"])
    assert choose(state, 0) == bet(0)       # a King of Coins in sight: little chance
    weak = rig(["Kc", "2b", "3b"])
    assert choose(weak, 0) == bet(1)        # only low Sticks in sight


def test_one_card_round_bet_ignores_its_own_hidden_card():
    strong, weak = rig(["Ad", "2b", "3b"]), rig(["2s", "2b", "3b"])
    assert choose(strong, 0) == choose(weak, 0)


def test_short_of_its_bet_it_wins_with_the_weakest_card_that_takes_the_hand():
    state = rig(["5c Kb 2s", "4c 6c Kc"])
    run(state, bet(1), bet(1), play("5c"))
    assert choose(state) == play("6c")


def test_once_its_bet_is_made_it_ducks_under_the_card_on_the_table():
    state = rig(["Kc 2b", "Nc Kd"])
    run(state, bet(1), bet(0), play("Kc"))
    assert choose(state) == play("Nc")


def test_it_plays_an_ace_high_to_win_and_low_to_duck():
    state = rig(["5c 2b", "Ac 3b"])
    run(state, bet(0), bet(1), play("5c"))
    assert choose(state) == play("Ac", "high")
    state = rig(["5c 2b", "Ac 3s"])
    run(state, bet(1), bet(0), play("5c"))
    assert choose(state) == play("Ac", "low")


def test_a_bet_implies_strength_in_the_worlds_hard_searches():
    """Seat 0 bet all three hands, seat 1 none: to seat 2, a world where seat 0 holds the
    strong hand and seat 1 the weak one is likelier than the other way round; sampled,
    seat 0's hands expect more wins than without the bets."""
    state = rig(["Kd Nd Jd", "2b 3b 4b", "5b 6b 7b"])
    run(state, bet(3), bet(0))
    view = state.view(2)
    likely = facts(view).likely
    strong, weak = cards("Kd Nd Jd"), cards("2b 3b 4b")
    assert likely({"hand/0": strong, "hand/1": weak}) > likely({"hand/0": weak, "hand/1": weak})
    assert likely({"hand/0": strong, "hand/1": weak}) > likely({"hand/0": strong, "hand/1": strong})

    def seat0_strength(evidence: Facts, trial: int) -> float:
        world = state.world(2, trial)
        deal(world, 2, evidence, random.Random(trial))
        assert world.hands[2] == state.hands[2]                 # the seat's own cards stay
        return expected_wins(sorted(top(c) for c in world.hands[0]),
                             sorted(top(c) for c in world.hands[0] + world.hands[1]
                                    + world.deck), 2)
    read = sum(seat0_strength(facts(view), t) for t in range(40))
    plain = sum(seat0_strength(Facts(), t) for t in range(40))
    assert read > plain + 8, (read, plain)


def test_the_one_card_round_bets_say_nothing_of_a_hand():
    state = rig(["Kc", "Kd", "2b"])
    run(state, bet(1))
    assert facts(state.view(1)).likely is None
