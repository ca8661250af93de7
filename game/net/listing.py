"""Public tables: what a relay lists of the tables gathering players, and nothing else.

A host that chooses "Open a public table" tells its relay ``!public {JSON}``
(game/net/relay.py): a :class:`Listing`, checked field by field here, whose
``code`` is the *whole* relay code, password included, so that anyone reading
the list can sit down (a public table is open to all by choice: the relay and
every reader see that code).  A private table never says ``!public`` and never
appears.  The listing goes when the host says ``!private`` (it does at the start
of the game: a table playing is not gathering), when its room ends or is held
for a host whose connection dropped, or when nobody renewed it for ``ttl``
seconds (a host renews it every :data:`RENEW_EVERY`; a gateway of a fleet that
dies leaves nothing behind for long).

:class:`PublicTables` is the in-memory store behind that: ``put``, ``remove``,
``listing`` with a TTL, and ``encoded``, the ``tables`` line every lister gets,
made at most once per :data:`REBUILD_EVERY` seconds however many ask (a flood
of list requests costs a dictionary lookup each).  A relay fleet backs the same
interface with NATS JetStream key-value (a bucket with a TTL).
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping, Optional

from game.names import name_problem
from game.net import codes

#: a listing nobody renewed for this long is gone
LISTING_TTL = 60.0
#: how often a host renews its listing
RENEW_EVERY = 20.0
#: how often the list a lister gets is made anew, at most
REBUILD_EVERY = 0.5
#: the most tables a list shows (the newest first)
MAX_LISTED = 200
#: the longest ``!public`` line a relay reads
MAX_LISTING = 1024
MAX_OPTIONS = 12
MAX_WORD = 24


class BadListing(ValueError):
    """A ``!public`` line that is not a listing (the relay counts a strike)."""


@dataclass(frozen=True)
class Listing:
    """A table gathering players: its relay ``code`` (password included), the ``game``
    key and its ``options``, seats ``taken`` of ``seats``, the host's ``name``, and
    whether it lets people ``watch``, and whether it is ``rated`` (game/net/rated.py)."""

    code: str
    game: str
    seats: int
    taken: int
    name: str
    options: Mapping[str, Any] = field(default_factory=dict)
    watch: bool = False
    rated: bool = False

    def to_json(self) -> dict[str, Any]:
        obj = asdict(self)
        obj["options"] = dict(self.options)
        return obj

    @classmethod
    def from_json(cls, obj: Any) -> "Listing":
        """A listing from untrusted JSON: every field checked, or :class:`BadListing`."""
        if not isinstance(obj, dict):
            raise BadListing("a listing is an object")
        code = obj.get("code")
        try:
            parsed = codes.parse(code if isinstance(code, str) else "")
        except codes.CodeError:
            raise BadListing("code is a relay code") from None
        if not isinstance(parsed, codes.RelayCode):
            raise BadListing("code is a relay code")
        game, name = obj.get("game"), obj.get("name")
        if not isinstance(game, str) or not 0 < len(game) <= MAX_WORD:
            raise BadListing("game is a game's key")
        if not isinstance(name, str) or name_problem(name) is not None:
            raise BadListing("name is a player's name")
        seats, taken = obj.get("seats"), obj.get("taken")
        if type(seats) is not int or type(taken) is not int or not 0 <= taken <= seats <= 16:
            raise BadListing("taken and seats count seats")
        watch, rated = obj.get("watch", False), obj.get("rated", False)
        if type(watch) is not bool or type(rated) is not bool:
            raise BadListing("watch and rated are true or false")
        return cls(parsed.text, game, seats, taken, name, _options(obj.get("options", {})),
                   watch, rated)

    @property
    def room(self) -> str:
        return self.code[:codes.ROOM_LENGTH]


def _options(obj: Any) -> dict[str, Any]:
    if not isinstance(obj, dict) or len(obj) > MAX_OPTIONS:
        raise BadListing(f"options: an object of at most {MAX_OPTIONS}")
    for key, value in obj.items():
        if len(key) > MAX_WORD or not (type(value) in (int, bool) or
                                       isinstance(value, str) and len(value) <= MAX_WORD):
            raise BadListing(f"options: {key[:MAX_WORD]!r} is not a short word or number")
    return dict(obj)


def parse_public(line: bytes) -> Listing:
    """The listing in a host's ``!public {JSON}`` line; :class:`BadListing` if none."""
    if len(line) > MAX_LISTING:
        raise BadListing("too long")
    try:
        return Listing.from_json(json.loads(line.partition(b" ")[2]))
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, BadListing):
            raise
        raise BadListing("not JSON") from None


class PublicTables:
    """The tables listed, by room, each until ``ttl`` seconds after it was last put."""

    def __init__(self, ttl: float = LISTING_TTL, limit: int = MAX_LISTED,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.limit = limit
        self.clock = clock
        self._tables: dict[str, tuple[float, Listing]] = {}     # room -> (expires, listing)
        self._line: Optional[bytes] = None
        self._made = -REBUILD_EVERY

    def put(self, listing: Listing) -> None:
        """List (or renew) a table, under its room."""
        self._tables.pop(listing.room, None)            # the newest at the end
        self._tables[listing.room] = (self.clock() + self.ttl, listing)
        self._line = None

    def remove(self, room: str) -> None:
        if self._tables.pop(room, None) is not None:
            self._line = None

    def listing(self) -> list[Listing]:
        """The tables listed now, the newest first, at most ``limit``; the expired go."""
        now = self.clock()
        for room in [r for r, (expires, _) in self._tables.items() if expires <= now]:
            del self._tables[room]
            self._line = None
        out = [listing for _, listing in reversed(self._tables.values())]
        return out[:self.limit]

    def encoded(self) -> bytes:
        """The ``tables`` line (with its newline), made anew at most every
        :data:`REBUILD_EVERY` seconds."""
        now = self.clock()
        if self._line is None or now - self._made >= REBUILD_EVERY:
            self._line = encode_tables(self.listing())
            self._made = now
        return self._line

    def __len__(self) -> int:
        return len(self._tables)


def encode_tables(tables: list[Listing]) -> bytes:
    return json.dumps({"type": "tables", "tables": [t.to_json() for t in tables]},
                      separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode_tables(obj: Mapping[str, Any]) -> tuple[Listing, ...]:
    """The listings of a relay's ``tables`` message (those that are not are skipped)."""
    tables = obj.get("tables")
    out = []
    for item in tables if isinstance(tables, list) else ():
        try:
            out.append(Listing.from_json(item))
        except BadListing:
            continue
    return tuple(out)
