"""What the parts of the table's input share, declared once: the position, the game's
adapter, the cards and where they lie, the bars of buttons, the cursor and the selection
(:class:`~scenes.table.controls.TableInput` sets them), and the few things one part asks
of another (a card clicked, a button pressed, a card picked, a hint).  So the pointer
(pointer.py), the keyboard (keyboard.py), the hint (hints.py) and the selection
(selection.py) are each a class of one job that type-checks on its own."""

from __future__ import annotations

from typing import Any, Callable, Optional, Protocol, Sequence

import pygame

from game.engine import Action
from scenes.art.sprites import CardSprite
from scenes.kit.hud import Hud
from scenes.kit.tween import Timeline
from scenes.kit.widgets import ChoiceBar, ChoiceButton
from scenes.table.board import Board
from scenes.table.keys import Keymap
from scenes.table.pace import Pace
from scenes.table.position import Position
from scenes.table.stage import Stage


class Notice(Protocol):
    """A notice shown (``seconds``), and said to a listener as ``said`` where its words
    for a voice are other than the shown ones (a hint's cards by name, not by corner)."""

    def __call__(self, text: str, seconds: float, said: str = "") -> Any: ...


class InputBase:
    """The table input's state (see :class:`~scenes.table.controls.TableInput` for what
    each is) and the seams between its parts."""

    position: Position
    adapter: Any
    board: Board
    stage: Stage
    hud: Hud
    timeline: Timeline
    pace: Pace
    busy: Callable[[], bool]
    link: Callable[[], Optional[str]]
    act: Callable[[Action], Any]
    explain_refusal: Callable[[Optional[Action], Optional[CardSprite]], None]
    refuse: Callable[..., None]
    advise: Optional[Callable[[], Any]]
    notify: Notice
    withdraw: Callable[[str], Any]
    on_look: Callable[[tuple[int, int]], bool]
    look_back: Callable[[], Any]
    kept_clear: Callable[[], Optional[pygame.Rect]]
    taken: Callable[[], list[pygame.Rect]]
    fixed: Callable[[], list[pygame.Rect]]
    bar: ChoiceBar
    popup: ChoiceBar
    hint_bar: ChoiceBar
    popup_card: Optional[CardSprite]
    cursor: Optional[int]
    hovered: Optional[CardSprite]
    selected: list[str]
    look_hover: bool
    hint_line: Optional[str]
    hint_wait: Optional[int]
    advice: Optional[Any]
    turn_keys: Keymap
    popup_keys: Keymap
    _hint_key: tuple
    _hint_next: int
    _drag: Optional[bool]
    _drag_at: Optional[tuple[int, int]]
    _pressed: Any
    _keys_used: bool

    # -- what one part asks of another (each defined by the part whose job it is) ---------
    def click_card(self, sprite: CardSprite) -> None:
        raise NotImplementedError       # TableInput

    def open_popup(self, actions: Sequence[Action], sprite: Optional[CardSprite]) -> None:
        raise NotImplementedError       # TableInput

    def _press_button(self, button: ChoiceButton) -> None:
        raise NotImplementedError       # TableInput

    def _cursor_stops(self) -> list[int]:
        raise NotImplementedError       # TableInput

    def panel(self, bar: ChoiceBar) -> pygame.Rect:
        raise NotImplementedError       # TableInput

    def prompt_centre(self) -> tuple[float, float]:
        raise NotImplementedError       # TableInput

    def prompt_place(self) -> tuple[tuple[float, float], int]:
        raise NotImplementedError       # TableInput

    def pick(self, sprite: CardSprite, on: Optional[bool] = None) -> None:
        raise NotImplementedError       # Selection

    def play_selection(self) -> None:
        raise NotImplementedError       # Selection

    def can_advise(self) -> bool:
        raise NotImplementedError       # Hints

    def hint(self) -> None:
        raise NotImplementedError       # Hints
