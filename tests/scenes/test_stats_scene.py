"""The statistics screen's words (scenes/screens/stats_scene.py): its numbers in the player's
language, and what a Bisca score counts (the drawing itself: test_keeping.py)."""

from __future__ import annotations

import pytest

from game.stats import empty_line
from scenes.i18n import language, set_language
from scenes.kit.fonts import Fonts
from scenes.screens.stats_scene import cell, column_heads, newest_words, records_line, scale_marks


@pytest.fixture
def speaking():
    """Sets the screen's language for one test, and puts it back."""
    before = language()
    yield set_language
    set_language(before)


def line(played, total, lives=0):
    out = empty_line()
    out.update(played=played, total=total, best=total, lives=lives)
    return out


def test_an_average_is_written_as_the_language_writes_numbers_and_whole_ones_whole(speaking):
    """"−570.0" and "0.0" in Italian, where the decimal mark is a comma."""
    speaking("it")
    assert cell(line(2, 27), "average") == "13,5"
    assert cell(line(1, -570), "average") == "-570"


def test_bisca_s_line_says_what_its_score_counts(speaking):
    """Best 1, Average 1.0 of a lost Bisca game said nothing of what the 1 was: the
    players you outlasted."""
    speaking("en")
    words = records_line("bisca", {"hard": line(2, 2, lives=1)})
    assert "players you outlasted" in words and words.endswith("0.5")


def test_a_chart_s_scale_writes_zero_the_highest_and_the_lowest():
    """One game alone was a lone bar with nothing to read it by: the scale says 7 and 0."""
    assert scale_marks(0, 7, 100, 12) == [0, 7]
    assert scale_marks(-5, 21, 100, 12) == [0, 21, -5]


def test_a_mark_too_close_to_another_is_left_out_rather_than_printed_over_it():
    assert scale_marks(-1, 21, 60, 12) == [0, 21]
    assert scale_marks(-6, 0, 60, 12) == [0, -6]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_column_headers_keep_a_gap_between_them_wrapping_where_they_must(speaking, lang):
    """"Serie" and "Serie migliore" ran together into one phrase at 800x500."""
    speaking(lang)
    font = Fonts().get(12)
    width = font.size("Serie migliore" if lang == "it" else "Best streak")[0]
    heads = column_heads(font, width)
    assert all(font.size(part)[0] < width - 4 for parts in heads for part in parts)
    assert len(heads[-1]) == 2


def test_the_newest_score_by_its_bar_says_it_is_the_last_game(speaking):
    """A one-game chart read "0 -0": the scale's 0, the zero line, the bar's 0."""
    speaking("it")
    assert newest_words(0) == "ultima 0" and newest_words(-3) == "ultima \u22123"
