"""One rule at a time, from a game's in-app rules: what the kiosk's title card teaches.

The teachable part of a rules text (assets/rules/<lang>/<key>.md) is every
paragraph and item before its glossary, the first section made only of items
that open with a bold term ("**Pallino** — ..."): the glossary and what follows
it (choices where the rule text is silent) define words, they do not teach the
game.  Only blocks that read on their own on a card are kept: not a line in
italics (a byline), none too short or too long to read in passing, none that ends
in a colon (it opens the table or the list after it, which the card does not show:
Bolola's "The nine deals, in this order, ...:" stood alone on the card).  Found by
shape, not by heading names, so a translated rules text works the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from scenes.kit.richtext import Block, parse, plain
from scenes.screens.rules_scene import rules_path

#: characters (without markers) a rule on a card may have, at least and at most
SHORTEST, LONGEST = 30, 340


@dataclass(frozen=True)
class Rule:
    """A paragraph or item of the rules (markers kept), and the heading it stands under."""

    text: str
    heading: str = ""


def _is_glossary(section: list[Block]) -> bool:
    items = [b for b in section if b.kind in ("p", "li")]
    return bool(items) and all(b.kind == "li" and b.text.startswith("**") for b in items)


def _readable(block: Block) -> bool:
    text = block.text.strip()
    byline = text.startswith("*") and not text.startswith("**") and text.endswith("*")
    words = plain(text).rstrip()
    return block.kind in ("p", "li") and not byline and not words.endswith(":") \
        and SHORTEST <= len(words) <= LONGEST


def teachable(blocks: list[Block]) -> list[Rule]:
    """The rules a card may show, in the order of the text."""
    sections: list[tuple[str, list[Block]]] = [("", [])]
    for block in blocks:
        if block.kind == "h2":
            sections.append((block.text, []))
        else:
            sections[-1][1].append(block)
    out: list[Rule] = []
    for heading, section in sections:
        if _is_glossary(section):
            break
        for block in section:
            if block.kind == "h3":
                heading = block.text
            elif _readable(block):
                out.append(Rule(block.text, heading))
    return out


def read_rules(key: str) -> list[Rule]:
    """The teachable rules of a game in the current language ([] when its text is missing)."""
    path = rules_path(key)
    if path is None:
        return []
    try:
        return teachable(parse(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return []


class RulePicker:
    """A different rule each time: every rule of a game once, in a shuffled order, before
    any comes again (and never the same one twice in a row)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._rules: dict[str, list[Rule]] = {}
        self._bags: dict[str, list[Rule]] = {}
        self._last: dict[str, Rule] = {}

    def pick(self, key: str) -> Optional[Rule]:
        if key not in self._rules:
            self._rules[key] = read_rules(key)
        bag = self._bags.get(key)
        if not bag:
            bag = list(self._rules[key])
            self.rng.shuffle(bag)
            if len(bag) > 1 and bag[-1] == self._last.get(key):
                bag.insert(0, bag.pop())    # the next one drawn is not the one just shown
            self._bags[key] = bag
        if not bag:
            return None
        rule = bag.pop()
        self._last[key] = rule
        return rule
