"""A table nobody plays: every seat a computer, watched from a seat or as a spectator,
score sheets and the result closing by themselves; whole games end with no input."""

from __future__ import annotations

import pytest

from game.engine import Action
from game.session import GameSetup
from scenes.table import local_table
from scenes.table.result import ResultScene, SheetScene
from tests.scenes.tablekit import frames, make_app, played, think


def play_alone(app, table, limit: int = 30_000) -> list:
    finished: list = []
    table.on_finished = finished.append
    app.stack.push(table)
    for i in range(limit):
        if finished:
            return finished
        think(table)
        # its end, sheets and result are read in its state: one frame in ten is drawn
        if i % 10:
            played(app)
        else:
            frames(app, 1)
    raise AssertionError("the game never ended by itself")


@pytest.mark.slow
@pytest.mark.parametrize("key", ["bocce", "briscola"])
@pytest.mark.parametrize("seat", [None, 1])
def test_a_table_of_computers_plays_a_whole_game_with_no_input(display, key, seat):
    app = make_app(display, "instant")
    table = local_table(app, GameSetup.computers(key, seed=3), seat=seat, think_delay=(0.0, 0.0),
                        auto_close=0.2)
    sheets = []
    real_push = app.stack.push

    def push(scene):
        if isinstance(scene, (SheetScene, ResultScene)):
            sheets.append(type(scene).__name__)
        real_push(scene)
    app.stack.push = push
    assert table.watching and not table.my_turn()
    assert play_alone(app, table) == [table]
    session = table.client.session
    assert session.over and table.result == session.state.result()
    assert table.drifts == []
    assert sheets[-1] == "ResultScene"
    if key == "briscola":
        assert sheets.count("SheetScene") == 2, "a sheet after games 1 and 2, closed by itself"
    else:
        assert sheets.count("SheetScene") == session.state.hand_no - 1, \
            "a sheet after every hand but the last, closed by itself"
    names = {table.adapter.seat_name(s, table.layout) for s in range(table.seats)}
    assert "You" not in names, "nobody at this table is 'You'"


def test_the_watched_seat_shows_its_own_hand_and_hides_the_others(display):
    app = make_app(display, "instant")
    table = local_table(app, GameSetup.computers("briscola", seed=3), seat=1,
                        think_delay=(0.0, 0.0))
    app.stack.push(table)
    frames(app, 3)
    shown = table.shown_zones()
    assert shown["hand/1"] and None not in shown["hand/1"]
    assert set(shown["hand/0"]) == {None} and set(shown["hand/2"]) == {None}
    history = list(table.client.session.state.history)
    assert table.act(Action.parse(f"play:{shown['hand/1'][0]}")) is False, \
        "a watching table sends no moves"
    assert table.client.session.state.history[:len(history)] == history


@pytest.mark.slow
def test_the_result_of_an_unattended_table_deals_again_by_default(display):
    app = make_app(display, "instant")
    table = local_table(app, GameSetup.computers("bocce", seed=5), seat=None,
                        think_delay=(0.0, 0.0), auto_close=0.1)
    app.stack.push(table)
    for _ in range(30_000):
        if app.stack.top is not table and not isinstance(app.stack.top, (SheetScene, ResultScene)):
            break
        if isinstance(app.stack.top, type(table)) and app.stack.top is not table:
            break
        think(table)
        played(app)
    top = app.stack.top
    assert top is not table and type(top) is type(table), "a new game follows by itself"
    assert table not in list(app.stack)
