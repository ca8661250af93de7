"""The host's door through a relay (game/net/host.py): the room the relay gives, and
while the host is open, that room taken back with the room owner's key whenever the
connection to the relay drops (tries spaced from ``Limits.reclaim_first`` doubling to
``reclaim_most``; a table taken over from a worker asks for its room back at once); the
relay's lines handed to the guests behind it, each by its guest id; and a public table's
listing told to the relay while it gathers players (game/net/listing.py).  The guests
it lets in are served by the host as any other."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any, Optional

from game.net import codes
from game.net.guests import RelayPeer
from game.net.host_status import NOT_LAN, PORT_IN_USE, RELAY_LOST, RELAY_UNREACHABLE
from game.net.link import Link, open_gateway
from game.net.listing import RENEW_EVERY, Listing
from game.net.protocol import (
    CLOSE,
    GONE,
    HELLO_TIMEOUT,
    JOINED,
    MAX_LINE,
    PUBLIC,
    RELAY_FULL,
    TAG_BYTES,
    WRONG_VERSION,
    Challenge,
    Error,
    Proof,
    ProtocolError,
    RelayHello,
    Room,
    decode,
)
from game.net.secure import RoomOwner

if TYPE_CHECKING:
    from game.net.host import Host

#: the log of the host, whose door this is
log = logging.getLogger("game.net.host")


class _RelayRefused(Exception):
    """No room from the relay: ``reason`` a problem key; ``again``: worth another try."""

    def __init__(self, reason: str, again: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.again = again


class RelayDoor:
    """One host's door through its relay: see the module docstring.  ``owner``: the
    room's key, which proves the room is this host's when it asks for it back."""

    def __init__(self, host: Host, owner: RoomOwner) -> None:
        self.host = host
        #: the index in ``relay.addresses`` of the gateway the room was reached at last:
        #: tried first to take the room back, then the next ones
        self._gateway = 0
        self._owner = owner

    async def open(self) -> None:
        """Open a room on the relay; while the host is open, get it back with its key
        whenever the connection drops (see the module docstring)."""
        try:
            first, room = await self._first_room()
        except _RelayRefused as exc:
            with self.host._lock:
                self.host._relay_door_open = False           # open_relay may try again
            self.host._update(problem=exc.reason)
            self.host._opened()
            return
        link: Optional[Link] = first
        relay_code = codes.new_relay_code(room.code) if self.host.resume is None else \
            codes.parse(self.host.resume.code)
        assert isinstance(relay_code, codes.RelayCode)
        try:
            digest = self.host.resume.digest if self.host.resume is not None and self.host.resume.digest \
                else await asyncio.to_thread(codes.room_digest, relay_code.text)  # off the loop
        except BaseException:           # closed meanwhile: the relay is not left holding it
            if link is not None:
                link.send(CLOSE + b"\n")
                link.close()
            raise
        self.host._digests["relay"] = digest
        self.host._relay_code = relay_code
        self.host.relay_room = room
        with self.host._lock:            # the relay's last refusal goes with its code; the door's stays
            cleared = {} if self.host._status.problem in (PORT_IN_USE, NOT_LAN) else {"problem": None}
        self.host._update(relay_code=self.host._relay_code.text, **cleared)
        self.host._opened()
        self.host._room_keys.tell_rooms()
        while link is not None:
            self.host._relay_link = link
            link.start_heartbeat()
            if self.host.public:
                self.host._spawn(self._renew(link))
            await self._relay_lines(link)
            self.host._relay_link = None
            if self.host._closing:
                return
            log.warning("lost the relay")
            self.host._update(problem=RELAY_LOST)
            link = await self._reclaim(room)

    async def _first_room(self) -> tuple[Optional[Link], Room]:
        """A new room; or, for a table taken over, its room back (tried until the relay
        gives it: the room may not be held yet when the worker that dealt it has just
        died)."""
        if self.host.resume is None:
            return await self._relay_room(None)
        try:
            return await self._relay_room(self.host.resume.room)
        except _RelayRefused as exc:
            if not exc.again:
                raise
        return await self._reclaim(self.host.resume.room), self.host.resume.room

    async def _reclaim(self, room: Room) -> Optional[Link]:
        """A connection to the relay that has given ``room`` back, after tries spaced
        from ``reclaim_first`` doubling to ``reclaim_most``; None if the relay never
        will (the problem stays)."""
        wait = self.host.limits.reclaim_first
        while True:
            await asyncio.sleep(wait)
            wait = min(2 * wait, self.host.limits.reclaim_most)
            try:
                link, _ = await self._relay_room(room)
            except _RelayRefused as exc:
                if exc.again:
                    continue
                log.error("the relay will not give room %s back: %s", room.code, exc.reason)
                return None
            if self.host._closing:                       # quit meanwhile: end the room
                link.send(CLOSE + b"\n")
                link.close()
                return None
            log.info("back on the relay with room %s", room.code)
            with self.host._lock:
                problem = self.host._status.problem
                self.host._status = self.host._snapshot(problem=None if problem == RELAY_LOST else problem)
            return link

    async def _relay_room(self, room: Optional[Room]) -> tuple[Link, Room]:
        """A connection to the relay and the room it gives: a new one, or ``room`` back
        (its code and ticket, and the owner key's answer to the relay's challenge);
        :class:`_RelayRefused` if not."""
        assert self.host.relay is not None
        owner = self._owner.public
        hello = RelayHello("host", owner=owner) if room is None else \
            RelayHello("host", code=room.code, key=room.key, owner=owner)
        try:
            link, self._gateway = await open_gateway(self.host.relay, self._gateway, self.host.limits,
                                                   MAX_LINE + TAG_BYTES)
        except (OSError, asyncio.TimeoutError):
            raise _RelayRefused(RELAY_UNREACHABLE, again=True) from None
        try:
            link.send_msg(hello)
            line = await link.recv(self.host.limits.connect_timeout)
            reply = decode(line or b"", (Room, Challenge, Error))
            if isinstance(reply, Challenge) and room is not None:
                link.send_msg(Proof(self._owner.sign(room.code, reply.nonce)))
                line = await link.recv(self.host.limits.connect_timeout)
                reply = decode(line or b"", (Room, Error))
            if isinstance(reply, Error):
                # full, or this host's words heard too late (a loaded machine): again
                raise _RelayRefused(reply.reason, again=reply.reason in (RELAY_FULL,
                                                                         HELLO_TIMEOUT))
            if not isinstance(reply, Room):
                raise ProtocolError(WRONG_VERSION, "a challenge for a new room")
            if room is not None and reply.code != room.code:
                raise _RelayRefused(RELAY_LOST, again=False)
        except (asyncio.TimeoutError, ProtocolError) as exc:
            log.warning("relay %s: %s", link.peer, exc)
            link.close()
            raise _RelayRefused(RELAY_UNREACHABLE, again=True) from None
        except BaseException:
            link.close()
            raise
        return link, reply

    async def _relay_lines(self, link: Link) -> None:
        """Hand the relay's lines to the guests behind it, each by its guest id."""
        peers: dict[int, RelayPeer] = {}
        try:
            while True:
                try:
                    line = await link.recv()
                except ProtocolError:
                    continue                # a line over the limit: no guest's to feed
                if line is None:
                    break
                word, _, arg = line.partition(b" ")
                gid = int(arg) if arg.isdigit() and len(arg) < TAG_BYTES else None
                if word == JOINED and gid is not None:
                    if gid in peers:
                        peers[gid].end()
                    peers[gid] = RelayPeer(link, gid, self.host.limits)
                    self.host._spawn(self.host._serve(peers[gid]))
                elif word == GONE and gid is not None:
                    peer = peers.pop(gid, None)
                    if peer is not None:
                        peer.end()
                elif line[:1] != b"!" and word.isdigit() and int(word) in peers:
                    peers[int(word)].feed(arg)
        finally:
            for peer in peers.values():
                peer.end()

    def publish(self) -> None:
        """A public table tells its relay how it stands (``!public``; game/net/listing.py)."""
        link, code = self.host._relay_link, self.host._relay_code
        if not self.host.public or link is None or code is None or self.host.session is not None:
            return
        with self.host._room:
            setup, lobby = self.host.setup, self.host.lobby
            listing = Listing(code.text, setup.key, len(setup.seats), lobby.taken,
                              self.host.title or "?", _listed_options(setup.options),
                              lobby.spectators, self.host.players_only)
        link.send(PUBLIC + b" " + json.dumps(listing.to_json(), separators=(",", ":"),
                                             ensure_ascii=False).encode() + b"\n")

    async def _renew(self, link: Link) -> None:
        """Keep a public table's listing alive while it gathers players."""
        while not link.closed and self.host.session is None:
            self.publish()
            await asyncio.sleep(RENEW_EVERY)


def _listed_options(options: Any) -> dict[str, Any]:
    """The options a listing can carry (short words and numbers)."""
    return {k: v for k, v in dict(options).items()
            if len(k) <= 24 and (type(v) in (int, bool) or isinstance(v, str) and len(v) <= 24)}
