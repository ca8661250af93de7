"""Tavolata's rules engine: pure Python, never imports pygame.

:data:`KEYS` is the one list of games, in menu order; each is the module (or package)
``game/<key>`` with its :class:`~game.engine.GameSpec` as ``SPEC``, which registers
everything about it (its title, seats, cards, computer players, table and demo).
``GAMES`` maps each key to its spec and ``CATALOG`` lists the specs in menu order.
Nothing is skipped: a listed game that is missing, or registers another key, or names
a computer player or a table that is not there, stops the import with a
:class:`~game.engine.RegistrationError` (docs/NEW_GAME.md adds a game).

:func:`register` adds a game that lives elsewhere by the same checks: each module named
in the environment's ``TAVOLATA_GAMES`` (commas between), at import, after the listed
games.  The tests name their own small game there (tests/games/highcard; tests/conftest.py),
so it runs in every test and in every program a test starts; the shipped program names
none.  It extends :data:`KEYS` and :data:`CATALOG` by new tuples, so a reader that took
them before (``from game import KEYS``) would miss the game: registering at import keeps
every reader after it.
"""

from __future__ import annotations

import importlib
import os

from game import i18n
from game.engine import GameSpec, RegistrationError, piece_exists

#: every game, in menu order
KEYS: tuple[str, ...] = ("bocce", "bolola", "bisca", "briscola", "doudizhu")


def load_spec(key: str, name: str = "") -> GameSpec:
    """The registration of the game ``key`` (the ``SPEC`` of ``game/<key>``, or of the
    module ``name``), checked."""
    name = name or f"game.{key}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise RegistrationError(f"the game {key!r} is listed (in game.KEYS or {MORE_GAMES}), "
                                f"but {name} does not exist") from None
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


#: the environment variable naming the modules of games registered beside KEYS
MORE_GAMES = "TAVOLATA_GAMES"
GAMES: dict[str, GameSpec] = {key: load_spec(key) for key in KEYS}
#: the games in menu order (their specs)
CATALOG: tuple[GameSpec, ...] = tuple(GAMES.values())


def register(module: str) -> GameSpec:
    """Add the game whose ``SPEC`` is in ``module`` (the module's last name is its key),
    checked as a listed game is, after the listed ones; its words join the catalogs
    (``GameSpec.assets``).  A key already taken is a RegistrationError."""
    global KEYS, CATALOG
    key = module.rpartition(".")[2]
    if key in GAMES:
        raise RegistrationError(f"the game {key!r} is registered already")
    spec = load_spec(key, module)
    GAMES[key] = spec
    KEYS = (*KEYS, key)
    CATALOG = (*CATALOG, spec)
    if spec.assets is not None:
        i18n.add_folder(spec.assets / "i18n")
    return spec


for _module in filter(None, (m.strip() for m in os.environ.get(MORE_GAMES, "").split(","))):
    register(_module)
