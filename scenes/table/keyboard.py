"""The keyboard at the table on your turn: Left and Right walk the cards you may play (or
the bar's buttons), Tab the buttons, Enter, Space and Up play or pick, a button's hotkey
presses it; a key pressed while the cards move only hurries them.  The key tables are
keys.py's; part of the table's input (controls.py)."""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from scenes.kit.widgets import ChoiceBar, ChoiceButton
from scenes.table.input_base import InputBase
from scenes.table.keys import PASS_KEYS, Command, hotkey_name, used


class Keyboard(InputBase):
    """The keys' part of the table's input."""

    def turn_commands(self) -> dict[str, Command]:
        """The commands of :data:`~scenes.table.keys.TURN_KEYS` (your turn, the table ready)."""
        return {"left": lambda e: self._step(-1), "right": lambda e: self._step(1),
                "tab": self._tab, "enter": self._enter, "space": self._space,
                "up": self._choose}

    def popup_commands(self) -> dict[str, Command]:
        """The commands of :data:`~scenes.table.keys.POPUP_KEYS` (a card's choices open)."""
        def choose(event: pygame.event.Event) -> bool:
            button = self.popup.focused()
            if button is not None:
                self.act(button.action)
            return True

        return {"popup_back": used(lambda: self.popup.move_focus(-1)),
                "popup_next": used(lambda: self.popup.move_focus(1)),
                "popup_choose": choose}

    def close_popup(self) -> bool:
        """Close a card's popup of choices; False when none was open."""
        if not self.popup:
            return False
        self.popup.clear()
        self.popup_card = None
        return True

    def key(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """A key none of the table's own keys took (scenes/table/keys.py)."""
        if self.pace.sitting_out() and self.bar and self.turn_keys.run(event):
            # out of a game that goes on: it is never your turn, and the bar (Skip to the
            # result, Fast forward) is all there is to work; like a click on it, Enter or
            # Tab never waits for the cards (they went unheard, the others' turn)
            return None
        if self.busy():
            if event.key in PASS_KEYS:
                return event
            self.timeline.hurry()   # and nothing else: the key is spent
            return None
        if not self.position.my_turn() and event.key not in PASS_KEYS:
            return None  # others are to play: a key pressed now does nothing, quietly
        if self.popup:
            if self.popup_keys.run(event):
                return None
            return self._hotkey(event, self.popup, lambda b: self.act(b.action))
        if self.turn_keys.run(event):
            return None
        if self._hotkey(event, self.bar, self._press_button) is None:
            return None
        if hotkey_name(event) == "h" and self.can_advise():
            self.hint()     # H asks where no Hint button shows (a picker of bids or bets)
            return None
        return event

    @staticmethod
    def _hotkey(event: pygame.event.Event, bar: ChoiceBar,
                press: Callable[[ChoiceButton], Any]) -> Optional[pygame.event.Event]:
        """The button of ``bar`` whose hotkey the key is, pressed; else the key goes on."""
        name = hotkey_name(event)
        button = bar.by_hotkey(name) if name else None
        if button is None:
            return event
        press(button)
        return None

    def _step(self, step: int) -> bool:
        """Left or Right: the next card you may play that way; the bar's buttons instead
        when there is no card to play alone (a choice of buttons only)."""
        if self.bar and not any(len(a.cards) == 1 for a in self.position.legal()) \
                and not self.adapter.select_cards:
            self.bar.move_focus(step)
            return True
        self.bar.focus = None
        self._keys_used = True
        self.hovered = None   # the keys take the cursor back from the mouse
        hand = self.board.human_hand
        if hand:
            stops = self._cursor_stops()
            if self.cursor is None or self.cursor not in stops:
                self.cursor = stops[0] if step > 0 else stops[-1]
            else:
                self.cursor = stops[(stops.index(self.cursor) + step) % len(stops)]
        return True

    def _tab(self, event: pygame.event.Event) -> bool:
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if self.bar:
            if self.bar.focus is None:
                self.bar.focus = 0 if not back else len(self.bar.buttons) - 1
            else:
                nxt = self.bar.focus + (-1 if back else 1)
                self.bar.focus = nxt if 0 <= nxt < len(self.bar.buttons) else None
        return True

    def _enter(self, event: pygame.event.Event) -> bool:
        """Enter: in a selection the picked cards, unless a button has the focus."""
        if self.adapter.select_cards and self.bar.focused() is None:
            self.play_selection()
            return True
        return self._choose(event)

    def _space(self, event: pygame.event.Event) -> bool:
        """Space: in a selection, pick the card under the cursor (the first key shows it)."""
        if not self.adapter.select_cards:
            return self._choose(event)
        hand = self.board.human_hand
        if self.cursor is None and hand:
            self.cursor = 0
        elif self.cursor is not None and 0 <= self.cursor < len(hand):
            self.pick(hand[self.cursor])
        return True

    def _choose(self, event: pygame.event.Event) -> bool:
        """Enter, Space or Up: the focused button (Up: the chosen card first), else the
        chosen card, else the first card you may play."""
        hand = self.board.human_hand
        focused = self.bar.focused()
        if focused is not None and event.key != pygame.K_UP:
            self._press_button(focused)
            return True
        if self.cursor is not None and 0 <= self.cursor < len(hand):
            self.click_card(hand[self.cursor])
            return True
        if focused is not None:
            self._press_button(focused)
            return True
        if hand:
            # nothing chosen yet: the chosen card is the first you may play
            self._keys_used = True
            self.cursor = self._cursor_stops()[0]
            self.click_card(hand[self.cursor])
        return True
