"""The spoken table's keys, in one table: the rules' keys page lists them
(scenes/table/keys.py ``LISTEN_KEYS``), the spoken table answers them
(scenes/speech/table.py) and the pages read aloud take the reading ones
(scenes/speech/reading.py).  A command that names a query of game/spoken/queries.py
asks it; the arrows and Space are the turn's own keys, listed for what they say.
"""

from __future__ import annotations

import pygame

#: (key, command): the keys page words each as ``keys.listen.<command>``
LISTENING: tuple[tuple[int, str], ...] = (
    (pygame.K_F2, "hand"), (pygame.K_F3, "table"), (pygame.K_F4, "scores"),
    (pygame.K_F5, "trump"), (pygame.K_F6, "last_trick"), (pygame.K_F7, "turn"),
    (pygame.K_F8, "counts"), (pygame.K_F9, "repeat"), (pygame.K_F10, "choices"),
    (pygame.K_LEFT, "cursor"), (pygame.K_RIGHT, "cursor"), (pygame.K_SPACE, "pick"),
    (pygame.K_DOWN, "read"), (pygame.K_UP, "read_back"),
    (pygame.K_PAGEDOWN, "read_part"), (pygame.K_PAGEUP, "read_part_back"),
)


def listen_key(command: str) -> int:
    """The one key of a listening command ("repeat")."""
    [key] = [k for k, c in LISTENING if c == command]
    return key
