"""game/net/directory.py's :class:`Misses`: room codes tried that do not exist, by
address, as the relay alone keeps them and as a fleet's gateways set them from
each other's word."""

from __future__ import annotations

import time

from game.net.directory import Directory, Misses


def test_an_address_out_of_misses_is_answered_no_more_and_cools():
    misses = Directory().misses(rate=0.1, burst=3)
    answers: list[bool] = []
    for _ in range(2):
        misses.miss("203.0.113.9", answers.append)
    assert not misses.cooling("203.0.113.9"), "one miss left"
    for _ in range(2):
        misses.miss("203.0.113.9", answers.append)
    assert answers == [True, True, True, False], "the fourth is turned away unanswered"
    assert misses.cooling("203.0.113.9") and not misses.cooling("198.51.100.1")


def test_an_ipv6_home_has_one_allowance():
    misses = Misses(rate=0.1, burst=2)
    misses.miss("2001:db8::1", lambda allowed: None)
    misses.miss("2001:db8::2", lambda allowed: None)
    assert misses.cooling("2001:db8::3"), "one /64, one client"
    assert not misses.cooling("2001:db8:0:1::1")


def test_what_another_gateway_said_refills_from_its_time():
    """A count set from the fleet's word (misses left at a wall-clock time) has refilled
    since by ``rate`` a second, up to the burst; whole again, it is forgotten."""
    misses = Misses(rate=0.1, burst=10)
    now = time.time()
    misses.set("203.0.113.9", 0.0, now - 5)
    assert misses.cooling("203.0.113.9") and 0.45 < misses.left("203.0.113.9") < 0.6
    misses.set("203.0.113.9", 0.0, now - 12)
    assert not misses.cooling("203.0.113.9") and misses.left("203.0.113.9") < 2
    misses.set("203.0.113.9", 0.0, now - 200)
    assert "203.0.113.9" not in misses.buckets and misses.left("203.0.113.9") == 10
    misses.set("198.51.100.1", 3.0, now)
    misses.sweep()
    assert "198.51.100.1" in misses.buckets, "not whole yet: kept"
