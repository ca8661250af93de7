"""The relay setting: where the relay service is, and whose key proves it is the service.

Its one form, ``host:port[,host:port...][#FINGERPRINT]``, is read here and nowhere
else (the Play online field, ``--relay``, the settings file):

* several addresses, each ``host:port`` as :func:`game.net.codes.relay_address`
  reads it (a name, an IPv4 address, an IPv6 one in brackets; the port may go):
  a fleet's gateways, so that a client whose gateway dies moves to the next
  (:meth:`Relay.rotation`); a name that resolves to several addresses is tried
  address by address as well (game/net/link.py);
* an optional ``#`` and the fingerprint of the service's long-term key
  (game/net/identity.py): given, a table that claims to be dealt by the service is
  held to that key; not given, the client keeps the key it meets first (trust on
  first use, as SSH does) by writing it here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from game.net import codes

#: the most gateways one setting names (a fleet behind one name needs one)
MOST_ADDRESSES = 8
#: the longest setting kept: every address at its longest, and the fingerprint
TEXT_LIMIT = MOST_ADDRESSES * (codes.ADDRESS_LIMIT + 1) + 64
#: a fingerprint: base32 of SHA-256, lower case, unpadded (game/net/identity.py)
FINGERPRINT_LENGTH = 52
_BASE32 = frozenset("abcdefghijklmnopqrstuvwxyz234567")


class RelayError(ValueError):
    """A relay setting that is not one; ``key``: the catalog key of its words."""

    def __init__(self, key: str, detail: str) -> None:
        super().__init__(detail)
        self.key = key


@dataclass(frozen=True)
class Relay:
    """The relay service: its gateways' addresses (in the order given) and the
    fingerprint of its key, if known."""

    addresses: tuple[tuple[str, int], ...]
    fingerprint: Optional[str] = None

    @property
    def text(self) -> str:
        """The setting as :func:`relay_setting` reads it back."""
        where = ",".join(codes.address_text(*address) for address in self.addresses)
        return where if self.fingerprint is None else f"{where}#{self.fingerprint}"

    @property
    def name(self) -> str:
        """The service's name for the player to read: its first address's host."""
        return self.addresses[0][0]

    def rotation(self, start: int) -> list[tuple[int, tuple[str, int]]]:
        """Every address with its index, from ``start`` round to the one before it: a
        client tries the gateway it used last first, then the next ones."""
        count = len(self.addresses)
        return [((start + i) % count, self.addresses[(start + i) % count])
                for i in range(count)]

    def keeping(self, fingerprint: str) -> "Relay":
        """The same relay, holding the service to ``fingerprint`` from now on."""
        return Relay(self.addresses, fingerprint)


def relay_setting(text: str) -> Relay:
    """``"gw1.example.org:47800,gw2.example.org:47800#FINGERPRINT"`` -> :class:`Relay`.
    Anything else raises :class:`RelayError` with its words' key and a detail."""
    text = text.strip()
    if len(text) > TEXT_LIMIT:
        raise RelayError("net.bad_relay", "the relay setting is too long")
    where, sharp, fingerprint = text.partition("#")
    fingerprint = fingerprint.strip().lower()
    if sharp and not is_fingerprint(fingerprint):
        raise RelayError("net.bad_fingerprint",
                         f"a relay's fingerprint is {FINGERPRINT_LENGTH} letters and digits")
    parts = [part.strip() for part in where.split(",")]
    if len(parts) > MOST_ADDRESSES:
        raise RelayError("net.too_many_relays",
                         f"a relay setting names at most {MOST_ADDRESSES} addresses")
    try:
        addresses = tuple(dict.fromkeys(codes.relay_address(part) for part in parts))
    except ValueError as exc:
        raise RelayError("net.bad_relay", str(exc)) from None
    return Relay(addresses, fingerprint if sharp else None)


def is_fingerprint(text: str) -> bool:
    """Whether ``text`` has the form of a service key's fingerprint."""
    return len(text) == FINGERPRINT_LENGTH and set(text) <= _BASE32


def as_relay(relay: Union[Relay, tuple[str, int]]) -> Relay:
    """A relay given as one ``(host, port)`` (a caller that knows one gateway) or whole."""
    return relay if isinstance(relay, Relay) else Relay((relay,))
