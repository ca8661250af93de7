"""The markdown subset of the rules texts: parsing and layout."""

from __future__ import annotations

import pytest

from scenes.kit.fonts import Fonts
from scenes.kit.richtext import Block, layout, parse, plain, spans, words_of

SAMPLE = """# Bocce

The card game of **Bocce** is played by two.
This line joins the paragraph above.

## Dealing

- Each player gets **five** cards.
* The rest form the stock,
  and this line continues the bullet.
  - a nested point

1. First numbered step
2. Second numbered step

---

### Scoring

| bocce | points |
|---|---|
| exactly on its **pallino** | 3 |
| over | 0 |

After the table.
"""


def test_headings_paragraphs_bullets_numbers_rules_tables():
    blocks = parse(SAMPLE)
    assert [b.kind for b in blocks] == ["h1", "p", "h2", "li", "li", "li", "li", "li", "hr",
                                        "h3", "table", "p"]
    assert blocks[0].text == "Bocce"
    assert blocks[1].text.endswith("joins the paragraph above.")
    assert blocks[4].text == "The rest form the stock, and this line continues the bullet."
    assert blocks[5].indent == 1
    assert blocks[6].marker == "1." and blocks[7].marker == "2."


def test_a_pipe_table_has_a_header_and_rows():
    table = parse(SAMPLE)[10]
    assert table.header_rows == 1
    assert table.rows == [["bocce", "points"], ["exactly on its **pallino**", "3"], ["over", "0"]]


def test_bold_and_italic_spans():
    assert spans("a **b** c") == [("a ", False, False), ("b", True, False), (" c", False, False)]
    assert spans("*An original game*") == [("An original game", False, True)]
    assert spans("roll *bocce* and **win**") == [
        ("roll ", False, False), ("bocce", False, True), (" and ", False, False), ("win", True, False)]


def test_stars_that_are_not_markup_stay_text():
    assert spans("2 * 3 * 4") == [("2 * 3 * 4", False, False)]
    assert spans("**half bold") == [("**half bold", False, False)]
    assert plain("`(seat + 1) % 3`") == "(seat + 1) % 3"


def test_words_keep_the_spaces_around_markers():
    assert words_of("game of **Bocce** is") == [
        ("game", False, False, False), ("of", False, False, True),
        ("Bocce", True, False, True), ("is", False, False, True)]
    assert words_of("**Bocce**'s rules") == [("Bocce", True, False, False),
                                             ("'s", False, False, False),
                                             ("rules", False, False, True)]


def test_unclosed_markup_is_plain_text_not_an_error():
    blocks = parse("**half bold\n\n### \n- \n| a |\n")
    assert blocks[0] == Block("p", "**half bold")


@pytest.mark.parametrize("width", [300, 520, 900])
def test_layout_keeps_everything_within_the_width(display, width):
    long = SAMPLE + "\n\n" + "A paragraph with **bold words** and *slanted words* to wrap. " * 12
    lines, height = layout(parse(long), Fonts(), width, 1.0)
    assert height > 0 and lines
    for line in lines:
        for image, x in line.pieces:
            if x >= 0:                      # bullet markers sit left of the text on purpose
                assert x + image.get_width() <= width + 1
        if line.rule and line.rule_w:
            assert line.rule_x + line.rule_w <= width + 1
    ys = [line.y for line in lines]
    assert ys == sorted(ys)


def test_a_wide_table_shrinks_and_its_cells_wrap(display):
    wide = "| " + " | ".join(["a rather long header cell"] * 4) + " |\n|---|---|---|---|\n" + \
           "| " + " | ".join(["some long cell text that must wrap"] * 4) + " |\n"
    narrow_lines, narrow_h = layout(parse(wide), Fonts(), 400, 1.0)
    wide_lines, wide_h = layout(parse(wide), Fonts(), 2400, 1.0)
    assert narrow_h > wide_h


def test_a_shrunk_table_column_keeps_room_for_its_longest_word(display):
    """A short header over long cells, beside a long column: a cell's word never runs
    into the next column (Bolola's deals at 800x500 in Italian: "Tutto insieme")."""
    table = ("| deal | score | its own rules |\n|---|---|---|\n"
             "| Tutto insieme | −15 per presa, −20 per Fante e Re, −30 per Donna | "
             + "tutte le regole qui sopra tranne quelle della Briscola " * 3 + "|\n"
             "| Briscola | +50 per presa (+650) | chi apre sceglie la briscola |\n")
    lines, _ = layout(parse(table), Fonts(), 560, 1.0)
    assert max(len(line.pieces) for line in lines) == 3
    for line in lines:
        pieces = sorted(line.pieces, key=lambda p: p[1])
        for (image, x), (_, next_x) in zip(pieces, pieces[1:]):
            assert x + image.get_width() < next_x, "a cell runs into the next column"
        for image, x in pieces:
            assert x + image.get_width() <= 560 + 1
