"""The selection, in games that play several cards at once (the adapter's
``select_cards``): cards picked and put back, the Play button that names the play they
form, and Enter or Play playing them (or saying why not).  Part of the table's input
(controls.py)."""

from __future__ import annotations

from typing import Optional, Sequence

from game.engine import Action
from scenes.art.sprites import CardSprite
from scenes.i18n import tr
from scenes.kit.widgets import ChoiceButton
from scenes.table.input_base import InputBase


class Selection(InputBase):
    """The selection's part of the table's input."""

    def selection_action(self) -> Optional[Action]:
        """The legal action the picked cards form now, if any."""
        if not self.selected or not self.position.my_turn():
            return None
        return self.adapter.selection_action(self.position.view, self.position.legal(),
                                             list(self.selected))

    def _play_button(self, legal: Sequence[Action]) -> ChoiceButton:
        action = self.adapter.selection_action(self.position.view, legal, list(self.selected)) \
            if self.selected else None
        return ChoiceButton(self.adapter.selection_label(self.position.view, action), action, "P",
                            primary=True, enabled=action is not None)

    def pick(self, sprite: CardSprite, on: Optional[bool] = None) -> None:
        """Pick a hand card for the selection (or put it back); ``on=None`` toggles."""
        code = sprite.code
        if code is None:
            return
        want = code not in self.selected if on is None else on
        if want and code not in self.selected:
            self.selected.append(code)
        elif not want and code in self.selected:
            self.selected.remove(code)
        self.hud.error = ""

    def play_selection(self) -> None:
        """Enter or Play: the picked cards, if they form a legal action; else why not."""
        action = self.selection_action()
        if action is not None:
            self.act(action)
            return
        if not self.selected:
            self.refuse(tr("table.pick_first"))
            return
        probe = self.adapter.selection_probe(self.position.view, list(self.selected))
        self.explain_refusal(probe, None)

    def _prune_selection(self) -> None:
        """Cards that are no longer yours to play leave the selection."""
        held = {c for c in self.position.view.get("zones", {}).get(self.board.hand_zone, [])
                if c}
        self.selected = [c for c in self.selected if c in held]
