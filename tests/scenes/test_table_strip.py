"""The rank strip stays put (scenes/table/strip_place.py): over a whole stretch of a game
its place never changes once drawn, it never leaves and comes back, and it lies on no
words, no button and no card at rest, inside the window."""

from __future__ import annotations

from typing import Any, Optional

import pygame
import pytest

from game import GAMES
from tests.scenes.tablekit import make_app, open_table, state_of, trial, watch

SIZES = [(800, 500), (960, 540), (1280, 720), (1920, 1080)]


def _strip(table: Any) -> Optional[tuple]:
    """Where the last frame drew the strip (None: not drawn)."""
    return next((r for k, r in table.painter.paint_log.items() if k[0] == "strip"), None)


def _places(app: Any, table: Any, act: Any, enough: Any) -> tuple[list, set[str]]:
    """Play the stretch at the app's pace; every place the strip took, in order (None for
    a frame without it, once a frame was drawn), and the layout problems seen."""
    places: list = []

    def until() -> bool:
        if table.painter.paint_log:
            now = _strip(table)
            if not places or places[-1] != now:
                places.append(now)
        return enough(state_of(table))

    problems = watch(app, table, act, until, limit=20000)
    return places, problems


def _check(size: tuple[int, int], game: str, setup: dict, act: Any, enough: Any,
           display: Any) -> None:
    app = make_app(display, "fast", size)
    table = open_table(app, game, push=False, think_delay=(0.05, 0.1), **setup)
    app.stack.push(table)
    places, problems = _places(app, table, act, enough)
    assert len(places) == 1, f"the strip moved or came and went: {places}"
    # the strip is drawn as a board (tablekit.drawn): its problems, and the score board's
    assert {p for p in problems if "board:board" in p} == set()
    if places[0] is not None:
        rect = pygame.Rect(places[0])
        assert pygame.Rect(0, 0, *size).contains(rect)
    table.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_bolola_s_strip_stays_put_while_your_tricks_pile_up_and_you_deal(display, size):
    """Seed 3 with the dealer's choice: you deal, the Dealer chip stands over your plate,
    and your first trick lands in the bottom right corner (where the strip used to jump
    from, and at 800x500 vanish for the deal)."""
    setup = dict(seed=3, options={"dealers_choice": True})
    _check(size, "bolola", setup, lambda t: t.act(t.legal()[0]),
           lambda s: s.deal_no == 3, display)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_dou_dizhu_s_strip_stays_put_from_the_bidding_to_the_last_play(display, size):
    """A "Pass" bubble over your plate, the kitty, the landlord's twenty cards."""
    _check(size, "doudizhu", *trial("doudizhu"), display)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_s_strip_stays_put_at_every_size(display, game, size):
    setup, act, enough = trial(game)
    _check(size, game, setup, act, enough, display)


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("size", SIZES)
def test_bisca_s_strip_stays_put_at_every_table(display, seats, size):
    setup, act, enough = trial("bisca", seats)
    _check(size, "bisca", setup, act, enough, display)
