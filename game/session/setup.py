"""What a game at a table is before it starts: the game, its options, who sits where.

A :class:`GameSetup` is what the new-game screen produces, what the settings
remember per game, and what a netplay host announces; with a seed it fully
determines the deal (the actions then determine the rest).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Optional, Sequence

from game import GAMES
from game.ai import LEVELS
from game.names import name_problem

HUMAN, COMPUTER, REMOTE = "human", "computer", "remote"
SEAT_KINDS = (HUMAN, COMPUTER, REMOTE)


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a person at this screen, a computer at a level, or a remote player."""

    kind: str = COMPUTER
    level: str = "normal"
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is {', '.join(SEAT_KINDS)}, not {self.kind!r}")
        if self.level not in LEVELS + ("random",):
            raise ValueError(f"a computer level is {', '.join(LEVELS)}, not {self.level!r}")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name}

    @classmethod
    def from_json(cls, obj: Any) -> "SeatSpec":
        if not isinstance(obj, dict):
            raise ValueError(f"not a seat: {obj!r}")
        kind, level, name = obj.get("kind", COMPUTER), obj.get("level", "normal"), obj.get("name", "")
        if not isinstance(kind, str) or not isinstance(level, str) or name_problem(name):
            raise ValueError(f"not a seat: {obj!r}")
        return cls(kind, level, name)


@dataclass(frozen=True)
class GameSetup:
    """A game to start: ``key``, ``options``, one :class:`SeatSpec` per seat, a seed
    (None: a fresh one is drawn when the session starts)."""

    key: str
    seats: tuple[SeatSpec, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: Optional[int] = None

    def __post_init__(self) -> None:
        if self.key not in GAMES:
            raise ValueError(f"no game {self.key!r}")
        spec = GAMES[self.key]
        if len(self.seats) not in spec.seats:
            raise ValueError(f"{spec.title} is played by {spec.seats} players, not {len(self.seats)}")
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "options", spec.resolve_options(self.options))

    @classmethod
    def solo(cls, key: str, seat: int = 0, level: str = "normal", seats: Optional[int] = None,
             options: Optional[Mapping[str, Any]] = None, seed: Optional[int] = None) -> "GameSetup":
        """You at ``seat``, computers at ``level`` everywhere else."""
        n = GAMES[key].seats[0] if seats is None else seats
        return cls(key, tuple(SeatSpec(HUMAN) if s == seat else SeatSpec(COMPUTER, level)
                              for s in range(n)), dict(options or {}), seed)

    @classmethod
    def computers(cls, key: str, levels: Sequence[str] | str = "normal",
                  options: Optional[Mapping[str, Any]] = None,
                  seed: Optional[int] = None) -> "GameSetup":
        """Computers in every seat (a demo, a simulation)."""
        if isinstance(levels, str):
            levels = [levels] * GAMES[key].seats[0]
        return cls(key, tuple(SeatSpec(COMPUTER, lv) for lv in levels), dict(options or {}), seed)

    def with_seed(self, seed: Optional[int]) -> "GameSetup":
        return replace(self, seed=seed)

    def humans(self) -> list[int]:
        return [s for s, spec in enumerate(self.seats) if spec.kind == HUMAN]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "seats": [s.to_json() for s in self.seats],
                "options": dict(self.options), "seed": self.seed}

    @classmethod
    def from_json(cls, obj: Any) -> "GameSetup":
        if not isinstance(obj, dict) or not isinstance(obj.get("key"), str) \
                or not isinstance(obj.get("seats"), list):
            raise ValueError(f"not a game setup: {obj!r}")
        seed = obj.get("seed")
        if seed is not None and type(seed) is not int:
            raise ValueError(f"bad seed: {seed!r}")
        options = obj.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError(f"bad options: {options!r}")
        return cls(obj["key"], tuple(SeatSpec.from_json(s) for s in obj["seats"]), options, seed)
