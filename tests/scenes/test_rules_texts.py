"""The in-app rules in every language: the same pages, built the same way, as the English.

English (assets/rules/en/) is where a rules page is written first; every other
language must have every page, block for block (the same headings, paragraphs,
items and tables, in the same order), so a page added or reshaped in English
alone fails here rather than showing English to an Italian player.
"""

from __future__ import annotations

import re

import pygame
import pytest

import scenes.screens.rules_scene as rules_module
from game import CATALOG
from game.i18n import DEFAULT_LANG
from scenes.kit.richtext import Block, parse
from scenes.screens.kiosk.rules import teachable
from tests.scenes.shell_helpers import app  # noqa: F401

RULES_DIR = rules_module.RULES_DIR
#: the languages the client ships rules for, besides English
TRANSLATED = sorted({"it"} | {p.name for p in RULES_DIR.iterdir() if p.is_dir()} - {DEFAULT_LANG})
ENGLISH = sorted(p.name for p in (RULES_DIR / DEFAULT_LANG).glob("*.md"))
#: pixels an italic word may lean past where the next piece starts
SLANT = 4


def shape(block: Block) -> tuple:
    """What a translation keeps of a block: its kind, nesting, and a table's rows and columns."""
    if block.kind == "table":
        return ("table", block.header_rows, tuple(len(row) for row in block.rows))
    if block.kind == "li":
        numbered = block.marker[:-1].isdigit()
        return ("li", block.indent, block.marker if numbered else "•", block.text.startswith("**"))
    return (block.kind,)


def blocks(lang: str, name: str) -> list[Block]:
    return parse((RULES_DIR / lang / name).read_text(encoding="utf-8"))


def test_there_are_english_rules_and_italian_is_among_the_translations():
    assert ENGLISH and "it" in TRANSLATED


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_english_rules_page_has_a_translation_and_no_other(lang):
    folder = RULES_DIR / lang
    assert folder.is_dir(), f"no rules in {lang}: assets/rules/{lang}/ is missing"
    have = sorted(p.name for p in folder.glob("*.md"))
    assert [n for n in ENGLISH if n not in have] == [], f"rules pages missing in {lang}"
    assert [n for n in have if n not in ENGLISH] == [], f"{lang} rules pages with no English page"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", ENGLISH)
def test_a_translated_rules_page_has_the_english_pages_structure(lang, name):
    path = RULES_DIR / lang / name
    if not path.is_file():
        pytest.fail(f"assets/rules/{lang}/{name} is missing")
    english = [shape(b) for b in blocks(DEFAULT_LANG, name)]
    translated = [shape(b) for b in blocks(lang, name)]
    for i, (en, tr) in enumerate(zip(english, translated)):
        assert en == tr, f"{lang}/{name}: block {i} is {tr}, in English {en}"
    assert len(translated) == len(english), f"{lang}/{name}: {len(translated)} blocks, English {len(english)}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", ENGLISH)
def test_a_translated_page_teaches_the_kiosk_the_same_sections(lang, name):
    """The kiosk finds its rules by shape (up to the glossary): the same sections in both."""
    headings = lambda rules: [r.heading for r in rules]  # noqa: E731
    english = teachable(blocks(DEFAULT_LANG, name))
    translated = teachable(blocks(lang, name))
    assert translated, f"{lang}/{name} teaches nothing"
    assert len(set(headings(translated))) == len(set(headings(english)))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", ENGLISH)
def test_a_translated_page_keeps_the_numbers_of_its_rules(lang, name):
    """Points, card counts and keys are the rules themselves: a translation keeps every one."""
    numbers = lambda text: sorted(re.findall(r"\d+", text))  # noqa: E731
    english = (RULES_DIR / DEFAULT_LANG / name).read_text(encoding="utf-8")
    translated = (RULES_DIR / lang / name).read_text(encoding="utf-8")
    assert numbers(translated) == numbers(english)


def test_the_rules_come_in_the_players_language_and_fall_back_to_english(tmp_path, monkeypatch):
    for lang, key in (("en", "bocce"), ("en", "briscola"), ("it", "bocce")):
        (tmp_path / lang).mkdir(exist_ok=True)
        (tmp_path / lang / f"{key}.md").write_text(f"# {key} {lang}\n", encoding="utf-8")
    monkeypatch.setattr(rules_module, "RULES_DIR", tmp_path)
    monkeypatch.setattr(rules_module, "language", lambda: "it")
    assert rules_module.rules_path("bocce") == tmp_path / "it" / "bocce.md"
    assert rules_module.rules_path("briscola") == tmp_path / "en" / "briscola.md"
    assert rules_module.rules_path("bolola") is None
    monkeypatch.setattr(rules_module, "language", lambda: "en")
    assert rules_module.rules_path("bocce") == tmp_path / "en" / "bocce.md"


@pytest.mark.slow
@pytest.mark.parametrize("lang", [DEFAULT_LANG] + TRANSLATED)
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_every_rules_page_fits_its_panel(app, monkeypatch, lang, size):
    """Each piece of text inside the panel, and never over its neighbour on the line (a table's
    cell running into the next column): Italian runs about a fifth longer than English."""
    monkeypatch.setattr(rules_module, "language", lambda: lang)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    for game in CATALOG:
        app.show_rules(game.key)
        scene = app.stack.top
        scene._ensure_layout()
        assert scene.blocks(game.key), f"no {lang} rules for {game.key}"
        for line in scene._lines:
            pieces = sorted(line.pieces, key=lambda p: p[1])
            for (image, x), (_, next_x) in zip(pieces, pieces[1:]):
                # an italic image leans a few pixels past its advance: that is no overlap
                assert x + image.get_width() <= next_x + SLANT, f"{lang}/{game.key}: text over text"
            for image, x in pieces:
                # (a bullet hangs a pixel or two left of the text, inside the panel's margin)
                assert -SLANT <= x and x + image.get_width() <= scene._view.w + 2, f"{lang}/{game.key}"
        app.stack.pop()


def test_bisca_s_rules_name_the_8_as_the_table_does():
    """The rule text calls the 8 the Peasant; the table's captions and hints call it the
    Jack ("The 3 of Coins beats the Jack of Swords"): the rules say both."""
    from game.cards import Card

    text = " ".join((RULES_DIR / DEFAULT_LANG / "bisca.md").read_text(encoding="utf-8").split())
    jack = Card.parse("Js").name(DEFAULT_LANG).split()[0]
    assert "Peasant (Fante, 8" in text and f"the {jack}, as the table names it" in text
