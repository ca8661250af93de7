"""Text fields said as they are typed in: a name, a relay's address, a room code.

A screen with fields lists them with their labels (``text_fields()``: the field and its
words); each frame the screen speech asks :class:`FieldSpeech` what changed in the one
with the keyboard: the field just entered is said with its label and what it holds
("Your name, edit field: Marco."), a letter typed is said, a letter deleted is said as
deleted, and the cursor moved says the letter it now stands before (at the end: "end").
A sign a voice would skip or misread (a space, a colon in an address) is said by name.
"""

from __future__ import annotations

from typing import Any, Optional

from scenes.i18n import tr

#: signs said by name (spoken.char.<name>); any other character is said as itself
CHAR_NAMES = {" ": "space", ".": "dot", ":": "colon", "-": "dash", "_": "underscore",
              "/": "slash", "@": "at", ",": "comma", "'": "apostrophe"}
#: more letters than this typed at once (a paste) are said as one text
SPELLED = 3


def char_words(text: str) -> str:
    """Letters as a listener hears them, one after another."""
    return " ".join(tr(f"spoken.char.{CHAR_NAMES[c]}") if c in CHAR_NAMES else c for c in text)


def _changed(old: str, new: str) -> tuple[str, str]:
    """(what was put in, what was taken out) between two texts."""
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return new[head:len(new) - tail], old[head:len(old) - tail]


class FieldSpeech:
    """The focused field as last said: which, its text, its cursor."""

    def __init__(self) -> None:
        self._seen: Optional[tuple[int, str, int]] = None

    def frame(self, scene: Any) -> list[str]:
        """What to say of the fields of ``scene`` this frame (nothing when none changed)."""
        lister = getattr(scene, "text_fields", None)
        fields = lister() if callable(lister) else []
        focused = next(((e, label) for e, label in fields
                        if e is not None and getattr(e, "is_focused", False)), None)
        if focused is None:
            self._seen = None
            return []
        entry, label = focused
        text, at = entry.get_text(), int(getattr(entry, "edit_position", len(entry.get_text())))
        seen, self._seen = self._seen, (id(entry), text, at)
        if seen is None or seen[0] != id(entry):
            return [tr("spoken.field", label=label,
                       text=text if text else tr("spoken.field_blank"))]
        if text != seen[1]:
            put, took = _changed(seen[1], text)
            if put:
                return [char_words(put) if len(put) <= SPELLED else put]
            return [tr("spoken.field_deleted", chars=char_words(took) if len(took) <= SPELLED
                       else took)]
        if at != seen[2]:
            return [char_words(text[at]) if at < len(text) else tr("spoken.field_end")]
        return []
