"""A guest's kept seat key (scenes/net/guest.py): forgotten when the host or the relay turns
it away, kept when the network failed or the player gave up."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import scenes.net.guest as guest
from game.net.client import SeatKey
from game.net.codes import room_digest
from game.net.kept_seats import KeptSeats
from game.net.protocol import NO_SUCH_ROOM, ROOM_FULL, SEAT_FREED, UNREACHABLE, Rooms
from game.net.relays import relay_setting
from game.net.secure import host_proof

CODE = "ABCD-EFG-HJK-MNP"
OTHER = "KWFY-ETQH-ZQHB"


@pytest.fixture
def kept(tmp_path, monkeypatch):
    seats = KeptSeats(tmp_path / guest.FILE_NAME)
    monkeypatch.setattr(guest, "kept_seats", lambda: seats)
    seats.keep(CODE, SeatKey(2, b"k" * 32))
    return seats


def ended(offered, reason) -> None:
    """A join by CODE that ended (scenes/net/guest.py reads the client's ``offered``,
    ``reason`` and the room's digests it heard, ``rooms``)."""
    guest.ended(SimpleNamespace(offered=offered, reason=reason, rooms=()), CODE)


@pytest.mark.parametrize("reason", [SEAT_FREED, ROOM_FULL, NO_SUCH_ROOM])
def test_a_kept_key_turned_away_is_forgotten(kept, reason):
    ended(SeatKey(2, b"k" * 32), reason)
    assert kept.get(CODE) is None


def test_a_key_turned_away_is_forgotten_under_every_code_of_its_room(kept):
    """Found by the room's other code (the host names them all before the hello), it is
    forgotten there too; another room's key stays."""
    kept.keep(CODE, SeatKey(2, b"k" * 32), (room_digest(OTHER),))
    kept.keep("FHHY-FNCH-D5SU", SeatKey(1, b"j" * 32))
    ended(kept.find((room_digest(OTHER),)), ROOM_FULL)
    assert kept.get(CODE) is None and kept.get(OTHER) is None
    assert kept.get("FHHY-FNCH-D5SU") == SeatKey(1, b"j" * 32)


@pytest.mark.parametrize("reason", [UNREACHABLE, None])
def test_a_kept_key_is_kept_when_the_network_failed_or_the_player_gave_up(kept, reason):
    ended(SeatKey(2, b"k" * 32), reason)
    assert kept.get(CODE) == SeatKey(2, b"k" * 32)


def test_a_join_that_offered_no_key_forgets_none(kept):
    ended(None, SEAT_FREED)
    assert kept.get(CODE) is not None


def test_a_join_finds_a_key_by_the_rooms_digests_and_a_spectator_offers_none(kept):
    """The screens' join gives the client the kept keys to search by the digests the
    host names before the hello, offered if the host proves it holds the key; one who
    came to watch offers none, nor does anyone to a host that proves no such key."""
    digests, binding = (room_digest(OTHER), room_digest(CODE)), b"b" * 32
    proved = Rooms(digests, (host_proof(b"k" * 32, binding).hex(),))
    unproved = Rooms(digests, (host_proof(b"j" * 32, binding).hex(),))
    for watch, named, offered in ((False, proved, SeatKey(2, b"k" * 32)),
                                  (True, proved, None), (False, unproved, None)):
        client = guest.join("not a code", "Anna", None, watch=watch)    # nothing is sent
        assert client.find_seat == kept.find
        assert client.seats.kept(named, binding, client.watch) == offered
        assert client.offered == offered


# -- trust on first use: the relay service's key kept in the relay setting -----------------
PRINT = "a" * 52


class _App:
    """What keep_service reads of the app: the settings (their relay), the run's relay."""

    def __init__(self, relay: str, given: object = None) -> None:
        self.settings = SimpleNamespace(relay=relay)
        self.relay = given
        self.saved = 0

    def save_settings(self) -> None:
        self.saved += 1


def met(text: str, fingerprint: str | None = PRINT) -> SimpleNamespace:
    return SimpleNamespace(met_service=fingerprint, relay=relay_setting(text))


def test_the_service_key_met_first_is_kept_with_the_relay_setting():
    app = _App("gw1.example.org,gw2.example.org")
    guest.keep_service(app, met("gw1.example.org,gw2.example.org"))
    assert app.settings.relay == f"gw1.example.org:47800,gw2.example.org:47800#{PRINT}"
    assert app.saved == 1


@pytest.mark.parametrize("app, client", [
    (_App("gw1.example.org"), met("gw1.example.org", None)),          # nothing met
    (_App(f"gw1.example.org#{'b' * 52}"), met("gw1.example.org")),    # named already
    (_App("gw2.example.org"), met("gw1.example.org")),                # another relay's
    (_App("gw1.example.org", given=relay_setting("gw1.example.org")),
     met("gw1.example.org")),                                         # the run's --relay
])
def test_a_setting_that_names_a_key_or_another_relay_is_left_as_it_is(app, client):
    before = app.settings.relay
    guest.keep_service(app, client)
    assert app.settings.relay == before and app.saved == 0
