"""A host's room at the relay (game/net/relay.py): its code, owner and guests
(:class:`RelayRoom`), and how a host's connection opens one, is told its code and
ticket once every gateway of a fleet can find it, and takes it back after a drop or a
relay's restart by its ticket and a signature over a fresh challenge
(:class:`RoomClaims`, a part of the relay's connection)."""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Optional

from game.net import codes, secure
from game.net.protocol import (
    MAX_LINE,
    NO_SUCH_ROOM,
    NONCE_BYTES,
    RELAY_FULL,
    TAG_BYTES,
    Challenge,
    Proof,
    ProtocolError,
    RelayHello,
    Room,
    decode,
    encode,
)

if TYPE_CHECKING:
    from game.net.relay import _Conn

#: its lines are the relay's
log = logging.getLogger("game.net.relay")

#: guest ids count up to this, then start again from 1 (skipping those in use)
MAX_GUEST_ID = 999_999


class RelayRoom:
    """A room's symbols, its owner's public key, its host and its guests (by guest id);
    ``host`` is None while the room is held for a host whose connection dropped (until
    ``held_until``)."""

    def __init__(self, code: str, owner_key: bytes, host: _Conn) -> None:
        self.code = code
        self.owner_key = owner_key
        self.host: Optional[_Conn] = host
        self.guests: dict[int, _Conn] = {}
        self.next_id = 1
        self.held_until = 0.0
        self.owner = host.ip                # whose rooms it counts among (game/net/guard.py)

    def new_id(self) -> int:
        """A guest id not in use (ids count up, so a late line never reaches a newcomer)."""
        while self.next_id in self.guests or self.next_id > MAX_GUEST_ID:
            self.next_id = 1 if self.next_id > MAX_GUEST_ID else self.next_id + 1
        gid = self.next_id
        self.next_id += 1
        return gid


class RoomClaims:
    """A host's connection and its room: opened anew, or asked back (``claim``: the
    hello and the challenge sent, until the signature comes)."""

    def __init__(self, conn: _Conn) -> None:
        self.conn = conn
        self.claim: Optional[tuple[RelayHello, bytes]] = None    # a reclaim and its challenge

    def open(self, msg: RelayHello) -> None:
        """A host asks for a new room: it has it, and is told its code, or is refused."""
        room = self._new_room(msg)
        if room is not None:
            self._hosts(room)

    def _hosts(self, room: RelayRoom) -> None:
        """The connection is ``room``'s host now."""
        self.conn.role, self.conn.room = "host", room
        self._give(room)

    def _new_room(self, msg: RelayHello) -> Optional[RelayRoom]:
        relay = self.conn.relay
        if relay.full() or not relay.room_for(self.conn.ip):
            self.conn.refuse(RELAY_FULL)
            return None
        assert msg.owner is not None
        room = RelayRoom(relay.new_code(), msg.owner, self.conn)
        relay.rooms[room.code] = room
        relay.stats["rooms_opened"] += 1
        relay.directory.opened(room.code, room.owner_key)
        return room

    def _give(self, room: RelayRoom) -> None:
        """Tell the host its room and ticket, once every gateway of a fleet can find it."""
        line = encode(Room(room.code, self.conn.relay.ticket(room.code, room.owner_key)))
        self.conn.relay.directory.when_stored(room.code, lambda: self.conn.write(line))

    def challenge(self, msg: RelayHello) -> None:
        """A host asks for its room back: its ticket must be this relay's for that owner
        (checked without any memory of the room), and the room, if the relay has it,
        that owner's; then it must sign a fresh challenge."""
        assert msg.code is not None and msg.key is not None and msg.owner is not None
        relay = self.conn.relay
        code = codes.normalise(msg.code)
        owner = relay.owner_of(code)
        if not codes.is_room(code) or not relay.ticket_ok(code, msg.owner, msg.key) or \
                (owner is not None and owner != msg.owner):
            self.conn.miss()
            return
        nonce = secrets.token_bytes(NONCE_BYTES)
        self.conn.role, self.claim = "claiming", (msg, nonce)
        self.conn.write(encode(Challenge(nonce)))

    def proof(self, line: bytes) -> None:
        """The host's signature over the challenge: its room back, or a miss."""
        assert self.claim is not None
        msg, nonce = self.claim
        assert msg.code is not None and msg.owner is not None
        code = codes.normalise(msg.code)
        try:
            proof = decode(line, (Proof,))
        except ProtocolError as exc:
            self.conn.refuse(exc.reason)
            return
        assert isinstance(proof, Proof)
        if not secure.signed(msg.owner, code, nonce, proof.signature):
            self.conn.miss()
            return
        room = self._reclaim(code, msg.owner)
        if room is not None:
            self.claim = None
            self._hosts(room)
            self.conn.splitter.limit = MAX_LINE + TAG_BYTES

    def _reclaim(self, code: str, owner: bytes) -> Optional[RelayRoom]:
        """The room its owner proved it holds: held for it, still on an old connection
        of its own (not yet found dead), or, on a relay that restarted, opened again
        under that code (if no other owner has it meanwhile)."""
        relay = self.conn.relay
        room = relay.rooms.get(code)
        if room is None and relay.owner_of(code) not in (None, owner):
            self.conn.refuse(NO_SUCH_ROOM)               # another owner has it on another gateway
            return None
        if room is None and (relay.full() or not relay.room_for(self.conn.ip)):
            self.conn.refuse(RELAY_FULL)
            return None
        if room is None:
            room = relay.rooms[code] = RelayRoom(code, owner, self.conn)
            relay.stats["rooms_reopened"] += 1
            log.info("relay: room %s opened again by its owner", code)
            relay.directory.opened(room.code, room.owner_key)
            return room
        if room.owner_key != owner:
            self.conn.refuse(NO_SUCH_ROOM)
            return None
        old = room.host
        if old is not None:
            old.room = None
            old.close(abort=True)
        relay.send_back(room)
        room.host = self.conn
        relay.directory.opened(room.code, room.owner_key)
        relay.stats["rooms_reclaimed"] += 1
        log.info("relay: room %s back with its owner", code)
        return room
