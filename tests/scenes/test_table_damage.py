"""The table presents only what changed: a window fed only the damaged rectangles of
each frame always shows exactly what a full present would (checked pixel for pixel
through whole stretches of play, cards flying, effects, hover, popups)."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from tests.scenes.tablekit import make_app, open_table, same, think, watched_play


@pytest.fixture
def presented(monkeypatch):
    """A copy of the window as the player sees it: updated only where the app presents."""
    state = {"surface": None, "partial": 0, "whole": 0}

    def flip():
        state["surface"] = pygame.display.get_surface().copy()
        state["whole"] += 1

    def update(rects=None):
        screen = pygame.display.get_surface()
        if state["surface"] is None or rects is None:
            flip()
            return
        for r in rects:
            state["surface"].blit(screen, r, r)
        state["partial"] += 1

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(pygame.display, "update", update)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_what_is_presented_is_always_the_whole_frame(display, presented, key):
    app = make_app(display, "normal")
    table = open_table(app, key, seed=3, seat=None, think_delay=(0.2, 0.4))
    app.frame(1 / 60, [])
    mismatches = 0
    for _ in watched_play(app, table, 700):
        if not same(presented["surface"], app.screen):
            mismatches += 1
    assert mismatches == 0
    assert presented["partial"] > presented["whole"], "most frames present only a part"


@pytest.mark.slow
def test_the_hand_rising_under_the_mouse_is_presented(display, presented):
    app = make_app(display, "instant")
    table = open_table(app, "bocce", seed=3, think_delay=(50.0, 60.0))
    for _ in range(5):
        app.frame(1 / 60, [])
    card = table.card_rect(table.human_hand[0].code)
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0),
                                          buttons=(0, 0, 0))])
    for _ in range(30):
        app.frame(1 / 60, [])
        assert same(presented["surface"], app.screen)
    assert table.human_hand[0].lift > 5
    assert app.resting, "once the card has risen, nothing moves: the loop may sleep"


@pytest.mark.slow
def test_the_look_back_button_and_its_hover_are_presented(display, presented):
    from scenes.table.lookback import LookBackScene
    from tests.scenes.tablekit import settle

    app = make_app(display, "instant")
    table = open_table(app, "bocce", seed=5, think_delay=(0.0, 0.0))
    while not table.shown.get("last_frame"):
        settle(app, table)
        legal = table.legal()
        stands = [a for a in legal if a.kind == "stand"]
        table.act(stands[0] if stands else legal[0])
        settle(app, table)
    for _ in range(3):
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(0, 0),
                                              buttons=(0, 0, 0))])
    assert table.painter.look_rect is not None
    assert same(presented["surface"], app.screen), "the button appeared on screen"
    for pos in (table.painter.look_rect.center, (640, 360), table.painter.look_rect.center):
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                              buttons=(0, 0, 0))])
        assert same(presented["surface"], app.screen)
    assert table.input.look_hover
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, unicode="l", mod=0)])
    assert isinstance(app.stack.top, LookBackScene)
    assert same(presented["surface"], app.screen)
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0)])
    assert app.stack.top is table and same(presented["surface"], app.screen)


def test_at_the_instant_speed_every_move_is_drawn(display, presented):
    """A whole move lands within one update at "instant": nothing animates, yet the screen
    must show it (a computer's reply, your own card)."""
    from tests.scenes.tablekit import settle

    app = make_app(display, "instant")
    table = open_table(app, "briscola", seed=7, think_delay=(0.0, 0.0))
    settle(app, table)
    for _ in range(3):
        table.act(table.legal()[0])
        for _ in range(40):
            think(table)
            app.frame(1 / 60, [])
        fresh = app.screen.copy()
        table.painter.dirty.forget()     # painted whole, not only what changed
        table.draw(fresh)
        assert same(presented["surface"], fresh), "the screen shows the game as it stands"


@pytest.mark.slow
def test_a_score_sheet_counting_down_over_the_table_presents_its_panel_not_the_window(
        display, presented):
    """While a sheet that goes by itself is up, the table waits below it (busy) and the
    sheet is drawn every frame: what is presented is the panel (and what changed below the
    veil), never the whole window each frame, and it is always the whole frame's picture."""
    from scenes.table.result import SheetScene

    app = make_app(display, "instant")
    table = open_table(app, "bisca", seed=3, seat=None, think_delay=(0.0, 0.0), auto_close=2.0)
    for _ in range(3000):
        if isinstance(app.stack.top, SheetScene):
            break
        think(table)
        app.frame(1 / 60, [])
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene) and table.busy
    app.frame(1 / 60, [])
    whole, partial = presented["whole"], presented["partial"]
    for _ in range(30):
        app.frame(1 / 60, [])
        assert same(presented["surface"], app.screen)
    assert app.stack.top is sheet, "still counting down"
    assert presented["whole"] == whole and presented["partial"] >= partial + 30


@pytest.mark.slow
def test_a_deal_of_many_overlapping_cards_presents_a_strip_not_the_window(display, presented):
    """Dou Dizhu deals seventeen cards a hand: the hand's cards overlap in their fan, so
    what changed is measured once their rectangles are joined, and the deal is presented
    in part (it was the whole window, frame after frame), exactly as drawn."""
    app = make_app(display, "normal")
    table = open_table(app, "doudizhu", seed=3, seat=None, think_delay=(5.0, 5.0))
    app.frame(1 / 60, [])
    whole = presented["whole"]
    for _ in range(90):
        app.frame(1 / 60, [])
        assert same(presented["surface"], app.screen)
    assert table.version == 0 and sum(len(c) for c in table.zones.values()) == 54
    assert presented["whole"] == whole and presented["partial"] >= 60
