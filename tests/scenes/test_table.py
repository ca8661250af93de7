"""The generic table scene, on a tiny fake game with the default adapter: it renders,
animates, explains illegal clicks, answers the keyboard, resizes and pauses."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from scenes import theme
from scenes.result import PauseScene
from scenes.table import TableScene
from tests.scenes import fakegame
from tests.scenes.tablekit import click, frames, key, make_app, settle


@pytest.fixture
def fake(monkeypatch):
    monkeypatch.setitem(GAMES, "fake", fakegame.SPEC)


def open_table(display, speed="instant", **kw):
    app = make_app(display, speed)
    table = TableScene(app, "fake", seed=1, players=[None, fakegame.FirstLegal()],
                       think_delay=(0.0, 0.0), **kw)
    app.stack.push(table)
    return app, table


def test_the_opening_deal_ends_with_the_screen_showing_the_view(display, fake):
    app, table = open_table(display)
    settle(app, table)
    want = {z: cs for z, cs in table.view["zones"].items() if cs}
    assert table.shown_zones() == want
    assert table.drifts == []


def test_the_table_renders_cards_where_they_belong(display, fake, tmp_path):
    app, table = open_table(display)
    settle(app, table)
    frames(app, 2)
    shot = tmp_path / "table.png"
    pygame.image.save(app.screen, str(shot))
    assert shot.stat().st_size > 10_000
    surface = app.screen
    # not blank: many colours
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 23)}
    assert len(colours) > 50
    # the human hand lies at the bottom, inside the window, and is drawn there
    felt = theme.felt_background((1280, 720))
    lay = table.layout
    for code in ("3H", "5H"):
        rect = table.card_rect(code)
        assert rect.bottom <= 720 and rect.top >= lay.height * 0.6
        centre = rect.center
        assert surface.get_at(centre)[:3] != felt.get_at(centre)[:3]
    # the computer's hand is at the top, face down
    assert all(s.shown is None for s in table.zones["hand/1"])
    assert all(s.y < lay.height * 0.2 for s in table.zones["hand/1"])


def test_an_illegal_click_shakes_the_card_and_explains_why(display, fake):
    app, table = open_table(display)
    settle(app, table)
    # the computer led the Six of Spades; the human holds Spades, so Hearts are refused
    assert table.zones["table"][0].shown == "6S"
    assert {s.code for s in table.human_hand if s.legal} == {"2S", "4S"}
    sprite = next(s for s in table.human_hand if s.code == "3H")
    app.sound.play = lambda name: played.append(name) or True
    played: list[str] = []
    pygame.event.clear()
    app.settings.animation_speed = "normal"
    click(app, table.card_rect("3H").center)
    assert "You must follow suit: Spades was led." == table.hud.error
    assert "error" in played
    offsets = []
    for _ in range(10):
        frames(app, 1)
        offsets.append(sprite.offset_x)
    assert max(abs(o) for o in offsets) > 1.0, "the refused card shakes"
    assert table.state.history == [(1, table.state.history[0][1])], "nothing was played"


def test_keyboard_selection_moves_with_the_arrows_and_plays_with_enter(display, fake):
    app, table = open_table(display)
    settle(app, table)
    hand = [s.code for s in table.human_hand]
    key(app, pygame.K_RIGHT)
    assert table.cursor == 0 and table.human_hand[0].focus
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert table.cursor == 2 and table.human_hand[2].focus
    key(app, pygame.K_LEFT)
    assert table.cursor == 1
    key(app, pygame.K_RIGHT)   # the Four of Spades: legal
    assert hand[2] == "4S"
    key(app, pygame.K_RETURN)
    assert (0, table.state.history[-1][1]) in table.state.history
    assert any(str(a) == "play:4S" for _, a in table.state.history)


def test_enter_with_nothing_chosen_picks_a_playable_card_then_plays_it(display, fake):
    app, table = open_table(display)
    settle(app, table)
    played = len(table.state.history)
    key(app, pygame.K_RETURN)
    assert table.cursor is not None and table.human_hand[table.cursor].legal
    assert len(table.state.history) == played, "the first press only chooses"
    chosen = table.human_hand[table.cursor].code
    key(app, pygame.K_RETURN)
    assert any(str(a) == f"play:{chosen}" for _, a in table.state.history)


def test_a_click_during_an_animation_hurries_it(display, fake):
    app, table = open_table(display, speed="normal")
    frames(app, 3)
    assert table.busy
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)])
    assert table.timeline.hurried
    n = 0
    while table.busy and n < 1000:
        frames(app, 1)
        n += 1
    assert n < 60, "a hurried deal ends in well under a second"


def test_a_resize_lays_the_table_out_again(display, fake):
    app, table = open_table(display)
    settle(app, table)
    table.resize((900, 560))
    for cards in table.zones.values():
        for s in cards:
            assert 0 <= s.x <= 900 and 0 <= s.y <= 560
    assert table.card_rect("3H").bottom <= 560
    table.resize((1280, 720))


def test_escape_opens_the_pause_menu_and_resume_closes_it(display, fake):
    app, table = open_table(display)
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    frames(app, 1)
    key(app, pygame.K_RETURN)   # "Resume" has the focus
    assert app.stack.top is table


def test_a_game_played_by_two_computers_ends_on_the_result_screen(display, fake):
    from scenes.result import ResultScene

    app = make_app(display)
    table = TableScene(app, "fake", seed=1, players=[fakegame.FirstLegal(), fakegame.FirstLegal()],
                       think_delay=(0.0, 0.0))
    app.stack.push(table)
    for _ in range(500):
        table.computers.wait_all()
        frames(app, 1)
        if isinstance(app.stack.top, ResultScene):
            break
    assert isinstance(app.stack.top, ResultScene)
    assert table.drifts == []


def _until_the_computer_led(app, table):
    """Normal speed: frames until the computer has led (its card still flying)."""
    for _ in range(600):
        if table.version >= 1:
            return
        table.computers.wait_all()
        frames(app, 1)
    raise AssertionError("the computer never led")


def _keydown(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0)


def test_keys_pressed_during_an_animation_are_played_in_order_when_it_ends(display, fake):
    app, table = open_table(display, speed="normal")
    _until_the_computer_led(app, table)
    assert table.busy and table.my_turn()
    # Right three times (the Four of Spades) and Return, faster than the card flies
    app.frame(1 / 60, [_keydown(pygame.K_RIGHT), _keydown(pygame.K_RIGHT),
                       _keydown(pygame.K_RIGHT), _keydown(pygame.K_RETURN)])
    assert table.busy and table.timeline.hurried, "the keys hurry the animation"
    assert len(table.queued) == 4 and table.state.history[-1][0] == 1
    for _ in range(120):
        if not table.queued and not table.busy:
            break
        frames(app, 1)
    assert any(seat == 0 and str(a) == "play:4S" for seat, a in table.state.history)


def test_a_click_on_a_hand_card_during_an_animation_plays_it_when_it_ends(display, fake):
    app, table = open_table(display, speed="normal")
    _until_the_computer_led(app, table)
    assert table.busy
    click(app, table.card_rect("2S").center)
    assert table.queued and table.queued[0].target[0] == "card"
    for _ in range(120):
        if not table.queued and not table.busy:
            break
        frames(app, 1)
    assert (0, table.state.history[1][1]) == table.state.history[1]
    assert str(table.state.history[1][1]) == "play:2S"
    assert len(table.state.history) >= 2 and not table.popup


def test_input_meant_for_a_position_the_game_has_left_is_dropped(display, fake):
    app, table = open_table(display, speed="normal")
    _until_the_computer_led(app, table)
    app.frame(1 / 60, [_keydown(pygame.K_RIGHT), _keydown(pygame.K_RETURN)])
    assert len(table.queued) == 2
    # the game moves on before the table is ready (moves arrive from elsewhere): your
    # card, the computer's trick and its next lead; your turn again, in a new position
    assert table.act(0, table.state.legal_actions(0)[0])
    assert table.act(1, table.state.legal_actions(1)[0])
    assert table.my_turn()
    played = list(table.state.history)
    for _ in range(200):
        if not table.queued and not table.busy:
            break
        frames(app, 1)
    assert not table.queued
    assert table.state.history == played, "the old Return played nothing in the new position"
    assert table.cursor is None, "nor did the old Right move the cursor"


def _table_threads(before):
    import threading

    return [t for t in threading.enumerate() if t not in before
            and (t.name.startswith("computer") or t.name == "card-painter")]


def _started_with_threads(display, speed="normal"):
    import threading

    before = set(threading.enumerate())
    app, table = open_table(display, speed)
    for _ in range(300):   # until a computer has been asked for a move
        if table.computers._executor is not None:
            break
        frames(app, 1)
    assert _table_threads(before), "the table runs a computer thread and a card painter"
    return app, table, before


def _all_stopped(threads):
    for t in threads:
        t.join(timeout=5.0)
    return [t.name for t in threads if t.is_alive()]


@pytest.mark.parametrize("path", ["back_to_menu", "shutdown", "play_again"])
def test_no_table_thread_outlives_the_table(display, fake, path):
    app, table, before = _started_with_threads(display)
    threads = _table_threads(before)
    if path == "back_to_menu":       # the app's own way back (an error, the result's Menu)
        app.back_to_menu()
    elif path == "shutdown":         # the window closed: run() ends with shutdown()
        app.shutdown()
    else:                            # "Play again": a new table replaces this one
        app.stack.replace(table.new_game())
        assert _all_stopped(threads) == []
        app.back_to_menu()
    assert _all_stopped(threads) == []
    assert _all_stopped(_table_threads(before)) == []


def test_a_table_covered_by_the_pause_menu_keeps_its_threads(display, fake):
    app, table, before = _started_with_threads(display)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert table.computers._executor is not None, "only covered: still there"
    app.stack.top.press("menu")
    assert _all_stopped(_table_threads(before)) == []


def test_a_key_typed_ahead_while_the_others_are_to_play_is_dropped_quietly(display, fake):
    app, table = open_table(display, speed="normal")
    _until_the_computer_led(app, table)
    settle(app, table)
    app.settings.animation_speed = "normal"
    assert table.act(0, table.legal()[0])     # your card: the trick goes to the computer
    assert table.busy and not table.my_turn()
    app.frame(1 / 60, [_keydown(pygame.K_RIGHT), _keydown(pygame.K_RETURN)])
    assert len(table.queued) == 2
    while table.busy:
        frames(app, 1)
    frames(app, 1)
    assert not table.queued
    assert table.hud.error == "", "no 'not your turn' for a key pressed a moment early"
