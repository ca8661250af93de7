"""Toasts: notices that stack, repeat without piling up, and fade; a long one takes two
lines before it is cut."""

from __future__ import annotations

import pygame

from scenes.kit.fonts import Fonts
from scenes.kit.toast import MAX_SHOWN, Toasts, lines_of


def test_a_toast_lasts_its_time_then_goes():
    toasts = Toasts()
    toasts.notify("Saved", 1.0)
    toasts.update(0.9)
    assert [t.text for t in toasts.items] == ["Saved"]
    toasts.update(0.2)
    assert toasts.items == []


def test_the_same_text_again_refreshes_instead_of_stacking():
    toasts = Toasts()
    toasts.notify("Saved", 1.0)
    toasts.notify("Saved", 3.0)
    assert len(toasts.items) == 1 and toasts.items[0].left == 3.0


def test_only_the_newest_few_are_kept():
    toasts = Toasts()
    for i in range(MAX_SHOWN + 3):
        toasts.notify(f"notice {i}")
    assert [t.text for t in toasts.items] == [f"notice {i}" for i in range(3, MAX_SHOWN + 3)]


def test_a_very_long_notice_is_cut_to_the_window(display):
    surface = pygame.Surface((800, 500))
    surface.fill((0, 0, 0))
    toasts = Toasts()
    toasts.notify("word " * 200)
    toasts.draw(surface, Fonts())
    # Drawn, and the pill stays inside the window: the corners stay black.
    assert surface.get_at((400, 470))[:3] != (0, 0, 0)
    assert surface.get_at((2, 470))[:3] == (0, 0, 0)
    assert surface.get_at((797, 470))[:3] == (0, 0, 0)


HINT = ("Bet 0 — Played out in 327 deals like yours, this play came out 0.3 lives better "
        "on average than the obvious one (Bet 2)")


def test_a_hint_s_long_line_takes_two_lines_whole_rather_than_losing_its_end(display):
    """At 800x500 one line cut the hint before the play it was compared with."""
    font = Fonts().get(16)
    lines = lines_of(font, HINT, 560)
    assert len(lines) == 2 and " ".join(lines) == HINT
    assert all(font.size(line)[0] <= 560 for line in lines)
    assert lines_of(font, "Saved", 560) == ["Saved"]


def test_beyond_two_lines_the_second_is_cut(display):
    font = Fonts().get(16)
    lines = lines_of(font, "word " * 200, 300)
    assert len(lines) == 2 and lines[1].endswith("…") and font.size(lines[1])[0] <= 300
