"""Declared shapes of what a game tells its players, and the one codec for them.

A view (``State.view(seat)``) and an event's data (``Event.for_seat(seat).data``)
are plain JSON objects: that is how they cross the network (game/net) and how the
screen keeps them.  Their keys and types are declared here, one module per game
(``game/views/<key>.py``), as ``TypedDict`` shapes:

* ``View``: what ``view()`` returns (the state's ``view_shape``);
* ``Result``: what ``result()`` returns at the end (the state's ``result_shape``);
* ``EVENTS``: each event kind a game emits and the shape of its data as a seat that
  sees all of it receives it (the state's ``event_shapes``), made by
  :func:`game.engine.shapes_of` from the game's event kinds (:class:`game.engine.EventKind`): the
  state makes each event through its kind (``ROLL(seat, {...})``) and a reader takes its
  data through it (``ROLL.of(event)``), so mypy checks the writer and the reader
  against the one shape.  A key that only the
  private part carries, or only some events of that kind, is optional: it is declared
  in a ``total=False`` class over a ``_<Name>Keys`` class of the keys always there
  (``typing.NotRequired`` needs Python 3.11; the game runs on 3.10).

A ``TypedDict`` is a ``dict`` at run time, so declaring the shapes changes nothing on
the wire (no protocol version moves): the codec below only checks.  Readers (the
table adapters, the computer players) index the declared keys (``view["pallino"]``,
never ``view.get("pallino", 0)``), so a renamed key fails loudly: mypy on the code
that names the shape, a ``KeyError`` in a test on the rest.  The contract test
(tests/game/test_views.py) plays every game at random and :func:`check`\\ s every view
and every event any seat receives against its declared shape.

Why ``TypedDict`` and not dataclasses: a view is built once per update and read as
JSON by a remote client; a dataclass would need a conversion each way and a second
form of every value, where a ``TypedDict`` is the JSON itself, typed.
"""

import functools
import types
import typing
from typing import Any, Literal, Mapping, Optional, TypedDict, TypeVar, Union

T = TypeVar("T")

#: the zones of a view: each zone's cards as the seat sees them (a code, or None face down)
Zones = dict[str, list[Optional[str]]]


class _MoveKeys(TypedDict):
    card: Optional[str]
    src: str
    dst: str
    up: bool


class Move(_MoveKeys, total=False):
    """One entry of an event's ``moves`` (see game/engine.py)."""

    at: int


class _WhyKeys(TypedDict):
    why: str
    card: str


class Why(_WhyKeys, total=False):
    """Why a card took a trick or counted as it did (game/tricks.py ``why_won``, Bocce's
    ``picture_note``): a reason word and the cards it names."""

    over: str


class Moves(TypedDict):
    """The data of an event that only moves cards (a deal, a reveal)."""

    moves: list[Move]


class Nothing(TypedDict):
    """The data of an event that says only its kind and seat (a pass)."""


class GameOver(TypedDict):
    """The last event of every game (:data:`game.engine.GAME_OVER`)."""

    scores: list[int]
    winners: list[int]


class Result(TypedDict):
    """What ``State.result()`` gives once a game is over (the state's ``result_shape``):
    every game's final scores and winners, and the games with a score sheet add it.  It
    crosses the network in the host's last word and is kept in saved games, so it is
    declared like a view."""

    scores: list[int]
    winners: list[int]


class _BaseViewKeys(TypedDict):
    seat: Optional[int]
    zones: Zones
    phase: str


class BaseView(_BaseViewKeys, total=False):
    """What every game's view has: the seat it is for, its zones and its phase (``"over"``
    at the end, when ``winners`` joins it)."""

    winners: list[int]


class TrickView(BaseView):
    """A trick-taking game's view (scenes/tables/tricktable.py): who leads the trick on the
    table and who dealt."""

    leader: int
    dealer: int


def own_seat(view: BaseView) -> int:
    """The seat a player's view is for (a computer player never reads a spectator's)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view belongs to no player")
    return seat


def own_hand(view: BaseView) -> list[str]:
    """The codes of the cards in the hand of the view's seat (each face up to it)."""
    return [c for c in view["zones"][f"hand/{own_seat(view)}"] if c is not None]


class ShapeError(ValueError):
    """A value that does not have its declared shape; the message names where."""


def check(shape: Any, value: Any, where: str = "value") -> None:
    """Raise :class:`ShapeError` unless ``value`` has the declared ``shape``: a TypedDict
    (its required keys all there, no other keys than its own), ``list[X]``,
    ``dict[str, X]``, ``X | None``, a ``Literal``, ``int``/``float``/``bool``/``str``
    (a bool is no int; an int is a float) or ``Any``.

    A value that fits is passed by the shape's own test (:func:`_fits`); only one that
    does not is walked again to say where and why."""
    try:
        if _fits(shape)(value):
            return
    except (_NoCheck, TypeError):   # a shape with no check (or none a cache can key)
        pass
    _explain(shape, value, where)


class _NoCheck(Exception):
    """A shape :func:`check` has no check for: :func:`_explain` says where it lies."""


Fits = typing.Callable[[Any], bool]


@functools.cache
def _fits(shape: Any) -> Fits:
    """Whether a value has ``shape``, as :func:`check` reads the shape, in one function
    made once a shape: a view of every seat checked at every move of whole games walked
    the shape's typing anew for each value, and wrote where each value lay (two thirds
    of test_adapter_patch's time)."""
    if shape is Any:
        return lambda value: True
    if shape is type(None) or shape is None:
        return lambda value: value is None
    if typing.is_typeddict(shape):
        fields = {k: _fits(hint) for k, hint in _hints(shape).items()}
        required = tuple(shape.__required_keys__)

        def record(value: Any) -> bool:
            if not isinstance(value, dict) or any(k not in value for k in required):
                return False
            for k, item in value.items():
                field = fields.get(k)
                if field is None or not field(item):
                    return False
            return True
        return record
    origin, args = typing.get_origin(shape), typing.get_args(shape)
    if origin in (Union, types.UnionType):
        options = tuple(_fits(option) for option in args)
        return lambda value: any(option(value) for option in options)
    if origin is Literal:
        kinds = {type(a) for a in args}
        return lambda value: value in args and type(value) in kinds
    if origin is list:
        item = _fits(args[0])
        return lambda value: isinstance(value, list) and all(item(v) for v in value)
    if origin is dict:
        key, item = _fits(args[0]), _fits(args[1])
        return lambda value: isinstance(value, dict) and \
            all(key(k) and item(v) for k, v in value.items())
    if shape is bool:
        return lambda value: type(value) is bool
    if shape is int:
        return lambda value: type(value) is int
    if shape is float:
        return lambda value: type(value) in (int, float)
    if shape is str:
        return lambda value: type(value) is str

    def unknown(value: Any) -> bool:
        raise _NoCheck(shape)
    return unknown


def _explain(shape: Any, value: Any, where: str) -> None:
    """:func:`check`'s walk that names where a value does not fit its shape."""
    if shape is Any:
        return
    if shape is type(None) or shape is None:
        if value is not None:
            raise ShapeError(f"{where}: {value!r} is not null")
        return
    if typing.is_typeddict(shape):
        _check_dict(shape, value, where)
        return
    origin = typing.get_origin(shape)
    args = typing.get_args(shape)
    if origin in (Union, types.UnionType):
        errors = []
        for option in args:
            try:
                _explain(option, value, where)
                return
            except ShapeError as exc:
                errors.append(exc)
        if value is not None and len(errors) == 2 and type(None) in args:
            raise errors[args.index(type(None)) ^ 1]   # an optional X: why it is no X
        raise ShapeError(f"{where}: {_brief(value)} fits none of {_name(shape)}")
    if origin is Literal:
        if value not in args or type(value) not in {type(a) for a in args}:
            raise ShapeError(f"{where}: {value!r} is not one of {args}")
        return
    if origin is list:
        if not isinstance(value, list):
            raise ShapeError(f"{where}: {_brief(value)} is not a list")
        for i, item in enumerate(value):
            _explain(args[0], item, f"{where}[{i}]")
        return
    if origin is dict:
        if not isinstance(value, dict):
            raise ShapeError(f"{where}: {_brief(value)} is not an object")
        for k, item in value.items():
            _explain(args[0], k, f"{where} key")
            _explain(args[1], item, f"{where}[{k!r}]")
        return
    if shape is bool:
        ok = type(value) is bool
    elif shape is int:
        ok = type(value) is int
    elif shape is float:
        ok = type(value) in (int, float)
    elif shape is str:
        ok = type(value) is str
    else:
        raise TypeError(f"{where}: no check for the shape {shape!r}")
    if not ok:
        raise ShapeError(f"{where}: {_brief(value)} is not {shape.__name__}")


def _check_dict(shape: Any, value: Any, where: str) -> None:
    if not isinstance(value, dict):
        raise ShapeError(f"{where}: {_brief(value)} is not an object ({shape.__name__})")
    hints = _hints(shape)
    missing = [k for k in shape.__required_keys__ if k not in value]
    if missing:
        raise ShapeError(f"{where}: {shape.__name__} lacks {', '.join(sorted(missing))}")
    extra = [k for k in value if k not in hints]
    if extra:
        raise ShapeError(f"{where}: {shape.__name__} has no {', '.join(map(str, extra))}")
    for k, item in value.items():
        _explain(hints[k], item, f"{where}[{k!r}]")


@functools.cache
def _hints(shape: Any) -> dict[str, Any]:
    return typing.get_type_hints(shape)


def _name(shape: Any) -> str:
    return getattr(shape, "__name__", None) or str(shape).replace("typing.", "")


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def conform(shape: type[T], value: Any, where: str = "value") -> T:
    """``value`` as the declared ``shape`` once :func:`check` has found it fits (the
    decoding half of the codec: a view or event data from anywhere, typed)."""
    check(shape, value, where)
    return typing.cast(T, value)


def check_event(shapes: Mapping[str, Any], kind: str, data: Any) -> None:
    """Raise :class:`ShapeError` unless ``kind`` is one of a game's declared events and
    ``data`` fits its shape."""
    shape = shapes.get(kind)
    if shape is None:
        raise ShapeError(f"no event {kind!r} is declared (known: {', '.join(sorted(shapes))})")
    check(shape, data, f"event {kind!r}")
