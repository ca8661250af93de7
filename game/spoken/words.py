"""The pieces of a spoken sentence: cards, suits, seats and numbers in one language.

A sentence's catalog text (``spoken.*``) names its parameters; :meth:`Words.params`
fills them from an event's data by the data's own key names, so one rule serves every
game: a ``card`` is a card's name, ``cards`` a list of them, a ``suit`` or a ``trump`` a
suit's name, a name the game's catalog has for a value (``<game>.<key>.<value>``: a
contract, a combination), a seat number (``dealer``, ``winner`` ...) the seat's name, a
list per seat (``scores``, ``lives`` ...) also as ``<key>_by_seat`` ("You 5, East 3"),
a card also as ``<key>_the``, with its article ("the King of Cups", "l'Asso di Spade"),
and the face-up cards an event moves as ``moved`` (the card a Bocce roll draws), and a
``why`` (game/tricks.py ``why_won``) the "won because" words. Nothing here knows what a
seat may see: it puts into words what it is given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby
from typing import Any, Callable, Mapping, Optional, Sequence

from game.cards import SUIT_NAMES, Card, CardCodeError
from game.i18n import has, number_words, translate

#: data keys that hold one seat's number
SEAT_KEYS = frozenset({"winner", "landlord", "next", "target_seat", "first", "dealer",
                       "opener", "leader", "venceslao", "chooser", "seat", "turn"})
#: data keys that hold a list of seats
SEATS_KEYS = frozenset({"seats", "winners", "claimants", "players", "to_act"})
#: data keys that hold a suit's letter
SUIT_KEYS = frozenset({"suit", "trump", "led_suit"})


def why_words(lang: str, game: str, why: Any, aloud: bool = False) -> str:
    """The "won because ..." words of a ``why`` (game/tricks.py ``why_won``, Bocce's face
    cards): the game's own ``<game>_table.why.<why>`` if it has them, else the table's
    ``table.why.<why>``, with the cards named; "" for none.  ``aloud``: first the spoken
    ``spoken.<game>.why.<why>``, where the screen's line draws marks a voice would read
    by name ("Coins > Cups", "7 … 2"; the screen keeps them)."""
    if not isinstance(why, dict) or not why.get("why"):
        return ""
    names = {f"{k}_the": Card.parse(why[k]).the_name(lang) for k in ("card", "over")
             if why.get(k)}
    keys = ([f"spoken.{game}.why.{why['why']}"] if aloud else []) + [
        f"{game}_table.why.{why['why']}", f"table.why.{why['why']}"]
    key = next((k for k in keys if has(lang, k)), "")
    text = translate(lang, key, **names) if key else ""
    return text[:1].upper() + text[1:]           # "il Re ..." begins the sentence: "Il"


#: a full stop after a sentence's own stop ("?." "!." ".."), from a label that ends one
_DOUBLED = re.compile(r"([.!?])\.")


class _Blank(dict):
    """Parameters that read a missing one as nothing."""

    def __missing__(self, key: str) -> str:
        return ""


def _is_code(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        Card.parse(value)
    except CardCodeError:
        return False
    return True


@dataclass(frozen=True)
class Words:
    """One game's words in one language, with the names of its seats."""

    game: str
    lang: str
    names: tuple[str, ...]

    @classmethod
    def plain(cls, game: str, lang: str, seats: int, seat: Optional[int]) -> "Words":
        """Names without a table to give them: "You" for ``seat``, "Player 2" for others."""
        names = tuple(translate(lang, "spoken.you") if s == seat
                      else translate(lang, "spoken.seat", number=s + 1) for s in range(seats))
        return cls(game, lang, names)

    def say(self, key: str, **params: Any) -> str:
        """The catalog's sentence with its fields filled; a field the event does not carry
        (an optional key: a trick won with no ``why``) is left empty, not a broken line."""
        text = translate(self.lang, key)
        try:
            text = text.format_map(_Blank(params))
        except (IndexError, ValueError):
            return text
        return _DOUBLED.sub(r"\1", text)      # "Claim it!." : a label's own stop ends it

    def has(self, key: str) -> bool:
        return has(self.lang, key)

    def card(self, code: Optional[str]) -> str:
        """A card's name; a face-down card (None) is "a hidden card"."""
        if code is None:
            return self.say("spoken.hidden_card")
        return self._named(code, Card.name)

    def the_card(self, code: str) -> str:
        """A card's name with its article, as a sentence says it ("the King of Cups",
        "il Re di Coppe", "l'Asso di Spade")."""
        return self._named(code, Card.the_name)

    def _named(self, code: str, how: Callable[[Card, str], str]) -> str:
        """``code``'s card named ``how`` in this language; a code that names no card, as
        it is."""
        try:
            return how(Card.parse(code), self.lang)
        except CardCodeError:
            return str(code)

    def cards(self, codes: Sequence[Optional[str]]) -> str:
        """Cards in a list as a sentence lists them ("none" for no cards), face-down ones
        side by side counted ("3 hidden cards", not "a hidden card" three times)."""
        said: list[str] = []
        for hidden, same in groupby(codes, key=lambda c: c is None):
            run = list(same)
            if hidden and len(run) > 1:
                said.append(self.say("spoken.hidden_cards", count=len(run)))
            else:
                said.extend(self.card(c) for c in run)
        return self.join(said)

    def suit(self, letter: Optional[str]) -> str:
        if not letter:
            return self.say("spoken.no_trump")
        return SUIT_NAMES.get(self.lang, SUIT_NAMES["en"]).get(letter, letter)

    def seat(self, seat: Optional[int]) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return ""
        return self.names[seat]

    def seats(self, seats: Sequence[int]) -> str:
        return self.join([self.seat(s) for s in seats])

    def number(self, value: Any) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return "" if value is None else str(value)
        if isinstance(value, float):
            return number_words(self.lang, value)
        return str(value)

    def by_seat(self, values: Sequence[Any]) -> str:
        """"You 5, East 3": one value per seat, each after its seat's name; a seat with
        none (a Bisca player out of the game, who bets nothing) is left out, where "You ,"
        was said."""
        return ", ".join(f"{self.seat(s)} {self.number(v)}" for s, v in enumerate(values)
                         if v is not None)

    def join(self, items: Sequence[str]) -> str:
        """"A, B and C" ("none" for nothing)."""
        items = [i for i in items if i]
        if not items:
            return self.say("spoken.none")
        if len(items) == 1:
            return items[0]
        return self.say("spoken.and", first=", ".join(items[:-1]), last=items[-1])

    def value(self, name: str, value: Any) -> Any:
        """One data value as words, by what its key says it is."""
        if name in SEAT_KEYS and (value is None or isinstance(value, int)):
            return self.seat(value)
        if name in SEATS_KEYS and isinstance(value, list):
            return self.seats(value)
        if name in SUIT_KEYS and (value is None or isinstance(value, str)):
            return self.suit(value)
        if name == "why":
            return why_words(self.lang, self.game, value, aloud=True)
        if (name == "card" or name.endswith("_card")) and isinstance(value, str):
            return self.card(value)
        if isinstance(value, list) and value and all(_is_code(v) for v in value):
            return self.cards(value)
        if isinstance(value, str) and self.has(f"{self.game}.{name}.{value}"):
            return self.say(f"{self.game}.{name}.{value}")      # a contract, a combination
        if isinstance(value, list):
            return ", ".join(self.number(v) for v in value if not isinstance(v, (list, dict)))
        if isinstance(value, dict):
            return ""
        return self.number(value)

    def params(self, seat: Optional[int], data: Mapping[str, Any]) -> dict[str, Any]:
        """An event's parameters: ``player`` (who acted), each data value as words, and
        each list of one value per seat again as ``<key>_by_seat``."""
        out: dict[str, Any] = {"player": self.seat(seat)}
        for name, value in data.items():
            if name == "moves":
                out["moved"] = self.cards([m["card"] for m in value if m.get("card")])
                continue
            out[name] = self.value(name, value)
            if (name == "card" or name.endswith("_card")) and isinstance(value, str):
                out[f"{name}_the"] = self.the_card(value)     # "the King", "l'Asso"
            if (isinstance(value, list) and len(value) == len(self.names) and value
                    and all(isinstance(v, (int, float)) or v is None for v in value)
                    and name not in SEATS_KEYS):
                out[f"{name}_by_seat"] = self.by_seat(value)
        return out
