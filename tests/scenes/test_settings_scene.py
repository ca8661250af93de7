"""The settings screen: every setting changes by keyboard and mouse, applies and saves at once."""

from __future__ import annotations

import json

import pygame
import pytest

from scenes.settings import settings_path
from scenes.settings_scene import SettingsScene, step_value
from tests.scenes.shell_helpers import app, click, colours, key  # noqa: F401


@pytest.fixture
def screen(app):
    app.open_settings()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def focus(scene: SettingsScene, name: str) -> None:
    assert scene.focus.focus_key(f"opt:{name}")


def saved() -> dict:
    return json.loads(settings_path().read_text())


def test_settings_screen_renders(screen, app):
    app.frame(1 / 60, [])
    assert len(colours(app.screen)) > 30


@pytest.mark.slow
def test_right_and_left_change_the_volume_in_steps_of_ten_percent(screen, app):
    focus(screen, "volume")
    start = app.settings.volume
    app.frame(1 / 60, [key(pygame.K_RIGHT)])
    assert app.settings.volume == pytest.approx(min(1.0, start + 0.1))
    assert app.sound.volume == app.settings.volume
    assert saved()["volume"] == app.settings.volume
    for _ in range(15):
        app.frame(1 / 60, [key(pygame.K_LEFT)])
    assert app.settings.volume == 0.0            # stops at 0, no wrap to 100%


@pytest.mark.slow
def test_animation_speed_cycles_through_every_value(screen, app):
    focus(screen, "animation_speed")
    seen = []
    for _ in range(4):
        app.frame(1 / 60, [key(pygame.K_RETURN)])
        seen.append(app.settings.animation_speed)
    assert sorted(seen) == sorted(["slow", "normal", "fast", "instant"])
    assert saved()["animation_speed"] == seen[-1]


def test_card_design_change_reaches_the_card_art(screen, app):
    focus(screen, "card_design")
    app.frame(1 / 60, [key(pygame.K_RIGHT)])
    assert app.settings.card_design == "bergamasche"
    if app.art is not None:
        assert app.art.italian_style == "bergamasche"
    app.frame(1 / 60, [])      # the preview redraws in the new design without trouble


def test_fullscreen_row_switches_the_window(screen, app):
    focus(screen, "fullscreen")
    app.frame(1 / 60, [key(pygame.K_RIGHT)])
    assert app.fullscreen and saved()["fullscreen"] is True
    app.frame(1 / 60, [key(pygame.K_LEFT)])
    assert not app.fullscreen and app.size == (1280, 720)


def test_clicking_the_left_arrow_lowers_and_the_row_raises(screen, app):
    left, right = screen._arrows["opt:volume"]
    start = app.settings.volume
    app.frame(1 / 60, click(left.center))
    assert app.settings.volume == pytest.approx(start - 0.1)
    app.frame(1 / 60, click(screen.focus.button("opt:volume").rect.center))
    assert app.settings.volume == pytest.approx(start)


def test_esc_and_back_return(screen, app):
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.stack.top is app.menu()
    app.open_settings()
    app.frame(1 / 60, click(app.stack.top.focus.button("back").rect.center))
    assert app.stack.top is app.menu()


def test_step_value_snaps_an_odd_volume_to_the_nearest_step(screen):
    option = screen.option("volume")
    assert step_value(option, 0.33, 1) == 0.4
    assert step_value(option, 1.0, 1) == 1.0
