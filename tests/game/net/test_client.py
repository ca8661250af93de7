"""A guest's pauses before it asks again (game/net/client.py's ``again_after``): a room
held for its host is asked again within a fraction of a second, each guest at its own
moment; anything else waits its ``retry_every``, a room that does not exist twice that."""

from __future__ import annotations

import random

from game.net.client import again_after
from game.net.protocol import HOST_AWAY, LIMITS, NO_SUCH_ROOM, QUICK, UNREACHABLE


def test_a_held_room_is_asked_again_sooner_than_a_retry() -> None:
    for limits in (LIMITS, QUICK):
        waits = [again_after(HOST_AWAY, limits) for _ in range(200)]
        assert all(limits.held_every / 2 <= w <= limits.held_every * 1.5 for w in waits)
    assert max(again_after(HOST_AWAY, LIMITS) for _ in range(200)) < LIMITS.retry_every


def test_the_guests_of_a_takeover_do_not_ask_in_step() -> None:
    draws = random.Random(4)
    waits = {round(again_after(HOST_AWAY, LIMITS, draws.uniform), 3) for _ in range(50)}
    assert len(waits) > 40


def test_anything_else_waits_a_retry_and_a_room_that_does_not_exist_twice_that() -> None:
    assert again_after(UNREACHABLE, LIMITS) == LIMITS.retry_every
    assert again_after(NO_SUCH_ROOM, LIMITS) == 2 * LIMITS.retry_every
