"""A table whose client has no update yet (a guest before the host's first one): the
game's parts read the declared view (game/views/), which the table does not have, so
until the first update comes the table paints the felt and an empty prompt, offers no
buttons and asks the adapter nothing; then the game shows as usual."""

from __future__ import annotations

from typing import Any

import pytest

from game import GAMES
from game.session import COMPUTER, HUMAN, GameSetup, LocalClient, SeatSpec, Session
from tests.scenes.tablekit import frames, make_app


class Withheld:
    """A client whose updates have not come yet; ``held = False`` lets them through."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.held = inner, True

    def poll(self) -> list:
        return [] if self.held else self.inner.poll()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_table_before_its_first_update_waits_quietly_then_shows_the_game(display, key):
    from scenes.table import TableScene

    app = make_app(display, "instant")
    n = GAMES[key].seats[0]
    setup = GameSetup(key, tuple(SeatSpec(HUMAN if s == 0 else COMPUTER) for s in range(n)),
                      {}, 3)
    client = Withheld(LocalClient(Session(setup, paced=True), 0))
    table = TableScene(app, client, think_delay=(0.0, 0.0))
    app.stack.push(table)
    frames(app, 5)
    assert table.update_msg is None and table.hud.prompt == "" and not table.bar.buttons
    client.held = False
    frames(app, 5)
    assert table.update_msg is not None and table.view["seat"] == 0
