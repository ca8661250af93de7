"""game/net/fleet.py's FleetDirectory without a NATS server: which rooms of the other
gateways it takes for there (while their home beats; gone a hold after it fell
silent, with no rewrite of the rooms in between), its rooms written again when it
reaches NATS again, the entries under its own name it does not hold, deleted, and
the misses of different addresses counted at once."""

from __future__ import annotations

import asyncio
import json
import time
from types import SimpleNamespace

import pytest

from tests.game.net.fleet import MISSING

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

HOLD = 10.0


def directory(name: str = "here"):
    from game.net.fleet import FleetDirectory
    fleet = FleetDirectory("nats://127.0.0.1:1", name=name)
    fleet.ttl = HOLD
    return fleet


def written(fleet, code: str, home: str, ago: float, by: str = "someone") -> None:
    """The bucket's watch brings room ``code``, written ``ago`` seconds ago by ``home``."""
    value = {"owner": "ab" * 32, "home": home, "held": False, "by": by, "at": "",
             "w": time.time() - ago}
    fleet._mirror(SimpleNamespace(key=code, value=json.dumps(value).encode(), operation="PUT",
                                  revision=1))


def test_a_room_whose_home_beats_is_there_however_long_since_it_was_written(monkeypatch):
    fleet = directory()
    written(fleet, "ABCD", "there", ago=1.0)
    later = time.monotonic() + 40 * HOLD             # no rewrite of it in all that time
    monkeypatch.setattr("game.net.fleet.time",
                        SimpleNamespace(monotonic=lambda: later, time=lambda: time.time() + 40 * HOLD))
    fleet.beats["there"] = later
    there = fleet.elsewhere("ABCD")
    assert there is not None and there.home == "there" and not there.away
    assert fleet.rooms_of("someone") == 1


def test_a_room_whose_home_fell_silent_is_away_then_gone_a_hold_after_its_last_beat():
    from game.net.fleet import SILENT
    fleet = directory()
    written(fleet, "ABCD", "there", ago=40 * HOLD)
    fleet.beats["there"] = time.monotonic() - 2 * SILENT
    there = fleet.elsewhere("ABCD")
    assert there is not None and there.away, "silent: its host may come back"
    assert fleet.rooms_of("someone") == 1
    fleet.beats["there"] = time.monotonic() - HOLD - 1
    assert fleet.rooms_of("someone") == 0
    assert fleet.elsewhere("ABCD") is None and fleet.owner_of("ABCD") is None
    assert "ABCD" not in fleet.rooms


def test_a_room_of_a_home_never_heard_is_away_for_the_hold_after_its_writing():
    fleet = directory()
    written(fleet, "ABCD", "gone", ago=1.0)
    written(fleet, "EFGH", "gone", ago=HOLD + 1)
    there = fleet.elsewhere("ABCD")
    assert there is not None and there.away
    assert fleet.elsewhere("EFGH") is None, "its home died before this gateway heard it"


def test_entries_under_this_gateways_name_it_does_not_hold_are_deleted():
    from game.net.fleet import ROOMS_BUCKET
    fleet = directory()
    fleet.relay = SimpleNamespace(rooms={"KEPT": object()})
    written(fleet, "KEPT", "here", ago=1.0)
    written(fleet, "LOST", "here", ago=1.0)
    written(fleet, "ELSE", "there", ago=1.0)
    fleet._tidy()
    queued = []
    while not fleet._writes.empty():
        queued.append(fleet._writes.get_nowait())
    assert queued == [(ROOMS_BUCKET, "LOST", None)]


def test_a_gateway_that_reaches_nats_again_writes_the_rooms_whose_host_is_there():
    from game.net.fleet import ROOMS_BUCKET
    fleet = directory()
    hosted = SimpleNamespace(host=object(), owner_key=b"k" * 32, owner="127.0.0.1")
    held = SimpleNamespace(host=None, owner_key=b"h" * 32, owner="127.0.0.1")
    fleet.relay = SimpleNamespace(rooms={"HOST": hosted, "HELD": held}, public="127.0.0.1:1")
    asyncio.run(fleet._nats_back())
    queued = []
    while not fleet._writes.empty():
        queued.append(fleet._writes.get_nowait())
    assert [(bucket, key) for bucket, key, _ in queued] == [(ROOMS_BUCKET, "HOST")]
    value = json.loads(queued[0][2])
    assert value["home"] == "here" and not value["held"] and value["at"] == "127.0.0.1:1"


def test_a_slow_count_for_one_address_holds_up_no_other_address():
    async def scenario() -> list[str]:
        fleet = directory()
        fleet.nc = SimpleNamespace(is_connected=True)
        slow = asyncio.Event()
        asked: list[str] = []
        answers: list[str] = []
        friend_answered = asyncio.Event()

        async def take_one(key: str) -> bool:
            asked.append(key)
            if key == "guesser":
                await slow.wait()
            return key == "friend"

        def answer(who: str):
            def then(allowed: bool) -> None:
                answers.append(f"{who} {allowed}")
                if who == "friend":
                    friend_answered.set()
            return then

        fleet.counts._take_one = take_one
        fleet.count("guesser", True, answer("guesser"))
        fleet.count("guesser", True, answer("guesser again"))
        fleet.count("friend", False, answer("friend"))
        await asyncio.wait_for(friend_answered.wait(), 10)
        assert answers == ["friend True"], "the guesser's round trip is still on its way"
        assert asked == ["guesser", "friend"], "an address's misses go one after another"
        slow.set()
        while fleet.counts.counting:
            await asyncio.sleep(0.01)
        assert asked == ["guesser", "friend", "guesser"]
        return answers

    assert asyncio.run(scenario()) == ["friend True", "guesser False", "guesser again False"]
