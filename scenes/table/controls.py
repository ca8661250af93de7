"""Input at the table: clicks, keys, the selection, and what is clickable now.

A key or a click made while the screen has not caught up with the game (an
animation plays) only hurries it: that input is spent, never kept to act later,
because it was aimed at a position the player has not seen yet (a click that
hurried a reveal must not become a stand at a total nobody read).  Only input
made when the table is ready acts.  A key pressed while others are to play does
nothing and says nothing; a click on a card then says why it cannot be played.
The rules (F1), the look back at the last trick or frame (L, or its button
by the score board), the pace (F fast forward; K and the bar's buttons once
you are out: scenes/table/pace.py) and the rank strip (O: scenes/table/ranks.py)
change nothing in the game, so they never wait.

When it is your turn the keyboard cursor rests on a card you may play, and moves
among playable cards only, so Enter always plays the chosen card.

Games that play several cards at once (the adapter's ``select_cards``) use a
selection: a click (or a drag across the fan) or Space picks cards, which stay
raised (the cursor, of the keys or the mouse, only glows with a caret under it, so it
never looks picked); Enter or the Play button plays them, and Play is enabled only while the
picked cards form a legal action.
"""

from __future__ import annotations

import math
from typing import Any, Optional, Sequence

import pygame

from game.engine import Action
from scenes.hud import ChoiceButton
from scenes.i18n import tr, words
from scenes import keeping
from scenes.sprites import CardSprite
from scenes.table.ranks import RULES_KEY

LIFT = 0.16         # a hovered hand card rises this share of the card height
DRAG_STEP = 4       # px: a drag across the fan is walked in steps this long
#: keys that never wait for an animation (they change nothing in the game)
_PASS_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
              pygame.K_LALT, pygame.K_RALT, pygame.K_F11)
#: the button-up of a press that hurried an animation (or picked a card): swallowed
_SPENT_PRESS = ("spent", None)
#: a press on the look back button, which works even while the cards move
_LOOK_PRESS = ("look_back", None)
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class ControlsMixin:
    """Mouse and keyboard at the table, the choice bar, the popup and the selection."""

    selected: list[str]
    #: where a drag across the fan was at its last motion (set when it starts)
    _drag_at: Optional[tuple[int, int]] = None

    # -- what may be done now -------------------------------------------------------------
    def _refresh(self) -> None:
        """Legal highlights, the choice bar and the prompt: recomputed when the game moves."""
        key = (self.version, self.busy, self.layout.size, tuple(self.selected), self.link,
               self.fast_forward, self.skipping)
        if key == self._interaction_key:
            return
        self._interaction_key = key
        # a guest whose link is down cannot move: no highlights, and the prompt says why
        offline = self.link == "reconnecting"
        mine = self.my_turn() and not self.busy and not offline
        legal = self.legal() if mine else []
        legal_codes = {a.cards[0].code for a in legal if len(a.cards) == 1}
        if self.adapter.select_cards:
            legal_codes = self.adapter.selectable(self.view, legal) if legal else set()
        for sprite in self.human_hand:
            sprite.legal = mine and sprite.code in legal_codes
            sprite.dim = mine and bool(legal_codes) and sprite.code not in legal_codes
        if not mine:
            for sprite in self.human_hand:
                sprite.legal = sprite.dim = False
        glowing = set(self.adapter.active_zones(self.view, legal)) if mine else set()
        lit = set(self.adapter.highlight_cards(self.view, legal, mine)) if not self.busy else set()
        self._lit = set()
        for zone, cards in self.zones.items():
            if zone != self.adapter.hand_zone(self.human_seat):
                for sprite in cards:
                    sprite.legal = zone in glowing or (sprite.face_up and sprite.code in lit)
                    if sprite.face_up and sprite.code in lit:
                        self._lit.add(sprite.id)
        buttons = self.adapter.choices(self.view, legal) if mine else []
        if mine and self.adapter.select_cards and legal_codes:
            hints = self.adapter.selection_hints(self.view, legal)
            buttons = [self._play_button(legal)] + \
                [b for b in buttons if not (b.action is not None and b.action.cards)]
            if hints:
                buttons.append(ChoiceButton(tr("table.hint"), None, "H"))
        title = self.adapter.choice_bar_title(self.view, legal) if buttons else ""
        if not buttons and self.sitting_out():
            buttons, title = self.pace_buttons(), tr("table.pace.out_title")
        self.bar.set(buttons, title)
        if buttons and not legal_codes:
            # nothing to play from the hand: the keyboard works the buttons at once
            if self.bar.focus is None:
                self.bar.focus = 0
            self.cursor = None
        lay = self.layout
        h = int(lay.card_h * 0.30)
        bounds = pygame.Rect(0, 0, *lay.size).inflate(-2 * lay.margin, -2 * lay.margin)
        ih = int(lay.card_h * 0.6)
        icon = (int(round(ih * lay.card_w / lay.card_h)), ih)
        anchor = self.adapter.choice_anchor_for(self.view, legal, lay)
        for _ in range(2):
            box = self.bar.layout(anchor, h, max(8, h // 3), self.hud.text, lay.font(17),
                                  self.adapter.choice_vertical, bounds, icon_size=icon,
                                  columns=self.adapter.choice_columns)
            # over the prompt's middle, its panel stays clear of the prompt line (larger
            # words make the line taller than the cards make room for)
            over = box.bottom - self._prompt_clear()
            if over <= 0 or not box.left < lay.width / 2 < box.right:
                break
            anchor = (anchor[0], anchor[1] - over)
        self._callout = None if self.busy else \
            self.adapter.callout(self.shown, legal, mine, self.layout)
        waiting = [s for s in self.to_act if s != self.seat]
        if offline:
            self.hud.prompt = tr("net.reconnecting")
        elif not self.busy:
            self.hud.prompt = self.adapter.prompt(self.view, legal, mine, waiting, lay)
        else:
            after = self.legal() if self.my_turn() else []
            if not self._prompt_holds or \
                    self.adapter.prompt(self.view, after, self.my_turn(), waiting, lay) != self.hud.prompt:
                self.hud.prompt = ""  # the old instruction no longer holds: none until it settles
        if self.cursor is not None and self.cursor >= len(self.human_hand):
            self.cursor = len(self.human_hand) - 1 if self.human_hand else None
        self._rest_cursor()

    def _lift(self, dt: float) -> None:
        hand = self.human_hand
        k = min(1.0, dt * 16.0)
        show_cursor = not self.busy and not self.popup and self.my_turn()
        picked = set(self.selected)
        select = self.adapter.select_cards
        self._lift_moving = False
        for i, sprite in enumerate(hand):
            sprite.focus = show_cursor and (self.cursor == i or (select and sprite is self.hovered))
            if select:
                # only picked cards rise: the cursor is marked (a glow and a caret), so a
                # picked card never looks like the one the keys or the mouse point at
                up = sprite.code in picked or sprite is self.popup_card
            else:
                # one card up at a time: the mouse, when it points at a card, has the say
                pointed = sprite is self.hovered or (sprite.focus and self.hovered is None)
                up = pointed or sprite is self.popup_card
            target = self.layout.card_h * LIFT if up and not sprite.flying else 0.0
            if abs(target - sprite.lift) < 0.5:
                sprite.lift = target   # settled: nothing left to show
            else:
                sprite.lift += (target - sprite.lift) * k
                self._lift_moving = True
            sprite.hover = sprite is self.hovered
        # a card that left the hand comes down
        for zone, cards in self.zones.items():
            if cards is hand:
                continue
            for sprite in cards:
                if sprite.lift:
                    sprite.lift = 0.0
                    sprite.focus = sprite.legal = sprite.dim = False
                    self._interaction_key = ()  # its zone may want it to glow: ask again

    def _cursor_stops(self) -> list[int]:
        """Where the keyboard cursor may rest: the cards you may play (all, when none
        may be, or in a selection, where any card may be picked)."""
        hand = self.human_hand
        if not self.adapter.select_cards:
            playable = [i for i, sprite in enumerate(hand) if sprite.legal]
            if playable:
                return playable
        return list(range(len(hand)))

    def _rest_cursor(self) -> None:
        """Once the keyboard has been used, the cursor rests on a playable card on your turn."""
        if not self._keys_used or not self.my_turn() or self.busy or not self.human_hand:
            return
        stops = self._cursor_stops()
        if self.cursor not in stops and any(s.legal for s in self.human_hand):
            self.cursor = stops[0]

    # -- the selection ------------------------------------------------------------------------
    def selection_action(self) -> Optional[Action]:
        """The legal action the picked cards form now, if any."""
        if not self.selected or not self.my_turn():
            return None
        return self.adapter.selection_action(self.view, self.legal(), list(self.selected))

    def _play_button(self, legal: Sequence[Action]) -> ChoiceButton:
        action = self.adapter.selection_action(self.view, legal, list(self.selected)) \
            if self.selected else None
        return ChoiceButton(self.adapter.selection_label(self.view, action), action, "P",
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
        probe = self.adapter.selection_probe(self.view, list(self.selected))
        self.explain_refusal(probe, None)

    def hint(self) -> None:
        """The Hint button (H): pick the next suggested play's cards, cycling on repeat.
        The first is Hard's, when the session can think for this seat (a local game):
        it thinks off the frame loop, and its play comes with one line of why."""
        advise = getattr(self.client, "advise", None)
        if self.my_turn() and advise is not None and self._hint_key[:1] != (self.version,):
            advice = advise()
            if advice is None:
                self._hint_wait = self.version
                self.app.notify(tr("table.hint_thinking"), 1.5)
                return
            self._advice = advice
        hints = self.adapter.selection_hints(self.view, self.legal(),
                                             self._advice.action if self._advice else None) \
            if self.my_turn() else []
        if not hints:
            return
        key = (self.version, len(hints))
        if self._hint_key != key:
            self._hint_key, self._hint_next = key, 0
            if self._advice is not None and self._advice.why is not None:
                self.app.notify(words(self._advice.why), 4.0)
        self.selected = list(hints[self._hint_next % len(hints)])
        self._hint_next += 1
        self.hud.error = ""

    def _poll_hint(self) -> None:
        """A hint asked for while Hard was thinking: shown once it has answered (dropped
        if the game moved on meanwhile)."""
        if self._hint_wait is None:
            return
        if self._hint_wait != self.version or not self.my_turn():
            self._hint_wait = None
            return
        advice = self.client.advise()
        if advice is not None:
            self._hint_wait, self._advice = None, advice
            self.hint()

    def _prune_selection(self) -> None:
        """Cards that are no longer yours to play leave the selection."""
        held = {c for c in self.view.get("zones", {}).get(self.adapter.hand_zone(self.human_seat), [])
                if c}
        self.selected = [c for c in self.selected if c in held]

    # -- acting ---------------------------------------------------------------------------------
    def click_card(self, sprite: CardSprite) -> None:
        """The player clicked one of their hand cards."""
        code = sprite.code if sprite.code else None
        if code is None:
            return
        if self.adapter.select_cards:
            if self.my_turn():
                self.pick(sprite)
            return
        zone = sprite.zone
        legal = self.legal()
        actions = self.adapter.card_actions(self.view, legal, code, zone) if legal else []
        if len(actions) == 1:
            self.act(actions[0])
            return
        if len(actions) > 1:
            self.open_popup(actions, sprite)
            return
        probe = self.adapter.probe_action(self.view, code, zone)
        self.explain_refusal(probe, sprite)

    def open_popup(self, actions: Sequence[Action], sprite: Optional[CardSprite]) -> None:
        buttons = [ChoiceButton(self.adapter.action_label(a), a, str(i + 1))
                   for i, a in enumerate(actions)]
        self.popup.set(buttons, self.adapter.choice_title(actions))
        self.popup.focus = 0
        self.popup_card = sprite
        self._layout_popup()

    def _prompt_clear(self) -> float:
        """The lowest a panel of buttons (its pad included) may reach above the prompt line."""
        lay = self.layout
        return lay.prompt_y - lay.font(16) - max(8, lay.card_h // 12) - lay.font(4)

    def _layout_popup(self) -> None:
        if not self.popup:
            return
        lay = self.layout
        h = int(lay.card_h * 0.30)
        x = self.popup_card.x if self.popup_card is not None else lay.width / 2
        y = lay.hand_top - lay.card_h * 0.55
        bounds = pygame.Rect(0, 0, *lay.size).inflate(-4 * lay.margin, -4 * lay.margin)
        box = self.popup.layout((x, y), h, max(6, h // 4), self.hud.text, lay.font(17),
                                False, bounds)
        # its panel (the buttons and a pad) stays clear of the prompt line below it
        clear = self._prompt_clear()
        if box.bottom > clear:
            self.popup.layout((x, y - (box.bottom - clear)), h, max(6, h // 4), self.hud.text,
                              lay.font(17), False, bounds)

    def _press_button(self, button: ChoiceButton) -> None:
        if button.action is None and self.pace_command(button.hotkey):
            return
        if button.action is None or not button.enabled:
            if self.adapter.select_cards and button.hotkey == "P":
                self.play_selection()
            elif self.adapter.select_cards and button.hotkey == "H":
                self.hint()
            elif button.action is not None:
                self.explain_refusal(button.action, None)   # a disabled choice says why
            return
        self.act(button.action)

    # -- mouse -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            if self._drag is not None and getattr(event, "buttons", (0,))[0]:
                self._drag_to(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.phrase_click(event.pos):
            return None        # the open list of table phrases
        if self.corner.handle(event):
            return None        # the Log or Undo button
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._on_look_button(event.pos):
                self._pressed = _LOOK_PRESS    # it changes nothing in the game: never spent
                return None
            if self.sitting_out() and self.bar.at(event.pos) is not None:
                self._pressed = ("bar", self.bar.at(event.pos))  # the pace: never waits
                return None
            if self.busy:
                self.timeline.hurry()   # and nothing else: the click is spent
                self._pressed = _SPENT_PRESS
                return None
            self._pressed = self._target_at(event.pos)
            if self.adapter.select_cards and self.my_turn() and self._pressed is not None \
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
                if self._on_look_button(event.pos):
                    self.look_back()
                return None
            if pressed is not None and pressed[0] == "bar" and self.sitting_out():
                if self._target_at(event.pos) == pressed:
                    self._activate(pressed)
                return None
            if pressed is None or self.busy:
                if self.popup and pressed is None and not self.busy:
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
        return next((s for s in self.human_hand if s.id == sprite_id), None)

    def _target_at(self, pos: tuple[int, int]) -> Any:
        if self.popup:
            i = self.popup.at(pos)
            return ("popup", i) if i is not None else None
        i = self.bar.at(pos)
        if i is not None:
            return ("bar", i)
        for sprite in reversed(self.human_hand):
            if self.images.rect_of(sprite).collidepoint(pos):
                return ("card", sprite.id)
        for zone, cards in self.zones.items():
            if zone == self.adapter.hand_zone(self.human_seat) or not cards:
                continue
            for sprite in cards:
                if self.images.rect_of(sprite).collidepoint(pos):
                    return ("zone", zone)
        return None

    def _activate(self, target: Any) -> None:
        kind, what = target
        if kind == "popup":
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
            actions = self.adapter.zone_actions(self.view, self.legal(), what)
            if len(actions) == 1:
                self.act(actions[0])
            elif len(actions) > 1:
                self.open_popup(actions, None)

    def _on_look_button(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the look back button, where the last draw put it."""
        return self._look_rect is not None and self._look_rect.collidepoint(pos)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hovered = None
        self.bar.hover = None
        self.popup.hover = None
        self._look_hover = self._on_look_button(pos)
        if self.popup:
            self.popup.hover = self.popup.at(pos)
            return
        i = self.bar.at(pos)
        if i is not None:
            self.bar.hover = i
            return
        for idx in range(len(self.human_hand) - 1, -1, -1):
            sprite = self.human_hand[idx]
            rect = self.images.rect_of(sprite)
            # a lifted card keeps its hover down to where it rests
            rect.h += int(sprite.lift)
            if rect.collidepoint(pos):
                self.hovered = sprite
                if self.cursor is not None:
                    self.cursor = idx
                return

    # -- keyboard ---------------------------------------------------------------------------------
    def _key(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        key = event.key
        if self.phrase_key(event):   # the table phrases: they change nothing in the game
            return None
        if key == pygame.K_ESCAPE:
            if self.popup:
                self.popup.clear()
                self.popup_card = None
                return None
            self.pause()
            return None
        if key == pygame.K_F1 or key == pygame.K_r:
            self.app.show_rules(self.key)
            return None
        if key == pygame.K_l:
            self.look_back()   # like the rules: it changes nothing, so it never waits
            return None
        if key == pygame.K_g and not self.watching:
            self.open_story()
            return None
        if key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            keeping.undo(self)     # a kept game only; it says why not otherwise
            return None
        if self.pace_key(key):   # fast forward, skip: the pace, not the game
            return None
        if key == RULES_KEY:     # the rank strip and the notes: they change nothing
            self.toggle_rules()
            return None
        if self.busy:
            if key in _PASS_KEYS:
                return event
            self.timeline.hurry()   # and nothing else: the key is spent
            return None
        if not self.my_turn() and key not in _PASS_KEYS:
            return None  # others are to play: a key pressed now does nothing, quietly
        if self.popup:
            return self._popup_key(event)
        if self.adapter.select_cards and self.my_turn():
            if key == pygame.K_SPACE:
                hand = self.human_hand
                if self.cursor is None and hand:
                    self.cursor = 0
                elif self.cursor is not None and 0 <= self.cursor < len(hand):
                    self.pick(hand[self.cursor])
                return None
            if key in _ENTER and self.bar.focused() is None:
                self.play_selection()
                return None
        hand = self.human_hand
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.bar and \
                not any(len(a.cards) == 1 for a in self.legal()) and not self.adapter.select_cards:
            self.bar.move_focus(-1 if key == pygame.K_LEFT else 1)
            return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.bar.focus = None
            self._keys_used = True
            self.hovered = None   # the keys take the cursor back from the mouse
            if hand:
                step = -1 if key == pygame.K_LEFT else 1
                stops = self._cursor_stops()
                if self.cursor is None or self.cursor not in stops:
                    self.cursor = stops[0] if step > 0 else stops[-1]
                else:
                    self.cursor = stops[(stops.index(self.cursor) + step) % len(stops)]
            return None
        if key == pygame.K_TAB:
            back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if self.bar:
                if self.bar.focus is None:
                    self.bar.focus = 0 if not back else len(self.bar.buttons) - 1
                else:
                    nxt = self.bar.focus + (-1 if back else 1)
                    self.bar.focus = nxt if 0 <= nxt < len(self.bar.buttons) else None
            return None
        if key in _ENTER + (pygame.K_SPACE, pygame.K_UP):
            focused = self.bar.focused()
            if focused is not None and key != pygame.K_UP:
                self._press_button(focused)
                return None
            if self.cursor is not None and 0 <= self.cursor < len(hand):
                self.click_card(hand[self.cursor])
                return None
            if focused is not None:
                self._press_button(focused)
                return None
            if hand:
                # nothing chosen yet: the chosen card is the first you may play
                self._keys_used = True
                self.cursor = self._cursor_stops()[0]
                self.click_card(hand[self.cursor])
            return None
        name = (getattr(event, "unicode", "") or pygame.key.name(key) or "").lower()
        button = self.bar.by_hotkey(name) if name else None
        if button is not None:
            self._press_button(button)
            return None
        return event

    def _popup_key(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and
                                                   getattr(event, "mod", 0) & pygame.KMOD_SHIFT):
            self.popup.move_focus(-1)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.popup.move_focus(1)
        elif key in _ENTER + (pygame.K_SPACE,):
            b = self.popup.focused()
            if b is not None:
                self.act(b.action)
        else:
            name = (getattr(event, "unicode", "") or pygame.key.name(key) or "").lower()
            b = self.popup.by_hotkey(name) if name else None
            if b is not None:
                self.act(b.action)
            else:
                return event
        return None
