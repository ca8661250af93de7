"""Where a host listens, in words a person can check: the addresses of this machine's
network interfaces, found without sending anything.

A host that listens on every interface (``0.0.0.0``) can be reached on each of
them, which a player on a café's network may not want; the host screen says
which ones, and ``--listen ADDRESS`` (or the ``listen`` setting) binds one.
On Linux each interface's IPv4 address is read with the ``SIOCGIFADDR`` ioctl
(no packet leaves); elsewhere, and when that fails, the one LAN address that
:func:`game.net.direct_door.lan_address`'s way of asking the routing table finds, and
the loopback address.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from typing import Callable

#: every interface (what ``--listen`` defaults to)
EVERYWHERE = ("", "0.0.0.0", "::")
_SIOCGIFADDR = 0x8915


def listens_everywhere(address: str) -> bool:
    return address in EVERYWHERE


def listen_address(text: str) -> str:
    """The address ``--listen`` or the setting names, checked: one IPv4 address (a
    direct code carries an IPv4 address; a name would need a lookup), or "0.0.0.0";
    ValueError with words for a person otherwise."""
    try:
        return str(ipaddress.IPv4Address(text.strip()))
    except ValueError:
        raise ValueError(f"{text!r} is not an IPv4 address of this computer "
                         "(e.g. 127.0.0.1, 192.168.1.20, or 0.0.0.0 for every one)") from None


def _linux_addresses() -> list[tuple[str, str]]:
    import fcntl

    found: list[tuple[str, str]] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                reply = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
            except OSError:                 # down, or no IPv4 address
                continue
            found.append((name, socket.inet_ntoa(reply[20:24])))
    return found


def interface_addresses(fallback: Callable[[], str]) -> list[tuple[str, str]]:
    """(interface, IPv4 address) for each interface that has one, loopback last;
    ``fallback()`` gives this machine's LAN address where interfaces cannot be read."""
    found: list[tuple[str, str]] = []
    if sys.platform.startswith("linux"):
        try:
            found = _linux_addresses()
        except (OSError, ImportError):
            found = []
    if not found:
        lan = fallback()
        found = [("", lan)] + ([("", "127.0.0.1")] if lan != "127.0.0.1" else [])
    return sorted(found, key=lambda pair: pair[1].startswith("127."))


def listening_on(address: str, fallback: Callable[[], str]) -> tuple[str, ...]:
    """The addresses a host bound to ``address`` can be reached at, as the screen lists
    them ("eth0 192.168.1.20"): each interface's for every interface, else that one."""
    if not listens_everywhere(address):
        return (address,)
    return tuple(f"{name} {ip}".strip() for name, ip in interface_addresses(fallback))
