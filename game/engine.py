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
"""

from __future__ import annotations

import abc
import copy
import functools
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from game.cards import Card, CardCodeError


#: the kind of the last event of every game: its data holds ``scores`` and ``winners``
GAME_OVER = "game_over"


@dataclass(frozen=True)
class Reason:
    """Why an action is refused, as a translation key and its parameters.

    The engine never chooses a language: a client turns a reason into words in
    its own (:meth:`words`), and a remote client gets the same key and
    parameters in the reply to its action.  Parameter values are plain strings
    or numbers; a parameter named ``card`` (or ending in ``_card``) holds a card
    code and is shown as the card's name.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def words(self, lang: str = "en") -> str:
        from game.i18n import reason_words

        return reason_words(lang, self.key, self.params)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}

    @classmethod
    def from_json(cls, obj: Any) -> "Reason":
        if not isinstance(obj, dict) or not isinstance(obj.get("key"), str):
            raise ValueError(f"not a reason: {obj!r}")
        params = obj.get("params", {})
        if not isinstance(params, dict) or not all(
                isinstance(k, str) and isinstance(v, (str, int, float)) and not isinstance(v, bool)
                for k, v in params.items()):
            raise ValueError(f"bad reason parameters: {params!r}")
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
            raise ActionCodeError(f"bad action kind: {self.kind!r}")
        if not isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(self.cards))
        if ":" in self.value:
            raise ActionCodeError(f"bad action value: {self.value!r}")

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo: dict) -> "Action":
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
            raise ActionCodeError(f"not an action: {text!r}")
        parts = text.split(":")
        if len(parts) > 3:
            raise ActionCodeError(f"not an action: {text!r}")
        kind = parts[0]
        try:
            cs = tuple(Card.parse(c) for c in parts[1].split(",") if c) if len(parts) > 1 else ()
        except CardCodeError as exc:
            raise ActionCodeError(f"not an action: {text!r} ({exc})") from None
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
            raise ValueError(f"not an event: {obj!r}")
        seat = obj.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise ValueError(f"bad event seat: {seat!r}")
        data = obj.get("data", {})
        if not isinstance(data, dict):
            raise ValueError(f"bad event data: {data!r}")
        return cls(obj["kind"], seat, data)


def card_move(card: Card | None, src: str, dst: str, up: bool) -> dict[str, Any]:
    """One entry of an event's ``"moves"`` (see the module docstring): ``card`` None for
    a card whose code this part of the event does not give."""
    return {"card": card.code if card is not None else None, "src": src, "dst": dst, "up": up}


def _code(card: Card) -> str:
    return card.code


def seat_zones(zones: Mapping[str, Sequence[Card]], seat: int | None,
               face_up: Callable[[int | None, str], bool],
               code: Callable[[Card], str] = _code) -> dict[str, list[str | None]]:
    """A view's ``"zones"`` for ``seat``: each card's code where ``face_up(seat, zone)``,
    else None for each card (a hidden zone still shows how many cards it holds).

    ``code`` turns a card into its code (a game may pass a faster lookup)."""
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


@dataclass(frozen=True)
class GameSpec:
    """What the menu, the table and the network need to know about a game."""

    key: str
    title: str
    seats: tuple[int, ...]
    factory: Callable[[dict[str, Any], int, int], "State"]
    options: Mapping[str, Option] = field(default_factory=dict)
    deck: str = "french"  # "french" or "italian": which card art the table uses

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown names or values rejected with a clear message.

        Values are compared by type too: ``1 == True`` and ``1.0 == 1`` in Python,
        but a 1 for a yes/no option or 1.0 for a count is a damaged setting, and
        it would reach the log and the screen as given.
        """
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(f"the options of {self.title} are a dict, not {options!r}")
        out = {name: opt.default for name, opt in self.options.items()}
        for name, value in (options or {}).items():
            if not isinstance(name, str) or name not in self.options:
                raise ValueError(f"{self.title} has no option {name!r}")
            allowed = self.options[name].allowed
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise ValueError(f"option {name!r} of {self.title} cannot be {value!r}")
            out[name] = value
        return out

    def new(self, options: Mapping[str, Any] | None = None, seats: int | None = None,
            seed: int = 0) -> "State":
        seats = self.seats[0] if seats is None else seats
        if type(seats) is not int or seats not in self.seats:
            raise ValueError(f"{self.title} is played by {self.seats} players, not {seats!r}")
        state = self.factory(self.resolve_options(options), seats, seed)
        state.key = self.key
        return state


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
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe: exactly what ``seat`` may know (``None``: a spectator)."""

    @abc.abstractmethod
    def result(self) -> dict[str, Any]:
        """``{"scores": [...], "winners": [...]}`` once :attr:`over`."""

    def _reason(self, seat: int, action: Action) -> Reason | None:
        """Why an action of the seat to act that :meth:`is_legal` refuses is illegal."""
        return None

    # -- hidden cards: worlds a seat cannot tell apart ---------------------------------------
    def true_zones(self) -> dict[str, list[Card]]:
        """Every zone with its real cards, in order (what :meth:`view` redacts)."""
        raise NotImplementedError(f"{type(self).__name__} does not describe its zones")

    def secret_zones(self, seat: int | None) -> tuple[str, ...]:
        """The zones whose cards ``seat`` cannot know: other players' hands, the stock,
        a face-down kitty.  A world consistent with the seat's view may hold any of
        their cards in any of their places (the rules may narrow it: a suit a player
        showed void).  Cards the seat saw go face down (won tricks) are not secret."""
        return ()

    def hidden(self, seat: int | None) -> dict[str, list[Card]]:
        """The cards of each non-empty secret zone of ``seat``, in place order."""
        zones = self.true_zones()
        return {z: list(zones[z]) for z in self.secret_zones(seat) if zones.get(z)}

    def rehide(self, cards: Mapping[str, Sequence[Card]]) -> None:
        """Put ``cards`` in the secret zones named (each as many cards as it holds now):
        the same game, with other cards where a seat cannot see."""
        zones = self.true_zones()
        for zone, cs in cards.items():
            if len(cs) != len(zones.get(zone, ())):
                raise ValueError(f"zone {zone} holds {len(zones.get(zone, ()))} cards, "
                                 f"not {len(cs)}")
            self._put_zone(zone, list(cs))
        self._rehidden()

    def world(self, seat: int, seed: int) -> "State":
        """A copy of this game holding nothing ``seat`` may not know: its hidden cards
        shuffled among their zones, its generator reseeded (future deals unknown), any
        other secret drawn afresh (:meth:`_forget`).  A search may play it out freely:
        what it finds there, the seat could have imagined."""
        out = copy.deepcopy(self)
        rng = random.Random(seed)
        out.rng = random.Random(rng.getrandbits(64))
        secret = out.hidden(seat)
        pool = [c for cs in secret.values() for c in cs]
        rng.shuffle(pool)
        placed: dict[str, list[Card]] = {}
        for zone, cs in secret.items():
            placed[zone], pool = pool[:len(cs)], pool[len(cs):]
        out.rehide(placed)
        out._forget(seat, rng)
        return out

    def _put_zone(self, zone: str, cards: list[Card]) -> None:
        """Make ``cards`` the cards of ``zone`` (see :meth:`rehide`)."""
        raise NotImplementedError(f"{type(self).__name__} cannot re-place the cards of {zone}")

    def _rehidden(self) -> None:
        """Bring what the game derives from its cards up to date after :meth:`rehide`."""

    def _forget(self, seat: int, rng: random.Random) -> None:
        """Draw afresh any secret of ``seat`` that is not a card in a secret zone."""

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now.  The default looks in
        :meth:`legal_actions`; a game whose lists are long answers without them."""
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
            raise ValueError(f"no seat {seat!r} at a table of {self.seats}: "
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
            state.apply(seat, action)
        except IllegalAction as exc:
            raise LogError(f"action {index} of the log ({seat}, {_brief(str(action))}) is "
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


def _brief(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut short: a damaged log may hold a 5,000-digit "number"."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def replay_log(log: Mapping[str, Any]) -> State:
    """:func:`replay` of the dict produced by :meth:`State.log`; :class:`LogError` if damaged."""
    if not isinstance(log, Mapping):
        raise LogError(f"a game log is a dict, not {type(log).__name__}")
    missing = [k for k in LOG_KEYS if k not in log]
    if missing:
        raise LogError(f"the log has no {', '.join(map(repr, missing))}")
    return replay(log["key"], log["options"], log["seats"], log["seed"], log["actions"])
