"""The waiting rooms' words (scenes/screens/online/waiting_room.py): what the guest's room says below
the game's line, and how many watch, on the guest's room and the host's."""

from __future__ import annotations

import pytest

from game.net.lobby import COMPUTER_SEAT, HOST_SEAT, OPEN, PERSON, LobbySeat
from game.net.protocol import LobbyView
from scenes.i18n import language, set_language, tr
from scenes.screens.online.waiting_room import game_line, guest_status, with_watchers


def room(*kinds: str, you: int | None = 1) -> LobbyView:
    return LobbyView("briscola", tuple(LobbySeat(kind, "Anna" if kind == PERSON else "")
                                       for kind in kinds), you)


def test_the_guest_is_asked_to_pick_a_free_seat_only_while_one_is_free():
    assert guest_status(room(HOST_SEAT, PERSON, OPEN), False) == tr("net.waiting_start")
    assert guest_status(room(HOST_SEAT, PERSON, COMPUTER_SEAT), False) == \
        tr("net.waiting_start_full") == "Waiting for the host to start."
    assert guest_status(room(HOST_SEAT, PERSON, OPEN, you=None), False) == tr("net.you_watch")
    assert guest_status(room(HOST_SEAT, PERSON, OPEN), True) == tr("net.room_reconnecting")


def test_the_chair_of_a_table_the_service_deals_is_told_it_may_start_it():
    chair = LobbyView("briscola", (LobbySeat(PERSON, "Anna"), LobbySeat(OPEN), LobbySeat(OPEN)),
                      0, chair=True)
    assert guest_status(chair, False) == tr("net.waiting_chair")
    assert guest_status(room(OPEN, PERSON, OPEN), False) == tr("net.waiting_start")


@pytest.mark.parametrize("lang, words", [
    ("en", "Waiting for Marco (the chair) to start, or for a full table."),
    ("it", "Si attende il via di Marco (chi presiede), o il tavolo pieno.")])
def test_the_others_at_a_table_the_service_deals_wait_for_its_chair_not_a_host(lang, words):
    """A table the service deals has no host: its chair (or a full table) starts it."""
    seats = (LobbySeat(PERSON, "Marco"), LobbySeat(PERSON, "Anna"), LobbySeat(OPEN))
    was = language()
    set_language(lang)
    try:
        assert guest_status(LobbyView("briscola", seats, 1, chair_seat=0), False) == words
        long = (LobbySeat(PERSON, "Bartolomeo Giovanni Ross"),) + seats[1:]
        short = guest_status(LobbyView("briscola", long, 1, chair_seat=0), False,
                             lambda line: len(line) <= len(words) + 5)
        assert "Bartolom" in short and "Ross" not in short, "a long name is cut"
    finally:
        set_language(was)


@pytest.mark.parametrize("lang, one, three", [("en", "1 watching", "3 watching"),
                                              ("it", "1 guarda", "3 guardano")])
def test_how_many_watch_follows_the_line_after_a_dot_in_the_right_number(lang, one, three):
    was = language()
    set_language(lang)
    try:
        assert with_watchers("Bisca", 0) == "Bisca"
        assert with_watchers("Bisca", 1) == f"Bisca · {one}"
        assert with_watchers("Bisca", 3) == f"Bisca · {three}"
    finally:
        set_language(was)


@pytest.mark.parametrize("lang, one, two", [
    ("en", "Bisca · 1 of 6 seats taken", "Bisca · 2 of 6 seats taken"),
    ("it", "Bisca · 1 posto preso su 6", "Bisca · 2 posti presi su 6")])
def test_the_seats_taken_are_counted_in_the_right_number(lang, one, two):
    """Find a table said "1 posti presi su 3" of a table only its host sat at."""
    was = language()
    set_language(lang)
    try:
        assert game_line("bisca", 1, 6) == one and game_line("bisca", 2, 6) == two
    finally:
        set_language(was)
