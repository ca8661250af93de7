"""Every client answers everything the Client protocol asks (game/session/client.py), so
the table never asks what kind of client it holds (no hasattr on a client)."""

from __future__ import annotations

import inspect

import pytest

from game.kept import KeepingClient
from game.net.client import RemoteClient
from game.net.host import HostClient
from game.session import Client, GameSetup, LocalClient, Seating, local_game

MEMBERS = sorted(name for name in dir(Client) if not name.startswith("_")) + \
    sorted(getattr(Client, "__annotations__", {}))


def test_the_protocol_holds_what_the_table_needs():
    assert {"poll", "submit", "allow", "close", "advise", "advises", "seating", "link",
            "told", "seat", "setup"} <= set(MEMBERS)


@pytest.mark.parametrize("cls", [LocalClient, KeepingClient, HostClient, RemoteClient],
                         ids=lambda c: c.__name__)
def test_every_client_implements_the_whole_protocol(cls):
    for name in MEMBERS:
        if name in ("seat", "setup"):
            continue                  # set per instance
        assert hasattr(cls, name), f"{cls.__name__} lacks {name}"
        ours, theirs = getattr(Client, name, None), getattr(cls, name)
        if inspect.isfunction(ours):
            assert list(inspect.signature(ours).parameters) == \
                list(inspect.signature(theirs).parameters), name


def test_a_game_here_has_no_seating_and_no_link_and_may_advise():
    client = local_game(GameSetup.solo("bocce"), 0)
    try:
        assert client.seating() is None and client.link() is None
        assert client.advises and client.told() == []
    finally:
        client.close()


def test_a_guest_names_its_table_and_its_link_before_it_connects():
    guest = RemoteClient.__new__(RemoteClient)
    guest.names, guest.away, guest.state, guest.reason = ("Anna", ""), (1,), "lost", "kicked"
    assert guest.seating() == Seating(("Anna", ""), frozenset({1}))
    assert guest.link().state == "lost" and guest.link().reason == "kicked"
    assert not guest.advises and guest.advise() is None and guest.told() == []
