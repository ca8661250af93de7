"""The result overlay: who won, the scores, and its two ways out (keyboard and mouse)."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from scenes.result import RESULT_SETTLE, ResultScene
from scenes.scene import Scene
from scenes.table import TableScene
from tests.scenes import fakegame
from tests.scenes.tablekit import click, frames, key, make_app, open_table, state_of, think


@pytest.fixture
def finished(display, monkeypatch):
    monkeypatch.setitem(GAMES, "fake", fakegame.SPEC)
    app = make_app(display)
    table = open_table(app, "fake", seed=1, players=[None, fakegame.FirstLegal()])
    for _ in range(400):
        if isinstance(app.stack.top, ResultScene):
            break
        think(table)
        frames(app, 1)
        legal = table.legal()
        if legal and not table.busy:
            table.act(legal[0])
    assert isinstance(app.stack.top, ResultScene)
    return app, table, app.stack.top


@pytest.mark.slow
def test_the_result_names_the_winner_and_lists_the_scores(finished, tmp_path):
    app, table, result = finished
    scores = state_of(table).result()["scores"]
    title = result.title()
    assert title in ("You win!", "Computer wins", "A draw")
    rows = result.lines()
    assert sorted(int(v) for _, v in rows) == sorted(scores)
    assert {name for name, _ in rows} == {"You", "Computer"}
    frames(app, 2)
    pygame.image.save(app.screen, str(tmp_path / "test_result.png"))


def test_play_again_by_keyboard_starts_the_same_game_anew(finished):
    app, table, result = finished
    assert result.focus.focused.key == "again"
    frames(app, int(RESULT_SETTLE * 60) + 2)
    key(app, pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, TableScene) and top is not table
    assert top.key == "fake"
    assert table not in list(app.stack)


def test_enter_hit_as_the_result_comes_does_not_skip_it(finished):
    """Enter, hammered to play the hinted cards, started the next game over the final
    result: twice the result went unseen."""
    app, table, result = finished
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    assert app.stack.top is result


def test_a_key_held_down_as_a_screen_comes_does_not_act_on_it(finished, monkeypatch):
    """Enter still down from the table's last card (repeating) is not a press on the
    result; once let go, the next press is."""
    app, table, result = finished
    frames(app, int(RESULT_SETTLE * 60) + 2)
    held = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Pressed(held))
    app.stack.push(Probe(app))
    app.stack.pop()                              # the result comes again, Enter held
    key(app, pygame.K_RETURN)
    assert app.stack.top is result
    held.clear()
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TableScene) and app.stack.top is not table


@pytest.fixture
def sheet_over_a_table(display):
    """A score sheet between two deals, come over a table as the last card is played."""
    from scenes.result import SheetScene
    from scenes.sheet import Sheet, SheetRow

    app = make_app(display)
    table = open_table(app, "bocce")
    sheet = SheetScene(app, table, "Hand 1", Sheet(["You", "Computer"],
                                                   [SheetRow("Score", ["3", "1"])]), "Next hand")
    app.stack.push(sheet)
    return app, table, sheet


@pytest.mark.slow
def test_enter_hit_as_a_score_sheet_comes_does_not_skip_it(sheet_over_a_table):
    """As the result: Enter, hammered to play the last cards of a deal, closed the sheet
    between deals unseen; keys act on it once it has stood :data:`RESULT_SETTLE`."""
    app, table, sheet = sheet_over_a_table
    key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is sheet
    frames(app, int(RESULT_SETTLE * 60) + 2)
    key(app, pygame.K_RETURN)
    assert app.stack.top is table


@pytest.mark.slow
def test_a_key_held_from_the_table_does_not_close_a_score_sheet(sheet_over_a_table,
                                                                monkeypatch):
    """Enter still down (repeating) from the last card played, however long the sheet has
    stood: not a press on it until let go."""
    app, table, sheet = sheet_over_a_table
    held = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Pressed(held))
    app.stack.pop()
    app.stack.push(sheet)                        # the sheet comes, Enter held
    frames(app, int(RESULT_SETTLE * 60) + 2)
    key(app, pygame.K_RETURN)
    assert app.stack.top is sheet
    held.clear()
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    key(app, pygame.K_RETURN)
    assert app.stack.top is table


class Pressed:
    """pygame.key.get_pressed's answer with these keys down."""

    def __init__(self, down: set[int]) -> None:
        self.down = down

    def __getitem__(self, k: int) -> bool:
        return k in self.down


class Probe(Scene):
    overlay = True


def test_menu_by_mouse_goes_back_to_the_title_menu(finished):
    app, table, result = finished
    button = result.focus.button("menu")
    click(app, button.rect.center)
    assert app.stack.top is app.menu()
    assert len(app.stack) == 1


@pytest.mark.slow
def test_the_table_below_takes_no_input_while_the_result_shows(finished):
    app, table, result = finished
    before = len(state_of(table).history)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_d, "d")
    assert app.stack.top is result
    assert len(state_of(table).history) == before


@pytest.mark.parametrize("size", [(800, 500), (960, 540), (1280, 720)])
def test_a_long_line_of_a_question_wraps_inside_its_panel(display, size):
    """The online game's "Leave this game?" says three things; at 960x540 the words ran
    out of the panel on both sides: they wrap, and the buttons stand below them."""
    from scenes.i18n import tr
    from scenes.result import ConfirmScene

    app = make_app(display, size=size)
    table = open_table(app, "bocce")
    line = " ".join((tr("table.confirm.lost"), tr("kept.host_line"), tr("kept.online_line")))
    ask = ConfirmScene(app, table, tr("table.confirm.menu_title"), line,
                       tr("table.confirm.leave"), lambda: None)
    app.stack.push(ask)
    drawn: list[pygame.Rect] = []
    blit = ask.text.blit

    def noting(surface, text, *args, **kw):
        rect = blit(surface, text, *args, **kw)
        if text != ask.title():
            drawn.append(rect)
        return rect

    ask.text.blit = noting
    frames(app, 1)
    assert len(drawn) >= 2, "the line takes more than one row"
    for rect in drawn:
        assert ask.panel.contains(rect)
    top = min(b.rect.top for b in ask.focus.buttons)
    assert max(rect.bottom for rect in drawn) <= top
