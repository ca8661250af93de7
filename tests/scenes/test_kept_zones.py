"""A zone of cards at rest kept as its picture (scenes/table/kept_zones.py): a pass that
paints over the zone unchanged blits the picture, the same pixels as the cards drawn one
by one; a card of it changed (lifted, as a pick lifts it), or another window size, draws
the cards again, never the stale picture."""

from __future__ import annotations

import pygame
import pytest

from scenes.dirty import NOWHERE
from tests.scenes.tablekit import make_app, open_table


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.fixture
def table(display):
    """Dou Dizhu's table at rest, the deal landed, the computers far off."""
    app = make_app(display, "instant")
    table = open_table(app, "doudizhu", seed=3, think_delay=(50.0, 60.0))
    for _ in range(5):
        app.frame(1 / 60, [])
    return table


def _whole(table) -> pygame.Surface:
    """The table painted whole (which keeps the pictures of its zones at rest)."""
    whole = pygame.display.get_surface().copy()
    table.painter._paint(whole)
    return whole


def _hand_clip(table) -> pygame.Rect:
    """The hand and a margin round it, in the window."""
    painter = table.painter
    rects = [painter.stage.images.rect_of(s) for s in painter.board.human_hand]
    return rects[0].unionall(rects[1:]).inflate(40, 40).clip(
        pygame.display.get_surface().get_rect())


def _in_part(table, before: pygame.Surface, monkeypatch) -> tuple[pygame.Surface, int]:
    """A frame painted in part over ``before`` whose clip is the hand's (the pass that only
    logs, then the clipped one): what it shows, and how many hand cards it drew."""
    painter = table.painter
    logs = before.copy()
    logs.set_clip(NOWHERE)
    painter._paint(logs)
    hand = {s.id for s in painter.board.human_hand}
    clip = _hand_clip(table)
    part = before.copy()
    part.fill((255, 0, 255), clip)
    part.set_clip(clip)
    drawn: list[int] = []
    images = painter.stage.images
    real = images.draw

    def counting(surface, sprite):
        drawn.append(sprite.id)
        return real(surface, sprite)
    monkeypatch.setattr(images, "draw", counting)
    painter._paint(part)
    monkeypatch.setattr(images, "draw", real)
    part.set_clip(None)
    return part, len([i for i in drawn if i in hand])


@pytest.mark.slow
def test_a_hand_at_rest_painted_over_is_its_kept_picture_the_same_pixels(table, monkeypatch):
    part, drawn = _in_part(table, _whole(table), monkeypatch)
    assert drawn == 0, "the hand blitted whole, not card by card"
    assert same(part, _whole(table))


@pytest.mark.slow
def test_a_card_lifted_in_the_hand_draws_the_hand_again_not_its_old_picture(table,
                                                                           monkeypatch):
    before = _whole(table)                    # the hand's picture kept
    table.painter.board.human_hand[3].lift = 30.0
    part, drawn = _in_part(table, before, monkeypatch)
    assert drawn > 0, "drawn again: a card of it changed"
    assert same(part, _whole(table))


@pytest.mark.slow
def test_at_another_window_size_the_hand_is_drawn_again_not_its_old_picture(table,
                                                                           monkeypatch):
    _whole(table)
    table.app._on_resize((1100, 700))               # laid out anew, not drawn yet
    before = pygame.display.get_surface().copy()
    part, drawn = _in_part(table, before, monkeypatch)
    assert drawn > 0
    clip = _hand_clip(table)
    assert same(part.subsurface(clip), _whole(table).subsurface(clip))
