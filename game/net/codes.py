"""Room codes: what a host reads out and a guest types in.

A code is an address (where to connect) and a **password** (what proves the
guest is the friend).  The password never crosses the network: host and guest
each feed it to SPAKE2 (game/net/secure.py), which turns it into a strong key
they share, with one guess per connection for anyone who does not know it.  So
the password part only has to be long enough that guessing it one connection
at a time, slowed per address, is hopeless.

Codes use 31 symbols, digits and capitals without look-alikes (no 0/O, 1/I/L):
``23456789ABCDEFGHJKMNPQRSTUVWXYZ``.  The last symbol of every code is a check
symbol (a position-weighted sum modulo 31, a prime): any one wrong symbol and any
two neighbours swapped are caught, and the guest hears "mistyped" rather than
"wrong code".  Input is forgiving: case, spaces and dashes do not matter;
:func:`pretty` groups a code in fours or threes for reading out
(``ABCD-EFGH-JKMN``).  The length tells the kind of code:

* A **relay code** (12 symbols: ``RRRR PPPPPPP C``) is a room on a relay (4
  symbols the relay chose, the only part it ever sees), a password of 7 symbols
  the host chose (31^7, about 2.75e10, 34.7 bits), and the check.  The relay's
  address comes from the settings or the command line.
* A **direct code** carries the host's LAN address, its port and a password, as
  one number in base 31 plus the check.  Addresses are those of a local network:
  192.168/16, 10/8, 172.16/12, 100.64/10 (carrier and VPN networks),
  169.254/16, and 127.0.0.1; a public address is what a relay is for.  Two
  forms:

  - 14 symbols: the host listens on one of the 64 ports from
    :data:`DIRECT_PORT` (what it does unless told a port); the password is one
    of about 1.72e10 (34.0 bits);
  - 16 symbols: any other port; the password is one of about 1.62e10 (33.9 bits).

**The odds.**  Each connection gets exactly one SPAKE2 attempt, and a wrong
one is slowed per address (game/net/secure.py, :class:`~game.net.secure.Guesses`).
A stranger who makes 1,000 attempts gets in with a chance of at most 1,000 in
1.62e10, about **1 in 16 million** (1 in 27 million for a relay code): under the
1 in a million asked of a code (:func:`odds` works it out for any code).
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import secrets
from dataclasses import dataclass
from typing import Union

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
BASE = len(ALPHABET)
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}

#: a relay room's symbols (the public part of a relay code) and its password's
ROOM_LENGTH = 4
PASSWORD_LENGTH = 7
RELAY_LENGTH = ROOM_LENGTH + PASSWORD_LENGTH + 1
#: the two forms of a direct code: a usual port, any port
DIRECT_LENGTH = 14
DIRECT_ANY_LENGTH = 16
#: a relay's usual port
RELAY_PORT = 47800
#: the first of the ports a host tries; the 64 from here make the short form of a code
DIRECT_PORT = 47810
NEAR_PORTS = 64
#: local networks a direct code can name, in the order of their index
LAN_BLOCKS = tuple(ipaddress.ip_network(n) for n in (
    "192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12", "100.64.0.0/10", "169.254.0.0/16",
    "127.0.0.1/32"))
_ADDRESSES = sum(b.num_addresses for b in LAN_BLOCKS)
#: code length -> (ports, passwords) of that form of direct code
_FORMS = {length: (ports, BASE ** (length - 1) // (_ADDRESSES * ports))
          for length, ports in ((DIRECT_LENGTH, NEAR_PORTS), (DIRECT_ANY_LENGTH, 1 << 16))}
#: the fewest passwords any code may have: 2^30, so 1,000 guesses stay under 1 in a million
MIN_PASSWORDS = 1 << 30
assert min(p for _, p in _FORMS.values()) >= MIN_PASSWORDS
assert BASE ** PASSWORD_LENGTH >= MIN_PASSWORDS


class CodeError(ValueError):
    """A code that cannot be read; ``reason`` is ``"mistyped_code"`` for the screen."""

    reason = "mistyped_code"


@dataclass(frozen=True)
class DirectCode:
    address: str
    port: int
    password: int

    @property
    def text(self) -> str:
        return direct_code(self.address, self.port, self.password)

    @property
    def secret(self) -> bytes:
        """What SPAKE2 is fed: the password alone (the address is not secret)."""
        return b"direct:%d" % self.password

    @property
    def passwords(self) -> int:
        return password_range(self.port)


@dataclass(frozen=True)
class RelayCode:
    room: str            # what the relay sees
    password: str        # what it never does

    @property
    def text(self) -> str:
        body = self.room + self.password
        return body + _check(body)

    @property
    def secret(self) -> bytes:
        return b"relay:" + self.password.encode()

    @property
    def passwords(self) -> int:
        return BASE ** PASSWORD_LENGTH


Code = Union[DirectCode, RelayCode]


def odds(code: Code, guesses: int = 1000) -> float:
    """The chance that ``guesses`` connections, one SPAKE2 attempt each, find the code's
    password (each guess rules one password out)."""
    return min(1.0, guesses / code.passwords)


def normalise(text: str) -> str:
    """A typed or pasted code without case, spaces or dashes."""
    return "".join(ch for ch in str(text).upper() if ch not in " -_.\t\r\n")


#: scrypt's cost for a room digest (16 MB of memory each, scrypt's interactive setting): a
#: code's password has about 35 bits, which a plain hash would give back to whoever holds
#: its digest by trying every password (2.75e10 SHA-256s, a short while for a GPU); a
#: memory-hard digest makes each try cost what a guest pays once
DIGEST_COST = {"n": 1 << 14, "r": 8, "p": 1}


@functools.lru_cache(maxsize=64)
def room_digest(code: str) -> str:
    """A one-way name of the room ``code`` opens: what a guest's kept seat key is found
    by (game/net/kept_seats.py), and what the host tells its seated guests of each of its
    room's codes (direct and relay) so that a key kept from one is found by the other;
    the code itself, which opens the room, is never written down or sent, and the digest
    is slow to make on purpose (:data:`DIGEST_COST`), so it does not give the code back.
    Kept once made (a host names its codes at every welcome)."""
    return hashlib.scrypt(normalise(code).encode(), salt=b"tavolata seat", dklen=32,
                          **DIGEST_COST).hex()


def pretty(code: str) -> str:
    """A code grouped for reading out, in groups of at most four as even as can be:
    ``ABCD-EFGH-JKMN``, ``ABCD-EFGH-JKM-NPQ``."""
    code = normalise(code)
    groups = max(1, -(-len(code) // 4))
    out, at = [], 0
    for g in range(groups):
        size = (len(code) - at) // (groups - g) + (1 if (len(code) - at) % (groups - g) else 0)
        out.append(code[at:at + size])
        at += size
    return "-".join(out)


def _check(body: str) -> str:
    return ALPHABET[sum((i + 1) * _VALUE[ch] for i, ch in enumerate(body)) % BASE]


def _digits(value: int, count: int) -> str:
    out = []
    for _ in range(count):
        value, d = divmod(value, BASE)
        out.append(ALPHABET[d])
    return "".join(reversed(out))


def _random_symbols(count: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(count))


def _length(port: int) -> int:
    return DIRECT_LENGTH if DIRECT_PORT <= port < DIRECT_PORT + NEAR_PORTS else DIRECT_ANY_LENGTH


def password_range(port: int) -> int:
    """How many passwords a direct code for ``port`` can carry."""
    return _FORMS[_length(port)][1]


def new_direct_code(address: str, port: int) -> DirectCode:
    """A direct code for a host at ``address``:``port`` with a fresh random password;
    ValueError if the address is not on a local network or the port is bad."""
    code = DirectCode(address, port, secrets.randbelow(password_range(port)))
    direct_code(address, port, code.password)          # refuses what cannot be coded
    return code


def new_room() -> str:
    """A relay room's symbols (the relay picks them)."""
    return _random_symbols(ROOM_LENGTH)


def new_relay_code(room: str) -> RelayCode:
    """``room`` on a relay with a fresh random password (the host picks it)."""
    if not is_room(room):
        raise ValueError(f"not a room: {room!r}")
    return RelayCode(normalise(room), _random_symbols(PASSWORD_LENGTH))


def is_room(text: str) -> bool:
    room = normalise(text)
    return len(room) == ROOM_LENGTH and all(ch in _VALUE for ch in room)


def _address_index(address: str) -> int:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        raise ValueError(f"not an IPv4 address: {address!r}") from None
    offset = 0
    for block in LAN_BLOCKS:
        if ip in block:
            return offset + int(ip) - int(block.network_address)
        offset += block.num_addresses
    raise ValueError(f"{address} is not on a local network: play through a relay")


def _address(index: int) -> str:
    for block in LAN_BLOCKS:
        if index < block.num_addresses:
            return str(block.network_address + index)
        index -= block.num_addresses
    raise CodeError("no such address")


def direct_code(address: str, port: int, password: int) -> str:
    """The code of a host at ``address``:``port`` with ``password``."""
    if not 0 < port < 1 << 16:
        raise ValueError(f"bad port {port}")
    length = _length(port)
    ports, count = _FORMS[length]
    if not 0 <= password < count:
        raise ValueError(f"a password for port {port} is below {count}")
    port_index = port - DIRECT_PORT if length == DIRECT_LENGTH else port
    value = (_address_index(address) * ports + port_index) * count + password
    body = _digits(value, length - 1)
    return body + _check(body)


def _valid(code: str) -> bool:
    return all(ch in _VALUE for ch in code) and _check(code[:-1]) == code[-1]


def parse(text: str) -> Code:
    """What a typed code names; :class:`CodeError` if it has a wrong length, a symbol
    not in the alphabet or a wrong check symbol."""
    code = normalise(text)
    if len(code) not in (RELAY_LENGTH, DIRECT_LENGTH, DIRECT_ANY_LENGTH) or not _valid(code):
        raise CodeError(f"not a room code: {text!r}")
    if len(code) == RELAY_LENGTH:
        return RelayCode(code[:ROOM_LENGTH], code[ROOM_LENGTH:-1])
    value = 0
    for ch in code[:-1]:
        value = value * BASE + _VALUE[ch]
    ports, count = _FORMS[len(code)]
    rest, password = divmod(value, count)
    index, port_index = divmod(rest, ports)
    if index >= _ADDRESSES:
        raise CodeError(f"not a room code: {text!r}")
    port = DIRECT_PORT + port_index if len(code) == DIRECT_LENGTH else port_index
    if port == 0 or _length(port) != len(code):
        raise CodeError(f"not a room code: {text!r}")
    return DirectCode(_address(index), port, password)
#: the longest relay address kept (a DNS name is at most 253 characters, then ":port")
ADDRESS_LIMIT = 260


def relay_address(text: str) -> tuple[str, int]:
    """``"relay.example.org:47800"`` (or just the name: the usual port) -> (host, port);
    an IPv6 address goes in brackets (``[2001:db8::1]:47800``).  Anything else raises
    :class:`ValueError` with the words to show."""
    text = text.strip()
    if not text or len(text) > ADDRESS_LIMIT or any(ch.isspace() for ch in text):
        raise ValueError("a relay address is HOST:PORT, e.g. relay.example.org:47800")
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ("" if not rest else None)
        if not sep or port is None:
            raise ValueError("an IPv6 relay address goes in brackets: [2001:db8::1]:47800")
    elif text.count(":") > 1:
        raise ValueError("an IPv6 relay address goes in brackets: [2001:db8::1]:47800")
    else:
        host, _, port = text.partition(":")
    if not host:
        raise ValueError("a relay address is HOST:PORT, e.g. relay.example.org:47800")
    if not port:
        return host, RELAY_PORT
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("a relay's port is a number from 1 to 65535")
    return host, int(port)


def address_text(host: str, port: int) -> str:
    """``(host, port)`` as :func:`relay_address` reads it back (an IPv6 address in
    brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
