"""Dou Dizhu's last cards solved exactly (game/ai/doudizhu_endgame.py): the solver
agrees with a plain game-tree search through the engine on small hands, gives up
rather than overrun its limit, and the search's playouts end with its answer."""

from __future__ import annotations

import random

import pytest

from game.ai import doudizhu_endgame as endgame
from game.ai.doudizhu import JUDGE
from game.ai.search import gain, playout
from game.doudizhu.state import PASS
from tests.game.test_doudizhu import at_play, play

#: a deck's small share, by rank letters, to deal tiny hands from (two jokers, a bomb)
DECK = "33334445566778899TTJJQQKKAA22BR"


def brute(state) -> bool:
    """Whether the landlord wins with best play, every legal action tried through the
    engine (no table, no shortcut): the peasants win or lose together."""
    seat = state.turn
    want = seat == state.landlord
    for action in state.legal_actions(seat):
        after = state.copy()
        after.apply(seat, action)
        if after.phase != "play":
            won = after.sheet[-1]["landlord_won"]
        else:
            won = brute(after)
        if won == want:
            return want
    return not want


def hand_codes(letters: str, taken: set[str]) -> str:
    """Cards of these rank letters, suits not yet taken, as a hand for ``at_play``."""
    out = []
    for ch in letters:
        if ch in "BR":
            code = "BJ" if ch == "B" else "RJ"
        else:
            code = next(ch + s for s in "SHDC" if ch + s not in taken)
        taken.add(code)
        out.append(code)
    return " ".join(out)


def small_positions(count: int, most: int = 3):
    """Classic positions of tiny hands (one to ``most`` cards each), some with a play
    to beat, the landlord at any seat."""
    rng = random.Random(7)
    made = 0
    while made < count:
        pool = list(DECK)
        rng.shuffle(pool)
        sizes = [rng.randint(1, most) for _ in range(3)]
        taken: set[str] = set()
        hands, at = [], 0
        for n in sizes:
            hands.append(hand_codes("".join(sorted(pool[at:at + n], key=DECK.index)), taken))
            at += n
        landlord = rng.randrange(3)
        state = at_play(hands, rules="classic", landlord=landlord)
        # a first play from the seat to lead, then maybe a pass, so some positions reply
        if rng.random() < 0.6 and len(state.hands[state.turn]) > 1:
            legal = [a for a in state.legal_actions(state.turn)
                     if len(a.cards) < len(state.hands[state.turn])]
            if legal:
                state.apply(state.turn, rng.choice(legal))
                if rng.random() < 0.5 and PASS in state.legal_actions(state.turn):
                    state.apply(state.turn, PASS)
        if state.phase == "play":
            made += 1
            yield state


@pytest.mark.slow
def test_the_solver_agrees_with_a_search_of_every_play_on_small_hands():
    wins = 0
    for state in [*small_positions(100), *small_positions(20, most=4)]:
        solved = endgame.Solver(state.landlord, state.kinds).landlord_wins(
            *endgame.position(state), limit=10**6)
        assert solved == brute(state), state.to_text()
        wins += solved
    assert 0 < wins < 120                     # both outcomes were met


def test_a_peasant_does_not_lead_a_single_into_a_landlord_with_one_card_left():
    """The peasant to lead holds two pairs and a Three; the landlord one Ace.  Leading
    the pairs wins, the Three loses: the solver says the peasants win, and the table
    holds the losing line too."""
    state = at_play(["AS", "5S 5H 6S 6H 3S", "4S 4H"], rules="classic", landlord=0)
    state.turn = 1
    solver = endgame.Solver(0, state.kinds)
    assert solver.landlord_wins(*endgame.position(state)) is False
    after = state.copy()
    play(after, 1, "3")
    assert solver.landlord_wins(*endgame.position(after)) is True


def test_the_solver_gives_up_past_its_limit_and_keeps_what_it_solved():
    state = next(s for s in small_positions(40, most=6) if sum(map(len, s.hands)) >= 14)
    solver = endgame.Solver(state.landlord, state.kinds)
    assert solver.landlord_wins(*endgame.position(state), limit=2) is None
    exact = solver.landlord_wins(*endgame.position(state), limit=10**6)
    assert exact == endgame.Solver(state.landlord, state.kinds).landlord_wins(
        *endgame.position(state), limit=10**6)         # a fresh table agrees


def test_settle_waits_for_few_cards_and_scores_the_hand_at_its_stake():
    state = at_play(["AS", "5S 5H 6S 6H 3S", "4S 4H"], rules="classic", landlord=0)
    state.turn = 1
    stake = state.stake
    assert endgame.settle(state) == [t + d for t, d in zip(state.totals,
                                                          [-2 * stake, stake, stake])]
    big = at_play(["3S 4S 5S 6S 7S 8S 9S", "3H 4H 5H 6H 7H 8H 9H", "3D 4D 5D 6D 7D 8D 9D"],
                  rules="classic", landlord=0)
    assert sum(map(len, big.hands)) > endgame.SOLVE_AT and endgame.settle(big) is None


def test_a_playout_ends_with_the_solvers_answer():
    state = at_play(["AS", "5S 5H 6S 6H 3S", "4S 4H"], rules="classic", landlord=0)
    state.turn = 1
    world = state.copy()
    value = playout(world, 1, JUDGE, [], random.Random(0))
    assert value == gain(endgame.settle(state), state.totals, 1)
    assert world.to_text() == state.to_text()           # no play was needed
