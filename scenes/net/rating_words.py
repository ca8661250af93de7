"""A rated game's ratings in words, for the result panel: each seat's name, its rating
before and after, and the change (game/net/ratings.py's shown rating, mu - 3 sigma)."""

from __future__ import annotations

import logging
from typing import Any, Optional

from game.rating_history import RatingHistory
from scenes.i18n import tr

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


def rating_lines(client: Any, rated: Told) -> list[tuple[str, str]]:
    """A heading, and one line for each rated seat: its name ("You" for the player's
    own) and "12.3 -> 14.1 (+1.8)"."""
    if not rated:
        return []
    names = tuple(getattr(client, "names", ()) or ())
    mine = getattr(client, "seat", None)
    lines = [(tr("rated.heading"), "")]
    for seat, pair in enumerate(rated):
        if pair is None:
            continue
        before, after = pair
        who = tr("rated.you") if seat == mine else \
            (names[seat] if seat < len(names) and names[seat] else tr("rated.seat", n=seat + 1))
        lines.append((who, tr("rated.change", before=f"{before:.1f}", after=f"{after:.1f}",
                               change=f"{after - before:+.1f}")))
    return lines
