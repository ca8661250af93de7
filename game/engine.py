"""The contract every game implements, and the log that replays any game.

A game is fully described by ``(key, options, seats, seed, actions)``: the
state owns a ``random.Random(seed)`` that is its only source of chance, so
replaying the same actions gives the same game.  Saves, netplay resync and
bug reports rely on that; a log that does not replay (damaged, or refused by
the rules) raises :class:`LogError`, whatever is wrong with it.

Actions are small, hashable, ordered values with a text form
(``"play:AS"``, ``"commit:AH:10"``, ``"bid::2"``, ``"pass"``) and a JSON form.
Events say what happened, in order; an event may carry a private part
(hidden cards) that only its audience sees: :meth:`Event.for_seat` is the one
place where redaction happens, for the screen and for the network alike.

Zones: the table scene is one scene for all games, so cards are described by
where they lie.  A zone is a string such as ``"deck"``, ``"hand/0"``,
``"bocce/1/2"``, ``"table"``, ``"pile/2"`` (owner seat after the first slash).

* Every ``view(seat)`` has ``"zones": {zone: [code or None, ...]}``: every card
  that seat can place, face up (its code) or face down (``None``), in order.
* Every event that moves or turns cards carries ``"moves"``: a list of
  ``{"card": code or None, "src": zone, "dst": zone, "up": bool}`` in the order
  they happen.  ``src == dst`` turns a card in place.  A hidden card's code is
  ``None`` in ``data["moves"]`` and given in ``private["moves"]`` to those who see it.
  A move whose card is not found in ``src`` by code takes the last card of ``src``.
  A move may carry ``"at"``: the index in ``dst`` where the card lands (a card that
  joins a sorted hand); without it the card goes on top of ``dst`` (at its end).
  Only those who see the card get its place: an index in a hidden hand says how
  many hidden cards sort above it.

Secrecy: everything a seat receives (views, redacted events, the session's
updates and the pace the table takes from them) depends only on what that seat
may know.  :meth:`State.hidden_places` and :meth:`State.redeal_hidden` build a
"twin world" that differs only in cards a seat cannot see, and
tests/game/test_twin_worlds.py proves the seat cannot tell the twins apart, for
every game.
"""

from __future__ import annotations

import abc
import copy
import functools
import importlib
import importlib.machinery
import importlib.util
import math
import random
import sys
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import (
    AbstractSet,
    Any,
    Callable,
    ClassVar,
    Generic,
    Iterable,
    Mapping,
    Optional,
    Sequence,
    TypeVar,
    cast,
)

from game.cards import Card, CardCodeError
from game.views import GameOver, Move, Result

#: the kind of the last event of every game: its data holds ``scores`` and ``winners``
GAME_OVER = "game_over"


def _brief(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut short: a damaged log may hold a 5,000-digit "number", and
    Python refuses to write an int past 4,300 digits (ValueError), so such a number is
    named by its length instead."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 14_000:
        digits = int((value.bit_length() - 1) * math.log10(2)) + 1
        if abs(value) >= 10 ** digits:
            digits += 1
        return f"a {digits}-digit number"
    try:
        text = repr(value)
    except ValueError:                      # a huge int inside a list or a dict
        return f"a {type(value).__name__} holding a number too long to write"
    return text if len(text) <= limit else text[:limit - 3] + "..."


@dataclass(frozen=True)
class Phrase:
    """Words as the engine gives them: a translation key and its parameters.

    The engine never chooses a language: a client turns a phrase into words in
    its own (:meth:`words`).  A parameter named ``card`` (or ending in ``_card``)
    holds a card code and is shown as the card's name; a parameter that is itself
    a phrase (a suit's name, a contract's) is put into words first.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def words(self, lang: str = "en", form: str = "") -> str:
        """The phrase in ``lang``.  ``form``: a shorter form the catalogs may give as
        ``<key>.<form>`` (``"short"``: a button under a title that already says the
        rest, "High" for "Play the Ace of Coins high"); without one, the whole words."""
        from game.i18n import has, reason_words

        key = f"{self.key}.{form}" if form and has(lang, f"{self.key}.{form}") else self.key
        params = {name: value.words(lang) if isinstance(value, Phrase) else value
                  for name, value in self.params.items()}
        return reason_words(lang, key, params)


def plain_label(action: "Action") -> Phrase:
    """An action's words where a game has none of its own: "Pass", "Draw", "Play the Ace
    of Spades", else its text form (a game registers its own :attr:`GameSpec.label`)."""
    if action.kind in ("pass", "draw") and not action.cards and not action.value:
        return Phrase(f"engine.action.{action.kind}")
    if action.kind == "play" and action.card is not None and not action.value:
        return Phrase("engine.action.play", {"card": action.card.code})
    return Phrase("engine.action.other", {"action": str(action)})


@dataclass(frozen=True)
class Reason(Phrase):
    """Why an action is refused, as a translation key and its parameters (a
    :class:`Phrase`): a remote client gets the same key and parameters in the
    reply to its action, so parameter values are plain strings or numbers.
    """

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}

    @classmethod
    def from_json(cls, obj: Any) -> "Reason":
        if not isinstance(obj, dict) or not isinstance(obj.get("key"), str):
            raise ValueError(f"not a reason: {_brief(obj)}")
        params = obj.get("params", {})
        if not isinstance(params, dict) or not all(
                isinstance(k, str) and isinstance(v, (str, int, float)) and not isinstance(v, bool)
                for k, v in params.items()):
            raise ValueError(f"bad reason parameters: {_brief(params)}")
        return cls(obj["key"], params)


class IllegalAction(ValueError):
    """An action the rules do not allow now.  ``reason`` says why as a key and
    parameters; ``str()`` gives the English words (logs, tracebacks)."""

    def __init__(self, key: str | Reason, **params: Any) -> None:
        self.reason = key if isinstance(key, Reason) else Reason(key, params)
        super().__init__(self.reason.words("en"))


class ActionCodeError(ValueError):
    """Text or JSON that is not an action."""


class LogError(ValueError):
    """A game log that cannot be replayed: damaged, hand-edited or not a log at all.

    One error type for every kind of damage, so a loader catches one thing; the
    message says what is wrong.  For an action the rules refuse, ``index`` is its
    place in ``log["actions"]`` and ``reason`` why it was refused.
    """

    def __init__(self, message: str, index: int | None = None,
                 reason: Reason | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.reason = reason


@dataclass(frozen=True, order=True)
class Action:
    """One move: a kind (``"play"``, ``"draw"``, ``"bid"`` ...), cards, and a value.

    ``value`` is a short string (a bid, an Ace's chosen worth, a suit) so that
    actions stay hashable, sortable and trivially serialisable.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    value: str = ""

    def __post_init__(self) -> None:
        if not self.kind or ":" in self.kind or " " in self.kind:
            raise ActionCodeError(f"bad action kind: {_brief(self.kind)}")
        if not isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(self.cards))
        if ":" in self.value:
            raise ActionCodeError(f"bad action value: {_brief(self.value)}")

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Action":
        """An action is a value: copies of a game share it."""
        return self

    @property
    def card(self) -> Card | None:
        """The single card of a one-card action, else None."""
        return self.cards[0] if len(self.cards) == 1 else None

    def __str__(self) -> str:
        text = self.kind
        if self.cards or self.value:
            text += ":" + ",".join(c.code for c in self.cards)
        if self.value:
            text += ":" + self.value
        return text

    @classmethod
    def parse(cls, text: str) -> "Action":
        """The action for a text form produced by ``str(action)``."""
        if not isinstance(text, str) or not text:
            raise ActionCodeError(f"not an action: {_brief(text)}")
        parts = text.split(":")
        if len(parts) > 3:
            raise ActionCodeError(f"not an action: {_brief(text)}")
        kind = parts[0]
        try:
            cs = tuple(Card.parse(c) for c in parts[1].split(",") if c) if len(parts) > 1 else ()
        except CardCodeError as exc:
            raise ActionCodeError(f"not an action: {_brief(text)} ({exc})") from None
        value = parts[2] if len(parts) > 2 else ""
        return cls(kind, cs, value)

    def to_json(self) -> str:
        return str(self)

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        return cls.parse(data)


@dataclass(frozen=True)
class Event:
    """Something that happened.  ``data`` is public; ``private`` is seen only by ``audience``.

    ``audience=None`` means the private part is public too (e.g. a revealed card).
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[str, Any] | None = None
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def for_seat(self, seat: int | None) -> "Event":
        """The event as ``seat`` may see it (``None`` = a spectator): private part merged or dropped."""
        merged = dict(self.data)
        if self.private is not None and self.visible_to(seat):
            merged.update(self.private)
        return Event(self.kind, self.seat, merged)

    def to_json(self) -> dict[str, Any]:
        """The JSON form of an already redacted event (see :meth:`for_seat`)."""
        return {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}

    @classmethod
    def from_json(cls, obj: Any) -> "Event":
        if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
            raise ValueError(f"not an event: {_brief(obj)}")
        seat = obj.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise ValueError(f"bad event seat: {_brief(seat)}")
        data = obj.get("data", {})
        if not isinstance(data, dict):
            raise ValueError(f"bad event data: {_brief(data)}")
        return cls(obj["kind"], seat, data)


#: the declared shape (a TypedDict of game/views) of one event kind's data
D = TypeVar("D", bound=Mapping[str, Any])


class EventKind(Generic[D]):
    """One kind of event and the declared shape of its data (game/views/<key>.py).  The
    state makes its events of that kind through it (``ROLL(seat, {...})``) and a reader
    takes their data through it (``ROLL.data(event)``), so mypy holds the writer and
    every reader to the one ``TypedDict``: a key renamed or mistyped on either side fails
    the type check, not a game.

    The shape is the data as a seat that sees all of it receives it; a key that only the
    private part carries is optional in it (game/views/__init__.py), so the public part
    is checked against the shape too.  The private part is typed loosely: the contract
    test (tests/game/test_views.py) checks every merged event at run time."""

    def __init__(self, name: str, shape: type[D]) -> None:
        self.name = name
        self.shape = shape

    def __repr__(self) -> str:
        return f"EventKind({self.name!r}, {self.shape.__name__})"

    def __call__(self, seat: int | None, data: D, *, private: Mapping[str, Any] | None = None,
                 audience: frozenset[int] | None = None) -> "Event":
        """An event of this kind: ``data`` public, ``private`` seen only by ``audience``."""
        return Event(self.name, seat, data, private, audience)

    def data(self, event: "Event") -> D:
        """The data of ``event``, an event of this kind, as its declared shape (a reader
        that takes another kind's event through it has a bug: it raises)."""
        if event.kind != self.name:
            raise ValueError(f"a {event.kind!r} event read as {self.name!r}")
        return cast(D, event.data)

    def of(self, event: "Event") -> D | None:
        """The data of ``event`` if it is of this kind, else None (a reader's dispatch)."""
        return cast(D, event.data) if event.kind == self.name else None


def shapes_of(*kinds: EventKind[Any]) -> dict[str, Any]:
    """A game's ``event_shapes``: each kind's name and shape, from its kinds (one place)."""
    names = [k.name for k in kinds]
    if len(set(names)) != len(names):
        raise ValueError(f"an event kind declared twice: {names}")
    return {k.name: k.shape for k in kinds}


#: the last event of a game whose end says only its scores and winners
GAME_ENDED: EventKind[GameOver] = EventKind(GAME_OVER, GameOver)


def card_move(card: Card | None, src: str, dst: str, up: bool) -> Move:
    """One entry of an event's ``"moves"`` (see the module docstring): ``card`` None for
    a card whose code this part of the event does not give."""
    return {"card": card.code if card is not None else None, "src": src, "dst": dst, "up": up}


#: values a copy of a game shares with the original: immutable, so sharing is safe (an
#: event is a record of what happened, never changed once made: a game keeping its
#: opening events shares them with its copies instead of rebuilding every deal's moves)
_VALUE: frozenset[type] = frozenset({str, int, float, bool, type(None), bytes, frozenset,
                                     Card, Action, Event})


def plain_copy(value: Any) -> Any:
    """A deep copy of a game's data, made for speed (a search copies a game for every
    playout): lists, dicts, sets and tuples are rebuilt, values (strings, numbers,
    cards, actions, events) shared, a generator copied by its state, a plain object of a game
    (Bocce's ``Bocce``) rebuilt attribute by attribute; anything else goes to
    :func:`copy.deepcopy`.  Unlike deepcopy it keeps no memo: two names for one list
    become two lists (no game state shares a mutable part; tests/game/test_engine.py
    plays a copy and a deepcopy side by side in every game)."""
    kind = type(value)
    if kind in _VALUE:
        return value
    if kind is list:
        return [v if type(v) in _VALUE else plain_copy(v) for v in value]
    if kind is dict:
        return {k: (v if type(v) in _VALUE else plain_copy(v)) for k, v in value.items()}
    if kind is tuple:
        if all(type(v) in _VALUE for v in value):
            return value
        return tuple(plain_copy(v) for v in value)
    if kind is set:
        return set(value)
    if kind is random.Random:
        twin = random.Random.__new__(random.Random)    # not seeded from the system first:
        twin.setstate(value.getstate())                # its whole state is set here
        return twin
    if kind in _PLAIN_OBJECTS or hasattr(value, "__dict__") and not hasattr(value, "__deepcopy__") \
            and not hasattr(value, "__slots__") and kind.__module__.startswith("game."):
        _PLAIN_OBJECTS.add(kind)         # asked once a kind (Bocce copies six a world)
        twin = object.__new__(kind)
        twin.__dict__.update({k: v if type(v) in _VALUE else plain_copy(v)
                              for k, v in value.__dict__.items()})
        return twin
    return copy.deepcopy(value)


#: the kinds of plain object of a game :func:`plain_copy` has met (rebuilt attribute by
#: attribute)
_PLAIN_OBJECTS: set[type] = set()


def _code(card: Card) -> str:
    return card.code


def seat_zones(zones: Mapping[str, Sequence[Card]], seat: int | None,
               face_up: Callable[[int | None, str], bool] | AbstractSet[str],
               code: Callable[[Card], str] = _code) -> dict[str, list[str | None]]:
    """A view's ``"zones"`` for ``seat``: each card's code where ``face_up(seat, zone)``,
    else None for each card (a hidden zone still shows how many cards it holds).
    ``face_up`` may instead be the set of the zones the seat sees face up (a game where
    that depends on the seat alone: a look-up, not a call, per zone).

    ``code`` turns a card into its code (a game may pass a faster lookup); by default the
    card's own ``code``, read in place (a call per card was a fifth of a view's cost, and
    a search builds a view at every playout move)."""
    if not callable(face_up):
        up = face_up
        return {z: ([c.code for c in cs] if z in up else [None] * len(cs))
                for z, cs in zones.items()}
    if code is _code:
        return {z: ([c.code for c in cs] if face_up(seat, z) else [None] * len(cs))
                for z, cs in zones.items()}
    return {z: ([code(c) for c in cs] if face_up(seat, z) else [None] * len(cs))
            for z, cs in zones.items()}


@dataclass(frozen=True)
class Option:
    """A game option: its default and the values it may take.

    ``limit``, when given, narrows ``allowed`` to what fits a number of seats (Bisca's
    opening card count: at most 40 divided by the players), for the new-game screen.
    """

    default: Any
    allowed: tuple[Any, ...]
    label: str = ""
    limit: Optional[Callable[[int], tuple[Any, ...]]] = field(default=None, compare=False)

    def allowed_for(self, seats: int) -> tuple[Any, ...]:
        """The values that fit a table of ``seats`` (all of ``allowed`` without a limit)."""
        return self.allowed if self.limit is None else self.limit(seats)

    def fit(self, value: Any, seats: int) -> Any:
        """``value`` if it fits ``seats``, else the nearest value that does."""
        values = self.allowed_for(seats)
        if value in values:
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return min(values, key=lambda v: abs(v - value))
        return self.default if self.default in values else values[0]


#: the computer players' levels every game offers, weakest first (besides ``"random"``, any
#: legal action: the yardstick of tests and benchmarks, never offered to a player)
LEVELS = ("easy", "normal", "hard")


class RegistrationError(Exception):
    """A game registered without one of its pieces, or naming a piece that is not there.

    Raised when the game is imported or the program starts, never papered over: a game
    with no computer player, no table or no demo is a mistake to fix, not a default."""


@dataclass(frozen=True)
class Demo:
    """The short form of a game the kiosk shows passers-by (a whole game in a few
    minutes): its options, and its players where the game allows several counts."""

    options: Mapping[str, Any] = field(default_factory=dict)
    seats: Optional[int] = None           # None: the game's first count


@dataclass(frozen=True)
class Trial:
    """A stretch of a game that the tests and the benches play at its table (the table's
    fit at every size, the rank strip, a frame's cost): a seed and options whose first
    rounds pass through each phase the table shows, its players, and how many rounds
    (:meth:`State.round_number`) are enough, None for a whole game.  Every game's stretch
    is chosen here, by the game, so no test keeps a list of games and their seeds."""

    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    seats: Optional[int] = None           # None: the game's first count
    rounds: Optional[int] = None          # None: to the end of the game

    def enough(self, state: "State") -> bool:
        """Whether ``state`` has played the stretch: over, or past its last round."""
        return state.over or (self.rounds is not None and state.round_number() > self.rounds)


@dataclass(frozen=True)
class GameSpec:
    """A game's one registration: everything the menu, the table, the kiosk, the
    computers and the network need to know about it, in one place.

    ``cards`` is the whole pack the game deals from (Dou Dizhu's jokers included), for
    anyone who must know every card in advance (the table's card images, the title
    card's fan, the contract tests).  ``label`` gives an action's words as a
    :class:`Phrase` (a key of the catalogs), the one meaning of every button, popup and
    line that names a move, in every language.  ``computers`` and ``table`` name pieces that live
    elsewhere, as ``"package.module:NAME"``: the computer players (``NAME(level)`` gives
    one; game/ai) and the table adapter class (scenes/tables), so that the rules engine
    never imports the screen.  :func:`load_piece` turns a name into the piece, loudly.
    """

    key: str
    title: str
    seats: tuple[int, ...]
    factory: Callable[[dict[str, Any], int, int], "State"]
    options: Mapping[str, Option] = field(default_factory=dict)
    _: KW_ONLY
    cards: tuple[Card, ...]
    label: Callable[["Action"], Phrase]
    computers: str
    table: str
    demo: Demo
    levels: tuple[str, ...] = LEVELS
    trial: Trial = Trial()
    #: the folder of the game's own words and rules (``i18n/<lang>/*.json``,
    #: ``rules/<lang>/<key>.md``) for a game whose texts are not in the program's assets/
    #: (a game registered from outside it, game.register); None: assets/
    assets: Optional[Path] = None

    def __post_init__(self) -> None:
        """Every piece present and of its shape, at import: a game that lacks one fails
        here, before any player sees it."""
        where = f"the game {self.key!r}"
        if not self.key or not self.title or not self.seats:
            raise RegistrationError(f"{where} needs a key, a title and its seat counts")
        if not self.cards or len(set(self.cards)) != len(self.cards):
            raise RegistrationError(f"{where} needs its cards, each once")
        if len({c.is_italian for c in self.cards}) != 1:
            raise RegistrationError(f"{where} mixes Italian and French cards")
        for what, ref in (("computers", self.computers), ("table", self.table)):
            module, _, name = ref.partition(":")
            if not module or not name:
                raise RegistrationError(f"{where} names its {what} as 'package.module:NAME', "
                                        f"not {ref!r}")
        if not self.levels:
            raise RegistrationError(f"{where} needs its computer levels")
        for what, form in (("demo", self.demo), ("trial", self.trial)):
            if form.seats is not None and form.seats not in self.seats:
                raise RegistrationError(f"{where}'s {what} is for {form.seats} players, "
                                        f"not one of {self.seats}")
            try:
                self.resolve_options(form.options)
            except ValueError as exc:
                raise RegistrationError(f"{where}'s {what} options: {exc}") from None

    @property
    def deck(self) -> str:
        """Which card art draws the cards: ``"italian"`` or ``"french"`` (from :attr:`cards`)."""
        return "italian" if self.cards[0].is_italian else "french"

    @property
    def seat_range(self) -> str:
        """The seat counts as a menu writes them: ``"3"``, ``"2-6"``."""
        lo, hi = min(self.seats), max(self.seats)
        return str(lo) if lo == hi else f"{lo}-{hi}"

    @property
    def demo_seats(self) -> int:
        """The players at the kiosk's table."""
        return self.demo.seats if self.demo.seats is not None else self.seats[0]

    @property
    def trial_seats(self) -> int:
        """The players of the :attr:`trial`'s stretch."""
        return self.trial.seats if self.trial.seats is not None else self.seats[0]

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown names or values rejected with a clear message.

        Values are compared by type too: ``1 == True`` and ``1.0 == 1`` in Python,
        but a 1 for a yes/no option or 1.0 for a count is a damaged setting, and
        it would reach the log and the screen as given.
        """
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(f"the options of {self.title} are a dict, not {_brief(options)}")
        out = {name: opt.default for name, opt in self.options.items()}
        for name, value in (options or {}).items():
            if not isinstance(name, str) or name not in self.options:
                raise ValueError(f"{self.title} has no option {_brief(name)}")
            allowed = self.options[name].allowed
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise ValueError(f"option {_brief(name)} of {self.title} cannot be {_brief(value)}")
            out[name] = value
        return out

    def new(self, options: Mapping[str, Any] | None = None, seats: int | None = None,
            seed: int = 0) -> "State":
        seats = self.seats[0] if seats is None else seats
        if type(seats) is not int or seats not in self.seats:
            raise ValueError(f"{self.title} is played by {self.seats} players, not {_brief(seats)}")
        state = self.factory(self.resolve_options(options), seats, seed)
        state.key = self.key
        return state


def load_piece(ref: str, game: str = "") -> Any:
    """The object a registration names (``"package.module:NAME"``, see :class:`GameSpec`).
    A missing module or name is a :class:`RegistrationError` that says whose and which;
    an error inside the module is raised as it is."""
    module, _, name = ref.partition(":")
    whose = f"the game {game!r}: " if game else ""
    # a module imported already is there: looking for it on disk again cost a computer
    # player 0.2 ms, three or four a table a worker takes over (bench/README.md)
    if module not in sys.modules and not piece_exists(ref):
        raise RegistrationError(f"{whose}{ref!r} names a module that does not exist")
    try:
        return getattr(importlib.import_module(module), name)
    except AttributeError:
        raise RegistrationError(f"{whose}{module} has no {name}") from None


def piece_exists(ref: str) -> bool:
    """Whether the module of a registration's piece is there: found, and neither it nor
    its packages run (the check at start-up costs no import)."""
    top, *parts = ref.partition(":")[0].split(".")
    found = importlib.util.find_spec(top)
    for part in parts:
        if found is None or not found.submodule_search_locations:
            return False
        found = importlib.machinery.PathFinder.find_spec(
            f"{found.name}.{part}", list(found.submodule_search_locations))
    return found is not None


class State(abc.ABC):
    """A game in progress.  Subclasses implement the ``_``-prefixed hooks.

    The base class keeps the action log and turns every illegal action into an
    :class:`IllegalAction` carrying :meth:`explain`'s words, so no game can forget to.

    Seats are plain ints ``0 <= seat < seats``; anything else (``True``, ``0.0``,
    ``"0"``, ``-1``) is no seat, and the engine answers for it before any game
    code runs, in every game alike:

    * :meth:`apply` and :meth:`reason`: ``Reason("engine.no_such_seat")``;
    * :meth:`legal_actions`: ``[]`` and :meth:`is_legal`: ``False`` (no seat may
      do anything; ``None`` included);
    * :meth:`view`: ``None`` is the spectator; any other non-seat raises
      ValueError, since a view for ``True`` would be seat 1's hand.

    Games keep writing ``legal_actions``, ``is_legal`` and ``view`` as plain
    methods: :meth:`__init_subclass__` puts the guard in front of them.
    """

    key: str = ""
    #: the declared shape of :meth:`view` (a TypedDict of game/views/<key>.py)
    view_shape: ClassVar[Any] = None
    #: the declared shape of :meth:`result` (game/views/<key>.py ``FinalResult``)
    result_shape: ClassVar[Any] = None
    #: each event kind the game emits and the declared shape of its data
    event_shapes: ClassVar[Mapping[str, Any]] = {}
    #: the attributes that make a position, with their types, in the order its text form
    #: writes them (game/position.py)
    position_fields: ClassVar[Mapping[str, Any]] = {}
    #: lists whose entries are written once and never changed (the history's (seat,
    #: action) pairs; a game may add its own, Bisca its score sheet's rows): :meth:`copy`
    #: rebuilds such a list and shares its entries
    append_only: ClassVar[tuple[str, ...]] = ("history",)
    #: attributes whose value is never changed in place, only replaced whole (a record
    #: of a finished hand, made anew when the next one ends): :meth:`copy` shares it
    kept_whole: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Guard the seat-taking methods a game defines (see the class docstring)."""
        super().__init_subclass__(**kwargs)
        for name, guard in _SEAT_GUARDS.items():
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_seat_guarded", False):
                setattr(cls, name, guard(method))

    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        self.options = dict(options)
        self.seats = seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []

    # -- to implement ------------------------------------------------------
    @abc.abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now; empty when the game is over."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat``, sorted; empty if it may not act."""

    @abc.abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    @abc.abstractmethod
    def view(self, seat: int | None) -> Mapping[str, Any]:
        """JSON-safe: exactly what ``seat`` may know (``None``: a spectator), of the
        declared shape :attr:`view_shape`."""

    @abc.abstractmethod
    def result(self) -> Result:
        """``{"scores": [...], "winners": [...]}`` and what else the game's declared
        :attr:`result_shape` adds, once :attr:`over`."""

    @abc.abstractmethod
    def true_zones(self) -> dict[str, list[Card]]:
        """Every zone with its real cards, in order: what ``view(seat)["zones"]`` shows
        each seat a face of, or a face-down place."""

    def _set_zones(self, zones: Mapping[str, Sequence[Card]]) -> None:
        """Put these cards in these zones (the inverse of :meth:`true_zones`), for
        :meth:`redeal_hidden`; a game that supports it also drops what it worked out
        from the old cards."""
        raise NotImplementedError(f"{type(self).__name__} cannot re-place its cards")

    def from_log(self, seat: int, action: Action) -> Action:
        """An action as an older log wrote it, in today's form (:func:`replay` asks before
        each action): a game whose actions changed keeps its old logs playable."""
        return action

    def _reason(self, seat: int, action: Action) -> Reason | None:
        """Why an action of the seat to act that :meth:`is_legal` refuses is illegal."""
        return None


    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now.  The default looks in
        :meth:`legal_actions`; a game whose lists are long answers without them.  A game
        whose actions come in many equal forms (Dou Dizhu: which of several Jacks) lists
        one of each and takes every form here (say so in its docstring)."""
        return (self.has_seat(seat) and isinstance(action, Action)
                and seat in self.to_act() and action in self.legal_actions(seat))

    # -- provided ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return not self.to_act()

    def has_seat(self, seat: Any) -> bool:
        """Whether ``seat`` is a seat at this table: a plain int (not a bool) in range."""
        return type(seat) is int and 0 <= seat < self.seats

    def opening_events(self) -> list[Event]:
        """Events that happened before the first action (the first deal)."""
        return []

    def reason(self, seat: int, action: Action) -> Reason | None:
        """None if ``seat`` may take ``action`` now, else why not (a key and parameters)."""
        if not isinstance(action, Action):
            return Reason("engine.not_an_action")
        if not self.has_seat(seat):
            return Reason("engine.no_such_seat")
        if self.over:
            return Reason("engine.game_over")
        if seat not in self.to_act():
            return self._waiting_reason(seat, action) or Reason("engine.not_your_turn")
        if self.is_legal(seat, action):
            return None
        return self._reason(seat, action) or Reason("engine.not_allowed")

    def _waiting_reason(self, seat: int, action: Action) -> Reason | None:
        """Why ``seat``, which is not to act, may not take ``action`` now, in the game's own
        words (None: "It is not your turn")."""
        return None

    def explain(self, seat: int, action: Action, lang: str = "en") -> str | None:
        """:meth:`reason` in words of ``lang``: for tools, tests and the local log."""
        why = self.reason(seat, action)
        return None if why is None else why.words(lang)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Take an action; raises :class:`IllegalAction` with the reason if it is not legal."""
        why = self.reason(seat, action)
        if why is not None:
            raise IllegalAction(why)
        events = self._apply(seat, action)
        self.history.append((seat, action))
        return events

    def advance(self, seat: int, action: Action) -> list[Event]:
        """:meth:`apply` without its check, for an action just taken from
        ``legal_actions(seat)`` (a search's playouts, where the check would list the
        actions a second time)."""
        events = self._apply(seat, action)
        self.history.append((seat, action))
        return events

    # -- a position as text (game/position.py) --------------------------------------------
    def to_text(self) -> str:
        """This position as text: :meth:`from_text` builds it back."""
        from game.position import to_text

        return to_text(self)

    @staticmethod
    def from_text(text: str) -> "State":
        """The game whose position :meth:`to_text` wrote as ``text`` (any game: the text
        names it); :class:`game.position.PositionError` if the text is no position."""
        from game.position import from_text

        return from_text(text)

    def __repr__(self) -> str:
        if not self.position_fields:            # a game without a text form
            return object.__repr__(self)
        return f"State.from_text({self.to_text()!r})"

    def round_number(self) -> int:
        """Which round is being played, from 1: a game of several (deals, hands, games of
        a match) counts them, so a :class:`Trial` can stop after a few; 1 otherwise."""
        return 1

    def secret_cards(self, seat: int | None) -> set[str]:
        """The codes of the cards ``seat`` may not know now, by the rules (a spectator:
        None).  The netplay leak tests hold every update to it, so a game that hides more
        than its view's face-down cards (a card once seen, then turned down; a secret its
        view keeps out, as Briscola's sampled card for the dealer) says so here, in its
        rules' terms; by default the cards at :meth:`hidden_places`."""
        return {c.code for cs in self.hidden(seat).values() for c in cs}

    def racing(self) -> bool:
        """Whether the position is a race (several seats may act, the first one takes
        it: Briscola's Venceslao claim): a computer in it waits a person's reaction
        (game/session/race.py), where a table no screen paces would let it take it at
        once.  No, by default."""
        return False

    @staticmethod
    def starts_deal(event: Event) -> bool:
        """Whether ``event`` gathers the cards for a new deal (a new hand, round or game
        of a match): a card shown before it may be hidden again after it, which the leak
        tests allow.  A game of one deal keeps the default, no."""
        return False

    def _positioned(self) -> None:
        """Called once a position's fields are set from text: drop what was worked out
        from the old ones (a game that caches facts about its hands)."""

    def copy(self) -> "State":
        """An independent copy of this game (what :func:`copy.deepcopy` gives, several
        times faster: :func:`plain_copy` of every attribute, the entries of the
        :attr:`append_only` lists shared, the :attr:`kept_whole` values shared).  A search
        copies the game for every playout."""
        twin = object.__new__(type(self))
        shared, whole = self.append_only, self.kept_whole
        twin.__dict__.update({k: list(v) if k in shared else v if k in whole else plain_copy(v)
                              for k, v in self.__dict__.items()})
        return twin

    # -- twin worlds ---------------------------------------------------------
    def hidden_places(self, seat: int | None) -> list[tuple[str, int]]:
        """The places ``(zone, index)`` of :meth:`true_zones` whose card ``seat`` cannot
        see (face down in its view) and which may hold any other such card without the
        rules telling the seat anything else: a twin world (tests/game/test_twin_worlds.py)
        re-deals the cards there.  A game keeps out the zones of :meth:`_fixed_zones`."""
        fixed = self._fixed_zones(seat)
        zones = self.view(seat)["zones"]
        return [(z, i) for z, cs in zones.items() if z.partition("/")[0] not in fixed
                for i, c in enumerate(cs) if c is None]

    def _fixed_zones(self, seat: int | None) -> frozenset[str]:
        """Kinds of zone (``"pile"`` for ``pile/0`` ...) hidden from ``seat`` whose cards
        stay where they are in a twin world: face-down piles of cards everyone saw
        played (what they hold is known, and may show in public facts such as points
        taken), and cards whose identity shows in public facts."""
        return frozenset()

    def redeal_hidden(self, placed: Mapping[tuple[str, int], Card]) -> None:
        """Put each card at its place ``(zone, index)`` of :meth:`true_zones`, the cards
        being a reordering of the cards now at those places (a twin world).  A game that
        keeps hands sorted sorts them again: a hidden hand's order is hidden too."""
        zones = self.true_zones()
        before = sorted(zones[z][i] for z, i in placed)
        if before != sorted(placed.values()):
            raise ValueError("a re-deal must move the cards already at those places")
        for (z, i), c in placed.items():
            zones[z][i] = c
        self._set_zones({z: zones[z] for z in {z for z, _ in placed}})

    # -- worlds a search may play in (game/ai/search.py) ---------------------------------
    def hidden(self, seat: int | None) -> dict[str, list[Card]]:
        """The cards at the seat's :meth:`hidden_places`, zone by zone, in place order."""
        zones = self.true_zones()
        out: dict[str, list[Card]] = {}
        for z, i in self.hidden_places(seat):
            out.setdefault(z, []).append(zones[z][i])
        return out

    def rehide(self, seat: int | None, cards: Mapping[str, Sequence[Card]]) -> None:
        """:meth:`redeal_hidden` zone by zone: ``cards[zone]`` fill the seat's hidden
        places in that zone (as many as it hides), the cards being those hidden there now
        in another order or another zone."""
        places: dict[str, list[int]] = {}
        for z, i in self.hidden_places(seat):
            places.setdefault(z, []).append(i)
        placed: dict[tuple[str, int], Card] = {}
        for zone, cs in cards.items():
            where = places.get(zone, [])
            if len(cs) != len(where):
                raise ValueError(f"{zone} hides {len(where)} cards from seat {seat}, "
                                 f"not {len(cs)}")
            placed.update({(zone, i): c for i, c in zip(where, cs)})
        self.redeal_hidden(placed)

    def world(self, seat: int, seed: int) -> "State":
        """A copy of this game holding nothing ``seat`` may not know: its hidden cards
        dealt afresh among their places, its generator reseeded (future deals unknown),
        any other secret drawn afresh (:meth:`_forget`).  A search may play it out
        freely: what it finds there, the seat could have imagined."""
        out = self.copy()
        rng = random.Random(seed)
        out.rng = random.Random(rng.getrandbits(64))
        out._unseen_afresh(seat, rng)
        return out

    def deal_afresh(self, seat: int, seed: int) -> None:
        """This very game made a :meth:`world` of ``seat``'s, by ``seed``: after an undo
        (game/kept.py) what the person saw of the future (the next draws, the next deal's
        hands, a card the others played) tells nothing of the game they go back to.  The
        hidden cards are shuffled first, as they were before the generator and the other
        secrets were drawn afresh too, so a re-deal kept by then replays them alike."""
        rng = random.Random(seed)
        self._unseen_afresh(seat, rng)
        self.rng = random.Random(rng.getrandbits(64))

    def shuffle_hidden(self, seat: int, rng: random.Random) -> None:
        """The cards at ``seat``'s :meth:`hidden_places` shuffled among them (a twin world)."""
        secret = self.hidden(seat)
        pool = [c for cs in secret.values() for c in cs]
        rng.shuffle(pool)
        placed: dict[str, list[Card]] = {}
        for zone, cs in secret.items():
            placed[zone], pool = pool[:len(cs)], pool[len(cs):]
        self.rehide(seat, placed)

    def _unseen_afresh(self, seat: int, rng: random.Random) -> None:
        """What :meth:`world` and :meth:`deal_afresh` share: the hidden cards shuffled, then
        the other secrets drawn afresh."""
        self.shuffle_hidden(seat, rng)
        self._forget(seat, rng)

    def _forget(self, seat: int, rng: random.Random) -> None:
        """Draw afresh, in a :meth:`world`, what ``seat`` may not know besides the cards
        at its hidden places (Briscola's sampled card, for the dealer who never saw it),
        among what agrees with everything the seat saw: an undo's twin world
        (:meth:`deal_afresh`) must be one the seat cannot tell from the game it left."""

    def log(self) -> dict[str, Any]:
        """The whole game as JSON: replaying it gives this very state."""
        return {"key": self.key, "options": self.options, "seats": self.seats,
                "seed": self.seed,
                "actions": [[seat, str(action)] for seat, action in self.history]}


def _guard_legal_actions(method: Callable[..., list[Action]]) -> Callable[..., list[Action]]:
    @functools.wraps(method)
    def legal_actions(self: State, seat: int) -> list[Action]:
        return method(self, seat) if self.has_seat(seat) else []
    legal_actions._seat_guarded = True  # type: ignore[attr-defined]
    return legal_actions


def _guard_is_legal(method: Callable[..., bool]) -> Callable[..., bool]:
    @functools.wraps(method)
    def is_legal(self: State, seat: int, action: Action) -> bool:
        return self.has_seat(seat) and isinstance(action, Action) and method(self, seat, action)
    is_legal._seat_guarded = True  # type: ignore[attr-defined]
    return is_legal


def _guard_view(method: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    @functools.wraps(method)
    def view(self: State, seat: int | None) -> dict[str, Any]:
        if seat is not None and not self.has_seat(seat):
            raise ValueError(f"no seat {_brief(seat)} at a table of {self.seats}: "
                             "a view is for a seat 0 .. seats - 1, or None for a spectator")
        return method(self, seat)
    view._seat_guarded = True  # type: ignore[attr-defined]
    return view


#: What :meth:`State.__init_subclass__` puts in front of each seat-taking method of a game.
_SEAT_GUARDS: dict[str, Callable[[Callable[..., Any]], Callable[..., Any]]] = {
    "legal_actions": _guard_legal_actions,
    "is_legal": _guard_is_legal,
    "view": _guard_view,
}

#: The keys of :meth:`State.log`, all needed to replay it.
LOG_KEYS = ("key", "options", "seats", "seed", "actions")


def replay(key: str, options: Mapping[str, Any] | None, seats: int, seed: int,
           actions: Iterable[tuple[int, Action] | Sequence[Any]]) -> State:
    """Rebuild a game from its log.

    Raises :class:`LogError` if the log is damaged (a wrong type, an action
    text that does not parse) or does not fit the rules (an illegal action:
    the message names its index and the reason in English).
    """
    from game import GAMES

    if not isinstance(key, str) or key not in GAMES:
        raise LogError(f"the log's game {_brief(key)} is not one of {sorted(GAMES)}")
    if type(seed) is not int:
        raise LogError(f"the log's seed must be an int, not {_brief(seed)}")
    try:
        state = GAMES[key].new(options, seats, seed)
    except ValueError as exc:
        raise LogError(f"the log's setup does not fit {key}: {exc}") from None
    if isinstance(actions, (str, bytes, Mapping)) or not isinstance(actions, Iterable):
        raise LogError(f"the log's actions must be a list, not {_brief(actions)}")
    for index, entry in enumerate(actions):
        seat, action = _log_entry(index, entry)
        try:
            state.apply(seat, state.from_log(seat, action))
        except IllegalAction as exc:
            raise LogError(f"action {index} of the log ({_brief(seat)}, {_brief(str(action))}) is "
                           f"illegal: {exc}", index, exc.reason) from None
    return state


def _log_entry(index: int, entry: Any) -> tuple[int, Action]:
    """One ``[seat, action text]`` pair of a log, checked."""
    if isinstance(entry, (str, bytes, Mapping)) or not isinstance(entry, Sequence) \
            or len(entry) != 2:
        raise LogError(f"action {index} of the log must be [seat, action], not {_brief(entry)}",
                       index)
    seat, action = entry
    if type(seat) is not int:
        raise LogError(f"action {index} of the log has no seat number: {_brief(seat)}", index)
    if isinstance(action, Action):
        return seat, action
    try:
        return seat, Action.parse(action)
    except ActionCodeError:
        raise LogError(f"action {index} of the log is not an action: {_brief(action)}",
                       index) from None


def replay_log(log: Mapping[str, Any]) -> State:
    """:func:`replay` of the dict produced by :meth:`State.log`; :class:`LogError` if damaged."""
    if not isinstance(log, Mapping):
        raise LogError(f"a game log is a dict, not {type(log).__name__}")
    missing = [k for k in LOG_KEYS if k not in log]
    if missing:
        raise LogError(f"the log has no {', '.join(map(repr, missing))}")
    return replay(log["key"], log["options"], log["seats"], log["seed"], log["actions"])
