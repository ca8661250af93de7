"""A headless player (game/net/bot.py) whose connections leave from one address of this
machine, as each person's program leaves from its own::

    python -m tests.game.net.bot_from 127.0.0.5 --relay HOST:PORT join CODE ...

(tests/game/net/conftest.py's MANY_CLIENTS: every address of 127.0.0.0/8 is this
machine's).  What a relay allows an address (its misses, its connections) is then each
player's own, as it is for people, and not one allowance shared by every bot of a test
run.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from functools import partial

from game.net import bot


def main(argv: list[str]) -> int:
    address, rest = argv[0], argv[1:]
    socket.create_connection = partial(socket.create_connection,   # type: ignore[assignment]
                                       source_address=(address, 0))
    asyncio.open_connection = partial(asyncio.open_connection,     # type: ignore[assignment]
                                      local_addr=(address, 0))
    import logging
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    return bot.main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
