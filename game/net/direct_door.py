"""The host's direct door (game/net/host.py): a port of its own on this machine (the
first free one of 64 from :data:`~game.net.codes.DIRECT_PORT`, unless told one), whose
room code carries the address to reach it (this machine's LAN address when it listens
on every interface), and its guests' connections let in through the guard
(game/net/guard.py) to be served by the host as any other."""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import TYPE_CHECKING, Sequence

from game.net import codes
from game.net.guard import Admitted, accept_guarded, open_listener
from game.net.guests import DirectPeer
from game.net.host_status import NOT_LAN, PORT_IN_USE
from game.net.interfaces import listening_on, listens_everywhere
from game.net.link import Link
from game.net.protocol import MAX_GUEST_LINE, Bucket

if TYPE_CHECKING:
    from game.net.host import Host

#: the log of the host, whose door this is
log = logging.getLogger("game.net.host")


def lan_address() -> str:
    """This machine's address on its local network, found without sending anything:
    a UDP socket "connected" to a documentation address (TEST-NET-1) only picks the
    route.  127.0.0.1 if there is none.  Never used by the tests."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


class DirectDoor:
    """One host's direct door: see the module docstring."""

    def __init__(self, host: Host) -> None:
        self.host = host

    async def open(self) -> None:
        assert self.host.listen is not None
        ports: Sequence[int] = [self.host.port] if self.host.port is not None else \
            range(codes.DIRECT_PORT, codes.DIRECT_PORT + codes.NEAR_PORTS)
        for port in ports:
            try:
                listener = open_listener(self.host.listen, port)
                break
            except OSError:
                continue
        else:
            self.host._update(problem=PORT_IN_USE)
            return
        port = listener.getsockname()[1]
        self.host._spawn(accept_guarded(listener, self.host.guard, self._on_direct))
        self.host._update(listening=listening_on(self.host.listen, lan_address))
        address = self.host.advertise or (lan_address() if listens_everywhere(self.host.listen)
                                     else self.host.listen)
        try:
            self.host._direct = codes.new_direct_code(address, port)
        except ValueError:
            log.error("cannot put %s in a room code: not a LAN address", address)
            self.host._update(problem=NOT_LAN, port=port)
            return
        log.info("hosting %s directly on %s:%d", self.host.setup.key, address, port)
        digest = await asyncio.to_thread(codes.room_digest, self.host._direct.text)  # off the loop
        self.host._digests["direct"] = digest
        self.host._update(direct_code=self.host._direct.text, port=port)

    async def _on_direct(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                         admitted: Admitted) -> None:
        pace = Bucket(self.host.limits.lines_per_s, self.host.limits.line_burst)
        link = Link(reader, writer, self.host.limits, MAX_GUEST_LINE, pace)
        link.start_heartbeat()
        try:
            await self.host._serve(DirectPeer(link, admitted))
        finally:
            link.close()
