"""The person's pace at the table (scenes/table/pace.py): F fast forward at every
table; once you are out of a Bisca game that goes on, Skip to the result (K) and
fast forward on the bar, and the round sheets go by themselves."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from game.ai import computer_player
from scenes.screens.rules_scene import RulesScene
from scenes.table.pace import FAST_FORWARD, SHEET_GLANCE
from scenes.table.result import ResultScene, SheetScene
from tests.scenes.tablekit import click, frames, key, make_app, open_table, play_until, settle, started, think

#: seed 2, two lives each, four seats, you playing your first legal card: out in round 3
#: for good while the three computers play on for three more round sheets
OUT_SEED = 2
#: a frame's play on the way to the moment a test looks at (the rounds before you are
#: out, the computers' round after it): the table's time is its frames', and nothing on
#: the way is looked at, so four times the usual 1/60 s gets there in a quarter of them,
#: played and not drawn (``App.advance``; tablekit.settle likewise)
ON_THE_WAY = 1 / 15


def out_of_bisca(app):
    players = [None] + [computer_player("bisca", "normal")] * 3
    table = open_table(app, "bisca", push=False, seed=OUT_SEED, players=players,
                       options={"lives": 2})
    app.stack.push(table)
    settle(app, table)
    play_until(app, table, lambda: app.stack.top is not table and 0 in table.view["out"],
               dt=ON_THE_WAY)
    return table


def go_on_until_shown_out(app, table):
    """Close the sheet that put you out and let the table show it (your plate greys,
    the bar offers what it offers once you are out)."""
    app.stack.top.go_on()
    for _ in range(600):
        frames(app, 1)
        if table.sitting_out() and table.bar.buttons:
            break


def shown_out(display):
    """A table at normal speed where you are out and shown so: the app and the table."""
    app = make_app(display, "normal")
    table = out_of_bisca(app)
    go_on_until_shown_out(app, table)
    return app, table


def next_sheet(app, table):
    """Play on (the computers) until the next round's sheet is up; that sheet."""
    for _ in range(20_000):
        think(table)
        app.advance(ON_THE_WAY, [])
        if isinstance(app.stack.top, SheetScene):
            break
    return app.stack.top


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_f_fast_forwards_every_table_and_leaves_the_settings_alone(display, game):
    app = make_app(display, "normal")
    table = started(app, game)
    assert table.speed() == 1.0
    key(app, pygame.K_f, "f")
    assert table.speed() == FAST_FORWARD and app.settings.animation_speed == "normal"
    assert any("Fast forward on" in t.text for t in app.toasts.items)
    key(app, pygame.K_f, "f")
    assert table.speed() == 1.0
    app.settings.animation_speed = "instant"
    key(app, pygame.K_f, "f")
    assert table.speed() == 0.0, "instant stays instant"
    table.close()


def test_f_works_while_the_cards_move(display):
    app = make_app(display, "normal")
    table = open_table(app, "briscola", seed=2)
    frames(app, 2)
    assert table.busy
    key(app, pygame.K_f, "f")
    assert table.fast_forward and table.busy, "it set the pace and hurried nothing"
    table.close()


@pytest.mark.slow
def test_a_player_still_in_is_offered_nothing_and_k_does_nothing(display):
    app = make_app(display, "normal")
    table = started(app, "bisca")
    assert not table.sitting_out()
    assert not any(b.label == "Skip to the result" for b in table.bar.buttons)
    key(app, pygame.K_k, "k")
    assert not table.skipping
    table.close()


@pytest.mark.slow
def test_once_out_the_bar_offers_skip_and_fast_forward_and_later_sheets_go_by_themselves(display, tmp_path):
    app = make_app(display, "normal")
    table = out_of_bisca(app)
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene) and sheet.auto_close is None, \
        "the sheet of the round that put you out waits: that one is news"
    go_on_until_shown_out(app, table)
    assert [b.label for b in table.bar.buttons] == ["Skip to the result", "Fast forward"]
    assert table.bar.title == "You're out: the others play on"
    pygame.image.save(app.screen, str(tmp_path / "test_table_pace_out.png"))
    # the next round's sheet closes by itself, after a glance
    later = next_sheet(app, table)
    assert isinstance(later, SheetScene) and later.auto_close == pytest.approx(SHEET_GLANCE)
    assert later.title() == "Round 4: the result", "the very next sheet goes by itself"
    said = []
    while app.stack.top is later:
        said.append(later.focus.buttons[0].label)
        if said[-1] == "Next round in 3…" and len(said) == 3:
            pygame.image.save(app.screen, str(tmp_path / "test_table_pace_goes_on.png"))
        frames(app, 1)
    assert app.stack.top is table, "it went with no key"
    assert list(dict.fromkeys(said)) == ["Next round in 3…", "Next round in 2…",
                                         "Next round in 1…"], \
        "the sheet says it goes by itself, counting down"
    table.close()


@pytest.mark.slow
def test_the_sheet_that_put_you_out_says_only_next_round(display):
    app = make_app(display, "normal")
    out_of_bisca(app)
    sheet = app.stack.top
    assert sheet.title() == "Round 3: the result" and sheet.auto_close is None
    frames(app, 90)
    assert [b.label for b in sheet.focus.buttons] == ["Next round"] and app.stack.top is sheet


@pytest.mark.slow
def test_fast_forward_counts_down_the_shorter_glance(display):
    app = make_app(display, "normal")
    table = out_of_bisca(app)
    app.stack.top.go_on()
    key(app, pygame.K_f, "f")
    sheet = next_sheet(app, table)
    assert sheet.auto_close == pytest.approx(SHEET_GLANCE / FAST_FORWARD)
    assert sheet.focus.buttons[0].label == "Next round in 1…"
    table.close()


@pytest.mark.slow
def test_skip_to_the_result_by_its_button_plays_the_rest_with_no_key(display):
    app, table = shown_out(display)
    skip = next(b for b in table.bar.buttons if b.label == "Skip to the result")
    click(app, skip.rect.center)
    assert table.skipping and table.speed() == 0.0
    for _ in range(5000):
        if isinstance(app.stack.top, ResultScene):
            break
        think(table)
        app.advance(ON_THE_WAY, [])
    assert isinstance(app.stack.top, ResultScene) and table.over
    table.close()


@pytest.mark.slow
def test_once_out_enter_on_the_focused_skip_plays_the_rest_whoever_is_to_play(display):
    """It is never your turn once you are out: Enter, which waits for your turn, went
    unheard on the focused Skip to the result (only K and a click worked)."""
    app, table = shown_out(display)
    assert table.bar.focused().label == "Skip to the result" and not table.my_turn()
    key(app, pygame.K_RETURN)
    assert table.skipping and table.speed() == 0.0
    table.close()


@pytest.mark.slow
def test_once_out_tab_and_enter_work_fast_forward(display):
    app, table = shown_out(display)
    key(app, pygame.K_TAB)
    assert table.bar.focused().label == "Fast forward"
    key(app, pygame.K_RETURN)
    assert table.pace.fast_forward and not table.skipping
    table.close()


def test_every_games_rules_end_with_the_keys_at_every_table(display):
    app = make_app(display)
    scene = RulesScene(app, "bocce")
    for game in GAMES:
        words = " ".join(b.text for b in scene.blocks(game) if isinstance(b.text, str))
        assert "Keys at every table" in words and "fast forward" in words, game
