"""Where a host listens: the addresses the screen names, and the one --listen binds."""

from __future__ import annotations

import pytest

from game.net import interfaces
from game.net.interfaces import EVERYWHERE, listen_address, listening_on
from tests.game.net.helpers import hosting


@pytest.mark.parametrize("text, address", [("127.0.0.1", "127.0.0.1"), (" 192.168.1.20 ",
                                           "192.168.1.20"), (EVERYWHERE[1], EVERYWHERE[1])])
def test_an_ipv4_address_is_a_listen_address(text, address):
    assert listen_address(text) == address


@pytest.mark.parametrize("text", ["", "my-laptop", "256.1.1.1", "::1", "127.0.0.1:80"])
def test_anything_else_is_not_and_says_what_would_be(text):
    with pytest.raises(ValueError, match="IPv4 address of this computer"):
        listen_address(text)


def test_one_address_is_listed_as_itself():
    assert listening_on("127.0.0.1", lambda: "192.0.2.9") == ("127.0.0.1",)


def test_every_interface_is_listed_with_loopback_last():
    listed = listening_on(EVERYWHERE[1], lambda: "192.0.2.9")
    assert listed and listed[-1].endswith("127.0.0.1")


def test_where_interfaces_cannot_be_read_the_lan_address_and_loopback_are_listed(monkeypatch):
    def unreadable() -> list:
        raise OSError("no ioctl here")

    monkeypatch.setattr(interfaces, "_linux_addresses", unreadable)
    assert listening_on(EVERYWHERE[1], lambda: "192.0.2.9") == ("192.0.2.9", "127.0.0.1")


def test_the_host_says_where_its_door_is():
    with hosting() as (host, _):
        assert host.status().listening == ("127.0.0.1",)
