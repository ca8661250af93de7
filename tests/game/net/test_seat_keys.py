"""The keys a guest proves its seat by (game/net/seat_keys.py): the seat it comes back to
is the one it held, a cut connection's key takes whichever seat it proved, and each seat
at the table is told to be kept."""

from __future__ import annotations

from game.net.protocol import LobbyView
from game.net.seat_keys import SeatKey, SeatKeys

KEY, CONNECTION = b"k" * 32, b"c" * 32


def test_a_guest_back_at_the_table_takes_only_the_seat_it_held():
    kept: list[SeatKey] = []
    keys = SeatKeys(SeatKey(2, KEY), None, kept.append)
    assert not keys.back_to(1, from_room=False)
    assert keys.back_to(2, from_room=False) and kept == []
    keys.seated(2, CONNECTION)
    assert kept == [SeatKey(2, KEY)]


def test_a_cut_connections_key_takes_the_seat_it_proved_whichever_it_is():
    keys = SeatKeys(None, None, None)
    keys.tentative = SeatKey(0, KEY)
    assert keys.back_to(3, from_room=False, tentative=keys.tentative)
    assert keys.held == SeatKey(3, KEY) and keys.tentative is None


def test_a_newcomer_is_seated_by_its_connections_key_and_told_again_of_a_new_code():
    kept: list[SeatKey] = []
    keys = SeatKeys(None, None, kept.append)
    assert keys.back_to(1, from_room=False)
    keys.seated(1, CONNECTION)
    keys.rooms_opened(new=False)
    keys.rooms_opened(new=True)
    assert kept == [SeatKey(1, CONNECTION)] * 2


def test_in_the_waiting_room_the_claim_follows_the_seat_the_host_names():
    keys = SeatKeys(None, None, None)
    keys.came_in(None, CONNECTION)
    keys.in_room(LobbyView("bocce", (), you=2))
    assert keys.held == SeatKey(2, CONNECTION)
    keys.in_room(LobbyView("bocce", (), you=None))
    assert keys.held is None
