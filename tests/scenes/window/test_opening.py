"""The window opened on the path chosen (scenes/window/opening.py): the fallback to the
window surface, and its line in the log."""

from __future__ import annotations

import io

import pygame
import pytest

from scenes.window import opening
from scenes.window.plain import SurfaceWindow


@pytest.fixture
def sdl():
    pygame.init()
    yield
    pygame.quit()


def test_auto_without_a_gpu_draws_on_the_window_surface_and_says_why(sdl, monkeypatch):
    monkeypatch.setattr(opening, "machine_drivers", lambda: [("software", False)])
    log = io.StringIO()
    window = opening.open_window("auto", (800, 500), False, False, log)
    assert isinstance(window, SurfaceWindow)
    assert log.getvalue() == \
        "tavolata: drawing: window surface (no accelerated renderer: drivers software)\n"


def test_a_renderer_sdl_refuses_falls_back_in_words(sdl, monkeypatch):
    import scenes.window.rendered as rendered

    def refuse(*args: object) -> None:
        raise pygame.error("Couldn't find matching render driver")

    monkeypatch.setattr(rendered, "RendererWindow", refuse)
    log = io.StringIO()
    window = opening.open_window("software", (800, 500), False, False, log)
    assert isinstance(window, SurfaceWindow)
    assert log.getvalue() == ("tavolata: drawing: window surface (the renderer software "
                              "failed: Couldn't find matching render driver)\n")


def test_the_software_renderer_is_taken_when_named(sdl):
    log = io.StringIO()
    window = opening.open_window("software", (800, 500), False, False, log)
    try:
        assert window.path == "renderer software"
        assert window.surface.get_size() == (800, 500)
        assert log.getvalue() == "tavolata: drawing: renderer software (--renderer software)\n"
    finally:
        window.close()
