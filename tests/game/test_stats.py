"""Statistics (game/stats.py): per game and level, undone games apart, each game's records."""

from __future__ import annotations

import pytest

from game.saves import Record, game_version
from game.session import GameSetup
from game.stats import Stats, add_game, average, bucket, level_of


def finished(key: str, result: dict, level: str = "normal", undos: int = 0,
             seats: int | None = None) -> Record:
    setup = GameSetup.solo(key, 0, level, seats=seats, seed=1)
    return Record(setup, 0, (), undos, game_version(), 1.0, result)


def test_played_won_best_average_and_streaks_per_level():
    data: dict = {}
    for scores, winners in [([10, 3], [0]), ([12, 1], [0]), ([2, 9], [1]), ([15, 4], [0])]:
        add_game(data, finished("bocce", {"scores": scores, "winners": winners}))
    add_game(data, finished("bocce", {"scores": [1, 30], "winners": [1]}, level="hard"))
    line = data["games"]["bocce"]["normal"]
    assert (line["played"], line["won"], line["best"]) == (4, 3, 15)
    assert average(line) == pytest.approx(39 / 4)
    assert (line["streak"], line["best_streak"]) == (1, 2)
    assert data["games"]["bocce"]["hard"]["played"] == 1
    assert [r[0] for r in data["recent"]["bocce"]] == [10, 12, 2, 15, 1]


def test_a_game_with_undo_is_counted_apart():
    record = finished("bocce", {"scores": [50, 0], "winners": [0]}, undos=2)
    assert bucket(record) == "normal+undo"
    data: dict = {}
    add_game(data, record)
    assert "normal" not in data["games"]["bocce"]
    assert data["games"]["bocce"]["normal+undo"]["won"] == 1


def test_mixed_levels_count_as_mixed():
    setup = GameSetup.solo("briscola", 0, "easy", seed=1)
    seats = (setup.seats[0], setup.seats[1], type(setup.seats[2])("computer", "hard"))
    record = Record(GameSetup("briscola", seats, {}, 1), 0, (), 0, "", 0.0, {})
    assert level_of(record) == "mixed"


def test_bisca_lives_left():
    data: dict = {}
    add_game(data, finished("bisca", {"scores": [1, 0], "winners": [0], "lives": [2, 0]}))
    add_game(data, finished("bisca", {"scores": [0, 1], "winners": [1], "lives": [0, 1]}))
    assert data["games"]["bisca"]["normal"]["lives"] == 2


def test_dou_dizhu_landlord_and_peasant_records():
    sheet = [{"landlord": 0, "landlord_won": True}, {"landlord": 1, "landlord_won": True},
             {"landlord": 2, "landlord_won": False}, {"landlord": 0, "landlord_won": False}]
    data: dict = {}
    add_game(data, finished("doudizhu", {"scores": [3, 0, -3], "winners": [0], "sheet": sheet}))
    line = data["games"]["doudizhu"]["normal"]
    assert line["landlord"] == [2, 1] and line["peasant"] == [2, 1]


def test_bolola_points_per_deal():
    sheet = [{"contract": "no_tricks", "scores": [-100, 0, 0, 0]},
             {"contract": "trumps", "scores": [250, 0, 0, 0]}]
    data: dict = {}
    add_game(data, finished("bolola", {"scores": [150, 0, 0, 0], "winners": [0], "sheet": sheet}))
    add_game(data, finished("bolola", {"scores": [0, 0, 0, 0], "winners": [], "sheet": sheet[:1]}))
    assert data["games"]["bolola"]["normal"]["deals"] == {"no_tricks": [-200, 2],
                                                          "trumps": [250, 1]}


@pytest.mark.parametrize("damage", ["{", "[]", '{"format": 1, "games": {"bocce": 3}}',
                                    '{"format": 1, "games": {"bocce": {"normal": {"played": "x"}}}}'])
def test_damaged_statistics_are_set_aside_and_counting_starts_again(tmp_path, damage):
    stats = Stats(tmp_path)
    stats.path.write_text(damage)
    notice = stats.add(finished("bocce", {"scores": [1, 0], "winners": [0]}))
    assert notice and notice.moved and "\n" not in str(notice)
    assert (tmp_path / "stats.json.bad").read_text() == damage
    data, again = stats.load()
    assert again is None and data["games"]["bocce"]["normal"]["played"] == 1
