"""Card images: a table at rest makes no surfaces, whatever the window's size."""

from __future__ import annotations

import time

import pygame
import pytest

from scenes.art.cardart import CardArt
from scenes.art.sprites import CardImages, CardSprite, _Lru, forget_kept, kept_elsewhere

#: a card's width and height at scale 1 on tables from 1920x1080 to 3840x2160
CARD_SIZES = [(120, 168), (180, 252), (260, 364)]
HAND = [rank + suit for suit in "SH" for rank in "A23456789T"]   # Dou Dizhu's 20


class PlainArt:
    """Faces of one colour: the cache, not the art, is under test."""

    def face(self, card, width: int) -> pygame.Surface:
        surf = pygame.Surface((width, int(width * 1.4)), pygame.SRCALPHA)
        surf.fill((250, 250, 245, 255))
        return surf

    def back(self, width: int, deck: str) -> pygame.Surface:
        return self.face(None, width)

    def like(self) -> "PlainArt":
        return PlainArt()


def fan(scale: float) -> list[CardSprite]:
    """Twenty cards fanned as a hand lies, each turned by its own angle, the legal glow on."""
    sprites = []
    for i, code in enumerate(HAND):
        sprite = CardSprite(code, True, 200 + 30 * i, 400, angle=-19 + 2 * i, scale=scale)
        sprite.legal = True
        sprites.append(sprite)
    return sprites


@pytest.mark.slow
@pytest.mark.parametrize("card_w, card_h", CARD_SIZES)
def test_a_fanned_hand_drawn_again_makes_no_surface(card_w, card_h):
    """The caches hold a whole fanned hand (its turned faces, shadows and glows) at any
    card size: drawing it again makes nothing.  At 3840x2160 a budget of bytes alone
    held a third of it, and every turned card was made again in every frame."""
    images = CardImages(PlainArt(), "french", card_w, card_h)
    images.set_master_scale(1.2)
    surface = pygame.Surface((2400, 1000))
    hand = fan(1.2)
    for sprite in hand:
        images.draw(surface, sprite)
    first = images.made
    for sprite in hand:
        images.draw(surface, sprite)
    assert first > 0
    assert images.made == first


def test_faces_painted_ahead_are_not_painted_in_a_frame():
    """A face the painter thread made ahead is only converted when a frame first draws it:
    the frame's thread paints none itself."""
    images = CardImages(PlainArt(), "french", 120, 168)
    images.warm(HAND)
    deadline = time.monotonic() + 20      # a bound on the wait, not a figure under test
    while len(images._painted) < len(HAND) and time.monotonic() < deadline:
        time.sleep(0.01)
    images.stop()
    for sprite in fan(1.0):
        images.draw(pygame.Surface((900, 600)), sprite)
    assert images.painted_here == 0


def test_a_new_table_at_the_same_size_paints_no_face_in_a_frame():
    """The faces of a table's art, deck and width stay for the next table: a new game in
    the same window draws its hand without painting a face on the frame's thread."""
    art = PlainArt()
    first = CardImages(art, "french", 120, 168)
    first.set_master_scale(1.2)
    for sprite in fan(1.2):
        first.draw(pygame.Surface((900, 600)), sprite)
    first.release()
    second = CardImages(art, "french", 120, 168)
    second.set_master_scale(1.2)
    for sprite in fan(1.2):
        second.draw(pygame.Surface((900, 600)), sprite)
    assert first.painted_here == len(HAND)
    assert second.painted_here == 0


def _first_and_second(first_art, second_art) -> tuple[CardImages, CardImages]:
    """A table's images of a hand drawn with the one art, then a next table's with the
    other, at the same width (nothing kept from before the first)."""
    forget_kept()
    tables = []
    for art in (first_art, second_art):
        images = CardImages(art, "french", 60, 84)
        images.set_master_scale(1.0)
        for sprite in fan(1.0)[:4]:
            images.draw(pygame.Surface((900, 600)), sprite)
        images.release()
        tables.append(images)
    return tables[0], tables[1]


def test_a_new_app_s_card_art_of_the_same_design_finds_the_faces_kept():
    """Every App makes its own card art: a table of a new one in the same design (the
    tests open hundreds, one a test) paints no face the table before it painted; another
    design (four inks) paints its own."""
    first, second = _first_and_second(CardArt(), CardArt())
    assert (first.painted_here, second.painted_here) == (4, 0)
    first, other = _first_and_second(CardArt(), CardArt(four_colour=True))
    assert (first.painted_here, other.painted_here) == (4, 4)


def _painted_by_painter(images: CardImages, codes: list) -> None:
    """Wait (a bound, not a figure under test) until the painter has painted ``codes``."""
    deadline = time.monotonic() + 20
    while any((c or "#back") not in images._painted and (c or "#back") not in images._masters
              for c in codes) and time.monotonic() < deadline:
        time.sleep(0.01)


def test_at_a_new_width_a_face_is_drawn_scaled_until_the_painters_comes():
    """The window changed size: the hand is drawn from the faces at the width before,
    scaled, while the painter paints them anew; then the painter's take their place."""
    art = PlainArt()
    images = CardImages(art, "french", 120, 168)
    images.set_master_scale(1.0)
    for sprite in fan(1.0):
        images.draw(pygame.Surface((900, 600)), sprite)
    painted = images.painted_here
    images.set_card_size(150, 210)
    images.set_master_scale(1.0)
    for sprite in fan(1.0):
        images.draw(pygame.Surface((900, 600)), sprite)
    assert images.painted_here == painted, "no face painted on the frame's thread"
    assert images.standing_in and images.generation == 0
    _painted_by_painter(images, HAND)
    images.adopt()
    assert not images.standing_in and images.generation == 1
    assert images.master(HAND[0]).get_width() == 150
    images.stop()


def test_after_a_resize_the_old_size_s_faces_go_once_the_new_size_s_are_painted():
    """The faces at the width before a resize stand in while the painter paints the new
    width's, and are not held once it has (21 MB a deck at 3840x2160)."""
    forget_kept()
    art = PlainArt()
    images = CardImages(art, "french", 120, 168)
    images.set_master_scale(1.0)
    for sprite in fan(1.0):
        images.draw(pygame.Surface((900, 600)), sprite)
    images.set_card_size(150, 210)
    images.set_master_scale(1.0)
    for sprite in fan(1.0):
        images.draw(pygame.Surface((900, 600)), sprite)
    assert kept_elsewhere(art, "french", 150, HAND[0]) is not None, "standing in meanwhile"
    _painted_by_painter(images, HAND)
    images.adopt()
    assert not images.standing_in
    assert kept_elsewhere(art, "french", 150, HAND[0]) is None, "the old size's faces let go"
    images.stop()


@pytest.mark.slow
def test_a_resize_to_a_new_size_paints_no_card_art_in_the_frame_that_follows(display,
                                                                              monkeypatch):
    import threading

    import scenes.art.sprites as sprites
    from tests.scenes.tablekit import make_app, open_table

    app = make_app(display, "instant")
    table = open_table(app, "doudizhu", seed=3, think_delay=(50.0, 60.0))
    app.frame(1 / 60, [])
    _painted_by_painter(table.images, [c.code for c in table.spec.cards])
    for _ in range(3):
        app.frame(1 / 60, [])
    here: list = []
    real = sprites._paint

    def paint(*args):
        if threading.current_thread() is threading.main_thread():
            here.append(args[2])
        return real(*args)
    monkeypatch.setattr(sprites, "_paint", paint)
    width = table.images.master_w
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)])
    app.frame(1 / 60, [])
    assert table.images.master_w != width, "a new width"
    assert here == [], "no card art painted on the frame's thread"
    _painted_by_painter(table.images, [None] + [c.code for c in table.spec.cards])
    app.frame(1 / 60, [])
    assert not table.images.standing_in, "the painter's faces took the stand-ins' place"
    assert here == []


def _smoothed_where(monkeypatch) -> list[bool]:
    """Every smooth turn from now on: True where the frame's (main) thread made it."""
    import threading

    import scenes.art.sprites as sprites

    where: list[bool] = []
    real = sprites.smooth_rotate

    def counted(surf, angle):
        where.append(threading.current_thread() is threading.main_thread())
        return real(surf, angle)
    monkeypatch.setattr(sprites, "smooth_rotate", counted)
    return where


def _turned(images: CardImages) -> None:
    """Wait (a bound, not a figure under test) until the turner has made what it was
    asked, and take it, as the table does between frames."""
    deadline = time.monotonic() + 20
    # not `waiting`: that stays true once taken until a frame is drawn (`adopt`), which
    # this never does, so the wait ran out its whole bound every time
    while (images.standing_in or images._turner.pending) and time.monotonic() < deadline:
        images.settle()
        time.sleep(0.01)


def test_a_card_in_flight_is_turned_unsmoothed_and_at_rest_smoothed(monkeypatch):
    """A card flying through a deal turns a step a frame: smoothing each step's edges cost
    1.5 ms a turn at 3840x2160, for edges no eye follows in motion.  At rest the card is
    drawn with smooth edges, made in the turner's thread."""
    smoothed = _smoothed_where(monkeypatch)
    images = CardImages(PlainArt(), "french", 120, 168)
    surface = pygame.Surface((900, 600))
    sprite = CardSprite("AS", True, 300, 300, angle=0.0, scale=1.0)
    sprite.flying = True
    for step in range(1, 15):
        sprite.angle = step * 2.0
        images.draw(surface, sprite)
    assert smoothed == []
    sprite.flying = False
    images.draw(surface, sprite)
    _turned(images)
    assert smoothed, "landed: smooth edges"
    assert not any(smoothed), "none smoothed on the frame's thread"
    images.stop()


def test_a_landing_hand_smooths_no_card_in_the_frame_it_lands(monkeypatch):
    """Dou Dizhu's twenty cards land from the deal (or close ranks) at once: each turned
    face and shadow smoothed in that frame cost 30-50 ms at 3840x2160.  Asked for while
    they fly (where they will rest), they are made in the turner's thread; the landing
    frame draws them as made, and the frame after makes nothing."""
    smoothed = _smoothed_where(monkeypatch)
    images = CardImages(PlainArt(), "french", 260, 364)
    surface = pygame.Surface((2400, 1000))
    hand = fan(1.0)
    rest = [sprite.angle for sprite in hand]
    for sprite in hand:                 # in flight, upright, bound for its place
        sprite.legal = False
        sprite.flying, sprite.goal, sprite.angle = True, (sprite.angle, sprite.scale), 0.0
        images.draw(surface, sprite)
    _turned(images)
    for sprite, angle in zip(hand, rest):
        sprite.flying, sprite.goal, sprite.angle = False, None, angle
    made = images.made
    for sprite in hand:
        images.draw(surface, sprite)
    assert images.made == made, "the landing frame makes nothing"
    assert images.rough_ids == set(), "and draws every card smooth"
    assert smoothed and not any(smoothed), "smoothed, never on the frame's thread"
    images.stop()


def test_a_card_drawn_unsmoothed_is_marked_until_its_smooth_image_comes(monkeypatch):
    """A card found at rest with no smooth image (it never flew) is drawn turned without
    smoothing and marked rough, so the table paints it again when the turner's comes."""
    _smoothed_where(monkeypatch)
    images = CardImages(PlainArt(), "french", 120, 168)
    surface = pygame.Surface((900, 600))
    sprite = CardSprite("AS", True, 300, 300, angle=8.0, scale=1.0)
    images.draw(surface, sprite)
    assert images.rough_ids == {sprite.id}
    _turned(images)
    images.draw(surface, sprite)
    assert images.rough_ids == set()
    images.stop()


def test_a_cache_keeps_what_the_frame_drew_whatever_its_budget():
    """A frame drawn in passes asks for its cards once a pass: a budget smaller than the
    frame's images must not remake them pass after pass; the next frame may drop them."""
    cache = _Lru(budget=3 * 10 * 10 * 4)        # three 10x10 images
    made = []

    def image(key):
        return cache.get_or(key, lambda: made.append(key) or pygame.Surface((10, 10), pygame.SRCALPHA))

    for _ in range(3):                  # one frame, three passes, five cards
        for key in range(5):
            image(key)
    assert made == [0, 1, 2, 3, 4], "each made once in the frame"
    cache.new_frame()
    image(9)
    assert cache.bytes <= cache.budget, "a new frame drops the old ones down to the budget"


def test_a_wide_soft_fade_is_drawn_in_few_steps_at_its_full_size(monkeypatch):
    """A card's halo at 3840x2160 fades over 50 pixels: drawn at full size that is 50
    fills of the whole shape (3-7 ms in a frame); drawn small and scaled up, at most
    SOFT_STEPS, and the same size."""
    import scenes.art.sprites as sprites

    fills: list = []
    real = pygame.draw.rect

    def counted(*args, **kwargs):
        fills.append(args[2])
        return real(*args, **kwargs)
    monkeypatch.setattr(sprites.pygame.draw, "rect", counted)
    halo = sprites.soft_rect((252, 378), 50, 31, (255, 214, 110), 150, 1.4)
    assert halo.get_size() == (252 + 100, 378 + 100)
    assert len(fills) <= sprites.SOFT_STEPS
    fills.clear()
    sprites.soft_rect((252, 378), 12, 25, (0, 0, 0), 70, 1.6)
    assert len(fills) == 12, "a narrow fade is drawn as it was, a fill a pixel"


def test_a_frame_in_which_nothing_moved_lets_the_cards_in_motion_go():
    """The images of a card in flight (turned a step a frame) are kept while it flies; once
    a frame draws no card in motion they go (15 MB at 3840x2160, held until the next deal)."""
    images = CardImages(PlainArt(), "french", 120, 168)
    surface = pygame.Surface((900, 600))
    sprite = CardSprite("AS", True, 300, 300, angle=30.0, scale=1.0)
    sprite.flying = True
    images.adopt()
    images.draw(surface, sprite)
    images.adopt()
    images.draw(surface, sprite)
    assert images._quick.bytes > 0, "kept while it flies"
    sprite.flying, sprite.angle = False, 0.0
    images.adopt()
    images.draw(surface, sprite)
    images.adopt()
    assert images._quick.bytes == 0
    images.stop()
