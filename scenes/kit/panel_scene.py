"""A panel of words and buttons on the felt: the online screens' common shape (the
choice, the waiting rooms, the list of public tables).  Esc is :meth:`escape`;
the focus list takes the keys and the mouse."""

from __future__ import annotations

from typing import Optional

import pygame

from scenes.kit import theme
from scenes.kit.scene import AppLike, Scene
from scenes.kit.widgets import FocusList, draw_button


class PanelScene(Scene):
    """A panel of words and buttons on the felt; Esc is :meth:`escape`."""

    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.focus = FocusList()
        self._panel = pygame.Rect(0, 0, 0, 0)

    def escape(self) -> None:
        """Esc: what the screen's way back does."""

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return None
        if self.focus.handle(event):
            return None
        return event

    def _draw_panel(self, surface: pygame.Surface, buttons: bool = True) -> tuple[int, int]:
        """The felt, the panel and (unless the scene draws them last, over rows of its
        own) its buttons; the window size."""
        size = surface.get_size()
        surface.blit(theme.felt_background(size), (0, 0))
        theme.draw_panel(surface, self._panel)
        if buttons:
            self._draw_buttons(surface)
        return size

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        focused = self.focus.focused
        for button in self.focus.buttons:
            draw_button(surface, self.app.fonts, button, button is focused)
