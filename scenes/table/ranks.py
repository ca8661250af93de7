"""The rule that decided it, on the table: what a newcomer may not know, shown where
it matters.

* **The rank strip**: a small board with the game's card order (or, in Bocce,
  what a card counts where), from the adapter's
  :meth:`~scenes.tables.TableAdapter.rank_strip`, in one place for the whole game at a
  window size, chosen clear of whatever can ever lie there (scenes/table/strip_place.py:
  the bottom or the top right corner at most tables; none in a small window or at a
  crowded table, where no place is free for a whole game);
* **"won because ..." notes**: when an event carries a ``why`` (a trick taken by
  the suit order, the card order, a trump or the suit led; a face card counting 10
  in the lag and 1 in the roll: game/tricks.py ``why_won``, game/bocce/rules.py
  ``picture_note``), the adapter's :meth:`~scenes.tables.TableAdapter.why_line`
  puts it in words and the table shows it on the prompt's line while the cards
  move (as a trick's hold begins, the trick still whole; else once the event's
  cards have landed, the card it names face up), until the game moves on or an
  instruction takes the line.

Both are on by default, so a first game shows them; **O** turns them off (or on)
for that game, remembered in the Settings (``rules_off``), and a toast says so.
A table that explains itself (the kiosk's captions) shows neither: its captions
say what happens.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from game.engine import Event
from scenes.i18n import tr
from scenes.kit.tween import Timeline
from scenes.table.position import Position


class Ranks:
    """The rank strip and the "won because" notes of one table.

    ``key``: the game's (the Settings remember the choice by game); ``explains``: a
    table with captions, which shows neither; ``settings``, ``change_setting`` and
    ``notify``: the app's."""

    def __init__(self, key: str, adapter: Any, position: Position, timeline: Timeline,
                 explains: bool, settings: Callable[[], Any],
                 change_setting: Callable[[str, Any], Any],
                 notify: Callable[[str, float], Any]) -> None:
        self.key = key
        self.adapter = adapter
        self.position = position
        self.timeline = timeline
        self.explains = explains
        self.settings = settings
        self.change_setting = change_setting
        self.notify = notify
        #: the note on the prompt's line now ("": none); it lasts until the game moves on
        self.note = ""

    def shown(self) -> bool:
        """Whether this game's strip and notes show (on unless turned off with O)."""
        if self.explains:
            return False
        return self.key not in (getattr(self.settings(), "rules_off", None) or [])

    def toggle(self) -> None:
        off = [k for k in (getattr(self.settings(), "rules_off", None) or []) if k != self.key]
        if self.shown():
            off.append(self.key)
        self.change_setting("rules_off", off)
        self.notify(tr("table.rules_on" if self.shown() else "table.rules_off"), 2.5)
        self.note = ""

    def note_event(self, event: Event, at: float) -> None:
        """The event's "won because" note on the prompt's line from ``at`` on."""
        if not self.shown():
            return
        text = self.adapter.why_line(event)
        if text:
            self.timeline.at(at, lambda: setattr(self, "note", text))

    def lines(self) -> list[tuple[str, str]]:
        """The strip's lines as a board draws them (none when turned off): the first dim,
        it says what it is and how to hide it."""
        if not self.shown():
            return []
        lines = self.adapter.rank_strip(self.position.shown)
        return [(line, "dim" if i == 0 else "") for i, line in enumerate(lines)]

    def note_shown(self, line_taken: bool) -> Optional[str]:
        """The note to draw now: only while the prompt's line is free (not ``line_taken``
        by an instruction or an error)."""
        if not self.note or line_taken:
            return None
        return self.note
