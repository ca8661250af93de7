"""Seat and zone layout: everything inside the window for 2..6 seats at small and big sizes."""

from __future__ import annotations

import math

import pytest

from scenes.kit.layout import CARD_ASPECT, CROWDED_SCALE, FAN_DROP, MAX_CARD_SHARE, Layout, hand_step, place


def card_box(x, y, angle, w, h):
    """The bounding box of a card of w x h centred at x, y turned by angle."""
    a = math.radians(angle)
    bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
    bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    return (x - bw / 2, y - bh / 2, x + bw / 2, y + bh / 2)


def inside(box, size, slack=1.0):
    left, top, right, bottom = box
    return left >= -slack and top >= -slack and right <= size[0] + slack and bottom <= size[1] + slack


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_every_hand_plate_and_area_is_inside_the_window(size, seats, scale):
    lay = Layout(size, seats, scale=scale)
    for seat in range(seats):
        g = lay.seat(seat)
        for point in (g.hand, g.plate, g.area):
            assert 0 <= point[0] <= size[0] and 0 <= point[1] <= size[1], (seat, g.side, point)
        geom = lay.hand_zone(seat)
        w = lay.card_w * geom.scale
        h = lay.card_h * geom.scale
        for n in (1, 5, 13):
            for x, y, angle in place(geom, n, lay.card_w):
                assert inside(card_box(x, y, angle, w, h), size), (seat, g.side, n, x, y)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_human_sits_at_the_bottom_and_the_others_around(seats):
    lay = Layout((1280, 720), seats)
    assert lay.seat(0).side == "bottom"
    sides = [lay.seat(s).side for s in range(1, seats)]
    assert len(set(sides)) == len(sides)
    if seats == 2:
        assert sides == ["top"]
    if seats == 3:
        assert sides == ["left", "right"]


def test_a_human_at_another_seat_is_still_at_the_bottom():
    lay = Layout((1280, 720), 4, human_seat=2)
    assert lay.seat(2).side == "bottom"
    assert lay.seat(3).side == "left"


def test_cards_grow_with_the_window_height_and_keep_their_shape():
    small, big = Layout((800, 500), 2), Layout((1920, 1080), 2)
    assert big.card_h > small.card_h * 1.8
    for lay in (small, big):
        assert lay.card_h / lay.card_w == pytest.approx(CARD_ASPECT, rel=0.03)


def test_the_human_fan_is_centred_and_squeezes_long_hands_into_its_span():
    lay = Layout((1280, 720), 4)
    geom = lay.hand_zone(0)
    xs = [x for x, _, _ in place(geom, 13, lay.card_w)]
    assert (xs[0] + xs[-1]) / 2 == pytest.approx(640)
    assert xs[-1] - xs[0] <= geom.max_span + 0.01
    angles = [a for _, _, a in place(geom, 5, lay.card_w)]
    assert angles[0] > 0 > angles[-1], "a fan: the left card leans left"


def test_the_prompt_line_sits_above_the_hand():
    for size in ((800, 500), (1920, 1080)):
        lay = Layout(size, 2)
        assert lay.prompt_y < lay.hand_top
        assert lay.prompt_y > lay.centre[1]


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_a_small_hand_lies_side_by_side_with_a_small_gap(size):
    lay = Layout(size, 2)
    geom = lay.hand_zone(0)
    for n in (2, 3, 5):
        xs = [x for x, _, _ in place(geom, n, lay.card_w)]
        steps = [b - a for a, b in zip(xs, xs[1:])]
        assert all(lay.card_w * 1.01 <= s <= lay.card_w * 1.15 for s in steps), (n, steps)


def test_a_big_hand_closes_up_but_stays_in_the_hand_area():
    assert hand_step(13) < 0.6 and hand_step(20) < hand_step(13) < hand_step(8) < hand_step(5)
    for size in ((800, 500), (1280, 720), (1920, 1080)):
        lay = Layout(size, 4)
        geom = lay.hand_zone(0)
        for n in (13, 20):
            xs = [x for x, _, _ in place(geom, n, lay.card_w)]
            assert xs[-1] - xs[0] <= lay.fan_span + 0.01
            # every card still shows its corner index
            assert xs[1] - xs[0] >= lay.card_w * 0.22, (size, n)


def test_the_fan_is_a_gentle_arc():
    lay = Layout((1280, 720), 2)
    geom = lay.hand_zone(0)
    for n in (3, 5, 13):
        cards = place(geom, n, lay.card_w)
        ys = [y for _, y, _ in cards]
        mid = ys[len(ys) // 2]
        assert ys[0] == pytest.approx(ys[-1]) and ys[0] > mid, "the ends sit lower"
        assert ys[0] - mid <= FAN_DROP * lay.card_w + 0.01
        assert 0 < cards[0][2] <= 8.0 and cards[-1][2] == pytest.approx(-cards[0][2])


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_others_hands_of_backs_spread_the_same_way_clear_of_their_plates(size, seats):
    lay = Layout(size, seats)
    for seat in range(1, seats):
        geom = lay.hand_zone(seat)
        sw = lay.card_w * geom.scale
        three = place(geom, 3, lay.card_w)
        step = math.dist(three[0][:2], three[1][:2])
        assert sw * 0.8 <= step <= sw * 0.9, "a little overlap, as a held hand"
        plate_x, plate_y = lay.seat(seat).plate
        for n in (3, 13):
            cards = place(geom, n, lay.card_w)
            assert math.dist(cards[0][:2], cards[-1][:2]) <= lay.hand_span(seat) + 0.01
            for x, y, angle in cards:
                left, top, right, bottom = card_box(x, y, angle, sw, lay.card_h * geom.scale)
                # a plate reaches about 0.65 card widths from its centre across, 0.2 up or down
                clear_x = right < plate_x - lay.card_w * 0.65 or left > plate_x + lay.card_w * 0.65
                clear_y = bottom < plate_y - lay.card_w * 0.2 or top > plate_y + lay.card_w * 0.2
                assert clear_x or clear_y, (seat, n, x, y)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_your_name_plate_stays_clear_of_the_widest_fan(size):
    lay = Layout(size, 4)
    geom = lay.hand_zone(0)
    for n in (5, 13, 20):
        left = min(x for x, _, _ in place(geom, n, lay.card_w)) - lay.card_w * 0.6
        assert lay.seat(0).plate[0] + lay.card_w * 0.65 < left, (size, n)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [5, 6])
def test_at_a_full_table_no_plate_lies_on_a_neighbours_hand(size, seats):
    """Five or six seats: the top seats sit close, so every plate must be clear of every
    hand of backs (six at six seats, the most a Bisca round deals there)."""
    lay = Layout(size, seats)
    for owner in range(1, seats):
        geom = lay.hand_zone(owner)
        sw, sh = lay.card_w * geom.scale, lay.card_h * geom.scale
        for seat in (s for s in range(seats) if s != owner):
            plate_x, plate_y = lay.seat(seat).plate
            for x, y, angle in place(geom, 6, lay.card_w):
                left, top, right, bottom = card_box(x, y, angle, sw, sh)
                clear_x = right < plate_x - lay.card_w * 0.65 or left > plate_x + lay.card_w * 0.65
                clear_y = bottom < plate_y - lay.card_w * 0.2 or top > plate_y + lay.card_w * 0.2
                assert clear_x or clear_y, (owner, seat, x, y)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_at_six_seats_the_three_hands_across_the_top_keep_apart(size):
    """Six seats at the largest setting: the three hands of five backs across the top ran
    into one row of fifteen; a quarter of a card lies between neighbours."""
    lay = Layout(size, 6, scale=1.5)
    tops = sorted((s for s in range(6) if lay.seat(s).side.startswith("top")),
                  key=lambda s: lay.seat(s).hand[0])
    ends = []
    for seat in tops:
        geom = lay.hand_zone(seat)
        xs = [x for x, _, _ in place(geom, 5, lay.card_w)]
        half = lay.card_w * geom.scale / 2
        ends.append((min(xs) - half, max(xs) + half))
    for (_, right), (left, _) in zip(ends, ends[1:]):
        assert left - right >= lay.card_w * lay.small_scale / 4 - 1, (ends, size)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("seats", [5, 6])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_top_right_hand_keeps_clear_of_the_corner_buttons(size, seats, scale):
    """The Log and Undo buttons (a row this wide at the top right) stand over no card of
    the top right seat's five backs: at five seats the hand lies further left, at six
    (the top hand beside it) under the buttons' row."""
    corner_w = 160 * size[0] // 800
    lay = Layout(size, seats, scale=scale, corner_w=corner_w)
    seat = next(s for s in range(seats) if lay.seat(s).side == "top-right")
    geom = lay.hand_zone(seat)
    sw, sh = lay.card_w * geom.scale, lay.card_h * geom.scale
    buttons = (size[0] - lay.margin - corner_w, lay.margin, size[0] - lay.margin,
               lay.corner_bottom)
    for x, y, angle in place(geom, 5, lay.card_w):
        left, top, right, bottom = card_box(x, y, angle, sw, sh)
        assert right < buttons[0] or top > buttons[3], (x, y, buttons)


def test_larger_cards_and_text_scale_the_cards_and_every_font():
    plain, large = Layout((1280, 720), 3), Layout((1280, 720), 3, scale=1.5)
    assert large.card_h > plain.card_h * 1.15
    assert large.card_w / large.card_h == pytest.approx(plain.card_w / plain.card_h, abs=0.02)
    for base in (14, 16, 20):
        assert large.font(base) == pytest.approx(plain.font(base) * 1.5, abs=1)


def test_larger_cards_are_limited_where_the_window_has_no_room():
    plain, large = Layout((800, 500), 3), Layout((800, 500), 3, scale=1.5)
    assert plain.card_h < large.card_h <= 500 * MAX_CARD_SHARE
    assert plain.font(16) < large.font(16) <= round(plain.font(16) * 1.25) + 1
    crowded = Layout((1280, 720), 6, scale=1.5)
    assert crowded.grow == CROWDED_SCALE and crowded.scale == 1.5
    assert crowded.font(16) == Layout((1280, 720), 6, scale=CROWDED_SCALE).font(16)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_with_larger_words_the_side_plates_sit_lower(size):
    plain, large = Layout(size, 3), Layout(size, 3, scale=1.5)
    assert large.seat(1).side == "left"
    assert large.seat(1).plate[1] > plain.seat(1).plate[1]
