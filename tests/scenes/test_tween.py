"""Tweens and the timeline: easing ends, ordering, hurry, finish, keyed motions."""

from __future__ import annotations

import pytest

from scenes.kit import tween
from scenes.kit.tween import Timeline, Tween


@pytest.mark.parametrize("ease", [tween.linear, tween.ease_in_cubic, tween.ease_out_cubic,
                                  tween.ease_in_out_cubic, tween.ease_out_back,
                                  tween.ease_out_quad])
def test_easings_start_at_zero_and_end_at_one(ease):
    assert ease(0.0) == pytest.approx(0.0)
    assert ease(1.0) == pytest.approx(1.0)


def test_shake_is_still_at_both_ends():
    assert tween.shake(0.0) == pytest.approx(0.0)
    assert tween.shake(1.0) == pytest.approx(0.0)
    assert max(abs(tween.shake(i / 50)) for i in range(51)) > 0.5


def test_a_tween_reaches_its_end_value_and_calls_on_done_once():
    seen, done = [], []
    t = Tween(0.5, seen.append, tween.linear, on_done=lambda: done.append(1))
    assert not t.step(0.25)
    assert seen[-1] == pytest.approx(0.5)
    assert t.step(0.5)
    assert seen[-1] == 1.0 and done == [1]
    t.finish()
    assert done == [1]


def test_callbacks_fire_in_time_order_and_equal_times_in_insertion_order():
    tl = Timeline()
    order = []
    tl.at(0.3, lambda: order.append("c"))
    tl.at(0.1, lambda: order.append("a"))
    tl.at(0.1, lambda: order.append("b"))
    tl.update(0.05)
    assert order == []
    tl.update(0.1)
    assert order == ["a", "b"]
    tl.update(0.2)
    assert order == ["a", "b", "c"]
    assert not tl.busy


def test_a_tween_started_late_in_a_frame_is_advanced_by_its_lateness():
    tl = Timeline()
    seen = []
    tl.play(0.1, Tween(1.0, seen.append, tween.linear))
    tl.update(0.3)
    assert seen[-1] == pytest.approx(0.2)


def test_speed_scales_every_duration():
    tl = Timeline(speed=2.0)
    seen = []
    tl.play(0.0, Tween(1.0, seen.append, tween.linear))
    tl.update(0.25)
    assert seen[-1] == pytest.approx(0.5)


def test_hurry_makes_the_rest_run_faster_then_wears_off():
    slow, fast = Timeline(), Timeline()
    for tl in (slow, fast):
        tl.at(2.0, lambda: None)
    fast.hurry()
    steps_slow = steps_fast = 0
    while slow.busy:
        slow.update(0.1)
        steps_slow += 1
    while fast.busy:
        fast.update(0.1)
        steps_fast += 1
    assert steps_fast * 3 < steps_slow
    assert not fast.hurried
    fast.at(fast.time + 1.0, lambda: None)
    fast.update(0.5)
    assert fast.busy, "a new timeline after a hurried one plays at normal speed"


def test_finish_runs_everything_in_order_including_what_callbacks_add():
    tl = Timeline()
    order = []
    values = []

    def first():
        order.append(1)
        tl.now(Tween(5.0, values.append, on_done=lambda: order.append("tween")))
        tl.at(tl.time + 3.0, lambda: order.append(3))

    tl.at(1.0, first)
    tl.at(2.0, lambda: order.append(2))
    tl.finish()
    assert order == [1, "tween", 2, 3]
    assert values[-1] == pytest.approx(1.0)
    assert not tl.busy


def test_a_new_tween_with_the_same_key_stops_the_old_one():
    tl = Timeline()
    a, b = [], []
    tl.now(Tween(1.0, a.append, tween.linear, key="card"))
    tl.update(0.5)
    tl.now(Tween(1.0, b.append, tween.linear, key="card"))
    tl.update(0.6)
    assert a[-1] == pytest.approx(0.5), "the first motion stopped where it was"
    assert b[-1] == pytest.approx(0.6)
