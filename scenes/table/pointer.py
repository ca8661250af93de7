"""The mouse at the table: a press and its release on the same thing act (a card, a
zone, a button of the bar, the popup or the Hint), a press while the cards move only
hurries them, a drag across the fan picks the cards it passes (in a selection), and the
hover lifts the card pointed at.  Part of the table's input (controls.py)."""

from __future__ import annotations

import math
from typing import Any, Optional

import pygame

from scenes.art.sprites import CardSprite
from scenes.table.input_base import InputBase

DRAG_STEP = 4       # px: a drag across the fan is walked in steps this long
#: the button-up of a press that hurried an animation (or picked a card): swallowed
_SPENT_PRESS = ("spent", None)
#: a press on the look back button, which works even while the cards move
_LOOK_PRESS = ("look_back", None)


class Pointer(InputBase):
    """The mouse's part of the table's input."""

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """The mouse (the table's corner buttons have had their turn)."""
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            if self._drag is not None and getattr(event, "buttons", (0,))[0]:
                self._drag_to(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.on_look(event.pos):
                self._pressed = _LOOK_PRESS    # it changes nothing in the game: never spent
                return None
            if self.pace.sitting_out() and self.bar.at(event.pos) is not None:
                self._pressed = ("bar", self.bar.at(event.pos))  # the pace: never waits
                return None
            if self.busy():
                self.timeline.hurry()   # and nothing else: the click is spent
                self._pressed = _SPENT_PRESS
                return None
            self._pressed = self._target_at(event.pos)
            if self.adapter.select_cards and self.position.my_turn() and self._pressed is not None \
                    and self._pressed[0] == "card":
                sprite = self._sprite(self._pressed[1])
                if sprite is not None:
                    # a drag across the fan picks (or puts back) every card it passes
                    self._drag = sprite.code not in self.selected
                    self._drag_at = event.pos
                    self.pick(sprite, self._drag)
                self._pressed = _SPENT_PRESS
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            self._drag = None
            if pressed is _SPENT_PRESS:
                return None  # it hurried an animation (or picked a card)
            if pressed is _LOOK_PRESS:
                if self.on_look(event.pos):
                    self.look_back()
                return None
            if pressed is not None and pressed[0] == "bar" and self.pace.sitting_out():
                if self._target_at(event.pos) == pressed:
                    self._activate(pressed)
                return None
            if pressed is None or self.busy():
                if self.popup and pressed is None and not self.busy():
                    self.popup.clear()
                    self.popup_card = None
                return None
            if self._target_at(event.pos) == pressed:
                self._activate(pressed)
            return None
        return event

    def _drag_to(self, pos: tuple[int, int]) -> None:
        """A drag moved to ``pos``: every card under the segment from where it was picks
        (or puts back), walked in small steps, for a quick hand jumps far between events."""
        x0, y0 = self._drag_at or pos
        self._drag_at = pos
        steps = max(1, int(math.hypot(pos[0] - x0, pos[1] - y0) // DRAG_STEP))
        seen: set[int] = set()
        for i in range(1, steps + 1):
            at = (round(x0 + (pos[0] - x0) * i / steps), round(y0 + (pos[1] - y0) * i / steps))
            target = self._target_at(at)
            if target is not None and target[0] == "card" and target[1] not in seen:
                seen.add(target[1])
                sprite = self._sprite(target[1])
                if sprite is not None:
                    self.pick(sprite, self._drag)

    def _sprite(self, sprite_id: int) -> Optional[CardSprite]:
        return next((s for s in self.board.human_hand if s.id == sprite_id), None)

    def _target_at(self, pos: tuple[int, int]) -> Any:
        if self.hint_bar.at(pos) is not None:
            return ("hint", 0)
        if self.popup:
            i = self.popup.at(pos)
            return ("popup", i) if i is not None else None
        i = self.bar.at(pos)
        if i is not None:
            return ("bar", i)
        for sprite in reversed(self.board.human_hand):
            if self.stage.images.rect_of(sprite).collidepoint(pos):
                return ("card", sprite.id)
        for zone, cards in self.board.zones.items():
            if zone == self.board.hand_zone or not cards:
                continue
            for sprite in cards:
                if self.stage.images.rect_of(sprite).collidepoint(pos):
                    return ("zone", zone)
        return None

    def _activate(self, target: Any) -> None:
        kind, what = target
        if kind == "hint":
            self.hint()
        elif kind == "popup":
            if 0 <= what < len(self.popup.buttons):
                self.act(self.popup.buttons[what].action)
        elif kind == "bar":
            if 0 <= what < len(self.bar.buttons):
                self._press_button(self.bar.buttons[what])
        elif kind == "card":
            sprite = self._sprite(what)
            if sprite is not None:
                self.click_card(sprite)
        elif kind == "zone":
            actions = self.adapter.zone_actions(self.position.view, self.position.legal(), what)
            if len(actions) == 1:
                self.act(actions[0])
            elif len(actions) > 1:
                self.open_popup(actions, None)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hovered = None
        self.bar.hover = None
        self.popup.hover = None
        self.hint_bar.hover = self.hint_bar.at(pos)
        self.look_hover = self.on_look(pos)
        if self.hint_bar.hover is not None:
            return
        if self.popup:
            self.popup.hover = self.popup.at(pos)
            return
        i = self.bar.at(pos)
        if i is not None:
            self.bar.hover = i
            return
        for idx in range(len(self.board.human_hand) - 1, -1, -1):
            sprite = self.board.human_hand[idx]
            rect = self.stage.images.rect_of(sprite)
            # a lifted card keeps its hover down to where it rests
            rect.h += int(sprite.lift)
            if rect.collidepoint(pos):
                self.hovered = sprite
                if self.cursor is not None:
                    self.cursor = idx
                return
