"""A player's name: one check (game/names.py) at every door a name comes in by."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.names import MAX_NAME, NOT_TEXT, TOO_LONG, UNPRINTABLE, name_problem
from game.net.protocol import Hello, ProtocolError, Seats, decode
from game.session import SeatSpec


@pytest.mark.parametrize("name", ["", "Anna", "Marco Rossi", "Zoë", "地主", "J.-P. d'Arc",
                                  "Ana\u00a0Lu", "x" * MAX_NAME])
def test_a_name_of_printable_characters_within_the_limit_is_one(name):
    assert name_problem(name) is None


def test_a_name_one_character_too_long_is_not_one():
    assert name_problem("x" * (MAX_NAME + 1)) == TOO_LONG
    assert name_problem("é" * (MAX_NAME + 1)) == TOO_LONG


@pytest.mark.parametrize("name", ["Ma\x00rco", "Anna\n", "\x1b[31mEve", "Eve\u202e", "\ud800",
                                  "a\udfffb", "\ue000", "tab\there", "\u2028"])
def test_nul_controls_bidi_overrides_surrogates_and_private_use_are_not_names(name):
    assert name_problem(name) == UNPRINTABLE


@pytest.mark.parametrize("value", [None, 42, b"Anna", ["Anna"]])
def test_what_is_not_text_is_not_a_name(value):
    assert name_problem(value) == NOT_TEXT


@pytest.mark.slow
@given(st.text(max_size=MAX_NAME + 8))
def test_every_name_that_passes_can_be_encoded_and_is_short(text):
    if name_problem(text) is None:
        assert len(text) <= MAX_NAME and "\x00" not in text
        text.encode("utf-8")                     # no lone surrogate: never raises


def _hello(name: object) -> bytes:
    return json.dumps({"type": "hello", "protocol": 1, "game": "v", "name": name}).encode()


@pytest.mark.parametrize("name", ["Ma\x00rco", "\ud800", "x" * (MAX_NAME + 1), 7])
def test_the_network_door_refuses_a_hello_whose_name_is_not_one(name):
    with pytest.raises(ProtocolError) as err:
        decode(_hello(name), (Hello,))
    assert err.value.reason == "bad_field"


def test_the_network_door_lets_a_name_through_unchanged():
    assert decode(_hello("Zoë " + "x" * (MAX_NAME - 4)), (Hello,)).name == \
        "Zoë " + "x" * (MAX_NAME - 4)


def test_names_in_a_seats_line_are_checked_too():
    line = json.dumps({"type": "seats", "names": ["Anna", "Eve\x00"], "away": []}).encode()
    with pytest.raises(ProtocolError):
        decode(line, (Seats,))


def test_a_saved_seat_with_a_bad_name_is_not_a_seat():
    with pytest.raises(ValueError):
        SeatSpec.from_json({"kind": "computer", "name": "a\x00"})
    assert SeatSpec.from_json({"kind": "computer", "name": "Bot"}).name == "Bot"
