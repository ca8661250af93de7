"""The Dou Dizhu computer player: legal moves only, its view only, and the habits the
issue names (bidding from strength, the shortest split, bombs kept, cooperation).
Strength over 300 games per side is measured by bench/doudizhu.py."""

from __future__ import annotations

import random

import pytest

from game.ai import computer_player
from game.ai.base import RandomPlayer
from game.ai.doudizhu import DoudizhuPlayer, player, shape, with_cards_drawn
from game.ai.doudizhu_reading import strength
from game.ai.search import Search
from game.cards import cards
from game.doudizhu import combos
from game.doudizhu.rules import CLASSIC_KINDS
from game.doudizhu.state import PASS
from game.engine import Action
from game.simulate import play_game
from tests.game.aicheck import Checked, assert_true_result, quick
from tests.game.test_doudizhu import at_play, new, play


def choose(state, seat):
    return player().choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_levels_are_found_by_the_registry():
    for level in ("easy", "normal", "hard"):
        ai = computer_player("doudizhu", level)
        plays = ai.fallback if level == "hard" else ai      # hard: the search (test_ai_search)
        assert isinstance(plays, DoudizhuPlayer) and isinstance(ai, Search) == (level == "hard")


@pytest.mark.parametrize("rules", ["text", "classic"])
def test_whole_games_with_legal_moves(rules):
    players = [Checked(player("normal")), Checked(RandomPlayer()), Checked(player("easy"))]
    state = play_game("doudizhu", players, 3, options={"rules": rules})
    assert_true_result(state, players)


def test_a_strong_hand_bids_high_and_a_weak_one_passes():
    assert strength(combos.counts_of("2222BR")) >= 13
    state = new()
    seat = state.turn
    view = state.view(seat)
    view["zones"][f"hand/{seat}"] = ["3S", "4H", "5D", "7C", "8S", "9H", "TD", "JC"]
    assert player().choose(view, state.legal_actions(seat), random.Random(0)) == PASS
    view["zones"][f"hand/{seat}"] = ["BJ", "RJ", "2S", "2H", "2D", "AS", "AH", "3S"]
    assert player().choose(view, state.legal_actions(seat), random.Random(0)).value == "3"


def test_the_split_counts_the_fewest_combinations():
    assert shape(tuple(combos.counts_of("34567"))) == 1
    assert shape(tuple(combos.counts_of("3334"))) == 1
    assert shape(tuple(combos.counts_of("3456789"))) == 1
    assert shape(tuple(combos.counts_of("3579"))) == 4


def test_it_leads_the_play_that_keeps_the_hand_short():
    state = at_play(["3S 4S 5S 6S 7S KH", "8H 9H", "TD JD"])
    assert choose(state, 0).value == "34567"


def test_a_bomb_is_kept_while_nothing_is_at_stake():
    state = at_play(["3S 4S 5H 9D JC", "6S 6H 6D 6C 8S 8H TS JS QS KS 2S", "TD JD QD KD AD"],
                    landlord=0)
    play(state, 0, "3")
    assert choose(state, 1).value != "6666"


def test_a_peasant_does_not_overtake_its_partner():
    state = at_play(["3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "5H 6H 7H", "AH 2H KD QD JD TD 9D"],
                    landlord=0)
    play(state, 0, "3")
    play(state, 1, "5")
    assert choose(state, 2) == PASS


def test_it_sees_only_its_view():
    state = at_play(["3S 4S", "5S 6S 7S", "8S 9S TS"])
    view = state.view(1)
    assert view["zones"]["hand/0"] == [None, None] and view["zones"]["hand/2"] == [None] * 3
    assert choose(state, 0) in state.legal_actions(0)


def test_a_peasant_feeds_a_partner_about_to_go_out():
    state = at_play(["5S 6S 7S 8S 9S KD QD", "4H", "3S 9D TD JD"], landlord=0)
    play(state, 0, "5")
    state.apply(1, PASS)
    play(state, 2, "9")
    state.apply(0, PASS)
    state.apply(1, PASS)
    assert state.turn == 2 and state.last is None
    assert choose(state, 2).value == "3", "a low single the partner can beat"


def test_a_single_nothing_unseen_can_beat_is_sure():
    """Counting: once both jokers and every Two are out, an Ace single is a sure winner."""
    ai = DoudizhuPlayer()
    unseen = ai._unseen({"played": ["BR", "2222"]}, combos.counts_of("QKA"))
    assert ai._sure("A", combos.classify("A", frozenset({"single"})), unseen, None)
    unseen = ai._unseen({"played": ["BR"]}, combos.counts_of("QKA"))
    assert not ai._sure("A", combos.classify("A", frozenset({"single"})), unseen, None)


@pytest.mark.parametrize("level", ["easy", "normal", "random"])
def test_a_computer_shows_any_of_its_cards_of_a_rank_each_as_likely(level):
    """Which Three a computer shows is drawn from the Threes it holds, each as often, so
    the suits it shows say nothing of the rest of its hand."""
    state = at_play(["3S 3H 3D 8D", "5S 6S 7S", "8S 9S TS"])
    view = state.view(0)
    single = [a for a in state.legal_actions(0) if a.value == "3"]
    assert len(single) == 1, "the list names one Three"
    ai = computer_player("doudizhu", level)
    shown: dict[str, int] = {}
    for seed in range(600):
        action = ai.choose(view, single, random.Random(seed))
        assert state.is_legal(0, action) and action.value == "3"
        shown[action.cards[0].code] = shown.get(action.cards[0].code, 0) + 1
    assert set(shown) == {"3S", "3H", "3D"}
    assert max(shown.values()) < 1.5 * min(shown.values()), shown
    pair = ai.choose(view, [a for a in state.legal_actions(0) if a.value == "33"],
                     random.Random(1))
    assert set(pair.cards) <= set(cards("3S 3H 3D")) and len(set(pair.cards)) == 2


def test_the_ranking_puts_the_choice_first_and_each_plan_before_its_other_kickers():
    """Hard's candidates (Search's ``rank``): the ranking's first play is the one Normal
    leads, and every combination (kind, rank, length) comes once before any play that
    only changes its kickers; every legal action is ranked, once."""
    state = at_play(["3S 3H 3D 5S 6S 7S 8S 9S JD QD", "4H 4D TD", "KS KH AD"],
                    rules="classic", landlord=0)
    view, legal = state.view(0), state.legal_actions(0)
    ranked = DoudizhuPlayer().ranked(view, legal)
    assert sorted(ranked) == sorted(legal)
    assert ranked[0].value == choose(state, 0).value
    plans = [(c.kind, c.rank, c.length) for c in
             (combos.classify(a.value, CLASSIC_KINDS) for a in ranked)]
    first_again = next(i for i, p in enumerate(plans) if p in plans[:i])
    assert len(set(plans[:first_again])) == first_again == len(set(plans))


def test_hard_judges_the_candidates_normal_ranks_best():
    """With room for three candidates, Hard judges Normal's choice and the next two of
    its ranking, never a play picked at random."""
    state = at_play(["3S 3H 3D 5S 6S 7S 8S 9S JD QD", "4H 4D TD", "KS KH AD"],
                    rules="classic", landlord=0)
    view, legal = state.view(0), state.legal_actions(0)
    hard = quick(player("hard"), playouts=3 * 8)
    hard.choose(view, legal, random.Random(0), world=state.world(0, 0))
    assert list(hard.last.counts) == DoudizhuPlayer().ranked(view, legal)[:3]


# -- the suits a play shows ------------------------------------------------------------------
def twins():
    """Two positions seat 1 cannot tell apart (twin worlds): seat 0, to lead, holds the
    Sevens of Clubs and Diamonds or those of Diamonds and Hearts, seat 2 the other one."""
    worlds = [at_play(["3S 4S 5S 7C 7D 9H", "5H 6H 8H 9D", "3C 4C 7H 8C"]),
              at_play(["3S 4S 5S 7D 7H 9H", "5H 6H 8H 9D", "3C 4C 7C 8C"])]
    assert worlds[0].view(1) == worlds[1].view(1)
    return worlds


def shown_alike(pick, draws=200) -> None:
    """Seat 0 leads a single Seven, its card picked by ``pick(state, rng)`` (codes), in each
    twin world over ``draws`` seeded draws: the Seven of Diamonds, held in both, is shown
    about as often in each, so which Seven shows tells seat 1 nothing of which other Seven
    seat 0 holds.  Drawn as the hand's first of the rank, it was never shown in one world
    and always in the other."""
    often = [sum(pick(state, random.Random(i)) == ["7D"] for i in range(draws))
             for state in twins()]
    assert all(draws * 0.35 < n < draws * 0.65 for n in often), often
    assert abs(often[0] - often[1]) < draws * 0.15, often


def test_the_suits_of_a_computers_play_tell_nothing_of_the_rest_of_its_hand():
    """What Hard plays (its advice, the Hint's play) comes with its cards drawn by
    with_cards_drawn, as every computer's: the search's choice, and its fallback's
    where it does not search (one legal play, no world)."""
    hard = player("hard")
    assert hard.present is with_cards_drawn and hard.fallback.draws
    shown_alike(lambda state, rng: [c.code for c in with_cards_drawn(
        state.view(0), Action("play", (), "7"), rng).cards])
