"""The renderer's path (scenes/window/rendered.py) shows, pixel for pixel, what the table
drew: each frame's changed rectangles uploaded into the texture, read back through the
renderer (SDL's software driver, under the dummy video driver)."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from scenes.window.rendered import RendererWindow
from tests.scenes.tablekit import open_table, same, watched_play


@pytest.fixture
def sdl():
    pygame.init()
    yield
    pygame.quit()


def test_a_rectangle_uploaded_lands_where_it_was_drawn(sdl):
    window = RendererWindow("software", (800, 500), False, False)
    try:
        window.surface.fill((0, 0, 0))
        window.present(None)
        window.surface.fill((200, 30, 30), (300, 200, 40, 30))
        window.present([pygame.Rect(300, 200, 40, 30)])
        shown = window.screenshot()
        assert shown.get_at((310, 210))[:3] == (200, 30, 30)
        assert shown.get_at((5, 5))[:3] == (0, 0, 0)
        assert same(shown, window.surface)
    finally:
        window.close()


def test_a_resize_gives_a_canvas_the_new_size(sdl):
    window = RendererWindow("software", (800, 500), False, False)
    try:
        window.resize((1000, 600))
        assert window.surface.get_size() == (1000, 600)
        assert window.mouse_scale() == (1.0, 1.0)
    finally:
        window.close()


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_renderer_shows_the_frame_the_window_surface_would(key):
    from scenes.app import App

    app = App((1000, 640), renderer="software")
    try:
        app.settings.animation_speed = "normal"
        app.back_to_menu()
        table = open_table(app, key, seed=3, seat=0)
        for i in watched_play(app, table, 240):
            if i % 30 == 29:
                assert same(app.display.screenshot(), app.screen), f"frame {i}"
    finally:
        app.shutdown()
        pygame.quit()
