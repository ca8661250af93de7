"""Who sits where, as a listener hears it change in the middle of a game.

Online, a seat's words can change while the game goes on: a friend's link drops and a
computer plays for them, they come back to their kept seat, a person takes a seat
a computer held.  A sighted player reads it on the plates; a listener is told the
change once ("Bruno left; the computer plays for Bruno.", "Bruno is back."), and from
then every sentence names the seat as it now is ("Computer for Bruno plays the King of
Cups."), as the plate does.  The screen's own seat is left to its light and its prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game.i18n import translate


@dataclass(frozen=True)
class Seating:
    """The seats' names in one language and the seats a computer keeps warm."""

    lang: str
    names: tuple[str, ...]
    away: frozenset[int] = frozenset()

    def spoken(self, seat: Optional[int]) -> tuple[str, ...]:
        """Each seat's name as a sentence says it: a seat kept warm for its person is
        the computer playing for them (the screen's own seat stays "You")."""
        return tuple(translate(self.lang, "spoken.seating.stand_in", name=name)
                     if s in self.away and s != seat else name
                     for s, name in enumerate(self.names))


def changes(before: Seating, after: Seating, seat: Optional[int]) -> list[tuple[int, str]]:
    """The seats whose person changed from ``before`` to ``after``, each with the
    sentence that says so, in seat order; none when the language changed (every name
    is said anew in the new one, nobody moved) or the seats are not the same."""
    if before.lang != after.lang or len(before.names) != len(after.names):
        return []
    out: list[tuple[int, str]] = []
    for s, (old, new) in enumerate(zip(before.names, after.names)):
        if s == seat:
            continue
        if old != new:
            out.append((s, translate(after.lang, "spoken.seating.taken", name=new, before=old)))
        elif s in after.away and s not in before.away:
            out.append((s, translate(after.lang, "spoken.seating.away", name=new)))
        elif s in before.away and s not in after.away:
            out.append((s, translate(after.lang, "spoken.seating.back", name=new)))
    return out

