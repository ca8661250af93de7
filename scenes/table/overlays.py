"""What opens over the table, by its route (scenes/routes.py): the score sheet between
games, the result, the pause menu, the look back at the last trick, the story.  Part of
the table scene (scene.py)."""

from __future__ import annotations

from typing import Any

from scenes.net import guest
from scenes.table.readings import TableReadings


class Overlays(TableReadings):
    """The screens the table opens over itself."""

    def _close_sheet(self) -> None:
        """A score sheet of this table up now goes (skipping to the result)."""
        top = self.app.stack.top
        if top is not None and getattr(top, "table", None) is self and hasattr(top, "go_on"):
            top.go_on()

    def show_interlude(self, title: str, sheet: Any, button: str) -> None:
        """A score sheet between two games; the animation waits below it until it closes
        (by itself after a pause at a table nobody plays, or once you are out:
        scenes/table/pace.py)."""
        self.ranks.note = ""     # the last trick's "won because": not the next deal's
        if self.spoken is not None:
            self.spoken.interlude(title, button)
        self.app.open("sheet", self, title, sheet, button,
                      auto_close=self.pace.sheet_auto_close())

    def open_story(self) -> None:
        """What happened so far, in words, over the table (the G key, the Log button)."""
        self.app.open("story", self)

    def show_result(self) -> None:
        guest.table_over(self.client)      # no more "Back to your table"
        winners = (self.result or {}).get("winners") or []
        self.sound("win" if self.seat in winners and not self.watching else "score")
        self.app.open("result", self, auto_close=self.auto_close)

    def pause(self) -> None:
        self.app.open("pause", self)

    def look_back(self) -> bool:
        """Show the last trick or frame again over the table (the L key, the button by
        the score board), as the screen shows the game; False when there is none yet."""
        look = self.adapter.look_back(self.shown, self.layout)
        if look is None:
            return False
        self.input.look_hover = False
        self.app.open("look_back", self, look)
        return True
