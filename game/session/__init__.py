"""One game session behind every table: the referee and the messages to its clients.

* A **session** (:class:`Session`, referee.py) owns the rules' state, the
  seats (a person here, a computer at a level, a remote player) and the log;
  nothing else may touch the state.  A computer can keep an absent player's
  seat warm (``stand_in`` / ``return_seat``: a netplay guest who dropped).
* An **update** (:class:`Update`, messages.py) is what a seat learns after
  each action: the events redacted for it, then its view, its legal actions,
  who is to act, the version, and at the end the result.  Updates, actions
  (:class:`Submit`) and refusals (:class:`Refused`) are plain values with one
  JSON codec, so they can travel over a socket unchanged.
* A **client** (:class:`Client`, client.py) is a screen's window on a session:
  it polls updates, submits actions, and paces the computers.  The table is a
  client; it cannot tell a local session (:class:`LocalClient`) from a remote one.

``GameSetup`` (setup.py) says what to start: game, options, who sits where.
"""

from dataclasses import replace

from game.engine import replay_log
from game.session.client import Client, LinkState, LocalClient, Seating
from game.session.messages import (
    MessageError,
    Refused,
    Submit,
    Update,
    decode,
    dumps,
    encode,
    loads,
    round_trip,
)
from game.session.referee import Session, Watcher
from game.session.setup import COMPUTER, HUMAN, REMOTE, GameSetup, SeatSpec


def local_game(setup: GameSetup, seat: int | None = None, paced: bool = True) -> LocalClient:
    """A session in this process and a client of it from ``seat`` (default: the first
    person's seat, else a spectator)."""
    if seat is None:
        humans = setup.humans()
        seat = humans[0] if humans else None
    return LocalClient(Session(setup, paced=paced), seat)


def taken_over(client: LocalClient, seat: int, paced: bool = True) -> LocalClient:
    """The game of ``client``, as it stands, with a person at ``seat`` instead of its
    computer: the kiosk's visitor takes over the game on screen rather than a new one.
    The same game (setup, seed, every move) in a new session, as a resumed game is."""
    setup = client.setup
    seats = list(setup.seats)
    seats[seat] = SeatSpec(HUMAN)
    session = Session(replace(setup, seats=tuple(seats)), paced=paced)
    session.adopt(replay_log(client.session.log()))
    return LocalClient(session, seat)


__all__ = ["COMPUTER", "HUMAN", "REMOTE", "Client", "GameSetup", "LinkState", "LocalClient",
           "MessageError", "Refused", "Seating", "SeatSpec", "Session", "Submit", "Update", "taken_over",
           "Watcher", "decode", "dumps", "encode", "loads", "local_game", "round_trip"]
