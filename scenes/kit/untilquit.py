"""What is costly to make and lives as long as pygame does: kept once for every App.

The program makes one :class:`~scenes.app.App`, but a process that makes many (the
tests, a window reopened) would load the same font faces and parse the same theme for
each, some 70 ms of CPU an App.  Those objects die with pygame: a freetype face or a
pygame-gui font made before ``pygame.quit()`` refuses to draw after it, even once
pygame is started again.  So what is kept here is dropped when pygame quits
(``pygame.register_quit``, which forgets its callbacks once it has called them: the
first thing kept after a quit registers again).
"""

from __future__ import annotations

from typing import Callable, Generic, Hashable, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class UntilQuit(Generic[K, V]):
    """A cache whose entries last until the next ``pygame.quit()``."""

    def __init__(self) -> None:
        self._kept: dict[K, V] = {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made by ``make`` the first time it is asked."""
        if key in self._kept:
            return self._kept[key]
        if not self._kept:
            pygame.register_quit(self._kept.clear)
        value = self._kept[key] = make()
        return value

    def __len__(self) -> int:
        return len(self._kept)
