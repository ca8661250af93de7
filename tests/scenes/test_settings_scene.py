"""The settings screen: every setting changes by keyboard and mouse, applies and saves at once."""

from __future__ import annotations

import json

import pygame
import pytest

from scenes.screens.settings_scene import SettingsScene, step_value
from scenes.settings import settings_path
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


def test_f11_keeps_the_focus_on_its_row_though_the_window_changed_under_the_pointer(screen,
                                                                                     app):
    focus(screen, "volume")
    first = screen.focus.buttons[0].rect.center
    # what SDL sends after a mode change: a motion that did not move, over another row now
    app.frame(1 / 60, [key(pygame.K_F11), pygame.event.Event(
        pygame.MOUSEMOTION, pos=first, rel=(0, 0), buttons=(0, 0, 0))])
    assert app.fullscreen and screen.focus.focused.key == "opt:volume"
    app.frame(1 / 60, [key(pygame.K_F11)])
    assert not app.fullscreen and screen.focus.focused.key == "opt:volume"


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


def test_the_player_name_is_typed_kept_on_enter_and_checked(screen, app):
    from scenes.i18n import tr

    screen.focus.focus_key("name")
    app.frame(1 / 60, [key(pygame.K_RIGHT)])             # no values to step: nothing happens
    app.frame(1 / 60, [key(pygame.K_RETURN)])            # Enter on the row: into the field
    field = screen.name_entry
    assert field is not None and field.is_focused
    app.frame(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=t) for t in "Emma"])
    app.frame(1 / 60, [key(pygame.K_m)])
    assert app.settings.volume > 0, "an m typed in the name is a letter, not the mute key"
    app.frame(1 / 60, [key(pygame.K_RETURN)])
    app.frame(1 / 60)                                    # the field's news comes as an event
    assert app.settings.player_name == "Emma" and saved()["player_name"] == "Emma"
    assert not field.is_focused and app.stack.top is screen
    field.focus()
    field.set_text("Em\u202ema")              # a bidi override
    assert not screen.save_name()
    assert app.settings.player_name == "Emma"
    assert tr("name.unprintable") in [t.text for t in app.toasts.items]
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])            # Esc in the field: the saved name
    assert field.get_text() == "Emma" and app.stack.top is screen
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])            # out of the field, Esc closes
    assert app.stack.top is not screen and screen.name_entry is None
    assert app.settings.player_name == "Emma", "Esc gave the saved name back"


def test_leaving_the_name_field_keeps_a_good_name(screen, app):
    screen.edit_name()
    screen.name_entry.set_text("  Anna ")
    app.frame(1 / 60, [key(pygame.K_DOWN)])
    assert app.settings.player_name == "Anna" and screen.focus.focused.key == "back"


def test_four_colour_french_cards_reach_the_art_and_the_file(screen, app):
    focus(screen, "french_colours")
    app.frame(1 / 60, [key(pygame.K_RIGHT)])
    assert app.settings.french_colours == "four"
    assert saved()["french_colours"] == "four"
    if app.art is not None:
        assert app.art.four_colour
    app.frame(1 / 60, [])      # the preview redraws its French pair in the new inks


def test_table_scale_steps_and_stops_at_its_largest(screen, app):
    focus(screen, "table_scale")
    seen = []
    for _ in range(4):
        app.frame(1 / 60, [key(pygame.K_RIGHT)])
        seen.append(app.settings.table_scale)
    assert seen == [1.25, 1.5, 1.5, 1.5]
    assert saved()["table_scale"] == 1.5


def test_reduced_motion_is_a_switch_saved_at_once(screen, app):
    focus(screen, "reduced_motion")
    app.frame(1 / 60, [key(pygame.K_RETURN)])
    assert app.settings.reduced_motion is True and saved()["reduced_motion"] is True


def test_the_spoken_table_turned_on_with_no_engine_says_what_to_install(screen, app,
                                                                       monkeypatch, caplog):
    """On screen ("On, silent" and a notice naming the package) and in the log."""
    import importlib.util

    from scenes.i18n import tr

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    focus(screen, "spoken_table")
    app.frame(1 / 60, [key(pygame.K_RETURN)])
    assert app.settings.spoken_table is True and saved()["spoken_table"] is True
    assert tr("access.speech.no_pyttsx3") in [t.text for t in app.toasts.items]
    assert "install pyttsx3" in caplog.text
    row = screen.row("opt:spoken_table")
    assert row.show(screen.value(row)) == tr("access.settings.spoken_silent")


@pytest.mark.slow
def test_the_speech_rate_steps_in_words_a_minute_and_reaches_the_voice_at_once(screen, app):
    """Right: the next rate, saved, and the program's speaker speaks at it from its next
    sentence; at the fastest it stops (no wrap to the slowest)."""
    from scenes.i18n import tr
    from scenes.settings import SPEECH_RATES
    from scenes.speech import table

    focus(screen, "speech_rate")
    start = app.settings.speech_rate
    app.frame(1 / 60, [key(pygame.K_RIGHT)])
    faster = SPEECH_RATES[SPEECH_RATES.index(start) + 1]
    assert app.settings.speech_rate == faster and saved()["speech_rate"] == faster
    assert table.program_speaker().rate == faster
    row = screen.row("opt:speech_rate")
    assert row.label == tr("access.settings.speech_rate") and row.show(faster) == str(faster)
    for _ in range(len(SPEECH_RATES)):
        app.frame(1 / 60, [key(pygame.K_RIGHT)])
    assert app.settings.speech_rate == SPEECH_RATES[-1]


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_every_settings_row_lies_inside_the_window(app, size):
    scene = SettingsScene(app)
    scene.resize(size)
    window = pygame.Rect(0, 0, *size)
    for button in scene.focus.buttons:
        assert window.contains(button.rect), button.key


# -- the language switches at once ------------------------------------------------------------
def test_switching_to_italian_rewords_the_settings_and_the_menu_at_once(screen, app):
    from scenes.i18n import language

    focus(screen, "language")
    assert screen.focus.focused.label == "Language"
    app.frame(1 / 60, [key(pygame.K_RIGHT)])
    assert app.settings.language == "it" and language() == "it"
    assert saved()["language"] == "it"
    top = app.stack.top
    assert top is screen and screen.focus.focused.key == "opt:language"   # still on its row
    assert screen.focus.focused.label == "Lingua"
    assert screen.focus.button("back").label == "Indietro"
    assert [r.label for r in screen.rows][0] == "Velocità animazioni"
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.stack.top is app.menu()
    assert app.menu().focus.button("settings").label == "Impostazioni"
    app.frame(1 / 60, [])


def test_over_a_table_the_switch_says_the_rest_follows_at_the_next_game(app, monkeypatch):
    told = []
    monkeypatch.setattr(app, "notify", lambda text, seconds=3.0: told.append(text))
    from scenes.kit.scene import Scene

    app.stack.push(Scene(app))            # a scene that keeps its words until made anew
    app.change_setting("language", "it")
    assert told == ["La nuova lingua compare ovunque dalla prossima partita."]
    told.clear()
    app.back_to_menu()
    app.change_setting("language", "en")
    assert told == []


def test_the_voice_setting_chooses_the_screen_reader_at_once(screen, app):
    """The speaker takes the chosen voice before its next sentence (where no screen
    reader library is, it falls back to the program's own voice, said in the log:
    tests/scenes/speech/test_voice.py)."""
    from scenes.speech import voice

    focus(screen, "speech_voice")
    try:
        app.frame(1 / 60, [key(pygame.K_RIGHT)])
        assert app.settings.speech_voice == "screen_reader"
        assert saved()["speech_voice"] == "screen_reader"
        assert voice._backend == "screen_reader"
    finally:
        voice.choose_backend("engine")
