"""The screens said aloud: the focused item, with a row's value and help."""

from __future__ import annotations

import pygame
import pytest

from scenes.speech import table as spoken
from tests.scenes.tablekit import frames, key, make_app


def listening(display, monkeypatch, speak: bool = True):
    speaker, lines = spoken.transcript_speaker()
    monkeypatch.setattr(spoken, "_speaker", speaker)
    app = make_app(display)
    app.speak = speak
    frames(app, 1)
    return app, speaker, lines


def heard(speaker, lines: list[str]) -> list[str]:
    speaker.wait()
    out = list(lines)
    lines.clear()
    return out


@pytest.mark.slow
def test_the_menus_focused_item_is_said_as_the_focus_moves(display, monkeypatch):
    app, speaker, lines = listening(display, monkeypatch)
    first = app.stack.top.focus.focused
    assert heard(speaker, lines) == [f"{first.label}, {first.hint}." if first.hint else
                                     f"{first.label}."]
    key(app, pygame.K_DOWN)
    now = app.stack.top.focus.focused
    assert now is not first
    assert heard(speaker, lines) == [f"{now.label}, {now.hint}." if now.hint else f"{now.label}."]
    frames(app, 3)
    assert heard(speaker, lines) == []             # said once, not every frame
    speaker.close()


def test_a_settings_row_is_said_with_its_value_as_it_changes(display, monkeypatch):
    from scenes.settings_scene import SettingsScene

    app, speaker, lines = listening(display, monkeypatch)
    scene = SettingsScene(app)
    app.stack.push(scene)
    scene.focus.focus_key("opt:reduced_motion")
    frames(app, 1)
    assert heard(speaker, lines)[-1] == "Reduced motion: Off."
    key(app, pygame.K_RIGHT)
    assert heard(speaker, lines) == ["Reduced motion: On."]
    speaker.close()


def test_nothing_is_said_with_the_spoken_table_off(display, monkeypatch):
    app, speaker, lines = listening(display, monkeypatch, speak=False)
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == []
    speaker.close()


def test_a_new_game_row_is_said_with_its_value_and_its_help(display, monkeypatch):
    from scenes.i18n import tr

    app, speaker, lines = listening(display, monkeypatch)
    scene = app.open("setup", "bocce")
    scene.focus.focus_key("seat")
    frames(app, 1)
    row = scene.row("seat")
    said = heard(speaker, lines)[-1]
    assert said == f"{tr('setup.your_seat')}: {row.show(scene.value(row))}. {row.help}"
    speaker.close()
