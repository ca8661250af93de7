"""The same frames presented through pygame-ce's SDL2 renderer, for bench/frames.py.

The table draws into the window's software surface and presents the rectangles that
changed (``pygame.display.update``).  A window made by ``pygame.display.set_mode``
cannot also have a renderer (SDL: "Surface already associated with window"), so the
renderer's present is measured in a second window beside it: each frame's presented
rectangles are copied into a streaming texture the window's size, the texture is
copied to the renderer's back buffer and presented.  ``driver`` is SDL's render driver
(``software``, or ``opengl``, which is Mesa's llvmpipe on a machine without a GPU).
"""

from __future__ import annotations

import os
import time
from typing import Optional


class RendererMirror:
    """A second window that presents what the app's window presents, timed apart."""

    def __init__(self, size: tuple[int, int], driver: str) -> None:
        import pygame
        from pygame._sdl2 import video

        os.environ["SDL_RENDER_DRIVER"] = driver     # read when the renderer is made
        self.driver = driver
        self.window = pygame.Window(f"renderer ({driver})", size)
        self.renderer = video.Renderer(self.window, accelerated=-1, vsync=False)
        self.texture = video.Texture(self.renderer, size, streaming=True)
        self.size = size
        self.wall_ms: list[float] = []
        self.cpu_ms: list[float] = []

    def present(self, screen, rects: Optional[list]) -> None:
        """Present ``rects`` of ``screen`` (None: all of it) through the renderer."""
        import pygame

        c0, t0 = time.thread_time(), time.perf_counter()
        whole = pygame.Rect((0, 0), self.size)
        for rect in ([whole] if rects is None else rects):
            rect = pygame.Rect(rect).clip(whole)
            if rect.w and rect.h:
                self.texture.update(screen.subsurface(rect), rect)
        self.renderer.blit(self.texture)
        self.renderer.present()
        self.wall_ms.append((time.perf_counter() - t0) * 1000)
        self.cpu_ms.append((time.thread_time() - c0) * 1000)

    def close(self) -> None:
        self.window.destroy()
