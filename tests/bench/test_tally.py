"""bench/tally.py: continued runs' logs summed into one row."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.tally import main, read


def write(path: Path, lines: list[str]) -> str:
    path.write_text("\n".join(["# bench/ai.py --verbose", *lines, "| a table row |"]) + "\n")
    return str(path)


def test_two_continued_runs_sum_their_last_tallies_and_every_games_edge(tmp_path: Path) -> None:
    first = write(tmp_path / "a.log", [
        "#   bisca hard vs 1 normal: 1 wins of 1, hero's points +3, others' +1",
        "#   bisca hard vs 1 normal: 1 wins of 2, hero's points +4, others' +4",
    ])
    second = write(tmp_path / "b.log", [
        "#   bisca hard vs 1 normal: 1 wins of 1, hero's points +5, others' +0",
    ])
    row = read([first, second])
    assert (row.who, row.wins, row.games) == ("bisca hard vs 1 normal", 2, 3)
    assert row.edges == [2.0, -2.0, 5.0]


def test_logs_without_points_sum_wins_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write(tmp_path / "ddz.log", [
        "#   hard as landlord: 1 wins of 1 (5 s)",
        "#   hard as landlord: 1 wins of 2 (8 s)",
    ])
    assert main([log]) == 0
    assert capsys.readouterr().out.startswith("hard as landlord: 1 wins of 2, 50.0% [")


def test_logs_of_different_rows_are_refused(tmp_path: Path) -> None:
    one = write(tmp_path / "a.log", ["#   hard as landlord: 1 wins of 1 (5 s)"])
    other = write(tmp_path / "b.log", ["#   hard as peasants: 1 wins of 1 (5 s)"])
    with pytest.raises(SystemExit, match="peasants"):
        read([one, other])
