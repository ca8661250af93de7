"""What the table's parts keep, read by the screens over the table, tools and tests (the
view, the cards, the layout, the pace, the cursor), and the parts themselves declared
once: the table scene (scene.py) makes them, and its other parts (the session's feed,
feed.py; what opens over the table, overlays.py) read them from here."""

from __future__ import annotations

from collections import deque
from typing import Any, Optional

import pygame

from game.engine import Action, GameSpec
from game.session import Client, Update
from scenes.art.sprites import CardImages, CardSprite
from scenes.kit.hud import Hud
from scenes.kit.layout import Layout
from scenes.kit.scene import Scene
from scenes.kit.tween import Timeline
from scenes.kit.widgets import ChoiceBar
from scenes.speech.table import SpokenTable
from scenes.table.animation import Animator
from scenes.table.board import Board
from scenes.table.captions import Captions
from scenes.table.controls import TableInput
from scenes.table.pace import ComputerPace, Pace
from scenes.table.painting import TablePainter
from scenes.table.position import Position
from scenes.table.ranks import Ranks
from scenes.table.stage import Stage
from scenes.table.story import Story
from scenes.tables import TableAdapter


class TableReadings(Scene):
    """The table's parts (made by :class:`~scenes.table.scene.TableScene`) and what
    they keep, read through the table."""

    client: Client
    spec: GameSpec
    seat: Optional[int]
    watching: bool
    auto_close: Optional[float]
    captions: Optional[Captions]
    adapter: TableAdapter
    stage: Stage
    hud: Hud
    timeline: Timeline
    position: Position
    board: Board
    story: Story
    inbox: deque[Update]
    _asked: Optional[tuple[str, Optional[CardSprite]]]
    pace: Pace
    computer_pace: ComputerPace
    ranks: Ranks
    animator: Animator
    input: TableInput
    spoken: Optional[SpokenTable]
    painter: TablePainter

    def sound(self, name: str) -> None:
        raise NotImplementedError       # TableScene

    @property
    def update_msg(self) -> Optional[Update]:
        return self.position.update

    @property
    def version(self) -> int:
        return self.position.version

    @property
    def view(self) -> dict[str, Any]:
        return self.position.view

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.position.to_act

    @property
    def result(self) -> Optional[dict[str, Any]]:
        return self.position.result

    @property
    def shown(self) -> dict[str, Any]:
        """The view as the animation has reached it (scenes/table/position.py)."""
        return self.position.shown

    @property
    def layout(self) -> Layout:
        return self.stage.layout

    @property
    def images(self) -> CardImages:
        return self.stage.images

    @property
    def zones(self) -> dict[str, list[CardSprite]]:
        return self.board.zones

    @property
    def human_hand(self) -> list[CardSprite]:
        return self.board.human_hand

    @property
    def drifts(self) -> list[tuple[str, list, list]]:
        return self.board.drifts

    def card_rect(self, code: str) -> pygame.Rect:
        return self.board.card_rect(code)

    def shown_zones(self) -> dict[str, list[Optional[str]]]:
        return self.board.shown_zones()

    def targets(self, zone: str, n: Optional[int] = None
                ) -> list[tuple[float, float, float, float]]:
        return self.board.targets(zone, n)

    def speed(self) -> float:
        return self.pace.speed()

    def sitting_out(self) -> bool:
        return self.pace.sitting_out()

    @property
    def fast_forward(self) -> bool:
        return self.pace.fast_forward

    @property
    def skipping(self) -> bool:
        return self.pace.skipping

    def computer_wait(self) -> float:
        """Seconds left before the computers to act may move (0: none waits)."""
        return self.computer_pace.wait()

    def rules_shown(self) -> bool:
        return self.ranks.shown()

    def note_shown(self) -> Optional[str]:
        """The "won because" note to draw now: only while the prompt's line is free."""
        return self.ranks.note_shown(bool(self.hud.prompt or self.hud.error))

    @property
    def bar(self) -> ChoiceBar:
        return self.input.bar

    @property
    def popup(self) -> ChoiceBar:
        return self.input.popup

    def cursor_code(self) -> Optional[str]:
        """The card under the keyboard's cursor (None: none, or face down)."""
        hand, at = self.human_hand, self.cursor
        return hand[at].code if at is not None and 0 <= at < len(hand) else None

    @property
    def cursor(self) -> Optional[int]:
        return self.input.cursor

    @property
    def selected(self) -> list[str]:
        return self.input.selected

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate lies now."""
        return self.painter.plate_rect(seat)

    @property
    def busy(self) -> bool:
        """True while the screen has not caught up with the game: an animation plays,
        waits below a score sheet, or updates wait their turn.  Moves wait for it."""
        return self.timeline.busy or self.animator.held_events is not None or bool(self.inbox)

    @property
    def over(self) -> bool:
        return self.position.over

    def my_turn(self) -> bool:
        """The person at this screen may act in the game as it is shown."""
        return self.position.my_turn()

    def legal(self) -> list[Action]:
        return self.position.legal()
