"""Where a relay's rooms live beyond its own process: the one seam between the relay
alone (every room in its memory, the default) and a fleet of gateways
(game/net/fleet.py, rooms in NATS JetStream key-value).

The relay's room logic (game/net/relay.py: pairing, holding, reclaiming, wrong codes)
is written once and always runs in the process that holds the room's host: its
*home*.  The directory tells the relay only what it cannot know alone:

* whether a room code is some other gateway's (its owner key, and whether it is
  ``away``: held for a host that dropped, or its gateway gone, and the home's
  public address), so that a new room never takes that code, a reclaim by
  another owner is refused, and a guest who asks for it is sent to the room's
  home (``moved``, game/net/relay.py) or handed to it (:meth:`Directory.pipe`);
* when a room comes, is held, or goes here (:meth:`opened`, :meth:`held`,
  :meth:`forgotten`), so that the other gateways learn it;
* where the public tables are kept (:meth:`public_tables`: the relay's own
  :class:`~game.net.listing.PublicTables`, or one shared by the fleet);
* who deals the tables a client asks the service to open (:meth:`open_table`: alone,
  nobody: ``no_service``; a fleet asks its table workers, game/net/tables.py);
* where the count of room codes that do not exist, tried by each address, is
  kept (:meth:`misses`: :class:`Misses` in this process, or one shared by the
  fleet, so that a guesser going round the gateways is slowed as at one).

:class:`Directory` itself is the relay alone: no other gateway, nothing to tell.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from game.net.guard import address_key
from game.net.listing import PublicTables
from game.net.protocol import NO_SERVICE, Bucket

if TYPE_CHECKING:
    from game.net.relay import Relay


class Unreachable(OSError):
    """The other gateways cannot be reached (a fleet's NATS server is not there)."""


@dataclass(frozen=True)
class Elsewhere:
    """A room whose host is on another gateway: its owner's key, that gateway's name,
    whether it is away (held for its host, or its gateway silent), and where clients
    reach that gateway (``HOST:PORT``; empty if it did not say)."""

    owner: bytes
    home: str
    away: bool
    address: str = ""


class Pipe:
    """A guest's connection as its own gateway holds it, once handed to the room's home:
    the bytes it sends go there unread."""

    def send(self, data: bytes) -> None:
        raise NotImplementedError

    def end(self) -> None:
        """The guest's connection ended here."""
        raise NotImplementedError


class Misses:
    """Room codes that do not exist, tried by each address (game/net/guard.py's key):
    ``burst`` of them at first, then ``rate`` a second.  A miss is answered only
    while its address has one left (:meth:`miss`); an address with none left is
    turned away, and turned away at once when it connects (:meth:`cooling`), until
    its allowance refills.  Kept in this process; a fleet's (game/net/fleet.py)
    takes each miss from the address's allowance in the fleet's count before it is
    answered (:meth:`take`), and sets what the other gateways tell it (:meth:`set`)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, Bucket] = {}

    def miss(self, ip: str, then: Callable[[bool], None]) -> None:
        """``ip`` tried a room code that does not exist: ``then(True)`` if it had a miss
        left (it is answered), ``then(False)`` if not (it is turned away)."""
        self.take(address_key(ip), then)

    def take(self, key: str, then: Callable[[bool], None]) -> None:
        """Take one of address ``key``'s misses, and say whether there was one (alone:
        from this process's count, at once)."""
        then(self.take_here(key))

    def take_here(self, key: str) -> bool:
        return self.buckets.setdefault(key, Bucket(self.rate, self.burst)).take()

    def cooling(self, ip: str) -> bool:
        """``ip`` has no miss left: turn it away."""
        bucket = self.buckets.get(address_key(ip))
        return bucket is not None and bucket.available() < 1

    def left(self, key: str) -> float:
        """The misses address ``key`` has left now."""
        bucket = self.buckets.get(key)
        return self.burst if bucket is None else bucket.available()

    def refilled(self, left: float, at: float) -> float:
        """What ``left`` misses at ``at`` (wall-clock seconds) have become by now."""
        return min(float(self.burst), left + max(0.0, time.time() - at) * self.rate)

    def set(self, key: str, left: float, at: float) -> None:
        """Address ``key`` had ``left`` misses at ``at`` (wall-clock seconds)."""
        left = self.refilled(left, at)
        if left >= self.burst:
            self.buckets.pop(key, None)
        else:
            self.buckets[key] = Bucket(self.rate, self.burst, level=left)

    def sweep(self) -> None:
        """Forget the addresses whose allowance is whole again."""
        for key, bucket in list(self.buckets.items()):
            if bucket.available() >= bucket.burst:
                del self.buckets[key]


class Directory:
    """The relay alone: every room is in its memory and nowhere else."""

    def public_tables(self) -> PublicTables:
        """The store of the public tables the relay lists."""
        return PublicTables()

    def misses(self, rate: float, burst: float) -> Misses:
        """The store of the room codes each address tried that do not exist."""
        return Misses(rate, burst)

    async def start(self, relay: "Relay") -> None:
        """Before the relay listens."""

    async def close(self) -> None:
        """After the relay stopped listening and closed its connections."""

    def owner_of(self, code: str) -> Optional[bytes]:
        """The owner key of room ``code`` if another gateway has it."""
        return None

    def elsewhere(self, code: str) -> Optional[Elsewhere]:
        """Room ``code`` if another gateway has it."""
        return None

    def rooms_of(self, address: str) -> int:
        """How many rooms other gateways hold for ``address`` (game/net/guard.py's key)."""
        return 0

    def look_up(self, code: str, then: Callable[[], None]) -> bool:
        """Whether room ``code``, unknown here, is being looked for elsewhere (``then``
        is called when the answer is in)."""
        return False

    def opened(self, code: str, owner: bytes) -> None:
        """Room ``code`` lives here now (new, reopened, or taken back by its owner)."""

    def when_stored(self, code: str, then: Callable[[], None]) -> None:
        """Call ``then`` once what was said of room ``code`` is where every gateway
        finds it (alone: at once)."""
        then()

    def held(self, code: str, owner: bytes) -> None:
        """Room ``code``'s host dropped: its code is held for it here."""

    def forgotten(self, code: str) -> None:
        """Room ``code`` is gone."""

    def pipe(self, conn: Any, there: Elsewhere, code: str) -> None:
        """Hand guest connection ``conn``, asking for room ``code``, to the room's home."""
        raise NotImplementedError("a relay alone has no other gateway")

    def open_table(self, table: Any, address: str,
                   then: Callable[[Optional[str], str], None]) -> None:
        """Ask the service to open ``table`` (a client's request, unchecked) for a client
        at ``address`` (game/net/guard.py's key); ``then(code, "")`` with the table's
        relay code, or ``then(None, reason)``.  A relay alone deals no tables."""
        then(None, NO_SERVICE)

    def ask_board(self, ask: Any, then: Callable[[Optional[dict[str, Any]], str], None]) -> None:
        """Ask the service's ratings keeper for a leaderboard (``ask``: the client's
        ``game`` and ``key``, unchecked); ``then(board, "")``, or ``then(None, reason)``.
        A relay alone keeps no ratings."""
        then(None, NO_SERVICE)
