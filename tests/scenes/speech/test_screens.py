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


def screens():
    """Every screen by its route, with each game's new-game screen and rules."""
    from game import KEYS
    from scenes.routes import ROUTES

    for name in ROUTES:
        if name in ("setup", "rules"):
            yield from ((name, (key,)) for key in KEYS)
        elif name != "table":                    # the table speaks for itself
            yield name, ()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
def test_tab_reaches_every_item_of_every_screen_and_each_has_words(display, monkeypatch, lang):
    """Tab walks every screen's focus round; each item it lands on is said, in words of
    the screen's language (no catalog key, no empty field), and every enabled item is
    reached.  (The statistics are a page to scroll, with no items: not read yet.)"""
    from scenes.i18n import set_language
    from scenes.speech.screens import describe

    app, speaker, lines = listening(display, monkeypatch)
    set_language(lang)
    for name, args in screens():
        scene = app.open(name, *args)
        frames(app, 1)
        focus = getattr(scene, "focus", None)
        enabled = {b.key for b in getattr(focus, "buttons", []) if b.enabled}
        reached: set[str] = set()
        for _ in range(len(enabled) + 1):
            if app.stack.top is not scene or focus is None:
                break                            # statistics: a page to scroll, no items
            button = focus.focused_button()
            if button is not None:
                reached.add(button.key)
                words = describe(scene)
                assert words and "{" not in words and not words.startswith(("ui.", "spoken.")), \
                    (name, button.key, words)
            key(app, pygame.K_TAB)
        assert reached >= enabled or app.stack.top is not scene, (name, enabled - reached)
        while app.stack.top is not scene and len(app.stack) > 1:
            app.stack.pop()
        app.stack.pop()
    speaker.close()
