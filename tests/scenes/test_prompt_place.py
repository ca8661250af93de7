"""The prompt's line along its level (scenes/table/prompt_place.py): in the middle where
it is free, else the nearest free place, a size smaller where it must."""

from __future__ import annotations

import pygame

from scenes.table.prompt_place import SMALLEST, free_along, prompt_spot

BOUNDS = pygame.Rect(10, 0, 980, 640)


def test_a_free_line_stays_in_the_middle():
    line = pygame.Rect(300, 430, 400, 30)
    assert free_along(line, [], 6, BOUNDS) == line


def test_a_line_on_a_pile_moves_to_the_nearest_place_clear_of_it_and_of_the_buttons():
    """Dou Dizhu at 1000x640 with the largest text: the played-out pile by your plate on
    the left, Play, Pass and Hint on the right."""
    line = pygame.Rect(180, 437, 500, 31)
    pile, bar = pygame.Rect(180, 405, 45, 65), pygame.Rect(686, 330, 214, 140)
    moved = free_along(line, [pile, bar], 6, BOUNDS)
    assert moved is None, "no room between them at this size"
    short = pygame.Rect(180, 437, 440, 31)
    moved = free_along(short, [pile, bar], 6, BOUNDS)
    assert moved is not None and moved.collidelist([pile.inflate(12, 12), bar.inflate(12, 12)]) < 0
    assert moved.y == short.y and BOUNDS.contains(moved)


def test_the_prompt_takes_the_largest_size_with_a_free_place_never_under_the_smallest():
    pile, bar = pygame.Rect(180, 405, 45, 65), pygame.Rect(686, 330, 214, 140)

    def line_at(size: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, size * 22, size + 8)
        rect.center = (500, 452)
        return rect
    spot = prompt_spot(line_at, 23, [pile, bar], 6, BOUNDS)
    assert spot is not None
    (x, y), size = spot
    assert SMALLEST * 23 <= size < 23 and y == 452
    line = line_at(size)
    line.centerx = int(x)
    assert line.collidelist([pile.inflate(12, 12), bar.inflate(12, 12)]) < 0
    assert prompt_spot(line_at, 23, [pygame.Rect(10, 400, 980, 100)], 6, BOUNDS) is None
