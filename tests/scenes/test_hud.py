"""The table's HUD: one banner at a time (in the room it is given), score pops placed by any anchor point, a
newer pop hiding an older one it would cover, name plates measured as drawn, and labels kept
inside the window."""

from __future__ import annotations

import pygame

from scenes.kit.hud import Hud
from scenes.kit.tween import Timeline

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


def test_a_banner_given_a_room_takes_no_more_height_than_it_words_smaller(display):
    """Bocce's banners lie between the pallino's line and your bocce's words: at the largest
    text they were taller than that band and lay on both."""
    from tests.scenes.tablekit import make_app

    hud, tl = hud_and_timeline(make_app(display))

    def height(room):
        hud.banner(tl, tl.time, "Hand 1 — Frame 3 of 3", "The Lag", y=300, still=True,
                   room=room)
        tl.update(0.5)
        hud.update(0.0)
        [(kind, rect)] = hud.draw_effects(pygame.Surface(SIZE), SIZE, 24)
        return rect.h

    free = height(None)
    assert height(free * 0.8) <= free * 0.8
    assert height(free * 2) == free, "where it fits, as large as its words make it"


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


def test_a_rule_stands_between_a_plates_name_and_its_number(display):
    """"Computer 3" then its score "0" read as one number, "Computer 3 0"."""
    from scenes.kit import theme
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    surface = pygame.Surface(SIZE)
    plate = hud.draw_plate(surface, "Computer 3", "0", (640, 360), 15, active=False)
    name_end = plate.x + max(6, 15 // 2) + hud.text.render("Computer 3", 15, theme.CREAM,
                                                           True).get_width()
    info_start = plate.right - max(6, 15 // 2) - hud.text.render("0", 15,
                                                                   theme.CREAM).get_width()
    between = {surface.get_at((x, plate.centery))[:3] for x in range(name_end, info_start)}
    assert tuple(theme.GOLD_DARK[:3]) in between


def test_a_label_past_the_windows_edge_is_drawn_inside_it(display):
    """A dealer's chip centred under a plate at the window's edge: at 1280x720 with the
    largest text Briscola's "Mazziere" under West's plate ran past the left edge."""
    from scenes.kit.hud import Label
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    window = pygame.Rect((0, 0), SIZE)
    for pos, anchor in (((10, 300), "center"), ((1275, 300), "midleft"), ((640, 2), "center")):
        label = Label("Mazziere", pos, 28, bold=True, anchor=anchor, pill=True,
                      chip=(120, 40, 36))
        assert not window.contains(hud.label_rect(label))
        assert window.contains(hud.draw_label(pygame.Surface(SIZE), label)), (pos, anchor)
    inside = Label("Mazziere", (640, 300), 28, pill=True)
    assert hud.draw_label(pygame.Surface(SIZE), inside) == hud.label_rect(inside)


def test_a_banner_given_a_room_lies_clear_of_the_tables_boxes_there_words_smaller(display):
    """Briscola's Venceslao at 800x500 with the largest text lay on the score board, the
    card order and Last trick: within its room it moves down past them, its words smaller
    where the room left is short, else without its second line."""
    from tests.scenes.tablekit import make_app

    hud, tl = hud_and_timeline(make_app(display))
    hud.banner(tl, 0.0, "You claimed the Venceslao!", "First on the Two: choose the trump",
               y=115, still=True, room=110)
    tl.update(0.5)
    hud.update(0.0)
    [(_, free)] = hud.draw_effects(pygame.Surface(SIZE), SIZE, 20)
    board, strip = pygame.Rect(8, 8, 400, 80), pygame.Rect(800, 30, 470, 70)
    [(_, rect)] = hud.draw_effects(pygame.Surface(SIZE), SIZE, 20, [board, strip])
    assert rect.collidelist([board, strip]) < 0
    assert 60 <= rect.top and rect.bottom <= 170, "within its room"
    assert rect.h < free.h



def test_a_banner_with_no_room_in_the_middle_of_its_band_moves_along_it(display):
    """A landlord of 24 letters named at 800x500 with the largest text: centred, the
    banner at its smallest still reached the plates on both sides and the score board
    above; it lies in the gap between them, in the window."""
    from tests.scenes.tablekit import make_app

    size = (800, 500)
    hud, tl = hud_and_timeline(make_app(display, size=size))
    hud.banner(tl, 0.0, "Maria Vittoria Albertini is the landlord",
               "Bid 2: the three cards join the landlord's hand", y=128, still=True, room=79)
    tl.update(0.5)
    hud.update(0.0)
    boxes = [pygame.Rect(6, 6, 256, 95), pygame.Rect(0, 104, 144, 25),
             pygame.Rect(592, 104, 208, 25)]
    [(_, rect)] = hud.draw_effects(pygame.Surface(size), size, 16, boxes)
    assert rect.collidelist(boxes) < 0 and pygame.Rect(0, 0, *size).contains(rect)
    assert 88 <= rect.top and rect.bottom <= 168, "within its room"

def test_a_boards_long_line_breaks_after_its_dots_within_a_width(display):
    """An online table's match line of long names ran under the trump badge: broken short
    of a width after its " · ", in its style; a short line stays whole."""
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    lines = [("Briscola Venceslao", "title"),
             ("Match — Anna: 0 · Computer 2: 0 · Computer 3: 0", "score")]
    whole = hud.board_size(lines, 24)[0]
    broken = hud.board_within(lines, 24, whole * 2 // 3)
    assert broken[0] == lines[0] and len(broken) == 3
    assert all(style == "score" for _, style in broken[1:])
    assert broken[1][0].endswith("·") and "Computer 3: 0" in broken[2][0]
    assert hud.board_size(broken, 24)[0] <= whole * 2 // 3
    assert hud.board_within(lines, 24, whole) == lines


def test_a_boards_line_without_dots_breaks_between_its_words_within_a_width(display):
    """Bocce's goal line ("Vince chi arriva prima a 25 punti.") beside its top row of bocce
    at 1000x640 with the largest text: broken between words, each line within the width,
    nothing lost."""
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    lines = [("Anna: 0 — Computer 2: 0", "score"), ("Vince chi arriva prima a 25 punti.", "")]
    whole = hud.board_size(lines, 24)[0]
    broken = hud.board_within(lines, 24, whole * 2 // 3)
    assert len(broken) > len(lines) and hud.board_size(broken, 24)[0] <= whole * 2 // 3
    assert " ".join(w for w, _ in broken).split() == " ".join(w for w, _ in lines).split()
    assert broken[0] == ("Anna: 0 —", "score"), "after its dash first, in its style"


def test_words_past_a_width_are_cut_short_with_an_ellipsis(display):
    """A friend's long name on a plate: as many letters as fit, then "…"; a short name
    stays whole."""
    from scenes.kit.hud import ELLIPSIS
    from tests.scenes.tablekit import make_app

    hud, _ = hud_and_timeline(make_app(display))
    name = "Maria Vittoria Albertini"
    width = hud.text.render("Maria Vitt", 20, bold=True).get_width()
    short = hud.shorten(name, 20, width)
    assert short.endswith(ELLIPSIS) and name.startswith(short[:-1])
    assert hud.text.render(short, 20, bold=True).get_width() <= width
    assert hud.shorten("Bruno", 20, width) == "Bruno"


def test_a_banner_without_a_room_keeps_off_the_tables_words_a_third_smaller(display):
    """Bolola's deal banner lay on West's dealer chip at 1000x640 with the largest text:
    given the table's boxes, a banner with no room of its own takes its words down to a
    third smaller where that clears them, at its height."""
    from tests.scenes.tablekit import make_app

    hud, tl = hud_and_timeline(make_app(display))
    hud.banner(tl, 0.0, "Mano 1 di 9: Niente prese", "−50 per presa", y=300)
    tl.update(0.5)
    whole = hud.draw_effects(pygame.Surface(SIZE), SIZE, 28)[0][1]
    chip = pygame.Rect(whole.left - 40, whole.top + 4, 60, 24)
    kept = hud.draw_effects(pygame.Surface(SIZE), SIZE, 28, [chip])[0][1]
    assert not kept.colliderect(chip) and kept.w < whole.w
    assert whole.top <= kept.top and kept.bottom <= whole.bottom
