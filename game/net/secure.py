"""The secure channel: a room code's password becomes a strong key, and every game
line after that is encrypted and authenticated end to end.

As magic-wormhole does it (and with the same library, ``spake2``): the code's
password (game/net/codes.py) is fed to **SPAKE2** on both sides; the guest is
side A, the host side B.  Each side sends one message and derives a 32-byte key
``K``; the two keys are equal only if both used the same password.  A passive
observer (the relay included) learns nothing of ``K`` or the password, even one
who knows the password (``K`` comes from a Diffie-Hellman exchange); an active
one gets one guess per run, and only by talking to the host.

Everything else comes from ``K`` through HKDF-SHA256 (``cryptography``), one
``info`` label per purpose, so no key is used for two things:

=================== =========================================================
label               use
=================== =========================================================
``confirm host``    the host's key confirmation (sent with its SPAKE2 message)
``confirm guest``   the guest's (sent before its first sealed line)
``host->guest``     ChaCha20-Poly1305 key for the host's lines
``guest->host``     ChaCha20-Poly1305 key for the guest's lines
``binding``         this connection's channel binding (a rejoin signs it)
``seat``            the seat key: derived once, on the connection that first
                    welcomed a guest to its seat, and kept by both sides; a
                    rejoin proves it with ``HMAC(seat key, binding)``; its
                    first message comes with ``HMAC(seat key, "pass" + msg)``
=================== =========================================================

A guest that holds its seat key comes back without SPAKE2 (:class:`SeatBack`): an
X25519 exchange of ephemeral keys whose output is mixed with the seat key by HKDF,
salted with both messages (each side's public key and nonce), gives ``K`` for the same
labels; the same key confirmations both ways prove that each end holds the seat key
and its own ephemeral secret.  A tenth of a millisecond of CPU a side, where SPAKE2
(pure Python) costs about 10 ms.

A sealed line is the base64 of ``ChaCha20-Poly1305(key, nonce, plaintext)``;
the nonce is the count of lines sent before in that direction (12 bytes, big
endian), never sent, so a line replayed, reordered, dropped or forged fails
its tag and the connection is closed.  A new connection runs SPAKE2 (or the way
back) again: new keys, counters from zero, so nothing recorded from another
connection opens.
Each end seals a heartbeat when it sealed nothing for a while (:class:`Sealed`), so a
line dropped on the path is found by the next one's tag, and a channel silent for too
long is closed, whatever clear heartbeats still pass.  A guest coming back to its seat
sends :func:`seat_pass` with its SPAKE2 message: a host that holds the seat key lets
it past the queues of wrong codes.

:class:`Guesses` slows wrong codes (backoff, turns in a line; friends joining at
once are not slowed); :class:`RoomOwner` and :func:`room_ticket` let only the
host that made a relay room reclaim it,
even from a relay that restarted (see game/net/relay.py).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import logging
import os
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B
from spake2.spake2 import SPAKEError

from game.net.beats import SLACK, keeper
from game.net.protocol import BACK_BYTES, BEAT, Limits

log = logging.getLogger(__name__)

#: binds every key to this protocol: another version's keys never match
LABEL = b"tavolata/2 "
GUEST, HOST = "guest", "host"
KEY_BYTES = 32
#: a way back's message (:class:`SeatBack`, protocol.BACK_BYTES): an X25519 public key,
#: then a nonce
NONCE_BYTES = BACK_BYTES - KEY_BYTES
#: a sealed line's overhead: the tag, then base64
TAG_BYTES = 16


def sealed_size(plain: int) -> int:
    """The length of the sealed line (without its newline) of ``plain`` bytes."""
    return 4 * -(-(plain + TAG_BYTES) // 3)


class WrongCode(Exception):
    """The other side's key confirmation does not match: another password."""


class Forged(Exception):
    """A sealed line that does not open: forged, replayed, reordered or cut."""


class Malformed(ValueError):
    """A SPAKE2 message or a confirmation that is not even well formed."""


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def unb64(text: str, size: Optional[int] = None) -> bytes:
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise Malformed("not base64") from None
    if size is not None and len(data) != size:
        raise Malformed(f"{len(data)} bytes, not {size}")
    return data


def derive(key: bytes, purpose: str) -> bytes:
    """The 32-byte key for ``purpose`` (one of the labels above) from a SPAKE2 key."""
    return HKDF(hashes.SHA256(), KEY_BYTES, None, LABEL + purpose.encode()).derive(key)


class Handshake:
    """One side's SPAKE2 run: send :attr:`message`, then :meth:`finish` with the other
    side's.  Used once (a new connection makes a new one)."""

    def __init__(self, secret: bytes, side: str) -> None:
        if side not in (GUEST, HOST):
            raise ValueError(side)
        self.side = side
        make = SPAKE2_A if side == GUEST else SPAKE2_B
        self._spake = make(LABEL + secret, idA=LABEL + b"guest", idB=LABEL + b"host")
        self.message: bytes = self._spake.start()

    def finish(self, theirs: bytes) -> "Keys":
        """The keys of this connection; :class:`Malformed` if ``theirs`` is not a SPAKE2
        message of the other side (a wrong password is found by the confirmations)."""
        try:
            key = self._spake.finish(theirs)
        except (SPAKEError, ValueError, AssertionError) as exc:
            raise Malformed(f"SPAKE2: {type(exc).__name__}") from None
        return Keys(key, self.side)


class SeatBack:
    """One side's way back to a seat by the seat key alone, instead of SPAKE2 with the
    code: each side sends :attr:`message` (a fresh X25519 public key and a nonce), then
    :meth:`finish` with the other's and the seat key.  The connection's key is
    ``HKDF(salt = SHA-256(both messages), X25519 output + seat key)``: without the seat
    key nobody derives it (a host that holds another key, a guest that replays a
    recorded message, whose ephemeral secret it lacks), a passive observer learns
    nothing of it (Diffie-Hellman), and a recorded connection is opened by no later
    leak of the seat key (both secrets are ephemeral).  The key confirmations of
    :class:`Keys` then prove both ways that each end derived it.  Used once."""

    def __init__(self, side: str) -> None:
        if side not in (GUEST, HOST):
            raise ValueError(side)
        self.side = side
        self._secret = X25519PrivateKey.generate()
        self.message: bytes = self._secret.public_key().public_bytes_raw() + \
            secrets.token_bytes(NONCE_BYTES)

    def finish(self, seat_key: bytes, theirs: bytes) -> "Keys":
        """The keys of this connection; :class:`Malformed` if ``theirs`` is no X25519
        public key (a low-order point included).  A wrong seat key is found by the
        confirmations, as a wrong code is."""
        if len(theirs) != BACK_BYTES:
            raise Malformed(f"{len(theirs)} bytes, not {BACK_BYTES}")
        try:
            shared = self._secret.exchange(X25519PublicKey.from_public_bytes(theirs[:KEY_BYTES]))
        except ValueError:
            raise Malformed("X25519: not a public key of the curve's group") from None
        guest, host = (self.message, theirs) if self.side == GUEST else (theirs, self.message)
        salt = hashlib.sha256(LABEL + b"seat back " + guest + host).digest()
        key = HKDF(hashes.SHA256(), KEY_BYTES, salt, LABEL + b"seat back").derive(
            shared + seat_key)
        return Keys(key, self.side)


class Keys:
    """What one connection's key (SPAKE2's, or a way back's) gives one side."""

    def __init__(self, key: bytes, side: str) -> None:
        other = HOST if side == GUEST else GUEST
        self.side = side
        self.mine = derive(key, f"confirm {side}")        # my key confirmation, to send
        self._theirs = derive(key, f"confirm {other}")
        self._send = derive(key, f"{side}->{other}")
        self._recv = derive(key, f"{other}->{side}")
        self.binding = derive(key, "binding")
        self.seat_key = derive(key, "seat")

    def confirms(self, theirs: bytes) -> bool:
        """Whether the other side's confirmation shows it holds the same key."""
        return hmac.compare_digest(self._theirs, theirs)

    def channel(self) -> "Channel":
        return Channel(self._send, self._recv)


def seat_proof(seat_key: bytes, binding: bytes) -> bytes:
    """A rejoining guest's proof that it holds its seat's key, bound to this connection
    (a proof recorded from another connection proves nothing here)."""
    return hmac.new(seat_key, LABEL + b"rejoin" + binding, hashlib.sha256).digest()


def host_proof(seat_key: bytes, binding: bytes) -> bytes:
    """The host's proof, before a guest's hello, that it holds a seat key: a guest offers
    a kept key only to a host that shows it (another label than the guest's proof, so
    neither stands for the other; bound to this connection, so never replayed)."""
    return hmac.new(seat_key, LABEL + b"host" + binding, hashlib.sha256).digest()


def seat_pass(seat_key: bytes, message: bytes) -> bytes:
    """A returning guest's pass past the queue of wrong codes, sent with its first
    ``message`` (SPAKE2's, or a :class:`SeatBack`'s; before any channel): a MAC of that
    message under its seat key, by which the host also finds which key it holds.  Only
    a host holding the key can check it; a pass replayed with a recorded message is
    worthless, as whoever replays the message does not hold its secret and so cannot
    finish that run (nor confirm it), whatever password it tries: no guess gained."""
    return hmac.new(seat_key, LABEL + b"pass" + message, hashlib.sha256).digest()


class Channel:
    """Both directions of one connection's lines: :meth:`seal` what goes out,
    :meth:`open` what comes in; each counts its lines (the nonces)."""

    def __init__(self, send_key: bytes, recv_key: bytes) -> None:
        self._out = ChaCha20Poly1305(send_key)
        self._in = ChaCha20Poly1305(recv_key)
        self.sent = 0
        self.received = 0

    @staticmethod
    def _nonce(count: int) -> bytes:
        return count.to_bytes(12, "big")

    def seal(self, plain: bytes) -> bytes:
        """The sealed line (without its newline) of ``plain``."""
        data = self._out.encrypt(self._nonce(self.sent), plain, None)
        self.sent += 1
        return base64.b64encode(data)

    def open(self, line: bytes) -> bytes:
        """The plaintext of the next sealed line; :class:`Forged` if it does not open
        as exactly that line (the counter does not move then)."""
        try:
            data = base64.b64decode(line, validate=True)
            plain = self._in.decrypt(self._nonce(self.received), data, None)
        except (binascii.Error, ValueError, InvalidTag):
            raise Forged(f"line {self.received} does not open") from None
        self.received += 1
        return plain


class Sealed:
    """A connection (a host's peer, a guest's link: ``recv``, ``send``, ``flush``,
    ``close``) whose lines go through the :class:`Channel` of its ``keys``.  Link
    lines (``!``, heartbeats and the relay's words) pass as they are: they carry
    nothing secret.  A line that does not open closes the connection: :meth:`recv`
    returns None, as at its end, and :attr:`forged` says why.

    Liveness is the channel's, not the connection's: ``!ping`` and ``!pong`` in clear
    tell only that the TCP connection is open, and an attacker on the path may pass
    them while it drops a friend's move (the game then waits for it forever).  Given
    ``limits``, each end seals :data:`~game.net.protocol.BEAT` when it sealed nothing
    for ``ping_every``, so a dropped line makes the next sealed one fail its tag (its
    nonce is a count) within that time, and a channel that opens no sealed line for
    ``dead_after`` is dead (:attr:`silent`): closed, as a forged one is."""

    def __init__(self, inner: Any, keys: Keys, limits: Optional[Limits] = None) -> None:
        self.inner = inner
        self.keys = keys
        self.channel = keys.channel()
        self.forged = False
        self.silent = False
        self.ended = False
        self.limits = limits
        self.heard = self.said = time.monotonic()      # the last sealed line, each way
        if limits is not None:          # its beats and its silence: the loop's keeper's
            keeper().add(self)

    def beat_due(self) -> Optional[float]:
        """When the loop's keeper looks again (game/net/beats.py): the end of its
        silence, or its next heartbeat."""
        if self.ended or self.limits is None or getattr(self.inner, "closed", False) or \
                getattr(self.inner, "ended", False):        # its connection gone: no more
            return None
        return min(self.heard + self.limits.dead_after, self.said + self.limits.ping_every)

    def beat(self, now: float) -> None:
        """A sealed heartbeat if nothing was sealed for ``ping_every``; closed if no
        sealed line opened for ``dead_after`` and none waits to be read (a late look on a
        busy machine: the line that came meanwhile is read first)."""
        if self.ended or self.limits is None:
            return
        if now - self.heard >= self.limits.dead_after:
            if not _waiting(self.inner):
                self._silent(now)
                return
            self.heard = now - self.limits.dead_after + self.limits.ping_every
        if now - self.said >= self.limits.ping_every - SLACK:
            self.send(BEAT)

    def _silent(self, now: float) -> None:
        log.warning("closing %s: no sealed line for %.1f s",
                    getattr(self.inner, "label", "a link"), now - self.heard)
        self.silent = True
        self.ended = True
        abort = getattr(self.inner, "abort", None)       # a read waiting on it ends
        abort() if callable(abort) else self.inner.close()

    async def recv(self, timeout: Optional[float] = None) -> Optional[bytes]:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            now = time.monotonic()
            wait = None if deadline is None else deadline - now
            if self.limits is not None and now - self.heard >= self.limits.dead_after \
                    and not _waiting(self.inner):
                self._silent(now)               # (a late timer: a waiting line is read)
            if self.ended:
                self.close()
                return None
            try:
                line = await self.inner.recv(wait)
            except asyncio.TimeoutError:
                if deadline is not None and time.monotonic() >= deadline:
                    raise
                continue
            if line is None:
                self.close()
                return None
            if line[:1] == b"!":
                return line
            try:
                plain = self.channel.open(line)
            except Forged as exc:
                log.warning("closing %s: %s", getattr(self.inner, "label", "a link"), exc)
                self.forged = True
                self.close()
                return None
            self.heard = time.monotonic()
            if plain != BEAT:
                return plain

    def send(self, line: bytes) -> None:
        if self.ended:
            return
        self.inner.send(self.channel.seal(line.rstrip(b"\n")) + b"\n")
        self.said = time.monotonic()

    async def flush(self) -> bool:
        return bool(await self.inner.flush())

    def close(self) -> None:
        self.ended = True
        self.inner.close()

    def __getattr__(self, name: str) -> Any:          # direct, label, link ...
        return getattr(self.inner, name)


def _waiting(inner: Any) -> bool:
    """Whether a line waits to be read in ``inner`` (a Link, a host's Peer): heard,
    though not yet read.  A busy machine's loop runs its timers late; a channel whose
    next line already waits was not silent, however long its loop took to look, and
    closing it then dropped guests by the hundred at 1,000 tables (bench/README.md)."""
    waiting = getattr(inner, "waiting", None)
    return bool(waiting()) if callable(waiting) else False


#: attempts at a clean slate that may run at once (see :class:`Guesses`)
TOGETHER = 8


@dataclass
class Turn:
    """One attempt's turn at a code: under which ``key`` it is counted, and whether it
    went free (on a clean slate)."""

    key: str
    free: bool


@dataclass(eq=False)
class Place:
    """An attempt waiting in its key's line (:meth:`Guesses.line`): the address it comes
    from (``who``, for a line many addresses share), its order of arrival, and its
    :class:`Turn` once it has one."""

    key: str
    who: Optional[str]
    order: int
    turn: Optional[Turn] = None


class Guesses:
    """Attempts at a code, slowed per key (a room, or an address and a room), and the
    wrong codes counted.

    Whether a code was right is known only once the exchange is over (SPAKE2: the
    host's answer tells a guesser whether its one password was right, and the relay
    hears the host's word after that), so attempts are slowed before anyone knows
    which are wrong, and nothing before the code is proven tells a friend from a
    stranger at the same address.  Friends behind one router share one address and
    often join at the same instant; so:

    * on a **clean slate** (no wrong code yet) up to ``together`` attempts run at
      once, none waiting (:data:`TOGETHER`, 8: a table of six's five guests and a few
      spectators).  Each such attempt found wrong (:meth:`failed`), or left once it
      was answered (:meth:`left`: a guesser may read its answer and go without
      confirming), is then charged the turn it did not take;
    * otherwise an attempt waits in the key's **line** (:meth:`line`) and is given a
      turn when its place comes (:meth:`poll`), one turn ``first`` seconds after the one
      before, doubling up to ``most``; each counts against its key from then on, as if
      it will be wrong, so parallel connections, or a relay that hears of a wrong code a
      moment later, gain nothing.  The line goes by arrival; in a line many addresses
      share (``who``: a room's), a turn goes first to the address served longest ago
      (or never), so a friend at a fresh address is next however many addresses
      guess.  Nobody is turned away and nobody is pushed back by those who come after:
      a friend behind the very address a stranger guesses from (nothing tells the two
      apart) waits for the attempts that came before its own, never for a race it
      cannot win.  An attempt that leaves its place (:meth:`withdraw`) takes no turn,
      so a stranger who queues and goes pushes nobody back;
    * the right code (:meth:`succeeded`) wipes its key's slate: a friend who comes
      and goes is never slowed by their own returns.  An attempt that ends before it
      was answered (:meth:`released`) is charged nothing.

    A guesser thus gets ``together`` attempts once, then one per ``most`` seconds,
    however many connections it queues: what the free start gives it is a few guesses
    against passwords of 2^30 and more (game/net/codes.py).  A key quiet for
    ``forget`` seconds starts afresh; at most ``addresses`` are remembered.
    :attr:`total` counts the wrong codes (:meth:`failed`) for the host's screen."""

    def __init__(self, first: float, most: float, forget: float = 600.0,
                 addresses: int = 10_000, together: int = TOGETHER,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.first, self.most, self.forget = first, most, forget
        self.addresses = addresses
        self.together = together
        self.clock = clock
        self.total = 0                       # wrong codes tried, from every address
        self._seen: OrderedDict[str, _Slate] = OrderedDict()
        self._arrivals = 0

    def _slate(self, key: str) -> "_Slate":
        now = self.clock()
        slate = self._seen.get(key)
        if slate is None or (now - slate.last > self.forget and not slate.free
                             and not slate.line):
            slate = _Slate(now)
        self._seen[key] = slate
        self._seen.move_to_end(key)
        while len(self._seen) > self.addresses:
            self._seen.popitem(last=False)
        slate.last = now
        return slate

    def gap(self, tries: float) -> float:
        """The wait after a key's ``tries``-th charged attempt before its next."""
        return 0.0 if tries <= 0 else min(self.first * 2 ** (tries - 1), self.most)

    def line(self, key: str, who: Optional[str] = None) -> Place:
        """An attempt under ``key`` takes its place in the key's line, from address
        ``who`` (for a key that many addresses share): its turn at once when one is
        free, else :meth:`poll` until it has one (or :meth:`withdraw` it)."""
        self._arrivals += 1
        place = Place(key, who, self._arrivals)
        slate = self._slate(key)
        if slate.tries == 0 and slate.free < self.together and not slate.line:
            slate.free += 1
            place.turn = Turn(key, True)
        else:
            slate.line[place.order] = place
            self.poll(place)
        return place

    def poll(self, place: Place) -> float:
        """0 once ``place`` has its turn (:attr:`Place.turn`, charged to its key), else
        about how long until it may: ask again then (sooner if those before it go)."""
        if place.turn is not None:
            return 0.0
        slate = self._slate(place.key)
        slate.line.setdefault(place.order, place)     # a slate forgotten meanwhile
        now = self.clock()

        def rank(other: Place) -> tuple[float, int]:
            served = slate.served.get(other.who, float("-inf")) if other.who else float("-inf")
            return served, other.order
        mine = rank(place)
        ahead = sum(rank(other) < mine for other in slate.line.values())
        if ahead:
            return max(slate.next - now, 0.0) + ahead * self.gap(slate.tries + 1)
        if slate.tries == 0 and slate.free < self.together:
            slate.free += 1
            place.turn = Turn(place.key, True)
        elif slate.next > now:
            return slate.next - now
        else:
            slate.tries += 1
            slate.next = now + self.gap(slate.tries)
            place.turn = Turn(place.key, False)
        del slate.line[place.order]
        if place.who is not None:
            slate.served[place.who] = now
            for who, served in list(slate.served.items()):
                if now - served > self.forget:
                    del slate.served[who]
        return 0.0

    def withdraw(self, place: Place) -> None:
        """``place`` leaves its line before its turn: it takes none."""
        slate = self._seen.get(place.key)
        if slate is not None and place.turn is None:
            slate.line.pop(place.order, None)

    def waiting(self, key: str) -> int:
        """Attempts in ``key``'s line."""
        slate = self._seen.get(key)
        return 0 if slate is None else len(slate.line)

    def _charge(self, turn: Optional[Turn]) -> None:
        """A free attempt was wrong after all: it takes the turn it did not take."""
        slate = self._end(turn)
        if slate is not None and turn is not None and turn.free:
            now = self.clock()
            slate.tries += 1
            slate.next = max(slate.next, now) + self.gap(slate.tries)

    def _end(self, turn: Optional[Turn]) -> Optional["_Slate"]:
        slate = self._seen.get(turn.key) if turn is not None else None
        if slate is not None and turn is not None and turn.free and slate.free > 0:
            slate.free -= 1
        return slate

    def failed(self, turn: Optional[Turn] = None) -> None:
        """A wrong code (``turn``: its attempt, None where another door slows them)."""
        self.total += 1
        self._charge(turn)

    def left(self, turn: Optional[Turn]) -> None:
        """An attempt that ended once it was answered, without a word on its code."""
        self._charge(turn)

    def released(self, turn: Optional[Turn]) -> None:
        """An attempt that ended before it was answered: it learnt nothing."""
        self._end(turn)

    def succeeded(self, turn: Optional[Turn]) -> None:
        """The right code: its key's slate is clean (attempts still running go on)."""
        slate = self._end(turn)
        if slate is not None:
            slate.tries, slate.next = 0, self.clock()

    def slowed(self, key: str) -> bool:
        """Whether ``key`` was charged attempts it has not yet been forgiven (the host's
        screen says its room is being guessed at)."""
        slate = self._seen.get(key)
        return slate is not None and slate.tries > 0 and \
            self.clock() - slate.last <= self.forget

    def tries(self, key: str) -> int:
        """Attempts charged to ``key`` (the right code wipes them)."""
        slate = self._seen.get(key)
        return 0 if slate is None else slate.tries

    def rate(self, tries: int) -> float:
        """Attempts a second one key gets after ``tries`` (for the figures)."""
        gap = self.gap(tries)
        return float("inf") if gap == 0 else 1.0 / gap


class _Slate:
    """One key's attempts: those charged (``tries``), when its next turn comes, the free
    ones running, when it was last seen, its line, and (a line many addresses share)
    when each address was last served."""

    __slots__ = ("tries", "next", "free", "last", "line", "served")

    def __init__(self, now: float) -> None:
        self.tries, self.next, self.free, self.last = 0, now, 0, now
        #: the attempts waiting for a turn, by order of arrival (Guesses.line)
        self.line: dict[int, Place] = {}
        #: for a key many addresses share: when each was last served
        self.served: dict[str, float] = {}


# -- relay rooms: only the host that made one reclaims it ------------------------------------
class RoomOwner:
    """A host's Ed25519 key for its relay room: the public half goes with the request
    for a room; reclaiming it signs the relay's fresh challenge.  Nothing an observer
    records lets it reclaim the room."""

    def __init__(self, private: Optional[bytes] = None) -> None:
        self._key = Ed25519PrivateKey.generate() if private is None else \
            Ed25519PrivateKey.from_private_bytes(private)
        self.public = self._key.public_key().public_bytes_raw()

    @property
    def private(self) -> bytes:
        """The private half, raw: the service keeps a table's room key where only it
        reads, so that the worker that takes the table over can reclaim the room."""
        return self._key.private_bytes_raw()

    def sign(self, room: str, challenge: bytes) -> bytes:
        return self._key.sign(_claim(room, challenge))


def _claim(room: str, challenge: bytes) -> bytes:
    return LABEL + b"reclaim " + room.encode() + b" " + challenge


def signed(public: bytes, room: str, challenge: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is the owner of ``public`` answering ``challenge`` for ``room``."""
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, _claim(room, challenge))
    except (InvalidSignature, ValueError):
        return False
    return True


def room_ticket(relay_secret: bytes, room: str, public: bytes) -> bytes:
    """The relay's word that ``room`` belongs to the owner of ``public``: a MAC under
    the relay's secret, so a restarted relay that kept its secret can check a claim
    for a room it no longer remembers."""
    return hmac.new(relay_secret, LABEL + b"room " + room.encode() + b" " + public,
                    hashlib.sha256).digest()[:16]


def ticket_ok(relay_secret: bytes, room: str, public: bytes, ticket: bytes) -> bool:
    return hmac.compare_digest(room_ticket(relay_secret, room, public), ticket)


def default_secret_file() -> Path:
    from platformdirs import user_state_dir

    return Path(user_state_dir("tavolata")) / "relay-secret"


def relay_secret(path: Path) -> bytes:
    """The relay's secret, kept in ``path`` across restarts (made, readable by its
    owner only, on the first start).  The gateways of a fleet on one machine start
    together with one ``--secret-file``: a new secret is written whole beside the file
    and linked into place only if no other gateway's got there first (else that one is
    read), so that every gateway checks the others' tickets with the same secret."""
    try:
        data = path.read_bytes()
        if len(data) >= KEY_BYTES:
            return data[:KEY_BYTES]
        log.warning("relay secret %s is too short: making a new one", path)
        short = True
    except FileNotFoundError:
        short = False
    path.parent.mkdir(parents=True, exist_ok=True)
    data = secrets.token_bytes(KEY_BYTES)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        if short:
            os.replace(draft, path)
            return data
        try:
            os.link(draft, path)
        except FileExistsError:             # another relay made it meanwhile: theirs
            return path.read_bytes()[:KEY_BYTES]
        return data
    finally:
        draft.unlink(missing_ok=True)
