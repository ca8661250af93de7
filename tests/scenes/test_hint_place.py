"""Where the Hint stands beside a picker (scenes/table/hint_place.py): by your plate,
pushed in from the window's edge; never on the picker or on anything it keeps clear of,
such as the prompt's line."""

from __future__ import annotations

import pygame

from scenes.table.hint_place import hint_place

BOUNDS = pygame.Rect(8, 8, 1264, 704)
SIZE = (250, 45)


def box(centre):
    rect = pygame.Rect((0, 0), SIZE)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def test_a_wide_hint_by_a_plate_near_the_edge_is_pushed_in_and_stays_by_the_plate():
    """Bisca's bets at 1280x720 with the largest text: the plate's centre 99 px from the
    edge, the Hint 250 px wide; it went under the picker, onto the prompt."""
    picker = pygame.Rect(266, 364, 747, 108)
    place = hint_place(SIZE, (99, 506), picker, [], BOUNDS, 10)
    assert place is not None
    assert BOUNDS.contains(box(place)) and abs(place[1] - 506) < 1


def test_the_hint_never_lands_on_the_prompts_line():
    """Nowhere by the plate or beside the picker: under the picker only when that is clear
    of the line of words there, else no button (H still asks)."""
    picker = pygame.Rect(300, 364, 680, 108)
    line = pygame.Rect(360, 484, 560, 44)
    blocked = pygame.Rect(8, 300, 280, 300)
    place = hint_place(SIZE, (99, 506), picker, [line, blocked], BOUNDS, 10)
    assert place is None or not box(place).colliderect(line.inflate(20, 20))


def test_where_the_plate_the_sides_and_under_are_taken_the_hint_stands_by_the_pickers_top():
    """Briscola's suits right of the trick at 1280x720 with the largest text: West's hand
    by your plate, the trick on the picker's left, the prompt's line under it, the window's
    edge on its right; the Hint went missing (H still asked).  It stands on the picker's
    left level with its top, else above it."""
    picker = pygame.Rect(818, 128, 322, 322)
    west = pygame.Rect(10, 365, 90, 160)
    trick = pygame.Rect(595, 252, 190, 190)
    line = pygame.Rect(320, 485, 638, 42)
    taken = [west, trick, line]
    beside = box(hint_place(SIZE, (97, 506), picker, taken, BOUNDS, 10))
    assert beside.right <= picker.left and beside.top == picker.top
    badge = pygame.Rect(470, 8, 340, 170)            # words there: above the picker
    above = box(hint_place(SIZE, (97, 506), picker, taken + [badge], BOUNDS, 10))
    assert above.bottom <= picker.top and BOUNDS.contains(above)
    for hint in (beside, above):
        assert hint.collidelist(taken) < 0 and not hint.colliderect(picker)


def test_where_only_the_pickers_middle_has_room_beside_it_the_hint_stands_there():
    """A row of suits over the trick: the plate's side, under, above and either side
    level with its top or bottom taken (the score board, Last trick, the plates, the
    trick); beside it level with its middle, pushed in from the window's edge, is free."""
    picker = pygame.Rect(350, 84, 600, 136)
    taken = [pygame.Rect(8, 8, 336, 142), pygame.Rect(960, 40, 312, 40),   # board, Last trick
             pygame.Rect(1000, 200, 272, 30), pygame.Rect(8, 188, 200, 38),  # the plates
             pygame.Rect(300, 225, 700, 480), pygame.Rect(400, 8, 500, 70),  # trick, badge
             pygame.Rect(8, 500, 300, 200)]                                 # a side hand
    place = hint_place(SIZE, (99, 606), picker, taken, BOUNDS, 6)
    assert place is not None and abs(place[1] - picker.centery) < 1
    assert BOUNDS.contains(box(place)) and box(place).collidelist([picker] + taken) < 0
