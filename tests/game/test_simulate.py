"""Headless simulation (``python main.py --simulate``): a JSON summary per seat and per
player, the same figures as the win rate the AI tests check, broken games counted not
fatal, a progress bar only on a terminal, and no pygame."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import simulate
from game.ai import computer_player
from game.simulate import ProgressBar, seat_levels, win_rate

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_summary_counts_wins_and_scores_per_seat():
    summary = simulate.simulate("bocce", 6, ["normal", "random"], first_seed=3)
    assert summary["game"] == "bocce" and summary["played"] == 6 and summary["errors"] == []
    seats = summary["seats"]
    assert [s["level"] for s in seats] == ["normal", "random"]
    assert sum(s["wins"] for s in seats) == 6, "Bocce has one winner a game"
    assert all(s["mean_score"] > 0 for s in seats)
    assert summary["games_per_second"] > 0 and "players" not in summary
    json.dumps(summary)


@pytest.mark.slow
def test_rotating_players_gives_the_win_rate_the_ai_tests_use():
    summary = simulate.simulate("briscola", 6, ["normal", "random"], rotate=True)
    assert summary["levels"] == ["normal", "random", "random"]
    rate = win_rate("briscola", computer_player("briscola", "normal"),
                    computer_player("briscola", "random"), 6, 3)
    assert summary["players"][0]["win_rate"] == round(rate, 4)
    assert all(s["level"] is None for s in summary["seats"])


@pytest.mark.slow
def test_a_broken_game_is_an_error_in_the_summary_not_the_end(monkeypatch):
    real = simulate.play_game

    def play(key, players, seed, *args, **kw):
        if seed == 1:
            raise RuntimeError("the engine broke")
        return real(key, players, seed, *args, **kw)

    monkeypatch.setattr(simulate, "play_game", play)
    out, err = io.StringIO(), io.StringIO()
    status = simulate.run("bocce", 3, None, 0, out=out, err=err)
    summary = json.loads(out.getvalue())
    assert status == 1 and summary["played"] == 2
    assert summary["errors"] == [{"seed": 1, "error": "RuntimeError: the engine broke"}]
    assert err.getvalue() == "", "no progress bar where there is no terminal"


def test_the_progress_bar_draws_on_a_terminal_only():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    bar = ProgressBar("bocce", 4, stream)
    for done in range(1, 5):
        bar(done)
    text = stream.getvalue()
    assert text.count("\r") == 4 and "4/4" in text and text.endswith("\n")
    assert "#" * simulate.BAR in text


@pytest.mark.parametrize("levels, fault", [(["master"], "unknown level"),
                                           (["easy"] * 3, "at most 2 seats")])
def test_levels_are_checked(levels, fault):
    with pytest.raises(ValueError, match=fault):
        seat_levels("bocce", levels)
    assert seat_levels("briscola", ["hard", "easy"]) == ["hard", "easy", "easy"]
    assert seat_levels("bocce", None) == ["normal", "normal"]


@pytest.mark.slow
def test_the_command_prints_json_and_never_loads_pygame():
    code = ("import sys, scenes.cli as cli; status = cli.main(['--simulate', 'bocce', "
            "'--games', '2', '--seed', '4', '--players', 'easy', 'normal']); "
            "print('pygame loaded' if 'pygame' in sys.modules else 'no pygame'); "
            "sys.exit(status)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    body, last = out.stdout.rsplit("}", 1)
    summary = json.loads(body + "}")
    assert (summary["games"], summary["first_seed"]) == (2, 4)
    assert summary["levels"] == ["easy", "normal"]     # hard thinks half a second a move
    assert last.strip() == "no pygame"
