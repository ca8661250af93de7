"""Screenshots as a player sees them, rendered headless and checked for content:
the title menu, and a Bocce table in the middle of a frame."""

from __future__ import annotations

import pygame
import pytest

from scenes.kit.theme import FELT
from tests.scenes.tablekit import click, frames, key, make_app, open_table, settle


def off_felt_share(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """Share of sampled pixels in ``rect`` that are clearly not felt green."""
    rect = rect.clip(surface.get_rect())
    hits = total = 0
    for x in range(rect.left, rect.right, 4):
        for y in range(rect.top, rect.bottom, 4):
            r, g, b, *_ = surface.get_at((x, y))
            total += 1
            if abs(r - FELT[0]) + abs(g - FELT[1]) + abs(b - FELT[2]) > 90:
                hits += 1
    return hits / max(total, 1)


def distinct_colours(surface: pygame.Surface) -> int:
    small = pygame.transform.scale(surface, (160, 90))
    return len({tuple(small.get_at((x, y)))[:3] for x in range(160) for y in range(90)})


@pytest.fixture
def app(display):
    return make_app(display, speed="instant")


@pytest.mark.slow
def test_the_menu_screenshot_shows_a_title_and_the_games(app, tmp_path):
    frames(app, 3)
    path = tmp_path / "menu.png"
    pygame.image.save(app.screen, str(path))
    shot = pygame.image.load(str(path))
    assert distinct_colours(shot) > 50
    w, h = shot.get_size()
    # The title in the upper middle and the game list below it are not bare felt.
    assert off_felt_share(shot, pygame.Rect(w // 3, 0, w // 3, h // 5)) > 0.1
    assert off_felt_share(shot, pygame.Rect(w // 3, h // 3, w // 3, h // 3)) > 0.3


@pytest.mark.slow
def test_a_bocce_table_mid_frame_has_cards_where_they_belong(app, tmp_path):
    open_table(app, "bocce", seed=3, think_delay=(0.0, 0.0))
    table = app.stack.top
    settle(app, table)
    # Commit the first hand card (an Ace asks 1 or 10: take 1), then wait for the roll.
    click(app, table.card_rect(table.human_hand[0].code).center)
    if table.popup is not None:
        key(app, pygame.K_1, "1")
    settle(app, table)
    assert table.view["phase"] == "roll" and table.view["pallino"] is not None
    path = tmp_path / "bocce_mid_frame.png"
    pygame.image.save(app.screen, str(path))
    shot = pygame.image.load(str(path))
    # Every card the table shows is drawn where the table says it is.
    shown = {sprite.code: table.images.rect_of(sprite)
             for cards in table.zones.values() for sprite in cards if sprite.code}
    for zone, codes in table.view["zones"].items():
        for code in codes:
            if code is None or zone == "deck":
                continue
            assert code in shown, f"{code} in {zone} is not on screen"
            rect = shown[code]
            assert shot.get_rect().contains(rect), f"{code} is off screen"
            assert off_felt_share(shot, rect) > 0.5, f"{code} in {zone} is not drawn"
    # The revealed pallino cards lie in the middle of the table.
    for seat in (0, 1):
        lag_code = table.view["zones"][f"lag/{seat}"][0]
        centre = shown[lag_code].center
        assert abs(centre[1] - shot.get_height() / 2) < shot.get_height() / 4
