"""Who may open a rated table (game/net/rated.py), against a real NATS server's
key-value bucket on 127.0.0.1: an opener signs its request, a copied request is
refused, and a key past its tables this hour is told so; the counts are the bucket's,
so every worker of a fleet keeps the same."""

from __future__ import annotations

import asyncio
from typing import Any, Iterator

import pytest

from game.net.identity import public_bytes
from game.net.players import player_key, signed_request
from game.net.rated import admit, bump, ensure
from game.net.service import ServiceRefused, TableRequest
from tests.game.net.fleet import MISSING, NatsServer

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def nats_url() -> Iterator[str]:
    if MISSING is not None:
        pytest.skip(MISSING)
    server = NatsServer()
    yield server.url
    server.end()


def _with_bucket(url: str, job: Any) -> Any:
    async def run() -> Any:
        import nats

        nc = await nats.connect(url)
        try:
            return await job(await ensure(nc.jetstream(), nc.jsm()))
        finally:
            await nc.close()
    return asyncio.run(run())


def _refusal(url: str, table: Any, per_hour: int = 12) -> str:
    async def job(kv: Any) -> str:
        try:
            await admit(kv, table, per_hour)
        except ServiceRefused as exc:
            return exc.reason
        return ""
    return _with_bucket(url, job)


def test_a_rated_table_is_opened_by_a_signed_request_once(nats_url, tmp_path):
    key = player_key(tmp_path)
    table = signed_request(key, TableRequest("bocce", 2, 2, rated=True).to_json(), "Ada")
    assert _refusal(nats_url, TableRequest("bocce", 2, 2, rated=True).to_json()) == "not_player"
    assert _refusal(nats_url, table) == ""
    assert _refusal(nats_url, table) == "not_player", "the same request again: a copy"
    stale = signed_request(key, TableRequest("bocce", 2, 2, rated=True).to_json(), "Ada",
                           now=1000.0)
    assert _refusal(nats_url, stale) == "not_player"


def test_a_key_past_its_tables_this_hour_is_told_so_and_another_key_is_not(nats_url, tmp_path):
    mine, theirs = player_key(tmp_path / "a"), player_key(tmp_path / "b")
    ask = TableRequest("bisca", 3, 3, rated=True).to_json()
    assert [_refusal(nats_url, signed_request(mine, ask, "A"), per_hour=2)
            for _ in range(3)] == ["", "", "tables_this_hour"]
    assert _refusal(nats_url, signed_request(theirs, ask, "B"), per_hour=2) == ""


def test_a_count_never_passes_its_most_and_falls_back_as_tables_end(nats_url, tmp_path):
    key = f"open.{public_bytes(player_key(tmp_path)).hex()}"

    async def job(kv: Any) -> list[bool]:
        counted = [await bump(kv, key, 2) for _ in range(3)]
        await bump(kv, key, 0, -1)                       # a table ends
        return [*counted, await bump(kv, key, 2)]
    assert _with_bucket(nats_url, job) == [True, True, False, True]
