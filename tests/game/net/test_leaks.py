"""The leak check itself (leaks.py): silent on what a session sends a seat, loud on a
line that names a card hidden from it or differs from the session's update."""

from __future__ import annotations

import json

import pytest

from game import GAMES
from game.session import GameSetup, Session, dumps
from tests.game.net.leaks import check_guest_lines, replay_steps


def session_lines(key: str, seed: int, seat: int = 1) -> tuple[dict, list[bytes]]:
    session = Session(GameSetup.computers(key, "random", seed=seed))
    watcher = session.watch(seat)
    session.run()
    return session.log(), [dumps(u).encode() for u in watcher.drain()]


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_what_the_session_sends_a_seat_passes(key):
    for seed in range(3):
        log, lines = session_lines(key, seed)
        counts = check_guest_lines(log, 1, lines)
        assert counts["updates"] == len(lines)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_hidden_card_in_a_line_is_caught(key):
    log, lines = session_lines(key, 1)
    steps = replay_steps(log, 1)
    version = len(lines) // 2
    hidden = sorted(steps[version].hidden)[0]
    obj = json.loads(lines[version])
    obj["view"]["peek"] = hidden
    tampered = lines[:version] + [json.dumps(obj).encode()] + lines[version + 1:]
    with pytest.raises(AssertionError):
        check_guest_lines(log, 1, tampered)
    refusal = json.dumps({"type": "refused", "seat": 1, "action": f"play:{hidden}",
                          "reason": {"key": "x", "params": {}}, "version": version})
    with pytest.raises(AssertionError):
        check_guest_lines(log, 1, lines[:version + 1] + [refusal.encode()])


def test_a_seed_in_the_welcome_is_caught():
    log, lines = session_lines("bocce", 2)
    welcome = json.dumps({"type": "welcome", "setup": {"seed": 2}}).encode()
    with pytest.raises(AssertionError):
        check_guest_lines(log, 1, [welcome] + lines)
