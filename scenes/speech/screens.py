"""The screens said aloud: the focused item of the screen on top, each time it changes.

Every screen keeps its keyboard focus in a :class:`~scenes.kit.widgets.FocusList` named
``focus``; once a frame the app asks :class:`ScreenSpeech` to look at the one on top,
and a newly focused item is said: its words and its second, quieter words ("Bocce, 2
players"), and for a row of options (the settings, a new game's rows) its value and
its one line of help ("Spoken table: Off."). The table speaks for itself
(scenes/speech/table.py), so a screen with a spoken table of its own is skipped.  An
item is said next, before the table's news that waits, and cuts the item said before
it if that still waits (arrows held down say where they stop).  After it come what the
screen has to say besides (its ``aloud``: scenes/speech/aloud.py, a section of the
rules, a replay's step) and what changed in the text field being typed in
(scenes/speech/fields.py), cut in the same way by what comes next.  A screen that opens
by itself (``unasked``: a score sheet, a game's result) says its first words after the
table's news that waits, not before it: the sheet of a deal came before the deal's end.
"""

from __future__ import annotations

from typing import Any, Optional

from scenes.i18n import language, tr
from scenes.speech.fields import FieldSpeech
from scenes.speech.speaker import Speaker


def describe(scene: Any) -> str:
    """The words of the item focused on ``scene`` ("" when none is)."""
    focus = getattr(scene, "focus", None)
    focused = getattr(focus, "focused_button", None)
    button = focused() if callable(focused) else None
    if button is None:
        return ""
    parts = [button.label] + ([button.hint] if getattr(button, "hint", "") else [])
    words = tr("spoken.item", label=", ".join(p for p in parts if p))
    row = _row(scene, getattr(button, "key", ""))
    if row is not None:
        words = tr("spoken.option", label=button.label, value=row.show(scene.value(row)))
        if row.help:
            words = f"{words} {row.help}"
    return words


def _row(scene: Any, key: str) -> Optional[Any]:
    """The row of options a button stands for (scenes/kit/option_rows.py), if it is one."""
    rows = getattr(scene, "rows", None)
    if not key or not isinstance(rows, list):
        return None
    return next((r for r in rows if getattr(r, "key", None) == key), None)


class ScreenSpeech:
    """What the screen on top has focused, said when it changes."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._said = ""
        self._top: Any = None
        self.fields = FieldSpeech()

    def frame(self, top: Any) -> None:
        if top is None or getattr(top, "spoken", None) is not None:
            self._said = ""              # a spoken table speaks for itself
            self._top = top
            return
        words = describe(top)
        lines = [words] if words and words != self._said else []
        self._said = words
        aloud = getattr(top, "aloud", None)
        lines += aloud.take() if aloud is not None else []
        lines += self.fields.frame(top)
        opened, self._top = top is not self._top, top
        if lines:                        # what opened by itself follows the table's news
            asked = not (opened and getattr(top, "unasked", False))
            self.speaker.say(lines, idle=True, cut=True, first=asked, lang=language())
