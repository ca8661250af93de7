"""The public tables' list: listings checked field by field, kept until their TTL,
the newest first, capped, and the line every lister gets made at most twice a second."""

from __future__ import annotations

import json

import pytest

from game.net import codes
from game.net.listing import (
    MAX_LISTING,
    REBUILD_EVERY,
    BadListing,
    Listing,
    PublicTables,
    decode_tables,
    parse_public,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def listing(room: str = "ABCD", **fields) -> Listing:
    return Listing(codes.new_relay_code(room).text, fields.pop("game", "briscola"),
                   fields.pop("seats", 3), fields.pop("taken", 1), fields.pop("name", "Anna"),
                   **fields)


def test_a_listing_expires_after_its_ttl_unless_renewed():
    clock = Clock()
    tables = PublicTables(ttl=60, clock=clock)
    tables.put(listing("ABCD"))
    tables.put(listing("EFGH"))
    clock.now += 40
    tables.put(listing("ABCD", taken=2))             # renewed, and changed
    clock.now += 30
    assert [t.room for t in tables.listing()] == ["ABCD"], "EFGH was not renewed"
    assert tables.listing()[0].taken == 2
    clock.now += 31
    assert tables.listing() == [] and len(tables) == 0


def test_the_newest_come_first_removed_ones_go_and_the_list_is_capped():
    tables = PublicTables(limit=3, clock=Clock())
    rooms = ["ABCD", "EFGH", "JKMN", "PQRS", "TUVW"]
    for room in rooms:
        tables.put(listing(room))
    assert [t.room for t in tables.listing()] == ["TUVW", "PQRS", "JKMN"]
    tables.remove("PQRS")
    tables.remove("ZZZZ")                            # not listed: nothing happens
    assert [t.room for t in tables.listing()] == ["TUVW", "JKMN", "EFGH"]


def test_the_tables_line_is_made_anew_at_most_every_half_second():
    clock = Clock()
    tables = PublicTables(clock=clock)
    tables.put(listing("ABCD"))
    first = tables.encoded()
    assert tables.encoded() is first, "asked again at once: the same bytes, not remade"
    tables.put(listing("EFGH"))
    assert tables.encoded() is not first, "a change makes it anew"
    again = tables.encoded()
    clock.now += REBUILD_EVERY
    assert json.loads(tables.encoded()) == json.loads(again)
    shown = decode_tables(json.loads(again))
    assert [t.room for t in shown] == ["EFGH", "ABCD"]


@pytest.mark.parametrize("change, why", [
    ({"code": "ABCD"}, "relay code"),
    ({"code": codes.new_direct_code("192.168.1.2", 47810).text}, "relay code"),
    ({"name": "\x00"}, "name"),
    ({"seats": 3, "taken": 4}, "count"),
    ({"seats": 40}, "count"),
    ({"taken": True}, "count"),
    ({"watch": "yes"}, "watch"),
    ({"rated": 1}, "rated"),
    ({"game": ""}, "game"),
    ({"options": {"x": {"deep": 1}}}, "options"),
    ({"options": {f"k{i}": 1 for i in range(20)}}, "options"),
])
def test_a_bad_listing_is_refused_with_its_reason(change, why):
    good = listing().to_json()
    with pytest.raises(BadListing, match=why):
        Listing.from_json({**good, **change})


def test_a_public_line_is_read_only_up_to_its_limit():
    good = listing()
    assert parse_public(b"!public " + json.dumps(good.to_json()).encode()) == good
    with pytest.raises(BadListing):
        parse_public(b"!public " + b" " * MAX_LISTING + json.dumps(good.to_json()).encode())
    with pytest.raises(BadListing):
        parse_public(b"!public {not json")
    assert decode_tables({"tables": [good.to_json(), {"code": "nonsense"}, 3]}) == (good,), \
        "what is not a listing is skipped"


def test_a_rated_table_is_listed_as_one_and_an_older_listing_as_not():
    rated = listing(rated=True)
    assert Listing.from_json(rated.to_json()).rated
    older = {k: v for k, v in listing().to_json().items() if k != "rated"}
    assert not Listing.from_json(older).rated
