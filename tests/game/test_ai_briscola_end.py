"""The exact end of a Briscola game (game/ai/briscola_end.py) against a brute force over
the engine itself, and the search's cut-off that uses it."""

import random

import pytest

from game.ai.briscola import JUDGE, QuickPlayer, player, taken_piles
from game.ai.briscola_end import end_points, solvable
from game.ai.briscola_match import match_values
from game.ai.search import gain, playout
from game.briscola import SPEC, VENCESLAO


def endings(count, extra=0, first=0):
    """``count`` positions of one-game matches played at random until the end can be
    solved, then ``extra`` more random cards while it still can."""
    found, seed = [], first
    while len(found) < count:
        rng = random.Random(seed)
        state = SPEC.new({"games": 1}, 3, seed)
        while not state.over and not solvable(state):
            s = rng.choice(state.to_act())
            state.apply(s, rng.choice(state.legal_actions(s)))
        for _ in range(rng.randrange(extra + 1)):
            if state.over or not solvable(state):
                break
            s = state.to_act()[0]
            state.apply(s, rng.choice(state.legal_actions(s)))
        if not state.over and solvable(state):
            found.append(state)
        seed += 1
    return found


def brute(state):
    """Max-n through the engine: each seat plays, of its legal cards in order, the first
    that gives it the most points less the others' mean, to the game's score row."""
    if state.over:
        return state.sheet[-1]["total"]
    seat = state.to_act()[0]
    best, score = None, None
    for action in state.legal_actions(seat):
        twin = state.copy()
        twin.apply(seat, action)
        v = brute(twin)
        mine = 2 * v[seat] - (sum(v) - v[seat])
        if best is None or mine > score:
            best, score = v, mine
    return best


@pytest.mark.slow
@pytest.mark.parametrize("extra", [0, 4])
def test_the_solved_end_is_the_brute_force_over_the_engine_primiera_and_culetto_included(extra):
    positions = endings(12, extra, first=100 * extra)
    for state in positions:
        assert end_points(state) == pytest.approx(brute(state)), state.to_text()
    rows = [brute(state) for state in positions]
    assert any(sum(r) > 120 for r in rows) or extra, "no position gave a primiera bonus"


def test_no_end_is_solved_while_the_two_of_swords_is_in_a_hand():
    state = endings(1)[0]
    assert solvable(state)
    state.hands[state.to_act()[0]][0] = VENCESLAO
    assert not solvable(state)


def test_a_hard_playout_stops_at_the_empty_stock_with_the_solved_end():
    """The judge's cut-off (game/ai/briscola.py): none while the stock has cards; once it
    is empty, a playout's value is the solved end's chance to win the match, whatever
    the playout players."""
    early = SPEC.new({"games": 1}, 3, 5)
    assert JUDGE.settle(early) is None
    for state in endings(6, 3, first=300):
        seat = state.to_act()[0]
        totals = [t + e for t, e in zip(state.totals, end_points(state))]
        solved = match_values(totals, state.games - state.game_no)
        assert JUDGE.settle(state) == solved
        world = state.copy()
        value = playout(world, seat, JUDGE, [QuickPlayer() for _ in range(3)],
                        random.Random(0), origin=state)
        assert value == gain(solved, JUDGE.progress(state), seat)
        assert world.history == state.history          # nothing was played: cut at once


def test_hard_in_the_end_proposes_legal_cards_and_a_seed_gives_one_move():
    searched = 0
    for state in endings(6, 3, first=500):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        moves = []
        for _ in range(2):
            hard = player("hard")
            hard.seconds, hard.playouts = None, 24
            moves.append(hard.choose(state.view(seat), legal, random.Random(7),
                                     world=state.world(seat, 7)))
        assert moves[0] in legal and moves[0] == moves[1]
        searched += len(legal) > 1
    assert searched


def test_the_piles_read_from_the_public_tricks_are_the_games():
    for state in endings(6, 3, first=700):
        seat = state.to_act()[0]
        piles = taken_piles(state.view(seat))
        assert [sorted(p) for p in piles] == [sorted(p) for p in state.piles]
