"""A kept (or exported) game, position by position: every hand face up once the game is
over, only what the person saw while it is not.

:class:`Replay` holds, for the deal and after each action, what a screen needs to show
that position: a view, who acted, and the events of that step.  Stepping back and forth
is then reading a list, and the same step always shows the same position.

What a replay shows depends on whether the game is over:

* **A finished game** (:func:`open_steps`): every hand face up (a replay hides nothing
  once the game is over).  Each zone is taken from the view of the seat that sees most
  of its cards (a hand from its owner, the table from anyone), so a zone nobody sees (the
  stock) stays face down; the other keys of the view are the person's own.
* **A game not over** (:func:`seat_steps`): the person's own view and the events as
  they received them, nothing more: their hand, what was played face up.  Twin worlds
  (tests/game/test_twin_worlds.py) cannot be told apart on this channel either.

What is written for a game not over (*Save this game*, :func:`exported`) is the
person's **story**: the setup without its seed, and each step as they saw it (their
view, as a change to the one before, and their events); never the seed or the others'
moves, from which the hidden cards would follow.  It replays anywhere and shows what it
holds, and nobody reading the file learns more than the person knew.  The resume slot
(game/saves.py) is another thing: it must resume the very game on this machine, so it
keeps the seed and every move, but sealed under a key of the data folder
(:func:`game.saves.sealed`): its JSON tells a reader only which game, whose seat and
when; opened with ``--replay`` on this machine while the game is not over, it too shows
only the person's story.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Optional

from game.engine import Event, State
from game.saves import FORMAT, MAGIC, Record, SaveError, game_version, read_json, unsealed
from game.session.setup import GameSetup
from game.views import Result, ShapeError, check, check_event

#: the most steps a story may have (the longest games: Dou Dizhu's nine hands, some 560;
#: Bolola's nine deals, 470)
MAX_STEPS = 10_000
#: the largest view of one step, as JSON (the games' largest: about 4 KB)
MAX_VIEW = 1 << 16
#: all the steps' views together, as JSON: a story's work is bounded, not only its bytes
#: (the longest games' views: 1 to 2 MB; 8 MB take about 0.7 s to read)
MAX_VIEWS = 1 << 23


def open_view(state: State, seat: int) -> dict[str, Any]:
    """``seat``'s view with each zone as the seat that sees most of it sees it."""
    views = [state.view(s) for s in range(state.seats)]
    out = dict(views[seat])
    zones: dict[str, list] = {}
    for view in views:
        for zone, codes in view.get("zones", {}).items():
            have = zones.get(zone)
            if have is None or sum(c is not None for c in codes) > sum(c is not None for c in have):
                zones[zone] = list(codes)
    out["zones"] = zones
    return out


def shown_event(event: Event) -> Event:
    """The event with its hidden part shown (redacted for a seat of its audience)."""
    if event.audience:
        return event.for_seat(min(event.audience))
    return event.for_seat(None)


@dataclass(frozen=True)
class Step:
    """One position: after the deal (``actor`` None) or after an action."""

    view: dict[str, Any]
    actor: Optional[int]
    action: str
    events: tuple[Event, ...]
    result: Optional[Result]


Played = Iterable[tuple[State, list[Event]]]


def open_steps(played: Played, actions: Iterable[tuple[int, str]], seat: int) -> list[Step]:
    """The steps of a finished game, every hand face up (``played``: :meth:`Record.steps`)."""
    out = []
    for (state, events), (actor, action) in zip(played, [(None, ""), *actions]):
        out.append(Step(open_view(state, seat), actor, action,
                        tuple(shown_event(e) for e in events),
                        state.result() if state.over else None))
    return out


def seat_steps(played: Played, actions: Iterable[tuple[int, str]], seat: int) -> list[Step]:
    """The steps as ``seat`` saw them: its view, its events, its own moves' words."""
    out = []
    for (state, events), (actor, action) in zip(played, [(None, ""), *actions]):
        out.append(Step(dict(state.view(seat)), actor, action if actor == seat else "",
                        tuple(e.for_seat(seat) for e in events),
                        state.result() if state.over else None))
    return out


class Replay:
    """Every position of a game, as the person may see it (see the module docstring)."""

    def __init__(self, setup: GameSetup, seat: int, undos: int, steps: list[Step],
                 record: Optional[Record] = None, saved: float = 0.0) -> None:
        self.setup = setup
        self.seat = seat
        self.undos = undos
        self.steps = steps
        #: the whole record, for a finished game (saved again as it is)
        self.record = record
        self.saved = saved

    @classmethod
    def of(cls, record: Record) -> "Replay":
        """A kept game's replay (SaveError if its log is refused): open once over."""
        if record.result is not None:       # over, as its log must show
            steps = open_steps(record.steps(), record.actions, record.seat)
            if steps[-1].result is not None:
                return cls(record.setup, record.seat, record.undos, steps, record,
                           record.saved)
        steps = seat_steps(record.steps(), record.actions, record.seat)
        return cls(record.setup.with_seed(None), record.seat, record.undos, steps,
                   None, record.saved)

    @property
    def finished(self) -> bool:
        return self.steps[-1].result is not None

    def exported(self) -> dict[str, Any]:
        """What *Save this game* writes: the record of a finished game, the person's story
        of one that is not (:func:`story_json`)."""
        if self.record is not None:
            return self.record.to_json()
        return story_json(self)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]


def exported(record: Record) -> dict[str, Any]:
    """The file *Save this game* writes for a game of this program (:meth:`Replay.exported`):
    one that ended (its record has the result) as it is, without replaying it."""
    if record.result is not None:
        return record.to_json()
    return Replay.of(record).exported()


# -- the story of a game not over -------------------------------------------------------------
def delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What changed from ``old`` to ``new``: keys set, keys gone, objects changed within."""
    put = {k: v for k, v in new.items() if k not in old or (
        old[k] != v and not (isinstance(v, dict) and isinstance(old[k], dict)))}
    sub = {k: delta(old[k], v) for k, v in new.items()
           if k in old and old[k] != v and isinstance(v, dict) and isinstance(old[k], dict)}
    gone = [k for k in old if k not in new]
    out: dict[str, Any] = {}
    if put:
        out["set"] = put
    if sub:
        out["sub"] = sub
    if gone:
        out["del"] = gone
    return out


def patched(old: dict[str, Any], change: Any) -> dict[str, Any]:
    """``old`` with a :func:`delta` applied (SaveError when it is not one)."""
    if not isinstance(change, dict) or set(change) - {"set", "sub", "del"}:
        raise SaveError("saves.steps_damaged")
    put, sub, gone = change.get("set", {}), change.get("sub", {}), change.get("del", [])
    if not isinstance(put, dict) or not isinstance(sub, dict) or not isinstance(gone, list):
        raise SaveError("saves.steps_damaged")
    out = {k: v for k, v in old.items() if k not in gone}
    out.update(put)
    for k, inner in sub.items():
        if not isinstance(out.get(k), dict):
            raise SaveError("saves.steps_damaged")
        out[k] = patched(out[k], inner)
    return out


def check_change(shape: Any, change: dict[str, Any], value: Any, where: str) -> None:
    """ShapeError unless ``value``, changed by the :func:`delta` ``change``, still has its
    declared ``shape``: each value the change sets is checked, no key it removes is
    required, and an object it changes within is checked the same way; a shape that is no
    object's (a union of several) is checked whole.  The work is the change's size, not
    the whole view's."""
    options = [a for a in typing.get_args(shape) if a is not type(None)] \
        if typing.get_origin(shape) in (typing.Union, types.UnionType) else [shape]
    inner = options[0] if len(options) == 1 else None
    hints = typing.get_type_hints(inner) if typing.is_typeddict(inner) else None
    if shape is Any:
        return
    if hints is None and typing.get_origin(inner) is not dict:
        check(shape, value, where)
        return
    of = typing.get_args(inner)[1] if hints is None else None
    for key, item in change.get("set", {}).items():
        if hints is not None and key not in hints:
            raise ShapeError(f"{where}: no {key!r} in {_name(inner)}")
        check(hints[key] if hints is not None else of, item, f"{where}[{key!r}]")
    for key in change.get("del", []):
        if hints is not None and key in getattr(inner, "__required_keys__", ()):
            raise ShapeError(f"{where}: {key!r} is required")
    for key, sub in change.get("sub", {}).items():
        check_change(hints[key] if hints is not None else of, sub, value[key],
                     f"{where}[{key!r}]")


def _name(shape: Any) -> str:
    return getattr(shape, "__name__", str(shape))


def story_json(replay: Replay) -> dict[str, Any]:
    """The person's story as a file (see the module docstring): no seed, no move but
    their own, each view as a change to the one before."""
    steps: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for step in replay.steps:
        steps.append({"actor": step.actor, "action": step.action,
                      "view": delta(before, step.view),
                      "events": [e.to_json() for e in step.events]})
        before = step.view
    return {"tavolata": MAGIC, "format": FORMAT, "story": True, "version": game_version(),
            "saved": replay.saved, "setup": replay.setup.with_seed(None).to_json(),
            "seat": replay.seat, "undos": replay.undos, "steps": steps}


def story_from_json(data: dict[str, Any]) -> Replay:
    """The replay a story file holds, every view and event checked against the game's
    declared shapes (SaveError naming what is wrong)."""
    from game import GAMES

    try:
        setup = GameSetup.from_json(data.get("setup"))
        state = GAMES[setup.key].new(setup.options, len(setup.seats), 0)
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveError("saves.setup_damaged", str(exc)[:80]) from None
    seat, undos, saved = data.get("seat"), data.get("undos", 0), data.get("saved", 0.0)
    raw = data.get("steps")
    if type(seat) is not int or not 0 <= seat < len(setup.seats):
        raise SaveError("saves.seat_away", seat=str(seat)[:40])
    if type(undos) is not int or undos < 0 or not isinstance(saved, (int, float)):
        raise SaveError("saves.story_numbers")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_STEPS:
        raise SaveError("saves.steps_damaged")
    steps: list[Step] = []
    view: dict[str, Any] = {}
    shape, total = type(state).view_shape, 0
    try:
        for index, entry in enumerate(raw):
            if not isinstance(entry, dict) or not isinstance(entry.get("events"), list):
                raise SaveError("saves.step_damaged", step=index)
            actor, action = entry.get("actor"), entry.get("action", "")
            if not (actor is None or type(actor) is int and 0 <= actor < len(setup.seats)) \
                    or not isinstance(action, str):
                raise SaveError("saves.step_damaged", step=index)
            view = patched(view, entry.get("view"))    # SaveError unless a change
            if index == 0:
                check(shape, view, "the first view")
            else:                  # what changed only: the work follows the file's size
                check_change(shape, entry["view"], view, f"step {index}'s view")
            text = json.dumps(view, separators=(",", ":"))
            total += len(text)
            if len(text) > MAX_VIEW or total > MAX_VIEWS:
                raise SaveError("saves.views_too_big", step=index)
            events = tuple(Event.from_json(e) for e in entry["events"])
            for event in events:
                check_event(type(state).event_shapes, event.kind, dict(event.data))
            steps.append(Step(json.loads(text), actor, action, events, None))
    except (ShapeError, ValueError, TypeError, KeyError, RecursionError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError("saves.steps_damaged_why", str(exc)[:80]) from None
    return Replay(setup.with_seed(None), seat, undos, steps, None, float(saved))


def load_replay(path: Path) -> Replay:
    """The replay in the file at ``path``: a kept game's record (of any version: its log
    either replays or is refused; a resume slot opens with its folder's key) or a
    person's story.  SaveError: why not;
    FileNotFoundError: there is none; OSError: it cannot be read."""
    data = unsealed(read_json(path), path.parent)     # a resume slot, on this machine
    if isinstance(data, dict) and data.get("story") is True and data.get("tavolata") == MAGIC:
        if data.get("format") != FORMAT:
            raise SaveError("saves.other_format", format=str(data.get("format"))[:40])
        return story_from_json(data)
    return Replay.of(Record.from_json(data, same_version=False))
