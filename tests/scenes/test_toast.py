"""Toasts: one-line notices that stack, repeat without piling up, and fade."""

from __future__ import annotations

import pygame

from scenes.fonts import Fonts
from scenes.toast import MAX_SHOWN, Toasts


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
