"""The way to a room, for a guest (game/net/client.py): the host's own address (a direct
code), or the relay (the gateway reached last first, game/net/relays.py), where a
gateway of a fleet may send the guest on to the room's own gateway (``moved``); and
the answers read there, while the host or the relay keeps the guest in its line of
attempts at the code.  What goes wrong is a :class:`CannotJoin`, saying whether it is
worth another try, and for how long even on a first join: an attempt nobody answered (no
connection made, an answer that never came, or the host's word that this guest's own words
came too late, ``hello_timeout``) is tried again for ``reconnect_for`` seconds, as a
person would try again while the connect window lasts (a loaded machine, or a line lost on
the path, answers one attempt late); an address where nobody listens, for
``connect_timeout`` (a host just starting); a refusal in words (a wrong code, no such
room) is not tried again.  It keeps no game and no key: the join over it (SPAKE2, the hello,
the seat) is the client's."""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Optional, Union

from game.net import codes
from game.net.link import Link, open_gateway
from game.net.protocol import (
    GONE,
    HELLO_TIMEOUT,
    HOST_AWAY,
    HOST_GONE,
    HOST_LEFT,
    MAX_LINE,
    NO_SUCH_ROOM,
    ROOM_FULL,
    SLOW_DOWN,
    UNREACHABLE,
    Bye,
    Error,
    Limits,
    Moved,
    Paired,
    ProtocolError,
    RelayHello,
    decode,
)
from game.net.relays import Relay
from game.net.secure import Sealed

#: its lines are the guest's, under its name (whoever follows that log sees them)
log = logging.getLogger("game.net.client")


class CannotJoin(Exception):
    """A try that failed; ``reason`` a key; ``final``: no point trying again;
    ``patience``: even on a first join, worth trying again for this long, every
    ``pause`` seconds (a turn to wait for, a room its last guest is just leaving);
    ``unreadable``: why the answer was no valid message there."""

    def __init__(self, reason: str, final: bool, patience: float = 0.0,
                 pause: float = 0.0, unreadable: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.final = final
        self.patience = patience
        self.pause = pause
        self.unreadable = unreadable        # the answer was not a valid one: why

    @property
    def unanswered(self) -> bool:
        """Nobody answered this attempt in time (or the host did not hear it in time):
        another one may be, whatever the host made of this one."""
        return self.reason in (UNREACHABLE, HELLO_TIMEOUT) and not self.final


class Route:
    """How a guest reaches its room, and reads the answers on the way: see the module
    docstring.  ``trace``: called with every sealed line received (a debugging aid)."""

    def __init__(self, relay: Optional[Relay], limits: Limits,
                 trace: Optional[Callable[[bytes], None]]) -> None:
        self.relay = relay
        #: the index in ``relay.addresses`` of the gateway this guest last reached: tried
        #: first next time, and passed over for the next one when it cannot be reached
        self.gateway = 0
        self.limits = limits
        self.trace = trace
        #: how often a relay's gateway sent this guest to its room's own, and it went
        self.sent_on = 0
        self._dead_ends: set[tuple[str, int]] = set()     # room gateways it could not reach
        #: waiting in the host's (or relay's) line of attempts at the code: someone tried
        #: wrong codes there (the join screen says so)
        self.in_line = False

    async def open(self, address: tuple[str, int], rejoin: bool, direct: bool) -> Link:
        """A connection to ``address``, its heartbeat going (heard while the host or relay
        makes it wait its turn)."""
        try:
            link = await Link.open(address[0], address[1], self.limits, MAX_LINE)
        except ConnectionRefusedError:
            # nobody listens there: a host that was there has gone; a first join waits a
            # moment for a host just starting
            raise CannotJoin(HOST_GONE if rejoin and direct else UNREACHABLE,
                              final=rejoin and direct, patience=self.limits.connect_timeout,
                              pause=self.limits.retry_every) from None
        except (OSError, asyncio.TimeoutError):
            raise self.unanswered() from None
        link.start_heartbeat()
        return link

    async def through_relay(self, room: codes.RelayCode, rejoin: bool, kept: bool) -> Link:
        """A connection the relay has paired with the room's host.  A gateway of a fleet
        that does not hold the room may send the guest to the one that does (``moved``,
        game/net/relay.py): the guest goes there once and asks without ``follow``, so
        it is never sent on twice.  A gateway it cannot reach (remembered for next time),
        or an answer it cannot read (a ``moved`` that is no address), sends it back to
        the relay, asking without ``follow``: the relay pipes it to the room
        (game/net/fleet.py)."""
        link = await self._open_relay(rejoin)
        try:
            there = await self._ask(link, room, rejoin, kept, follow=True)
        except CannotJoin as exc:
            if not exc.unreadable:
                raise
            log.warning("netplay: the relay's answer is refused (%s); asking again without "
                        "following", exc.unreadable)
            there = None
        else:
            if there is None:
                return link                 # paired here
        link = await self._hop(there, rejoin)
        await self._ask(link, room, rejoin, kept, follow=False)
        return link

    async def _ask(self, link: Link, room: codes.RelayCode, rejoin: bool, kept: bool,
                   follow: bool) -> Optional[tuple[str, int]]:
        """Ask the relay at the end of ``link`` for the room: None once paired there, or
        the gateway it sends this guest to (``follow``; ``link`` is then closed)."""
        try:
            link.send_msg(RelayHello("guest", code=room.room, follow=follow,
                                     kept=kept))
            there = await self._paired(link, rejoin, follow)
        except BaseException:
            link.close()
            raise
        if there is not None:
            link.close()
        return there

    async def _hop(self, there: Optional[tuple[str, int]], rejoin: bool) -> Link:
        """A connection to the room's gateway ``there``, or to the relay again if there
        is none or it cannot be reached."""
        if there is not None and there not in self._dead_ends:
            try:
                link = await self.open(there, rejoin, direct=False)
            except CannotJoin:
                log.warning("netplay: the room's gateway %s cannot be reached; through the "
                            "relay", codes.address_text(*there))
                self._dead_ends.add(there)
            else:
                self.sent_on += 1
                return link
        return await self._open_relay(rejoin)

    async def _open_relay(self, rejoin: bool) -> Link:
        """A connection to the relay: the gateway reached last, else the next address of
        the setting that answers (game/net/link.py's :func:`open_gateway`)."""
        assert self.relay is not None
        try:
            link, self.gateway = await open_gateway(self.relay, self.gateway, self.limits,
                                                  MAX_LINE)
        except ConnectionRefusedError:
            raise CannotJoin(UNREACHABLE, final=False, patience=self.limits.connect_timeout,
                              pause=self.limits.retry_every) from None
        except (OSError, asyncio.TimeoutError):
            raise self.unanswered() from None
        link.start_heartbeat()
        return link

    def unanswered(self, reason: str = UNREACHABLE) -> CannotJoin:
        """An attempt nobody answered in time: worth another for ``reconnect_for``."""
        return CannotJoin(reason, final=False, patience=self.limits.reconnect_for,
                          pause=self.limits.retry_every)

    async def _paired(self, link: Link, rejoin: bool,
                      follow: bool = False) -> Optional[tuple[str, int]]:
        """Paired by the relay with the room's host.  A room held for a host that is
        reconnecting to the relay (``host_away``), or not known to a relay that
        restarted before the host asked for it again (``no_such_room``), is worth
        another try while rejoining.  On a first join a room that does not exist is no
        such room; a held one is tried again for ``held_wait`` seconds (a table the
        service deals is held while another worker takes it over), then it is.  A room
        the relay finds full is tried again for a few seconds: its last guest (a
        friend who mistyped the code a moment ago) may be just leaving.  With
        ``follow``, the relay may send the guest to the room's gateway instead: where."""
        try:
            answer = await self.reply(link, (Paired, Moved) if follow else (Paired,))
        except CannotJoin as exc:
            if exc.reason == ROOM_FULL:         # perhaps its last guest is just leaving
                raise CannotJoin(ROOM_FULL, final=False, patience=self.limits.connect_timeout,
                                  pause=self.limits.retry_every) from None
            if exc.reason not in (HOST_AWAY, NO_SUCH_ROOM):
                raise
            if rejoin:
                raise CannotJoin(exc.reason, final=False) from None
            held = self.limits.held_wait if exc.reason == HOST_AWAY else 0.0
            raise CannotJoin(NO_SUCH_ROOM, final=True, patience=held,
                              pause=self.limits.retry_every) from None
        return answer.address if isinstance(answer, Moved) else None

    async def reply(self, link: Union[Link, Sealed], expect: tuple[type, ...]) -> object:
        """The answer to what was just sent: one of ``expect``, else why not.  The host
        or relay may first keep an attempt at the code in its line of attempts, saying so
        now and then (a ``slow_down`` that is not fatal): the guest waits in its place.
        One that turns it away (``slow_down``, fatal: a host of before) is tried again, as
        is one that heard this guest too late (``hello_timeout``)."""
        try:
            msg = await self._answer(link, expect)
        finally:
            self.in_line = False
        if isinstance(msg, Bye):
            raise CannotJoin(HOST_LEFT, final=True)
        if isinstance(msg, Error) and msg.reason == HELLO_TIMEOUT:  # heard too late: again
            raise self.unanswered(HELLO_TIMEOUT)
        if isinstance(msg, Error) and msg.reason == SLOW_DOWN:     # a turn to wait for
            raise CannotJoin(SLOW_DOWN, final=False, patience=self.limits.reconnect_for,
                              pause=self.limits.guess_most)
        if isinstance(msg, Error):
            # room_full may pass (the relay still holds our dropped connection)
            raise CannotJoin(msg.reason, final=msg.reason != ROOM_FULL)
        return msg

    async def _answer(self, link: Union[Link, Sealed], expect: tuple[type, ...]) -> object:
        """The next message of ``expect``, an error or a goodbye, past the words that this
        guest waits in line (:attr:`in_line` meanwhile)."""
        while True:
            try:
                line = await link.recv(self.limits.answer_within)
            except (asyncio.TimeoutError, ProtocolError):
                line = None
            if line is None:
                raise self.unanswered()
            if line == GONE:
                raise CannotJoin(HOST_GONE, final=True)
            if isinstance(link, Sealed):
                self.traced(line)
            try:
                msg = decode(line, expect + (Error, Bye))
            except ProtocolError as exc:
                log.warning("netplay: the other end said %r (%s)", line[:80], exc)
                raise CannotJoin(UNREACHABLE, final=False, unreadable=str(exc)) from exc
            if not (isinstance(msg, Error) and msg.reason == SLOW_DOWN and not msg.fatal):
                return msg
            self.in_line = True
            log.info("netplay: waiting for a turn (%s)", msg.detail)

    def traced(self, line: bytes) -> None:
        if self.trace is not None:
            self.trace(line)
