"""The table's selection mode, for games that play several cards at once: pick by click,
by a drag across the fan, or by keyboard; picked cards stay raised; Play is enabled
only while the picked cards form a legal action."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from tests.scenes import fakeselect
from tests.scenes.tablekit import click, frames, key, make_app, open_table, settle, state_of


@pytest.fixture
def table(display, monkeypatch):
    monkeypatch.setitem(GAMES, "pairs", fakeselect.SPEC)
    app = make_app(display, "instant")
    table = open_table(app, "pairs", seed=1, players=[None, None])
    settle(app, table)
    return app, table


def play_button(table):
    return next(b for b in table.bar.buttons if b.hotkey == "P")


def test_a_click_picks_a_card_and_the_picked_cards_stay_raised(table):
    app, table = table
    assert table.adapter.select_cards and table.my_turn()
    click(app, table.card_rect("3S").center)
    frames(app, 20)
    assert table.selected == ["3S"]
    raised = {s.code: s.lift for s in table.human_hand}
    assert raised["3S"] > 5 and raised["5D"] < 1
    assert state_of(table).history == [], "a click picks, it does not play"
    click(app, table.card_rect("3S").center)
    assert table.selected == [], "a second click puts it back"


def test_play_is_enabled_only_while_the_picked_cards_form_a_legal_action(table):
    app, table = table
    frames(app, 1)
    assert not play_button(table).enabled, "nothing picked"
    click(app, table.card_rect("3S").center)
    click(app, table.card_rect("5D").center)
    frames(app, 1)
    assert not play_button(table).enabled, "a Three and a Five are no pair"
    key(app, pygame.K_RETURN)
    assert table.hud.error == "A pair must be two cards of one rank."
    assert state_of(table).history == []
    click(app, table.card_rect("5D").center)
    click(app, table.card_rect("3H").center)
    frames(app, 1)
    assert play_button(table).enabled
    click(app, play_button(table).rect.center)
    assert [str(a) for _, a in state_of(table).history] == ["play:3S,3H"]
    assert table.selected == []


def test_a_drag_across_the_fan_picks_every_card_it_passes(table):
    app, table = table
    a, b = table.card_rect("3S").center, table.card_rect("3H").center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 0), buttons=(1, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert sorted(table.selected) == ["3H", "3S"]
    assert state_of(table).history == []


def test_arrows_and_space_pick_and_enter_plays(table):
    app, table = table
    hand = [s.code for s in table.human_hand]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE, " ")
    picked = sorted(table.selected)
    assert len(picked) == 2 and set(picked) <= set(hand)
    if picked != ["3H", "3S"]:
        pytest.fail(f"the cursor walked {picked}; the hand is {hand}")
    key(app, pygame.K_RETURN)
    assert [str(a) for _, a in state_of(table).history] == ["play:3S,3H"]


def test_pass_stays_a_button_beside_play(table):
    app, table = table
    frames(app, 1)
    labels = [b.label for b in table.bar.buttons]
    assert labels[0] == "Play" and "Pass" in labels


def test_the_keyboard_cursor_is_marked_not_raised_and_a_picked_card_is_raised(table):
    app, table = table
    key(app, pygame.K_RIGHT)
    frames(app, 20)
    cursor = table.human_hand[table.cursor]
    assert cursor.focus and cursor.lift < 1, "the cursor does not look picked"
    assert ("caret", cursor.id) in {k[:2] for k in table.painter.paint_log}, "a caret marks it"
    key(app, pygame.K_SPACE, " ")
    frames(app, 20)
    assert table.selected == [cursor.code] and cursor.lift > 5
    key(app, pygame.K_RIGHT)
    frames(app, 20)
    moved = table.human_hand[table.cursor]
    assert cursor.lift > 5 and moved.lift < 1, "picked stays up, the cursor moves on, down"
    assert [k[1] for k in table.painter.paint_log if k[0] == "caret"] == [moved.id]


def test_a_quick_drag_picks_the_cards_between_two_pointer_events(table):
    """A fast hand jumps many pixels between motion events: the cards it passed over
    are picked too, not only those under the pointer when the events came."""
    app, table = table
    hand = [s.code for s in table.human_hand]
    a, b = table.card_rect(hand[0]).center, table.card_rect(hand[-1]).center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], 0),
                                          buttons=(1, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert sorted(table.selected) == sorted(hand)
    # and a drag that starts on a picked card puts back every card it passes
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(a[0] - b[0], 0),
                                          buttons=(1, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=a, button=1)])
    assert table.selected == []
