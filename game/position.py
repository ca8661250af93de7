"""A position as text, for every game (as python-chess's FEN): ``state.to_text()`` writes
it, :func:`from_text` builds the game back from it, and ``repr(state)`` shows it.

One line per fact, ``name = value`` with the value in JSON and every card by its code
(``"AS"``, ``"7c"``).  The first four lines say which game: ``game``, ``seats``, ``seed``
and ``options``; the rest are the fields each game lists in its ``position_fields``
(its state module's docstring shows an example), all of them, in that order::

    game = "bocce"
    seats = 2
    seed = 7
    options = {"target": 25}
    scores = [3, 7]
    hands = [["KS", "5H"], ["7C", "3C", "4C"]]
    ...

Everything a seat could be shown is there: every hidden hand and pile, the scores,
whose turn and the phase, so ``from_text(state.to_text())`` has the same legal actions
and shows every seat (and a spectator) the same view (tests/game/test_position.py).
Two things are not part of a position, on purpose: the generator (a game built from
text deals its next cards from its ``seed`` as a new game would, not as the game it was
written from would have), and the log (a position has no past: its ``history`` is
empty, so it is no save; saves are logs, game/saves.py).

Values are typed by the field's declared type (``list[list[Card]]``, ``Card | None``,
a dataclass such as Bocce's ``Bocce``): the one codec below writes and reads them all.
A test writes a position by hand in this form instead of setting a state's attributes.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import TYPE_CHECKING, Any, Union

from game.cards import Card, CardCodeError

if TYPE_CHECKING:  # pragma: no cover
    from game.engine import State

#: the lines every position starts with, in this order
HEAD = ("game", "seats", "seed", "options")


class PositionError(ValueError):
    """Text that is not a position of a game; the message says which line and why."""


def to_text(state: "State") -> str:
    """The position of ``state`` as text (see the module docstring)."""
    lines = [_line("game", state.key), _line("seats", state.seats), _line("seed", state.seed),
             _line("options", state.options)]
    for name, kind in _fields(type(state)).items():
        lines.append(_line(name, encode(getattr(state, name), kind)))
    return "\n".join(lines) + "\n"


def from_text(text: str) -> "State":
    """The game whose position ``text`` is; :class:`PositionError` if it is none."""
    from game import GAMES

    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}")
    values = _parse(text)
    missing = [k for k in HEAD if k not in values]
    if missing:
        raise PositionError(f"a position starts with {', '.join(HEAD)}: no {missing[0]}")
    key = values["game"]
    if key not in GAMES:
        raise PositionError(f"no game {key!r} (known: {', '.join(sorted(GAMES))})")
    try:
        state = GAMES[key].new(values["options"], values["seats"], values["seed"])
    except (TypeError, ValueError) as exc:
        raise PositionError(f"{key}: {exc}") from None
    fields = _fields(type(state))
    unknown = [k for k in values if k not in fields and k not in HEAD]
    if unknown:
        raise PositionError(f"{key} has no field {unknown[0]!r}")
    for name, kind in fields.items():
        if name not in values:
            raise PositionError(f"{key}: the position has no {name!r}")
        try:
            setattr(state, name, decode(values[name], kind))
        except (CardCodeError, TypeError, ValueError, KeyError) as exc:
            raise PositionError(f"{key}: {name} = {values[name]!r}: {exc}") from None
    state.history = []
    state._positioned()
    return state


def edit(text: str, **fields: Any) -> str:
    """The position ``text`` with these fields written anew (plain JSON values, cards as
    codes): how a test sets up the position it needs from a real one.  A field the text
    does not have is refused, so a renamed field fails here, not silently."""
    lines = text.splitlines()
    names = [line.partition(" = ")[0] for line in lines]
    for name, value in fields.items():
        if name not in names:
            raise PositionError(f"the position has no field {name!r}")
        lines[names.index(name)] = _line(name, value)
    return "\n".join(lines) + "\n"


def _fields(cls: type) -> dict[str, Any]:
    fields = getattr(cls, "position_fields", None)
    if not fields:
        raise PositionError(f"{cls.__name__} declares no position_fields")
    return dict(fields)


def _line(name: str, value: Any) -> str:
    return f"{name} = {json.dumps(value, ensure_ascii=False)}"


def _parse(text: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        name, sep, value = raw.partition(" = ")
        if not sep or not name.isidentifier():
            raise PositionError(f"line {number} is not 'name = value': {raw[:60]!r}")
        if name in values:
            raise PositionError(f"line {number} gives {name} a second time")
        try:
            values[name] = json.loads(value)
        except json.JSONDecodeError as exc:
            raise PositionError(f"line {number} ({name}): not JSON: {exc}") from None
    return values


def encode(value: Any, kind: Any) -> Any:
    """``value`` of the declared type ``kind`` as plain JSON (cards as codes)."""
    if kind is Any or value is None:
        return json.loads(json.dumps(value))
    if kind is Card:
        return value.code
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (Union, types.UnionType):
        return encode(value, next(a for a in args if a is not type(None)))
    if origin in (list, tuple):
        return [encode(v, t) for v, t in zip(value, _items(args, len(value)))]
    if origin is dict:
        return {k: encode(v, args[1]) for k, v in value.items()}
    if dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        return {f.name: encode(getattr(value, f.name), hints[f.name])
                for f in dataclasses.fields(kind)}
    return value


def decode(value: Any, kind: Any) -> Any:
    """The value of the declared type ``kind`` that :func:`encode` wrote as ``value``."""
    if kind is Any:
        return value
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        return decode(value, next(a for a in args if a is not type(None)))
    if value is None:
        raise TypeError(f"null where a {getattr(kind, '__name__', kind)} belongs")
    if kind is Card:
        return Card.parse(value)
    if origin in (list, tuple):
        if not isinstance(value, list):
            raise TypeError(f"{value!r} is not a list")
        out = [decode(v, t) for v, t in zip(value, _items(args, len(value)))]
        return tuple(out) if origin is tuple else out
    if origin is dict:
        if not isinstance(value, dict):
            raise TypeError(f"{value!r} is not an object")
        return {k: decode(v, args[1]) for k, v in value.items()}
    if dataclasses.is_dataclass(kind):
        if not isinstance(value, dict):
            raise TypeError(f"{value!r} is not an object")
        hints = typing.get_type_hints(kind)
        make: Any = kind
        return make(**{f.name: decode(value[f.name], hints[f.name])
                       for f in dataclasses.fields(kind)})
    if kind in (int, str, bool) and type(value) is not kind:
        raise TypeError(f"{value!r} is not {kind.__name__}")
    return value


def _items(args: tuple[Any, ...], n: int) -> list[Any]:
    """The type of each item of a list (``list[X]``), a ``tuple[X, ...]`` or a fixed tuple."""
    if len(args) == 2 and args[1] is Ellipsis:
        return [args[0]] * n
    if len(args) == 1:
        return [args[0]] * n
    if len(args) != n:
        raise TypeError(f"{n} items where {len(args)} belong")
    return list(args)
