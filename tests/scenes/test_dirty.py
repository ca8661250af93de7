"""Drawing only what changed (scenes/dirty.py): a frame in which nothing moved paints
nothing, a card that changed is painted again, and a frame painted in part is, pixel for
pixel, the frame a whole painting of the same table gives."""

from __future__ import annotations

import pygame
import pytest

from scenes.dirty import MAX_PASSES, DirtyFrame, changed, merged, passes
from tests.scenes.tablekit import make_app, open_table, same, watched_play

WINDOW = pygame.Rect(0, 0, 1000, 800)


def test_an_unchanged_log_changes_nothing():
    log = {("card", 1, (5, 5)): (10, 10, 50, 70), ("label", "Anna"): (300, 20, 80, 20)}
    assert changed(log, dict(log), WINDOW) == []


def test_a_thing_moved_changes_where_it_was_and_where_it_is():
    before = {("card", 1, (5, 5)): (10, 10, 50, 70)}
    now = {("card", 1, (400, 5)): (400, 10, 50, 70)}
    assert sorted(map(tuple, changed(before, now, WINDOW))) == [(10, 10, 50, 70),
                                                                 (400, 10, 50, 70)]


def test_most_of_the_window_changed_is_the_whole_window():
    assert changed({}, {("felt",): (0, 0, 1000, 700)}, WINDOW) is None


def test_joined_rectangles_never_overlap():
    rects = [pygame.Rect(i * 30, (i * 17) % 90, 50, 40) for i in range(12)]
    out = merged(rects)
    assert all(not a.colliderect(b) for i, a in enumerate(out) for b in out[i + 1:])
    assert all(any(o.contains(r) for o in out) for r in rects)


def test_the_passes_are_few_and_cover_every_rectangle():
    rects = [pygame.Rect(i * 100, i * 60, 40, 40) for i in range(9)]
    out = passes(rects)
    assert len(out) == MAX_PASSES
    assert all(any(o.contains(r) for o in out) for r in rects)


def test_a_paint_that_logs_nothing_new_is_not_painted_again(display):
    surface = pygame.Surface((200, 100))
    calls: list[pygame.Rect] = []

    def paint(s: pygame.Surface) -> dict:
        calls.append(s.get_clip())
        s.fill((0, 90, 0))
        return {("card",): (10, 10, 20, 30)}

    frame = DirtyFrame()
    frame.draw(surface, paint, whole=False)
    assert frame.painted is None, "no frame before: painted whole"
    calls.clear()
    frame.draw(surface, paint, whole=False)
    assert frame.painted == [] and frame.damage == []
    assert [c.size for c in calls] == [(0, 0)], "only the pass that logs, clipped to nothing"


def _resting_table(app, key: str = "bocce"):
    """A table whose deal has landed, waiting for the player (the computers far off)."""
    table = open_table(app, key, seed=3, think_delay=(50.0, 60.0))
    for _ in range(5):
        app.frame(1 / 60, [])
    return table


def _move(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


@pytest.mark.slow
def test_a_frame_in_which_nothing_moved_repaints_nothing(display):
    app = make_app(display, "instant")
    table = _resting_table(app)
    before = app.screen.copy()
    assert app.frame(1 / 60, [_move((3, 3))]), "input: the frame is drawn"
    assert table.painter.dirty.painted == [], "no rectangle painted"
    assert table.damage() == [], "and none presented"
    assert same(before, app.screen)


@pytest.mark.slow
def test_a_card_that_changed_is_repainted(display):
    app = make_app(display, "instant")
    table = _resting_table(app)
    card = table.card_rect(table.human_hand[0].code)
    app.frame(1 / 60, [_move(card.center)])      # under the mouse, the card rises
    painted = table.painter.dirty.painted
    assert painted, "some rectangles painted"
    assert any(r.colliderect(card) for r in painted), "the card's among them"
    window = app.screen.get_width() * app.screen.get_height()
    assert sum(r.w * r.h for r in painted) < window / 4, "not the whole window"


@pytest.mark.slow
def test_a_clipped_pass_draws_only_the_cards_under_its_clip(display, monkeypatch):
    """A card rising in Dou Dizhu's hand: the passes painted in part draw its neighbours,
    not every card on the table again (the pass that only logs has each card's box)."""
    app = make_app(display, "instant")
    table = _resting_table(app, "doudizhu")
    images = table.painter.stage.images
    drawn: list[bool] = []          # each card drawn: in a clipped pass (True) or the log's
    real = images.draw

    def counting(surface, sprite):
        clip = surface.get_clip()
        drawn.append(bool(clip.w and clip.h))
        return real(surface, sprite)

    monkeypatch.setattr(images, "draw", counting)
    card = table.card_rect(table.human_hand[0].code)
    app.frame(1 / 60, [_move(card.center)])
    assert table.painter.dirty.painted, "a frame drawn in part"
    logged, clipped = drawn.count(False), drawn.count(True)
    assert logged == len(table.painter.board.sprites())
    assert 0 < clipped < logged / 2


@pytest.mark.slow
def test_the_words_places_are_worked_out_once_a_frame_however_many_passes(display,
                                                                          monkeypatch):
    """A frame painted in part lays out the score board, the words on the felt and the
    plates in its first pass only: the passes after it draw them where it put them."""
    app = make_app(display, "instant")
    table = _resting_table(app, "doudizhu")
    painter = table.painter
    laid: list[int] = []
    real = painter._board_lines

    def counting(labels):
        laid.append(1)
        return real(labels)

    monkeypatch.setattr(painter, "_board_lines", counting)
    card = table.card_rect(table.human_hand[0].code)
    app.frame(1 / 60, [_move(card.center)])
    assert painter.dirty.painted, "a frame drawn in part: a pass that logs, then clipped ones"
    assert len(laid) == 1


@pytest.mark.slow
@pytest.mark.parametrize("key, size, seed, seat", [
    ("bocce", (1280, 720), 3, None), ("doudizhu", (1280, 720), 3, None),
    # the smallest window: a small card flying turned and lifted cast its shadow past
    # the margin kept around it, and its edge stayed on the felt
    ("doudizhu", (800, 500), 5, 0)])
def test_a_frame_painted_in_part_is_the_whole_painting(display, key, size, seed, seat):
    """Through a stretch of play (a deal flying, cards played and taken, the mouse over
    the table), the window as the frames painted it in part is the table painted whole."""
    app = make_app(display, "normal", size)
    table = open_table(app, key, seed=seed, seat=seat, think_delay=(0.2, 0.4))
    app.frame(1 / 60, [])
    in_part = 0
    for i in watched_play(app, table, 400):
        if table.painter.dirty.painted:
            in_part += 1
        if i % 4 == 0 and app.stack.top is table:
            whole = app.screen.copy()
            whole.fill((255, 0, 255))
            table.painter.dirty.forget()
            table.draw(whole)
            assert same(whole, app.screen), f"frame {i}"
    assert in_part > 50, "most frames were painted in part"
