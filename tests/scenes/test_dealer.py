"""Who deals, in words (scenes/net/dealer.py): the relay service by its name, a player's
program by the host's name, this program at the host's own table; nothing for a game
on this computer alone or before the host has said."""

from __future__ import annotations

import pytest

from game.i18n import translate
from game.net.client import HOST, SERVICE, RemoteClient
from game.net.host import HostClient
from game.net.relays import relay_setting
from game.session import GameSetup, LocalClient, Session
from scenes.i18n import set_language
from scenes.net.dealer import dealer_line


def guest(dealer: str | None, name: str = "") -> RemoteClient:
    """A guest's client as the host's first line left it (a mistyped code: no network)."""
    client = RemoteClient("not a code", relay=relay_setting("relay.example.org:47800"))
    client.deals.dealer, client.deals.dealer_name = dealer, name
    return client


@pytest.fixture(params=["en", "it"])
def lang(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def test_a_service_table_names_the_service_by_its_relay(lang):
    assert dealer_line(guest(SERVICE)) == translate(lang, "net.dealt_by_service",
                                                    name="relay.example.org")


def test_a_players_table_names_the_player_whose_program_deals(lang):
    assert dealer_line(guest(HOST, "Marco")) == translate(lang, "net.dealt_by_program",
                                                          name="Marco")
    assert dealer_line(guest(HOST)) == translate(lang, "net.dealt_by_host")


def test_the_hosts_own_table_is_dealt_by_its_program_and_a_game_here_by_nobody(lang):
    assert dealer_line(HostClient.__new__(HostClient)) == translate(lang, "net.dealt_by_you")
    session = Session(GameSetup.solo("briscola"))
    try:
        assert dealer_line(LocalClient(session, 0)) == ""
    finally:
        session.close()
    assert dealer_line(guest(None)) == "", "not said yet"


def test_english_says_it_as_a_player_reads_it():
    set_language("en")
    assert dealer_line(guest(SERVICE)) == "Dealt by the relay service (relay.example.org)"
    assert dealer_line(guest(HOST, "Marco")) == "Dealt by Marco's program"


def test_a_long_relay_name_is_cut_to_one_lines_worth_and_to_the_room_it_has():
    set_language("en")
    client = guest(SERVICE)
    client.relay = relay_setting("gw1." + "very-long-label." * 14 + "example.org")
    line = dealer_line(client)
    assert line == "Dealt by the relay service (gw1.very-long-label.very-long-la…)", "32"
    narrow = dealer_line(client, lambda words: len(words) <= 50)
    assert narrow == "Dealt by the relay service (gw1.very-long-label.…)"
    assert dealer_line(client, lambda words: False) == \
        "Dealt by the relay service (gw1.very…)", "never shorter than 8"
