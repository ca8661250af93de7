"""Where a table phrase's bubble goes by its sender's plate (scenes/table/phrases.py)."""

from __future__ import annotations

import pygame

from scenes.table.phrases import by_plate

WINDOW = pygame.Rect(0, 0, 960, 540)
BUBBLE = pygame.Rect(0, 0, 68, 25)


def test_a_bubble_goes_right_above_a_plate_with_nothing_there():
    plate = pygame.Rect(400, 300, 90, 24)
    place = by_plate(BUBBLE, plate, 4, WINDOW, [plate])
    assert place.midbottom == (plate.centerx, plate.top - 4)


def test_a_bubble_steps_past_the_words_above_a_plate_at_the_windows_corner():
    """Your plate in the bottom left corner, its words ("Bet 0 · Won 0") right above it
    and its glow to its right: the bubble covered the words; it goes above them."""
    plate = pygame.Rect(44, 506, 86, 24)
    words = pygame.Rect(51, 488, 88, 19)
    glow = pygame.Rect(20, 483, 134, 69)
    place = by_plate(BUBBLE, plate, 4, WINDOW, [plate, words, glow])
    assert WINDOW.contains(place)
    assert place.collidelist([plate, words, glow]) < 0
    assert place.bottom <= words.top and place.centerx == plate.centerx
