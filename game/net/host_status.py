"""What the screen reads of a host (game/net/host.py), every frame: its state, its codes,
a problem key, and who plays each seat (:class:`HostStatus`, :class:`SeatStatus`).  Plain
values, so that the host's parts and the screens share them without the host."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game.net.lobby import PERSON

# Host states, for the screen.
STARTING, WAITING, PLAYING, FAILED, CLOSED = "starting", "waiting", "playing", "failed", "closed"
# Host problems (status().problem), for the screen to word as "net.<key>".
PORT_IN_USE = "port_in_use"
NOT_LAN = "not_lan"                      # the address to announce is not a LAN address
RELAY_UNREACHABLE = "relay_unreachable"
RELAY_LOST = "relay_lost"                # for now: the host is reconnecting to the relay


@dataclass(frozen=True)
class SeatStatus:
    """Who plays a seat, for its plate: ``kind`` as in the setup (before the start, an
    open seat is ``remote``), the player's ``name``, whether a remote player is
    ``present``, whether a computer keeps the seat warm meanwhile (``stand_in``:
    "Computer playing for Anna"), and what the waiting room shows (``lobby``:
    host, open, computer or person; game/net/lobby.py)."""

    seat: int
    kind: str
    name: str
    present: bool
    stand_in: bool
    lobby: str = PERSON


@dataclass(frozen=True)
class HostStatus:
    state: str                            # STARTING, WAITING, PLAYING, FAILED, CLOSED
    direct_code: Optional[str]
    relay_code: Optional[str]
    problem: Optional[str]                # a key: PORT_IN_USE, RELAY_UNREACHABLE ...
    seats: tuple[SeatStatus, ...]
    port: Optional[int] = None
    #: where the direct door can be reached ("eth0 192.168.1.20", ...; game/net/interfaces.py)
    listening: tuple[str, ...] = ()
    wrong_codes: int = 0                  # connections that tried a wrong code
    #: wrong codes came lately: the room's guesses are slowed for all but returning guests
    guessing: bool = False
    spectators: bool = False              # whether people may watch
    watchers: int = 0                     # how many do
    public: bool = False                  # listed on the relay
