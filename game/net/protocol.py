"""The netplay wire: JSON lines, their types, their limits, and the link-level lines.

Everything that crosses a socket is one line of UTF-8 text ending in ``\\n``.

**Handshake lines** open every connection between a guest and a host (through a
relay, once paired), in clear: they carry no secret (game/net/secure.py).

============ ============ ==========================================================
type         direction    fields
============ ============ ==========================================================
``pake``     guest->host  ``protocol``, ``game`` (versions, checked first: another
                          version is told so, not counted as a wrong code), ``msg``
                          (the guest's SPAKE2 message, base64); a guest coming
                         back to its seat adds ``kept`` (secure.seat_pass: a MAC
                         of ``msg`` under its seat key), which passes the queues
                         of wrong codes at a host that holds that key
``pake``     host->guest  ``msg`` (the host's), ``confirm`` (its key confirmation):
                          the guest knows a wrong code in one round trip
``confirm``  guest->host  ``confirm`` (the guest's): a wrong one is a wrong code,
                          counted, slowed per address, answered ``wrong_code``
============ ============ ==========================================================

**Game lines** follow, every one **sealed**: a line of base64 that only the other
end can open (ChaCha20-Poly1305, a key per direction, the line's number as nonce:
game/net/secure.py).  Inside, JSON objects with a ``"type"``:

=========== ============ ===========================================================
type        direction    fields
=========== ============ ===========================================================
``hello``   guest->host  ``name``; to come back to a seat, ``seat`` and ``proof``
                         (HMAC of this connection's binding under the seat key that
                         the first welcome's connection derived; never a token);
                         ``watch`` (true: to watch, without a seat); to a host
                         that proved the service's key, ``player`` and ``signed``
                         (the player's own key and its signature over this
                         connection's binding: game/net/players.py);
                         ``listening`` (the guest plays by ear, its table said
                         aloud: the words a minute its voice says; absent: it
                         does not), for the host alone, which gives its seat a
                         race's words' time (scenes/table/race.py)
``lobby``   host->guest  before the start, at every change of the waiting room:
                         ``game``, ``options``, ``seats`` (``kind``: host, open,
                         computer or person; ``name``), ``you`` (the guest's seat,
                         null: watching), ``spectators``, ``watchers``; at a table
                         the service deals, ``chair`` (true: this guest may start)
                         and ``chair_seat`` (the seat the chair sits in, told all);
                         ``rated`` (true: a rated table, started once every seat has
                         its player, never by its chair)
``start``   guest->host  the table's chair starts the game now (game/net/tables.py);
                         anyone else is answered ``not_chair``
``sit``     guest->host  ``seat`` (a free open seat; null: to watch); refused with
                         an ``error`` (``seat_taken``, ``no_spectators`` ...)
``welcome`` host->guest  at the start (or on coming back): ``seat`` (null: a
                         spectator), ``setup`` (the game as the guest sees it: its
                         own seat ``human``, the others ``remote`` or ``computer``;
                         never the seed), ``names`` (one per seat); to a seated
                         guest, ``rooms`` (each of the room's codes by a one-way
                         digest, codes.room_digest: its kept seat key is found by
                         whichever code it comes back with)
``rooms``   host->guest  the first sealed line, to every guest (it has proved the
                         code), before its ``hello``: each of the room's codes by
                         digest, so a guest finds a seat key it kept under any of
                         them (one the host opened while the guest's program was
                         closed too) and proves it in its hello; ``holds``: the host
                         proves first, for each seat key a guest could come back
                         by, HMAC of this connection's binding under it (another
                         label than the guest's proof; sorted), and a guest offers
                         a kept key only if one matches its own; ``service`` and
                         ``signature``: a host with the service's identity signs
                         this connection's binding (game/net/identity.py);
                         ``dealer``: the host's name, for "Dealt by Marco's
                         program"; and ``rooms``
                         again, whole, to every seated guest at the table when the
                         room opens a code after its welcome (a relay's, opened
                         late): its key is kept under the new one at once
``phrase``  both         ``phrase``: one of ``PHRASES``; from the host, ``seat``
                         (who said it); a spectator says none
``seats``   host->guest  ``names``, ``away`` (seats a computer keeps warm)
``rated``   host->guest  a rated table's game over: ``ratings``, each seat's rating
                         before and after (null: not rated), as the service folded it
``update``  host->guest  the session's :class:`~game.session.Update`, unchanged
``refused`` host->guest  the session's :class:`~game.session.Refused`, unchanged
``submit``  guest->host  the session's :class:`~game.session.Submit`, unchanged
``error``   both         ``reason`` (a key, see ``ERRORS``), ``detail`` (English, for
                         logs), ``fatal`` (the sender closes the connection now);
                         also in clear, before the channel is made
``bye``     both         ``reason``: the sender leaves on purpose
=========== ============ ===========================================================

**Relay lines** are JSON in clear, before a pair is made, and name only the
room (the 4 public symbols of a relay code): a host sends ``{"type": "relay",
"role": "host", "protocol": N, "owner": HEX}`` (an Ed25519 public key) and gets
``room`` (its ``code`` and ``key``, the relay's ticket for that owner); to
reclaim it, the host sends ``code``, ``key`` and ``owner`` again, gets
``challenge`` (``nonce``), answers ``proof`` (``signature``) and gets ``room``.
A guest sends ``{"type": "relay", "role": "guest", "code": ROOM}`` and gets
``paired``; with ``"follow": true`` (relay protocol 4) a gateway of a fleet
that is not the room's may answer ``moved`` instead (``to``: ``HOST:PORT``, the
room's gateway, where the guest asks again, without ``follow``: one hop at
most); a lister sends ``{"type": "relay", "role": "list"}`` and gets
``tables`` (game/net/listing.py); a client asking the service for a table sends
``{"type": "relay", "role": "open", "table": {...}}`` and gets ``opened``
(``code``, the table's relay code; game/net/service.py); one asking for a
leaderboard sends ``{"type": "relay", "role": "board", "table": {"game": KEY, "key":
HEX}}`` and gets ``{"type": "board", "board": {...}}`` (game/net/keeper.py); any of
them may get an ``error``.  The relay
wire has its own number (:data:`RELAY_PROTOCOL`), apart from the game's
(:data:`PROTOCOL`, which host and guest compare): a relay reads every number of
:data:`RELAY_PROTOCOLS` and answers each hello only with lines of its number,
so a guest of protocol 3 is never told ``moved``.  Between the
relay and a host, every guest's line carries that guest's id in front
(``ID line``): the relay adds it to the guest's lines and strips it from the
host's (game/net/relay.py has the whole wire).

**Link lines** start with ``!`` and are never JSON: ``!ping`` / ``!pong`` (the
heartbeat, answered by whoever is at the other end of that TCP connection: the
host, the guest or the relay), and between a relay and its host ``!joined ID`` /
``!gone ID`` (a guest came, a guest left), ``!kick ID`` (the host closes that
guest), ``!wrong ID`` (the host closes that guest for a wrong code: the relay
has slowed that guest's address), ``!right ID`` (the guest had the right code:
the relay forgets its address), ``!public {JSON}`` / ``!private`` (list the
table, or not) and ``!close``; a guest hears ``!gone`` when the room ends; a
lister asks ``!tables``.  A relay reads only the first byte, the length and
the tag of the lines it forwards, so a guest cannot pass a ``!`` line to a host:
the relay keeps them.  ``!ping`` and ``!pong`` prove only that a connection is
open, not that a friend's lines get through: inside the channel each end seals
``!beat`` when it sealed nothing else for ``ping_every`` (secure.Sealed), so a line
an attacker drops makes the next sealed one, at the latest that beat, fail its tag,
and a channel that opens no sealed line for ``dead_after`` is dead; either way the
connection is closed and the guest reconnects.

Limits: a line is at most :data:`MAX_LINE` bytes (a guest's lines
:data:`MAX_GUEST_LINE`), sealed lines included (base64 and the tag make a line
about 4/3 of its plaintext: an update of a whole table, about 6 KB, crosses as
8 KB); an oversized line is skipped up to its end and answered with an error,
never buffered whole.  :class:`Limits` holds every timeout: a
heartbeat every 3 s, a link silent for 9 s is dead (inside the 10 s the issue
asks), a connection that has not said hello after 5 s is closed.  A name (a
hello's, or in a welcome's or seats' ``names``) that fails game/names.py's
check is a wrong field, as at every other door.  Offences
(garbage, unknown types, wrong fields, actions refused, floods) cost *strikes*;
strikes leak away with time, and a connection out of strikes is closed.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import time
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Any, Callable, Mapping, Optional, Union

from game.names import name_problem
from game.net import codes, lobby
from game.session import messages
from game.session.messages import MessageError, Refused, Submit, Update
from game.session.setup import GameSetup

#: bump when the lines change meaning; a guest of another protocol gets ``wrong_version``
#: (3: many guests a room, tagged by the relay; seats picked in a waiting room; spectators;
#: public tables; table phrases.  4: ``rooms``, a code opened while the game runs told to
#: the seated guests; an ``error`` from a guest at the table is heard, not struck.  5: the
#: host names its codes (``rooms``) before the guest's hello, which waits for them.  6: the
#: host proves there which seat keys it holds (``holds``) before a guest offers one.  7: a
#: sealed heartbeat, ``!beat`` inside the channel: a line dropped on the path fails the
#: next one's tag, and a channel with no sealed line for ``dead_after`` is dead; a table
#: the service deals names its chair in ``lobby`` (``chair``), and only the chair says
#: ``start``.  8: a guest that holds its seat key comes back by ``back``, an X25519
#: exchange under that key, instead of SPAKE2 with the code: secure.SeatBack)
PROTOCOL = 8
#: the relay's wire (hellos and the relay's answers), numbered on its own: the game did
#: not change with it (4: a guest may ask to ``follow`` a ``moved`` answer)
RELAY_PROTOCOL = 4
#: the relay numbers a relay reads: 3 as before (never told ``moved``), and 4
RELAY_PROTOCOLS = (3, 4)


def _game_version() -> str:
    try:
        return metadata.version("tavolata")
    except metadata.PackageNotFoundError:      # run from a source tree never installed
        return "0+unknown"


#: the game's version: host and guest must run the same rules
GAME_VERSION = _game_version()

#: the longest line anyone sends (an update of a whole table is about 6 KB)
MAX_LINE = 1 << 16
#: the longest line a guest sends (hello, submit, bye)
MAX_GUEST_LINE = 4096
assert MAX_LINE <= messages.MAX_LINE

#: sizes of the binary fields: SPAKE2 message, confirmation and proof, Ed25519 key and
#: signature, a relay's ticket and challenge
PAKE_BYTES, CONFIRM_BYTES, PROOF_BYTES = 33, 32, 32
#: secure.SeatBack's message: an X25519 public key and a nonce
BACK_BYTES = 48
OWNER_BYTES, SIGNATURE_BYTES, TICKET_BYTES, NONCE_BYTES = 32, 64, 16, 16
MAX_REASON = 64
MAX_DETAIL = 200
#: the fastest voice a listening guest may name (the settings offer 120 to 450)
MOST_WORDS_A_MINUTE = 1000
#: the most room digests a welcome (or ``rooms``) names (a room has a direct code and a
#: relay's)
MAX_ROOMS = 4
#: the most keys a host proves it holds before a hello (a seat's each, or each guest's of
#: the waiting room: it lets in 32 connections at once)
MAX_HOLDS = 64
_DIGEST = re.compile(r"[0-9a-f]{64}")

# -- link lines ---------------------------------------------------------------------
PING, PONG = b"!ping", b"!pong"
#: the sealed heartbeat: sent inside the channel (secure.Sealed) by each end that sealed
#: nothing for ``ping_every``; never in clear
BEAT = b"!beat"
JOINED, GONE, KICK = b"!joined", b"!gone", b"!kick"
#: a host closing its guest for a wrong code (the relay slows the guest's address), or
#: telling the relay its guest had the right one (the relay forgets that address)
WRONG, RIGHT = b"!wrong", b"!right"
#: a host ending its room on purpose (a host whose connection just drops gets it held)
CLOSE = b"!close"
#: a host listing its table (``!public {JSON}``, game/net/listing.py) or unlisting it
PUBLIC, PRIVATE = b"!public", b"!private"
#: a lister asking for the public tables again
TABLES = b"!tables"
#: the most guests (players and spectators) a relay room holds at once
ROOM_GUESTS = 16
#: the room for a guest id before a host's line on the relay: up to 6 digits and a space
TAG_BYTES = 8
LINK_MARK = ord("!")

# -- reason keys (the screen words them: "net.<key>") --------------------------------------
#: why a guest could not join or lost its game (RemoteClient.reason)
NO_SUCH_ROOM = "no_such_room"        # no room of that relay code on the relay
WRONG_CODE = "wrong_code"            # the code's password is not the host's
SLOW_DOWN = "slow_down"              # wrong codes came: wait in line (not fatal: in it)
ROOM_FULL = "room_full"              # every remote seat has its player
HOST_GONE = "host_gone"              # the host cannot be reached any more
HOST_LEFT = "host_left"              # the host said goodbye: it left the table on purpose
WRONG_VERSION = "wrong_version"      # another protocol or game version
UNREACHABLE = "unreachable"          # no connection to the host or the relay
MISTYPED_CODE = "mistyped_code"      # the check character does not match
NO_RELAY = "no_relay"                # a relay code, but no relay address is set
KICKED = "kicked"                    # closed for abuse (or replaced by a newer connection)
SERVICE_CHANGED = "service_changed"  # a table signed by another key than the service's
NOT_SERVICE = "not_service"          # a table to be dealt by the service, and not proven so
#: error replies about a line (not fatal alone; they cost a strike)
BAD_LINE = "bad_line"                # not UTF-8 JSON, or not an object
TOO_LONG = "too_long"
UNKNOWN_TYPE = "unknown_type"
BAD_FIELD = "bad_field"
UNEXPECTED = "unexpected"            # a valid message at the wrong time or direction
FLOOD = "flood"                      # more lines than the pace of a game
ABUSE = "abuse"                      # out of strikes: fatal
HELLO_TIMEOUT = "hello_timeout"      # said nothing in time: fatal
REPLACED = "replaced"                # the same player connected again: fatal
RELAY_FULL = "relay_full"            # the relay holds as many rooms as it may
HOST_AWAY = "host_away"              # the room is held for a host reconnecting to the relay
#: a bye's reasons
HOST_QUIT, GUEST_QUIT = "host_quit", "guest_quit"

#: the waiting room's refusals (game/net/lobby.py), and a guest the host sent away
SEAT_TAKEN, TABLE_FULL, NO_SPECTATORS, NO_SUCH_SEAT, STARTED = lobby.REFUSALS
SEAT_FREED = "seat_freed"            # the host freed the seat, and spectators are refused
#: a table the service deals (game/net/tables.py, game/net/service.py)
NOT_CHAIR = "not_chair"              # only the table's chair may start it
NO_SERVICE = "no_service"            # this relay deals no tables (no workers behind it)
SERVICE_FULL = "service_full"        # the service deals as many tables as it may
TOO_MANY_TABLES = "too_many_tables"  # this address has opened as many tables as it may
BAD_TABLE = "bad_table"              # the table asked for is not one the games have
#: rated tables (game/net/rated.py, game/net/players.py)
NOT_PLAYER = "not_player"            # a rated table seats only a player proving its own key
NOT_FULL = "not_full"                # a rated table starts once every seat has its player
BAD_BOARD = "bad_board"              # no game's board by that name
TABLES_THIS_HOUR = "tables_this_hour"  # this player's key opened as many tables as it may

ERRORS = (NO_SUCH_ROOM, WRONG_CODE, SLOW_DOWN, ROOM_FULL, WRONG_VERSION, BAD_LINE, TOO_LONG,
          UNKNOWN_TYPE, BAD_FIELD, UNEXPECTED, FLOOD, ABUSE, HELLO_TIMEOUT, REPLACED, RELAY_FULL,
          HOST_AWAY, *lobby.REFUSALS, SEAT_FREED, NOT_CHAIR, NO_SERVICE, SERVICE_FULL,
          TOO_MANY_TABLES, BAD_TABLE, NOT_PLAYER, TABLES_THIS_HOUR, NOT_FULL, BAD_BOARD)

#: the table phrases (worded "phrase.<id>"): sent as an id, never as free text
PHRASES = ("good_game", "well_played", "one_moment", "good_luck", "thanks", "oops")


@dataclass(frozen=True)
class Limits:
    """Every timeout and allowance of a link, in seconds and lines (tests shrink them)."""

    hello_timeout: float = 5.0      # a new connection must have said hello by then
    ping_every: float = 3.0         # a heartbeat when nothing else was sent
    dead_after: float = 9.0         # nothing heard for this long: the link is dead
    connect_timeout: float = 5.0
    write_timeout: float = 10.0     # a peer that does not read for this long is dropped
    reconnect_for: float = 30.0     # a guest tries to get back in for this long
    retry_every: float = 1.0
    strikes: int = 8                # offences before a connection is closed ...
    strike_leak: float = 0.5        # ... forgiven at this rate per second
    lines_per_s: float = 50.0       # a guest's pace: sustained ...
    line_burst: int = 100           # ... and in a burst
    guess_first: float = 1.0        # after a wrong code, an address waits this long ...
    guess_most: float = 8.0         # ... doubling with each up to this (secure.Guesses)
    room_hold: float = 120.0        # a relay keeps a dropped host's room this long
    reclaim_first: float = 0.5      # a host that lost its relay tries again after this ...
    reclaim_most: float = 10.0      # ... doubling up to this
    held_wait: float = 8.0          # a first join waits this long for a held room's host
    #                                 (a table the service deals is taken over in ~2 s)
    held_every: float = 0.3         # a guest coming back asks a held room again this often
    #                                 (jittered by half: a takeover's guests spread out)

    @property
    def answer_within(self) -> float:
        """How long a guest waits for the host's (or relay's) answer, or for its next
        word that the guest still waits in line for a turn (a ``slow_down`` that is not
        fatal, said every ``ping_every``): the usual time, plus a turn's most twice."""
        return self.connect_timeout + 2 * self.guess_most

    def __post_init__(self) -> None:
        if not self.ping_every < self.dead_after or not self.hello_timeout < self.dead_after:
            raise ValueError("a heartbeat, and a hello, must come before a link is thought dead")


LIMITS = Limits()
#: what the tests use: faults show within a second, and computers that do not think
#: before they move may act faster than a person
QUICK = Limits(hello_timeout=0.8, ping_every=0.25, dead_after=1.0, connect_timeout=2.0,
               write_timeout=2.0, reconnect_for=4.0, retry_every=0.2, lines_per_s=1000.0,
               line_burst=1000, guess_first=0.1, guess_most=0.4, room_hold=10.0, reclaim_first=0.1,
               reclaim_most=0.5, held_every=0.2)
#: what the tests of whole processes use (a host, guests, relays and gateways, each its
#: own process): QUICK's pace, but patient with a peer that is slow rather than gone.
#: A loaded machine can leave a process without the CPU for a second or more, which
#: QUICK takes for a dead link, a silent newcomer or a friend who is not coming back;
#: these tests make every fault explicit (a process killed, a gateway killed), so none
#: of their outcomes waits on a silence.  ``reconnect_for`` outlasts a fleet's finding
#: a killed gateway (game/net/fleet.py: ``SILENT``) and its host's taking the room back
PATIENT = replace(QUICK, hello_timeout=5.0, dead_after=10.0, connect_timeout=5.0,
                  write_timeout=10.0, reconnect_for=12.0)
#: the limits a process is started with (``--limits``: the bot's, the relay's)
NAMED_LIMITS = {"default": LIMITS, "quick": QUICK, "patient": PATIENT}


class ProtocolError(ValueError):
    """A line that is not a valid message here; ``reason`` is one of ``ERRORS``."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


# -- the messages ---------------------------------------------------------------------
@dataclass(frozen=True)
class Pake:
    """A guest's SPAKE2 message (``confirm`` empty), or the host's with its confirmation;
    coming back by a seat key, ``back`` (secure.SeatBack's message) in place of ``msg``."""

    msg: bytes
    confirm: bytes = b""
    protocol: int = PROTOCOL
    game: str = GAME_VERSION
    #: a returning guest's pass past the wrong codes' queues (secure.seat_pass; 7)
    kept: bytes = b""
    #: the way back by a seat key (8): each side's X25519 public key and nonce
    back: bytes = b""


@dataclass(frozen=True)
class Confirm:
    confirm: bytes


@dataclass(frozen=True)
class Hello:
    name: str = ""
    seat: Optional[int] = None          # coming back to this seat ...
    proof: Optional[bytes] = None       # ... with this proof of its seat key
    watch: bool = False                 # to watch, without a seat
    #: at a table the service deals: the player's own public key (game/net/players.py) and
    #: its signature over this connection's binding; both or neither
    player: Optional[bytes] = None
    signed: Optional[bytes] = None
    #: the guest plays by ear: its voice's words a minute (0: it does not), told to the
    #: host alone, whose race clock waits for the race's words to be said at that rate
    listening: int = 0


@dataclass(frozen=True)
class Welcome:
    seat: Optional[int]                 # None: a spectator
    setup: GameSetup
    names: tuple[str, ...]
    #: codes.room_digest of each of the room's codes (direct, relay): a guest's kept key
    #: is found by whichever it comes back with
    rooms: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rooms:
    """Every code of the host's room by its digest (as a welcome's ``rooms``), told to a
    seated guest when a code opens after its welcome: its kept key follows it.  Before
    the hello, ``holds`` too: the host's proof of each seat key it holds
    (secure.host_proof), so a guest offers a kept key only to the host that holds it."""

    rooms: tuple[str, ...]
    holds: tuple[str, ...] = ()
    #: a host with the service's identity (game/net/identity.py): its public key, and its
    #: signature over this connection's binding; both or neither
    service: Optional[bytes] = None
    signature: Optional[bytes] = None
    #: the name of the player whose program deals (the host's seat's; empty for a host
    #: with no seat, the service's): the guest's screens say who deals
    dealer: str = ""


@dataclass(frozen=True)
class LobbyView:
    """The waiting room as one guest sees it (game/net/lobby.py): the game, every seat
    (``kind``, ``name``), the guest's own seat (``you``, None: watching), whether
    spectators are welcome and how many watch."""

    game: str
    seats: tuple[lobby.LobbySeat, ...]
    you: Optional[int]
    spectators: bool = False
    watchers: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    #: this guest is the table's chair: it may start the game (a table the service deals)
    chair: bool = False
    #: the seat its chair sits in, told every guest of a table the service deals (None:
    #: a player's table, whose host starts it, or nobody sits yet)
    chair_seat: Optional[int] = None
    #: a rated table (game/net/rated.py): it starts once every seat has its player
    rated: bool = False


@dataclass(frozen=True)
class Sit:
    """A guest in the waiting room asks for ``seat`` (None: to watch)."""

    seat: Optional[int]


@dataclass(frozen=True)
class Start:
    """The table's chair asks to start now: the open seats nobody took get computers
    (a table the service deals, game/net/tables.py; any other guest's is refused)."""


@dataclass(frozen=True)
class Phrase:
    """A table phrase (one of :data:`PHRASES`); from the host it names the ``seat``
    that said it."""

    phrase: str
    seat: Optional[int] = None


@dataclass(frozen=True)
class Seats:
    names: tuple[str, ...]
    away: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rated:
    """A rated table's game over: each seat's rating (before, after) as the service's
    ratings keeper folded the result (game/net/keeper.py); None for a seat not rated."""

    ratings: tuple[Optional[tuple[float, float]], ...]


@dataclass(frozen=True)
class Error:
    reason: str
    detail: str = ""
    fatal: bool = False


@dataclass(frozen=True)
class Bye:
    reason: str = ""


@dataclass(frozen=True)
class RelayHello:
    role: str                        # "host", "guest", "list" (the public tables), "open"
    protocol: int = RELAY_PROTOCOL
    code: Optional[str] = None       # a guest's room, or the room a host reclaims ...
    key: Optional[bytes] = None      # ... with the relay's ticket for it
    owner: Optional[bytes] = None    # a host's public key (Ed25519)
    follow: bool = False             # a guest that goes to the room's gateway if told (4)
    #: a guest coming back to its seat: its pass (with its SPAKE2 message) is the host's
    #: to check, so the relay does not make it wait its address's turn (optional: a relay
    #: that does not read it makes it wait, as before)
    kept: bool = False
    #: the table a client asks the service to open (role "open"; game/net/service.py), or
    #: the leaderboard it asks for (role "board": ``game`` and the player's ``key``)
    table: Optional[Mapping[str, Any]] = None


@dataclass(frozen=True)
class Room:
    code: str
    key: bytes                       # the relay's ticket: this room is the owner's


@dataclass(frozen=True)
class Challenge:
    nonce: bytes


@dataclass(frozen=True)
class Proof:
    signature: bytes


@dataclass(frozen=True)
class Paired:
    pass


@dataclass(frozen=True)
class Opened:
    """The service opened the table asked for: ``code`` is its relay code, to join."""

    code: str


@dataclass(frozen=True)
class Moved:
    """A gateway of a fleet sends a guest that said ``follow`` to its room's gateway:
    ``to`` is that gateway's public address, ``HOST:PORT``, read once when the message is
    made (ValueError when it is not one) into ``address``, ``(host, port)``."""

    to: str
    address: tuple[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "address", codes.relay_address(self.to))


NetMessage = Union[Pake, Confirm, Hello, Welcome, Rooms, Seats, Error, Bye, RelayHello, Room,
                   Challenge, Proof, Paired, Opened, Moved, LobbyView, Sit, Start, Phrase,
                   Update, Submit, Refused, Rated]
SESSION_TYPES = {"update": Update, "submit": Submit, "refused": Refused}


def _name(value: Any) -> str:
    """A player's name as it arrives: checked as at every other door (game/names.py)."""
    problem = name_problem(value)
    if problem is not None:
        raise ProtocolError(BAD_FIELD, f"a name: {problem}")
    return str(value)


def _get(obj: Mapping[str, Any], name: str, kind: type, optional: bool = False,
         limit: int = 0) -> Any:
    value: Any = obj.get(name)
    if value is None and optional:
        return None
    if type(value) is not kind:
        raise ProtocolError(BAD_FIELD, f"{name} must be {kind.__name__}, not {_brief(value)}")
    if limit and len(obj[name]) > limit:
        raise ProtocolError(BAD_FIELD, f"{name} longer than {limit}")
    return value


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _names(obj: Mapping[str, Any], count: Optional[int] = None) -> tuple[str, ...]:
    names = obj.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) \
            or (count is not None and len(names) != count):
        raise ProtocolError(BAD_FIELD, "names must list one name per seat")
    return tuple(_name(n) for n in names)


def _bytes(obj: Mapping[str, Any], name: str, size: int, optional: bool = False,
           hexa: bool = False) -> Optional[bytes]:
    """A binary field of exactly ``size`` bytes, in base64 (``hexa``: hexadecimal)."""
    text = _get(obj, name, str, optional, limit=4 * size)
    if text is None:
        return None
    try:
        data = bytes.fromhex(text) if hexa else base64.b64decode(text, validate=True)
    except (ValueError, binascii.Error):
        raise ProtocolError(BAD_FIELD, f"{name} is {'hexadecimal' if hexa else 'base64'}") \
            from None
    if len(data) != size:
        raise ProtocolError(BAD_FIELD, f"{name} is {size} bytes")
    return data


def _text(data: bytes, hexa: bool = False) -> str:
    return data.hex() if hexa else base64.b64encode(data).decode("ascii")


def _decode_setup(obj: Any) -> GameSetup:
    try:
        setup = GameSetup.from_json(obj)
    except (ValueError, TypeError) as exc:
        raise ProtocolError(BAD_FIELD, f"setup: {exc}") from None
    return setup


def _pake(obj: Mapping[str, Any]) -> Pake:
    confirm = _bytes(obj, "confirm", CONFIRM_BYTES, optional=True) or b""
    protocol = obj.get("protocol", PROTOCOL) if confirm else _get(obj, "protocol", int)
    game = obj.get("game", GAME_VERSION) if confirm else _get(obj, "game", str, limit=MAX_REASON)
    back = _bytes(obj, "back", BACK_BYTES, optional=True) or b""
    msg = _bytes(obj, "msg", PAKE_BYTES, optional=bool(back)) or b""
    if back and msg:
        raise ProtocolError(BAD_FIELD, "a SPAKE2 message or a way back, not both")
    kept = b"" if confirm else _bytes(obj, "kept", PROOF_BYTES, optional=not back) or b""
    return Pake(msg, confirm, protocol, game, kept, back)


def _hello(obj: Mapping[str, Any]) -> Hello:
    seat = _get(obj, "seat", int, optional=True)
    proof = _bytes(obj, "proof", PROOF_BYTES, optional=True)
    if (seat is None) != (proof is None):
        raise ProtocolError(BAD_FIELD, "a seat comes back with its proof")
    watch = obj.get("watch", False)
    if type(watch) is not bool:
        raise ProtocolError(BAD_FIELD, "watch is true or false")
    player = _bytes(obj, "player", OWNER_BYTES, optional=True)
    signed = _bytes(obj, "signed", SIGNATURE_BYTES, optional=True)
    if (player is None) != (signed is None):
        raise ProtocolError(BAD_FIELD, "a player's key comes with its signature")
    listening = _get(obj, "listening", int, optional=True) or 0
    if not 0 <= listening <= MOST_WORDS_A_MINUTE:
        raise ProtocolError(BAD_FIELD, f"listening is 0 to {MOST_WORDS_A_MINUTE} words a minute")
    return Hello(_name(obj.get("name", "")), seat, proof, watch, player, signed, listening)


def _welcome(obj: Mapping[str, Any]) -> Welcome:
    setup = _decode_setup(obj.get("setup"))
    seat = _get(obj, "seat", int, optional=True)
    if seat is not None and not 0 <= seat < len(setup.seats):
        raise ProtocolError(BAD_FIELD, f"no seat {seat}")
    return Welcome(seat, setup, _names(obj, len(setup.seats)), _digests(obj))


def _digests(obj: Mapping[str, Any], least: int = 0, name: str = "rooms",
             most: int = MAX_ROOMS) -> tuple[str, ...]:
    """A message's ``rooms`` (or ``holds``): from ``least`` to ``most`` digests (64
    hexadecimal digits each), never a code."""
    found = obj.get(name, [])
    if not isinstance(found, list) or not least <= len(found) <= most or \
            not all(isinstance(r, str) and _DIGEST.fullmatch(r) for r in found):
        raise ProtocolError(BAD_FIELD, f"{name} are digests")
    return tuple(found)


def _rooms(obj: Mapping[str, Any]) -> Rooms:
    service = _bytes(obj, "service", OWNER_BYTES, optional=True)
    signature = _bytes(obj, "signature", SIGNATURE_BYTES, optional=True)
    if (service is None) != (signature is None):
        raise ProtocolError(BAD_FIELD, "the service's key comes with its signature")
    dealer = obj.get("dealer")
    return Rooms(_digests(obj, least=1), _digests(obj, name="holds", most=MAX_HOLDS),
                 service, signature, "" if dealer is None else _name(dealer))


def _lobby(obj: Mapping[str, Any]) -> LobbyView:
    game = _get(obj, "game", str, limit=MAX_REASON)
    seats = obj.get("seats")
    if not isinstance(seats, list) or not 0 < len(seats) <= 16:
        raise ProtocolError(BAD_FIELD, "seats lists the seats")
    shown = []
    for seat in seats:
        if not isinstance(seat, dict) or seat.get("kind") not in lobby.KINDS:
            raise ProtocolError(BAD_FIELD, "a seat is host, open, computer or person")
        away = seat.get("away", False)
        if type(away) is not bool:
            raise ProtocolError(BAD_FIELD, "away is true or false")
        shown.append(lobby.LobbySeat(seat["kind"], _name(seat.get("name", "")), away))
    you = _get(obj, "you", int, optional=True)
    if you is not None and not 0 <= you < len(shown):
        raise ProtocolError(BAD_FIELD, f"no seat {you}")
    spectators = obj.get("spectators", False)
    watchers = obj.get("watchers", 0)
    options = obj.get("options", {})
    chair, rated = obj.get("chair", False), obj.get("rated", False)
    if type(spectators) is not bool or type(watchers) is not int or \
            not isinstance(options, dict) or type(chair) is not bool or type(rated) is not bool:
        raise ProtocolError(BAD_FIELD, "spectators, watchers, options, chair")
    chair_seat = _get(obj, "chair_seat", int, optional=True)
    if chair_seat is not None and not 0 <= chair_seat < len(shown):
        raise ProtocolError(BAD_FIELD, f"no seat {chair_seat}")
    return LobbyView(game, tuple(shown), you, spectators, watchers, options, chair, chair_seat,
                     rated)


def _sit(obj: Mapping[str, Any]) -> Sit:
    return Sit(_get(obj, "seat", int, optional=True))


def _phrase(obj: Mapping[str, Any]) -> Phrase:
    phrase = obj.get("phrase")
    if phrase not in PHRASES:
        raise ProtocolError(BAD_FIELD, "not a table phrase")
    return Phrase(phrase, _get(obj, "seat", int, optional=True))


def _seats(obj: Mapping[str, Any]) -> Seats:
    away = obj.get("away", [])
    if not isinstance(away, list) or not all(type(s) is int for s in away):
        raise ProtocolError(BAD_FIELD, "away lists seat numbers")
    return Seats(_names(obj), tuple(away))


def _rated(obj: Mapping[str, Any]) -> Rated:
    ratings = obj.get("ratings")
    if not isinstance(ratings, list) or not 0 < len(ratings) <= 16:
        raise ProtocolError(BAD_FIELD, "ratings lists the seats")
    out: list[Optional[tuple[float, float]]] = []
    for pair in ratings:
        if pair is None:
            out.append(None)
            continue
        if not isinstance(pair, list) or len(pair) != 2 or \
                not all(type(r) in (int, float) and abs(r) < 1e6 for r in pair):
            raise ProtocolError(BAD_FIELD, "a rating is before and after, two numbers")
        out.append((float(pair[0]), float(pair[1])))
    return Rated(tuple(out))


def _error(obj: Mapping[str, Any]) -> Error:
    fatal = obj.get("fatal", False)
    if type(fatal) is not bool:
        raise ProtocolError(BAD_FIELD, "fatal is true or false")
    detail = obj.get("detail", "")
    return Error(_get(obj, "reason", str, limit=MAX_REASON),
                 detail[:MAX_DETAIL] if isinstance(detail, str) else "", fatal)


def _relay_hello(obj: Mapping[str, Any]) -> RelayHello:
    role = obj.get("role")
    if role not in ("host", "guest", "list", "open", "board"):
        raise ProtocolError(BAD_FIELD, "role is host, guest, list, open or board")
    if role == "list":
        return RelayHello(role, _get(obj, "protocol", int))
    if role in ("open", "board"):   # the table's (the board's) fields are the service's
        return RelayHello(role, _get(obj, "protocol", int), table=_get(obj, "table", dict))
    code = _get(obj, "code", str, optional=role == "host", limit=16)
    if role == "guest":
        follow, kept = obj.get("follow", False), obj.get("kept", False)
        if type(follow) is not bool or type(kept) is not bool:
            raise ProtocolError(BAD_FIELD, "follow and kept are true or false")
        return RelayHello(role, _get(obj, "protocol", int), code, follow=follow, kept=kept)
    key = _bytes(obj, "key", TICKET_BYTES, optional=True, hexa=True)
    owner = _bytes(obj, "owner", OWNER_BYTES, hexa=True)
    if (code is None) != (key is None):
        raise ProtocolError(BAD_FIELD, "a host reclaims a room with its code and its key")
    return RelayHello(role, _get(obj, "protocol", int), code, key, owner)


def _moved(obj: Mapping[str, Any]) -> Moved:
    to = _get(obj, "to", str, limit=codes.ADDRESS_LIMIT)
    try:
        return Moved(to)
    except ValueError as exc:
        raise ProtocolError(BAD_FIELD, f"moved to {_brief(to)}: {exc}") from None


def _room(obj: Mapping[str, Any]) -> Room:
    key = _bytes(obj, "key", TICKET_BYTES, hexa=True)
    assert key is not None
    return Room(_get(obj, "code", str, limit=16), key)


_DECODERS: dict[str, Callable[[Mapping[str, Any]], NetMessage]] = {
    "pake": _pake,
    "confirm": lambda obj: Confirm(_bytes(obj, "confirm", CONFIRM_BYTES) or b""),
    "hello": _hello,
    "welcome": _welcome,
    "rooms": _rooms,
    "seats": _seats,
    "rated": _rated,
    "error": _error,
    "bye": lambda obj: Bye(_get(obj, "reason", str, optional=True, limit=MAX_REASON) or ""),
    "relay": _relay_hello,
    "room": _room,
    "challenge": lambda obj: Challenge(_bytes(obj, "nonce", NONCE_BYTES, hexa=True) or b""),
    "proof": lambda obj: Proof(_bytes(obj, "signature", SIGNATURE_BYTES, hexa=True) or b""),
    "paired": lambda obj: Paired(),
    "opened": lambda obj: Opened(_get(obj, "code", str, limit=32)),
    "start": lambda obj: Start(),
    "moved": _moved,
    "lobby": _lobby,
    "sit": _sit,
    "phrase": _phrase,
}


def encode(msg: NetMessage) -> bytes:
    """One line (with its newline) for a message."""
    if isinstance(msg, (Update, Submit, Refused)):
        obj = messages.encode(msg)
    elif isinstance(msg, Pake):
        obj = {"type": "pake", "back": _text(msg.back)} if msg.back else \
            {"type": "pake", "msg": _text(msg.msg)}
        if msg.confirm:
            obj["confirm"] = _text(msg.confirm)
        else:
            obj.update(protocol=msg.protocol, game=msg.game)
            if msg.kept:
                obj["kept"] = _text(msg.kept)
    elif isinstance(msg, Confirm):
        obj = {"type": "confirm", "confirm": _text(msg.confirm)}
    elif isinstance(msg, Hello):
        obj = {"type": "hello", "name": msg.name}
        if msg.seat is not None and msg.proof is not None:
            obj.update(seat=msg.seat, proof=_text(msg.proof))
        if msg.watch:
            obj["watch"] = True
        if msg.player is not None and msg.signed is not None:
            obj.update(player=_text(msg.player), signed=_text(msg.signed))
        if msg.listening:
            obj["listening"] = msg.listening
    elif isinstance(msg, Welcome):
        obj = {"type": "welcome", "seat": msg.seat, "setup": msg.setup.to_json(),
               "names": list(msg.names)}
        if msg.rooms:
            obj["rooms"] = list(msg.rooms)
    elif isinstance(msg, Rooms):
        obj = {"type": "rooms", "rooms": list(msg.rooms)}
        if msg.holds:
            obj["holds"] = list(msg.holds)
        if msg.service is not None and msg.signature is not None:
            obj.update(service=_text(msg.service), signature=_text(msg.signature))
        if msg.dealer:
            obj["dealer"] = msg.dealer
    elif isinstance(msg, Seats):
        obj = {"type": "seats", "names": list(msg.names), "away": list(msg.away)}
    elif isinstance(msg, Rated):
        obj = {"type": "rated", "ratings": [None if r is None else list(r) for r in msg.ratings]}
    elif isinstance(msg, Error):
        obj = {"type": "error", "reason": msg.reason, "detail": msg.detail, "fatal": msg.fatal}
    elif isinstance(msg, Bye):
        obj = {"type": "bye", "reason": msg.reason}
    elif isinstance(msg, RelayHello):
        obj = {"type": "relay", "role": msg.role, "protocol": msg.protocol, "code": msg.code}
        for name in ("key", "owner"):
            value = getattr(msg, name)
            if value is not None:
                obj[name] = _text(value, hexa=True)
        if msg.follow:
            obj["follow"] = True
        if msg.kept:
            obj["kept"] = True
        if msg.table is not None:
            obj["table"] = dict(msg.table)
    elif isinstance(msg, Room):
        obj = {"type": "room", "code": msg.code, "key": _text(msg.key, hexa=True)}
    elif isinstance(msg, Challenge):
        obj = {"type": "challenge", "nonce": _text(msg.nonce, hexa=True)}
    elif isinstance(msg, Proof):
        obj = {"type": "proof", "signature": _text(msg.signature, hexa=True)}
    elif isinstance(msg, Paired):
        obj = {"type": "paired"}
    elif isinstance(msg, Opened):
        obj = {"type": "opened", "code": msg.code}
    elif isinstance(msg, Start):
        obj = {"type": "start"}
    elif isinstance(msg, Moved):
        obj = {"type": "moved", "to": msg.to}
    elif isinstance(msg, LobbyView):
        obj = {"type": "lobby", "game": msg.game, "you": msg.you, "spectators": msg.spectators,
               "watchers": msg.watchers, "options": dict(msg.options),
               "seats": [{"kind": seat.kind, "name": seat.name, **({"away": True} if seat.away
                                                                    else {})}
                         for seat in msg.seats]}
        if msg.chair:
            obj["chair"] = True
        if msg.chair_seat is not None:
            obj["chair_seat"] = msg.chair_seat
        if msg.rated:
            obj["rated"] = True
    elif isinstance(msg, Sit):
        obj = {"type": "sit", "seat": msg.seat}
    elif isinstance(msg, Phrase):
        obj = {"type": "phrase", "phrase": msg.phrase, "seat": msg.seat}
    else:
        raise TypeError(f"not a net message: {msg!r}")
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes, expect: tuple[type, ...]) -> NetMessage:
    """The message in one line (without its newline), if it is one of the ``expect``
    types; else :class:`ProtocolError` with the reason to reply.  Input from a socket
    is never trusted: every field is checked, nothing is evaluated."""
    if len(line) > MAX_LINE:
        raise ProtocolError(TOO_LONG, f"{len(line)} bytes")
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError) as exc:       # UnicodeDecodeError is a ValueError
        raise ProtocolError(BAD_LINE, str(exc)[:MAX_DETAIL]) from None
    if not isinstance(obj, dict):
        raise ProtocolError(BAD_LINE, "a message is a JSON object")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(UNKNOWN_TYPE, "a message has a type")
    if kind in SESSION_TYPES:
        if SESSION_TYPES[kind] not in expect:
            raise ProtocolError(UNEXPECTED, kind)
        try:
            return messages.decode(obj)
        except MessageError as exc:
            raise ProtocolError(BAD_FIELD, str(exc)[:MAX_DETAIL]) from None
    decoder = _DECODERS.get(kind)
    if decoder is None:
        raise ProtocolError(UNKNOWN_TYPE, _brief(kind))
    msg = decoder(obj)
    if not isinstance(msg, expect):
        raise ProtocolError(UNEXPECTED, kind)
    return msg


# -- lines and allowances ---------------------------------------------------------------
class LineSplitter:
    """Cuts a byte stream into lines of at most ``limit`` bytes, whatever chunks the
    socket gives (sans-IO: host, guest and relay all feed it).  An oversized line
    is reported once, as ``None``, the moment it is too long, and skipped up to its
    newline: it is never buffered whole."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._skipping = False

    @property
    def pending(self) -> int:
        """Bytes of a line begun and not ended, held here (what a guard counts)."""
        return len(self._buf)

    @property
    def midline(self) -> bool:
        """Whether a line has begun and not ended (held, or being skipped)."""
        return self._skipping or bool(self._buf)

    def rest(self) -> bytes:
        """The bytes of a line begun and not ended, taken out (a stream handed on)."""
        rest = bytes(self._buf)
        self._buf.clear()
        return rest

    def feed(self, data: bytes) -> list[Optional[bytes]]:
        out: list[Optional[bytes]] = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                break
            if self._skipping:
                self._skipping = False
            elif len(self._buf) + end - start > self.limit:
                self._buf.clear()
                out.append(None)
            elif self._buf:
                self._buf += data[start:end]
                out.append(bytes(self._buf))
                self._buf.clear()
            else:
                out.append(data[start:end])
            start = end + 1
        if not self._skipping and start < len(data):
            if len(self._buf) + len(data) - start > self.limit:
                self._buf.clear()
                self._skipping = True
                out.append(None)
            else:
                self._buf += data[start:]
        return out


@dataclass
class Bucket:
    """An allowance refilled at ``rate`` a second up to ``burst``: a flood limit, or
    strikes that are forgiven with time."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    level: float = field(default=-1.0)
    _at: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        if self.level < 0:
            self.level = float(self.burst)
        self._at = self.clock()

    def available(self) -> float:
        now = self.clock()
        self.level = min(float(self.burst), self.level + (now - self._at) * self.rate)
        self._at = now
        return self.level

    def take(self, amount: float = 1.0) -> bool:
        """Spend ``amount`` if there is that much; False (and nothing spent) if not."""
        if self.available() < amount:
            return False
        self.level -= amount
        return True
