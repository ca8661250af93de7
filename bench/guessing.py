"""How fast one address can guess a room code, with the limits a real game uses.

A stranger on 127.0.0.1 (or at ``--addresses`` addresses, 127.0.0.2 and on: all of
127.0.0.0/8 is loopback on Linux) tries wrong codes as fast as the door lets it, with
``--parallel`` connections at a time from each address (each a real SPAKE2 attempt
with a wrong password), for ``--seconds``: first against a host in this process listening
directly, then against a host behind a relay process.  An attempt told it waits in the
line of attempts (a ``slow_down`` that is not fatal) waits there for its turn, as the
best a guesser can do; one refused (a fatal ``slow_down``: before the line) tries
again at once.  Prints the wrong codes the host counted, the times attempts were told
to wait and those turned away, the guesses a second it allowed over the run and over
its last half, and the odds after 1,000 guesses for each kind of code
(game/net/codes.py).

    .venv/bin/python bench/guessing.py [--seconds 60] [--parallel 4] [--addresses 1]

Every socket connects to 127.0.0.1 only (a stranger's may send from another loopback
address); the relay process is ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import LOOPBACK, start_relay  # noqa: E402
from game.net import codes  # noqa: E402
from game.net.bot import hosted_setup  # noqa: E402
from game.net.host import Host  # noqa: E402
from game.net.protocol import (  # noqa: E402
    LIMITS,
    PING,
    PONG,
    RELAY_PROTOCOL,
    Confirm,
    Error,
    Paired,
    Pake,
    RelayHello,
    decode,
    encode,
)
from game.net.secure import GUEST, Handshake  # noqa: E402


class Stranger:
    """Wrong codes from one address, ``parallel`` connections at a time."""

    def __init__(self, port: int, room: Optional[str], source: Optional[str] = None) -> None:
        self.port = port
        self.room = room                     # through a relay: the room to ask for
        self.source = source                 # the loopback address it sends from
        self.turned_away = 0                 # refused (slow_down, fatal)
        self.told_to_wait = 0                # told it waits in line (slow_down, not fatal)
        self.answered: list[float] = []      # when the host answered a wrong code

    async def attempt(self) -> None:
        reader, writer = await asyncio.open_connection(
            LOOPBACK, self.port, local_addr=(self.source, 0) if self.source else None)
        try:
            if self.room is not None:
                writer.write(encode(RelayHello("guest", RELAY_PROTOCOL, self.room)))
                if not isinstance(await self.reply(reader, writer, (Paired,)), Paired):
                    return
            handshake = Handshake(b"relay:WRONGPW", GUEST)
            writer.write(encode(Pake(handshake.message)))
            reply = await self.reply(reader, writer, (Pake,))
            if isinstance(reply, Pake):
                writer.write(encode(Confirm(handshake.finish(reply.msg).mine)))
                if isinstance(await self.reply(reader, writer, ()), Error):
                    self.answered.append(time.monotonic())
        finally:
            writer.close()

    async def reply(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    expect: tuple[type, ...]) -> object:
        """The next message, heartbeats answered while the turn is awaited in line."""
        while True:
            line = await asyncio.wait_for(reader.readline(), 30)
            if not line:
                return None
            if line.rstrip(b"\n") == PING:
                writer.write(PONG + b"\n")
                continue
            if line.startswith(b"!"):
                continue
            msg = decode(line.rstrip(b"\n"), expect + (Error,))
            if isinstance(msg, Error) and msg.reason == "slow_down" and not msg.fatal:
                self.told_to_wait += 1
                writer.write(PING + b"\n")         # alive while it waits
                continue
            if isinstance(msg, Error) and msg.reason == "slow_down":
                self.turned_away += 1
            return msg

    async def run(self, seconds: float, parallel: int) -> None:
        end = time.monotonic() + seconds

        async def one_at_a_time() -> None:
            while (left := end - time.monotonic()) > 0:
                try:             # an attempt still in line at the end goes unanswered
                    await asyncio.wait_for(self.attempt(), left)
                except (OSError, asyncio.TimeoutError):
                    await asyncio.sleep(0.1)

        await asyncio.gather(*(one_at_a_time() for _ in range(parallel)))


def sources(addresses: int) -> list[Optional[str]]:
    """Where the strangers send from: 127.0.0.1 for one, else 127.0.0.2 and on."""
    return [None] if addresses <= 1 else [f"127.0.0.{2 + n}" for n in range(addresses)]


def guess(door: str, seconds: float, parallel: int, addresses: int = 1) -> None:
    relay = None
    try:
        if door == "relay":
            relay, port = start_relay()
            host = Host(hosted_setup("bocce", 0, 1, "random", 1), relay=(LOOPBACK, port)).start()
        else:
            host = Host(hosted_setup("bocce", 0, 1, "random", 1), listen=LOOPBACK, port=0).start()
        try:
            assert host.wait_ready(10), host.status()
            status = host.status()
            if door == "relay":
                room: Optional[str] = codes.parse(status.relay_code).room
            else:
                room, port = None, codes.parse(status.direct_code).port
            strangers = [Stranger(port, room, source) for source in sources(addresses)]

            async def together() -> None:
                await asyncio.gather(*(one.run(seconds, parallel) for one in strangers))

            started = time.monotonic()
            asyncio.run(together())
            end = started + seconds              # attempts still waiting then finish later
            within = sorted(t for one in strangers for t in one.answered if t <= end)
            half = [t for t in within if t >= started + seconds / 2]
            print(f"{door:6}: {len(within)} wrong codes answered in {seconds:.0f} s "
                  f"({len(within) / seconds:.3f} a second; "
                  f"{len(half) / (seconds / 2):.3f} over the last half; at "
                  f"{', '.join(f'{t - started:.0f}' for t in within)} s), "
                  f"{sum(one.told_to_wait for one in strangers)} times told to wait in "
                  f"line, {sum(one.turned_away for one in strangers)} attempts turned away "
                  f"(slow_down), from {len(strangers)} address(es), "
                  f"{host.wrong_codes} counted by the host in all")
        finally:
            host.close()
    finally:
        if relay is not None:
            relay.end()


def main() -> int:
    logging.disable(logging.WARNING)            # one line per wrong code otherwise
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--addresses", type=int, default=1)
    args = parser.parse_args()
    print(f"limits: the first wrong code costs {LIMITS.guess_first} s, doubling up to "
          f"{LIMITS.guess_most} s a guess ({1 / LIMITS.guess_most:.3f} a second at most)")
    for door in ("direct", "relay"):
        guess(door, args.seconds, args.parallel, args.addresses)
    for name, code in (("relay code", codes.new_relay_code(codes.new_room())),
                       ("direct code (usual port)", codes.new_direct_code(LOOPBACK,
                                                                          codes.DIRECT_PORT)),
                       ("direct code (any port)", codes.new_direct_code(LOOPBACK, 40000))):
        hours = 1000 * LIMITS.guess_most / 3600
        print(f"{name}: {code.passwords:.3g} passwords; 1,000 guesses (at least {hours:.1f} h "
              f"from one address) succeed with odds {codes.odds(code):.2g}, "
              f"1 in {1 / codes.odds(code):,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
