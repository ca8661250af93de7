"""The ratings keeper: folds the results stream into the ratings and serves the boards::

    python -m game.net.keeper --nats URL [--rebuild]

The results stream (game/net/rated.py's :data:`~game.net.rated.RESULTS`, appended by
the table workers) is the one source of truth.  The keeper reads it in order, from the
record after the last it folded, and keeps a *view* of it in bucket :data:`RATINGS`:

* ``r.GAME.KEY``: a player's rating at a game (game/net/ratings.py's ``Rating``, JSON),
  its history with it;
* ``head``: the sequence of the last record folded (where a restart goes on from);

and, in game/net/rated.py's short-lived bucket :data:`~game.net.rated.PLAYERS` (two
hours), ``done.TABLE``: what a rated table's game did to each of its players' ratings
(before and after, as shown), for its worker to tell them.

The view is the stream folded (game/net/ratings.py's ``Ledger``): ``--rebuild`` empties
it and folds the whole stream again (a changed model, a lost bucket), and
:func:`rebuild` is the same fold in memory, which a test holds equal to the view.  A
keeper that stops between writing two players of a record folds it again on its restart:
each rating names the last record it took, so nobody takes one twice.

**Boards.**  Every game's board is held in memory (game/net/ratings.py's ``Board``,
sorted as ratings change), made from the view when the keeper starts, and served on
NATS subject :data:`BOARD_SUBJECT` (request ``{"game": KEY, "key": HEX}``, the answer
``Board.query`` and the player's own rating and history under ``you``): the gateways
pass a client's ``board`` question there (game/net/fleet.py).  Any number of keepers
may serve (a queue group); each folds the stream itself, and all write the same view.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
from typing import Any, Optional, Sequence

from game import GAMES
from game.net import rated
from game.net.directory import Unreachable
from game.net.fleet import BOARD_SUBJECT, fleet_available, until_stopped
from game.net.protocol import BAD_BOARD
from game.net.rated import RATINGS
from game.net.ratings import Ledger, Rating, boards, moved_json
from game.net.standings import Board

log = logging.getLogger(__name__)

QUEUE = "tavolata-keepers"
CONNECT_WITHIN = 10.0


async def view_bucket(js: Any) -> Any:
    from nats.js.api import KeyValueConfig, StorageType

    return await js.create_key_value(KeyValueConfig(bucket=RATINGS, history=1,
                                                    storage=StorageType.FILE))


async def read_view(kv: Any) -> tuple[Ledger, int]:
    """The ratings the view holds, and its ``head``."""
    ledger = Ledger()
    head = 0
    watcher = await kv.watch(">")
    try:
        while True:
            entry = await watcher.updates(timeout=30)
            if entry is None:                   # every entry there now is read
                break
            if entry.operation in ("DEL", "PURGE") or not entry.value:
                continue
            if entry.key == "head":
                head = int(entry.value)
            elif entry.key.startswith("r."):
                _, game, key = entry.key.split(".", 2)
                ledger.ratings.setdefault(game, {})[key] = Rating.from_json(
                    json.loads(entry.value))
    finally:
        await watcher.stop()
    return ledger, head


async def each_result(js: Any, start: int, then: Any, until_now: bool = False) -> None:
    """``then(seq, record)`` for each record of the results stream from ``start``, in
    order; with ``until_now``, returns once the stream's last record (as it stands when
    asked) is read."""
    from nats.js.api import ConsumerConfig, DeliverPolicy

    info = await js.stream_info(rated.RESULTS)
    last = info.state.last_seq
    if until_now and last < start:
        return
    sub = await js.subscribe(f"{rated.RESULT_SUBJECTS}.>", ordered_consumer=True,
                             config=ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_SEQUENCE,
                                                   opt_start_seq=max(1, start)))
    try:
        async for msg in sub.messages:
            seq = msg.metadata.sequence.stream
            try:
                record = json.loads(msg.data)
            except ValueError:
                log.warning("keeper: result %d is not JSON: skipped", seq)
                record = None
            if record is not None:
                await then(seq, record)
            if until_now and seq >= last:
                return
    finally:
        await sub.unsubscribe()


async def rebuild(js: Any) -> Ledger:
    """The whole stream folded again, in memory: what the view must equal."""
    ledger = Ledger()

    async def fold(seq: int, record: Any) -> None:
        ledger.fold(seq, record)
    await each_result(js, 1, fold, until_now=True)
    return ledger


class Keeper:
    """One ratings keeper: see the module docstring."""

    def __init__(self, url: str, *, fresh: bool = False) -> None:
        self.url = url
        self.fresh = fresh
        self.ledger = Ledger()
        self.boards: dict[str, Board] = {}
        self.head = 0
        self.nc: Any = None
        self.js: Any = None
        self.kv: Any = None
        self.told: Any = None
        self._stop = asyncio.Event()

    async def run(self, ready: Optional[asyncio.Event] = None) -> None:
        import nats

        self._stop = asyncio.Event()
        try:
            self.nc = await asyncio.wait_for(nats.connect(
                self.url.split(","), name="tavolata-keeper", max_reconnect_attempts=-1,
                reconnect_time_wait=0.2), CONNECT_WITHIN)
        except (OSError, asyncio.TimeoutError, nats.errors.Error) as exc:
            raise Unreachable(f"nothing answered in {CONNECT_WITHIN:.0f} s ({exc!r})") from None
        self.js = self.nc.jetstream()
        self.told = await rated.ensure(self.js, self.nc.jsm())
        self.kv = await view_bucket(self.js)
        if self.fresh:
            await self.kv.purge("head")
            for key in await _keys(self.kv):
                await self.kv.purge(key)
        self.ledger, self.head = await read_view(self.kv)
        self.boards = boards(self.ledger)
        gc.freeze()           # the view's million objects: never walked by the collector
        await self.nc.subscribe(BOARD_SUBJECT, queue=QUEUE, cb=self._on_board)
        # the subscription reaches the server with the next flush: ready means a board
        # asked now is answered (before it, a request found no responders)
        await self.nc.flush()
        folding = asyncio.create_task(each_result(self.js, self.head + 1, self._fold))
        print(f"keeper folds results at {self.url} from {self.head + 1}", flush=True)
        if ready is not None:
            ready.set()
        try:
            await self._stop.wait()
        finally:
            folding.cancel()
            await asyncio.gather(folding, return_exceptions=True)
            await self.nc.close()

    def stop(self) -> None:
        self._stop.set()

    async def _fold(self, seq: int, record: Any) -> None:
        """Fold one result into the view (module docstring)."""
        try:
            moved = self.ledger.fold(seq, record)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            log.warning("keeper: result %d cannot be rated: %r", seq, exc)
            return
        game = str(record["game"])
        board = self.boards.setdefault(game, Board())
        for key, (before, after) in moved.items():
            if after is not before:
                await self.kv.put(f"r.{game}.{key}", json.dumps(after.to_json()).encode())
                board.put(key, after)
        await self.told.put(f"done.{record['table']}", json.dumps(moved_json(moved)).encode())
        self.head = seq
        await self.kv.put("head", str(seq).encode())

    async def _on_board(self, msg: Any) -> None:
        try:
            ask = json.loads(msg.data)
            answer = self.board(str(ask.get("game")), ask.get("key"))
        except (ValueError, AttributeError):
            answer = {"error": BAD_BOARD}
        await msg.respond(json.dumps(answer).encode())

    def board(self, game: str, key: Any) -> dict[str, Any]:
        """A board as the Leaderboard screen shows it (``Board.query``), with ``you``:
        the asker's own rating (shown, games, history), if it has one."""
        if game not in GAMES:
            return {"error": BAD_BOARD}
        key = key if isinstance(key, str) and len(key) == 64 else None
        answer = self.boards.get(game, Board()).query(key)
        mine = self.ledger.ratings.get(game, {}).get(key) if key else None
        answer["you"] = None if mine is None else {
            "rating": mine.shown, "games": mine.games,
            "history": [[seq, shown] for seq, shown in mine.history]}
        return answer


async def _keys(kv: Any) -> list[str]:
    import nats.js.errors

    try:
        return list(await kv.keys())
    except nats.js.errors.NoKeysError:
        return []


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.keeper",
                                     description="Fold the rated results into the ratings "
                                                 "and serve the leaderboards.")
    parser.add_argument("--nats", required=True, metavar="URL",
                        help="the fleet's NATS server(s), comma separated")
    parser.add_argument("--rebuild", action="store_true",
                        help="empty the ratings' view and fold the whole results stream again")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    problem = fleet_available()
    if problem is not None:
        print(f"keeper: {problem}", flush=True)
        return 1
    keeper = Keeper(args.nats, fresh=args.rebuild)
    return until_stopped("keeper", args.nats, keeper.run, keeper.stop)

if __name__ == "__main__":
    raise SystemExit(main())
