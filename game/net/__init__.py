"""Netplay: friends play the seats of a game hosted on another machine, others watch.

Host-authoritative.  The **host** (host.py) owns the only
:class:`~game.session.Session`; its friends' seats are of kind ``"remote"``.
Before the game, a waiting room (lobby.py) seats the people who come in: each
picks a free seat or watches, the host moves and frees them and starts when it
wants (empty seats become computers).  A spectator watches from nobody's seat
(the session's spectator view).  A public table is listed on its relay
(listing.py; finder.py reads the list); a phrase from a short fixed list can be
said at the table.  The
**guest** (client.py) is a :class:`~game.session.Client` like the local one: the
guest's table cannot tell the difference.  The guest receives its seat's updates
(the session's own, already redacted: no card it may not see ever leaves the
host) and sends actions; the host checks every one through the session.

Two ways in (codes.py): **direct**, where the host listens and its 14-symbol
code carries its LAN address, port and a password; and **relay** (relay.py,
``python -m game.net.relay``), where both sides connect out to a relay that
pairs them by the 4 room symbols of a 12-symbol code and forwards lines unread,
so play works behind home routers.  Either way the code's password never
crosses the network: SPAKE2 turns it into a key host and guest share, and every
game line is sealed end to end (secure.py), so neither the relay nor anyone on
the path reads or forges a card, a name or a move.  A host that loses the relay
(a restart, a network blip) keeps playing with a computer in the guest's seat,
connects again with backoff and gets its room back by signing the relay's
challenge; the guest, reconnecting meanwhile, proves its seat's key and the
game goes on where it stands.  A host that quits on purpose ends the room at
once.  The wire (protocol.py): JSON lines, length-limited, validated, with a
versioned handshake, error replies with reason keys, heartbeats, and strikes
for abuse.  link.py is the asyncio plumbing both ends share; bot.py plays a
seat headless (tests, benchmark).

A public table among strangers may instead be dealt by the **service** that runs
the relay fleet (fleet.py): its table workers (tables.py, ``python -m
game.net.tables``) host it with no seat of their own, keep its log in NATS
JetStream and take over each other's tables; a client asks for one with
service.py's ``open_service_table`` and joins it as a guest like everyone else.

For the screens
---------------

Host (menu -> Play online -> Host, or ``--host GAME``)::

    setup = GameSetup(key, (SeatSpec("human", name="Marco"), SeatSpec("remote"), ...))
    host = Host(setup, name="Marco", listen="0.0.0.0", relay=("relay.example", 47800),
                autostart=False, spectators=False, public=False)
    host.start()                      # returns at once; the network has its own thread
    s = host.status()                 # every frame: cheap snapshot
    s.state                           # "starting" -> "waiting" -> "playing"; or "failed"
    s.seats[i].lobby                  # host, open ("Computer will play"), computer, person
    host.move(1, 2); host.free(1); host.give(2, computer=True); host.allow_spectators(True)
    host.begin()                      # Start (autostart=True: once every open seat is taken)
    s.watchers, s.spectators, s.public
    s.direct_code, s.relay_code       # show with codes.pretty(); either may be None
    host.open_relay(("relay.example", 47800))   # a relay door later (none yet: host.relay_door)
    s.problem                         # None or a key: port_in_use, relay_unreachable,
                                      # relay_lost (reconnecting; cleared once back),
                                      # relay_full, not_lan
    s.wrong_codes                     # connections that tried a wrong code (host.wrong_codes)
    s.seats[i].name / .present / .stand_in   # plates: "Computer playing for Anna"
    TableScene(app, host.client)      # once s.state == "playing"; its close() closes the host

Guest (menu -> Play online -> Join, or ``--join CODE``)::

    client = RemoteClient(code, name="Anna", relay=settings_relay_or_None, watch=False)
    client.state      # "connecting" -> "waiting" (the waiting room: client.lobby, client.sit(seat),
                      # client.refusal) -> "connected" (then show the table), "reconnecting",
                      # "lost" (client.reason: mistyped_code, no_relay, unreachable,
                      # no_such_room, wrong_code, slow_down, room_full, wrong_version,
                      # relay_full, host_gone, kicked) or "closed"
    TableScene(app, client)           # client.seat, client.setup, client.names are set
    client.away                       # seats a computer keeps warm
    client.rooms                      # the room's codes by digest (on_seat: keep the key
                                      # under each; told again when the host opens another)
    RemoteClient(code, find_seat=kept.find)     # a kept key, found by any code's digest
                                      # (the host names them before the hello); .offered
    client.say("good_game"); client.heard()    # table phrases (the host's table: host.client)

Public tables (menu -> Play online -> Find a table)::

    finder = TableFinder(relay)       # finder.tables, live; RemoteClient(table.code, ...)

Keys are words for the screen's catalog (``net.<key>``); a move made while the
link is down is refused at once with ``net.offline``.
"""

from game.net.client import RemoteClient
from game.net.codes import CodeError, DirectCode, RelayCode, parse, pretty
from game.net.host import Host
from game.net.host_status import HostStatus, SeatStatus

__all__ = ["CodeError", "DirectCode", "Host", "HostStatus", "RelayCode", "RemoteClient",
           "SeatStatus", "parse", "pretty"]
