"""The host's room at its own table (the pause menu): the room's codes, to read out
again to a friend who lost theirs, and Open a relay code for a room that has none.

A room opens a relay door when it opens, if a relay is set; one whose relay could not
be reached then offers only its direct code, which a friend on the home network uses.
Later, at the table, a friend who goes home (and so off that network) comes back through
the relay: the host opens a relay code here, reads it out, and the friend joins with it
to the same seat (the host tells every seated guest at the table the new code by a
one-way digest, and their kept seat key follows it: game/net/host.py,
game/net/kept_seats.py).  A guest whose program was closed when the code opened comes
back by it too: the host names its room's codes by digest to every guest before its
hello, and the key kept under the code it first joined with is found.

Choices: the relay is the run's (``--relay``), else the settings' (Play online's first
page); with none set, no button is offered (the codes are still shown).  A guest's pause
menu shows no codes: the guest has the one it joined with.
"""

from __future__ import annotations

from typing import Any, Optional

from game.net import Host, pretty
from game.net.host import HostClient
from game.net.relays import Relay, RelayError, relay_setting
from game.session import Client
from scenes.i18n import tr
from scenes.kit.widgets import Button


def hosted_room(client: Client) -> Optional[Host]:
    """The room a host's table plays in (None: a guest's table, or a game here)."""
    return client.host if isinstance(client, HostClient) else None


def run_relay(app: Any) -> Optional[Relay]:
    """The relay to use: the command line's, else the setting's; None: direct only."""
    if app.relay is not None:
        return app.relay
    try:
        return relay_setting(app.settings.relay) if app.settings.relay else None
    except RelayError:
        return None


def code_lines(host: Host) -> list[tuple[str, str]]:
    """The room's codes in words (the relay's while it opens, or why it did not)."""
    status = host.status()
    lines = []
    if status.direct_code:
        lines.append((tr("net.room_code", code=pretty(status.direct_code)), ""))
    if status.relay_code:
        lines.append((tr("net.relay_code", code=pretty(status.relay_code)), ""))
    elif host.relay_door:
        lines.append((tr("net.relay_opening"), ""))
    if status.problem:
        lines.append((tr(f"net.{status.problem}"), ""))
    return lines


def relay_buttons(app: Any, host: Host) -> list[Button]:
    """Open a relay code, for a room with no relay door while a relay is set."""
    relay = run_relay(app)
    if relay is None or host.relay_door or host.status().relay_code is not None:
        return []
    return [Button(tr("net.open_relay"), lambda: host.open_relay(relay), key="relay")]


def room_shown(host: Host) -> tuple:
    """What the lines and the button depend on (the menu lays itself out again when it
    changes)."""
    status = host.status()
    return status.direct_code, status.relay_code, status.problem, host.relay_door
