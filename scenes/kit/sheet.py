"""A score sheet: a small table of rows by player, drawn on the felt's panels.

Games whose score is more than one number per player (card points, a bonus,
a total, game after game) describe it as a :class:`Sheet`; the table's
overlays (the sheet between games, the result screen) draw it with
:func:`draw_sheet`.  Plain data, so an adapter builds it without pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes.kit import theme

#: row styles: "" a plain row, "head" a section title (a game), "total" a bold row,
#: "grand" the bold gold last row (the match)
STYLES = ("", "head", "total", "grand")


@dataclass
class SheetRow:
    label: str
    cells: list[str] = field(default_factory=list)
    style: str = ""
    #: the cells as a voice says them, where the screen's are a symbol a voice would
    #: read by its name (Bisca's hearts: "3 lives", not "black heart suit" three
    #: times); None: the cells as shown
    said: list[str] | None = None


@dataclass
class Sheet:
    """Columns (player names) and rows; ``highlight`` marks columns (the winners)."""

    columns: list[str]
    rows: list[SheetRow]
    highlight: tuple[int, ...] = ()

    def cell(self, label: str, column: int, nth: int = 0) -> str:
        """The cell of the ``nth`` row with that label (tests, tools)."""
        found = [r for r in self.rows if r.label == label]
        return found[nth].cells[column]


def _metrics(sheet: Sheet, text: Any, font: int) -> tuple[int, int, int, int]:
    """(label column width, cell width, row height, pad)."""
    pad = max(8, font // 2)
    label_w = max([text.render(r.label, font, bold=r.style != "").get_width()
                   for r in sheet.rows] + [0])
    cells = [text.render(c, font, bold=True).get_width()
             for c in sheet.columns] + [text.render(v, font, bold=True).get_width()
                                        for r in sheet.rows for v in r.cells]
    cell_w = max(cells + [font * 3]) + pad * 2
    row_h = int(font * 1.6)
    return label_w + pad * 2, cell_w, row_h, pad


def sheet_size(sheet: Sheet, text: Any, font: int) -> tuple[int, int]:
    label_w, cell_w, row_h, _ = _metrics(sheet, text, font)
    return label_w + cell_w * len(sheet.columns), row_h * (len(sheet.rows) + 1)


def draw_sheet(surface: pygame.Surface, text: Any, panels: Any, sheet: Sheet,
               topleft: tuple[int, int], font: int) -> pygame.Rect:
    """Draw the sheet with its top-left corner at ``topleft``; returns its rectangle."""
    label_w, cell_w, row_h, pad = _metrics(sheet, text, font)
    x0, y0 = topleft
    w = label_w + cell_w * len(sheet.columns)
    h = row_h * (len(sheet.rows) + 1)
    rect = pygame.Rect(x0, y0, w, h)
    for c in sheet.highlight:
        band = pygame.Rect(x0 + label_w + c * cell_w + 2, y0, cell_w - 4, h)
        surface.blit(panels.get(band.size, (255, 214, 110, 34), (255, 214, 110, 90), 8, 1), band)
    y = y0
    for c, name in enumerate(sheet.columns):
        cx = x0 + label_w + c * cell_w + cell_w // 2
        text.blit(surface, name, font, (cx, y + row_h // 2), "center", theme.GOLD_LIGHT, bold=True)
    y += row_h
    pygame.draw.line(surface, theme.GOLD_DARK, (x0, y - 2), (x0 + w, y - 2), 1)
    for row in sheet.rows:
        mid = y + row_h // 2
        if row.style == "head":
            surface.blit(panels.get((w, row_h - 4), (255, 255, 255, 18), None, 6), (x0, y + 2))
            colour = theme.GOLD
        elif row.style == "grand":
            pygame.draw.line(surface, theme.GOLD, (x0, y + 1), (x0 + w, y + 1), 2)
            colour = theme.GOLD_LIGHT
        else:
            colour = theme.CREAM if row.style == "total" else theme.CREAM_DIM
        bold = row.style != ""
        text.blit(surface, row.label, font, (x0 + pad, mid), "midleft", colour, bold=bold)
        for c, value in enumerate(row.cells):
            cx = x0 + label_w + c * cell_w + cell_w // 2
            ink = theme.CREAM if row.style in ("", "total") else colour
            text.blit(surface, value, font, (cx, mid), "center", ink, bold=bold)
        y += row_h
    return rect
