"""The credits screen: opened from the title menu, names every licence, scrolls, Esc returns."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.screens.credits_scene import CreditsScene, credits_text
from tests.scenes.shell_helpers import app, click, colours, key  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def credits(app):
    app.frame(1 / 60, click(app.menu().focus.button("credits").rect.center))
    scene = app.stack.top
    assert isinstance(scene, CreditsScene)
    return scene


def test_the_menu_opens_the_credits_by_mouse(credits, app):
    app.frame(1 / 60, [])
    assert len(colours(app.screen)) > 20


def test_the_menu_opens_the_credits_by_keyboard(app):
    menu = app.menu()
    menu.focus.focus_key("credits")
    app.frame(1 / 60, [key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, CreditsScene)


def test_every_licence_is_named():
    text = credits_text()
    for name in ("Tavolata", "MIT License", "pygame-ce", "LGPL", "pygame-gui", "platformdirs",
                 "Noto Sans", "SIL Open Font License"):
        assert name in text, name


def test_the_project_licence_named_is_the_one_shipped():
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text()


@pytest.mark.parametrize("leave", [pygame.K_ESCAPE, pygame.K_BACKSPACE])
def test_esc_returns_to_the_menu(credits, app, leave):
    app.frame(1 / 60, [key(leave)])
    assert app.stack.top is app.menu() and len(app.stack) == 1


def test_back_button_returns_to_the_menu(credits, app):
    app.frame(1 / 60, click(credits.focus.button("back").rect.center))
    assert app.stack.top is app.menu()


def test_arrows_and_wheel_scroll_within_bounds(app):
    app.set_fullscreen(False)
    app._on_resize((800, 500))                       # small: the credits overflow
    app.menu().open_credits()
    credits = app.stack.top
    app.frame(1 / 60, [])
    assert credits.max_scroll > 0
    app.frame(1 / 60, [key(pygame.K_DOWN)])
    assert credits.target > 0
    app.frame(1 / 60, [key(pygame.K_END)])
    assert credits.target == credits.max_scroll
    app.frame(1 / 60, [key(pygame.K_DOWN)])
    assert credits.target == credits.max_scroll
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)])
    assert credits.target < credits.max_scroll
    app.frame(1 / 60, [key(pygame.K_HOME)])
    assert credits.target == 0
    for _ in range(60):
        app.frame(1 / 60, [])
    assert credits.scroll == 0


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_draws_at_any_size(credits, size):
    surface = pygame.Surface(size)
    credits.draw(surface)
    assert len(colours(surface)) > 10
    assert pygame.Rect((0, 0), size).contains(credits.focus.button("back").rect)
