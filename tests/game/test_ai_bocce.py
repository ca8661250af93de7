"""Bocce's computer player: it plays from its view only, by expected value, and beats chance."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.ai import computer_player
from game.ai.base import RandomPlayer
from game.ai.bocce import (
    LEVELS,
    BoccePlayer,
    QuickPlayer,
    Roller,
    _frame_chance,
    _frame_value,
    _unseen,
    player,
)
from game.ai.search import Search
from game.bocce import SPEC
from game.cards import french_deck
from game.engine import Action
from game.simulate import play_game, win_rate
from tests.game.aicheck import Checked, assert_true_result
from tests.game.test_bocce import HIGH, _frame, lag, rigged

A = Action.parse


def _choose(level: str, state, seat: int) -> Action:
    """What the player picks from the seat's view, passed through JSON as the network would."""
    view = json.loads(json.dumps(state.view(seat)))
    return player(level).choose(view, state.legal_actions(seat), random.Random(0))


@pytest.mark.slow
def test_normal_player_beats_random_in_at_least_80_percent_of_200_games():
    # Fixed seeds 0..199, the computer player's seat alternating game by game.
    rate = win_rate("bocce", player("normal"), RandomPlayer(), games=200, seats=2, first_seed=0)
    assert rate >= 0.80, rate


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_with_legal_actions(level):
    for seed in range(3):
        players = [Checked(player(level)), Checked(RandomPlayer())]
        if seed % 2:
            players.reverse()
        state = play_game("bocce", players, seed)
        assert_true_result(state, players)
        result = state.result()
        assert max(result["scores"]) >= state.target and len(result["winners"]) == 1


@pytest.mark.slow
def test_the_lag_memo_gives_the_same_moves_from_many_threads():
    """Computers think in worker threads and share the lag memo: from eight threads at
    once, every lag choice is the one a lone thread makes."""
    views = []
    for seed in range(24):
        state = SPEC.new(None, 2, seed)
        for seat in (0, 1):
            views.append((json.loads(json.dumps(state.view(seat))), state.legal_actions(seat)))
    levels = ("normal", "hard")

    def choose_all(level: str) -> list[Action]:
        return [player(level).choose(v, legal, random.Random(0)) for v, legal in views]

    alone = [choose_all(level) for level in levels]
    _frame_value.cache_clear()
    _frame_chance.cache_clear()
    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(choose_all, levels * 4))
    assert together == alone * 4


def test_levels_and_registry():
    for level in LEVELS:
        chosen = computer_player("bocce", level)
        plays = chosen.fallback if level == "hard" else chosen   # hard: the search
        assert isinstance(plays, BoccePlayer) and plays.level == level
        assert isinstance(chosen, Search) == (level == "hard")
    with pytest.raises(ValueError):
        player("grandmaster")


def test_player_needs_a_seats_view_not_the_spectators():
    state = rigged()
    with pytest.raises(ValueError):
        player("normal").choose(state.view(None), state.legal_actions(0), random.Random(0))


def test_unseen_cards_are_the_deck_less_every_card_in_the_view():
    state = rigged(bocce=(("4H 3D",), ("2H 2C",)), top="9S")
    lag(state, "5H:5", "7C:7")
    state.apply(0, A("draw"))       # 4H 3D 9S bust into the discard; seat 1 turns 2H 2C over
    view = state.view(1)
    seen = {c for cs in view["zones"].values() for c in cs if c}
    unseen = {c.code for c in _unseen(view)}
    assert seen == {"7C", "3C", "4C", "5H", "4H", "3D", "9S", "2H", "2C"}
    assert unseen == {c.code for c in french_deck()} - seen
    # Seat 1 cannot see seat 0's hand, so those cards count as unseen.
    assert {"KS", "2D"} <= unseen


def test_roller_draws_while_drawing_is_worth_more_than_standing():
    small = ((1, 0, 0.5), (2, 0, 0.5))     # a pile of Ones and Twos
    roller = Roller(12, small)
    assert roller.wants_draw(3, 0)         # 3 scores 1; small cards creep up safely
    assert not roller.wants_draw(12, 0)    # on the pallino
    assert not roller.wants_draw(11, 0)    # 2 points now; a draw is 3 or out, even odds
    assert roller.draw_value(11, 0) == pytest.approx(1.5)
    big = ((10, 0, 1.0),)                  # a pile of Tens
    assert not Roller(12, big).wants_draw(3, 0)   # every draw from 3 goes out of bounds
    assert roller.value(13, 0) == 0.0      # over: out of bounds
    assert roller.best_stand(3, 1) == (3.0, 12)   # an Ace at 10 makes 12 from 3


def test_draws_when_far_below_the_pallino():
    state = rigged(bocce=(("2H 3D",), ()))
    lag(state, "KS:10", "7C:7")            # pallino 17, bocce 5
    for level in LEVELS:
        assert _choose(level, state, 0) == A("draw")


def test_stands_when_a_draw_would_likely_go_out_of_bounds():
    state = rigged(bocce=(("9H 6D",), ()))
    lag(state, "KS:10", "7C:7")            # pallino 17, bocce 15: 2 points now
    for level in LEVELS:
        assert _choose(level, state, 0) == A("stand::15")


def test_lands_on_an_opponents_finished_total_to_knock_it_out():
    state = rigged(hands=("KS QH JD", "3C 8C 9C"),
                   bocce=(("2H 3D", "AH 3H"), ("9S 4S", "2C 2S")))
    _frame(state, "KS:10", "3C:3", [(0, "stand::5"), (1, "stand::13")])    # seat 1: 13 on 13
    _frame(state, "QH:10", "8C:8", [(1, "stand::4")])                      # pallino 18
    # Seat 0 can stand at 4 or 13: 13 is only 1 point, but it knocks out 3.
    assert _choose("normal", state, 0) == A("stand::13")
    assert _choose("hard", state, 0) == A("stand::13")


def test_lag_picks_the_commit_with_the_best_expected_score():
    # With nothing else known, a higher pallino leaves more room under it:
    # the Ace counted 10 gives the best expected score.
    state = rigged(hands=("AS 2C 3C", "7D 8D 9D"))
    assert _choose("normal", state, 0) == A("commit:AS:10")
    assert _choose("easy", state, 0) in state.legal_actions(0)


def test_hard_rolling_first_keeps_the_pallino_low_and_rolling_second_raises_it():
    # Level at 0 to 0, Hard plays for the game: the higher the pallino, the nearer both
    # bocce land to it and to each other, and the more often the second roller's bocce
    # knocks out the first's (game/ai/bocce.py, _frame_chance).  Seat 0 rolls first.
    state = rigged(hands=("AS 2C 3C", "7D 8D 9D"))
    assert _choose("hard", state, 0) == A("commit:AS:1")
    assert _choose("hard", state, 1) == A("commit:9D:9")


def test_easy_counts_no_card_where_normal_does():
    # Bocce 8 + 5 = 13 under a pallino of 20, seat 0 rolling first.  Normal counts the
    # cards it holds: with two Twos in hand (fewer small cards left) it stands, with two
    # Nines (fewer big ones) it draws.  Easy, a beginner, draws from a full deck in its
    # head: the same choice whatever it holds.
    chosen = {}
    for hand in ("KS 2C 2D", "KS 9C 9D"):
        state = rigged(hands=(hand, "QH 3C 3D"), bocce=(("8H 5S",), ()))
        lag(state, "KS:10", "QH:10")
        chosen[hand] = (_choose("normal", state, 0), _choose("easy", state, 0))
    assert chosen["KS 2C 2D"][0] == A("stand::13") and chosen["KS 9C 9D"][0] == A("draw")
    assert chosen["KS 2C 2D"][1] == chosen["KS 9C 9D"][1]


# -- playing for the game, not the hand (Hard) ---------------------------------
def _last_frame(scores, bocce_2):
    """A first hand played to its last frame: seat 0 holds 4 points of the hand (15, 4 and
    11 at pallinos 17, 18 and 19: 2 + 1 + 1), seat 1 holds 2 (9 and 10) and rolls its last
    bocce ``bocce_2`` at 19, second; ``scores`` before the hand."""
    state = rigged(hands=HIGH, bocce=(("9H 6D", "2C 2S", "8H 3H"), ("5S 4S", "6H 4D", bocce_2)),
                   scores=list(scores))
    _frame(state, "KS:10", "7C:7", [(0, "stand::15"), (1, "stand::9")])
    _frame(state, "QH:10", "8C:8", [(1, "stand::10"), (0, "stand::4")])
    _frame(state, "JD:10", "9C:9", [(0, "stand::11")])
    assert state.to_act() == (1,) and state.pallino == 19
    return state


def test_hard_behind_at_the_end_risks_what_points_alone_never_would():
    # Seat 0 ends the hand on 21 + 4 = 25; seat 1 on 20 + 2 + this bocce's points: only
    # 3 (17 drawn up to 19) ties it and plays on, 2 loses for sure.
    state = _last_frame((21, 20), "9D 8D")
    assert _choose("normal", state, 1) == A("stand::17")     # 2 points by expectation
    assert _choose("hard", state, 1) == A("draw")


def test_hard_ahead_at_the_end_takes_the_point_that_wins():
    # Seat 1 holds 22 + 2 + 1 = 25 standing at 12 under 19 against seat 0's 19 + 4 = 23:
    # the game is won; drawing (as points alone would, 7 under) could go out of bounds.
    state = _last_frame((19, 22), "7D 5D")
    assert _choose("normal", state, 1) == A("draw")
    assert _choose("hard", state, 1) == A("stand::12")


# -- the search's playout player -------------------------------------------------
def test_the_quick_player_plays_like_normal_without_counting_cards():
    def quick(state, seat):
        view = json.loads(json.dumps(state.view(seat)))
        return QuickPlayer().choose(view, state.legal_actions(seat), random.Random(0))

    far = rigged(bocce=(("2H 3D",), ()))
    lag(far, "KS:10", "7C:7")                       # 5 under 17: draws
    assert quick(far, 0) == A("draw")
    close = rigged(bocce=(("9H 6D",), ()))
    lag(close, "KS:10", "7C:7")                     # 15 under 17: stands
    assert quick(close, 0) == A("stand::15")
    assert quick(rigged(hands=("AS 2C 3C", "7D 8D 9D")), 0) == A("commit:AS:10")


@pytest.mark.slow
def test_the_quick_player_plays_whole_games_with_legal_actions():
    for seed in range(2):
        players = [Checked(QuickPlayer()), Checked(BoccePlayer("normal"))]
        state = play_game("bocce", players[::1 - 2 * (seed % 2)], seed)
        assert_true_result(state, players)
        assert max(state.result()["scores"]) >= state.target
