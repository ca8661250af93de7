"""Pages read aloud a section at a time: the rules, the statistics, a score sheet, a
leaderboard.

A listener cannot skim: a page said whole is minutes of speech with no way back.  So a
page is cut into sections (the rules at each heading, the statistics a game each), and
with the spoken table on, Down says the next section and Up the one before (the page
scrolls to it, for whoever looks on); past either end the listener is told so.  A
section is a list of sentences, so the next key cuts what of it still waits.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

import pygame

from scenes.i18n import tr
from scenes.kit.richtext import Block, plain
from scenes.speech.keys import listen_key

#: a reading key (scenes/speech/keys.py, listed on the keys page) and the way it moves
READING_KEYS = {listen_key("read"): 1, listen_key("read_back"): -1}


#: the marks a screen draws between parts of a line ("Bet 1 · Won 0", "Hand 2 — Frame
#: 1"), which a voice would read by name ("middle dot", "em dash"): said as a pause
SEPARATORS = re.compile(r"\s*[·—]\s*")
#: a cell that marks nothing there (a player who sat a round out), not said
NOTHING = frozenset({"—", "–", "-"})


#: a mark a voice reads by its name, and the catalog's word for it ("rightwards arrow":
#: "Right arrow", the keys page's arrow keys)
MARK_WORDS = {"×": "spoken.times", "←": "spoken.arrow.left", "→": "spoken.arrow.right",
              "↑": "spoken.arrow.up", "↓": "spoken.arrow.down"}


#: marks a button draws beside its words, that mean nothing said ("Forward ▶" was said
#: "Forward black right-pointing triangle")
DRAWN = re.compile(r"\s*[▶◀]")


#: a range of numbers a screen writes with a dash ("2–6 players"), which a voice read as
#: two numbers ("two six players")
RANGE = re.compile(r"(\d+)\s*–\s*(\d+)")


def said_as(text: str) -> str:
    """A line of a screen as a voice says it: its separators a comma, a "×" or an
    arrow the words ("Bid times multiplier", "Right arrow"), a range its words ("2 to
    6"); a cell that marks nothing ("—") nothing."""
    if text.strip() in NOTHING:
        return ""
    for mark, key in MARK_WORDS.items():
        text = text.replace(mark, tr(key))
    text = DRAWN.sub("", text).strip()
    text = RANGE.sub(lambda m: tr("spoken.range", low=m[1], high=m[2]), text)
    return SEPARATORS.sub(", ", text).strip(", ")


def block_words(block: Block) -> str:
    """A block as it is said: its words without markers, its marks in words
    (:func:`said_as`); a table row by row, each row's cells one after the other ("Ace,
    11 points.")."""
    if block.kind == "table":
        rows = [[w for w in (said_as(plain(c)) for c in row) if w] for row in block.rows]
        return " ".join(", ".join(row) + "." for row in rows if row)
    return said_as(plain(block.text))


def sections(blocks: list[Block]) -> list[tuple[int, list[str]]]:
    """The blocks cut at each heading: (the index of the section's first block, its
    sentences); what comes before the first heading is a section of its own."""
    out: list[tuple[int, list[str]]] = []
    for n, block in enumerate(blocks):
        words = block_words(block)
        if block.kind.startswith("h") or not out:
            out.append((n, []))
        if words:
            out[-1][1].append(words)
    return [(n, said) for n, said in out if said]


class Reader:
    """Where the listener is in a page of sections (``at``: -1 before the first).  Each
    section is (its place on the page, its sentences): the place is the page's own (the
    rules: a block's index), for it to scroll there."""

    def __init__(self, make: Callable[[], list[tuple[int, list[str]]]]) -> None:
        self._make = make
        self._sections: Optional[list[tuple[int, list[str]]]] = None
        self.at = -1

    @property
    def sections(self) -> list[tuple[int, list[str]]]:
        if self._sections is None:
            self._sections = self._make()
        return self._sections

    @property
    def place(self) -> Optional[int]:
        """The place of the section said last (None before the first)."""
        return self.sections[self.at][0] if self.at >= 0 else None

    def refresh(self) -> None:
        """The page grew (a board came, ratings were told): its sections made again,
        the listener where it was."""
        self._sections = None

    def restart(self) -> None:
        """A new page (another game's rules): from before its first section."""
        self._sections, self.at = None, -1

    def move(self, delta: int) -> list[str]:
        """The section ``delta`` away, as its sentences; past an end, that it is the end."""
        to = self.at + delta
        if not 0 <= to < len(self.sections):
            return [tr("spoken.reading.end" if delta > 0 else "spoken.reading.start")]
        self.at = to
        return self.sections[to][1]

    def key(self, event: pygame.event.Event) -> Optional[list[str]]:
        """A reading key's sentences (None for another key)."""
        if event.type != pygame.KEYDOWN or event.key not in READING_KEYS:
            return None
        return self.move(READING_KEYS[event.key])


def read_key(page: Any, event: pygame.event.Event) -> bool:
    """A reading key on a page read aloud, with the spoken table on: the section is said
    (``page.aloud``) and the page scrolled to it (``page.tops``: where each place
    begins); False for any other key, or with the spoken table off."""
    from scenes.speech.table import spoken_on

    if not spoken_on(page.app):
        return False
    said = page.reader.key(event)
    if said is None:
        return False
    page.aloud.say(said)
    place = page.reader.place
    if place is not None and place < len(page.tops):
        page.scroll_to(page.tops[place])
    return True
