"""A table worker's opens (game/net/tables.py): an ask to open a table, from a gateway over
NATS, answered beside the others; the limits checked (the opener's key, the worker's
tables, its address's tables fleet-wide by compare-and-set); the table made, its room
opened on a gateway and its record kept."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from typing import TYPE_CHECKING, Any, Optional

from game.net import rated
from game.net.fleet import OPEN_TIMEOUT
from game.net.protocol import BAD_TABLE, SERVICE_FULL, TOO_MANY_TABLES, UNREACHABLE
from game.net.secure import RoomOwner
from game.net.service import ServiceRefused, TableRequest
from game.net.table_records import DealtTable, lease_value

if TYPE_CHECKING:
    from game.net.tables import Worker

#: the worker's log, whose part this is
log = logging.getLogger("game.net.tables")

#: seconds a new table's room may take on the relay: answered well before the gateway
#: gives up on the workers (a table opened after it did would wait for nobody)
OPENING = OPEN_TIMEOUT / 2
#: seconds an ask may wait for its turn before it is refused unopened: its room must be
#: ready before the gateway gives up on the workers' answer
ASK_STALE = OPEN_TIMEOUT - OPENING
#: asks to open a table a worker answers at once, each waiting for its room in a thread
#: of the worker's own for them (four at once, in the loop's executor, opened some 17
#: tables a second under load, behind the asks the gateways gave up on: bench/README.md)
OPENS_AT_ONCE = 16


class Opens:
    """One worker's opens: see the module docstring."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        #: the opens under way at once, and the counts of an address's tables in turn
        self._opening = asyncio.Semaphore(OPENS_AT_ONCE)
        self._counting = asyncio.Lock()

    async def on_open(self, msg: Any) -> None:
        """An ask to open a table, answered beside the others (:data:`OPENS_AT_ONCE` at a
        time): NATS hands a subscription's messages over one at a time, and one open
        waits for its room on the relay and its code's scrypt, so one after another a
        worker opened a few tables a second and the gateway gave up on the asks behind
        them (bench/README.md)."""
        self.worker._spawn(self._answer_open(msg, time.monotonic()))

    async def _answer_open(self, msg: Any, asked: float) -> None:
        """Open the table asked for at ``asked`` (time.monotonic()), and say so; one that
        waited its turn past :data:`ASK_STALE` is refused (``service_full``) unopened:
        the gateway would give up on it before its room was ready, and a worker behind
        on its asks spent itself on tables nobody would sit at."""
        try:
            ask = json.loads(msg.data)
            request = TableRequest.from_json(ask.get("table"))
            async with self._opening:
                if time.monotonic() - asked > ASK_STALE:
                    raise ServiceRefused(SERVICE_FULL, "too many tables asked for at once")
                opener = await self._opener(request, ask.get("table"))
                code = await self._open(request, str(ask.get("by", "")), opener)
            answer: dict[str, Any] = {"code": code}
        except ServiceRefused as exc:
            answer = {"error": exc.reason, "detail": exc.detail}
        except (ValueError, AttributeError) as exc:
            answer = {"error": BAD_TABLE, "detail": str(exc)[:200]}
        except Exception as exc:  # NATS away midway: the client may ask again
            log.warning("tables %s: opening a table: %r", self.worker.name, exc)
            answer = {"error": UNREACHABLE}
        await msg.respond(json.dumps(answer).encode())

    async def _opener(self, request: TableRequest, table: Any) -> str:
        """The opener's key (hex), counted against its limits (game/net/rated.py): a rated
        table's, which must sign, or any other table's that is signed; "" if neither."""
        if not request.rated and not (isinstance(table, dict) and "player" in table):
            return ""
        public, _ = await rated.admit(self.worker.players, table, self.worker.per_hour)
        if not await rated.bump(self.worker.players, f"open.{public.hex()}", self.worker.per_player):
            raise ServiceRefused(TOO_MANY_TABLES, "this player's tables open")
        return public.hex()

    async def _open(self, request: TableRequest, by: str, opener: str = "") -> str:
        if len(self.worker.tables) >= self.worker.max_tables:
            raise ServiceRefused(SERVICE_FULL, f"this worker deals {len(self.worker.tables)}")
        seed = random.SystemRandom().randrange(1 << 31)
        try:
            setup = request.setup(seed)
        except ValueError as exc:
            raise ServiceRefused(BAD_TABLE, str(exc)[:200]) from None
        table = DealtTable(secrets.token_hex(8), {"request": request.to_json(), "seed": seed,
                                              "by": by, "opener": opener})
        owner = RoomOwner()
        table.lease = await self.worker.kv.create(f"lease.{table.id}", lease_value(self.worker.name))
        with self.worker._lock:
            self.worker.tables[table.id] = table
        try:
            await self.count(by, table.id, add=True)
            host = self.worker._host(table, setup, request, owner, None)
            ready = await asyncio.get_running_loop().run_in_executor(
                self.worker._room_waits, host.wait_ready, OPENING)
            status = host.status()
            if not ready or status.relay_code is None or host.relay_room is None:
                raise ServiceRefused(status.problem or UNREACHABLE, "no room on the relay")
            table.record.update(code=status.relay_code, room=host.relay_room.code,
                                ticket=host.relay_room.key.hex(), owner=owner.private.hex(),
                                digest=host.relay_digest)
            await self.worker.kv.put(f"t.{table.id}", json.dumps(table.record).encode())
        except BaseException:
            await self.worker._end(table)
            raise
        log.info("tables %s: opened %s (%s) for %s", self.worker.name, table.id, request.game, by)
        return status.relay_code

    async def count(self, by: str, table_id: str, add: bool) -> None:
        """Name (``add``) or forget table ``table_id`` among address ``by``'s tables open
        (by compare-and-set: fleet-wide), those whose lease is gone left out;
        :class:`ServiceRefused` ``too_many_tables`` when it would pass ``per_address``,
        or ``unreachable`` when an opening's count would not settle."""
        if not by:
            return
        key = "by." + by.encode().hex()
        async with self._counting:          # this worker's opens and ends count in turn
            await self._count_once(key, table_id, add)

    async def _count_once(self, key: str, table_id: str, add: bool) -> None:
        import nats.js.errors

        for _ in range(20):
            try:
                entry = await self.worker.kv.get(key)
                named, last = _named(entry.value), entry.revision
            except nats.js.errors.KeyNotFoundError:
                named, last = [], None
            named = [t for t in named if t != table_id and await self._leased(t)]
            if add and len(named) >= self.worker.per_address:
                raise ServiceRefused(TOO_MANY_TABLES, f"{len(named)} open")
            value = json.dumps(named + [table_id] if add else named).encode()
            try:
                if last is None:
                    await self.worker.kv.create(key, value)
                else:
                    await self.worker.kv.update(key, value, last=last)
                return
            except (nats.js.errors.KeyWrongLastSequenceError, nats.js.errors.BadRequestError):
                continue                        # another worker counted first: again
        if add:                                 # never a table past the count
            raise ServiceRefused(UNREACHABLE, "the count of the address's tables did not settle")
        log.warning("tables %s: %s: the count did not settle", self.worker.name, key)

    async def _leased(self, table_id: str) -> bool:
        """Whether table ``table_id`` has a lease (it is open, or being taken over): at
        once if this worker deals it or its watch has the lease (a lease gone but not
        yet seen gone counts a moment longer: never a table past the limit), else asked
        of the bucket (a lease just written elsewhere, not mirrored yet).  Asking for
        every table an address names took an open a round trip a table: at 1,000
        tables from one address, 450 ms an open, in turn (bench/README.md)."""
        import nats.js.errors

        if table_id in self.worker.tables or table_id in self.worker.claims.leases:
            return True
        try:
            entry = await self.worker.kv.get(f"lease.{table_id}")
        except nats.js.errors.KeyNotFoundError:
            return False
        return bool(entry.value)


def _named(value: Optional[bytes]) -> list[str]:
    """The table ids an address's entry names (anything else there: none)."""
    try:
        named = json.loads(value or b"[]")
    except ValueError:
        return []
    return [str(t) for t in named] if isinstance(named, list) else []
