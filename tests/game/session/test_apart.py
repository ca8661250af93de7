"""Searching computers think in a process of their own (game/session/apart.py): the
answers come back in order and legal, a bad question fails alone, and a worker that
dies is replaced by the next question."""

from __future__ import annotations

import time

import pytest

from game import GAMES
from game.ai import computer_player
from game.session import GameSetup, Session, apart


def ask(state, seat, playouts=6, seed=1):
    hard = computer_player(state.key, "hard")
    return apart.submit(apart.origin_of(hard), (playouts, None), seat, state.view(seat),
                        state.legal_actions(seat), seed, state.world(seat, seed))


def test_searching_players_know_where_they_come_from():
    assert apart.origin_of(computer_player("briscola", "hard")) == ("briscola", "hard")
    assert apart.origin_of(computer_player("briscola", "normal")) is None


def test_answers_come_back_legal_and_in_order():
    states = [spec.new(None, spec.seats[0], 2) for spec in GAMES.values()]
    futures = [ask(s, s.to_act()[0]) for s in states]
    for state, future in zip(states, futures):
        action, thought = future.result(timeout=120)
        assert action in state.legal_actions(state.to_act()[0])
        assert thought is None or thought.chosen == action


def test_a_question_dropped_by_its_asker_leaves_the_next_answered():
    """Advice for a position the game has left is cancelled; the worker's answer to it
    is thrown away, and the answers after it still come (they once stopped for good)."""
    state = GAMES["briscola"].new(None, 3, 4)
    seat = state.to_act()[0]
    dropped = ask(state, seat, playouts=40)
    assert dropped.cancel()
    kept = ask(state, seat)
    assert kept.result(timeout=120)[0] in state.legal_actions(seat)
    assert ask(state, seat, seed=2).result(timeout=120)[0] in state.legal_actions(seat)
    assert apart._worker().alive


def test_a_bad_question_fails_alone_and_a_dead_worker_is_replaced():
    state = GAMES["bisca"].new(None, 2, 3)
    bad = apart.submit(("bisca", "hard"), (4, None), 0, {"seat": 0}, [], 1, state)
    with pytest.raises(RuntimeError):
        bad.result(timeout=120)
    assert ask(state, state.to_act()[0]).result(timeout=120)[0] in state.legal_actions(0)
    old = apart._worker()
    old.proc.kill()
    old.proc.wait(timeout=10)
    assert apart._worker() is not old
    assert ask(state, state.to_act()[0]).result(timeout=120)[0] in state.legal_actions(0)


def test_a_session_pumping_a_hard_computer_plays_its_moves_through_the_worker(caplog):
    session = Session(GameSetup.computers("bisca", ["hard", "normal"], seed=5))
    session.computers.players[0].playouts, session.computers.players[0].seconds = 6, None
    for _ in range(6000):
        if session.over:
            break
        session.pump()
        time.sleep(0.005)
    assert session.over
    assert any(s == 0 for s, _ in session.state.history)
    assert not [r for r in caplog.records if r.levelname == "ERROR"]   # no fallback move
    session.close()
