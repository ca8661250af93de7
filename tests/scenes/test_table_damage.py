"""The table presents only what changed: a window fed only the damaged rectangles of
each frame always shows exactly what a full present would (checked pixel for pixel
through whole stretches of play, cards flying, effects, hover, popups)."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.tablekit import make_app, open_table, think


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


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("key", ["bocce", "briscola"])
def test_what_is_presented_is_always_the_whole_frame(display, presented, key):
    app = make_app(display, "normal")
    table = open_table(app, key, seed=3, seat=None, think_delay=(0.2, 0.4))
    app.frame(1 / 60, [])
    mismatches = 0
    for i in range(700):
        think(table)
        events = []
        if i % 37 == 5:   # the mouse wanders over the table now and then
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + i % 900, 600 - i % 400),
                                         rel=(0, 0), buttons=(0, 0, 0))]
        app.frame(1 / 60, events)
        if not same(presented["surface"], app.screen):
            mismatches += 1
    assert mismatches == 0
    assert presented["partial"] > presented["whole"], "most frames present only a part"


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
