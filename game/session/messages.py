"""What crosses between a referee and its clients, and the one codec for it.

Three messages, each a plain frozen value:

* :class:`Update`, referee to client: what happened since the last update, as
  that client may see it (the events already redacted by
  :meth:`~game.engine.Event.for_seat`), then the client's view, its legal
  actions, who is to act, and the game's version.  The last update of a game
  carries the result.
* :class:`Submit`, client to referee: an action of a seat, for the version the
  client saw (a move meant for a position the game has left is refused, not
  carried out in another).  ``probe`` asks only why the action would be refused.
* :class:`Refused`, referee to client: an action that was not taken, with the
  reason as a key and parameters (each client words it in its own language).

:func:`encode` / :func:`decode` turn them into JSON-able dicts and back, and
:func:`dumps` / :func:`loads` into one line of JSON text: the local table and a
remote one receive exactly the same values.  ``decode`` checks every field's
type and raises :class:`MessageError` (a ``ValueError``) naming what is wrong:
input from a socket is never trusted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Union

from game.engine import Action, ActionCodeError, Event, Reason

#: a line longer than this is refused before it is parsed
MAX_LINE = 1 << 20


class MessageError(ValueError):
    """Text or JSON that is not a valid message."""


@dataclass(frozen=True)
class Update:
    """One step of the game as seen from ``seat`` (None: a spectator)."""

    seat: Optional[int]
    version: int
    actor: Optional[int]                 # who acted; None for the opening deal
    events: tuple[Event, ...]
    view: Mapping[str, Any]
    legal: tuple[Action, ...]
    to_act: tuple[int, ...]
    result: Optional[Mapping[str, Any]] = None
    #: the seats to act whose move is forced in the open (see :func:`forced_seats`)
    forced: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act


@dataclass(frozen=True)
class Submit:
    """A seat's action, for the game as it stood at ``version`` (None: whatever it is now)."""

    seat: int
    action: Action
    version: Optional[int] = None
    probe: bool = False


@dataclass(frozen=True)
class Refused:
    """An action not taken, and why."""

    seat: Optional[int]
    action: str
    reason: Reason
    version: int
    probe: bool = False


Message = Union[Update, Submit, Refused]


def encode(msg: Message) -> dict[str, Any]:
    """A message as plain JSON values."""
    if isinstance(msg, Update):
        return {"type": "update", "seat": msg.seat, "version": msg.version, "actor": msg.actor,
                "events": [e.to_json() for e in msg.events], "view": msg.view,
                "legal": [str(a) for a in msg.legal], "to_act": list(msg.to_act),
                "result": msg.result, "forced": list(msg.forced)}
    if isinstance(msg, Submit):
        return {"type": "submit", "seat": msg.seat, "action": str(msg.action),
                "version": msg.version, "probe": msg.probe}
    if isinstance(msg, Refused):
        return {"type": "refused", "seat": msg.seat, "action": msg.action,
                "reason": msg.reason.to_json(), "version": msg.version, "probe": msg.probe}
    raise MessageError(f"not a message: {msg!r}")


def _int(obj: Mapping[str, Any], name: str) -> int:
    value = obj.get(name)
    if type(value) is not int:
        raise MessageError(f"{name} must be an integer, not {value!r}")
    return value


def _int_or_none(obj: Mapping[str, Any], name: str) -> Optional[int]:
    return None if obj.get(name) is None else _int(obj, name)


def _bool(obj: Mapping[str, Any], name: str) -> bool:
    value = obj.get(name, False)
    if type(value) is not bool:
        raise MessageError(f"{name} must be true or false, not {value!r}")
    return value


def _action(text: Any) -> Action:
    try:
        return Action.parse(text)
    except ActionCodeError as exc:
        raise MessageError(str(exc)) from None


def decode(obj: Any) -> Message:
    """The message for :func:`encode`'s output; :class:`MessageError` if it is not one."""
    if not isinstance(obj, dict):
        raise MessageError("a message is a JSON object")
    kind = obj.get("type")
    if kind == "update":
        events = obj.get("events")
        legal = obj.get("legal")
        to_act = obj.get("to_act")
        view = obj.get("view")
        result = obj.get("result")
        if not isinstance(events, list) or not isinstance(legal, list) \
                or not isinstance(to_act, list) or not isinstance(view, dict):
            raise MessageError("an update needs events, view, legal and to_act")
        if result is not None and not isinstance(result, dict):
            raise MessageError("result must be an object")
        forced = obj.get("forced") or []
        if not isinstance(forced, list) or not all(type(s) is int for s in to_act + forced):
            raise MessageError("to_act and forced must list seat numbers")
        try:
            decoded = tuple(Event.from_json(e) for e in events)
        except ValueError as exc:
            raise MessageError(str(exc)) from None
        return Update(_int_or_none(obj, "seat"), _int(obj, "version"), _int_or_none(obj, "actor"),
                      decoded, view, tuple(_action(a) for a in legal), tuple(to_act), result,
                      tuple(forced))
    if kind == "submit":
        return Submit(_int(obj, "seat"), _action(obj.get("action")),
                      _int_or_none(obj, "version"), _bool(obj, "probe"))
    if kind == "refused":
        action = obj.get("action")
        if not isinstance(action, str):
            raise MessageError("a refusal names its action")
        try:
            reason = Reason.from_json(obj.get("reason"))
        except ValueError as exc:
            raise MessageError(str(exc)) from None
        return Refused(_int_or_none(obj, "seat"), action, reason, _int(obj, "version"),
                       _bool(obj, "probe"))
    raise MessageError(f"unknown message type {kind!r}")


def dumps(msg: Message) -> str:
    """One line of JSON (no newline inside)."""
    return json.dumps(encode(msg), separators=(",", ":"), ensure_ascii=False)


def loads(text: Union[str, bytes]) -> Message:
    """The message in one line of JSON; :class:`MessageError` for anything else."""
    if len(text) > MAX_LINE:
        raise MessageError(f"message longer than {MAX_LINE} bytes")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MessageError(f"not JSON: {exc}") from None
    return decode(obj)


def round_trip(msg: Message) -> Message:
    """The message as a remote peer would receive it: encoded to text and decoded."""
    return loads(dumps(msg))
