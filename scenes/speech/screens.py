"""The screens said aloud: the focused item of the screen on top, each time it changes.

Every screen keeps its keyboard focus in a :class:`~scenes.kit.widgets.FocusList` named
``focus``; once a frame the app asks :class:`ScreenSpeech` to look at the one on top,
and a newly focused item is said: its words and its second, quieter words ("Bocce, 2
players"), and for a row of options (the settings, a new game's rows) its value and
its one line of help ("Spoken table: Off."), a value changed its new value alone; two
items of the same words are each said as the focus lands, and an item whose label leans
on its place says its own words (``spoken``: "Rules of Bisca").  The table speaks for
itself (scenes/speech/table.py), so a screen with a spoken table of its own is skipped.  An
item is said next, before the table's news that waits, and cuts the item said before
it if that still waits (arrows held down say where they stop).  After it come what the
screen has to say besides (its ``aloud``: scenes/speech/aloud.py, a section of the
rules, a replay's step) and what changed in the text field being typed in
(scenes/speech/fields.py), cut in the same way by what comes next.  A screen that opens
by itself (``unasked``: a score sheet, a game's result) says its first words after the
table's news that waits, not before it: the sheet of a deal came before the deal's end.
A screen with a ``heading()`` (a new game's, the settings, the replays) is named first
as it comes on top, as a screen reader names a window: "Play." alone did not say that
Enter on a game had opened its new game's page.
"""

from __future__ import annotations

from typing import Any, Optional

from scenes.i18n import language, tr
from scenes.speech.fields import FieldSpeech
from scenes.speech.reading import said_as
from scenes.speech.speaker import Speaker


def _focused(scene: Any) -> Any:
    focus = getattr(scene, "focus", None)
    focused = getattr(focus, "focused_button", None)
    return focused() if callable(focused) else None


def describe(scene: Any, helped: bool = True) -> str:
    """The words of the item focused on ``scene`` ("" when none is), its marks in words
    ("2–6 players": "2 to 6 players"); ``helped``: with a row's line of help (said as
    the focus lands on it, not again as its value changes)."""
    button = _focused(scene)
    if button is None:
        return ""
    label = getattr(button, "spoken", "") or button.label
    parts = [label] + ([button.hint] if getattr(button, "hint", "") else [])
    words = tr("spoken.item", label=", ".join(p for p in parts if p))
    row = _row(scene, getattr(button, "key", ""))
    if row is not None:
        words = tr("spoken.option", label=button.label, value=row.show(scene.value(row)))
        if row.help and helped:
            words = f"{words} {row.help}"
    return said_as(words)


def _identity(scene: Any) -> Any:
    """Which item is focused: its key, else its place (two items of the same words, a
    Rules button on each game's row, are two)."""
    button = _focused(scene)
    if button is None:
        return None
    return getattr(button, "key", "") or getattr(getattr(scene, "focus", None), "focus", None)


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
        self._item: Any = None
        self._top: Any = None
        self.fields = FieldSpeech()

    def frame(self, top: Any) -> None:
        if top is None or getattr(top, "spoken", None) is not None:
            self._said = ""              # a spoken table speaks for itself
            self._top = top
            return
        item = (top, _identity(top))
        words = describe(top)
        if words and item == self._item and words != self._said:
            lines = [describe(top, helped=False)]     # a value changed: the new one
        else:
            lines = [words] if words and (words != self._said or item != self._item) else []
        self._said, self._item = words, item
        aloud = getattr(top, "aloud", None)
        lines += aloud.take() if aloud is not None else []
        lines += self.fields.frame(top)
        opened, self._top = top is not self._top, top
        heading = getattr(top, "heading", None)
        if opened and callable(heading) and heading():
            lines.insert(0, said_as(heading()))   # which screen, as a reader names a window
        if lines:                        # what opened by itself follows the table's news
            asked = not (opened and getattr(top, "unasked", False))
            self.speaker.say(lines, idle=True, cut=True, first=asked, lang=language())
