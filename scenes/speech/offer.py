"""The first launch offers the spoken table by a key said aloud, before anything else.

Someone who cannot see the screen cannot find the setting: on the program's first
launch (no settings file yet), where a voice can speak, "Press S for the spoken
table." is said as the title menu comes up; S then turns the setting on, and says so.
Any other key (someone finding their way by sight) lets the offer go.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.i18n import language, tr
from scenes.speech.table import program_speaker, spoken_on
from scenes.speech.voice import missing

#: the key that takes the offer (free on the title menu: its keys are arrows, Enter, Esc, M)
OFFER_KEY = pygame.K_s


class SpeechOffer:
    """The offer, while it stands."""

    def __init__(self) -> None:
        self.open = not missing()
        self._said = False
        #: S took the offer: the next frame says so
        self._taken = False

    def frame(self, app: Any) -> None:
        """The first frame: the offer said, unless the table already speaks (--speak);
        once taken, that it is taken, said before the item the screen has focused
        (the app asks the screen first, so this goes ahead of it)."""
        if self._taken:
            self._taken = False
            program_speaker().say([tr("spoken.offer_taken")], first=True, lang=language())
        if self._said or not self.open:
            return
        self._said = True
        if spoken_on(app):
            self.open = False
            return
        program_speaker().say([tr("spoken.offer")], idle=True, lang=language())

    def key(self, app: Any, event: pygame.event.Event) -> bool:
        """S takes the offer (True: the key is used); any other key lets it go."""
        if not self.open or event.type != pygame.KEYDOWN:
            return False
        self.open = False
        if event.key != OFFER_KEY:
            return False
        app.change_setting("spoken_table", True)
        self._taken = True
        return True
