"""The table's corner buttons (Log, Say, Undo: scenes/table/story.py) lie in one place at
every table: the top right corner, clear of everything else the table draws."""

from __future__ import annotations

from typing import Any, Optional

import pygame
import pytest

from game import GAMES
from tests.scenes.tablekit import frames, make_app, open_table, think

SIZES = [(800, 500), (960, 540), (1280, 720), (1920, 1080)]
#: what the buttons must never cover (the paint log's kinds)
OTHERS = ("label", "plate", "board", "look_back", "strip", "light", "prompt", "note", "bar",
          "panel", "popup", "callout", "halo")


class _Online:
    """A game on this computer dressed as a guest's seat at an online table: it says
    table phrases (the Say button) and has a link (the light)."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    @property
    def says(self) -> bool:
        return True

    def link(self) -> Any:
        from game.session.client import LinkState

        return LinkState("connected")


def _corner(table: Any) -> list[pygame.Rect]:
    return [pygame.Rect(r) for k, r in table.painter.paint_log.items() if k[0] == "corner"]


def _clashes(table: Any, rects: list[pygame.Rect]) -> list[str]:
    """What the corner buttons cover: the table's other drawn things and cards at rest."""
    log = table.painter.paint_log
    out = [f"{k[0]} {k[1:3]}" for k, r in log.items()
           if k[0] in OTHERS and pygame.Rect(r).collidelist(rects) >= 0]
    for cards in table.board.zones.values():
        for sprite in cards:
            if not sprite.flying and table.images.rect_of(sprite).collidelist(rects) >= 0:
                out.append(f"card in {sprite.zone}")
    return out


def _play(app: Any, table: Any, size: tuple[int, int], frames_n: int) -> Optional[str]:
    """Play ``frames_n`` frames (the person's first legal move whenever asked); the first
    frame whose corner buttons are elsewhere or cover something, in words."""
    for i in range(frames_n):
        if app.stack.top is not table:
            return None
        if not table.busy and table.my_turn():
            legal = table.legal()
            if legal:
                table.act(legal[0])
        think(table)
        frames(app, 1)
        rects = _corner(table)
        if not rects:
            return f"frame {i}: no corner buttons"
        row = rects[0].unionall(rects)
        if row.right != size[0] - table.layout.margin or row.top != table.layout.margin:
            return f"frame {i}: corner row at {tuple(row)}"
        clashes = _clashes(table, rects)
        if clashes:
            return f"frame {i}: covers {clashes}"
    return None


CORNER_CASES = [(size, False) for size in SIZES] + [(SIZES[0], True), (SIZES[-1], True)]


@pytest.mark.slow
@pytest.mark.parametrize("size,online", CORNER_CASES,
                         ids=[f"{w}x{h}-{'online' if o else 'local'}" for (w, h), o in CORNER_CASES])
def test_the_log_and_say_buttons_keep_the_top_right_corner_in_every_game(display, size,
                                                                          online):
    """Dou Dizhu's table put Log in the bottom right corner (its stake took the top right),
    every other game's in the top right: one place at every table, local or online (Say
    beside it, a guest's light), in every game and window size, clear of the rest.  The
    online row (one button and the light wider) at the smallest and the largest window:
    where it is tightest, and where the layout's scale is furthest from the others."""
    problems = []
    for game in GAMES:
        pygame.display.set_mode(size)
        app = make_app(display, size=size)
        table = open_table(app, game, seed=3, push=False)
        if online:
            table.client = table.phrases.client = _Online(table.client)
            table.link = "connected"
        app.stack.push(table)
        problem = _play(app, table, size, 300)
        if problem:
            problems.append(f"{game}: {problem}")
        if online:
            assert [b.key for b in table.corner.shown()][:2] == ["G", "T"]
            light = [r for k, r in table.painter.paint_log.items() if k[0] == "light"]
            assert light, f"{game}: the light is drawn"
        app.back_to_menu()
    pygame.display.set_mode((1280, 720))
    assert not problems, problems


@pytest.mark.slow
def test_six_players_leave_the_corner_to_its_buttons(display):
    """Bisca with six seats puts a hand in the top right part of the table: it stays clear
    of the buttons at the smallest and the largest window."""
    from game.ai import computer_player

    for size in ((800, 500), (1920, 1080)):
        pygame.display.set_mode(size)
        app = make_app(display, size=size)
        table = open_table(app, "bisca", seed=4, push=False,
                           players=[None] + [computer_player("bisca")] * 5)
        app.stack.push(table)
        assert _play(app, table, size, 200) is None
        app.back_to_menu()
    pygame.display.set_mode((1280, 720))
