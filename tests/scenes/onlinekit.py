"""Online tables for the table tests, in this process on 127.0.0.1: the host's own table
(its plate shows its name; the friend it waited for never came, so a computer took the
seat) and a spectator's (a guest watching, its table saying so), each played through the
game's own stretch of play as :func:`tests.scenes.tablekit.watch` plays a local one.
Every wait is bounded."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from game import GAMES
from game.net import Host, RemoteClient
from game.net.protocol import PHRASES
from game.session import COMPUTER, HUMAN, REMOTE, GameSetup, SeatSpec
from tests.game.net.helpers import until
from tests.scenes.tablekit import think

#: the host's name, the spectator's
HOST, WATCHER = "Anna", "Eve"


def _setup(key: str, seats: int) -> GameSetup:
    """The game's trial at ``seats``: the host at seat 0, a seat for a friend at seat 1,
    the game's Normal computers elsewhere."""
    trial = GAMES[key].trial
    specs = (SeatSpec(HUMAN, name=HOST), SeatSpec(REMOTE)) + \
        tuple(SeatSpec(COMPUTER, "normal") for _ in range(seats - 2))
    return GameSetup(key, specs, dict(trial.options), trial.seed)


@contextmanager
def online(key: str, seats: int, watching: bool) -> Iterator[tuple[Host, Any]]:
    """A host of ``key`` at ``seats`` begun without the friend it waited for (a computer
    takes the seat): (the host, the client of the table to show: the host's own, or a
    spectator's who came to watch)."""
    host = Host(_setup(key, seats), name=HOST, listen="127.0.0.1", port=0, autostart=False,
                spectators=watching, stand_in="normal").start()
    guest = None
    try:
        assert host.wait_ready(5.0), host.status()
        if watching:
            guest = RemoteClient(host.status().direct_code, name=WATCHER, watch=True)
            until(lambda: guest.state == "waiting", 10.0)
        assert host.begin() and host.client is not None
        if guest is not None:               # told which game before its table is made
            until(lambda: guest.state == "connected", 10.0)
        yield host, guest if guest is not None else host.client
    finally:
        if guest is not None:
            guest.close()
        host.close()


def moved_on(host: Host, table: Any) -> Callable[[Any], None]:
    """What moves an online table on, in place of a local table's wait for its computers
    (tablekit.think): at a spectator's table the host's own seat plays its first legal
    action (saying a table phrase as it does, which the spectator sees in a bubble), and
    the host's computers move once the spectator's table has shown everything before
    (the host's screen paces them so)."""
    client = host.client
    assert client is not None and host.session is not None
    session = host.session
    if table.client is client:
        return think

    def watched(_: Any) -> None:
        client.poll()
        if client.seat in session.state.to_act():
            legal = session.state.legal_actions(client.seat)
            if legal:
                client.say(PHRASES[session.version % len(PHRASES)])
                client.submit(legal[0], session.version)
        if not table.busy and table.position.version >= session.version:
            client.allow(session.version)
        session.computers.wait_all()
        client.poll()
    return watched
