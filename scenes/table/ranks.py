"""The rule that decided it, on the table: what a newcomer may not know, shown where
it matters.

* **The rank strip**: a small board with the game's card order (or, in Bocce,
  what a card counts where), from the adapter's
  :meth:`~scenes.tables.TableAdapter.rank_strip`, in the first corner free of
  plates, words and cards (the top right one at most tables; none in a small
  window where no corner is free);
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

from typing import Any, Optional

from game.engine import Event
from scenes.i18n import tr

class RanksMixin:
    """The rank strip and the "won because" notes, for :class:`TableScene`."""

    app: Any
    adapter: Any
    key: str
    captions: Any
    _note: str = ""
    #: where the strip was drawn last (kept while that corner stays free)
    _strip_at: Optional[tuple[int, int]] = None

    def rules_shown(self) -> bool:
        """Whether this game's strip and notes show (on unless turned off with O)."""
        if self.captions is not None:
            return False
        settings = getattr(self.app, "settings", None)
        return self.key not in (getattr(settings, "rules_off", None) or [])

    def toggle_rules(self) -> None:
        off = [k for k in (getattr(self.app.settings, "rules_off", None) or []) if k != self.key]
        if self.rules_shown():
            off.append(self.key)
        self.app.change_setting("rules_off", off)
        self.app.notify(tr("table.rules_on" if self.rules_shown() else "table.rules_off"), 2.5)
        self._note = ""

    def note_event(self, event: Event, at: float) -> None:
        """The event's "won because" note on the prompt's line from ``at`` on."""
        if not self.rules_shown():
            return
        text = self.adapter.why_line(event)
        if text:
            self.timeline.at(at, lambda: setattr(self, "_note", text))

    def rank_lines(self) -> list[tuple[str, str]]:
        """The strip's lines as a board draws them (none when turned off): the first dim,
        it says what it is and how to hide it."""
        if not self.rules_shown():
            return []
        lines = self.adapter.rank_strip(self.shown)
        return [(line, "dim" if i == 0 else "") for i, line in enumerate(lines)]

    def note_shown(self) -> Optional[str]:
        """The note to draw now: only while the prompt's line is free."""
        if not self._note or self.hud.prompt or self.hud.error:
            return None
        return self._note
