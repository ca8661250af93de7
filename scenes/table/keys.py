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

from scenes.i18n import has, tr
from scenes.speech.keys import LISTENING

#: a command: it gets the key's event, and says whether it used it
Command = Callable[[pygame.event.Event], bool]


def used(action: Callable[[], object]) -> Command:
    """A command that runs ``action`` (which says nothing back) and uses the key."""
    def command(event: pygame.event.Event) -> bool:
        action()
        return True
    return command


@dataclass(frozen=True)
class Binding:
    """One key and the command it runs; what the command does, in words, is
    ``keys.<command>`` in the catalogs (assets/i18n/<lang>/keys.json), shown on the
    rules' keys page (:func:`keys_page`)."""

    key: int
    command: str
    #: modifiers that must be held (Ctrl+Z); 0: any or none
    mod: int = 0

    def matches(self, event: pygame.event.Event) -> bool:
        return event.key == self.key and \
            (not self.mod or bool(getattr(event, "mod", 0) & self.mod))


TABLE_KEYS: tuple[Binding, ...] = (
    Binding(pygame.K_ESCAPE, "back"),
    Binding(pygame.K_F1, "rules"),
    Binding(pygame.K_r, "rules"),
    Binding(pygame.K_l, "look_back"),
    Binding(pygame.K_g, "story"),
    Binding(pygame.K_u, "undo"),
    Binding(pygame.K_z, "undo", pygame.KMOD_CTRL),
    Binding(pygame.K_f, "fast_forward"),
    Binding(pygame.K_k, "skip"),
    Binding(pygame.K_o, "rank_strip"),
    Binding(pygame.K_t, "phrases"),
)

POPUP_KEYS: tuple[Binding, ...] = (
    Binding(pygame.K_TAB, "popup_back", pygame.KMOD_SHIFT),
    Binding(pygame.K_LEFT, "popup_back"),
    Binding(pygame.K_UP, "popup_back"),
    Binding(pygame.K_TAB, "popup_next"),
    Binding(pygame.K_RIGHT, "popup_next"),
    Binding(pygame.K_DOWN, "popup_next"),
    Binding(pygame.K_RETURN, "popup_choose"),
    Binding(pygame.K_KP_ENTER, "popup_choose"),
    Binding(pygame.K_SPACE, "popup_choose"),
)

TURN_KEYS: tuple[Binding, ...] = (
    Binding(pygame.K_LEFT, "left"),
    Binding(pygame.K_RIGHT, "right"),
    Binding(pygame.K_TAB, "tab"),
    Binding(pygame.K_RETURN, "enter"),
    Binding(pygame.K_KP_ENTER, "enter"),
    Binding(pygame.K_SPACE, "space"),
    Binding(pygame.K_UP, "up"),
)

#: the spoken table's keys (scenes/speech/keys.py), for the keys page
LISTEN_KEYS: tuple[Binding, ...] = tuple(Binding(key, f"listen.{command}")
                                         for key, command in LISTENING)


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



#: the keys page's sections: a heading's catalog key and the table it lists
KEY_SECTIONS = (("keys.section.table", TABLE_KEYS), ("keys.section.turn", TURN_KEYS),
                ("keys.section.popup", POPUP_KEYS), ("keys.section.listen", LISTEN_KEYS))


def key_word(key: int) -> str:
    """The catalog key of a key's name ("keys.name.page_down": the Italian page said
    pygame's English "Page Down"); a letter or a function key has none ("F1", "Z")."""
    return "keys.name." + pygame.key.name(key).replace(" ", "_")


def key_label(binding: Binding) -> str:
    """A key as the keys page writes it: "Ctrl+Z", "Shift+Tab", "F1", "Esc"."""
    name = pygame.key.name(binding.key)
    word = key_word(binding.key)
    label = tr(word) if has(word) else name.upper() if len(name) <= 3 else name.title()
    if binding.mod & pygame.KMOD_CTRL:
        return tr("keys.name.ctrl", name=label)
    if binding.mod & pygame.KMOD_SHIFT:
        return tr("keys.name.shift", name=label)
    return label


def keys_page() -> str:
    """The keys every table shares, as a rules page (markdown) in the screen's language,
    made from the binding tables themselves: a key bound is a key listed, so the page
    cannot fall behind the code.  A command's keys share one line ("F1 or R")."""
    lines = [f"## {tr('keys.title')}"]
    for heading, bindings in KEY_SECTIONS:
        lines += ["", f"### {tr(heading)}", ""]
        by_command: dict[str, list[str]] = {}
        for b in bindings:
            labels = by_command.setdefault(b.command, [])
            if key_label(b) not in labels:
                labels.append(key_label(b))
        for command, labels in by_command.items():
            bold = [f"**{label}**" for label in labels]
            keys = tr("keys.or").join([", ".join(bold[:-1]), bold[-1]] if len(bold) > 1 else bold)
            lines.append(f"- {keys}: {tr(f'keys.{command}')}")
    return "\n".join(lines) + "\n"


def hotkey_name(event: pygame.event.Event) -> Optional[str]:
    """The name a choice button's hotkey is matched with ("1", "p", "h")."""
    return (getattr(event, "unicode", "") or pygame.key.name(event.key) or "").lower() or None
