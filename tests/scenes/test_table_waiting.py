"""A table whose client has no update yet (a guest still connecting) shows the felt and
waits: no adapter is asked about a view that is not there (the declared views have no
defaults to fall back on)."""

from __future__ import annotations

from typing import Any, Optional

import pygame
import pytest

from game import KEYS
from game.session import GameSetup
from scenes.table.scene import TableScene
from tests.scenes.tablekit import make_app


class Connecting:
    """A client whose host has not sent the first update yet."""

    advises = False

    def __init__(self, key: str) -> None:
        self.seat: Optional[int] = 0
        self.setup = GameSetup.solo(key)

    def poll(self) -> list:
        return []

    def submit(self, action: Any, version: Optional[int] = None, probe: bool = False) -> None:
        return None

    def allow(self, version: int) -> None:
        return None

    def advise(self) -> None:
        return None

    def seating(self) -> None:
        return None

    def link(self) -> None:
        return None

    def told(self) -> list:
        return []

    def close(self) -> None:
        return None


@pytest.mark.parametrize("key", KEYS)
def test_a_table_waiting_for_its_first_update_draws_the_felt(display, key):
    app = make_app(display)
    table = TableScene(app, Connecting(key))
    app.stack.push(table)
    for _ in range(3):
        app.frame(1 / 60, [])
    table.draw(pygame.Surface(app.size))
    assert table.position.update is None
