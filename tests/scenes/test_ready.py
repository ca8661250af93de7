"""scenes/ready.py: READY=1 goes where NOTIFY_SOCKET says, and nowhere without it."""

from __future__ import annotations

import socket

import pytest

from scenes.ready import notify_ready

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")


def test_ready_is_one_datagram_to_the_socket_named(tmp_path):
    where = str(tmp_path / "n")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(where)
        assert notify_ready({"NOTIFY_SOCKET": where})
        assert sock.recv(64) == b"READY=1"


def test_without_the_variable_or_its_socket_nothing_is_sent_and_nothing_fails(tmp_path):
    assert not notify_ready({})
    assert not notify_ready({"NOTIFY_SOCKET": str(tmp_path / "nobody")})
