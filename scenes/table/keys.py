"""The table's keys, as tables: a key, the command it runs, and what it does in words.

Three tables, tried in this order by the table's input:

* :data:`TABLE_KEYS` work whatever moves on the table and whoever is to play: they
  change nothing in the game (the rules, the look back, the story, the pace, the
  rank strip), or they leave it (Esc pauses).  Undo asks the kept game, which says
  why not when it cannot;
* :data:`POPUP_KEYS` work the small popup of a card's choices while it is open;
* :data:`TURN_KEYS` work your hand and the choice bar on your turn, once the table
  has caught up with the game.

A command returns True when it did something with the key; False lets the key go
on to the next step (G at a table you only watch, K while you are still in the
game), as if no table had it.  Keys no table names press the choice bar's button
with that hotkey.  :class:`Keymap` binds each table's command names to the
callables that run them and fails at once, when the table is made, if one is
missing, so a binding can never be dead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Optional

import pygame

#: a command: it gets the key's event, and says whether it used it
Command = Callable[[pygame.event.Event], bool]


@dataclass(frozen=True)
class Binding:
    """One key: the command it runs and, beside it, what it does."""

    key: int
    command: str
    help: str
    #: modifiers that must be held (Ctrl+Z); 0: any or none
    mod: int = 0

    def matches(self, event: pygame.event.Event) -> bool:
        return event.key == self.key and \
            (not self.mod or bool(getattr(event, "mod", 0) & self.mod))


TABLE_KEYS: tuple[Binding, ...] = (
    Binding(pygame.K_ESCAPE, "back", "close a card's choices; else pause the game"),
    Binding(pygame.K_F1, "rules", "the rules of this game"),
    Binding(pygame.K_r, "rules", "the rules of this game"),
    Binding(pygame.K_l, "look_back", "the last trick or frame again"),
    Binding(pygame.K_g, "story", "what happened so far, in words (not when watching)"),
    Binding(pygame.K_u, "undo", "take your last move back (a game kept on this computer)"),
    Binding(pygame.K_z, "undo", "the same as U", pygame.KMOD_CTRL),
    Binding(pygame.K_f, "fast_forward", "fast forward on or off"),
    Binding(pygame.K_k, "skip", "skip to the result, once you are out of the game"),
    Binding(pygame.K_o, "rank_strip", "the rank strip and the 'won because' notes on or off"),
    Binding(pygame.K_t, "phrases", "the table phrases' list, open or closed (a seat online)"),
)

POPUP_KEYS: tuple[Binding, ...] = (
    Binding(pygame.K_TAB, "popup_back", "the choice before", pygame.KMOD_SHIFT),
    Binding(pygame.K_LEFT, "popup_back", "the choice before"),
    Binding(pygame.K_UP, "popup_back", "the choice before"),
    Binding(pygame.K_TAB, "popup_next", "the next choice"),
    Binding(pygame.K_RIGHT, "popup_next", "the next choice"),
    Binding(pygame.K_DOWN, "popup_next", "the next choice"),
    Binding(pygame.K_RETURN, "popup_choose", "take the focused choice"),
    Binding(pygame.K_KP_ENTER, "popup_choose", "take the focused choice"),
    Binding(pygame.K_SPACE, "popup_choose", "take the focused choice"),
)

TURN_KEYS: tuple[Binding, ...] = (
    Binding(pygame.K_LEFT, "left", "the card you may play to the left (or the button)"),
    Binding(pygame.K_RIGHT, "right", "the card you may play to the right (or the button)"),
    Binding(pygame.K_TAB, "tab", "the next button of the bar (Shift: the one before)"),
    Binding(pygame.K_RETURN, "enter",
            "press the focused button, else play the chosen card (or the picked cards)"),
    Binding(pygame.K_KP_ENTER, "enter", "the same as Enter"),
    Binding(pygame.K_SPACE, "space",
            "pick the chosen card (games that play several), else as Enter"),
    Binding(pygame.K_UP, "up", "play the chosen card, else press the focused button"),
)

#: keys that go on to the app even while the cards move (fullscreen, modifiers)
PASS_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
             pygame.K_LALT, pygame.K_RALT, pygame.K_F11)


class Keymap:
    """A table of bindings with the callables that run its commands."""

    def __init__(self, bindings: Iterable[Binding], commands: Mapping[str, Command]) -> None:
        self.bindings = tuple(bindings)
        missing = {b.command for b in self.bindings} - set(commands)
        if missing:
            raise KeyError(f"no command for {sorted(missing)}")
        self.commands = dict(commands)

    def run(self, event: pygame.event.Event) -> bool:
        """Run the first binding of the key whose command uses it; False when none did."""
        for binding in self.bindings:
            if binding.matches(event) and self.commands[binding.command](event):
                return True
        return False

    def help(self) -> list[tuple[str, str]]:
        """(key name, what it does) for every binding, in order."""
        out = []
        for b in self.bindings:
            name = pygame.key.name(b.key)
            if b.mod & pygame.KMOD_CTRL:
                name = "ctrl+" + name
            elif b.mod & pygame.KMOD_SHIFT:
                name = "shift+" + name
            out.append((name, b.help))
        return out


def hotkey_name(event: pygame.event.Event) -> Optional[str]:
    """The name a choice button's hotkey is matched with ("1", "p", "h")."""
    return (getattr(event, "unicode", "") or pygame.key.name(event.key) or "").lower() or None
