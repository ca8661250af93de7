"""Find a table: the public tables a relay lists, kept fresh while a screen shows them.

``TableFinder(relay)`` starts at once in its own thread (an asyncio loop,
game/net/link.py) and never blocks the caller; the screen reads ``tables`` (the
:class:`~game.net.listing.Listing` values, the newest first) and ``state``
(``"connecting"``, ``"live"``, ``"lost"`` with ``reason``) every frame.  It says
``{"type": "relay", "role": "list"}`` and then asks ``!tables`` every
:data:`ASK_EVERY` seconds (the relay answers from a list it makes at most twice a
second, and counts faster asking as an offence), reconnecting after a drop for
as long as it is open.  ``close()`` ends it.  Joining a listed table is a
:class:`~game.net.RemoteClient` with the listing's code, which is public by the
host's choice.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Optional, Union

from game.net.link import Link, LoopThread, open_gateway
from game.net.listing import Listing, decode_tables
from game.net.protocol import (
    LIMITS,
    MAX_LINE,
    TABLES,
    UNREACHABLE,
    Error,
    Limits,
    ProtocolError,
    RelayHello,
    decode,
)
from game.net.relays import Relay, as_relay

log = logging.getLogger(__name__)

CONNECTING, LIVE, LOST, CLOSED = "connecting", "live", "lost", "closed"
#: how often the list is asked for again while the screen is open
ASK_EVERY = 2.0


class TableFinder:
    """The public tables of ``relay`` (any of its gateways: game/net/relays.py): see the
    module docstring."""

    def __init__(self, relay: Union[Relay, tuple[str, int]], limits: Limits = LIMITS,
                 every: float = ASK_EVERY) -> None:
        self.relay = as_relay(relay)
        self._gateway = 0
        self.limits = limits
        self.every = every
        self.state = CONNECTING
        self.reason: Optional[str] = None
        self.tables: tuple[Listing, ...] = ()
        #: how many lists arrived (a screen redraws when it changes)
        self.received = 0
        self._net = LoopThread("netplay-finder")
        self._net.start(self._main)

    def close(self) -> None:
        self.state = CLOSED
        self._net.stop(2.0)

    async def _main(self) -> None:
        while self.state != CLOSED:
            try:
                link, self._gateway = await open_gateway(self.relay, self._gateway,
                                                         self.limits, MAX_LINE)
            except (OSError, asyncio.TimeoutError):
                self._lost(UNREACHABLE)
                await asyncio.sleep(self.every)
                continue
            try:
                await self._listen(link)
            finally:
                link.close()
            if self.state != CLOSED:
                await asyncio.sleep(self.limits.retry_every)

    async def _listen(self, link: Link) -> None:
        link.start_heartbeat()
        link.send_msg(RelayHello("list"))
        asking = asyncio.get_running_loop().create_task(self._ask(link))
        try:
            while True:
                try:
                    line = await link.recv()
                except ProtocolError:
                    continue
                if line is None:
                    self._lost(UNREACHABLE)
                    return
                if line[:1] == b"!":
                    continue
                try:
                    obj = json.loads(line)
                except ValueError:
                    continue
                if isinstance(obj, dict) and obj.get("type") == "tables":
                    self.tables = decode_tables(obj)
                    self.received += 1
                    self.state, self.reason = LIVE, None
                elif isinstance(obj, dict) and obj.get("type") == "error":
                    try:
                        error = decode(line, (Error,))
                    except ProtocolError:
                        continue
                    assert isinstance(error, Error)
                    self._lost(error.reason)
                    return
        finally:
            asking.cancel()

    async def _ask(self, link: Link) -> None:
        while not link.closed:
            await asyncio.sleep(self.every)
            link.send(TABLES + b"\n")

    def _lost(self, reason: str) -> None:
        if self.state != CLOSED:
            self.state, self.reason = LOST, reason
