"""The guest: a :class:`RemoteClient` is the session ``Client`` of a game hosted
elsewhere, so the guest's table is the same table as in a local game.

``RemoteClient(code, name=..., relay=Relay(...))`` starts at once, in its own
thread (an asyncio loop, game/net/link.py), and never blocks the caller:
``poll()`` takes what the network thread queued.  The screen reads two plain
attributes every frame:

* ``state``, the connection light: ``"connecting"`` (first contact),
  ``"connected"`` (``seat``, ``setup`` and ``names`` are known: show the table),
  ``"reconnecting"`` (the link dropped; it tries again, proving its seat's key, for
  ``Limits.reconnect_for`` seconds, and the host's computer keeps the seat warm
  meanwhile), ``"lost"`` (the end: see ``reason``), ``"closed"`` (``close()``).
  While connecting it waits in the host's (or relay's) line of attempts for as long as
  it is told it waits there; an attempt nobody answered in time, or that the host heard
  too late (``hello_timeout``), is tried again for ``reconnect_for`` seconds, an address
  where nobody listens for ``connect_timeout`` (game/net/route.py); a first join whose
  sealed channel the path breaks (a line forged or dropped) after its hello tries again
  too, for the same window, claiming by that connection's key the seat its hello may
  have won;
  Through a relay, the link also drops when the *host's* connection to the relay
  does: the relay holds the room and answers ``host_away`` (or, restarted,
  ``no_such_room``) until the host has it back, and the guest keeps trying within
  the same window, then rejoins where the game stands;
* ``reason``, why it is lost, a key for the screen to word (``net.<key>``):
  ``mistyped_code``, ``no_relay`` (a relay code but no relay address),
  ``unreachable``, ``no_such_room``, ``wrong_code`` (the password part is not the
  host's: known after one round trip), ``room_full``, ``wrong_version``,
  ``relay_full``, ``host_left`` (the host said goodbye), ``host_gone`` (the host
  cannot be reached again),
  ``bad_name`` (the name given fails game/names.py's check: nothing was sent),
  ``kicked`` (closed for abuse, or the same seat was taken by a newer
  connection), ``service_changed`` (the table is signed by another key than the relay
  service's), ``not_service`` (a table to be dealt by the service, ``service=True``,
  whose host does not prove the service's key);
* ``in_line``, while connecting: it waits in the line of attempts at the code (wrong
  codes came), for its turn;
* ``dealer``, who deals: ``"service"`` (the host signed this connection's binding with
  the relay service's key, game/net/identity.py: held to the fingerprint the relay
  setting names, else to the first met at a table asked of the service, ``met_service``,
  which a screen keeps in the setting) or ``"host"`` (the host's own program; a key no
  fingerprint vouches for, met at a table not asked of the service, proves nothing).

A direct code carries the host's address; a relay code (12 symbols) needs the
relay's address, from the settings or the command line (game/net/relays.py: one or
several gateways; one that cannot be reached is passed over for the next, the
gateway reached last tried first), and only its first 4 symbols (the room) are sent
to the relay.  A relay that is a fleet of gateways
behind one name may answer that the room is on another of its gateways
(``moved``): the guest goes straight there, once, unseen by the player
(``sent_on`` counts it); if that gateway cannot be reached, or the answer is no
address, it asks the relay again without following and is piped to the room
(game/net/fleet.py), as a guest of an older version is.  Every connection starts
with SPAKE2 on the code's password (game/net/secure.py) and every game line after that is
sealed; a line that does not open (forged, replayed, reordered) drops the
connection, and the guest reconnects as after any drop; so does a link that opens
no sealed line for ``dead_after`` (each end seals a heartbeat, secure.Sealed), so a
line an attacker drops on the path is noticed and the game does not wait for it.
Coming back with a seat key, the guest proves that key alone, without SPAKE2 (the way
back: secure.SeatBack, an X25519 exchange under the key, a tenth of a millisecond where
SPAKE2 costs ten), and its first message carries its pass (secure.seat_pass): a host that
holds the key lets it past the turns of wrong codes, even a stranger's at its own
address; a host that does not says ``wrong_code``, and the guest proves the code by
SPAKE2 on its next connection.  The seat key
(``seat_key``) is derived on the connection the guest first came in on (the
waiting room's, or the table's for a guest who joined a game under way) and kept
in memory; a rejoin proves it on the new connection, so a guest whose link drops
in the waiting room comes back to its seat there too (the host holds it, shown
away), and one whose link drops as the game starts comes back to its seat at the
table.  A guest of another
process can be given it (``resume``) to take its seat back (the headless bot
does, for the tests; the desktop client keeps it on disk, told by ``on_seat``, and
finds it with ``find_seat`` under any of the room's codes, which the host names by
digest to every guest that proved one, before its hello; it offers a key found so
only if the host proves there that it holds it).  After a reconnection
the first update is the game as it stands (no events): the table jumps to it.

``seat``, ``setup`` (as this seat sees it: its own seat ``human``, the host's
``remote``; never the seed) and ``names`` come from the host's welcome; ``away``
lists the seats a computer keeps warm for an absent player.  ``allow()`` does
nothing: the host's table paces the computers.  ``submit()`` while the link is
down gets a :class:`~game.session.Refused` at once, with ``net.offline`` ("Not
connected right now: that move was not sent"): the move is not lost in a queue
that a reconnection would replay against a game that moved on.

The client is made of parts, each a job: the way to the room (the host's address, or the
relay's gateways and a fleet's hop, and the answers read on the way while in a line of
attempts), game/net/route.py's :class:`~game.net.route.Route`, over which it joins; who
deals the table, game/net/who_deals.py's :class:`~game.net.who_deals.WhoDeals`; the keys
it proves its seat by (held, kept, known in the waiting room, a cut connection's),
game/net/seat_keys.py's :class:`~game.net.seat_keys.SeatKeys`.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from collections import deque
from typing import Callable, Optional, Union

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.engine import Action, Event, Reason
from game.names import name_problem
from game.net import codes
from game.net.identity import public_bytes
from game.net.link import Link, LoopSlot, LoopThread, SharedLoop
from game.net.players import prove_seat
from game.net.protocol import (
    GAME_VERSION,
    GONE,
    GUEST_QUIT,
    HOST_AWAY,
    HOST_GONE,
    HOST_LEFT,
    KICKED,
    LIMITS,
    MISTYPED_CODE,
    NO_RELAY,
    NO_SPECTATORS,
    NO_SUCH_ROOM,
    NOT_SERVICE,
    PHRASES,
    PROTOCOL,
    ROOM_FULL,
    SEAT_FREED,
    SERVICE_CHANGED,
    STARTED,
    TABLE_FULL,
    UNREACHABLE,
    WRONG_CODE,
    WRONG_VERSION,
    Bye,
    Confirm,
    Error,
    Hello,
    Limits,
    LobbyView,
    Pake,
    Phrase,
    ProtocolError,
    Rated,
    Rooms,
    Seats,
    Sit,
    Start,
    Welcome,
    decode,
    encode,
)
from game.net.relays import Relay, as_relay
from game.net.route import CannotJoin, Route
from game.net.seat_keys import SeatKey as SeatKey
from game.net.seat_keys import SeatKeys
from game.net.secure import (
    GUEST,
    Handshake,
    Malformed,
    Sealed,
    SeatBack,
    seat_pass,
    seat_proof,
)
from game.net.who_deals import HOST as HOST
from game.net.who_deals import SERVICE as SERVICE
from game.net.who_deals import WhoDeals
from game.session import GameSetup, Refused, Submit, Update
from game.session.client import LinkState, Seating
from game.session.messages import Message

log = logging.getLogger(__name__)

CONNECTING, WAITING, CONNECTED, RECONNECTING, LOST, CLOSED = (
    "connecting", "waiting", "connected", "reconnecting", "lost", "closed")
#: why the host sent a guest away from its waiting room: the screen words them
SENT_AWAY = (SEAT_FREED, NO_SPECTATORS, TABLE_FULL, STARTED)
#: the refusal of a move made while the link is down
OFFLINE = Reason("net.offline")
#: the reason of a client given a name that is not one (game/names.py): nothing is sent
BAD_NAME = "bad_name"
#: why a rejoin ends that is said as it is, not as the host gone
KEEP_REASON = (WRONG_VERSION, SERVICE_CHANGED, NOT_SERVICE)


def again_after(reason: str, limits: Limits, draw: Callable[[float, float], float] =
                random.uniform) -> float:
    """Seconds a guest coming back waits before it asks again, told ``reason``.  A room
    held for its host (``host_away``: a table the service deals being taken over, a host
    reconnecting to its relay) is asked again every ``held_every`` seconds, jittered by
    half so a dead worker's hundreds of guests do not ask in step: its first "back" is
    then some 0.3 s after its table is, not up to ``retry_every`` (a second).  The relay
    counts codes that do not exist against an address: those twice as slowly."""
    if reason == HOST_AWAY:
        return limits.held_every * draw(0.5, 1.5)
    return limits.retry_every * (2 if reason == NO_SUCH_ROOM else 1)


class RemoteClient:
    """A seat at a table hosted elsewhere: see the module docstring.

    ``trace``: called in the network thread with every game line received, as
    bytes (tests check what crossed the wire; a debugging aid).
    """

    def __init__(self, code: str, *, name: str = "",
                 relay: Optional[Union[Relay, tuple[str, int]]] = None,
                 limits: Limits = LIMITS, trace: Optional[Callable[[bytes], None]] = None,
                 resume: Optional[SeatKey] = None, watch: bool = False,
                 on_seat: Optional[Callable[[SeatKey], None]] = None,
                 find_seat: Optional[Callable[[tuple[str, ...]], Optional[SeatKey]]] = None,
                 service: bool = False,
                 player: Optional[Ed25519PrivateKey] = None, listening: int = 0,
                 shared: Optional[SharedLoop] = None) -> None:
        self.name = name.strip()
        #: the player plays by ear, its voice at this many words a minute (0: not): told
        #: to the host in the hello, for its race clock (scenes/table/race.py)
        self.listening = listening
        #: the player's own key (game/net/players.py): shown, by a signature over the
        #: connection's binding, to a table the service deals, and to no other
        self.player = player
        #: a rated table's game over: each seat's rating (before, after) as the service
        #: folded it (None for a seat not rated), once the host has told it
        self.rated: Optional[tuple[Optional[tuple[float, float]], ...]] = None
        #: who deals the table (game/net/who_deals.py)
        self.deals = WhoDeals(None if relay is None else as_relay(relay), service)
        #: the keys this guest proves its seat by (game/net/seat_keys.py)
        self.seats = SeatKeys(resume, find_seat, on_seat)
        #: came to watch (the spectator view, no seat); a guest in the waiting room
        #: who stands up to watch becomes one too
        self.watch = watch
        #: the waiting room as the host last told it (None once the game has started)
        self.lobby: Optional[LobbyView] = None
        #: the last refusal of a seat asked for in the waiting room (a reason key)
        self.refusal: Optional[str] = None
        self._heard: deque[tuple[int, str]] = deque()
        self.relay = self.deals.relay
        self.limits = limits
        self.trace = trace
        #: the way to the room, and the answers read on it
        self._route = Route(self.relay, limits, trace)
        self.state = CONNECTING
        self.reason: Optional[str] = None
        self.seat: Optional[int] = None
        self._setup: Optional[GameSetup] = None
        self.names: tuple[str, ...] = ()
        self.away: tuple[int, ...] = ()
        #: the host's room by each of its codes (codes.room_digest), from its welcome and
        #: its news of a code opened since
        self.rooms: tuple[str, ...] = ()
        #: how many times the link dropped and the guest got back in
        self.reconnects = 0
        self._inbox: deque[Message] = deque()
        self._version = 0
        self._link: Optional[Sealed] = None
        self._closing = False
        self._settled = threading.Event()
        self._inside = threading.Event()
        #: the network's loop: its own thread, or a slot of a ``shared`` loop (many
        #: guests in one process, as bench/dealt.py's players: a thread each cost
        #: them more CPU than the service they measure)
        self._net: LoopThread | LoopSlot = shared.slot("netplay-guest") if shared is not None \
            else LoopThread("netplay-guest")
        self.room: Optional[Union[codes.DirectCode, codes.RelayCode]] = None
        if name_problem(self.name) is not None:
            self._end(BAD_NAME)
            return
        try:
            self.room = codes.parse(code)
        except codes.CodeError:
            self._end(MISTYPED_CODE)
            return
        if isinstance(self.room, codes.RelayCode) and relay is None:
            self._end(NO_RELAY)
            return
        self._net.start(self._main)

    # -- the way to the room (game/net/route.py) ----------------------------------------------
    @property
    def gateway(self) -> int:
        """The index in ``relay.addresses`` of the gateway this guest last reached."""
        return self._route.gateway

    @property
    def sent_on(self) -> int:
        """How often a relay's gateway sent this guest to its room's own, and it went."""
        return self._route.sent_on

    @property
    def in_line(self) -> bool:
        """Waiting in the host's (or relay's) line of attempts at the code."""
        return self._route.in_line

    @in_line.setter
    def in_line(self, waiting: bool) -> None:
        self._route.in_line = waiting

    # -- who deals (game/net/who_deals.py) and the seat's keys (game/net/seat_keys.py) --------
    @property
    def dealer(self) -> Optional[str]:
        """Who deals: :data:`SERVICE` or :data:`HOST`, once the host's first line is read."""
        return self.deals.dealer

    @property
    def dealer_name(self) -> str:
        """The name of the player whose program deals, as the host says it."""
        return self.deals.dealer_name

    @property
    def met_service(self) -> Optional[str]:
        """The service's key met for the first time at a table asked of the service."""
        return self.deals.met_service

    @property
    def service(self) -> bool:
        """The table is to be dealt (or was proven dealt) by the relay service."""
        return self.deals.service

    @property
    def seat_key(self) -> Optional[SeatKey]:
        """This guest's seat and the key that proves it (to hand the seat on)."""
        return self.seats.held

    @property
    def offered(self) -> Optional[SeatKey]:
        """The kept key offered on coming in: a screen forgets it if turned away."""
        return self.seats.offered

    @property
    def find_seat(self) -> Optional[Callable[[tuple[str, ...]], Optional[SeatKey]]]:
        return self.seats.find_seat

    # -- the Client protocol (the table's thread) --------------------------------------------
    @property
    def setup(self) -> GameSetup:
        """The game, as the host's welcome gave it (known once connected: the table is
        made only then)."""
        if self._setup is None:
            raise RuntimeError("not connected yet: the host has not said which game")
        return self._setup

    def poll(self) -> list[Message]:
        return [self._inbox.popleft() for _ in range(len(self._inbox))]

    def submit(self, action: Action, version: Optional[int] = None, probe: bool = False) -> None:
        if self.seat is None:
            return
        msg = Submit(self.seat, action, version, probe)
        if self.state != CONNECTED or not self._net.call(self._send, msg):
            self._inbox.append(Refused(self.seat, str(action), OFFLINE, self._version, probe))

    def allow(self, version: int) -> None:
        """The host paces the computers: nothing to do."""

    def covered(self, covered: bool) -> None:
        """The host's game goes on whatever covers this screen: nothing to do."""

    #: a guest has no world to search: the host's session alone could advise
    advises = False

    def advise(self) -> None:
        return None

    def seating(self) -> Seating:
        """The names from the host's welcome and its news of who is away."""
        return Seating(tuple(self.names), frozenset(self.away))

    def link(self) -> LinkState:
        return LinkState(self.state, self.reason)

    def told(self) -> list[Event]:
        """A guest's story starts when it joins."""
        return []

    def sit(self, seat: Optional[int]) -> None:
        """In the waiting room: ask for a free ``seat`` (None: to watch instead); the
        answer is the next ``lobby`` (or ``refusal``, the reason it was refused)."""
        self.refusal = None
        if self.state == WAITING:
            self._net.call(self._send_msg, Sit(seat))

    @property
    def chair(self) -> bool:
        """Whether this guest is the table's chair (a table the service deals): it may
        :meth:`start` the game before every open seat has its person."""
        return self.state == WAITING and self.lobby is not None and self.lobby.chair

    def start(self) -> None:
        """The chair starts the game now (computers take the open seats nobody took); the
        game's welcome follows, or ``refusal`` says why not."""
        self.refusal = None
        if self.state == WAITING:
            self._net.call(self._send_msg, Start())

    def take_notice(self) -> None:
        """A guest keeps no game here: nothing to tell of it."""
        return None

    @property
    def says(self) -> bool:
        """A guest with a seat says table phrases; a spectator only hears them."""
        return self.seat is not None

    def say(self, phrase: str) -> None:
        """A table phrase (one of protocol.PHRASES) from this seat, to everyone at the table."""
        if phrase in PHRASES and self.state == CONNECTED and self.seat is not None:
            self._net.call(self._send_msg, Phrase(phrase))

    def heard(self) -> list[tuple[int, str]]:
        """The phrases said at the table since the last call: (seat, phrase id)."""
        return [self._heard.popleft() for _ in range(len(self._heard))]

    def close(self) -> None:
        """Leave the game: the host hears goodbye and a computer takes the seat."""
        if self.state == CLOSED:
            return
        self._closing = True                 # no reconnection once the link ends
        if self._net.running():
            self._net.call(self._leave)
            self._net.stop(2.0)
        self.state = CLOSED
        self._settled.set()
        self._inside.set()

    def wait_connected(self, timeout: float = 10.0) -> bool:
        """Block until welcomed to the table or lost (command line, tests); whether
        welcomed: a link that dropped since, even before this thread woke up (a line
        forged on the path right after the welcome), is being reconnected, not lost."""
        self._settled.wait(timeout)
        return self.state in (CONNECTED, RECONNECTING)

    def wait_inside(self, timeout: float = 10.0) -> bool:
        """Block until in the waiting room or at the table, or lost; whether inside (or
        reconnecting since)."""
        self._inside.wait(timeout)
        return self.state in (WAITING, CONNECTED, RECONNECTING)

    # -- the network thread ----------------------------------------------------------------
    def _send_msg(self, msg: Union[Sit, Start, Phrase]) -> None:
        if self._link is not None:
            self._link.send(encode(msg))

    def _send(self, msg: Submit) -> None:
        if self._link is not None:
            self._link.send(encode(msg))
        else:
            self._inbox.append(Refused(msg.seat, str(msg.action), OFFLINE, self._version,
                                       msg.probe))

    def _leave(self) -> None:
        if self._link is not None:
            self._link.send(encode(Bye(GUEST_QUIT)))
            self._link.close()

    def _end(self, reason: str) -> None:
        log.info("netplay: lost (%s)", reason)
        self.reason = reason
        self.state = LOST
        self._settled.set()
        self._inside.set()

    async def _main(self) -> None:
        deadline: Optional[float] = None           # while reconnecting
        slowed: Optional[float] = None             # told to wait for a turn since
        while True:
            try:
                link = await self._join(rejoin=deadline is not None)
            except CannotJoin as exc:
                slowed = slowed or time.monotonic()
                if time.monotonic() - slowed < exc.patience:
                    await asyncio.sleep(exc.pause)
                    continue
                if deadline is None or exc.final:
                    # back in a room that has gone (the relay forgot it, nobody listens
                    # at the address): the host has gone
                    self._end(exc.reason if deadline is None or exc.reason in KEEP_REASON
                              else HOST_GONE)
                    return
                if time.monotonic() > deadline:
                    self._end(HOST_GONE)
                    return
                await asyncio.sleep(again_after(exc.reason, self.limits))
                continue
            self._link = link
            slowed = None
            self.reconnects += deadline is not None
            self.state = CONNECTED if self.lobby is None else WAITING
            self._inside.set()
            if self.state == CONNECTED:
                self._settled.set()
            try:
                ended = await self._serve(link)
            finally:
                self._link = None
                link.close()
            if self._closing:
                return
            if ended is not None:
                self._end(ended)
                return
            log.info("netplay: link dropped; reconnecting")
            self.state = RECONNECTING
            deadline = time.monotonic() + self.limits.reconnect_for

    async def _join(self, rejoin: bool) -> Sealed:
        """A sealed connection welcomed by the host, through the relay if the code says so."""
        room = self.room
        assert room is not None
        if isinstance(room, codes.RelayCode):
            link = await self._route.through_relay(room, rejoin, self.seat_key is not None)
        else:
            link = await self._route.open((room.address, room.port), rejoin, direct=True)
        sealed: Optional[Sealed] = None
        claim: Optional[SeatKey] = None
        tentative = self.seats.tentative
        try:
            sealed = await self._handshake(link, room)
            named = await self._named(sealed)           # read whether or not it is needed
            self.deals.read(named, sealed.keys.binding, isinstance(room, codes.RelayCode))
            claim = self.seats.claim(named, sealed.keys.binding, self.watch)
            proof = None if claim is None else seat_proof(claim.key, sealed.keys.binding)
            mine = self.player if self.deals.signed else None
            sealed.send(encode(Hello(
                self.name, claim.seat if claim else None, proof, self.watch and claim is None,
                None if mine is None else public_bytes(mine),
                None if mine is None else prove_seat(mine, sealed.keys.binding),
                self.listening)))
            first = await self._route.reply(sealed, (Welcome, LobbyView))
        except CannotJoin as exc:
            (sealed or link).close()
            raise self._cut(exc, sealed, claim) from None
        except BaseException:
            (sealed or link).close()
            raise
        if isinstance(first, LobbyView):
            self.seats.came_in(claim, sealed.keys.seat_key)
            self._in_room(first)
            return sealed
        assert isinstance(first, Welcome)
        if not self._welcomed(first, sealed, claim if claim is tentative else None):
            sealed.close()
            raise CannotJoin(ROOM_FULL, final=True)
        return sealed

    def _cut(self, exc: CannotJoin, sealed: Optional[Sealed],
             claim: Optional[SeatKey]) -> CannotJoin:
        """Why a join failed, and whether to try again.  The path may break the sealed
        channel (a line forged or dropped there), or the answer not come, after the hello
        went: the code was right and the host is there, so even a first join tries again,
        and as the host may have
        seated that connection, it claims the seat by that connection's key
        (``seats.tentative``: the host finds the seat it proves, if any).  A tentative
        claim the host does not know (it never read that hello) is dropped, and the guest
        comes in as anyone would."""
        again = CannotJoin(exc.reason, final=False, patience=self.limits.reconnect_for,
                            pause=self.limits.retry_every)
        if claim is not None and claim is self.seats.tentative and \
                exc.reason in (SEAT_FREED, ROOM_FULL):
            self.seats.tentative = None
            return again
        if sealed is None or not (sealed.forged or sealed.silent or exc.unanswered) \
                or exc.final:
            return exc
        if claim is None and sealed.channel.sent > 0:      # its hello may have seated it
            self.seats.tentative = SeatKey(0, sealed.keys.seat_key)
        return again

    async def _named(self, sealed: Sealed) -> Rooms:
        """The room's codes by digest and the host's proofs of the keys it holds: its
        first sealed line, before the hello.  A line that is not one is answered as at the
        table (an error), and the guest comes in with no kept key found: nothing is lost,
        the key stays kept."""
        try:
            named = await self._route.reply(sealed, (Rooms,))
        except CannotJoin as exc:
            cause = exc.__cause__
            if not isinstance(cause, ProtocolError):
                raise
            sealed.send(encode(Error(cause.reason, cause.detail)))
            return Rooms(())
        assert isinstance(named, Rooms)
        return named

    def _in_room(self, view: LobbyView) -> None:
        """The waiting room as the host tells it: a seated guest's claim follows its seat
        (the host may move it), so that a dropped link comes back to it; one watching
        comes back to watch."""
        self.lobby = view
        self.watch = view.you is None
        self.seats.in_room(view)

    def _welcomed(self, welcome: Welcome, sealed: Sealed,
                  tentative: Optional[SeatKey] = None) -> bool:
        """At the table: the seat (None: watching), the game as this seat sees it, the
        names; False if it is not the seat this guest came back to (from the waiting
        room, the host may have moved it while its link was down).  A ``tentative``
        claim (``seats.tentative``) takes the seat its key proved, whichever it is."""
        if not self.seats.back_to(welcome.seat, self.lobby is not None, tentative):
            return False
        self.seat, self._setup, self.names = welcome.seat, welcome.setup, welcome.names
        self.rooms = welcome.rooms
        self.lobby = None
        self.seats.seated(welcome.seat, sealed.keys.seat_key)    # told once the game is known
        self.watch = self.watch or welcome.seat is None
        return True

    def _rooms_opened(self, rooms: Rooms) -> None:
        """The host opened another code since its welcome (a relay's): the seat's key is
        told again (``on_seat``), to be kept under that code too.  Only a seated guest
        keeps a key; to anyone else the news means nothing."""
        if self.seat is None or self.seat_key is None or self.lobby is not None:
            return
        new = not set(rooms.rooms) <= set(self.rooms)
        self.rooms = rooms.rooms
        self.seats.rooms_opened(new)

    async def _handshake(self, link: Link, room: codes.Code) -> Sealed:
        """SPAKE2 with the code's password, or, holding a seat key, the way back by that
        key alone (secure.SeatBack): the sealed connection, or ``wrong_code`` once the
        host's confirmation does not match (the guest still sends its own, so that the
        host counts the wrong code).  A seat key the host turns away is tried no more:
        the next connection proves the code by SPAKE2."""
        held = self.seats.way_back()
        way: Handshake | SeatBack
        if held is not None:
            way = SeatBack(GUEST)
            link.send_msg(Pake(b"", kept=seat_pass(held.key, way.message), back=way.message))
        else:
            way = Handshake(room.secret, GUEST)
            # coming back to a seat: its key's pass goes round the queues of wrong codes
            kept = b"" if self.seat_key is None else seat_pass(self.seat_key.key, way.message)
            link.send_msg(Pake(way.message, protocol=PROTOCOL, game=GAME_VERSION, kept=kept))
        try:
            reply = await self._route.reply(link, (Pake,))
            assert isinstance(reply, Pake)
            keys = way.finish(reply.msg) if isinstance(way, Handshake) else \
                way.finish(held.key if held is not None else b"", reply.back)
        except Malformed:
            log.warning("netplay: the host's answer to the handshake is malformed")
            raise CannotJoin(UNREACHABLE, final=False) from None
        except CannotJoin as exc:
            raise self._turned_away(exc, held) from None
        link.send_msg(Confirm(keys.mine))
        if not keys.confirms(reply.confirm):
            await link.flush()
            raise self._turned_away(CannotJoin(WRONG_CODE, final=True), held)
        return Sealed(link, keys, self.limits)

    def _turned_away(self, exc: CannotJoin, held: Optional[SeatKey]) -> CannotJoin:
        """A wrong code said to the way back is the host's word that it holds that seat
        key no more: the guest proves the code by SPAKE2 on its next connection, at
        once (nothing is lost: the key is still offered in the hello)."""
        if held is None or exc.reason != WRONG_CODE:
            return exc
        self.seats.unknown = held.key
        return CannotJoin(WRONG_CODE, final=False, patience=self.limits.reconnect_for)

    async def _serve(self, link: Sealed) -> Optional[str]:
        """Take the host's lines until the link ends: None if it dropped (try again),
        else the reason the game is over for this guest."""
        while True:
            try:
                line = await link.recv()
            except ProtocolError as exc:
                log.warning("netplay: %s from the host", exc)
                continue
            if line is None:
                return None
            if line == GONE:
                return HOST_GONE
            if line[:1] == b"!":
                continue
            self._route.traced(line)
            try:
                msg = decode(line, (Update, Refused, Seats, Error, Bye, LobbyView, Welcome,
                                    Phrase, Rooms, Rated))
            except ProtocolError as exc:
                # answered as the host answers a guest's: the game goes on, nothing taken
                log.warning("netplay: the host sent %s", exc)
                link.send(encode(Error(exc.reason, exc.detail)))
                continue
            if isinstance(msg, LobbyView):
                self._in_room(msg)
            elif isinstance(msg, Welcome):
                if not self._welcomed(msg, link):
                    return ROOM_FULL
                self.state = CONNECTED
                self._settled.set()
            elif isinstance(msg, Phrase):
                if msg.seat is not None:
                    self._heard.append((msg.seat, msg.phrase))
            elif isinstance(msg, Update):
                self._version = msg.version
                self._inbox.append(msg)
            elif isinstance(msg, Refused):
                self._inbox.append(msg)
            elif isinstance(msg, Seats):
                self.names, self.away = msg.names, msg.away
            elif isinstance(msg, Rated):
                self.rated = msg.ratings
            elif isinstance(msg, Rooms):
                self._rooms_opened(msg)
            elif isinstance(msg, Bye):
                return HOST_LEFT
            elif isinstance(msg, Error):
                log.warning("netplay: the host says %s (%s)", msg.reason, msg.detail)
                if msg.fatal:
                    return msg.reason if msg.reason in SENT_AWAY else KICKED
                self.refusal = msg.reason
