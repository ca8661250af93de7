"""Captions: a table that says in words what just happened, for people watching it.

A table made with :class:`Captions` (the kiosk's demo) shows the adapter's
sentence for each event (:meth:`~scenes.tables.TableAdapter.caption`: "The
pallino is 14") in the prompt's place as the event lands, and a standing
footer line ("Press any key or click to play").  A caption stays up long
enough to be read before the next one replaces it; when events come faster
than that, only the newest waits its turn (the one it replaces was never
shown), so the words are never more than one caption behind the cards.
"""

from __future__ import annotations

from collections import deque

#: seconds a caption stays up at least, at the normal animation speed
HOLD = 1.5
#: captions that may wait for the one on screen (a newer one replaces the one waiting)
WAITING = 1


class Captions:
    """The caption on screen, the ones waiting for it to be read, and the footer."""

    def __init__(self, footer: str = "") -> None:
        self.text = ""
        self.footer = footer
        self._waiting: deque[str] = deque(maxlen=WAITING)
        self._age = HOLD          # nothing is up yet: the first caption shows at once

    def add(self, text: str) -> None:
        """A new sentence ("" adds nothing: the last one stays up)."""
        if text:
            self._waiting.append(text)

    def update(self, dt: float, speed: float) -> None:
        """Time passes at the animation ``speed`` (0, "instant": no caption waits)."""
        self._age = self._age + dt * speed if speed > 0 else HOLD
        if self._waiting and self._age >= HOLD:
            self.text = self._waiting.popleft()
            self._age = 0.0
