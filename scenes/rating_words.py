"""A rated game's ratings in words, for the result panel: each seat's name, its rating
before and after, and the change (game/net/ratings.py's shown rating, mu - 3 sigma);
and the same as a listener hears it (the spoken table: "You: from 24.1 to 25.3, up
1.2."), where an arrow and a sign would be read as symbols or not at all."""

from __future__ import annotations

import logging
from typing import Any, Optional

from game.i18n import number_words
from game.rating_history import RatingHistory
from scenes.i18n import language, tr

log = logging.getLogger(__name__)

Told = Optional[tuple[Optional[tuple[float, float]], ...]]


def told_ratings(client: Any) -> Told:
    """The ratings the service told this table's client (a guest's at a rated table),
    or None."""
    rated = getattr(client, "rated", None)
    return tuple(rated) if rated else None


def keep_mine(client: Any, rated: Told) -> None:
    """The player's own rating after a rated game, kept for the Statistics chart
    (game/rating_history.py), once a client; a file that cannot be written is left as
    it is."""
    seat = getattr(client, "seat", None)
    if not rated or seat is None or seat >= len(rated) or rated[seat] is None or \
            getattr(client, "rating_kept", False):
        return
    pair = rated[seat]
    assert pair is not None
    client.rating_kept = True
    try:
        RatingHistory().add(client.setup.key, pair[1])
    except OSError as exc:
        log.warning("the rating history: %s", exc)


def _seats(client: Any, rated: Told) -> list[tuple[str, float, float]]:
    """Each rated seat's name ("You" for the player's own), before and after."""
    names = tuple(getattr(client, "names", ()) or ())
    mine = getattr(client, "seat", None)
    out = []
    for seat, pair in enumerate(rated or ()):
        if pair is None:
            continue
        who = tr("rated.you") if seat == mine else \
            (names[seat] if seat < len(names) and names[seat] else tr("rated.seat", n=seat + 1))
        out.append((who, *pair))
    return out


def rating_lines(client: Any, rated: Told) -> list[tuple[str, str]]:
    """A heading, and one line for each rated seat: its name ("You" for the player's
    own) and "12.3 -> 14.1 (+1.8)"."""
    if not rated:
        return []
    return [(tr("rated.heading"), "")] + [
        (who, tr("rated.change", before=f"{before:.1f}", after=f"{after:.1f}",
                 change=f"{after - before:+.1f}")) for who, before, after in _seats(client, rated)]


def spoken_number(value: float) -> str:
    """A rating as the voice says it, in the screen's language ("24.1", "24,1")."""
    return number_words(language(), value)


def change_words(before: float, after: float) -> str:
    """A rating's move in words: "up 1.2", "down 0.4", "unchanged" (to a tenth, as
    shown)."""
    change = round(after - before, 1)
    if change == 0:
        return tr("spoken.rating.same")
    return tr("spoken.rating.up" if change > 0 else "spoken.rating.down",
              n=spoken_number(abs(change)))


def rating_sentences(client: Any, rated: Told) -> list[str]:
    """The ratings as a listener hears them: a sentence for each rated seat, "You: from
    24.1 to 25.3, up 1.2." (none before the service has told them)."""
    return [tr("spoken.rating.seat", who=who, before=spoken_number(before),
               after=spoken_number(after), change=change_words(before, after))
            for who, before, after in _seats(client, rated)]
