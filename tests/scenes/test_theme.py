"""Theme helpers: scaling and the cached felt background."""

from __future__ import annotations

from scenes.kit import theme


def test_ui_scale_follows_the_window_and_has_a_floor():
    assert theme.ui_scale((1280, 720)) == 1.0
    assert theme.ui_scale((2560, 1440)) > 1.0
    assert theme.ui_scale((400, 300)) == 0.62
    assert theme.font_px(10, (400, 300)) == 12          # small hints stay legible


def test_felt_background_is_cached_per_size_and_is_not_flat(display):
    a = theme.felt_background((640, 400))
    assert theme.felt_background((640, 400)) is a
    assert a.get_size() == (640, 400)
    centre, corner = a.get_at((320, 200)), a.get_at((2, 2))
    assert sum(centre[:3]) > sum(corner[:3]) + 30        # lit centre, dark vignette
    assert centre.g > centre.r and centre.g > centre.b   # green felt
