"""The chance to win a Briscola Venceslao match (game/ai/briscola_match.py), and Hard
playing for it."""

import random

import pytest

from game.ai.briscola import JUDGE, player
from game.ai.briscola_end import end_points, solvable
from game.ai.briscola_match import POINT_WEIGHT, games_left, match_values, win_chances
from game.briscola import SPEC


def test_the_chances_sum_to_one_and_are_even_when_the_scores_are():
    for totals, left in [([0, 0, 0], 3), ([40, 10, 25], 1.5), ([120, 0, 3], 0.1)]:
        assert sum(win_chances(totals, left)) == pytest.approx(1.0)
    assert win_chances([30, 30, 30], 2) == pytest.approx([1 / 3] * 3)


def test_a_lead_counts_for_more_the_fewer_games_are_left():
    leads = [win_chances([20, 0, 0], left)[0] for left in (3, 2, 1, 0.25)]
    assert leads == sorted(leads)
    assert 1 / 3 < leads[0] < leads[-1] < 1


def test_with_no_game_left_the_top_total_wins_and_a_tie_shares_the_win():
    assert win_chances([50, 49, 10], 0) == [1.0, 0.0, 0.0]
    assert win_chances([50, 50, 10], 0) == [0.5, 0.5, 0.0]


def test_a_point_breaks_a_tie_only_where_the_chance_cannot_move():
    decided = match_values([90, 20, 10], 0)
    more = match_values([95, 20, 5], 0)
    assert more[0] - decided[0] == pytest.approx(5 * POINT_WEIGHT)
    # one point that turns the last game's result is worth far more than many that do not
    assert match_values([51, 50, 0], 0)[0] - match_values([50, 51, 0], 0)[0] > 0.9


def test_the_games_left_count_the_game_under_way_by_its_unplayed_cards():
    state = SPEC.new({}, 3, 1)
    assert games_left(state) == pytest.approx(3.0)
    rng = random.Random(1)
    for _ in range(9):
        s = state.to_act()[0]
        state.apply(s, rng.choice(state.legal_actions(s)))
    assert games_left(state) == pytest.approx(2 + 30 / 39)


def test_hards_judge_values_a_world_by_the_chance_to_win_the_match():
    state = SPEC.new({}, 3, 2)
    state.totals = [60, 20, 20]
    values = JUDGE.progress(state)
    assert values[0] > values[1] == pytest.approx(values[2])
    assert sum(values) == pytest.approx(1 + POINT_WEIGHT * 100)


def test_hards_fallback_reads_the_match_standing_from_its_view():
    state = SPEC.new({}, 3, 3)
    state.totals = [70, 40, 5]
    hard = player("hard")
    seat = state.to_act()[0]
    fallback = hard.fallback
    sit = fallback.read(state.view(seat), fallback._remember(state.view(seat)))
    assert sit.standing == [70, 40, 5]
    assert sit.games_after == 2
    assert fallback.match


def _ends(state, seat):
    """Each legal card's game points (the rest played by max-n, every card known)."""
    out = {}
    for action in state.legal_actions(seat):
        twin = state.copy()
        twin.apply(seat, action)
        out[action.card] = end_points(twin) if solvable(twin) else twin.taken()
    return out


def _fallback_pick(state, seat, match):
    """The fallback's card with every card known (the others' hands placed)."""
    fallback = player("hard").fallback
    fallback.match = match
    view = state.view(seat)
    sit = fallback.read(view, fallback._remember(view))
    sit.placed = {s: list(state.hands[s]) for s in range(3) if s != seat}
    sit.pool = []
    options = [a.card for a in state.legal_actions(seat)]
    return fallback._search_endgame(sit, options, random.Random(0))


@pytest.mark.slow
def test_hards_fallback_in_the_last_game_plays_for_the_match_not_the_points():
    """Behind in the last game, with every card known, the fallback's solved end picks a
    card that wins the match whenever one does; a points player does not always (rarely:
    the last three tricks leave few ways to trade one opponent's points for another's).
    Twelve endings: of the first forty from seed 700, the two where playing for points
    loses the match at some gap are the 3rd and the 10th, so a fallback that plays for
    points still fails here; the other 28 cost three quarters of the time and caught
    nothing more."""
    from tests.game.test_ai_briscola_end import endings

    differ = 0
    for state in endings(12, 0, first=700):
        seat = state.to_act()[0]
        ends = _ends(state, seat)
        for_points = _fallback_pick(state, seat, False)
        for gap in range(0, 60, 3):
            for ahead in (1, 2):
                state.totals = [0, 0, 0]
                state.totals[(seat + ahead) % 3] = gap      # the seat trails one player
                values = {}
                for card, end in ends.items():
                    v = match_values([t + e for t, e in zip(state.totals, end)], 0)
                    values[card] = 3 * v[seat] - sum(v)
                best = max(values.values())
                assert values[_fallback_pick(state, seat, True)] == pytest.approx(best)
                differ += values[for_points] < best - 1e-9
    assert differ, "no position where playing for points loses the match"
