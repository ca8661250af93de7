"""Mirroring a NATS key-value bucket across restarts of NATS.

nats-py's watcher (``KeyValue.watchall``, an ordered consumer) is not told when the
server restarts: its consumer is gone with the server, and it waits for ever, with no
error, while the bucket changes unseen (tests/game/net/test_watching.py).  A table
worker that stops seeing the leases takes no table over again (game/net/tables.py);
a gateway that stops seeing the rooms sends a table's players to the gateway it has
left (game/net/fleet.py).  :func:`mirror` makes the watcher again each time the
connection comes back (:class:`Returns`, told by the client's ``reconnected_cb``):
a new watcher delivers every entry as it stands, then each change.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

log = logging.getLogger(__name__)

#: seconds a watch waits for an entry before it looks whether NATS came back meanwhile
LOOK_EVERY = 0.5
#: seconds before a watch that failed (NATS away) is made again
AGAIN_AFTER = 0.5


class Returns:
    """How many times the connection to NATS has come back (:meth:`back` is its
    ``reconnected_cb``'s to call)."""

    def __init__(self) -> None:
        self.count = 0

    def back(self) -> None:
        self.count += 1


async def mirror(watch: Callable[[], Awaitable[Any]], each: Callable[[Any], None],
                 returns: Returns, what: str) -> None:
    """Hand ``each`` every entry of the watcher ``watch()`` makes (None once the entries
    as they stand are all read), for ever; a new watcher once NATS has come back, or
    when it failed (``what``: the words of a log line)."""
    import nats.errors

    while True:
        try:
            seen = returns.count
            watcher = await watch()
            while returns.count == seen:
                try:
                    entry = await watcher.updates(timeout=LOOK_EVERY)
                except nats.errors.TimeoutError:
                    continue
                each(entry)
            log.info("%s: NATS came back: watching again", what)
            try:
                await watcher.stop()
            except Exception as exc:  # its consumer went with the old server
                log.debug("%s: %r", what, exc)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # NATS away: watch again once it is back
            log.info("%s: %r", what, exc)
            await asyncio.sleep(AGAIN_AFTER)
