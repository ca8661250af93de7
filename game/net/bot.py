"""Headless netplay players: a host or a guest whose seat a computer plays.

The tests play whole games between two real processes with them, and the
benchmark uses them as the far end; they are handy by hand too::

    python -m game.net.bot host bocce --listen 127.0.0.1 [--relay HOST:PORT]
                                      [--guests 1,2] [--seats 6] [--public] [--spectators]
                                      [--wait-for-guests] [--service-key FILE]
    python -m game.net.bot join CODE [--relay HOST:PORT] [--keep FILE] [--watch]
    python -m game.net.bot join find --relay HOST:PORT [--game bisca]
    python -m game.net.bot open bisca --relay HOST:PORT [--seats 4] [--open 2] [--start-at N]
                                      [--options JSON]

The computer chooses from the updates the client receives, as a person at the
table would (:class:`Autoplayer`): it never sees more than that seat may.  The
host prints ``direct CODE`` / ``relay CODE`` as soon as its doors are open, and
both print ``result {json}`` at the end (the host adds its log, the guest its
counts: its moves, its reconnections, and the times a fleet's gateway sent it to
its room's), or ``lost REASON``.  ``--keep FILE`` keeps the guest's seat key in a
file (made readable by its owner only): a guest started again with the same
file takes its seat back, as a person whose link dropped does; without it, a
new guest is a new player (``--wait-for-guests`` on the host: once a computer
has stood in for a guest, the host's own seat waits for every guest to be back,
so that the game cannot end before the one who dropped returns).  The host
starts the game once every seat named by ``--guests`` has its person (a host that
starts by itself); ``--public`` lists the table on the relay, where ``join find``
finds it (the first listed table of ``--game`` with a free seat); ``--watch``
joins as a spectator (``--spectators`` on the host welcomes them).  ``--service-key
FILE`` makes the host deal as the relay service: it proves the service's key to every
guest (game/net/identity.py).  ``open`` asks the service behind the relay to deal a
table (game/net/service.py), prints ``opened CODE`` and sits at it as its first guest
(its chair), as ``join`` does, holding the table to the service's key (a table that does
not prove it is refused); ``--start-at N``: the chair starts the game once N
people sit (the others' seats get computers).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, TypeVar

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game import GAMES
from game.ai import computer_player
from game.engine import plain_copy
from game.net.client import CONNECTED, RemoteClient, SeatKey
from game.net.finder import TableFinder
from game.net.host import PLAYING, Host
from game.net.identity import ServiceKeyError, add_argument, service_key
from game.net.players import player_key_at
from game.net.protocol import NAMED_LIMITS, Limits
from game.net.relays import Relay, relay_setting
from game.net.service import ServiceRefused, TableRequest, open_service_table
from game.session import COMPUTER, HUMAN, REMOTE, Client, GameSetup, Refused, SeatSpec, Update

G = TypeVar("G")
R = TypeVar("R")


class Autoplayer:
    """Plays ``client``'s seat with a computer player, one :meth:`step` at a time."""

    def __init__(self, client: Client, level: str = "random", seed: int = 0,
                 delay: float = 0.0) -> None:
        self.client = client
        self.level = level
        self.rng = random.Random(seed)
        self.delay = delay
        self.player: Any = None
        self.latest: Optional[Update] = None
        self.first: Optional[Update] = None
        self.sent: Optional[int] = None          # the version the last action was for
        self.turn_seen = 0.0
        self.actions = 0
        self.updates: list[Update] = []
        self.refusals: list[Refused] = []
        self.holding = False    # take what arrives but make no move (a person waiting)

    def step(self) -> bool:
        """Take what arrived and act if it is this seat's turn; True once the game is over."""
        for msg in self.client.poll():
            if isinstance(msg, Update):
                if msg.version == self.sent:
                    self.sent = None      # the game as it stands after a rejoin: that
                                          # action went down with the link; choose again
                self.latest = msg
                self.first = self.first or msg
                self.updates.append(msg)
            elif isinstance(msg, Refused):
                self.refusals.append(msg)
                if msg.reason.key != "engine.moved_on":
                    self.sent = None      # choose again; a race lost waits for the news
        update = self.latest
        if update is None:
            return False
        if update.over:
            return True
        if update.my_turn and self.sent != update.version and not self.holding:
            now = time.monotonic()
            if not self.turn_seen:
                self.turn_seen = now
            if now - self.turn_seen < self.delay:
                return False
            if self.player is None:
                self.player = computer_player(self.client.setup.key, self.level)
            action = self.player.choose(plain_copy(dict(update.view)), list(update.legal),
                                        self.rng)
            self.client.submit(action, update.version)
            self.sent = update.version
            self.actions += 1
            self.turn_seen = 0.0
        return False

    def play(self, timeout: float, tick: float = 0.001) -> Update:
        """Step until the game is over; TimeoutError after ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while not self.step():
            if time.monotonic() > end:
                raise TimeoutError(f"no end of the game after {timeout} s")
            time.sleep(tick)
        assert self.latest is not None
        return self.latest


def hosted_setup(key: str, seat: int, guest: int | Sequence[int], level: str,
                 seed: Optional[int], name: str = "Host",
                 seats: Optional[int] = None) -> GameSetup:
    """The host at ``seat``, remote friends at ``guest`` (a seat or several),
    computers elsewhere; ``seats``: how many (the game's first count if None)."""
    guests = {guest} if isinstance(guest, int) else set(guest)
    count = GAMES[key].seats[0] if seats is None else seats
    specs = tuple(SeatSpec(HUMAN, name=name) if s == seat else
                  SeatSpec(REMOTE) if s in guests else SeatSpec(COMPUTER, level)
                  for s in range(count))
    return GameSetup(key, specs, {}, seed)


def _address(text: Optional[str]) -> Optional[Relay]:
    """``--relay``: the relay setting's form (game/net/relays.py), several gateways too."""
    return _given("--relay", relay_setting, text)


def _identity(path: Optional[Path]) -> Optional[Ed25519PrivateKey]:
    """``--service-key FILE``: the host deals as the relay service (game/net/identity.py)."""
    return _given("--service-key", service_key, path)


def _given(option: str, read: Callable[[G], R], value: Optional[G]) -> Optional[R]:
    """``read(value)`` of a command-line option (None where it was not given): a value
    that cannot be read ends the run with its words, in one line."""
    if value is None:
        return None
    try:
        return read(value)
    except (ValueError, ServiceKeyError) as exc:          # RelayError among them
        raise SystemExit(f"bot: {option}: {exc}") from None


def _options(text: str) -> dict[str, Any]:
    """``--options``: the game's options as a JSON object (the service checks them)."""
    try:
        options = json.loads(text)
    except ValueError:
        options = None
    if not isinstance(options, dict):
        raise ValueError('a JSON object, e.g. {"deals": 3}')
    return options


def _say(kind: str, data: Any) -> None:
    print(f"{kind} {json.dumps(data) if not isinstance(data, str) else data}", flush=True)


def run_host(args: argparse.Namespace, limits: Limits) -> int:
    guests = [int(g) for g in args.guests.split(",")] if args.guests else [args.guest]
    setup = hosted_setup(args.game, args.seat, guests, args.level, args.seed, seats=args.seats)
    host = Host(setup, name=args.name, listen=args.listen, port=args.port,
                relay=_address(args.relay), stand_in=args.level, paced=False, limits=limits,
                public=args.public, spectators=args.spectators,
                identity=_identity(args.service_key))
    host.start()
    try:
        if not host.wait_ready(10.0):
            _say("lost", host.status().problem or "no_door")
            return 2
        status = host.status()
        for kind, code in (("direct", status.direct_code), ("relay", status.relay_code)):
            if code:
                _say(kind, code)
        end = time.monotonic() + args.timeout
        while host.status().state != PLAYING:          # as a table waits for the friend
            if time.monotonic() > end:
                _say("lost", "timeout")
                return 3
            time.sleep(0.005)
        session, table = host.session, host.client       # made when the game began
        assert session is not None and table is not None
        me = Autoplayer(table, args.level, args.seed or 0, args.delay)
        stand_in_moves = 0
        while not me.step():
            if time.monotonic() > end:
                _say("lost", "timeout")
                return 3
            while me.updates:
                update = me.updates.pop(0)
                if update.actor is not None and update.actor in guests and \
                        session.standing_in(update.actor):
                    stand_in_moves += 1
            me.holding = args.wait_for_guests and stand_in_moves > 0 and \
                not all(host.status().seats[g].present for g in guests)
            time.sleep(0.001)
        _say("result", {"result": me.latest.result if me.latest else None,
                        "log": session.log(), "stand_in_moves": stand_in_moves})
        # let the guest see the end and say goodbye
        linger = time.monotonic() + args.linger
        while time.monotonic() < linger and (host.status().watchers or any(
                host.status().seats[g].present for g in guests)):
            time.sleep(0.01)
        return 0
    finally:
        host.close()


def _kept(path: Optional[str]) -> Optional[SeatKey]:
    try:
        with open(path or "", encoding="ascii") as kept:
            seat, key = kept.read().split()
        return SeatKey(int(seat), bytes.fromhex(key))
    except (OSError, ValueError):
        return None


def _keep(path: str, seat_key: SeatKey) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as kept:
        kept.write(f"{seat_key.seat} {seat_key.key.hex()}\n")


def run_guest(args: argparse.Namespace, limits: Limits) -> int:
    trace = open(args.trace, "ab") if args.trace else None

    def record(line: bytes) -> None:
        if trace is not None:
            trace.write(line + b"\n")
            trace.flush()

    code = args.code if args.role == "open" or args.code != "find" else _find(args, limits)
    if code is None:
        _say("lost", "no_table")
        return 2
    client = RemoteClient(code, name=args.name, relay=_address(args.relay), limits=limits,
                          trace=record, resume=_kept(args.keep), watch=args.watch,
                          service=args.role == "open", player=_player(args.player_key))
    try:
        if client.wait_inside(args.timeout):
            _say("inside", client.state)
        if args.start_at:
            _start_at(client, args.start_at, args.timeout)
        if not client.wait_connected(args.timeout):
            _say("lost", client.reason or "timeout")
            return 2
        if args.keep and client.seat_key is not None:
            _keep(args.keep, client.seat_key)
        _say("joined", str(client.seat))
        me = Autoplayer(client, args.level, 7, args.delay)
        end = time.monotonic() + args.timeout
        while not me.step():
            if client.state not in (CONNECTED, "reconnecting"):
                _say("lost", client.reason or client.state)
                return 2
            if args.die_after and me.actions >= args.die_after:
                _say("dying", {"actions": me.actions, "refused": len(me.refusals)})
                os._exit(17)              # a cut cable: no goodbye
            if time.monotonic() > end:
                _say("lost", "timeout")
                return 3
            time.sleep(0.001)
        first = me.first
        until = time.monotonic() + args.await_rating
        while client.rated is None and time.monotonic() < until:
            time.sleep(0.02)
        _say("result", {"result": me.latest.result if me.latest else None,
                        "rated": None if client.rated is None else list(client.rated),
                        "actions": me.actions, "refused": len(me.refusals),
                        "first_version": first.version if first else None,
                        "first_events": len(first.events) if first else None,
                        "seat": client.seat, "names": list(client.names),
                        "sent_on": client.sent_on, "reconnects": client.reconnects,
                        "dealer": client.dealer})
        return 0
    finally:
        client.close()
        if trace is not None:
            trace.close()


def _player(path: Optional[Path]) -> Optional[Ed25519PrivateKey]:
    """``--player-key FILE``: the player's own key there (game/net/players.py)."""
    return None if path is None else _given("--player-key", player_key_at, path)


def _start_at(client: RemoteClient, people: int, timeout: float) -> None:
    """The chair starts the game once ``people`` sit (or the game starts without it)."""
    end = time.monotonic() + timeout
    while client.state == "waiting" and time.monotonic() < end:
        lobby = client.lobby
        if lobby is not None and client.chair and \
                sum(1 for seat in lobby.seats if seat.kind == "person") >= people:
            client.start()
            return
        time.sleep(0.01)


def run_opener(args: argparse.Namespace, limits: Limits) -> int:
    """Ask the service for a table, then sit at it as its chair (:func:`run_guest`)."""
    relay = _address(args.relay)
    if relay is None:
        _say("lost", "no_relay")
        return 2
    request = TableRequest(args.game, args.seats or GAMES[args.game].seats[0], args.open,
                           _given("--options", _options, args.options) or {},
                           level=args.table_level, public=args.public,
                           spectators=args.spectators, name=args.name, rated=args.rated)
    try:
        opened = open_service_table(relay.addresses[0], request,
                                    timeout=min(args.timeout, 20.0),
                                    player=_player(args.player_key), name=args.name)
    except ServiceRefused as exc:
        _say("lost", exc.reason)
        return 2
    _say("opened", opened.code)
    args.code = opened.code
    return run_guest(args, limits)


def _find(args: argparse.Namespace, limits: Limits) -> Optional[str]:
    """The code of the first public table of ``--game`` with a free seat (or, to watch,
    one that welcomes spectators), as the Find a table screen lists them."""
    relay = _address(args.relay)
    if relay is None:
        return None
    finder = TableFinder(relay, limits, every=0.5)
    try:
        end = time.monotonic() + args.timeout
        while time.monotonic() < end:
            for table in finder.tables:
                if (args.game is None or table.game == args.game) and \
                        (table.watch if args.watch else table.taken < table.seats):
                    return table.code
            time.sleep(0.05)
        return None
    finally:
        finder.close()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.bot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limits", choices=sorted(NAMED_LIMITS), default="default",
                        help="quick: the tests' short timeouts; patient: theirs for whole "
                             "processes (game/net/protocol.py)")
    parser.add_argument("--level", default="random", help="the computers' level")
    parser.add_argument("--relay", help="a relay: HOST:PORT[,HOST:PORT...][#FINGERPRINT]")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--player-key", type=Path, metavar="FILE",
                        help="the player's own key (made if missing): shown to the service")
    parser.add_argument("--await-rating", type=float, default=0.0, metavar="S",
                        help="after the game, wait this long for a rated table's ratings")
    sub = parser.add_subparsers(dest="role", required=True)
    host = sub.add_parser("host")
    host.add_argument("game", choices=sorted(GAMES))
    host.add_argument("--listen", help="address for direct play, e.g. 127.0.0.1")
    host.add_argument("--port", type=int)
    host.add_argument("--seed", type=int)
    host.add_argument("--seat", type=int, default=0, help="the host's seat")
    host.add_argument("--guest", type=int, default=1, help="the remote seat")
    host.add_argument("--guests", help="the remote seats, e.g. 1,2,3 (instead of --guest)")
    host.add_argument("--seats", type=int, help="how many seats (Bisca: 2 to 6)")
    host.add_argument("--public", action="store_true", help="list the table on the relay")
    host.add_argument("--spectators", action="store_true", help="let people watch")
    add_argument(host)
    host.add_argument("--delay", type=float, default=0.0, help="seconds before each own move")
    host.add_argument("--linger", type=float, default=5.0)
    host.add_argument("--wait-for-guests", action="store_true",
                      help="once a computer has stood in for a guest, make no move of "
                           "the host's own until every guest is back")
    host.add_argument("--name", default="Host")
    join = sub.add_parser("join")
    join.add_argument("code", help="a room code, or find: the first public table")
    join.add_argument("--game", help="with find: a table of this game")
    join.add_argument("--watch", action="store_true", help="watch, without a seat")
    join.add_argument("--name", default="Guest")
    join.add_argument("--trace", help="append every game line received to this file")
    join.add_argument("--keep", help="keep the seat's key in this file, to take it back")
    join.add_argument("--die-after", type=int, default=0,
                      help="exit abruptly after this many own moves")
    join.add_argument("--start-at", type=int, default=0, help=argparse.SUPPRESS)
    join.add_argument("--delay", type=float, default=0.0, help="seconds before each own move")
    opener = sub.add_parser("open", help="ask the service to deal a table, and sit at it")
    opener.add_argument("game", choices=sorted(GAMES))
    opener.add_argument("--seats", type=int, help="how many seats (Bisca: 2 to 6)")
    opener.add_argument("--options", help='the game\'s options, e.g. {"deals": 3}')
    opener.add_argument("--open", type=int, default=2, help="seats for people (the first)")
    opener.add_argument("--table-level", default="easy", help="the table's computers' level")
    opener.add_argument("--public", action="store_true", help="list it in Find a table")
    opener.add_argument("--spectators", action="store_true", help="let people watch")
    opener.add_argument("--rated", action="store_true", help="a rated table (people only)")
    opener.add_argument("--start-at", type=int, default=0,
                        help="start once this many people sit (0: when every open seat has one)")
    opener.add_argument("--name", default="Opener")
    opener.add_argument("--trace", help="append every game line received to this file")
    opener.add_argument("--keep", help="keep the seat's key in this file, to take it back")
    opener.add_argument("--die-after", type=int, default=0)
    opener.add_argument("--delay", type=float, default=0.0, help="seconds before each own move")
    opener.set_defaults(watch=False)
    args = parser.parse_args(argv)
    limits = NAMED_LIMITS[args.limits]
    run = {"host": run_host, "join": run_guest, "open": run_opener}[args.role]
    return run(args, limits)


if __name__ == "__main__":
    sys.exit(main())
