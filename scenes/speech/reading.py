"""Pages read aloud a section at a time: the rules, the statistics, a score sheet, a
leaderboard.

A listener cannot skim: a page said whole is minutes of speech with no way back.  So a
page is cut into sections (the rules at each heading, the statistics a game each), and
with the spoken table on, Down says the next section and Up the one before (the page
scrolls to it, for whoever looks on); past either end the listener is told so.  A
section is a list of sentences, so the next key cuts what of it still waits.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from scenes.i18n import tr
from scenes.richtext import Block, plain
from scenes.speech.keys import listen_key

#: a reading key (scenes/speech/keys.py, listed on the keys page) and the way it moves
READING_KEYS = {listen_key("read"): 1, listen_key("read_back"): -1}


def block_words(block: Block) -> str:
    """A block as it is said: its words without markers; a table row by row, each row's
    cells one after the other ("Ace, 11 points.")."""
    if block.kind == "table":
        return " ".join(", ".join(plain(c) for c in row if c.strip()) + "."
                        for row in block.rows if any(c.strip() for c in row))
    return plain(block.text).strip()


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
