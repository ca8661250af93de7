"""Pages read aloud a section at a time: the rules cut at their headings."""

from __future__ import annotations

import re

import pygame
import pytest

from scenes.kit.richtext import parse
from scenes.speech.reading import Reader, block_words, said_as, sections

PAGE = """# Bocce

*For two players.*

## Setup

A **French** deck of 52 cards.

- three bocce
- a hand of three

| card | counts |
|---|---|
| Ace | 1 or 10 |

## Scoring

The closest wins.
"""


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0)


def test_a_page_is_cut_at_each_heading_and_said_without_its_markers():
    cut = sections(parse(PAGE))
    assert [said for _, said in cut] == [
        ["Bocce", "For two players."],
        ["Setup", "A French deck of 52 cards.", "three bocce", "a hand of three",
         "card, counts. Ace, 1 or 10."],
        ["Scoring", "The closest wins."]]
    blocks = parse(PAGE)
    assert [blocks[n].kind for n, _ in cut] == ["h1", "h2", "h2"]    # each at its heading


def test_a_tables_rows_are_said_one_after_the_other():
    [table] = [b for b in parse(PAGE) if b.kind == "table"]
    assert block_words(table) == "card, counts. Ace, 1 or 10."


def test_down_reads_the_next_section_up_the_one_before_and_the_ends_are_said():
    from scenes.i18n import tr

    reader = Reader(lambda: sections(parse(PAGE)))
    assert reader.key(keydown(pygame.K_UP)) == [tr("spoken.reading.start")]
    assert reader.key(keydown(pygame.K_DOWN))[0] == "Bocce" and reader.place == 0
    assert reader.key(keydown(pygame.K_DOWN))[0] == "Setup"
    assert reader.key(keydown(pygame.K_DOWN))[0] == "Scoring"
    assert reader.key(keydown(pygame.K_DOWN)) == [tr("spoken.reading.end")]
    assert reader.key(keydown(pygame.K_UP))[0] == "Setup"
    assert reader.key(keydown(pygame.K_a)) is None
    reader.restart()
    assert reader.place is None and reader.key(keydown(pygame.K_DOWN))[0] == "Bocce"


@pytest.mark.parametrize("lang, times", [("en", "times"), ("it", "per")])
def test_a_screens_marks_are_said_as_a_pause_or_a_word_never_by_their_names(lang, times):
    """A voice reads "·", "—" and "×" by their names ("middle dot"): between parts of a
    line they are a comma, "×" the word, and a cell of a dash alone (nobody's) nothing."""
    from scenes.i18n import set_language

    set_language(lang)
    try:
        assert said_as("Bet 1 · Won 0") == "Bet 1, Won 0"
        assert said_as("Hand 2 — Frame 1") == "Hand 2, Frame 1"
        assert said_as("2 × 4") == f"2 {times} 4"
        assert said_as("—") == "" and said_as("Round 3") == "Round 3"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang, right", [("en", "Right arrow"), ("it", "Freccia destra")])
def test_the_keys_page_says_its_arrow_keys_by_name_never_as_arrows(lang, right):
    """The keys page writes the arrow keys as arrows ("→"), which a voice reads as
    "rightwards arrow": read aloud, each is the key's name."""
    from scenes.i18n import set_language
    from scenes.table.keys import keys_page

    set_language(lang)
    try:
        said = " ".join(line for _, lines in sections(parse(keys_page())) for line in lines)
        assert right in said and not re.search("[←→↑↓]", said)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_catalog_words_are_said_with_a_mark_a_voice_reads_by_name(lang):
    """A replay's "Forward ▶" was said "Forward black right-pointing triangle": every
    catalog's words, said, keep none of the marks a screen draws (Bisca's hearts are said
    in words where the sheet draws them: test_listener)."""
    import json
    import re
    from pathlib import Path

    from scenes.i18n import set_language

    marks = re.compile("[▶◀←→↑↓×·]")
    set_language(lang)
    try:
        for path in sorted(Path("assets/i18n", lang).glob("*.json")):
            for key, text in json.loads(path.read_text(encoding="utf-8")).items():
                assert not marks.search(said_as(text)), (key, said_as(text))
    finally:
        set_language("en")
