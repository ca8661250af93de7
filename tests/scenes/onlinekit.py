"""Online tables for the table tests, in this process on 127.0.0.1: the host's own table
(its plate shows its name; the friend it waited for never came, so a computer took the
seat; or the friend came and plays, or came and left, a computer playing for them) and a
spectator's (a guest watching, its table saying so), each played through the game's own
stretch of play as :func:`tests.scenes.tablekit.watch` plays a local one.  Every wait is
bounded."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

from game import GAMES
from game.net import Host, RemoteClient
from game.net.protocol import PHRASES
from game.session import COMPUTER, HUMAN, REMOTE, GameSetup, SeatSpec
from game.session.messages import Update
from tests.game.net.helpers import until
from tests.scenes.tablekit import think

#: the host's name, the spectator's
HOST, WATCHER = "Anna", "Eve"
#: a friend's name, and one as long as a person may make it (24 letters)
FRIEND, LONG_NAME = "Bruno", "Maria Vittoria Albertini"


def _setup(key: str, seats: int) -> GameSetup:
    """The game's trial at ``seats``: the host at seat 0, a seat for a friend at seat 1,
    the game's Normal computers elsewhere."""
    trial = GAMES[key].trial
    specs = (SeatSpec(HUMAN, name=HOST), SeatSpec(REMOTE)) + \
        tuple(SeatSpec(COMPUTER, "normal") for _ in range(seats - 2))
    return GameSetup(key, specs, dict(trial.options), trial.seed)


@contextmanager
def online(key: str, seats: int, watching: bool, friend: Optional[str] = None,
           leaves: bool = False) -> Iterator[tuple[Host, Any, Any]]:
    """A host of ``key`` at ``seats`` begun without the friend it waited for (a computer
    takes the seat), or with ``friend`` (their name) in that seat, gone once the game has
    begun where ``leaves`` (a computer plays for them, their plate says so): (the host,
    the client of the table to show: the host's own, or a spectator's who came to watch,
    and the friend's client while they stay, for :func:`moved_on` to play their first
    legal action)."""
    host = Host(_setup(key, seats), name=HOST, listen="127.0.0.1", port=0, autostart=False,
                spectators=watching, stand_in="normal").start()
    guest = mate = None
    try:
        assert host.wait_ready(5.0), host.status()
        if friend is not None:
            mate = RemoteClient(host.status().direct_code, name=friend)
            until(lambda: mate.state == "waiting", 10.0)
        if watching:
            guest = RemoteClient(host.status().direct_code, name=WATCHER, watch=True)
            until(lambda: guest.state == "waiting", 10.0)
        assert host.begin() and host.client is not None
        for client in (mate, guest):      # told which game before its table is made
            if client is not None:
                until(lambda c=client: c.state == "connected", 10.0)
        if mate is not None and leaves:
            mate.close()
            until(lambda: host.status().seats[1].stand_in, 10.0)
        yield host, guest if guest is not None else host.client, None if leaves else mate
    finally:
        for client in (guest, mate):
            if client is not None:
                client.close()
        host.close()


def _friend_moves(friend: Any) -> None:
    """A friend at the table plays their first legal action whenever it is their turn."""
    last = None
    for message in friend.poll():
        if isinstance(message, Update):
            last = message
    if last is not None and last.my_turn and last.legal:
        friend.submit(last.legal[0], last.version)


def moved_on(host: Host, table: Any, friend: Any = None) -> Callable[[Any], None]:
    """What moves an online table on, in place of a local table's wait for its computers
    (tablekit.think): at a spectator's table the host's own seat plays its first legal
    action (saying a table phrase as it does, which the spectator sees in a bubble), and
    the host's computers move once the spectator's table has shown everything before
    (the host's screen paces them so); at the host's, a ``friend`` who stays plays their
    first legal action on their turn."""
    client = host.client
    assert client is not None and host.session is not None
    session = host.session
    if table.client is client:
        if friend is None:
            return think

        def played(table: Any) -> None:
            _friend_moves(friend)
            think(table)
        return played

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
