"""Bocce at the table: the words of its screen, its buttons, and a whole game
played with the mouse and the keyboard through the table scene."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Action, Event
from scenes.result import ResultScene
from scenes.table import TableScene
from tests.scenes.tablekit import (card_box, click, frames, key, make_app, open_table, settle,
                                   state_of, think, watch)


@pytest.fixture
def app(display):
    return make_app(display)


def start(app, seed=3, **kw):
    open_table(app, "bocce", seed=seed, think_delay=(0.0, 0.0), **kw)
    table = app.stack.top
    settle(app, table)
    return table


def label_texts(table):
    return [label.text for label in table.adapter.labels(table.shown, table.layout)]


def test_lag_screen_shows_the_rule_texts_words(app):
    table = start(app)
    texts = label_texts(table)
    assert "Pallino: ?" in texts
    assert "The Lag — Tossing the Pallino" in texts
    assert "Your Hand" in texts and "Your Bocce" in texts
    assert "Hand" in texts and "Bocce" in texts
    board = [text for text, _ in table.adapter.scoreboard(table.shown, table.layout)]
    assert "You 0 — Computer 0" in board
    assert "Hand 1 — Frame 1 of 3" in board


def test_lag_cards_are_legal_and_highlighted(app):
    table = start(app)
    assert table.view["phase"] == "lag"
    assert len(table.human_hand) == 3
    assert all(s.legal for s in table.human_hand)
    assert not table.bar, "no buttons in the lag: you commit a hand card"


def test_an_ace_asks_one_or_ten_in_a_popup(app):
    table = start(app, seed=3)  # seed 3 deals the Ace of Clubs to the human
    assert "AC" in [s.code for s in table.human_hand]
    click(app, table.card_rect("AC").center)
    assert [b.label for b in table.popup.buttons] == ["1", "10"]
    key(app, pygame.K_2, "2")
    settle(app, table)
    assert (0, Action.parse("commit:AC:10")) in state_of(table).history


def test_the_computer_commit_stays_face_down_until_both_committed(app):
    table = start(app, seed=5)
    # the computer commits first (the human has not acted yet)
    for _ in range(50):
        think(table)
        frames(app, 1)
        if state_of(table).lag[1] is not None:
            break
    assert state_of(table).lag[1] is not None
    frames(app, 3)
    assert table.shown_zones().get("lag/1") == [None]
    assert "Committed" in label_texts(table)


def test_rolling_shows_draw_and_stand_buttons_with_hotkeys(app):
    table = start(app, seed=3)
    click(app, table.card_rect(table.human_hand[0].code).center)
    if table.popup:
        key(app, pygame.K_1, "1")
    settle(app, table)
    if table.view["phase"] != "roll" or table.view["rolling"] != 0:
        pytest.skip("this seed lets the computer roll first")
    labels = [b.label for b in table.bar.buttons]
    assert any(label.startswith("Stand at") for label in labels)
    hotkeys = {b.hotkey for b in table.bar.buttons}
    assert "S" in hotkeys


def test_a_click_in_the_roll_on_a_hand_card_is_explained(app):
    table = start(app, seed=3)
    click(app, table.card_rect(table.human_hand[0].code).center)
    if table.popup:
        key(app, pygame.K_1, "1")
    settle(app, table)
    card = table.human_hand[0]
    click(app, table.card_rect(card.code).center)
    assert table.hud.error
    assert "lag is over" in table.hud.error or "Wait" in table.hud.error


def play_whole_game(app, table):
    """The human: the first hand card in the lag (mouse; the Ace as 1 by key),
    then draw (D key) while far below the pallino, else the best stand (mouse)."""
    turns = 0
    while app.stack.top is table:
        settle(app, table)
        if app.stack.top is not table:
            break
        turns += 1
        assert turns < 2000
        view = table.view
        if view["phase"] == "lag":
            code = table.human_hand[0].code
            click(app, table.card_rect(code).center)
            if table.popup:
                key(app, pygame.K_1, "1")
        else:
            b = view["bocce"][0][view["frame"] - 1]
            draw = table.bar.by_hotkey("d")
            if draw is not None and b["total"] is not None and b["total"] < view["pallino"] - 4:
                key(app, pygame.K_d, "d")
            else:
                stand = table.bar.by_hotkey("s")
                assert stand is not None
                click(app, stand.rect.center)
    return turns


def test_a_whole_game_by_mouse_and_keyboard_reaches_the_result(app):
    table = start(app, seed=11)
    turns = play_whole_game(app, table)
    assert turns > 6
    assert state_of(table).over
    assert isinstance(app.stack.top, ResultScene)
    assert table.drifts == [], "the animation of the events must match the rules' zones"
    # the screen shows the rules' final zones
    want = {z: cs for z, cs in table.view["zones"].items() if cs}
    assert table.shown_zones() == want
    frames(app, 2)
    pygame.image.save(app.screen, "/tmp/test_bocce_result.png")


def test_keys_pressed_while_the_cards_are_dealt_only_hurry_the_deal(app):
    """A key during an animation is spent on hurrying it: a card is committed only by a
    key pressed once the table is ready."""
    app.settings.animation_speed = "normal"
    # the computer takes its time, so that nothing moves once the deal has landed
    table = open_table(app, "bocce", push=False, seed=5, think_delay=(30.0, 31.0))
    app.stack.push(table)
    frames(app, 5)
    assert table.busy and table.my_turn()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert table.timeline.hurried
    for _ in range(300):
        if not table.busy:
            break
        frames(app, 1)
    frames(app, 3)
    assert not any(seat == 0 for seat, _ in state_of(table).history)
    first = table.view["zones"]["hand/0"][0]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    if table.popup:                       # an Ace: 1 or 10
        key(app, pygame.K_RETURN)
    mine = [a for seat, a in state_of(table).history if seat == 0]
    assert mine and mine[0].kind == "commit" and mine[0].card.code == first


# -- layout ---------------------------------------------------------------------------------
def simple_player(table):
    """The first card in the lag; draw while far below the pallino, else the best stand."""
    legal = table.legal()
    view = table.view
    if view["phase"] == "roll":
        b = view["bocce"][0][view["frame"] - 1]
        draw = [a for a in legal if a.kind == "draw"]
        if draw and b["total"] is not None and b["total"] < view["pallino"] - 4:
            table.act(draw[0])
            return
        stands = sorted((a for a in legal if a.kind == "stand"), key=lambda a: -int(a.value))
        if stands:
            table.act(stands[0])
            return
    table.act(legal[0])


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_a_whole_hand_never_lays_words_on_words_or_cards(display, size):
    """Labels, chips, plates, prompt, buttons, banners and score pops (the end of the
    hand's "+0" and "+3" among the status chips) stay clear of each other, in the window;
    each hand's name keeps beside it as the next hand is dealt."""
    app = make_app(display, "fast", size)
    table = open_table(app, "bocce", push=False, seed=5, think_delay=(0.1, 0.2))
    app.stack.push(table)
    problems = watch(app, table, simple_player,
                     lambda: table.shown.get("hand") == 2 and not table.busy)
    assert problems == set()
    table.close()


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_each_hand_is_named_just_left_of_it(display, size):
    app = make_app(display, "instant", size)
    table = start(app, seed=5)
    lay = table.layout
    for zone, name in (("hand/0", "Your Hand"), ("hand/1", "Hand")):
        label = next(lb for lb in table.adapter.labels(table.shown, lay) if lb.text == name)
        cards = [card_box(table, s) for s in table.zones[zone]]
        left = min(r.left for r in cards)
        assert label.anchor == "midright"
        assert 0 < left - label.pos[0] <= lay.font(12) + 2, (name, left, label.pos)
        assert abs(label.pos[1] - sum(r.centery for r in cards) / len(cards)) < lay.card_h * 0.1


def test_the_roll_line_names_the_next_roller_as_soon_as_a_bocce_stands(app):
    table = start(app)
    adapter, shown = table.adapter, {"phase": "roll", "frame": 1, "pallino": 12, "rolling": 0,
                                     "bocce": [[{"status": "rolling"}, {}, {}],
                                               [{"status": "waiting"}, {}, {}]]}
    adapter.patch(shown, Event("stand", 0, {"bocce": 0, "total": 10, "next": 1}))
    assert shown["rolling"] == 1
    assert "Computer" in adapter._phase_line(shown, table.layout)
    adapter.patch(shown, Event("bust", 1, {"bocce": 0, "total": 15, "next": None}))
    assert shown["rolling"] is None, "both bocce of the frame are done"
