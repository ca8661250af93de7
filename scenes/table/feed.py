"""The table as the client of a session: updates taken from the client wait in an inbox
until the screen has caught up, then become the position shown and are animated; this
seat's actions go to the client with the version they were meant for, and a refusal
comes back in words (the card shakes).  Part of the table scene (scene.py)."""

from __future__ import annotations

import copy
from typing import Optional

from game.engine import Action, Event
from game.session import Refused, Update
from scenes.art.sprites import CardSprite
from scenes.i18n import tr, words
from scenes.table.readings import TableReadings
from scenes.table.story import caption


class SessionFeed(TableReadings):
    """Updates in, actions out."""

    def _prepare_images(self) -> None:
        """The back at once; the faces in the background, those now in view first (a
        deal shows the backs while they are painted: at 3840x2160 painting the eighteen
        faces of Dou Dizhu's hand here cost the first frame a hundred milliseconds)."""
        zones = set(self.view.get("zones", {})) | {self.adapter.source_zone}
        self.images.set_master_scale(max(self.board.geom(z).scale for z in zones))
        visible = [c for codes in self.view.get("zones", {}).values() for c in codes if c]
        self.images.warm([None], background=False)
        self.images.warm(visible + [card.code for card in self.spec.cards])

    def _receive(self) -> None:
        """Everything the client has for us: updates wait in the inbox, refusals are shown."""
        for msg in self.client.poll():
            if isinstance(msg, Update):
                self.inbox.append(msg)
            elif isinstance(msg, Refused):
                self._refused(msg)

    def _take_update(self) -> Update:
        """The next update becomes the game as shown: its view, legal actions, turn."""
        update = self.inbox.popleft()
        first = self.update_msg is None
        self.position.take(update)
        if self.spoken is not None:
            self.spoken.hear(update)
        self.computer_pace.forget()
        self.ranks.note = ""                     # a note lasts until the game moves on
        if first:
            return update
        # the prompt shows what the screen shows: it stays up while the cards move only
        # when your own one-event move leaves you to act on (a draw); otherwise whoever
        # it named has acted, and the next instruction waits for the screen to catch up
        mine = update.actor is not None and update.actor == self.seat
        self.input.new_position(mine, mine and len(update.events) == 1 and self.my_turn())
        return update

    def _start(self) -> None:
        """The first update: the opening deal from the source zone, or a game under way."""
        if not self.inbox:
            return  # nothing yet (a remote game still connecting): the felt waits
        update = self._take_update()
        # the shown view first: the images' sizes ask the adapter about it
        self.position.shown = copy.deepcopy(self.position.view)
        self.position.shown_no += 1
        self._prepare_images()
        events = list(update.events)
        if events:
            total = sum(len(v) for v in self.view["zones"].values())
            self.board.stack(self.adapter.source_zone, total)
            self.animator.animate(events)
            self._heard_on()
        else:
            self._rebuild()
            self.story.tell(self.client.told(), self.say)   # a game resumed: its story so far

    def show_position(self, update: Update) -> None:
        """Show ``update``'s position at once, with no animation and nothing carried over
        from the one before (a replay stepping back and forth)."""
        self.timeline.finish()
        self.inbox.clear()
        self.inbox.append(update)
        self._take_update()
        self.position.shown = copy.deepcopy(self.position.view)
        self.position.shown_no += 1
        self.board.leaving.clear()
        self._rebuild()
        self.painter.forget_decorations()
        self.input.ask_again()

    def _rebuild(self) -> None:
        """The board made from the view, nothing lingering."""
        self.animator.lingering = []
        self.board.rebuild()

    def _told(self, event: Event) -> None:
        """An event has landed: its words for the story and the captions, the labels anew."""
        self.painter.forget_decorations()
        self.story.tell([event], self.say)
        if self.captions is not None:   # a table that explains itself: the event in words
            self.captions.add(self.say(event))

    def _settled(self) -> None:
        """The shown view is the update's now: the labels anew."""
        self.painter.forget_decorations()

    def _resume_held(self) -> None:
        """After a score sheet closed (the table on top again): the events that waited."""
        if self.app.stack.top is self:
            self.animator.resume_held()
            self._heard_on()

    def _heard_on(self) -> None:
        """No score sheet holds the table: the spoken table says what waited for one."""
        if self.spoken is not None and self.animator.held_events is None:
            self.spoken.go_on()

    def say(self, event: Event) -> str:
        """An event in words, for the story and the captions (scenes/table/story.py)."""
        return caption(self.adapter, event, self.layout)

    def _advance(self) -> None:
        """Animate the next update once the screen has caught up with the last one."""
        if self.update_msg is None:
            self._start()
            return
        while self.inbox and not self.timeline.busy and self.animator.held_events is None:
            update = self._take_update()
            self.animator.animate(list(update.events))
            self._heard_on()

    def act(self, action: Action) -> bool:
        """Send this seat's action; False (and the reason shown) when it is refused."""
        if self.seat is None or self.watching:
            return False
        self._asked = (str(action), self.input.popup_card)
        self.client.submit(action, self.version)
        before = self.version
        self._receive()
        self._advance()
        return self.version != before or any(u.actor == self.seat for u in self.inbox)

    def explain_refusal(self, probe: Optional[Action], sprite: Optional[CardSprite]) -> None:
        """Ask the referee why ``probe`` cannot be played (the card clicked shakes)."""
        if probe is None or self.seat is None:
            self.refuse(tr("table.cannot_play"), sprite)
            return
        self._asked = (str(probe), sprite)
        self.client.submit(probe, self.version, probe=True)
        self._receive()

    def _refused(self, msg: Refused) -> None:
        asked, self._asked = self._asked, None
        sprite = asked[1] if asked is not None and asked[0] == msg.action else None
        if not msg.probe and msg.reason.key == "engine.moved_on":
            return  # meant for a position that is gone: the new one will show
        self.refuse(words(msg.reason), sprite)

    def refuse(self, text: str, sprite: Optional[CardSprite] = None) -> None:
        self.hud.show_error(text)
        if self.spoken is not None:
            self.spoken.refused(text)
        self.sound("error")
        if sprite is not None:
            self.timeline.now(sprite.shake_tween(self.layout.card_w * 0.09))
