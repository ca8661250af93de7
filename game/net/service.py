"""Asking the service to open a table it deals: the client's one function, and the
table asked for.

A public table among strangers is dealt by the service that runs the relay fleet
(game/net/tables.py), never by a player's program: nobody at it holds a card they
may not see, the opener included.  The opener asks any gateway of the fleet::

    {"type": "relay", "role": "open", "protocol": 4, "table": {TABLE}}

where TABLE is :meth:`TableRequest.to_json`.  The gateway asks the workers behind it
(a NATS request to their queue group) and answers once, then closes:
``{"type": "opened", "code": CODE}`` (the table's whole relay code, to join as a
guest like everyone else, game/net/client.py) or ``{"type": "error", "reason":
KEY}`` (``no_service``, ``service_full``, ``too_many_tables``, ``bad_table``, or the
relay's own refusals; worded "net.<key>").

:func:`open_service_table` is that exchange, blocking (a screen calls it off its
frame loop), bounded by its ``timeout``.
"""

from __future__ import annotations

import json
import socket
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game import GAMES
from game.ai import LEVELS
from game.names import name_problem
from game.net.players import signed_request
from game.net.protocol import (
    BAD_LINE,
    BAD_TABLE,
    UNREACHABLE,
    Error,
    Opened,
    ProtocolError,
    RelayHello,
    decode,
    encode,
)
from game.session import COMPUTER, REMOTE, GameSetup, SeatSpec

#: the longest answer a gateway gives (an ``opened`` line is about 40 bytes), and the
#: longest board (a hundred and eleven places of some 120 bytes each)
ANSWER_LINE = 4096
BOARD_LINE = 1 << 16


class ServiceRefused(Exception):
    """The service did not open the table: ``reason`` is a key (worded "net.<key>")."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class TableRequest:
    """A table to open: ``game`` (a key of game.GAMES), its ``options``, how many
    ``seats``, how many of them are ``open`` for people (the first ones; the rest are
    computers from the start), the computers' ``level`` (also the level of a computer
    that keeps an absent person's seat warm), whether it is ``public`` (listed in Find
    a table) and welcomes ``spectators``, its ``name`` in the list, and whether it is
    ``rated`` (game/net/rated.py: people at every seat, each known by its own key;
    the opener's key signs the request, :func:`open_service_table`)."""

    game: str
    seats: int
    open: int
    options: Mapping[str, Any] = field(default_factory=dict)
    level: str = "normal"
    public: bool = True
    spectators: bool = False
    name: str = ""
    rated: bool = False

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem is not None:
            raise ServiceRefused(BAD_TABLE, problem)

    def problem(self) -> str | None:
        """Why this is no table the games have, or None."""
        if self.game not in GAMES:
            return f"no game {self.game!r}"
        if type(self.seats) is not int or self.seats not in GAMES[self.game].seats:
            return f"{GAMES[self.game].title} is not played by {self.seats!r}"
        if type(self.open) is not int or not 1 <= self.open <= self.seats:
            return "open is a count of seats, at least one"
        if self.level not in LEVELS:
            return f"a level is one of {', '.join(LEVELS)}"
        if type(self.public) is not bool or type(self.spectators) is not bool or \
                type(self.rated) is not bool:
            return "public, spectators and rated are true or false"
        if self.rated and self.open != self.seats:
            return "a rated table is for people only: every seat open"
        if not isinstance(self.options, Mapping):
            return "options is an object"
        return name_problem(self.name)

    def setup(self, seed: int) -> GameSetup:
        """The game as the service deals it: the open seats remote, the rest computers;
        ValueError if the game refuses the options."""
        seats = tuple(SeatSpec(REMOTE) if s < self.open else SeatSpec(COMPUTER, self.level)
                      for s in range(self.seats))
        return GameSetup(self.game, seats, dict(self.options), seed)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "options": dict(self.options), "seats": self.seats,
                "open": self.open, "level": self.level, "public": self.public,
                "spectators": self.spectators, "name": self.name, "rated": self.rated}

    @classmethod
    def from_json(cls, obj: Any) -> "TableRequest":
        """The request in ``obj`` (from the wire: every field checked);
        :class:`ServiceRefused` ``bad_table`` if it is not one."""
        if not isinstance(obj, Mapping):
            raise ServiceRefused(BAD_TABLE, "a table is an object")
        try:
            return cls(obj.get("game"), obj.get("seats"), obj.get("open"),  # type: ignore[arg-type]
                       obj.get("options", {}), obj.get("level", "normal"),
                       obj.get("public", True), obj.get("spectators", False),
                       obj.get("name", ""), obj.get("rated", False))
        except (TypeError, ValueError) as exc:
            raise ServiceRefused(BAD_TABLE, str(exc)[:200]) from None


@dataclass(frozen=True)
class OpenedTable:
    """A table the service opened: ``code``, its relay code (join it as a guest)."""

    code: str


def open_service_table(relay: tuple[str, int], request: TableRequest,
                       timeout: float = 10.0, player: Optional[Ed25519PrivateKey] = None,
                       name: str = "") -> OpenedTable:
    """Ask the service behind ``relay`` (any gateway of the fleet) to open ``request``:
    the table, or :class:`ServiceRefused` with the reason (``unreachable`` when the
    relay cannot be reached or does not answer within ``timeout``).  ``player``: the
    opener's own key (game/net/players.py), which signs the request (a rated table's
    opener is counted by it; ``name`` is the name it plays by)."""
    table = request.to_json()
    if player is not None:
        table = signed_request(player, table, name)
    hello = RelayHello("open", table=table)
    try:
        with socket.create_connection(relay, timeout=timeout) as sock:
            sock.settimeout(timeout)
            sock.sendall(encode(hello))
            line = _line(sock)
    except OSError as exc:
        raise ServiceRefused(UNREACHABLE, str(exc)) from None
    try:
        answer = decode(line, (Opened, Error))
    except ProtocolError as exc:
        raise ServiceRefused(exc.reason, exc.detail) from None
    if isinstance(answer, Error):
        raise ServiceRefused(answer.reason, answer.detail)
    assert isinstance(answer, Opened)
    return OpenedTable(answer.code)


def ask_board(relay: tuple[str, int], game: str, key: str = "",
              timeout: float = 10.0) -> dict[str, Any]:
    """Ask the service behind ``relay`` for ``game``'s leaderboard, as the player of public
    key ``key`` (hex) sees it (game/net/keeper.py's ``Keeper.board``: ``top``, ``place``,
    ``near``, ``listed``, ``you``); :class:`ServiceRefused` with the reason if none
    comes (``no_service``: no keeper behind the relay)."""
    hello = RelayHello("board", table={"game": game, "key": key})
    try:
        with socket.create_connection(relay, timeout=timeout) as sock:
            sock.settimeout(timeout)
            sock.sendall(encode(hello))
            line = _line(sock, BOARD_LINE)
    except OSError as exc:
        raise ServiceRefused(UNREACHABLE, str(exc)) from None
    try:
        answer = json.loads(line)
    except ValueError:
        raise ServiceRefused(BAD_LINE, "the board is not JSON") from None
    if isinstance(answer, dict) and answer.get("type") == "board" and \
            isinstance(answer.get("board"), dict):
        return dict(answer["board"])
    if isinstance(answer, dict) and answer.get("type") == "error":
        raise ServiceRefused(str(answer.get("reason", UNREACHABLE))[:40])
    raise ServiceRefused(BAD_LINE, "no board")


def _line(sock: socket.socket, most: int = ANSWER_LINE) -> bytes:
    """The relay's one answer line (without its newline), at most ``most`` bytes."""
    data = b""
    while b"\n" not in data:
        chunk = sock.recv(most)
        if not chunk:
            raise OSError("the relay closed without an answer")
        data += chunk
        if len(data) > most:
            raise OSError("the relay's answer is too long")
    return data.split(b"\n", 1)[0]
