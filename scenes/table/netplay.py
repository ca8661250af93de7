"""The table's few words about netplay: who sits in each seat, whose link dropped or is
back, and the link's light.

The table cannot tell a hosted or a joined game from a local one (its client
hides the network); only the plates and the guest's light need to know.  These
read the client each frame through the Client protocol (game/session/client.py):
its ``seating()`` (a host's from its host's status, a guest's from the welcome and
the news since) and its ``link()`` (a guest's).  Local clients give None, and the
plates keep their default words ("You", "Computer", the places).
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.session import Client
from scenes.i18n import tr

#: the light's colour for each state of a guest's link
LIGHTS = {"connected": (84, 196, 96), "reconnecting": (232, 168, 48), "lost": (206, 56, 52)}


def networked(client: Client) -> bool:
    """A hosted or joined game (its plates name the people; a game here says "You")."""
    return client.seating() is not None


def seat_names(client: Client) -> dict[int, str]:
    """The name of each seat the network names but this screen's own: the friend's
    (also while a computer keeps the seat warm: :func:`away_seats` says which, and the
    table's plates and lines say so), and a computer's seat by its number, as the waiting
    room numbers it ("Computer 3"): its place ("East") is another on every screen, and
    the people at one table talk of the same seat (empty for a game on this computer
    only)."""
    seating = client.seating()
    if seating is None:
        return {}
    return {seat: name or tr("net.computer_number", number=seat + 1)
            for seat, name in enumerate(seating.names) if seat != client.seat}


def own_name(client: Client) -> str:
    """This screen's own name as the others at the table see it on its plate ("" off the
    network, or for a spectator): the host's plate said "You" where its guests read
    "Marco"."""
    seating = client.seating()
    seat = client.seat
    if seating is None or seat is None or not 0 <= seat < len(seating.names):
        return ""
    return seating.names[seat]


def listening_seats(client: Client) -> dict[int, int]:
    """The friends' seats played by ear now, with their voices' words a minute (a
    host's table: game/net/host.py; none elsewhere)."""
    listening = getattr(client, "listening", None)
    return dict(listening()) if callable(listening) else {}


def away_seats(client: Client) -> frozenset[int]:
    """The seats a computer keeps warm while their person is away (none off the network)."""
    seating = client.seating()
    return seating.away if seating is not None else frozenset()


def away_news(before: Optional[frozenset[int]], after: frozenset[int],
              names: dict[int, str]) -> list[str]:
    """What to tell this screen once when friends' links change: whose dropped (a computer
    plays for them now) and who is back, by name.  ``before`` None: the table's first
    look, which tells nothing (a guest joining late hears no old news); the screen's own
    seat is left to its light and its prompt."""
    if before is None:
        return []
    gone = [tr("net.went_away", name=names[s]) for s in sorted(after - before) if s in names]
    back = [tr("net.came_back", name=names[s]) for s in sorted(before - after) if s in names]
    return gone + back


def link_state(client: Client) -> Optional[str]:
    """A guest's link, as its light shows it (None: no light, not a guest)."""
    link = client.link()
    if link is None:
        return None
    return link.state if link.state in LIGHTS else "lost"


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
