"""Helpers shared by the app-shell tests: an App on the dummy display, synthetic events."""

from __future__ import annotations

import pygame


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def colours(surface: pygame.Surface, rect: pygame.Rect | None = None, step: int = 7) -> set:
    """The distinct colours on a grid of sample points."""
    rect = rect or surface.get_rect()
    return {tuple(surface.get_at((x, y)))[:3]
            for y in range(rect.top, rect.bottom, step) for x in range(rect.left, rect.right, step)}


class Recorder:
    """Stands in for an App method and remembers how it was called."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def __call__(self, *args, **kwargs) -> None:
        self.calls.append((args, kwargs))


import pytest  # noqa: E402


@pytest.fixture
def app(display):
    """A fresh App at 1280x720 showing the title menu; the display is restored afterwards."""
    from scenes.app import App

    application = App((1280, 720))
    application.back_to_menu()
    yield application
    application.set_fullscreen(False)
    pygame.display.set_mode((1280, 720))
