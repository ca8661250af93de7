"""Helpers for driving the table scene in tests: an App at a fixed size, frames,
clicks and key presses posted as real pygame events."""

from __future__ import annotations

from typing import Any

import pygame


def make_app(display: Any, speed: str = "instant") -> Any:
    from scenes.app import App

    app = App((1280, 720))
    app.settings.animation_speed = speed
    app.back_to_menu()
    return app


def frames(app: Any, n: int = 1, events: list | None = None, dt: float = 1 / 60) -> None:
    app.frame(dt, list(events or []))
    for _ in range(n - 1):
        app.frame(dt, [])


def click(app: Any, pos: tuple[int, int]) -> None:
    """Move there, press and release the left button: one frame each."""
    pos = (int(pos[0]), int(pos[1]))
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app: Any, k: int, unicode: str = "", mod: int = 0) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod)])


def settle(app: Any, table: Any, limit: int = 5000) -> None:
    """Frames until the table waits for the human (or the game is over)."""
    for _ in range(limit):
        if app.stack.top is not table:
            return
        if not table.busy and (table.my_turn() or table.state.over) and not table.queued:
            app.frame(1 / 60, [])
            if not table.busy:
                return
        table.computers.wait_all()
        app.frame(1 / 60, [])
    raise AssertionError("the table never waited for the human")
