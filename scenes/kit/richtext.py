"""A small markdown subset, parsed into blocks and laid out into positioned text lines.

What the rules texts use: ``#``/``##``/``###`` headings, paragraphs, ``-``/``*``
bullets (nested by indent), ``1.`` numbered items, ``---`` rules, pipe tables,
``**bold**``, ``*italic*`` and ```code``` (shown plain).  Anything else shows as
plain text, never as an error.  Layout renders each run of same-style words
once and measures exactly what it draws, so text never spills past its width.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from scenes.kit import theme
from scenes.kit.fonts import Colour, Fonts, SizedFont

_INLINE = re.compile(r"\*\*(.+?)\*\*|(?<![*\w])\*(?![\s*])(.+?)(?<![\s*])\*(?![*\w])")
_NUMBERED = re.compile(r"^(\d+)[.)]\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_TABLE_SEPARATOR = re.compile(r"^:?-{2,}:?$")


# --- parsing -----------------------------------------------------------------

@dataclass
class Block:
    kind: str                     # "h1", "h2", "h3", "p", "li", "hr", "table"
    text: str = ""
    marker: str = "•"             # for "li": the bullet or "3."
    indent: int = 0               # nesting level of a bullet
    rows: list[list[str]] = field(default_factory=list)    # for "table": cells
    header_rows: int = 0          # for "table": rows above the |---| line


def _cells(line: str) -> list[str]:
    inner = line.strip()
    if inner.startswith("|"):
        inner = inner[1:]
    if inner.endswith("|"):
        inner = inner[:-1]
    return [c.strip() for c in inner.split("|")]


def parse(markdown: str) -> list[Block]:
    """Blocks of the subset; consecutive lines of a paragraph or item are joined."""
    blocks: list[Block] = []
    current: Block | None = None

    def flush() -> None:
        nonlocal current
        if current is not None:
            current.text = current.text.strip()
            blocks.append(current)
            current = None

    for raw in markdown.replace("\r\n", "\n").split("\n"):
        line = raw.rstrip()
        stripped = line.lstrip()
        lead = len(line) - len(stripped)
        if not stripped:
            flush()
            continue
        if stripped.startswith("|"):
            if current is None or current.kind != "table":
                flush()
                current = Block("table")
            cells = _cells(stripped)
            if all(_TABLE_SEPARATOR.match(c) for c in cells if c) and any(cells):
                current.header_rows = len(current.rows)
            else:
                current.rows.append(cells)
            continue
        if current is not None and current.kind == "table":
            flush()
        heading = _HEADING.match(stripped)
        if heading:
            flush()
            level = min(3, len(heading.group(1)))
            blocks.append(Block(f"h{level}", heading.group(2).strip().rstrip("#").strip()))
            continue
        if re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", stripped):
            flush()
            blocks.append(Block("hr"))
            continue
        if stripped[:2] in ("- ", "* ", "+ "):
            flush()
            current = Block("li", stripped[2:], "•", 1 if lead >= 2 else 0)
            continue
        numbered = _NUMBERED.match(stripped)
        if numbered:
            flush()
            current = Block("li", numbered.group(2), f"{numbered.group(1)}.", 1 if lead >= 2 else 0)
            continue
        if stripped.startswith(">"):
            stripped = stripped.lstrip("> ")
        if current is None:
            current = Block("p", stripped)
        else:
            current.text += " " + stripped
    flush()
    return blocks


def spans(text: str) -> list[tuple[str, bool, bool]]:
    """``"a **b** *c*"`` -> ``[("a ", F, F), ("b", T, F), (" ", F, F), ("c", F, T)]``.

    (text, bold, italic) pieces; backticks are dropped, unmatched stars kept as text.
    """
    out: list[tuple[str, bool, bool]] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], False, False))
        if m.group(1) is not None:
            out.append((m.group(1), True, False))
        else:
            out.append((m.group(2), False, True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False, False))
    return [(t.replace("`", ""), b, i) for t, b, i in out if t]


def words_of(text: str) -> list[tuple[str, bool, bool, bool]]:
    """(word, bold, italic, space before it): spaces may sit on either side of a marker."""
    out: list[tuple[str, bool, bool, bool]] = []
    gap = False
    for chunk, bold, italic in spans(text):
        for i, part in enumerate(chunk.split(" ")):
            if i > 0:
                gap = True
            if part:
                out.append((part, bold, italic, gap))
                gap = False
    return out


def plain(text: str) -> str:
    """The text without its markers."""
    return "".join(t for t, _, _ in spans(text))


# --- layout ------------------------------------------------------------------

@dataclass
class Line:
    y: int
    height: int
    pieces: list[tuple[pygame.Surface, int]] = field(default_factory=list)   # (image, x)
    rule: bool = False
    rule_x: int = 0
    rule_w: int = 0               # 0: the full width
    rule_colour: tuple = theme.GOLD_DARK


def draw_lines(surface: pygame.Surface, lines: list[Line], view: pygame.Rect, top: int) -> None:
    """The laid-out ``lines`` scrolled by ``top`` pixels into ``view`` (clipped to it): the
    rules and the credits read the same way."""
    clip = surface.get_clip()
    surface.set_clip(view.inflate(0, 4))
    for line in lines:
        y = view.y + line.y - top
        if y + line.height < view.y or y > view.bottom:
            continue
        if line.rule:
            x0 = view.x + line.rule_x
            x1 = x0 + line.rule_w if line.rule_w else view.right
            pygame.draw.line(surface, line.rule_colour, (x0, y), (x1, y), line.height)
            continue
        for image, x in line.pieces:
            surface.blit(image, (view.x + x, y))
    surface.set_clip(clip)


class FontSet:
    """The four faces of one size: regular, bold, italic, bold italic."""

    def __init__(self, fonts: Fonts, size: int, bold_base: bool = False) -> None:
        self.regular = fonts.get(size, bold_base)
        self.bold = fonts.get(size, True)
        self.italic = fonts.italic(size, bold_base)
        self.bold_italic = fonts.italic(size, True)

    def face(self, bold: bool, italic: bool) -> SizedFont:
        if italic:
            return self.bold_italic if bold else self.italic
        return self.bold if bold else self.regular


def flow(text: str, faces: FontSet, colour: Colour, width: int, left: int = 0
         ) -> list[list[tuple[pygame.Surface, int]]]:
    """Word-wrap ``text`` into lines of (image, x) pieces, each line within ``left..width``.

    Words of one style on one line are rendered together as one run; a run is
    measured whole, so what is drawn is exactly what was measured.
    """
    lines: list[list[tuple[pygame.Surface, int]]] = [[]]
    space = faces.regular.size(" ")[0]
    run: list[str] = []
    run_font, run_x = faces.regular, left
    run_upright = faces.regular   # pygame's slant widens italic images: advance by the upright face
    end = left                    # right edge of what is placed on the current line

    def flush() -> None:
        nonlocal end
        if run:
            words = " ".join(run)
            lines[-1].append((run_font.render(words, True, colour), run_x))
            end = run_x + run_upright.size(words)[0]
            run.clear()

    for word, bold, italic, spaced in words_of(text):
        font = faces.face(bold, italic)
        upright = faces.face(bold, False)
        if run and font is run_font and spaced:
            if run_x + font.size(" ".join(run + [word]))[0] <= width:
                run.append(word)
                continue
            flush()
            lines.append([])
            run_x = end = left
            run.append(word)
            continue
        flush()
        start = end + (space if spaced and end > left else 0)
        if start + font.size(word)[0] > width and end > left:
            lines.append([])
            start = end = left
        run_font, run_upright, run_x = font, upright, start
        run.append(word)
    flush()
    return lines


SIZES = {"h1": 34, "h2": 25, "h3": 21, "p": 19, "li": 19, "table": 18}


def layout(blocks: list[Block], fonts: Fonts, width: int, s: float, ink: Colour = theme.CREAM,
           tops: list[int] | None = None) -> tuple[list[Line], int]:
    """Lay every block out within ``width``; returns the lines and the total height.
    ``tops``: filled with where each block begins (a page read aloud scrolls there)."""
    lines: list[Line] = []
    y = 0
    for n, block in enumerate(blocks):
        if tops is not None:
            tops.append(y)
        if block.kind == "hr":
            y += round(10 * s)
            lines.append(Line(y, max(1, round(2 * s)), rule=True))
            y += round(16 * s)
            continue
        if block.kind == "table":
            y = _layout_table(block, fonts, width, s, ink, lines, y + round(4 * s)) + round(14 * s)
            continue
        heading = block.kind.startswith("h")
        faces = FontSet(fonts, round(SIZES[block.kind] * s), bold_base=heading)
        colour = theme.GOLD_LIGHT if block.kind == "h1" else theme.GOLD if heading else ink
        if heading and n:
            y += round((18 if block.kind != "h3" else 10) * s)
        left = round((26 + 24 * block.indent) * s) if block.kind == "li" else 0
        height = faces.regular.get_linesize()
        for k, pieces in enumerate(flow(block.text, faces, colour, width, left)):
            line = Line(y, height, pieces)
            if k == 0 and block.kind == "li":
                marker = faces.regular.render(block.marker, True, theme.GOLD)
                line.pieces.insert(0, (marker, left - marker.get_width() - round(8 * s)))
            lines.append(line)
            y += height
        if block.kind == "h1":
            y += round(6 * s)
            lines.append(Line(y, max(1, round(2 * s)), rule=True))
            y += round(10 * s)
        else:
            y += round((6 if block.kind == "li" else 10) * s)
    return lines, y


def _column_widths(natural: list[int], least: list[int], width: int) -> list[int]:
    """Natural widths when they fit; else every column keeps its longest word and the room
    left is shared in proportion to what each column would still like (as browsers do)."""
    natural = [max(n, m) for n, m in zip(natural, least)]
    if sum(natural) <= width:
        return natural
    spare, wants = width - sum(least), [n - m for n, m in zip(natural, least)]
    if spare <= 0 or not sum(wants):
        return least
    return [m + w * spare // sum(wants) for m, w in zip(least, wants)]


def _layout_table(block: Block, fonts: Fonts, width: int, s: float, ink: Colour, lines: list[Line],
                  y: int) -> int:
    """Columns sized to their content (shrunk to fit, then cells wrap); a gold rule under the header."""
    if not block.rows:
        return y
    cols = max(len(r) for r in block.rows)
    rows = [r + [""] * (cols - len(r)) for r in block.rows]
    size = round(SIZES["table"] * s)
    body, head = FontSet(fonts, size), FontSet(fonts, size, bold_base=True)
    pad, vpad = round(12 * s), round(5 * s)
    natural = [0] * cols        # a column on one line
    least = [2 * pad + 8] * cols  # its longest word: narrower, a word would run into the next column
    for r, row in enumerate(rows):
        faces = head if r < block.header_rows else body
        for c, cell in enumerate(row):
            natural[c] = max(natural[c], faces.regular.size(plain(cell))[0] + 2 * pad)
            for word, bold, italic, _ in words_of(cell):
                least[c] = max(least[c], faces.face(bold, italic).size(word)[0] + 2 * pad)
    widths = _column_widths(natural, least, width)
    table_w = sum(widths)
    xs = [sum(widths[:c]) for c in range(cols)]
    height = body.regular.get_linesize()
    for r, row in enumerate(rows):
        header = r < block.header_rows
        faces = head if header else body
        colour = theme.GOLD if header else ink
        cells = [flow(cell, faces, colour, widths[c] - pad, pad) for c, cell in enumerate(row)]
        count = max(len(c) for c in cells)
        for k in range(count):
            pieces = [(image, xs[c] + x) for c, cell in enumerate(cells) if k < len(cell)
                      for image, x in cell[k]]
            lines.append(Line(y + vpad + k * height, height, pieces))
        y += count * height + 2 * vpad
        last_header = header and r == block.header_rows - 1
        lines.append(Line(y, max(1, round((2 if last_header else 1) * s)), rule=True, rule_w=table_w,
                          rule_colour=theme.GOLD_DARK if last_header else (52, 84, 64)))
        y += max(1, round(2 * s))
    return y
