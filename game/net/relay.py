"""The relay: a meeting point for a host and its guests who cannot reach each other.

Most home players sit behind routers that refuse incoming connections, so every
side connects *out* to a relay::

    python -m game.net.relay --port 47800 [--listen 0.0.0.0] [--max-rooms 10000] [--hold 120]
                             [--per-address 64] [--rooms-per-address 16] [--secret-file PATH]
                             [--nats nats://HOST:4222 [--gateway NAME] [--replicas 3]
                              [--public HOST:PORT]]

One process, one asyncio loop; on disk only its secret (32 random bytes, made on
the first start in the user state directory, ``~/.local/state/tavolata/relay-secret``
on Linux, or ``--secret-file``).  With ``--nats`` it is one gateway of a fleet
(game/net/fleet.py): the same relay, its rooms findable from every gateway, the
guests of a room on other gateways sent to it (``moved``, below) or piped to it
over NATS.

The wire (relay protocol 4; a hello of protocol 3 is served as before)
----------------------------------------------------------------------

Every line ends in ``\n``; ``!`` lines are the relay's own and are never
forwarded; JSON lines before a connection has its role are in clear.

* **Host**: ``{"type": "relay", "role": "host", "protocol": 3, "owner": HEX}``
  (the public half of an Ed25519 key it made) gets ``{"type": "room", "code":
  ROOM, "key": HEX}``: 4 symbols (game/net/codes.py) and a ticket, an HMAC of the
  room and the owner's key under the relay's secret.  The host adds the 7
  symbols of a password the relay never sees and shows the whole code.
* **Guest**: ``{"type": "relay", "role": "guest", "protocol": 3, "code": ROOM}``
  (the room only) gets ``{"type": "paired"}``, and the host hears ``!joined ID``:
  ``ID`` is the guest's id in that room, a decimal number from 1 (ids count up,
  so a late line for a guest that left never reaches a newcomer).  A room holds
  at most :data:`~game.net.protocol.ROOM_GUESTS` (16) guests at once, players
  and spectators alike (the host, who knows the seats, refuses the rest in the
  sealed channel); the 17th hears ``room_full``.
* **Moved**: a gateway of a fleet asked by a guest for a room whose host is on
  another gateway (the room's *home*) answers ``{"type": "moved", "to":
  "HOST:PORT"}`` and closes, if the guest's hello said ``"follow": true``
  (protocol 4) and the home has a public address (``--public``, kept with the
  room in the directory).  The guest asks the home again without ``follow``
  and is paired there: its lines then cross no other gateway.  A guest that
  did not say ``follow`` (protocol 3, a second hop, or a guest whose home did
  not answer) is piped to the home over NATS as before, so a guest is sent on
  at most once and a home that cannot be reached costs only that one try.
* **Forwarding**: a guest's line ``L`` reaches the host as ``ID L``; a host's
  line ``ID L`` reaches guest ``ID`` as ``L`` (the tag stripped; a line for a
  guest that has just gone is dropped; a host line without a tag is an
  offence).  The guest's side is untagged: a guest sees only its host.  The
  relay reads nothing of ``L`` but its first byte and length: it is SPAKE2 and
  then sealed lines (game/net/secure.py), each guest's channel its own with the
  host, which the relay can neither read nor forge.
* **Host link lines**: ``!kick ID`` (send that guest away), ``!wrong ID`` (it
  had a wrong code: counted against its address, and it goes), ``!right ID``
  (the right code: its address's slate is wiped), ``!close`` (the room ends:
  every guest hears ``!gone``), ``!public {JSON}`` (list this table, see below),
  ``!private`` (unlist it).  The host hears ``!joined ID`` and ``!gone ID`` (a
  guest came, a guest left).  Anyone may send ``!ping`` (the relay answers
  ``!pong``).
* **Opening a table the service deals**: ``{"type": "relay", "role": "open",
  "protocol": 4, "table": {...}}`` (game/net/service.py) is asked of the fleet's table
  workers (game/net/tables.py) and answered once, ``{"type": "opened", "code":
  CODE}`` or an error (``no_service`` from a relay with no workers behind it), then
  the connection closes.  The workers count tables per address and in all.
* **Public tables**: ``{"type": "relay", "role": "list", "protocol": 3}`` gets
  ``{"type": "tables", "tables": [LISTING...]}`` at once and again for each
  ``!tables`` it sends (at most one a second on average, four in a burst; more
  cost strikes).  A LISTING (game/net/listing.py) is what a host said in
  ``!public``: ``code`` (the whole relay code, password included: a public table
  is open to all by choice, and its code must be in the list for anyone to sit
  down; the relay checks its room is the host's own), ``game``, ``options``,
  ``seats``, ``taken``, ``name`` (the host's) and ``watch`` (spectators
  welcome).  A private table never says ``!public`` and is never listed.  A
  listing goes when the host says ``!private`` (hosts do when their game starts:
  the list shows tables *gathering* players), when the room ends or is held,
  or when nobody renewed it for 60 s (hosts renew every 20 s).  The list shows
  the 200 newest and is made anew at most twice a second however many ask
  (:class:`~game.net.listing.PublicTables`, put/remove/list with a TTL: a fleet
  backs it with NATS key-value).

**What ``moved`` tells** (the choice: as little as joining does).  It is
answered only where the guest would otherwise be piped: for a room that exists
and whose host is there (not held, its gateway alive); a room that does not
exist is ``no_such_room`` and counted as a miss, a held room is ``host_away``,
exactly as before.  So it tells someone who has only the room's 4 symbols (not
its password) what any guest hello already told, that the room is open, and
beyond that only which of the fleet's public addresses (all of them reachable
anyway behind its one name) holds it: never the room's owner, guests, seats or
listing, and nothing the edge would not have said.  Whether the room is full,
and the wrong-code turns of an address at that room, are the home's to answer,
as for a piped guest: one more hop adds no attempt at the password (tried only
at the home, after pairing) and skips no turn.  Relays are upgraded before
their clients: a relay reads hellos of protocol 3 and 4, a relay of protocol 3
refuses a client of 4 (``wrong_version``).

**Wrong codes.**  Only the host can tell a wrong password (the relay does not
know it), so the relay slows attempts at a room per address
(:class:`~game.net.secure.Guesses`, keyed by address and room).  On a clean
slate up to 8 guest hellos for that room from that address are paired at once
(friends behind one router, joining together, wait for nobody); once one of
them was wrong, each later hello waits in that line and is paired at its turn, a
wait that doubles with each attempt, told now and then that it waits (a
``slow_down`` that is not fatal); nobody is turned away, and one that goes before
its turn takes none.
The host closes a guest that had a wrong code with ``!wrong ID`` (counted, and
an attempt that went at once is charged the turn it did not take), and says
``!right ID`` for the right one (the address's slate for that room is wiped).
A guest that goes, or is sent away with ``!kick``, before the host's word is
charged as if wrong (the host's SPAKE2 answer tells a guesser whether its
password was right: it need not stay to confirm); one sent back because its
host dropped is not.  Room symbols that do not exist are counted too (an
address that tries many is turned away for a while; in a fleet, in every
gateway).

A host that ends its room on purpose says ``!close``: the code is free at once
and every guest hears ``!gone``.  A host whose connection just drops (a restart
of its network, a silence) gets its room **held** for ``Limits.room_hold``
seconds (120; ``--hold``): the code stays reserved (a held room counts toward
``max_rooms``), every guest's connection is closed without ``!gone`` so that it
reconnects (each with its seat's proof), the listing goes until the host says
``!public`` again, and a guest who asks for the room meanwhile is refused with
``host_away`` (not a miss: the guest tries again).

**Reclaiming a room** takes its ticket and a signature: the host sends the room,
the ticket and its owner key; the relay checks the ticket (so it needs no memory
of the room: a relay restarted with the same secret checks it too), answers a
fresh random ``challenge``, and gives the room back only for the owner key's
``proof`` (a signature of the challenge).  Neither the ticket nor a recorded
proof lets anyone else take the room; a room another owner holds is never given
away.  Held rooms nobody reclaims are freed once their hold is over.

Limits, so that no client can hurt the others: lines of at most
:data:`HELLO_LINE` bytes before the hello, :data:`~game.net.protocol.MAX_LINE`
after; a connection that has not said hello
within ``hello_timeout`` or has been silent for ``dead_after`` (heartbeats come
every 3 s) is closed; offences (a bad hello, an oversized line, an unknown
``!`` line) cost strikes and a connection out of strikes is closed; each
connection may send :data:`BYTES_PER_S` on average (beyond that the relay
stops reading it for a while); a peer that does not read what is sent to it
(:data:`MAX_BUFFER` waiting) is dropped; at most ``max_rooms`` rooms and
``max_connections`` connections; an address that tries many codes that do not
exist is turned away for a while.  And from game/net/guard.py: one address
holds at most ``per_address`` connections and ``rooms_per_address`` rooms (held
rooms count; a room counts for the address that opened it until it is gone),
connections stay below the file descriptors left, the bytes held for all
connections (unfinished lines, what waits for a slow reader) stay under
``buffered`` (the connection that would pass it is dropped), a line begun must
end within ``half_line`` seconds, and a failed accept is one calm log line.
A host over its address's rooms hears ``relay_full``.  Any exception in a
connection's handler closes that connection only: bad input never stops the
relay.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import logging
import secrets
import signal
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional, Sequence

from game.net import codes, secure
from game.net.directory import Directory, Pipe, Unreachable
from game.net.guard import (
    QUICK_RELAY_GUARD,
    RELAY_GUARD,
    Guard,
    GuardLimits,
    address_key,
    calm_accept_errors,
    relay_backlog,
)
from game.net.listing import BadListing, PublicTables, parse_public
from game.net.protocol import (
    CLOSE,
    GONE,
    HELLO_TIMEOUT,
    HOST_AWAY,
    JOINED,
    KICK,
    LIMITS,
    MAX_LINE,
    NAMED_LIMITS,
    NO_SUCH_ROOM,
    PING,
    PONG,
    PRIVATE,
    PUBLIC,
    RELAY_PROTOCOLS,
    RIGHT,
    ROOM_FULL,
    ROOM_GUESTS,
    SLOW_DOWN,
    TABLES,
    TAG_BYTES,
    TOO_LONG,
    WRONG,
    WRONG_VERSION,
    Bucket,
    Error,
    Limits,
    LineSplitter,
    Moved,
    Opened,
    Paired,
    ProtocolError,
    RelayHello,
    decode,
    encode,
)
from game.net.relay_rooms import RelayRoom, RoomClaims

log = logging.getLogger(__name__)

#: bytes a connection may send a second on average (a game needs a few KB), and in a burst
BYTES_PER_S = 4 << 20
BYTES_BURST = 8 << 20
#: bytes waiting for a peer that does not read, before it is dropped
MAX_BUFFER = 2 << 20
#: codes that do not exist an address may try in a burst, then one every 10 s
MISSES_BURST = 10
MISSES_PER_S = 0.1
SWEEP_EVERY = 0.5
#: (address, room) pairs whose attempts the relay remembers (about 200 bytes each)
GUESSERS = 100_000
#: the longest line before a hello (a relay hello is about 150 bytes)
HELLO_LINE = 4096
#: how often a lister may ask for the list again (a screen asks every 2 s)
LIST_ASKS_PER_S = 1.0
LIST_ASKS_BURST = 4


class _Conn(asyncio.Protocol):
    """One client of the relay: a host, a guest or a lister once it has said hello."""

    def __init__(self, relay: "Relay") -> None:
        self.relay = relay
        self.transport: Optional[asyncio.Transport] = None
        self.ip = ""
        self.role: Optional[str] = None
        self.room: Optional[RelayRoom] = None
        self.gid = 0                        # a guest's id in its room
        #: a host's room: opened, told, taken back by its ticket and signature
        self.claims = RoomClaims(self)
        self.closing = False
        self.born = self.heard = time.monotonic()
        self.splitter = LineSplitter(HELLO_LINE)
        self.strikes = Bucket(relay.limits.strike_leak, relay.limits.strikes)
        self.bandwidth = Bucket(BYTES_PER_S, BYTES_BURST)
        self.asks = Bucket(LIST_ASKS_PER_S, LIST_ASKS_BURST)
        self.admitted = False
        self.half = relay.guard.half_line()
        #: set once this guest's room lives on another gateway of a fleet: its bytes go there
        self.pipe: Optional[Pipe] = None
        #: a guest that goes to its room's gateway if told (``moved``, relay protocol 4)
        self.follows = False
        #: a guest coming back to its seat: paired without its address's turn (its pass
        #: is the host's to check, and the host's budget of the room's guesses applies to
        #: a pass that does not hold)
        self.kept = False
        #: a guest's attempt at its room's code, until the host's word on it (secure.Guesses)
        self.turn: Optional[secure.Turn] = None
        #: its place in the line of attempts, until its turn; when it was last told so
        self.place: Optional[secure.Place] = None
        self.told = float("-inf")
        #: an older connection that has proved something (a host holding its room, a
        #: guest whose host said its code was right): no newcomer takes its place
        #: (game/net/guard.py)
        self.proved = False

    # -- asyncio callbacks -------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.ip = peer[0] if peer else ""
        relay = self.relay
        if relay.cooling(self.ip) or not relay.guard.admit(self.ip, self):
            relay.stats["turned_away"] += 1
            self.closing = True
            transport.abort()
            return
        self.admitted = True
        relay.conns.add(self)

    def data_received(self, data: bytes) -> None:
        self.heard = time.monotonic()
        try:
            if self.pipe is not None:
                self.pipe.send(data)            # the room's gateway reads it
            else:
                self._lines(self.splitter.feed(data))
            self.account()
            if not self.closing and not self.bandwidth.take(len(data)):
                self._throttle(len(data))
        except Exception:  # never let one client's bytes stop the relay
            log.exception("relay: dropping %s after an error", self.ip)
            self.close(abort=True)

    def eof_received(self) -> Optional[bool]:
        return False

    def connection_lost(self, exc: Optional[Exception]) -> None:
        self.closing = True
        relay = self.relay
        relay.conns.discard(self)
        self.half.release()
        if self.admitted:
            self.admitted = False
            relay.guard.leave(self.ip, self)
        if self.pipe is not None:
            self.pipe.end()
        room = self.room
        if self.place is not None:
            relay.guesses.withdraw(self.place)      # gone before its turn: it takes none
            self.place = None
        self.settle(None)
        if room is None:
            return
        if self.role == "host" and room.host is self and relay.rooms.get(room.code) is room:
            relay.hold(room)
        elif self.role == "guest" and room.guests.get(self.gid) is self:
            self._leave_room()

    # -- lines -------------------------------------------------------------------------------
    def _lines(self, lines: list[Optional[bytes]]) -> None:
        out: dict[_Conn, list[bytes]] = {}
        for line in lines:
            if self.closing:
                return
            if self.pipe is not None:
                if line is not None:
                    self.pipe.send(line + b"\n")
            elif line is None and self.role is None:
                self.refuse(TOO_LONG)
            elif line is None:
                self.offence(TOO_LONG)
            elif line[:1] == b"!":
                self._forward(out)          # a host's bye reaches its guest before a !kick
                self._link_line(line.strip())
            elif self.role is None:
                self._hello(line)
                if self.role == "host":
                    self.splitter.limit = MAX_LINE + TAG_BYTES
                elif self.role is not None:
                    self.splitter.limit = MAX_LINE
            elif self.role == "claiming":
                self.claims.proof(line)
            elif self.role == "guest" and self.room is not None and self.room.host is not None:
                out.setdefault(self.room.host, []).append(b"%d %s" % (self.gid, line))
            elif self.role == "host" and self.room is not None:
                self._to_guest(line, out)
        self._forward(out)

    def _to_guest(self, line: bytes, out: dict["_Conn", list[bytes]]) -> None:
        """A host's line ``ID rest``: ``rest`` goes to guest ``ID`` (a guest that has
        just gone is no offence: its lines are dropped)."""
        assert self.room is not None
        tag, space, rest = line.partition(b" ")
        if not space or not tag.isdigit() or len(tag) > TAG_BYTES - 1:
            self.offence("a host's line without a guest id")
            return
        guest = self.room.guests.get(int(tag))
        if guest is not None:
            out.setdefault(guest, []).append(rest)

    def _forward(self, out: dict["_Conn", list[bytes]]) -> None:
        """Pass the lines gathered to their readers, at once; ``out`` is emptied."""
        for conn, lines in out.items():
            conn.write(b"\n".join(lines) + b"\n")
            self.relay.stats["lines"] += len(lines)
        out.clear()

    def _link_line(self, line: bytes) -> None:
        word, _, arg = line.partition(b" ")
        room = self.room if self.role == "host" else None
        guest = room.guests.get(int(arg)) if room is not None and arg.isdigit() \
            and len(arg) < TAG_BYTES else None
        if line == PING:
            self.write(PONG + b"\n")
        elif line == PONG:
            pass
        elif word == TABLES and self.role == "list":
            if self.asks.take():
                self.write(self.relay.tables.encoded())
            else:
                self.offence("asks for the list faster than a screen does")
        elif room is None:
            self.offence("unknown link line")
        elif word in (KICK, WRONG, RIGHT) and arg.isdigit():
            if guest is not None:
                self._judge(word, room, guest)
        elif line == CLOSE:
            self.relay.end(room)
            self.room = None
            self.close()
        elif word == PUBLIC:
            self._publish(room, line)
        elif line == PRIVATE:
            self.relay.tables.remove(room.code)
        else:
            self.offence("unknown link line")

    def _judge(self, word: bytes, room: RelayRoom, guest: "_Conn") -> None:
        """The host's word on one of its guests: send it away, or its code was wrong
        (counted against its address, and it goes), or right (its slate is clean)."""
        if word == RIGHT:
            guest.settle(True)
            return
        if word == WRONG:
            guest.settle(False)
            self.relay.stats["wrong_codes"] += 1
            log.info("relay: room %s: a wrong code from %s", room.code, guest.ip)
        else:
            log.info("relay: room %s sends guest %d away", room.code, guest.gid)
        guest._leave_room()
        guest.close()

    def _publish(self, room: RelayRoom, line: bytes) -> None:
        """``!public {listing}``: the host lists its table (its own room's only)."""
        try:
            listing = parse_public(line)
        except BadListing as exc:
            self.offence(f"a bad listing: {exc}")
            return
        if listing.room != room.code:
            self.offence("a listing of another room")
            return
        self.relay.tables.put(listing)

    def _hello(self, line: bytes) -> None:
        try:
            msg = decode(line, (RelayHello,))
        except ProtocolError as exc:
            self.refuse(exc.reason)
            return
        assert isinstance(msg, RelayHello)
        if msg.protocol not in RELAY_PROTOCOLS:
            self.refuse(WRONG_VERSION)
        elif msg.role == "list":
            self.role = "list"
            self.relay.stats["listers"] += 1
            self.write(self.relay.tables.encoded())
        elif msg.role == "open":
            self.role = "opening"
            self.relay.stats["opens"] += 1
            self.relay.directory.open_table(msg.table, address_key(self.ip), self._opened)
        elif msg.role == "board":
            self.role = "opening"
            self.relay.directory.ask_board(msg.table, self._board)
        elif msg.role == "host" and msg.code is None:
            self.claims.open(msg)
        elif msg.role == "host":
            self.claims.challenge(msg)
        else:
            self.follows = msg.follow and msg.protocol >= 4
            self.kept = msg.kept
            self._guest(codes.normalise(msg.code or ""))

    def _guest(self, code: str, looked: bool = False) -> None:
        """A guest asks for a room: let in now, or once its address's turn comes (a
        room that cannot take it now is no attempt at its code, and takes no turn).  A
        fleet's room this gateway has not heard of yet, or heard of as away, is looked up
        first (``looked``)."""
        relay = self.relay
        room = relay.rooms.get(code) if codes.is_room(code) else None
        there = relay.directory.elsewhere(code) if room is None and codes.is_room(code) else None
        if room is None and (there is None or there.away) and codes.is_room(code) and \
                not looked and relay.directory.look_up(code, lambda: self._looked_up(code)):
            self.role = "waiting"
            return
        if there is not None:
            if there.away:
                self.refuse(HOST_AWAY)          # its gateway is gone: the host comes back
            elif self.follows and there.address and there.address != relay.public:
                self._send_on(there.address)
            else:
                relay.directory.pipe(self, there, code)
            return
        if room is None:
            self.miss()
            return
        if room.host is None or len(room.guests) >= ROOM_GUESTS:
            self._enter(code)                  # host_away, room_full
            return
        if self.kept:
            self._enter(code)
            return
        self.place = relay.guesses.line(self.attempt(code))
        self._in_line(code)

    def _in_line(self, code: str) -> None:
        """Pair this guest once its place in the line of attempts at its room from its
        address has its turn; meanwhile tell it now and then that it waits (a
        ``slow_down`` that is not fatal: it waits on, in its place).  While in line its
        connection counts toward the relay's total only (game/net/guard.py)."""
        place, relay = self.place, self.relay
        if self.closing or place is None:
            return
        wait = relay.guesses.poll(place)
        if place.turn is not None:
            self.place, self.turn = None, place.turn
            relay.guard.in_line(self, False)
            self._enter(code)
            return
        self.role = "waiting"
        relay.guard.in_line(self, True)
        now = time.monotonic()
        if now - self.told >= relay.limits.ping_every:
            self.told = now
            self.write(encode(Error(SLOW_DOWN, f"in line: about {wait:.0f} s")))
        asyncio.get_running_loop().call_later(min(wait, relay.limits.guess_first),
                                              self._in_line, code)

    def _opened(self, code: Optional[str], reason: str) -> None:
        """The service's answer to this client's ``open``: the table's code, or why not."""
        if self.closing:
            return
        if code is None:
            self.refuse(reason)
            return
        self.write(encode(Opened(code)))
        self.close()

    def _board(self, board: Optional[dict[str, Any]], reason: str) -> None:
        """The service's answer to this client's ``board``: the board, or why not."""
        if self.closing:
            return
        if board is None:
            self.refuse(reason)
            return
        self.write(json.dumps({"type": "board", "board": board}).encode() + b"\n")
        self.close()

    def _send_on(self, address: str) -> None:
        """Send this guest to its room's gateway (see ``moved`` in the module docstring)."""
        self.relay.stats["sent_on"] += 1
        self.write(encode(Moved(address)))
        self.close()

    def _looked_up(self, code: str) -> None:
        if not self.closing:
            self._guest(code, looked=True)

    def piped_in(self, code: str) -> None:
        """This connection is a guest's on another gateway of the fleet, handed here where
        room ``code`` lives, its hello said (game/net/fleet.py)."""
        self.splitter.limit = MAX_LINE
        if not self.closing:
            self._guest(code)

    def hand_over(self, pipe: Pipe) -> None:
        """From now on this guest's bytes go to ``pipe`` unread (what it sent after its
        hello first)."""
        self.pipe, self.role = pipe, "piped"
        rest = self.splitter.rest()
        if rest:
            pipe.send(rest)

    def attempt(self, code: str) -> str:
        """What attempts at a room's code are counted under: this address and that room
        (friends behind one home router, joining rooms of their own, do not slow each
        other; a stranger guessing one room is slowed for it)."""
        return f"{self.ip} {code}"

    def miss(self) -> None:
        """This connection asked for a room that does not exist (or that is not its
        to take back): ``no_such_room`` if its address has a miss left, else it is
        turned away without a word.  A fleet counts the miss in every gateway's count
        first (directory.Misses), so the answer waits for it; meanwhile nothing else
        it says is read."""
        self.role = "waiting"
        self.relay.misses.miss(self.ip, self._missed)

    def _missed(self, allowed: bool) -> None:
        if self.closing:
            return
        if allowed:
            self.refuse(NO_SUCH_ROOM)
        else:
            self.relay.stats["turned_away"] += 1
            self.close(abort=True)

    @property
    def settled(self) -> bool:
        return self.proved or (self.role == "host" and self.room is not None)

    def drop(self) -> None:
        """Make room for a newcomer (game/net/guard.py): this one goes as a flood's does."""
        self.relay.stats["dropped_for_newcomer"] += 1
        self.close(abort=True)

    def settle(self, right: Optional[bool]) -> None:
        """The host's word on this guest's attempt (True right, False wrong), or None:
        it ended without one.  Ended once paired, the host may have answered it (a
        guesser can read that answer and go): charged as wrong; ended before, it learnt
        nothing."""
        self.proved = self.proved or bool(right)
        turn, self.turn = self.turn, None
        if turn is None:
            return
        guesses = self.relay.guesses
        if right:
            guesses.succeeded(turn)
        elif right is False:
            guesses.failed(turn)
        elif self.role == "guest":
            guesses.left(turn)
        else:
            guesses.released(turn)

    def release(self) -> None:
        """The relay sends this guest away (its host dropped, or ended the room): its
        attempt, if the host has not judged it, costs nothing."""
        turn, self.turn = self.turn, None
        self.relay.guesses.released(turn)

    def _enter(self, code: str) -> None:
        if self.closing:
            return
        room = self.relay.rooms.get(code)
        if room is None or room.host is None or len(room.guests) >= ROOM_GUESTS:
            self.release()                      # no attempt at its code after all
        if room is None:
            self.refuse(NO_SUCH_ROOM)
        elif room.host is None:
            self.refuse(HOST_AWAY)              # held: the guest may try again
        elif len(room.guests) >= ROOM_GUESTS:
            self.refuse(ROOM_FULL)
        else:
            self.role, self.room, self.gid = "guest", room, room.new_id()
            room.guests[self.gid] = self
            self.relay.stats["paired"] += 1
            room.host.write(JOINED + b" %d\n" % self.gid)
            self.write(encode(Paired()))

    def _leave_room(self) -> None:
        """This guest is no longer in its room; the host hears so."""
        room = self.room
        if room is not None and room.guests.get(self.gid) is self:
            del room.guests[self.gid]
            if room.host is not None:
                room.host.write(GONE + b" %d\n" % self.gid)
        self.room = None

    # -- output and ends -----------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        transport = self.transport
        if self.closing or transport is None:
            return
        transport.write(data)
        if transport.get_write_buffer_size() > MAX_BUFFER:
            log.warning("relay: %s does not read; dropped", self.ip)
            self.relay.stats["slow"] += 1
            self.close(abort=True)
        else:
            self.account()

    def account(self) -> None:
        """Hold this connection's bytes (its unfinished line, what waits to be sent to it)
        in the relay's budget; past the budget, the connection goes."""
        if self.closing or self.transport is None:
            return
        held = self.splitter.pending + self.transport.get_write_buffer_size()
        if not self.half.track(held, self.splitter.midline):
            log.info("relay: %s would pass the buffered bytes' cap; dropped", self.ip)
            self.relay.stats["over_budget"] += 1
            self.close(abort=True)

    def offence(self, what: str) -> None:
        if not self.strikes.take():
            log.warning("relay: %s out of strikes (%s)", self.ip, what)
            self.relay.stats["abuse"] += 1
            self.close()

    def refuse(self, reason: str) -> None:
        self.relay.stats["refused"] += 1
        self.write(encode(Error(reason, fatal=True)))
        self.close()

    def close(self, abort: bool = False) -> None:
        if self.closing or self.transport is None:
            return
        self.closing = True
        if abort:
            self.transport.abort()
        else:
            self.transport.close()

    def _throttle(self, size: int) -> None:
        assert self.transport is not None
        self.transport.pause_reading()
        asyncio.get_running_loop().call_later(size / BYTES_PER_S, self._resume)

    def _resume(self) -> None:
        if not self.closing and self.transport is not None:
            self.transport.resume_reading()


class Relay:
    """The relay's rooms and connections, served on one asyncio loop."""

    def __init__(self, limits: Limits = LIMITS, max_rooms: int = 10_000,
                 max_connections: int = 30_000, guard: GuardLimits = RELAY_GUARD,
                 secret: Optional[bytes] = None,
                 tables: Optional[PublicTables] = None,
                 directory: Optional[Directory] = None,
                 public: Optional[str] = None) -> None:
        self.limits = limits
        #: where clients reach this relay (``HOST:PORT``): a fleet's gateways send the
        #: guests of its rooms here; None until :meth:`start` if not given
        self.public = public
        #: the rooms of other processes (a fleet's gateways, game/net/fleet.py); none alone
        self.directory = directory or Directory()
        self.secret = secret if secret is not None else secrets.token_bytes(secure.KEY_BYTES)
        self.guesses = secure.Guesses(limits.guess_first, limits.guess_most,
                                      addresses=GUESSERS)
        self.max_rooms = max_rooms
        self.backlog = relay_backlog()
        self.guard = Guard(replace(guard, connections=min(guard.connections, max_connections)),
                           burst=self.backlog)
        self.max_connections = self.guard.connections.total
        self.rooms: dict[str, RelayRoom] = {}
        self.conns: set[_Conn] = set()
        #: room codes tried that do not exist, by address (a fleet's: every gateway's)
        self.misses = self.directory.misses(MISSES_PER_S, MISSES_BURST)
        #: the public tables (game/net/listing.py; a fleet passes a store of its own with
        #: the same put/remove/listing/encoded: its directory's, in NATS)
        self.tables = tables if tables is not None else self.directory.public_tables()
        self.stats: Counter[str] = Counter()
        self._server: Optional[asyncio.base_events.Server] = None
        self._sweeper: Optional[asyncio.Task[None]] = None

    async def start(self, host: str, port: int) -> tuple[str, int]:
        """Listen on ``host``:``port`` (0: any free port); the address it listens on."""
        loop = asyncio.get_running_loop()
        calm_accept_errors(loop, self.guard.stats)
        await self.directory.start(self)
        self._server = await loop.create_server(lambda: _Conn(self), host, port,
                                                backlog=self.backlog)
        self._sweeper = loop.create_task(self._sweep())
        name = self._server.sockets[0].getsockname()
        if self.public is None and not ipaddress.ip_address(name[0]).is_unspecified:
            self.public = codes.address_text(name[0], name[1])
        return name[0], name[1]

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._server is not None:
            self._server.close()
        for conn in list(self.conns):
            conn.close(abort=True)
        if self._server is not None:
            await self._server.wait_closed()
        await self.directory.close()

    def new_code(self) -> str:
        while True:
            code = codes.new_room()
            if code not in self.rooms and self.directory.owner_of(code) is None:
                return code

    def owner_of(self, code: str) -> Optional[bytes]:
        """The owner key of room ``code``, here or on another gateway; None if no room."""
        room = self.rooms.get(code)
        return room.owner_key if room is not None else self.directory.owner_of(code)

    def ticket(self, code: str, owner: bytes) -> bytes:
        return secure.room_ticket(self.secret, code, owner)

    def ticket_ok(self, code: str, owner: bytes, ticket: bytes) -> bool:
        return secure.ticket_ok(self.secret, code, owner, ticket)

    def cooling(self, ip: str) -> bool:
        return self.misses.cooling(ip)

    def full(self) -> bool:
        """No room for another room (held rooms count)."""
        return len(self.rooms) >= self.max_rooms

    def room_for(self, ip: str) -> bool:
        """``ip`` may open one more room (then counted until the room is forgotten); the
        rooms it holds on a fleet's other gateways count too."""
        elsewhere = self.directory.rooms_of(address_key(ip))
        if self.guard.rooms.of(ip) + elsewhere < self.guard.rooms.per_address and \
                self.guard.rooms.add(ip):
            return True
        self.guard.stats["over_room_cap"] += 1
        return False

    def forget(self, room: RelayRoom) -> None:
        """The room is gone: its code is free (and unlisted), its owner may open another."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self.tables.remove(room.code)
            self.guard.rooms.remove(room.owner)
            self.directory.forgotten(room.code)

    def moved(self, code: str) -> None:
        """Room ``code`` was taken back by its owner on another gateway: it is no longer
        here (its old host connection goes; its guests are sent to try again)."""
        room = self.rooms.pop(code, None)
        if room is None:
            return
        self.guard.rooms.remove(room.owner)
        self.stats["rooms_moved"] += 1
        log.info("relay: room %s moved to another gateway", code)
        self.send_back(room)
        if room.host is not None:
            room.host.room = None
            room.host.close(abort=True)

    def hold(self, room: RelayRoom) -> None:
        """The host's connection dropped without ``!close``: keep the code for
        ``room_hold`` seconds for the host to reclaim, unlist it, and send the guests
        to try again."""
        log.info("relay: room %s held for its host", room.code)
        self.stats["rooms_held"] += 1
        room.host = None
        room.held_until = time.monotonic() + self.limits.room_hold
        self.tables.remove(room.code)
        self.send_back(room)
        self.directory.held(room.code, room.owner_key)

    def send_back(self, room: RelayRoom) -> None:
        """Close the room's guests without ``!gone``: they reconnect, and their seats'
        keys get them back in once the host is there again."""
        guests = list(room.guests.values())
        room.guests.clear()
        for guest in guests:
            guest.room = None
            guest.release()
            guest.close()

    def end(self, room: RelayRoom) -> None:
        """The host ends its room on purpose: the code is free, the guests hear ``!gone``."""
        self.forget(room)
        guests = list(room.guests.values())
        room.guests.clear()
        for guest in guests:
            guest.room = None
            guest.release()
            guest.write(GONE + b"\n")
            guest.close()

    def pairs(self) -> int:
        """Guests in rooms (a host and each of its guests make a pair)."""
        return sum(len(room.guests) for room in self.rooms.values())

    async def _sweep(self) -> None:
        """Close the connections that said no hello in time or fell silent; free the
        codes held longer than ``room_hold``."""
        limits = self.limits
        while True:
            await asyncio.sleep(min(SWEEP_EVERY, limits.hello_timeout / 2))
            now = time.monotonic()
            for conn in list(self.conns):
                if conn.role in (None, "claiming") and now - conn.born > limits.hello_timeout:
                    self.stats["silent"] += 1
                    conn.refuse(HELLO_TIMEOUT)
                elif now - conn.heard > limits.dead_after:
                    log.info("relay: %s %s silent for %.1f s", conn.role, conn.ip, now - conn.heard)
                    self.stats["dead"] += 1
                    conn.close(abort=True)
                elif conn.half.overdue(now):
                    self.stats["half_line"] += 1
                    conn.close(abort=True)
                elif conn.half.held:
                    conn.account()          # what waited to be sent may have gone
            for code, room in list(self.rooms.items()):
                if room.host is None and now > room.held_until:
                    log.info("relay: room %s no longer held", code)
                    self.stats["rooms_expired"] += 1
                    self.forget(room)
            self.misses.sweep()


async def serve(host: str, port: int, limits: Limits = LIMITS, max_rooms: int = 10_000,
                guard: GuardLimits = RELAY_GUARD, secret: Optional[bytes] = None,
                directory: Optional[Directory] = None, public: Optional[str] = None) -> None:
    """Run a relay until SIGTERM or SIGINT; prints where it listens (and its figures
    when it stops) on stdout.  ``directory``: a fleet's (game/net/fleet.py), or alone;
    ``public``: where clients reach it (default: where it listens)."""
    relay = Relay(limits, max_rooms, guard=guard, secret=secret, directory=directory,
                  public=public)
    where = await relay.start(host, port)
    print(f"relay listening on {where[0]}:{where[1]}", flush=True)
    if directory is not None:
        print(f"guests of this gateway's rooms are sent to {relay.public}" if relay.public else
              "no --public address (it listens on every interface): guests of this "
              "gateway's rooms on other gateways are piped to it over NATS", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await relay.close()
    stats = relay.stats + relay.guard.stats
    print("relay stopped: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items())),
          flush=True)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.relay",
                                     description="Pair Tavolata hosts and guests by room code.")
    parser.add_argument("--port", type=int, default=codes.RELAY_PORT)
    parser.add_argument("--listen", "--host", dest="host", default="0.0.0.0", metavar="ADDRESS",
                        help="the address to listen on (default: every interface)")
    parser.add_argument("--max-rooms", type=int, default=10_000)
    parser.add_argument("--limits", choices=sorted(NAMED_LIMITS), default="default",
                        help="quick: the tests' short timeouts; patient: theirs for whole "
                             "processes (game/net/protocol.py)")
    parser.add_argument("--hold", type=float,
                        help="seconds a dropped host's room is kept for it (default: 120)")
    parser.add_argument("--per-address", type=int, metavar="N",
                        help=f"connections one address may hold (default: "
                             f"{RELAY_GUARD.per_address}; a load test from one machine: more)")
    parser.add_argument("--rooms-per-address", type=int, metavar="N",
                        help=f"rooms one address may hold (default: "
                             f"{RELAY_GUARD.rooms_per_address})")
    parser.add_argument("--secret-file", type=Path,
                        help="the relay's secret, kept across restarts so that hosts get "
                             f"their rooms back (default: {secure.default_secret_file()})")
    parser.add_argument("--nats", metavar="URL",
                        help="join a fleet of gateways over this NATS server "
                             "(nats://HOST:4222; several, comma separated); every gateway "
                             "of a fleet needs the same --secret-file (game/net/fleet.py)")
    parser.add_argument("--gateway", metavar="NAME",
                        help="this gateway's name in the fleet (default: random)")
    parser.add_argument("--public", metavar="HOST:PORT",
                        help="where clients reach this gateway itself (default: the address "
                             "it listens on, unless that is every interface): the fleet's "
                             "other gateways send the guests of its rooms there")
    parser.add_argument("--replicas", type=int, default=1, metavar="N",
                        help="copies of the fleet's buckets a NATS cluster keeps (3 for a "
                             "cluster of three servers or more; the same on every gateway)")
    args = parser.parse_args(argv)
    public = None
    if args.public is not None:
        try:
            public = codes.address_text(*codes.relay_address(args.public))
        except ValueError as exc:
            parser.error(f"--public: {exc}")
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    directory: Optional[Directory] = None
    if args.nats:
        from game.net import fleet
        problem = fleet.fleet_available()
        if problem is not None:
            print(f"relay: {problem}", flush=True)
            return 1
        directory = fleet.FleetDirectory(args.nats, args.gateway, replicas=args.replicas)
        print(f"gateway {directory.name} joins the fleet at {args.nats}", flush=True)
    limits = NAMED_LIMITS[args.limits]
    guard = RELAY_GUARD if args.limits == "default" else QUICK_RELAY_GUARD
    if args.hold is not None:
        limits = replace(limits, room_hold=args.hold)
    if args.per_address is not None:
        guard = replace(guard, per_address=args.per_address)
    if args.rooms_per_address is not None:
        guard = replace(guard, rooms_per_address=args.rooms_per_address)
    path = args.secret_file or secure.default_secret_file()
    try:
        secret = secure.relay_secret(path)
    except OSError as exc:
        print(f"relay: cannot keep its secret in {path}: {exc}", flush=True)
        return 1
    try:
        asyncio.run(serve(args.host, args.port, limits, args.max_rooms, guard, secret, directory,
                          public))
    except Unreachable as exc:
        print(f"relay: cannot join the fleet: {exc}", flush=True)
        return 1
    except OSError as exc:
        print(f"relay: cannot listen on {args.host}:{args.port}: {exc}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
