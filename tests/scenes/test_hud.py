"""The table's HUD: one banner at a time, score pops placed by any anchor point, a
newer pop hiding an older one it would cover, and name plates measured as drawn."""

from __future__ import annotations

import pygame

from scenes.hud import Hud
from scenes.tween import Timeline

SIZE = (1280, 720)


def hud_and_timeline(app):
    return Hud(app.fonts), Timeline()


def test_a_new_banner_replaces_the_one_still_showing(display):
    from tests.scenes.tablekit import make_app

    hud, tl = hud_and_timeline(make_app(display))
    first = hud.banner(tl, 0.0, "Hand 1 scored", "You +1", hold=2.0)
    tl.update(0.5)
    assert hud.banners == [first] and first.alive
    second = hud.banner(tl, tl.time, "Hand 2", y=300)
    tl.update(0.3)
    hud.update(0.0)
    assert hud.banners == [second] and not first.alive
    drawn = hud.draw_effects(pygame.Surface(SIZE), SIZE, 20)
    assert [kind for kind, _ in drawn] == ["banner"]
    assert drawn[0][1].centery == 300, "drawn where it was asked to be"


def test_a_pop_lies_by_its_anchor_point_and_a_word_pop_is_smaller(display):
    from tests.scenes.tablekit import make_app

    hud, tl = hud_and_timeline(make_app(display))
    hud.pop(tl, 0.0, "Claimed!", (200, 400), rise=0, anchor="midleft")
    hud.pop(tl, 0.0, "Claimed!", (900, 400), rise=0, size=0.7)
    tl.update(0.3)
    left, small = [rect for _, rect in hud.draw_effects(pygame.Surface(SIZE), SIZE, 20)]
    assert left.midleft == (200, 400)
    assert small.center == (900, 400) and small.w < left.w and small.h < left.h


def test_a_newer_pop_hides_an_older_one_it_would_cover(display):
    from tests.scenes.tablekit import make_app

    hud, tl = hud_and_timeline(make_app(display))
    hud.pop(tl, 0.0, "12", (640, 300), rise=0)
    hud.pop(tl, 0.0, "+3", (1000, 300), rise=0)
    tl.update(0.3)
    assert len(hud.draw_effects(pygame.Surface(SIZE), SIZE, 20)) == 2
    hud.pop(tl, tl.time, "+2", (650, 305), rise=0)
    tl.update(0.3)
    drawn = hud.draw_effects(pygame.Surface(SIZE), SIZE, 20)
    assert len(drawn) == 2, "the old total under the new points is not drawn"
    assert any(rect.collidepoint(650, 305) for _, rect in drawn)


def test_a_plate_is_measured_as_it_is_drawn(display):
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    surface = pygame.Surface(SIZE)
    for centre in ((640, 360), (5, 710)):
        for active in (True, False):     # a lit plate is wider by its turn marker
            drawn = hud.draw_plate(surface, "West", "12", centre, 15, active=active)
            assert drawn == hud.plate_rect("West", "12", centre, 15, surface.get_rect(), active)
            assert surface.get_rect().contains(drawn)


def test_a_greyed_plate_is_drawn_grey_and_measured_the_same(display):
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    lit, grey = pygame.Surface(SIZE), pygame.Surface(SIZE)
    a = hud.draw_plate(lit, "West", "♥♥", (640, 360), 15, active=False)
    b = hud.draw_plate(grey, "West", "♥♥", (640, 360), 15, active=False, dim=True)
    assert a == b
    colours = lambda s: {s.get_at((x, y))[:3] for x in range(a.left, a.right, 2)  # noqa: E731
                         for y in range(a.top, a.bottom, 2)}
    assert colours(lit) != colours(grey)
    assert all(abs(r - g) < 40 and abs(g - bl) < 40 for r, g, bl in colours(grey))


def test_a_choice_bar_wider_than_its_room_wraps_into_even_rows(display):
    from scenes.hud import ChoiceBar, ChoiceButton, TextCache
    from tests.scenes.tablekit import make_app

    text = TextCache(make_app(display).fonts)
    bar = ChoiceBar()
    bar.set([ChoiceButton(str(i), i) for i in range(21)])
    room = pygame.Rect(0, 0, 1200, 700)
    box = bar.layout((600, 400), 40, 10, text, 17, bounds=room)
    rows = sorted({b.rect.y for b in bar.buttons})
    assert len(rows) >= 2 and room.contains(box)
    per_row = [sum(b.rect.y == y for b in bar.buttons) for y in rows]
    assert max(per_row) - min(per_row) <= 1
    few = ChoiceBar()
    few.set([ChoiceButton(str(i), i) for i in range(4)])
    few.layout((600, 400), 40, 10, text, 17, bounds=room)
    assert len({b.rect.y for b in few.buttons}) == 1, "a row that fits stays one row"


def test_a_column_bar_with_columns_is_a_grid_filled_row_by_row(display):
    from scenes.hud import ChoiceBar, ChoiceButton
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    bar = ChoiceBar()
    bar.set([ChoiceButton(f"Choice {i}", i, str(i)) for i in range(1, 8)])
    box = bar.layout((640, 360), 40, 10, hud.text, 17, vertical=True, columns=3)
    rects = [b.rect for b in bar.buttons]
    assert len({r.w for r in rects}) == 1, "equal widths"
    assert [r.y for r in rects[:3]] == [rects[0].y] * 3 and rects[3].y == rects[0].y + 50
    assert [r.x for r in rects[3:6]] == [r.x for r in rects[:3]] and rects[6].x == rects[0].x
    assert box.h == 3 * 40 + 2 * 10 and abs(box.centerx - 640) <= 1 and abs(box.centery - 360) <= 1
    one = bar.layout((640, 360), 40, 10, hud.text, 17, vertical=True)
    assert one.h == 7 * 40 + 6 * 10, "one column by default"


def test_a_disabled_button_is_clearly_dim_and_does_not_glow_under_the_mouse(display):
    from scenes.hud import ChoiceBar, ChoiceButton
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))

    def drawn(enabled: bool, hover: bool = False, focus: bool = False) -> pygame.Surface:
        bar = ChoiceBar()
        bar.set([ChoiceButton("Play", "play", "P", primary=True, enabled=enabled)])
        bar.layout((640, 360), 40, 10, hud.text, 17)
        bar.hover, bar.focus = (0 if hover else None), (0 if focus else None)
        surface = pygame.Surface(SIZE)
        surface.fill((20, 70, 45))
        bar.draw(surface, hud.text, hud.panels, 17)
        return surface.subsurface(bar.buttons[0].rect.inflate(8, 8)).copy()

    def brightest(surface: pygame.Surface) -> int:
        return max(sum(surface.get_at((x, y))[:3]) for x in range(surface.get_width())
                   for y in range(surface.get_height()))

    on, off = drawn(True), drawn(False)
    assert brightest(off) < 0.62 * brightest(on), "text and border much dimmer"
    assert pygame.image.tobytes(drawn(False, hover=True), "RGB") == \
        pygame.image.tobytes(off, "RGB"), "no hover glow on a disabled button"
    assert brightest(drawn(False, focus=True)) < 0.62 * brightest(on), \
        "the keyboard's focus shows on it, and it stays dim"


def test_a_hotkey_is_a_cap_before_the_words_and_the_focused_button_shows_enter(display,
                                                                                monkeypatch):
    from scenes import hud as hud_module
    from scenes.hud import ChoiceBar, ChoiceButton
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    bar = ChoiceBar()
    bar.set([ChoiceButton("Draw", "draw", "D", primary=True),
             ChoiceButton("Stand at 2", "stand", "2"), ChoiceButton("Pass", "pass")])
    bar.layout((640, 360), 40, 10, hud.text, 17)
    for b in bar.buttons[:2]:
        cap, words = bar.places(b, hud.text, 17)
        assert b.rect.contains(cap) and b.rect.contains(words)
        assert cap.right < words.left, "the key sits before the words, not over the last figure"
        assert abs(cap.centery - b.rect.centery) <= 1, "level with the words, not raised"
    assert bar.places(bar.buttons[2], hud.text, 17)[0] is None
    marks = []
    monkeypatch.setattr(hud_module, "draw_enter_mark",
                        lambda surface, centre, size, colour: marks.append(centre))
    bar.focus = 1
    bar.draw(pygame.Surface(SIZE), hud.text, hud.panels, 17)
    assert len(marks) == 1 and bar.buttons[1].rect.collidepoint(marks[0]), \
        "Enter's mark on the focused button only"
    bar.focus = None
    bar.draw(pygame.Surface(SIZE), hud.text, hud.panels, 17)
    assert len(marks) == 1
