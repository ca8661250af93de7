"""Fonts: one cached font per (size, bold) that draws suits, accents and Chinese."""

from __future__ import annotations

import pygame
import pytest

from scenes.kit.fonts import Fonts, font_path, shorten, wrap, wrap_even

MISSING = "\U0010FFFD"      # a private-use code point no font has: draws the "missing" box


def glyph(font: pygame.font.Font, char: str) -> bytes:
    return pygame.image.tobytes(font.render(char, True, (255, 255, 255), (0, 0, 0)), "RGB")


@pytest.fixture(scope="module")
def fonts(display):
    return Fonts()


def test_same_size_and_weight_is_the_same_font_object(fonts):
    assert fonts.get(20) is fonts.get(20)
    assert fonts.get(20) is not fonts.get(20, bold=True)
    assert fonts.get(20) is not fonts.get(21)


@pytest.mark.parametrize("char", ["♠", "♥", "♦", "♣", "地", "主", "à", "ò"])
@pytest.mark.parametrize("bold", [False, True])
def test_suits_accents_and_chinese_have_real_glyphs(fonts, char, bold):
    font = fonts.get(24, bold)
    assert glyph(font, char) != glyph(font, MISSING)


def test_the_check_above_would_catch_a_font_without_suits(display):
    latin_only = pygame.font.Font(str(font_path().with_name("NotoSans-Regular.ttf")), 24)
    assert glyph(latin_only, "♠") == glyph(latin_only, MISSING)


def test_bold_is_a_real_bold_face(fonts):
    assert fonts.get(24, True).size("Briscola")[0] > fonts.get(24).size("Briscola")[0]


def test_wrap_keeps_lines_within_the_width(fonts):
    font = fonts.get(18)
    text = "Briscola: ♠ is trump and the Two of Swords changes it " * 6
    lines = wrap(font, text.strip(), 300)
    assert len(lines) > 3
    assert all(font.size(line)[0] <= 300 for line in lines)
    assert " ".join(lines) == text.strip()


def test_wrap_even_leaves_no_word_alone_under_a_long_line(fonts):
    """Seen in the "Leave this game?" panel at 1920x1080: "menu" alone on the last line."""
    font = fonts.get(18)
    words = "The game is kept: Resume it from the menu"
    width = font.size("The game is kept: Resume it from the")[0]
    assert wrap(font, words, width)[-1] == "menu"
    even = wrap_even(font, words, width)
    assert len(even) == 2 and " " in even[-1] and " ".join(even) == words
    assert all(font.size(line)[0] <= width for line in even)
    widths = [font.size(line)[0] for line in even]
    assert max(widths) - min(widths) < width // 3
    long = "Briscola: the Two of Swords changes the trump, the Jack of Sticks starts " * 3
    assert len(wrap_even(font, long.strip(), 300)) == len(wrap(font, long.strip(), 300))
    assert wrap_even(font, "Short", 300) == ["Short"]


def test_shorten_keeps_what_fits_and_ends_the_rest_in_an_ellipsis(fonts):
    font = fonts.get(18)
    assert shorten(font, "Games in the match", 300) == "Games in the match"
    words = "Remember the trump: No, always shown · Games in the match"
    cut = shorten(font, words, 200)
    assert cut.endswith("…") and font.size(cut)[0] <= 200
    assert words.startswith(cut[:-1])


def test_every_size_is_drawn_by_one_face_per_weight(display):
    fonts = Fonts()
    for size in range(10, 60):
        assert not fonts.get(size).get_italic()
        assert fonts.italic(size, bold=True).get_italic()
    faces = {id(font._face) for font in fonts._sized.values()}
    assert len(faces) == 2
    assert fonts.italic(40, bold=True) is fonts.italic(40, True)


def test_every_fonts_draws_with_the_same_two_faces(display):
    """A second App's fonts open no face again (9 ms of CPU each)."""
    one, two = Fonts(), Fonts()
    assert one.get(20)._face is two.get(31)._face
    assert one.get(20, bold=True)._face is two.italic(12, bold=True)._face
    assert one.get(20)._face is not one.get(20, bold=True)._face


@pytest.mark.parametrize("size", [12, 24, 54])
def test_a_line_is_as_tall_as_the_font_whatever_its_letters(fonts, size):
    font = fonts.get(size)
    heights = {font.render(t, True, (255, 255, 255)).get_height()
               for t in ("A", "gy", "地主", "Briscola: ♠", "", ".")}
    assert heights == {font.get_height()}
    assert font.get_linesize() == font.get_height() > size


def test_size_measures_what_render_draws(fonts):
    for bold in (False, True):
        font = fonts.get(30, bold)
        for text in ("Hello", "Briscola: ♠", "地主 10 ♥", "W", ""):
            assert font.size(text) == font.render(text, True, (0, 0, 0)).get_size()
    slanted = fonts.italic(30)
    assert slanted.size("Italic words")[0] >= fonts.get(30).size("Italic words")[0] - 2
