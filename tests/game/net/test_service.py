"""Asking for a table the service deals (game/net/service.py): the request is checked
field by field and refused in words (``bad_table``), and a relay with no table workers
behind it answers ``no_service``; nothing is dealt anywhere but by the service."""

from __future__ import annotations

import pytest

from game.net.protocol import BAD_TABLE, NO_SERVICE, UNREACHABLE, RelayHello, decode, encode
from game.net.service import ServiceRefused, TableRequest, open_service_table
from game.session import COMPUTER, REMOTE


def test_a_request_makes_the_open_seats_remote_and_the_rest_computers_of_its_level():
    request = TableRequest("bisca", 4, 2, {}, "hard", name="Anna's table")
    setup = request.setup(7)
    assert [s.kind for s in setup.seats] == [REMOTE, REMOTE, COMPUTER, COMPUTER]
    assert setup.seats[3].level == "hard" and setup.seed == 7
    assert TableRequest.from_json(request.to_json()) == request


@pytest.mark.parametrize("table", [
    None, [], {"game": "poker", "seats": 2, "open": 1},
    {"game": "bocce", "seats": 5, "open": 1},
    {"game": "bocce", "seats": 2, "open": 0},
    {"game": "bocce", "seats": 2, "open": 3},
    {"game": "bocce", "seats": 2, "open": True},
    {"game": "bocce", "seats": 2, "open": 1, "level": "godlike"},
    {"game": "bocce", "seats": 2, "open": 1, "public": "yes"},
    {"game": "bocce", "seats": 2, "open": 1, "options": []},
    {"game": "bocce", "seats": 2, "open": 1, "name": "x" * 200},
    {"game": "bocce", "seats": 2, "open": 1, "name": "\x1b[2J"},
])
def test_a_table_the_games_do_not_have_is_refused_bad_table_in_words(table):
    with pytest.raises(ServiceRefused) as refused:
        TableRequest.from_json(table)
    assert refused.value.reason == BAD_TABLE and refused.value.detail


def test_options_the_game_refuses_are_found_when_the_table_is_made():
    request = TableRequest("bocce", 2, 1, {"target": "many"})
    with pytest.raises(ValueError):
        request.setup(1)


def test_the_open_hello_carries_the_table_and_reads_back():
    hello = RelayHello("open", table=TableRequest("bolola", 4, 1).to_json())
    line = encode(hello)
    assert decode(line.rstrip(b"\n"), (RelayHello,)) == hello


def test_a_relay_with_no_workers_behind_it_deals_no_tables(relay_port):
    with pytest.raises(ServiceRefused) as refused:
        open_service_table(("127.0.0.1", relay_port), TableRequest("bocce", 2, 1), timeout=5.0)
    assert refused.value.reason == NO_SERVICE


@pytest.mark.slow
def test_a_relay_that_cannot_be_reached_is_unreachable():
    with pytest.raises(ServiceRefused) as refused:
        open_service_table(("127.0.0.1", 9), TableRequest("bocce", 2, 1), timeout=2.0)
    assert refused.value.reason == UNREACHABLE
