"""The table's keys page (scenes/table/keys.py ``keys_page``): made from the binding tables
themselves, so every key a table binds is listed with what it does, in every language,
and the rules screen shows it after each game's rules."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import languages
from scenes.i18n import has, set_language
from scenes.table.keys import KEY_SECTIONS, key_label, keys_page
from tests.scenes.shell_helpers import app  # noqa: F401


@pytest.fixture
def lang_reset():
    yield
    set_language("en")


@pytest.mark.parametrize("lang", languages())
def test_every_bound_key_and_command_has_words_in_every_language(lang, lang_reset):
    set_language(lang)
    for heading, bindings in KEY_SECTIONS:
        assert has(heading), f"{lang}: no words for {heading}"
        for b in bindings:
            assert has(f"keys.{b.command}"), f"{lang}: no words for the command {b.command}"


@pytest.mark.parametrize("lang", languages())
def test_the_page_lists_every_binding_under_its_section(lang, lang_reset):
    set_language(lang)
    page = keys_page()
    sections = page.split("\n### ")[1:]
    assert len(sections) == len(KEY_SECTIONS)
    for text, (_, bindings) in zip(sections, KEY_SECTIONS):
        for b in bindings:
            assert f"**{key_label(b)}**" in text, f"{lang}: {key_label(b)} missing"


def test_a_commands_keys_share_one_line_and_modifiers_are_named():
    page = keys_page()
    assert "- **F1** or **R**: these rules" in page
    assert "- **U** or **Ctrl+Z**: take your last move back" in page
    assert "- **Shift+Tab**, **←** or **↑**: the choice before" in page
    assert key_label(next(b for b in KEY_SECTIONS[0][1] if b.key == pygame.K_ESCAPE)) == "Esc"


def test_the_rules_screen_shows_the_keys_page_after_the_games_rules(app):
    from scenes.screens.rules_scene import RulesScene
    scene = RulesScene(app, "briscola")
    texts = [b.text for b in scene.blocks("briscola")]
    keys_at = texts.index("Keys at every table")
    assert keys_at > 0 and "Briscola" in " ".join(texts[:keys_at])
    assert any(t.startswith("**T**") for t in texts[keys_at:]), "the phrases key is listed"


def test_the_spoken_tables_keys_are_listed_and_are_the_keys_it_answers():
    """F2 to F10 and the reading keys on the page, from the one table the spoken table
    and the pages read aloud take their keys from."""
    from scenes.speech.reading import READING_KEYS
    from scenes.speech.table import CHOICES_KEY, QUERY_KEYS, REPEAT_KEY
    from scenes.table.keys import LISTEN_KEYS

    page = keys_page()
    for k in range(pygame.K_F2, pygame.K_F10 + 1):
        assert f"**{pygame.key.name(k).upper()}**" in page
    assert "- **F9**: the last sentence again" in page
    listed = {b.key for b in LISTEN_KEYS}
    assert set(QUERY_KEYS) | {REPEAT_KEY, CHOICES_KEY} | set(READING_KEYS) <= listed
    assert sorted(QUERY_KEYS.values()) == sorted(["hand", "table", "scores", "trump",
                                                  "last_trick", "turn", "counts"])


@pytest.mark.parametrize("lang", languages())
def test_every_key_the_page_and_the_spoken_help_name_has_its_name_in_the_language(lang,
                                                                                 lang_reset):
    """A key's name comes from the language's catalog (the Italian page said pygame's
    "Page Down"); only a letter or a function key ("Z", "F4") is the same everywhere."""
    import re

    from scenes.speech.keys import LISTENING
    from scenes.table.keys import key_word

    set_language(lang)
    keys = {b.key for _, bindings in KEY_SECTIONS for b in bindings} | {k for k, _ in LISTENING}
    for k in keys:
        name = pygame.key.name(k)
        assert re.fullmatch(r"f\d+|\w", name) or has(key_word(k)), f"{lang}: {name} unnamed"
    if lang == "it":
        assert "**Pag giù**" in keys_page() and "Page" not in keys_page()
