"""bench/ai.py's options for the Hard a player meets: a time budget and a load beside it."""

from __future__ import annotations

import pytest

from bench import ai


@pytest.mark.parametrize("other", [["--playouts", "40"], ["--seconds", "0.2"]])
def test_a_budget_is_a_time_and_takes_no_other_measure_of_work(other, capsys):
    with pytest.raises(SystemExit):
        ai.main(["--budget", "0.5", *other])
    assert "--budget" in capsys.readouterr().err


def test_a_negative_load_is_refused_in_words(capsys):
    with pytest.raises(SystemExit):
        ai.main(["--load", "-1"])
    assert "--load" in capsys.readouterr().err


def test_a_row_at_a_budget_says_its_budget_and_load(capsys):
    """No games are played (--hard-games 0): the header alone names the budget and load."""
    assert ai.main(["--budget", "0.5", "--load", "1", "--game", "bocce", "--rows", "hard",
                    "--hard-games", "0"]) == 0
    head = capsys.readouterr().out
    assert "(0.5 s)" in head and "1 busy processes beside it" in head


@pytest.mark.slow
def test_briscolas_outside_players_each_have_their_rows(capsys):
    """One match a row (--games 1, no Hard): Normal against two of each published player."""
    assert ai.main(["--game", "briscola", "--rows", "pybrisca,bastoni", "--hard-games", "0",
                    "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "normal vs 2 pybrisca | 1 |" in out and "normal vs 2 bastoni | 1 |" in out
