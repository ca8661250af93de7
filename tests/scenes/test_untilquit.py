"""What is kept for every App lives until pygame quits, and is made again after."""

from __future__ import annotations

import pygame

from scenes.kit.untilquit import UntilQuit


def test_a_value_is_made_once_then_kept():
    kept: UntilQuit[str, object] = UntilQuit()
    made: list[str] = []

    def make() -> object:
        made.append("x")
        return object()

    first = kept.get("x", make)
    assert kept.get("x", make) is first
    assert made == ["x"] and len(kept) == 1


def test_pygame_quitting_drops_what_was_kept_every_time(display):
    """A freetype face or a pygame-gui font made before ``pygame.quit()`` refuses to
    draw after it: what is kept must not outlive it, nor the next quit after that."""
    kept: UntilQuit[str, object] = UntilQuit()
    try:
        for _ in range(2):                 # register_quit forgets a callback once called
            first = kept.get("x", object)
            pygame.quit()
            assert len(kept) == 0
            pygame.init()
            assert kept.get("x", object) is not first
    finally:
        pygame.init()
        pygame.display.set_mode((1280, 720))
