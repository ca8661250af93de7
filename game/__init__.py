"""Tavolata's rules engine: pure Python, never imports pygame.

:data:`KEYS` is the one list of games, in menu order; each is the module (or package)
``game/<key>`` with its :class:`~game.engine.GameSpec` as ``SPEC``, which registers
everything about it (its title, seats, cards, computer players, table and demo).
``GAMES`` maps each key to its spec and ``CATALOG`` lists the specs in menu order.
Nothing is skipped: a listed game that is missing, or registers another key, or names
a computer player or a table that is not there, stops the import with a
:class:`~game.engine.RegistrationError` (docs/NEW_GAME.md adds a game).
"""

from __future__ import annotations

import importlib

from game.engine import GameSpec, RegistrationError, piece_exists

#: every game, in menu order
KEYS: tuple[str, ...] = ("bocce", "bolola", "bisca", "briscola", "doudizhu")


def load_spec(key: str) -> GameSpec:
    """The registration of the game ``key`` (``game/<key>``'s ``SPEC``), checked."""
    name = f"game.{key}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise RegistrationError(f"the game {key!r} is listed in game.KEYS, but {name} "
                                "does not exist") from None
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise RegistrationError(f"{name} has no SPEC (its GameSpec)")
    if spec.key != key:
        raise RegistrationError(f"{name}'s SPEC is registered as {spec.key!r}, not {key!r}")
    check_pieces(spec)
    return spec


def check_pieces(spec: GameSpec) -> None:
    """The modules a registration names (its computers, its table) are there: found, not
    imported, so the engine never runs the screen's code (RegistrationError if not)."""
    for what, ref in (("computers", spec.computers), ("table", spec.table)):
        if not piece_exists(ref):
            raise RegistrationError(f"the game {spec.key!r}: its {what} {ref!r} name a "
                                    "module that does not exist")


GAMES: dict[str, GameSpec] = {key: load_spec(key) for key in KEYS}
#: the games in menu order (their specs)
CATALOG: tuple[GameSpec, ...] = tuple(GAMES.values())
