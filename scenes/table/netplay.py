"""The table's few words about netplay: who sits in each seat, and the link's light.

The table cannot tell a hosted or a joined game from a local one (its client
hides the network); only the plates and the guest's light need to know.  These
read the client each frame: a host's client its host's status, a guest's
client its names and link.  Local clients give nothing, and the plates keep
their default words ("You", "Computer", the places).
"""

from __future__ import annotations

from typing import Any, Collection, Optional, Sequence

import pygame

from scenes.i18n import tr

#: the light's colour for each state of a guest's link
LIGHTS = {"connected": (84, 196, 96), "reconnecting": (232, 168, 48), "lost": (206, 56, 52)}


def _words(names: Sequence[str], away: Collection[int], me: Optional[int]) -> dict[int, str]:
    """A plate's words for each named seat but this screen's own: the friend's name, or
    "Computer playing for <name>" while a computer keeps the seat warm."""
    return {seat: tr("net.stand_in", name=name) if seat in away else name
            for seat, name in enumerate(names) if name and seat != me}


def networked(client: Any) -> bool:
    """A hosted or joined game (its plates name the people; a game here says "You")."""
    host = getattr(client, "host", None)
    return (host is not None and hasattr(host, "status")) or \
        (hasattr(client, "names") and hasattr(client, "away"))


def seat_names(client: Any) -> dict[int, str]:
    """The names the network knows, by seat (empty for a game on this computer only)."""
    host = getattr(client, "host", None)
    if host is not None and hasattr(host, "status"):
        seats = host.status().seats
        return _words([s.name for s in seats], {s.seat for s in seats if s.stand_in},
                      client.seat)
    if hasattr(client, "names") and hasattr(client, "away"):
        return _words(client.names, client.away, client.seat)
    return {}


def link_state(client: Any) -> Optional[str]:
    """A guest's link, as its light shows it (None: no light, not a guest)."""
    if not hasattr(client, "reason"):
        return None
    state = getattr(client, "state", None)
    return state if state in LIGHTS else "lost"


def draw_light(surface: pygame.Surface, state: str, centre: tuple[int, int],
               radius: int) -> pygame.Rect:
    """The light: a coloured dot with a dark ring, so it reads on the felt; its shape says
    the state too, for whoever cannot tell its colours apart: a full dot when connected,
    a hollow ring while reconnecting (the prompt says so in words), a cross when lost."""
    colour = LIGHTS[state]
    rect = pygame.draw.circle(surface, (10, 20, 14), centre, radius + 2)
    if state == "connected":
        pygame.draw.circle(surface, colour, centre, radius)
    elif state == "reconnecting":
        pygame.draw.circle(surface, colour, centre, radius, width=max(2, radius // 2))
    else:
        x, y = centre
        arm = max(2, radius * 7 // 10)
        thick = max(2, radius // 2)
        pygame.draw.line(surface, colour, (x - arm, y - arm), (x + arm, y + arm), thick)
        pygame.draw.line(surface, colour, (x - arm, y + arm), (x + arm, y - arm), thick)
    return rect.inflate(2, 2)
