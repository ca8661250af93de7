"""Telling a service manager that the program is up: systemd's notify protocol.

A kiosk run as a service (``Type=notify``) is started by a manager that sends SIGTERM
to stop it; it learns the program is up, its SIGTERM handled, from one datagram
``READY=1`` to the socket its ``NOTIFY_SOCKET`` names, sent after the first frame.
Before it the program may still be importing, and SIGTERM then ends it as it ends any
process.  Without ``NOTIFY_SOCKET`` (started by hand) nothing is sent; a socket that
cannot be reached is no reason to stop a game, so that is silent too.
"""

from __future__ import annotations

import os
import socket
from typing import Mapping

VARIABLE = "NOTIFY_SOCKET"


def notify_ready(environ: Mapping[str, str] = os.environ) -> bool:
    """Send ``READY=1`` where ``NOTIFY_SOCKET`` says; whether it was sent.  A name that
    starts with ``@`` is in Linux's abstract namespace (systemd's convention)."""
    where = environ.get(VARIABLE, "")
    family = getattr(socket, "AF_UNIX", None)
    if not where or family is None:
        return False
    if where.startswith("@"):
        where = "\0" + where[1:]
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect(where)
            sock.sendall(b"READY=1")
    except OSError:
        return False
    return True
