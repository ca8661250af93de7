"""What an adapter says of the last finished trick or frame (scenes/tables/): plain data,
from the view, that the table's look back (scenes/table/lookback.py) shows over the dimmed
table.  It lives here, below both, so that the adapters name it without importing the
table's overlays."""

from __future__ import annotations

from dataclasses import dataclass, field

#: row tones: "" plain, "head" a section title (no cards), "good" (won, scored), "bad"
#: (out of bounds, knocked out)
TONES = ("", "head", "good", "bad")


@dataclass
class LookRow:
    """One line: who (or a section's title), the cards they showed, what came of them."""

    label: str
    cards: list[str] = field(default_factory=list)
    note: str = ""
    tone: str = ""


@dataclass
class LookBack:
    """The last trick or frame as the overlay shows it; ``button``: the table's button."""

    title: str
    button: str
    rows: list[LookRow]
    footer: str = ""
