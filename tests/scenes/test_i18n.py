"""The screen's language (scenes/i18n.py): dates in it, not the C library's English."""

from __future__ import annotations

import time

import pytest

from scenes.i18n import language, set_language, short_date


@pytest.fixture
def speaking():
    before = language()
    yield set_language
    set_language(before)


@pytest.mark.parametrize("lang, month", [("en", "Dec"), ("it", "dic")])
def test_a_date_names_its_month_in_the_screen_s_language(speaking, lang, month):
    """The Replays list said "07 Dec" in Italian."""
    speaking(lang)
    stamp = time.mktime((2026, 12, 7, 14, 5, 0, 0, 0, -1))
    assert short_date(stamp) == f"07 {month} 14:05"
