"""Rated tables at the service's table workers (game/net/tables.py): who may open one,
and the result each one leaves.

A rated table (``TableRequest.rated``, game/net/service.py) is a public table of people
only, each seated by the player key it proves on its connection (game/net/players.py;
the host refuses anyone else a seat: ``players_only``).  Its opener signs the request
with its key (:func:`~game.net.players.opener`): the worker takes a signature once
(:data:`SEEN`: the digest kept for :data:`~game.net.players.FRESH` seconds and more),
counts the tables the key opened in the clock's hour against ``--per-hour`` (bucket
:data:`PLAYERS`, by compare-and-set: fleet-wide), and its tables open now against
``--per-player``, beside the address's count.  Any other table whose request is signed
(the program signs every one it asks for) is counted the same way: issue 33's limit per
player key; an unsigned one (another program, an older one) only by its address.

When the game is over, the worker appends its result to stream :data:`RESULTS`
(subject ``tavolata.results.GAME``), the one source of truth of every rating: the
table, the game, each seat's player key and name, the scores and winners the engine
gave, Dou Dizhu's hands (each landlord and whether the landlord won), and the seats
whose player left (a computer played them out: :func:`left_now`, looked at as each
action is kept, so the last action's look is the table's at the end).  The record's
``Nats-Msg-Id`` is the table's: a worker that takes the table over at its end, and
appends again, is kept once.  game/net/keeper.py folds the stream into the ratings.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Mapping, Optional

from game.net.players import opener
from game.net.protocol import NOT_PLAYER, TABLES_THIS_HOUR
from game.net.service import ServiceRefused, TableRequest

RESULTS = "TAVOLATA_RESULTS"
RESULT_SUBJECTS = "tavolata.results"
#: the ratings' view the keeper keeps (game/net/keeper.py)
RATINGS = "tavolata-ratings"
#: seconds a worker waits for the keeper to fold a table's result, to tell its players
TOLD_WITHIN = 10.0
#: the service's short-lived entries (two hours): per-key counts (the hour's tables, the
#: tables open), the request signatures seen, and each rated table's ratings told
PLAYERS = "tavolata-players"
SEEN = "seen"
#: rated tables a key may open in one clock hour, and have open at once
PER_HOUR = 12
PER_PLAYER = 2
#: how long the results stream drops a second copy of a table's result
RESULT_DUPLICATES = 86400.0


def result_subject(game: str) -> str:
    return f"{RESULT_SUBJECTS}.{game}"


async def ensure(js: Any, jsm: Any) -> Any:
    """The results stream and the players' bucket, made if missing: the bucket."""
    from nats.js.api import KeyValueConfig, StorageType, StreamConfig

    try:
        await jsm.add_stream(StreamConfig(name=RESULTS, subjects=[f"{RESULT_SUBJECTS}.>"],
                                          storage=StorageType.FILE,
                                          duplicate_window=RESULT_DUPLICATES))
    except Exception:  # made already (by another worker or the keeper)
        pass
    return await js.create_key_value(KeyValueConfig(
        bucket=PLAYERS, history=1, storage=StorageType.FILE, ttl=2 * 3600.0))


async def admit(kv: Any, table: Any, per_hour: int = PER_HOUR) -> tuple[bytes, str]:
    """The opener of the rated table ``table`` (its request's JSON, as the client sent it)
    if it may open one now: its key and name, counted against this hour's tables.
    :class:`ServiceRefused` ``not_player`` (no opener signs it, the signature is stale
    or was taken before) or ``tables_this_hour``."""
    import nats.js.errors

    found = opener(table) if isinstance(table, Mapping) else None
    if found is None:
        raise ServiceRefused(NOT_PLAYER, "a rated table's opener signs it with its key")
    public, name, digest = found
    try:
        await kv.create(f"{SEEN}.{digest}", b"1")
    except nats.js.errors.KeyWrongLastSequenceError:
        raise ServiceRefused(NOT_PLAYER, "this request was taken before") from None
    hour = int(time.time() // 3600)
    if not await bump(kv, f"hour.{public.hex()}.{hour}", per_hour):
        raise ServiceRefused(TABLES_THIS_HOUR, f"{per_hour} this hour")
    return public, name


async def bump(kv: Any, key: str, most: int, change: int = 1) -> bool:
    """Add ``change`` to the count at ``key`` by compare-and-set (fleet-wide); False, and
    nothing counted, when that would take it over ``most``."""
    import nats.js.errors

    for _ in range(20):
        try:
            entry = await kv.get(key)
            now, last = int(entry.value or b"0"), entry.revision
        except nats.js.errors.KeyNotFoundError:
            now, last = 0, None
        if change > 0 and now + change > most:
            return False
        value = str(max(0, now + change)).encode()
        try:
            if last is None:
                await kv.create(key, value)
            else:
                await kv.update(key, value, last=last)
            return True
        except (nats.js.errors.KeyWrongLastSequenceError, nats.js.errors.BadRequestError):
            continue                        # another worker counted first: again
    return False


def left_now(host: Any) -> set[int]:
    """The seats of people a computer plays now: their players left (or are away)."""
    session = host.session if host is not None else None
    if session is None:
        return set()
    return {s for s in range(len(session.setup.seats)) if session.standing_in(s)}


def result_record(table_id: str, record: Mapping[str, Any], result: Mapping[str, Any],
                  left: set[int], at: Optional[float] = None) -> dict[str, Any]:
    """What the results stream keeps of a rated table's game (module docstring):
    ``record`` is the table's (its request, its ``players`` and ``names``)."""
    request = TableRequest.from_json(record["request"])
    players = record.get("players", {})
    names = record.get("names", [])
    seats = [[players[str(s)], names[s] if s < len(names) else ""] if str(s) in players
             else None for s in range(request.seats)]
    out: dict[str, Any] = {"table": table_id, "game": request.game,
                           "at": round(time.time() if at is None else at, 3),
                           "players": seats, "scores": list(result["scores"]),
                           "winners": list(result.get("winners", [])), "left": sorted(left)}
    if request.game == "doudizhu":
        out["hands"] = [[row["landlord"], bool(row["landlord_won"])]
                        for row in result.get("sheet", [])]
    return out


async def folded(js: Any, table_id: str, within: float = TOLD_WITHIN) -> Optional[dict[str, Any]]:
    """What the keeper's fold did to the table's players (``done.TABLE``: each key's
    rating before and after), once it has; None if not within ``within`` seconds."""
    import nats.js.errors

    end = time.monotonic() + within
    kv = None
    while time.monotonic() < end:
        try:
            kv = kv or await js.key_value(PLAYERS)
            entry = await kv.get(f"done.{table_id}")
            return dict(json.loads(entry.value))
        except (nats.js.errors.KeyNotFoundError, nats.js.errors.BucketNotFoundError):
            await asyncio.sleep(0.1)
    return None


def by_seat(record: Mapping[str, Any], done: Mapping[str, Any]) -> dict[int, tuple[float, float]]:
    """The keeper's ``done`` (by key) as each seat's rating before and after."""
    out: dict[int, tuple[float, float]] = {}
    for seat, key in record.get("players", {}).items():
        pair = done.get(key)
        if isinstance(pair, list) and len(pair) == 2:
            out[int(seat)] = (float(pair[0]), float(pair[1]))
    return out


async def append_result(js: Any, record: Mapping[str, Any]) -> int:
    """Append a result to the stream (kept once per table): its sequence."""
    ack = await js.publish(result_subject(str(record["game"])), json.dumps(record).encode(),
                           stream=RESULTS, headers={"Nats-Msg-Id": f"result:{record['table']}"})
    return int(ack.seq)

