"""An update's events become a timeline: moves, flips, banners, pops and sounds.

Every move in an event's ``data["moves"]`` carries a sprite from zone to zone
(dealt with a stagger, played, collected); the game's adapter adds banners,
score pops, sounds and pauses through :class:`Fx`, and brings the shown view
(the HUD's text) up to each event as it lands (:meth:`TableAdapter.patch`).
When the update's last event has landed, the shown view becomes the update's
view and the board is reconciled with it.  A score sheet between two games (or
hands: ``fx.interlude``) stops the timeline until the sheet closes.

An event whose timing *lingers* (a Bocce bust: the card that decided it, with
the words, stays) keeps its cards where they are: its moves wait in
``Animator.lingering`` and run when the next event begins, in this update (after
:data:`~scenes.tables.LINGER_HOLD`) or in the next one (at once: the game
waited for someone's step meanwhile).  The zones they leave and reach are
left out of the reconciling until then.
"""

from __future__ import annotations

import copy
from functools import partial
from typing import Any, Callable, Optional

import pygame

from game.engine import Event
from scenes.kit.hud import Hud
from scenes.kit.tween import Timeline
from scenes.table.board import Board
from scenes.table.position import Position
from scenes.table.stage import Stage
from scenes.tables import LINGER_HOLD, Timing


class Fx:
    """What an adapter may add to one event: banners, pops, sounds, a pause."""

    def __init__(self, animator: "Animator", start: float, end: float) -> None:
        self.animator = animator
        self.start = start
        self.end = end
        self.held: Optional[tuple[str, Any, str]] = None

    def _t(self, at: str) -> float:
        return self.start if at == "start" else self.end

    def banner(self, text: str, sub: str = "", at: str = "end", hold: float = 0.9,
               y: Optional[float] = None, room: Optional[float] = None) -> None:
        # reduced motion: it fades in without swelling; a room only where given (the words
        # only then, so a stand-in for the HUD's banner need not know them)
        anim = self.animator
        extra: dict[str, Any] = {"still": True} if anim.reduced_motion() else {}
        if room is not None:
            extra["room"] = room
        anim.hud.banner(anim.timeline, self._t(at), text, sub, hold, y, **extra)

    def pop(self, text: str, pos: tuple[float, float], at: str = "end",
            colour: Optional[tuple[int, int, int]] = None, rise: float = 0.45,
            size: float = 1.0, anchor: str = "center",
            duration: Optional[float] = None) -> None:
        anim = self.animator
        kwargs: dict = {"colour": colour} if colour else {}
        if anim.reduced_motion():
            rise = 0.0                           # the pop fades in and out where it is
        if duration is not None:                 # a pop to read (a round's result)
            kwargs["duration"] = duration
        anim.hud.pop(anim.timeline, self._t(at), text, pos, anim.stage.layout.card_h * rise,
                     size=size, anchor=anchor, **kwargs)

    def sound(self, name: str, at: str = "end") -> None:
        sound = self.animator.sound
        self.animator.timeline.at(self._t(at), lambda: sound(name))

    def wait(self, seconds: float) -> None:
        self.end += seconds

    def zone_centre(self, zone: str) -> tuple[float, float]:
        g = self.animator.board.geom(zone)
        return (g.x, g.y)

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate lies, to put a pop beside it."""
        return self.animator.plate_rect(seat)

    def interlude(self, title: str, sheet: Any, button: str, at: str = "end") -> None:
        """Stop the animation after this event and show a score sheet until the player
        goes on; the events after it are animated only then."""
        self.held = (title, sheet, button)


class Animator:
    """Events to tweens on the table's timeline, moving the board's cards.

    ``note``: a "won because" note for an event from a time on (scenes/table/ranks.py);
    ``told``: an event has landed, the shown view patched with it (the story, the
    captions, the labels are told); ``settled``: the shown view has become the
    update's; ``interlude``: shows a score sheet (title, sheet, button) over the table;
    ``plate_rect``: where a seat's plate lies; ``speed``, ``reduced_motion`` and
    ``sound``: the table's."""

    def __init__(self, adapter: Any, board: Board, position: Position, stage: Stage,
                 hud: Hud, timeline: Timeline, speed: Callable[[], float],
                 reduced_motion: Callable[[], bool], sound: Callable[[str], None],
                 note: Callable[[Event, float], None], told: Callable[[Event], None],
                 settled: Callable[[], None],
                 interlude: Callable[[str, Any, str], None],
                 plate_rect: Callable[[int], pygame.Rect]) -> None:
        self.adapter = adapter
        self.board = board
        self.position = position
        self.stage = stage
        self.hud = hud
        self.timeline = timeline
        self.speed = speed
        self.reduced_motion = reduced_motion
        self.sound = sound
        self.note = note
        self.told = told
        self.settled = settled
        self.interlude = interlude
        self.plate_rect = plate_rect
        #: events that wait for a score sheet to close (None: none waits)
        self.held_events: Optional[list[Event]] = None
        #: moves kept until the next step, with their timing
        self.lingering: list[tuple[list[dict[str, Any]], Timing]] = []

    def animate(self, events: list[Event]) -> None:
        tl = self.timeline
        t = self._run_lingering(tl.end_time, hold=0.0)
        for i, event in enumerate(events):
            timing = self.adapter.timing(event)
            t = self._run_lingering(t, hold=LINGER_HOLD)
            if timing.note_first:
                self.note(event, t)    # "won because ...": while the trick lies whole
            t += timing.before
            start = t
            if timing.linger and self.speed() > 0:
                # the cards stay: the words come now, the moves with the next step
                self.lingering.append((list(event.data.get("moves") or []), timing))
                tl.at(t, partial(self._patch, event))
                fx = Fx(self, start, t + timing.after)
                self.adapter.effects(event, self.position.shown, fx, self.stage.layout)
                t = fx.end
                continue
            if timing.sound:
                tl.at(start, partial(self.sound, timing.sound))
            moves = list(event.data.get("moves") or [])
            landed = start
            for move in moves:
                tl.at(t, partial(self.board.move, move, timing))
                if timing.move_sound:
                    tl.at(t, partial(self.sound, timing.move_sound))
                turns = move.get("src") == move.get("dst")
                landed = max(landed, t + (timing.flip if turns else timing.flight))
                t += timing.stagger
            if moves:
                t = landed
            tl.at(start if timing.patch_first else t, partial(self._patch, event))
            if not timing.note_first:
                self.note(event, t)    # once its cards are seen
            fx = Fx(self, start, t + timing.after)
            self.adapter.effects(event, self.position.shown, fx, self.stage.layout)
            t = fx.end
            if fx.held is not None:
                # the rest waits for the sheet to close: nothing moves below it
                self.held_events = events[i + 1:]
                tl.at(t, partial(self.interlude, *fx.held))
                if self.speed() <= 0:
                    tl.finish()
                return
        tl.at(t, self._batch_done)
        if self.speed() <= 0:
            tl.finish()

    def _run_lingering(self, t: float, hold: float) -> float:
        """Schedule the moves that lingered (after ``hold``) from ``t``; when they land."""
        if not self.lingering:
            return t
        waiting, self.lingering = self.lingering, []
        t += hold
        landed = t
        for moves, timing in waiting:
            at = t
            for move in moves:
                self.timeline.at(at, partial(self.board.move, move, timing))
                if timing.move_sound:
                    self.timeline.at(at, partial(self.sound, timing.move_sound))
                landed = max(landed, at + timing.flight)
                at += timing.stagger
        return landed

    def lingering_zones(self) -> set[str]:
        """The zones a lingering move leaves or reaches (the board keeps them as shown)."""
        return {m.get(k, "") for moves, _ in self.lingering for m in moves for k in ("src", "dst")}

    def _patch(self, event: Event) -> None:
        self.adapter.patch(self.position.shown, event)
        self.position.shown_no += 1
        self.told(event)

    def _batch_done(self) -> None:
        self.position.shown = copy.deepcopy(self.position.view)
        self.position.shown_no += 1
        self.settled()
        self.board.reconcile(self.lingering_zones())

    def resume_held(self) -> None:
        """After a score sheet closed: animate the events that waited for it."""
        if self.held_events is not None and not self.timeline.busy:
            events, self.held_events = self.held_events, None
            self.animate(events)
