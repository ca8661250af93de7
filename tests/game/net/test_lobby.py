"""The waiting room's seats: a guest sits in the first free seat, picks another, stands
up to watch; the host moves, frees and gives seats; every refusal has its reason; at
the start the empty seats become computers and nothing moves any more."""

from __future__ import annotations

import pytest

from game.net.lobby import (
    COMPUTER_SEAT,
    HOST_SEAT,
    NO_SPECTATORS,
    NO_SUCH_SEAT,
    OPEN,
    PERSON,
    SEAT_TAKEN,
    STARTED,
    TABLE_FULL,
    Lobby,
    LobbySeat,
    Refusal,
)
from game.session import COMPUTER, HUMAN, REMOTE, GameSetup, SeatSpec


def room(seats: str = "hoo c", spectators: bool = False) -> Lobby:
    """A lobby of seats written h (host), o (open), c (computer); spaces ignored."""
    kinds = {"h": SeatSpec(HUMAN, name="Host"), "o": SeatSpec(REMOTE, "hard"),
             "c": SeatSpec(COMPUTER, "easy")}
    specs = tuple(kinds[ch] for ch in seats if ch != " ")
    key = {3: "briscola", 4: "bolola"}.get(len(specs), "bisca")
    return Lobby(GameSetup(key, specs), "Marco", spectators)


def refusal(change) -> str:
    with pytest.raises(Refusal) as caught:
        change()
    return caught.value.reason


def test_a_guest_sits_in_the_first_free_seat_and_the_room_shows_every_seat():
    lobby = room("hooc")
    assert lobby.enter(1, "Anna") == 1
    assert lobby.enter(2, "Bruno") == 2
    assert lobby.seats() == (LobbySeat(HOST_SEAT, "Marco"), LobbySeat(PERSON, "Anna"),
                             LobbySeat(PERSON, "Bruno"), LobbySeat(COMPUTER_SEAT))
    assert lobby.full and lobby.taken == 3


def test_a_guest_named_as_someone_in_the_room_is_told_apart_by_a_number():
    lobby = room("hooo", spectators=True)
    lobby.enter(1, "Marco")                         # the host's name
    lobby.enter(2, "Guest")
    lobby.enter(3, "Guest")
    lobby.enter(4, "Guest", watch=True)
    assert [s.name for s in lobby.seats()] == ["Marco", "Marco 2", "Guest", "Guest 2"]
    assert lobby.names[4] == "Guest 3"
    lobby.leave(3)
    lobby.enter(5, "Guest 2")                       # the name its owner had is free again
    assert lobby.names[5] == "Guest 2"
    assert lobby.distinct("") == ""


def test_a_full_table_refuses_a_player_with_its_reason():
    lobby = room("hoc")
    lobby.enter(1, "Anna")
    assert refusal(lambda: lobby.enter(2, "Bruno")) == TABLE_FULL


def test_a_guest_picks_a_free_seat_and_not_a_taken_or_closed_one():
    lobby = room("hooo")
    lobby.enter(1, "Anna")
    lobby.enter(2, "Bruno")
    lobby.sit(1, 3)
    assert lobby.seat_of(1) == 3 and lobby.free_seats() == [1]
    assert refusal(lambda: lobby.sit(2, 3)) == SEAT_TAKEN
    for seat in (0, 9, -1):
        assert refusal(lambda s=seat: lobby.sit(2, s)) == NO_SUCH_SEAT
    lobby.sit(1, 3)                                # its own seat: nothing changes
    assert lobby.seat_of(1) == 3


def test_watching_needs_the_hosts_leave_and_spectators_take_no_seat():
    lobby = room("hoo")
    assert refusal(lambda: lobby.enter(1, "Anna", watch=True)) == NO_SPECTATORS
    lobby.enter(2, "Bruno")
    assert refusal(lambda: lobby.sit(2, None)) == NO_SPECTATORS
    lobby.allow_spectators(True)
    assert lobby.enter(1, "Anna", watch=True) is None
    lobby.sit(2, None)
    assert lobby.free_seats() == [1, 2] and lobby.watching == {1, 2}
    assert lobby.taken == 1, "spectators are not counted in the seats"
    lobby.sit(1, 2)
    assert lobby.watching == {2} and lobby.seat_of(1) == 2


def test_refusing_spectators_sends_those_watching_away():
    lobby = room("hoo", spectators=True)
    lobby.enter(1, "Anna", watch=True)
    lobby.enter(2, "Bruno")
    assert lobby.allow_spectators(False) == [1]
    assert lobby.watching == set() and lobby.seat_of(2) == 1


def test_the_host_moves_frees_and_gives_seats():
    lobby = room("hooo", spectators=True)
    lobby.enter(1, "Anna")
    lobby.enter(2, "Bruno")
    lobby.move(1, 3)
    assert lobby.seat_of(1) == 3
    assert refusal(lambda: lobby.move(3, 2)) == SEAT_TAKEN
    assert refusal(lambda: lobby.move(1, 2)) == NO_SUCH_SEAT, "nobody sits at seat 1 now"
    assert lobby.free(3) is None and lobby.watching == {1}, "freed: watching"
    assert lobby.give(2, computer=True) is None
    assert lobby.kinds[2] == COMPUTER_SEAT and 2 in lobby.watching, "Bruno freed to watch"
    assert refusal(lambda: lobby.give(0, computer=True)) == NO_SUCH_SEAT, "the host's own"
    lobby.give(2, computer=False)
    assert lobby.kinds[2] == OPEN and lobby.free_seats() == [1, 2, 3]


def test_a_freed_guest_leaves_when_spectators_are_refused():
    lobby = room("hoo")
    lobby.enter(7, "Anna")
    assert lobby.free(1) == 7 and 7 not in lobby.names
    lobby.enter(8, "Bruno")
    assert lobby.give(1, computer=True) == 8


def test_a_guest_who_leaves_frees_its_seat():
    lobby = room("hoo")
    lobby.enter(1, "Anna")
    lobby.leave(1)
    assert lobby.free_seats() == [1, 2] and not lobby.names


def test_at_the_start_empty_seats_become_computers_and_nothing_moves_any_more():
    lobby = room("hooco")
    lobby.enter(1, "Anna")
    lobby.enter(2, "Bruno")
    lobby.sit(2, 4)
    setup = lobby.final()
    assert [(s.kind, s.name) for s in setup.seats] == [
        (HUMAN, "Marco"), (REMOTE, "Anna"), (COMPUTER, ""), (COMPUTER, ""), (REMOTE, "Bruno")]
    assert setup.seats[2].level == "hard", "an empty open seat: the level the setup gave it"
    assert setup.seats[3].level == "easy", "a seat given a computer keeps its level"
    for change in (lambda: lobby.enter(3, "Carla"), lambda: lobby.sit(1, 2),
                   lambda: lobby.move(1, 2), lambda: lobby.free(1),
                   lambda: lobby.give(2, True)):
        assert refusal(change) == STARTED


def test_a_guest_whose_connection_drops_keeps_its_seat_away_until_it_leaves_for_good():
    lobby = room("hooo", spectators=True)
    lobby.enter(1, "Anna")
    lobby.enter(2, "Vera", watch=True)
    assert lobby.drop(1) and lobby.seats()[1] == LobbySeat(PERSON, "Anna", away=True)
    assert not lobby.drop(2) and 2 not in lobby.watching, "one watching just leaves"
    assert lobby.enter(3, "Bruno") == 2, "the away guest's seat is not free"
    lobby.move(1, 3)                            # the host may still move it ...
    lobby.back(1)
    assert lobby.seats()[3] == LobbySeat(PERSON, "Anna") and lobby.seat_of(1) == 3
    lobby.drop(1)
    assert lobby.free(3) == 1, "... or free it: away, it cannot stand up to watch"
    assert lobby.free_seats() == [1, 3] and not lobby.away


def test_a_guest_away_too_long_frees_its_seat_and_one_away_at_the_start_keeps_it():
    lobby = room("hoo")
    lobby.enter(1, "Anna")
    lobby.enter(2, "Bruno")
    lobby.drop(1)
    lobby.leave(1)
    assert lobby.free_seats() == [1] and not lobby.away
    lobby.drop(2)
    assert [s.kind for s in lobby.final().seats] == [HUMAN, COMPUTER, REMOTE]


def test_a_waiting_room_taken_over_holds_each_seat_for_its_guest_until_it_is_back():
    lobby = room("hooc")
    lobby.restore(2, 7, "Anna")
    assert lobby.seats()[2] == LobbySeat(PERSON, "Anna", away=True)
    assert lobby.enter(8, "Bruno") == 1, "the held seat is nobody else's"
    lobby.back(7)
    assert lobby.seats()[2] == LobbySeat(PERSON, "Anna")
    for seat in (0, 1, 2, 3, 9):                 # the host's, taken, held, a computer's, none
        with pytest.raises(Refusal) as refused:
            lobby.restore(seat, 9, "Carla")
        assert refused.value.reason == NO_SUCH_SEAT
