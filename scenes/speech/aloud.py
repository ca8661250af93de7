"""Words a screen has to say besides its focused item: a section of the rules, a step
of a replay.

A screen keeps an :class:`Aloud` as ``aloud`` and puts sentences in it; the app's
screen speech (scenes/speech/screens.py) takes them each frame while the spoken table
is on.  Only the last few wait: with the spoken table off nobody takes them.
"""

from __future__ import annotations

from collections import deque

#: the most sayings that wait to be taken
KEPT = 4


class Aloud:
    def __init__(self) -> None:
        self._waiting: deque[list[str]] = deque(maxlen=KEPT)

    def say(self, lines: list[str]) -> None:
        """Sentences to say once (each cut by what the screen says next)."""
        if lines:
            self._waiting.append(list(lines))

    def take(self) -> list[str]:
        """Every sentence waiting, in order, and none waits any more."""
        out = [line for lines in self._waiting for line in lines]
        self._waiting.clear()
        return out
