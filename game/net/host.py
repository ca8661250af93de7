"""The host: the one machine that holds the game, and its doors for guests.

A :class:`Host` owns the only :class:`~game.session.Session`, made from a
:class:`~game.session.GameSetup` whose friends' seats are kind ``"remote"``.
The host's own table plays through :attr:`Host.client`, a
:class:`~game.session.LocalClient` of that session, exactly as in a local game
(it paces the computers; its ``close()`` closes the host).  The network runs in
its own thread (an asyncio loop, game/net/link.py) and meets the table only in
the session, under the session's lock: networking never blocks a frame.

Two doors, either or both:

* **direct** (``listen="0.0.0.0"``, or ``"127.0.0.1"`` in tests): the host
  listens on a port (the first free one of 64 from
  :data:`~game.net.codes.DIRECT_PORT`, unless told one) and its room code
  carries its LAN address, the port and a password (game/net/codes.py);
* **relay** (``relay=Relay(...)``, game/net/relays.py: one gateway or several, the
  next tried when one cannot be reached): the host connects out to a relay and gets
  a room (4 symbols), adds a password of its own, and shows the 12-symbol code;
  guests connect out to the relay too (game/net/relay.py).  A room opened without
  one (or whose relay could not be reached then) opens it later with
  :meth:`Host.open_relay`, in the waiting room or at the table: a friend whose
  home network the direct code no longer reaches comes back through it.

Every guest, once it has proved the code and before its hello, is told each of the
room's codes by a one-way digest (``codes.room_digest``; ``rooms``), so that a seat key
it kept on disk (game/net/kept_seats.py) under any of them is found and proved: a
friend whose program was closed when the host opened a relay code comes back by it.
The host proves first, in the same line (``holds``, game/net/room_keys.py), that it holds
each seat key a guest could come back by: a guest offers a kept key to no other host.
Every seated guest's welcome names them again, so its key is kept under each; a code
that opens after a guest's welcome is told to every seated guest at the table
(``rooms``), so the key follows it at once.  The codes themselves never cross the
wire; a spectator, who keeps no key, hears the digests only before its hello, as every
guest does.

The direct door lets in at most ``guard.connections`` connections at once (32,
fewer when the process is short of file descriptors) and ``guard.per_address``
(8) from one address (game/net/guard.py); it accepts them one at a time and
closes the rest as they come, so a stranger's flood of idle connections
neither takes the descriptors the game's own files need nor shuts out a friend
at another address, and each idle one goes after ``hello_timeout``.  Over a cap a
newcomer takes the place of the oldest connection that has not had the right code
yet, of its own address at its share, else of the address holding the most (a
flood from twenty addresses slows a friend at a twenty-first, never keeps them out).
``status().listening`` names the addresses the door can be reached at (every
interface's, unless ``listen`` names one).

For each guest: it must open with the same protocol and game versions and
prove, through SPAKE2, that it knows the code's password (game/net/secure.py:
one attempt per connection: friends at one address joining together all go at
once, and after a wrong code each attempt waits in the room's line for its turn,
told so now and then, never turned away; a wrong one is counted in
``status().wrong_codes``, and one that goes once it heard the host's answer is
slowed as if wrong).  The room's line is one for both doors, whatever the addresses
(a stranger at many gets no more answers than at one; at the direct door a turn goes
first to the address served longest ago, so a friend at a fresh address has the next;
a friend behind a stranger's own address waits only for the attempts before its own;
``status().guessing`` says the room is being slowed).  Through a relay the relay
also keeps a line per address at the room (it sees the addresses; every guest there
has a small id, and the host tells it ``!wrong ID`` or ``!right ID``).  A guest
coming back with a seat key the host holds passes the lines (its first message
comes with ``kept``, secure.seat_pass) and proves that key alone, without SPAKE2 (the way
back, secure.SeatBack: game/net/admission.py).  Every line after that is sealed.
**Before the game** the guest is in the waiting room (game/net/lobby.py,
:attr:`Host.lobby`): it sits in the first free open seat, or watches if it asked to
(and spectators are welcome), else it is refused with the reason (``table_full``,
``no_spectators``); it hears a ``lobby`` at every change and may ask for another
seat (``sit``).  A seated guest whose connection drops there (no goodbye) keeps its
seat, shown away, while it may reconnect: it comes back proving the key of its first
connection, as at the table, and is the same guest in the same seat (if the game
started meanwhile, a computer keeps its seat warm until it is back).  The screen
moves, frees and gives seats (:meth:`Host.move`, :meth:`Host.free`,
:meth:`Host.give`, :meth:`Host.allow_spectators`) and starts (:meth:`Host.begin`; a
host made with ``autostart`` starts by itself once every open seat has its person,
as the command line's bot does): the session is made then, with the seated guests'
seats ``remote`` and the empty ones computers, and every guest's mailbox is opened
before anyone moves, so each gets the opening deal.  **After the start** a guest
gets its own seat again if its hello proves that seat's key (derived on the
connection that was in the seat at the start, never sent), or watches (if it asked,
and spectators are welcome), else ``room_full``.  At the table a guest gets a
``welcome`` (the setup as that seat sees it, without the seed; the names; a
spectator's seat is null) and every update of that seat (a spectator's: the
spectator view), already redacted by the session, unchanged; a table phrase from a
seated guest goes to everyone at the table.  Its actions go through
:meth:`Session.submit <game.session.Session.submit>`, never around it: a refusal
goes back with its reason key.  Garbage, oversized lines, unknown types, wrong
fields and refused actions cost strikes (game/net/protocol.py); out of strikes, the
connection is closed and the game goes on.

When a guest drops (its connection ends, goes silent for 9 s, or is closed for
abuse), a computer stands in for its seat (``Session.stand_in``) until a guest
comes back with the same code and proves the seat's key: it gets the game as
it stands (one update, no events) and the computer leaves the seat.  Someone
else with the code never gets that seat.  When the host closes, every guest
gets ``bye`` first, and the relay hears ``!close``: the room ends at once.

When the host's own connection to the relay drops (the relay restarted, the
network blinked), the game goes on at the host's table with computers in the
guests' seats, ``status().problem`` is ``relay_lost``, and the host connects
again with backoff (``Limits.reclaim_first``, 0.5 s, doubling up to
``reclaim_most``, 10 s) for as long as it is open, asking for its room back with
the room, the relay's ticket and a signature of the relay's challenge by the
room's owner key (game/net/relay.py).  Once back, the problem clears, the code
is the same, and every guest, who has been reconnecting meanwhile, rejoins with
its seat's proof.  A public table (``public=True``, through a relay) tells the
relay ``!public`` with its listing at every change of the waiting room and every
20 s, and ``!private`` at the start.  Only a refusal that another try cannot change (the room
taken by another owner on a relay that restarted) ends the reconnecting; the
problem then stays.

**A table the service deals** (game/net/tables.py) is a host with no seat of its own
(``Host.seat is None``), through a relay, whose first seated guest is the table's
**chair** (``chair=True``: it is told so in its ``lobby`` and may say ``start``, and
the open seats nobody took get computers).  Its session has a ``journal``
(game/session/referee.py) that keeps every action before anyone hears of it;
its ``wake`` is told when its computers may move (the worker pumps only such tables);
its network runs on the worker's ``shared`` loop (game/net/link.py's
:class:`~game.net.link.SharedLoop`: one thread for every table, not one each);
``on_start`` hears the seats' keys at the start (the service keeps them with the
table); and a table taken over from a worker that died is made with ``resume``
(:class:`Resumed`: its relay room and ticket, its whole code, the game replayed from
its log, each seat's key; before the start, its waiting room's seated guests) and
``owner`` (the room's key): the room is reclaimed on the relay, the game is the one
replayed, and each guest, reconnecting by itself, takes its seat back by its key.  Such
a table's computers move at once, so a seat whose guest is gone waits
``stand_in_after`` seconds for it before a computer stands in (a person's host: at
once).

For the screens: :meth:`Host.start` returns at once; :meth:`Host.status` is a
snapshot (state, the codes, a problem key, and per seat who plays it and
whether a computer keeps it warm), cheap enough to read every frame
(game/net/host_status.py).

:class:`Host` is the public face and holds the room's state (the session, the lobby, the
guests, the seats, the codes, the locks); each job is a part of its own, in a module of
its own: the direct door (game/net/direct_door.py) and the relay door
(game/net/relay_door.py), the code's door every guest passes (game/net/admission.py), the
waiting room (game/net/waiting_room.py), the table once the game has started
(game/net/table_play.py), and the keys a guest comes back by with the codes' digests
(game/net/room_keys.py); a guest's line and records are game/net/guests.py.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
from collections import deque
from dataclasses import dataclass, replace
from typing import Any, Callable, Coroutine, Optional, Sequence, Union

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.ai.base import ComputerPlayer
from game.engine import Action, State
from game.net import codes
from game.net.admission import ROOM, Admission
from game.net.direct_door import DirectDoor
from game.net.guard import (
    HOST_GUARD,
    Guard,
    GuardLimits,
)
from game.net.guests import (
    Away,
    Guest,
    Peer,
    RemoteSeat,
    refuse,
)
from game.net.host_status import (  # the screen's keys, which the screens take from the host
    CLOSED,
    FAILED,
    NOT_LAN,  # noqa: F401
    PLAYING,
    PORT_IN_USE,  # noqa: F401
    RELAY_LOST,  # noqa: F401
    RELAY_UNREACHABLE,
    STARTING,
    WAITING,
    HostStatus,
    SeatStatus,
)
from game.net.link import Link, LoopSlot, LoopThread, SharedLoop
from game.net.lobby import COMPUTER_SEAT, HOST_SEAT, PERSON, Lobby, Refusal
from game.net.protocol import (
    CLOSE,
    HOST_QUIT,
    LIMITS,
    NO_SPECTATORS,
    PHRASES,
    ROOM_FULL,
    Bye,
    Hello,
    Limits,
    Rated,
    Room,
    encode,
)
from game.net.relay_door import RelayDoor
from game.net.relays import Relay, as_relay
from game.net.room_keys import RoomKeys
from game.net.secure import (
    Guesses,
    RoomOwner,
    Sealed,
)
from game.net.table_play import TablePlay
from game.net.waiting_room import WaitingRoom
from game.session import (
    COMPUTER,
    HUMAN,
    REMOTE,
    GameSetup,
    LocalClient,
    Seating,
    SeatSpec,
    Session,
)
from game.session.computers import DEFAULT_BUDGET
from game.session.race import RaceClock

log = logging.getLogger(__name__)

#: what the waiting room shows for a seat of the game that started
_SHOWN = {HUMAN: HOST_SEAT, REMOTE: PERSON, COMPUTER: COMPUTER_SEAT}


#: how often a host's game is moved on while its screen is covered (seconds)
AWAY_MOVES_EVERY = 0.05


class HostClient(LocalClient):
    """The host table's client: a LocalClient of the host's session whose ``close``
    closes the host (guests are told); it says and hears the table phrases."""

    def __init__(self, host: "Host", seat: Optional[int]) -> None:
        assert host.session is not None
        super().__init__(host.session, seat, owner=False)
        self.host = host
        self._heard: deque[tuple[int, str]] = deque()
        #: while the host's screen is covered: the thread moving the game on, its stop
        self._mover: Optional[tuple[threading.Thread, threading.Event]] = None
        self._paced = self.session.paced

    def covered(self, covered: bool) -> None:
        """The host's screen is covered (its pause menu, the log, the rules, a score sheet:
        its table shows and allows nothing meanwhile), or back.  The game is the friends'
        too: it goes on, its computers unpaced and moved on by a thread of its own, where
        it stood still with a computer "thinking" on every guest's screen; the screen,
        back, paces them again and shows what happened from its inbox."""
        if covered and self._mover is None:
            self._paced = self.session.paced
            self.session.set_paced(False)
            stop = threading.Event()
            thread = threading.Thread(target=self._move_on, args=(stop,), daemon=True,
                                      name="host-covered")
            self._mover = (thread, stop)
            thread.start()
        elif not covered and self._mover is not None:
            thread, stop = self._mover
            self._mover = None
            stop.set()
            thread.join(5.0)
            self.session.set_paced(self._paced)

    def _move_on(self, stop: threading.Event) -> None:
        """Apply the computers' moves as they come, until told to stop."""
        while not stop.wait(AWAY_MOVES_EVERY):
            try:
                self.session.pump()
            except Exception:                      # the game must not die with the thread
                log.exception("moving the game on while the host's screen is covered")
                return

    @property
    def advises(self) -> bool:
        """Hard's hint only while nobody else plays at this table: a guest's program has
        no world to search and cannot ask, so the host's asking alone would be an edge
        over its friends that they cannot see (Dou Dizhu's quick hint, which only picks
        a play that beats, stays with everyone).  A room whose friends never came plays
        as a game here does."""
        if self.seat is None:
            return False
        return not any(s.name for s in self.host.status().seats if s.seat != self.seat)

    @property
    def says(self) -> bool:
        """The host's own seat says table phrases (watching, it only hears them)."""
        return self.seat is not None

    def say(self, phrase: str) -> None:
        """A table phrase from the host's seat, to every guest and this table."""
        if self.seat is not None and phrase in PHRASES:
            self.host.say(self.seat, phrase)

    def heard(self) -> list[tuple[int, str]]:
        """The phrases said at the table since the last call: (seat, phrase id)."""
        return [self._heard.popleft() for _ in range(len(self._heard))]

    def listening(self) -> dict[int, int]:
        """The friends' seats played by ear now, with their voices' words a minute."""
        return self.host.listening()

    def seating(self) -> Optional[Seating]:
        """The names the host knows, and the seats a computer keeps for a guest away."""
        seats = self.host.status().seats
        return Seating(tuple(s.name for s in seats), frozenset(s.seat for s in seats
                                                               if s.stand_in))

    def close(self) -> None:
        self.covered(False)
        super().close()
        self.host.close()


@dataclass(frozen=True)
class Resumed:
    """A table taken over from a worker that died (game/net/tables.py): its relay
    ``room`` (code and ticket) and whole relay ``code``, its game replayed from the log
    (``state``: None if it had not started), each person's seat ``keys`` and the
    ``names`` at the table; before the start, the ``lobby``'s seated guests (seat, guest
    id, name, key: :meth:`Host.lobby_keys`), each held for it as for a guest that
    dropped; and the code's ``digest`` (:attr:`Host.relay_digest`, kept with the table:
    made again, it would cost every table a worker takes over 16 MB and some 25 ms of
    scrypt, at once)."""

    room: Room
    code: str
    state: Optional[State]
    keys: dict[int, bytes]
    names: tuple[str, ...]
    lobby: tuple[tuple[int, int, str, bytes], ...] = ()
    digest: Optional[str] = None


class Host:
    """A game hosted for remote players: see the module docstring.

    ``setup``: at least one seat of kind ``"remote"``; the first ``"human"`` seat
    is the host's (None: the host only watches).  ``listen``: the address to
    listen on for direct play (None: no direct door); ``port``: None for the first
    free of the 64 usual ports, 0 for any.  ``advertise``: the address the direct
    code names (default: ``listen``, or this machine's LAN address when listening
    on 0.0.0.0).  ``relay``: (host, port) of a relay.  ``stand_in``: the level of
    the computer that keeps a dropped guest's seat warm.  ``paced``, ``players``,
    ``budget``: as for :class:`~game.session.Session`.  ``identity``: the relay
    service's long-term key (game/net/identity.py): the host proves to every guest, in its
    first sealed line, that the service deals this table.  ``players_only``: a rated
    table (game/net/rated.py) seats only a guest whose hello proves a player's own key
    on its connection (game/net/players.py); others may watch, if spectators are welcome.
    ``races``: no screen paces this table (the service's, unpaced): a race's computers
    wait a person's reaction all the same (game/session/race.py).
    """

    def __init__(self, setup: GameSetup, *, name: str = "", listen: Optional[str] = None,
                 port: Optional[int] = None, advertise: Optional[str] = None,
                 relay: Optional[Union[Relay, tuple[str, int]]] = None,
                 stand_in: str = "normal",
                 paced: bool = True, limits: Limits = LIMITS,
                 players: Optional[Sequence[Optional[ComputerPlayer]]] = None,
                 budget: float = DEFAULT_BUDGET, guard: GuardLimits = HOST_GUARD,
                 autostart: bool = True, spectators: bool = False,
                 public: bool = False, identity: Optional[Ed25519PrivateKey] = None,
                 chair: bool = False,
                 journal: Optional[Callable[[int, Action], None]] = None,
                 wake: Optional[Callable[[], None]] = None,
                 on_start: Optional[Callable[["Host"], None]] = None,
                 on_lobby: Optional[Callable[["Host"], None]] = None,
                 owner: Optional[RoomOwner] = None,
                 resume: Optional[Resumed] = None,
                 shared: Optional[SharedLoop] = None, stand_in_after: float = 0.0,
                 players_only: bool = False, races: bool = False) -> None:
        remote = [s for s, spec in enumerate(setup.seats) if spec.kind == REMOTE]
        if not remote:
            raise ValueError("a hosted game needs a remote seat")
        if listen is None and relay is None:
            raise ValueError("a host listens, or uses a relay, or both")
        self.setup = setup
        self.session: Optional[Session] = None          # made by begin()
        self.client: Optional[HostClient] = None        # the host's table, from begin()
        self._made = (players, paced, budget)
        humans = setup.humans()
        self.seat: Optional[int] = humans[0] if humans else None
        self.listen, self.port, self.advertise = listen, port, advertise
        self.relay = None if relay is None else as_relay(relay)
        self.level = stand_in
        self.limits = limits
        self.guard = Guard(guard)
        self.autostart = autostart
        self.public = public and relay is not None
        #: the service's long-term key (game/net/identity.py): every guest is shown that
        #: this host is the service, by a signature over its own connection's binding
        self.identity = identity
        self.players_only = players_only
        #: a table no screen paces (the service's): its races' computers wait a person's
        #: reaction (game/session/race.py), where they would take the race at once
        self.races = races
        #: the player's key each guest proved in its hello (game/net/players.py), by the
        #: key the connection it came in on derived (a guest's ``key`` in the waiting room)
        self._players: dict[bytes, bytes] = {}
        #: each seat's player key, from the start (:meth:`seat_players`)
        self._seat_players: dict[int, bytes] = {}
        self.names = [spec.name for spec in setup.seats]
        if self.seat is not None:
            self.names[self.seat] = name or self.names[self.seat]
        self.lobby = Lobby(setup, self.names[self.seat] if self.seat is not None else "",
                           spectators)
        #: the table's name in the public list: the host's, or the one a table with no
        #: seat of the host's was given (the service's tables: their opener's words)
        self.title = self.lobby.host_name or name
        #: the first seated guest may start (a table the service deals: nobody else can)
        self.chair = chair
        #: seconds a guest's seat waits for it before a computer stands in (:meth:`_away`)
        self.stand_in_after = stand_in_after
        self.journal = journal
        self.wake = wake
        self.on_start = on_start
        self.on_lobby = on_lobby
        self.resume = resume
        self._remote: dict[int, RemoteSeat] = {}
        self._guests: dict[int, Guest] = {}
        #: the connection of each guest away in the waiting room (``lobby.away``), the one
        #: that dropped: its name and key, to prove on its way back (see :attr:`_held`)
        self._dropped: dict[int, Away] = {}
        self._gids = itertools.count(1)
        self._room = threading.RLock()                  # the lobby, the guests, the start
        self._direct: Optional[codes.DirectCode] = None
        self._relay_code: Optional[codes.RelayCode] = None
        #: the digest of each code, once made (codes.room_digest, off the loop)
        self._digests: dict[str, str] = {}
        #: the room's budget, across every address and both doors: one line of attempts,
        #: as many guesses as one address would get, whoever makes them (a returning
        #: guest's pass goes round it); its count of wrong codes is the screen's
        self._room_guesses = Guesses(limits.guess_first, limits.guess_most)
        #: the door for a guest's code: its turn in that line, SPAKE2, its hello
        self._admission = Admission(self, self._room_guesses, limits, self.guard, players_only)
        #: the door through the relay: the room opened there, taken back, listed
        self._relay_door = RelayDoor(self, owner or RoomOwner())
        #: the guests at the table: their seats played, updates out, moves in
        self._table = TablePlay(self)
        #: the waiting room: seats asked for, the room told, a seat held for one away
        self._waiting = WaitingRoom(self)
        #: the keys a guest comes back by, the host's proofs of them, the codes' digests
        self._room_keys = RoomKeys(self)
        #: the door on this machine's own port, for the direct code
        self._direct_door = DirectDoor(self)
        self._lock = threading.Lock()
        self._status = HostStatus(STARTING, None, None, None, ())
        self._status = self._snapshot(STARTING)
        self._ready = threading.Event()
        #: the network's loop: its own thread, or a slot of a worker's ``shared`` loop
        self._net: LoopThread | LoopSlot = shared.slot("netplay-host") if shared is not None \
            else LoopThread("netplay-host")
        self._closing = False
        self._relay_link: Optional[Link] = None
        #: a relay door is open or opening (:meth:`open_relay` opens one only if not)
        self._relay_door_open = self._relay_first = relay is not None
        self._tasks: set[asyncio.Task[None]] = set()
        #: leave without a word to anyone (a worker that lost its table's lease)
        self._quiet = False
        #: the relay's room and its ticket, once given (the service keeps them to
        #: reclaim the room from another process)
        self.relay_room: Optional[Room] = None
        #: a rated table's ratings as told (the ``rated`` line), for a guest who comes
        #: back to the game over while the table is kept
        self._rated_line: Optional[bytes] = None
        if resume is not None:
            self._resume(resume)

    # -- the screen's side (any thread) -------------------------------------------------
    def start(self) -> "Host":
        """Open the doors in the network thread; returns at once (see :meth:`status`)."""
        self._net.start(self._main)
        return self

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Block until the doors are open or have failed (command line, tests); whether
        at least one code is ready."""
        self._ready.wait(timeout)
        status = self.status()
        return status.direct_code is not None or status.relay_code is not None

    def status(self) -> HostStatus:
        with self._lock:
            return self._status

    @property
    def wrong_codes(self) -> int:
        """Connections that tried a wrong code (the waiting screen says how many)."""
        return self.status().wrong_codes

    def abandon(self) -> None:
        """Stop dealing this table without a word to anyone: the guests' links drop (they
        reconnect) and the relay holds the room, for the worker that deals it now
        (game/net/tables.py: this one lost its lease).  Idempotent, as :meth:`close`."""
        self._quiet = True
        self.close()

    def close(self) -> None:
        """Tell every guest goodbye, close the doors and the session.  Idempotent."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
        self._net.stop(3.0)
        if self.session is not None:
            self.session.close()
        self._update(CLOSED)

    @property
    def relay_door(self) -> bool:
        """A relay door is open or opening (:meth:`open_relay` would do nothing)."""
        with self._lock:
            return self._relay_door_open

    def open_relay(self, relay: Union[Relay, tuple[str, int]]) -> bool:
        """Open the room's door through ``relay`` now, in the waiting room or at the table
        (a room opened with no relay, or whose relay could not be reached then): its code
        comes in ``status().relay_code`` (or ``problem`` says why not), and the seated
        guests at the table hear of it by digest.  False if the room has a relay door
        open or opening already (or is closing)."""
        with self._lock:
            if self._closing or self._relay_door_open:
                return False
            self._relay_door_open = True
            self.relay = as_relay(relay)
            if self._status.problem == RELAY_UNREACHABLE:       # trying again
                self._status = replace(self._status, problem=None)
        return self._net.call(lambda: self._spawn(self._relay_door.open()))

    def seat_players(self) -> dict[int, bytes]:
        """Each person's seat and the player key its guest proved (game/net/players.py),
        from the start: whose rating the game moves."""
        with self._room:
            return dict(self._seat_players)

    def listening(self) -> dict[int, int]:
        """The seats whose guest plays them by ear now, each with its voice's words a
        minute (its hello's): the host's race clock gives them the race's words' time.
        The host alone knows it; no other guest is told."""
        return {seat: remote.listening for seat, remote in list(self._remote.items())
                if remote.peer is not None and remote.listening}

    def seat_keys(self) -> dict[int, bytes]:
        """Each person's seat and the key that proves it (once the game has begun): what
        the service keeps with a table, to give the seats back after a takeover."""
        with self._room:
            return {seat: remote.key for seat, remote in self._remote.items()
                    if remote.key is not None}

    def _resume(self, resume: Resumed) -> None:
        """A table taken over (see the module docstring): the game as its log replays it,
        each person's seat waiting for its guest to come back with the seat's key; or, not
        started, its waiting room with each seated guest held for it."""
        if resume.state is None:
            for seat, gid, name, key in resume.lobby:
                self.lobby.restore(seat, gid, name)
                self._dropped[gid] = Away(gid, name, key)
            self._gids = itertools.count(max((g for _, g, _, _ in resume.lobby), default=0) + 1)
            return
        session = self._new_session(self.setup)
        session.adopt(resume.state)
        self.session = session
        self.setup = session.setup
        self.names = list(resume.names)
        for seat, key in resume.keys.items():      # each waits for its guest a while
            self._remote[seat] = RemoteSeat(seat, self.names[seat], key)
        self.client = HostClient(self, self.seat)
        self._update(PLAYING)

    # -- the waiting room (any thread) ---------------------------------------------------
    def _new_session(self, setup: GameSetup) -> Session:
        """A session of ``setup`` as this host makes them: its journal and its wake, and
        at a table no screen paces (``races``) a race's clock (game/session/race.py)."""
        players, paced, budget = self._made
        session = Session(setup, players, paced, budget)
        session.journal, session.wake = self.journal, self.wake
        if self.races:
            session.hold = RaceClock(session, self.listening,
                                     lambda: self.wake() if self.wake is not None else None)
        return session

    def begin(self) -> bool:
        """Start the game now: the guests seated play, those watching watch, the open
        seats nobody took become computers (at the level the setup gave each).  False if it
        has started already (or the host is closing)."""
        with self._room:
            if self.session is not None or self._closing:
                return False
            setup = self.lobby.final()
            self.session = self._new_session(setup)
            self.setup = self.session.setup
            self.names = [spec.name for spec in self.setup.seats]
            held = self._waiting.held
            for seat, gid in self.lobby.sitting.items():
                who: Guest | Away = self._guests.get(gid) or held[gid]
                if isinstance(who, Guest):
                    who.seat = seat
                self._remote[seat] = RemoteSeat(seat, who.name, who.key)
                if who.key in self._players:
                    self._seat_players[seat] = self._players[who.key]
                if gid in held:                         # away: a computer keeps it warm
                    self.session.stand_in(seat, self.level)
            for guest in self._guests.values():        # before anyone moves: the opening
                guest.watcher = self.session.watch(guest.seat)      # deal is everyone's
            self.client = HostClient(self, self.seat)
            if self.on_start is not None:       # kept before anyone moves
                self.on_start(self)
        log.info("the game begins: %s", ", ".join(n or "computer" for n in self.names))
        self._update(PLAYING)
        self._net.call(self._waiting.started)
        return True

    def move(self, seat: int, to: int) -> Optional[str]:
        """Move the guest at ``seat`` to the free open seat ``to``; None, or the reason
        it is refused (game/net/lobby.py)."""
        return self._waiting.change(lambda: self.lobby.move(seat, to))

    def free(self, seat: int) -> Optional[str]:
        """Free ``seat``: its guest watches, or leaves when spectators are refused."""
        return self._waiting.change(lambda: [self.lobby.free(seat)])

    def give(self, seat: int, computer: bool) -> Optional[str]:
        """Give ``seat`` to a computer (its guest freed) or open it again for a person."""
        return self._waiting.change(lambda: [self.lobby.give(seat, computer)])

    def allow_spectators(self, allow: bool) -> Optional[str]:
        """Welcome spectators or not (refused, those watching are sent away)."""
        return self._waiting.change(lambda: self.lobby.allow_spectators(allow), NO_SPECTATORS)

    def say(self, seat: int, phrase: str) -> None:
        """A table phrase said at ``seat``: every guest hears it, and the host's table."""
        self._net.call(self._table.said, seat, phrase)

    # -- status -------------------------------------------------------------------------
    def _snapshot(self, state: Optional[str] = None, **changes: Any) -> HostStatus:
        old = self._status
        state = state or old.state
        if state in (WAITING, PLAYING):
            state = PLAYING if self.session is not None else WAITING
        with self._room:
            if self.session is None:
                seats = tuple(SeatStatus(s, HUMAN if seat.kind == HOST_SEAT else
                                         COMPUTER if seat.kind == COMPUTER_SEAT else REMOTE,
                                         seat.name, seat.kind == PERSON and not seat.away,
                                         False, seat.kind)
                              for s, seat in enumerate(self.lobby.seats()))
            else:
                session = self.session
                seats = tuple(SeatStatus(s, spec.kind, self.names[s],
                                         s in self._remote and self._remote[s].peer is not None,
                                         session.standing_in(s), _SHOWN[spec.kind])
                              for s, spec in enumerate(self.setup.seats))
            watchers = sum(1 for g in self._guests.values() if g.seat is None and
                           (g.playing or g.gid in self.lobby.watching))
        return replace(old, state=state, seats=seats, watchers=watchers,
                       spectators=self.lobby.spectators, public=self.public,
                       guessing=self._room_guesses.slowed(ROOM), **changes)

    def _update(self, state: Optional[str] = None, **changes: Any) -> None:
        with self._lock:
            self._status = self._snapshot(state, **changes)

    # -- the network thread -----------------------------------------------------------------
    async def _main(self) -> None:
        """Open the doors, then serve until :meth:`close` cancels this (its ``finally``
        still says goodbye to every guest)."""
        try:
            for seat in self._remote:           # a game taken over: its guests are coming
                self._table.away(seat)
            for away in self._waiting.held.values():    # a waiting room taken over: dropped
                self._waiting.hold(away)
            if self.listen is not None:
                await self._direct_door.open()
            if self._relay_first:
                self._spawn(self._relay_door.open())
            else:
                self._opened()
            await asyncio.Event().wait()
        finally:
            await self._shutdown()

    def _opened(self) -> None:
        status = self.status()
        ok = status.direct_code is not None or status.relay_code is not None
        self._update(WAITING if ok else FAILED)
        self._ready.set()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @property
    def relay_digest(self) -> Optional[str]:
        """The relay code's digest (codes.room_digest), once the room is open."""
        return self._digests.get("relay")

    # -- one guest ---------------------------------------------------------------------
    async def _serve(self, peer: Peer) -> None:
        guest: Optional[Guest] = None
        sealed: Optional[Sealed] = None
        try:
            sealed = await self._admission.handshake(peer)
            if sealed is None:
                return
            # the same words to everyone who proved the code, before a word of its own:
            # the guest finds by them a seat key it kept, whichever code it kept it by,
            # and offers it only if the host proves it holds it
            sealed.send(encode(self._room_keys.first_line(sealed)))
            hello = await self._admission.hello(sealed)
            if hello is None or not self._admission.player_proven(sealed, hello):
                return
            if hello.player is not None:     # by the key its seat is held by: see begin()
                self._players.setdefault(sealed.keys.seat_key, hello.player)
            guest = self._enter(sealed, hello)
            if guest is None:
                return
            if not guest.started.is_set() and not await self._waiting.serve(guest):
                return
            if guest.seat is None and not self.lobby.spectators:
                refuse(sealed, NO_SPECTATORS)
                return
            await self._table.play(guest)
        finally:
            if guest is not None:
                self._leave(guest)
            if sealed is not None:
                sealed.close()
            peer.close()

    def _enter(self, peer: Sealed, hello: Hello) -> Optional[Guest]:
        """The guest in the room, or None (refused, with the reason sent).  Before the
        start it sits in the first free seat or watches (game/net/lobby.py), or, coming
        back, takes its own seat again (:meth:`_back_in_room`); after it, it takes its
        own seat back if it proves that seat's key on this connection, or watches (if
        spectators are welcome); anyone else finds the room full."""
        with self._room:
            if self.session is None and hello.seat is not None:
                back = self._waiting.back(peer, hello)
                if back is None:
                    return None
                guest = back
            elif self.session is None:
                guest = Guest(next(self._gids), peer, hello.name, self.limits)
                try:
                    self.lobby.enter(guest.gid, hello.name, hello.watch)
                except Refusal as exc:
                    refuse(peer, exc.reason)
                    return None
                guest.name = self.lobby.names[guest.gid]     # told apart from a namesake
                self._guests[guest.gid] = guest
                log.info("%s comes in from %s", hello.name or "a guest", peer.label)
            else:
                guest = Guest(next(self._gids), peer, hello.name, self.limits)
                guest.started.set()
                guest.seat = self._room_keys.seat_back(peer, hello)
                if guest.seat is None and not (hello.watch and self.lobby.spectators):
                    refuse(peer, NO_SPECTATORS if hello.watch else ROOM_FULL)
                    return None
                self._guests[guest.gid] = guest
        guest.listening = hello.listening
        if not guest.started.is_set():
            self._waiting.changed()
        return guest

    def _leave(self, guest: Guest) -> None:
        """A guest's connection ended.  In the waiting room a seated guest that did not
        say goodbye (and was not sent away) keeps its seat, away, for as long as it may
        try to come back (``Limits.reconnect_for``, and a heartbeat's silence); anyone
        else's place is free again."""
        if guest.watcher is not None:
            guest.watcher.close()
        with self._room:
            if self._guests.get(guest.gid) is not guest:
                return                           # replaced by its newer connection
            del self._guests[guest.gid]
            waiting = self.session is None
            if waiting and not guest.left and not guest.gone and not self._closing and \
                    self.lobby.drop(guest.gid):
                self._dropped[guest.gid] = Away(guest.gid, guest.name, guest.key)
                self._dropped = self._waiting.held      # only those still away: the others went
                self._waiting.hold(self._dropped[guest.gid])
                log.info("%s dropped from the room; the seat is held", guest.name or "a guest")
            elif waiting:
                self.lobby.leave(guest.gid)
        if waiting and not self._closing:
            self._waiting.changed()
        else:
            self._update()

    def lobby_keys(self) -> tuple[tuple[int, int, str, bytes], ...]:
        """Each seated guest of the waiting room (seat, guest id, name, the key it comes
        back by), present or held: what the service keeps to hold their seats for them
        after a takeover before the start."""
        with self._room:
            known: dict[int, Guest | Away] = {**self._waiting.held, **self._guests}
            return tuple((seat, gid, known[gid].name, known[gid].key)
                         for seat, gid in sorted(self.lobby.sitting.items()) if gid in known)

    def setup_for(self, seat: Optional[int]) -> GameSetup:
        """The game as ``seat``'s player sees it (None: a spectator): their seat
        ``human``, every other person ``remote``, the names; and no seed (it would
        tell every card)."""
        seats = tuple(SeatSpec(HUMAN if s == seat else COMPUTER if spec.kind == COMPUTER
                               else REMOTE, spec.level, self.names[s])
                      for s, spec in enumerate(self.setup.seats))
        return GameSetup(self.setup.key, seats, self.setup.options, None)

    def tell_rated(self, ratings: dict[int, tuple[float, float]]) -> None:
        """A rated table's game over (game/net/tables.py): every guest is told each seat's
        rating before and after (any thread), and every guest who comes to the table
        later, while it is kept (game/net/table_play.py): a player whose link dropped at the end
        comes back to them."""
        assert self.session is not None
        line = encode(Rated(tuple(ratings.get(s) for s in range(len(self.setup.seats)))))

        def tell() -> None:
            self._rated_line = line
            for guest in list(self._guests.values()):
                if guest.playing:
                    guest.peer.send(line)
        self._net.call(tell)

    async def _shutdown(self) -> None:
        peers = [g.peer for g in self._guests.values()]
        if self._quiet:                 # abandoned: no word, the room held for the next
            for peer in peers:
                peer.close()
            if self._relay_link is not None:
                self._relay_link.close()
            for task in list(self._tasks):
                task.cancel()
            return
        bye = encode(Bye(HOST_QUIT))
        for peer in peers:
            peer.send(bye)
        await asyncio.gather(*(p.flush() for p in peers), return_exceptions=True)
        for peer in peers:
            peer.close()
        relay = self._relay_link        # (the relay door lets it go as the relay closes)
        if relay is not None:
            relay.send(CLOSE + b"\n")                  # the room ends now, not held
            await relay.flush()
            relay.close()
        for task in list(self._tasks):
            task.cancel()
