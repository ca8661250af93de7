"""A guest's kept seat key (scenes/guest.py): forgotten when the host or the relay turns
it away, kept when the network failed or the player gave up."""

from __future__ import annotations

import pytest

import scenes.guest as guest
from game.net.client import SeatKey
from game.net.kept_seats import KeptSeats
from game.net.protocol import NO_SUCH_ROOM, ROOM_FULL, SEAT_FREED, UNREACHABLE

CODE = "ABCD-EFG-HJK-MNP"


@pytest.fixture
def kept(tmp_path, monkeypatch):
    seats = KeptSeats(tmp_path / guest.FILE_NAME)
    monkeypatch.setattr(guest, "kept_seats", lambda: seats)
    seats.keep(CODE, SeatKey(2, b"k" * 32))
    return seats


@pytest.mark.parametrize("reason", [SEAT_FREED, ROOM_FULL, NO_SUCH_ROOM])
def test_a_kept_key_turned_away_is_forgotten(kept, reason):
    guest.ended(CODE, True, reason)
    assert kept.get(CODE) is None


@pytest.mark.parametrize("reason", [UNREACHABLE, None])
def test_a_kept_key_is_kept_when_the_network_failed_or_the_player_gave_up(kept, reason):
    guest.ended(CODE, True, reason)
    assert kept.get(CODE) == SeatKey(2, b"k" * 32)


def test_a_join_that_offered_no_key_forgets_none(kept):
    guest.ended(CODE, False, SEAT_FREED)
    assert kept.get(CODE) is not None
