"""Room codes: what a host reads out and a guest types in.

Codes use 31 symbols, digits and capitals without look-alikes (no 0/O, 1/I/L):
``23456789ABCDEFGHJKMNPQRSTUVWXYZ``.  The last symbol of every code is a check
symbol (a position-weighted sum modulo 31, a prime): any one wrong symbol and any
two neighbours swapped are caught, and the guest hears "mistyped" rather than
"no such room".  Input is forgiving: case, spaces and dashes do not matter;
:func:`pretty` groups a code for reading out (``ABCD-EFGH-JKMN``).

* A **direct code** (12 symbols) carries the host's LAN address, its port and a
  secret, as one number in base 31 (11 symbols) plus the check.  Addresses are
  those of a local network: 192.168/16, 10/8, 172.16/12, 100.64/10 (carrier and
  VPN networks), 169.254/16, and 127.0.0.1; a public address is what a relay is
  for.  Two forms share the number range half and half:

  - the host listens on one of the 64 ports from :data:`DIRECT_PORT` (what it
    does unless told a port): the secret is one of about 8.9 million;
  - any other port: the secret is one of about 8,700.

  A stranger who finds the port still needs the secret: the host answers a wrong
  secret only after a second and, after 30 wrong ones in all, lets in only players
  who already hold a seat's token (game/net/host.py), so a guess succeeds with a
  chance of 30 in 8.9 million (30 in 8,700 for the weak form).
* A **relay code** (6 symbols: 5 random and the check) names a room on a relay;
  the relay's address comes from the settings or the command line.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from typing import Union

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
BASE = len(ALPHABET)
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}

DIRECT_LENGTH = 12
RELAY_LENGTH = 6
#: a relay's usual port
RELAY_PORT = 47800
#: the first of the ports a host tries; the 64 from here make the strong form of a code
DIRECT_PORT = 47810
NEAR_PORTS = 64
#: local networks a direct code can name, in the order of their index
LAN_BLOCKS = tuple(ipaddress.ip_network(n) for n in (
    "192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12", "100.64.0.0/10", "169.254.0.0/16",
    "127.0.0.1/32"))
_ADDRESSES = sum(b.num_addresses for b in LAN_BLOCKS)
_SPACE = BASE ** (DIRECT_LENGTH - 1)
#: (ports, secrets) of the two forms; each form owns half of the number range
_NEAR_SLICE = _SPACE // 2
_FORMS = ((NEAR_PORTS, _NEAR_SLICE // (_ADDRESSES * NEAR_PORTS)),
          (1 << 16, (_SPACE - _NEAR_SLICE) // (_ADDRESSES << 16)))


class CodeError(ValueError):
    """A code that cannot be read; ``reason`` is ``"mistyped_code"`` for the screen."""

    reason = "mistyped_code"


@dataclass(frozen=True)
class DirectCode:
    address: str
    port: int
    secret: int

    @property
    def text(self) -> str:
        return direct_code(self.address, self.port, self.secret)


@dataclass(frozen=True)
class RelayCode:
    text: str


def normalise(text: str) -> str:
    """A typed or pasted code without case, spaces or dashes."""
    return "".join(ch for ch in str(text).upper() if ch not in " -_.\t\r\n")


def pretty(code: str) -> str:
    """A code grouped for reading out: ``ABCD-EFGH-JKMN``, ``ABC-DEF``."""
    code = normalise(code)
    step = 3 if len(code) == RELAY_LENGTH else 4
    return "-".join(code[i:i + step] for i in range(0, len(code), step))


def _check(body: str) -> str:
    return ALPHABET[sum((i + 1) * _VALUE[ch] for i, ch in enumerate(body)) % BASE]


def _digits(value: int, count: int) -> str:
    out = []
    for _ in range(count):
        value, d = divmod(value, BASE)
        out.append(ALPHABET[d])
    return "".join(reversed(out))


def _form(port: int) -> int:
    return 0 if DIRECT_PORT <= port < DIRECT_PORT + NEAR_PORTS else 1


def secret_range(port: int) -> int:
    """How many secrets a direct code for ``port`` can carry."""
    return _FORMS[_form(port)][1]


def new_secret(port: int) -> int:
    return secrets.randbelow(secret_range(port))


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


def direct_code(address: str, port: int, secret: int) -> str:
    """The 12-symbol code of a host at ``address``:``port`` with ``secret``."""
    if not 0 < port < 1 << 16:
        raise ValueError(f"bad port {port}")
    form = _form(port)
    ports, count = _FORMS[form]
    if not 0 <= secret < count:
        raise ValueError(f"a secret for port {port} is below {count}")
    port_index = port - DIRECT_PORT if form == 0 else port
    value = (_address_index(address) * ports + port_index) * count + secret
    value += 0 if form == 0 else _NEAR_SLICE
    body = _digits(value, DIRECT_LENGTH - 1)
    return body + _check(body)


def new_relay_code() -> str:
    body = "".join(secrets.choice(ALPHABET) for _ in range(RELAY_LENGTH - 1))
    return body + _check(body)


def is_relay_code(text: str) -> bool:
    code = normalise(text)
    return len(code) == RELAY_LENGTH and _valid(code)


def _valid(code: str) -> bool:
    return all(ch in _VALUE for ch in code) and _check(code[:-1]) == code[-1]


def parse(text: str) -> Union[DirectCode, RelayCode]:
    """What a typed code names; :class:`CodeError` if it has a wrong length, a symbol
    not in the alphabet or a wrong check symbol."""
    code = normalise(text)
    if len(code) not in (DIRECT_LENGTH, RELAY_LENGTH) or not _valid(code):
        raise CodeError(f"not a room code: {text!r}")
    if len(code) == RELAY_LENGTH:
        return RelayCode(code)
    value = 0
    for ch in code[:-1]:
        value = value * BASE + _VALUE[ch]
    form = 0 if value < _NEAR_SLICE else 1
    value -= 0 if form == 0 else _NEAR_SLICE
    ports, count = _FORMS[form]
    rest, secret = divmod(value, count)
    index, port_index = divmod(rest, ports)
    if index >= _ADDRESSES:
        raise CodeError(f"not a room code: {text!r}")
    port = DIRECT_PORT + port_index if form == 0 else port_index
    if port == 0:
        raise CodeError(f"not a room code: {text!r}")
    return DirectCode(_address(index), port, secret)


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
