"""Find a table (scenes/screens/online/find_table.py): who a listed table must be dealt by."""

from __future__ import annotations

import pytest

from game.net.relays import Relay
from scenes.screens.online import find_table
from scenes.screens.online.find_table import FindScene
from tests.scenes.shell_helpers import app  # noqa: F401
from tests.scenes.test_online_rooms import Listed, listing

PRINT = "a" * 52


@pytest.mark.parametrize("fingerprint, held", [(PRINT, True), (None, False)])
def test_a_listed_table_is_held_to_the_service_whose_key_is_known(
        app, monkeypatch, fingerprint, held):  # noqa: F811
    """Every public table is the relay service's (the program opens one through it): where
    the service's key is known, a listed table whose host does not prove it is refused, so
    a relay or a man in the middle with the listed code cannot pass a table off as a
    player's without a word; with no key known yet, nothing can be asked of it."""
    asked: list[bool] = []
    monkeypatch.setattr(find_table.guest, "join",
                        lambda *args, service=False, **kwargs: asked.append(service))
    scene = FindScene(app, Relay((("127.0.0.1", 9),), fingerprint), "Anna")
    scene.finder.close()
    scene.finder = Listed([listing(0)])
    scene.join(listing(0))
    assert asked == [held]
