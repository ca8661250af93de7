"""The Hint at the table: Hard's play, thought out off the frame loop, under the cursor
(a card) or the focus (a button) with one line of why; in a selection it picks the
cards and cycles through the other plays.  Where the Hint button stands when it is not
in the bar (beside a picker or a card's choices, clear of the prompt and of the cards)
is its job too.  Part of the table's input (controls.py)."""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.engine import Action
from scenes.i18n import language, tr, words
from scenes.kit.widgets import ChoiceBar, ChoiceButton
from scenes.table.hint_place import hint_place
from scenes.table.input_base import InputBase


class Hints(InputBase):
    """The Hint's part of the table's input."""

    def can_advise(self) -> bool:
        """Whether Hard can think for this seat: a session in this program (a guest's
        client has no world to search, and a host's asks nothing while a friend plays:
        game/net/host.py) and a seat of yours; not in a race (Venceslao's claim), which
        is one of reflexes, not of advice."""
        return self.advise is not None and not self.position.watching and \
            self.position.update is not None and not self.adapter.race(self.position.view)

    def hint(self) -> None:
        """The Hint button (H), in every game.  Hard thinks off the frame loop, when the
        session can think for this seat (a local game), and its play comes with one line
        of why: its card gets the keyboard cursor or its button the focus, so Enter takes
        it.  Where several cards make a play (``select_cards``) the hint picks them, and
        pressing again cycles through the other plays."""
        advise = self.advise
        version = self.position.version
        if self.position.my_turn() and advise is not None and self._hint_key[:1] != (version,):
            advice = advise()
            if advice is None:
                self.hint_wait = self.position.version
                self.notify(tr("table.hint_thinking"), 1.5)
                return
            self.advice = advice
        if not self.adapter.select_cards or (self.advice is not None
                                             and not self.advice.action.cards):
            self._point_at_advice()             # one card, or a button (a bid, a pass)
            return
        hints = self.adapter.selection_hints(self.position.view, self.position.legal(),
                                             self.advice.action if self.advice else None) \
            if self.position.my_turn() else []
        if not hints:
            return
        key = (self.position.version, len(hints))
        if self._hint_key != key:
            self._hint_key, self._hint_next = key, 0
            if self.advice is not None and self.advice.why is not None:
                # named, as every hint's line is ("Single: ..."): the why alone did not
                # say it was about the cards just picked
                play = self.adapter.hint_name(self.position.view, self.advice.action)
                self.hint_line = tr("table.hint_line", play=play, why=self._why_words(self.advice))
                self.notify(self.hint_line, 4.0, tr("table.hint_line", play=play,
                                                    why=self._why_words(self.advice, True)))
        self.selected = list(hints[self._hint_next % len(hints)])
        self._hint_next += 1
        self.hud.error = ""

    def _point_at_advice(self) -> None:
        """Hard's action under the cursor (a card) or the focus (a button), and its line."""
        advice = self.advice
        if advice is None or not self.position.my_turn():
            return
        self._hint_key = (self.position.version,)
        action = advice.action
        code = action.cards[0].code if len(action.cards) == 1 else None
        hand = self.board.human_hand
        at = next((i for i, s in enumerate(hand) if code and s.code == code), None)
        if at is not None:
            self._keys_used, self.hovered, self.bar.focus, self.cursor = True, None, None, at
            sprite = hand[at]
            actions = self.adapter.card_actions(self.position.view, self.position.legal(),
                                                code, sprite.zone)
            if len(actions) > 1 and action in actions:       # a card of several plays
                self.open_popup(actions, sprite)
                self.popup.focus = actions.index(action)
        else:
            self.bar.focus = next((i for i, b in enumerate(self.bar.buttons)
                                   if b.action == action), self.bar.focus)
        play = self._play_name(action)
        self.hint_line = tr("table.hint_line", play=play, why=self._why_words(advice)) \
            if advice.why is not None else play
        self.notify(self.hint_line, 6.0, tr("table.hint_line", play=play,
                                             why=self._why_words(advice, True))
                    if advice.why is not None else play)
        self.hud.error = ""

    def _play_name(self, action: Action) -> str:
        """A hinted play as its line names it: a card by its name (and how, an Ace high),
        a button by its whole words (the bar's title is not over the line)."""
        if action.card is not None:
            name = action.card.name(language())
            return tr("table.hint_card", card=name, how=self.adapter.action_label(action)) \
                if action.value else name
        return self.adapter.action_words(action)

    def _why_words(self, advice: Any, aloud: bool = False) -> str:
        """The hint's why; where the search compares its play with the obvious one, that
        one named ("... than the obvious one (Bet 2)"; a play of picked cards with its
        cards, "(Pair: 3 3)", since none are picked to show which; ``aloud``: its cards
        by name, "(Pair: 3 of Spades and 3 of Hearts)", where a voice read the letters)."""
        said = words(advice.why)
        usual = advice.usual
        if usual is None:
            return said
        if self.adapter.select_cards and usual.cards:
            named = self.adapter.play_said if aloud else self.adapter.play_named
            name = named(self.position.view, usual)
        else:
            name = self._play_name(usual)
        return f"{said} ({name})"

    def poll_hint(self) -> None:
        """A hint asked for while Hard was thinking: shown once it has answered (dropped
        if your turn passed meanwhile; asked again of the new position if others moved
        and it is still your turn, as a Bocce opponent's card laid down beside yours)."""
        if self.hint_wait is None:
            return
        if not self.position.my_turn() or self.advise is None:
            self.hint_wait = None
            return
        self.hint_wait = self.position.version
        advice = self.advise()
        if advice is not None:
            self.hint_wait, self.advice = None, advice
            # "Thinking about your hint…" is no longer true: it stood over the hint's own
            # line for the rest of its time, two notices where one says it all
            self.withdraw(tr("table.hint_thinking"))
            self.hint()

    def _place_hint(self, may: bool, height: int, bounds: pygame.Rect) -> None:
        """The Hint beside a picker (the bar without one of its own) or a card's choices:
        by your plate where it is clear, else beside them, never on the prompt's line;
        none where it fits nowhere."""
        beside = self.popup if self.popup else self.bar
        if not may or not beside or any(b.hotkey == "H" for b in beside.buttons) \
                or self.position.seat is None:
            self.hint_bar.set([])
            return
        lay = self.stage.layout
        place = self._hint_spot(beside, height, bounds)
        if place is None:
            self.hint_bar.set([])
            return
        self.hint_bar.layout(place, height, 0, self.hud.text, lay.font(17))

    def _hint_spot(self, beside: ChoiceBar, height: int,
                   bounds: pygame.Rect) -> Optional[tuple[float, float]]:
        """Where the Hint beside the picker ``beside`` stands (:func:`hint_place`), the
        hint bar set to its one button; None where it fits nowhere."""
        lay = self.stage.layout
        self.hint_bar.set([ChoiceButton(tr("table.hint"), None, "H")])
        box = self.hint_bar.layout((0, 0), height, 0, self.hud.text, lay.font(17))
        strip = self.kept_clear()
        line = self.hud.prompt_rect(*self.prompt_place())
        avoid = [r for r in (strip, line) if r is not None] + self._others_cards() + \
            self.taken() + self.fixed()
        assert self.position.seat is not None
        return hint_place(box.size, (lay.seat(self.position.seat).plate[0], lay.prompt_y),
                          self.panel(beside), avoid, bounds, max(6, lay.font(13) // 2))

    def _hint_past_cards(self, anchor: tuple[float, float], h: int,
                         bounds: pygame.Rect) -> None:
        """The Hint alone by your plate, moved along the prompt's level past a side hand
        it would lie on (West's thirteen backs reach down to it at 800x500 with the
        largest cards), else past the prompt's line, whose other end may leave it room;
        a little slimmer where neither does at its height (Bisca's long prompt at 1280x720
        with the largest text left it five pixels short)."""
        lay = self.stage.layout
        gap = max(6, lay.font(13) // 2)
        cards = self._others_cards()
        hit = [r for r in cards if r.colliderect(self.panel(self.bar).inflate(gap, gap))]
        if not hit:
            return
        line = self.hud.prompt_rect((lay.width / 2, lay.prompt_y), lay.font(16))

        def lay_at(x: float, height: int) -> pygame.Rect:
            return self.bar.layout((x, anchor[1]), height, max(8, height // 3), self.hud.text,
                                   lay.font(17), False, bounds)

        for height in (h, int(h * 0.8)):
            w = lay_at(anchor[0], height).w
            # from the box as laid (pushed in from the window's edge), not from the anchor
            tries = [max(r.right for r in hit) + gap + w / 2]
            if line is not None:
                tries.append(line.right + gap + w / 2)
            for x in tries:
                moved = lay_at(x, height)
                if (line is None or not moved.colliderect(line)) and \
                        moved.collidelist(cards) < 0:
                    return
        lay_at(max(r.right for r in hit) + gap + lay_at(anchor[0], h).w / 2, h)

    def _others_cards(self) -> list[pygame.Rect]:
        """The boxes of the cards at rest but your hand's (a side hand's turned a quarter),
        which the Hint beside a picker keeps clear of (by your plate it lay on West's
        backs at 800x500 with the largest cards)."""
        out = []
        mine = {id(s) for s in self.board.human_hand}
        for sprite in self.board.sprites():
            if sprite.flying or id(sprite) in mine:
                continue
            out.append(self.stage.images.box_of(sprite))
        return out
