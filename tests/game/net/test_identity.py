"""The relay service's identity (game/net/identity.py): a host with the service's key
signs each guest's channel binding in its first sealed line; a guest holds the service
to the key its relay setting names (or the first it met), refuses a table signed by
another key, and refuses a table that was to be the service's and is not proven so, a
man in the middle who runs SPAKE2 with a public table's password included."""

from __future__ import annotations

import asyncio
import os
import stat
from typing import Iterator

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.net import codes
from game.net.client import HOST, SERVICE
from game.net.identity import (
    ServiceKeyError,
    fingerprint,
    prove,
    proven,
    public_bytes,
    service_key,
)
from game.net.link import Link, LoopThread
from game.net.protocol import (
    MAX_LINE,
    NOT_SERVICE,
    QUICK,
    SERVICE_CHANGED,
    Confirm,
    Paired,
    Pake,
    RelayHello,
    Rooms,
    decode,
    encode,
)
from game.net.relays import Relay, is_fingerprint
from game.net.secure import HOST as HOST_SIDE
from game.net.secure import Handshake, Sealed
from tests.game.net.helpers import hosting, join, relay_here, until

SERVICE_KEY = Ed25519PrivateKey.generate()
ANOTHER_KEY = Ed25519PrivateKey.generate()
SERVICE_PRINT = fingerprint(public_bytes(SERVICE_KEY))


# -- the key and its fingerprint ---------------------------------------------------------------
def test_a_service_key_is_made_readable_by_its_owner_only_and_read_back(tmp_path):
    path = tmp_path / "keys" / "service-key.pem"
    made = service_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert public_bytes(service_key(path)) == public_bytes(made), "the same key next start"
    assert is_fingerprint(fingerprint(public_bytes(made)))


def test_a_key_file_others_may_read_or_that_is_no_key_is_refused_in_words(tmp_path):
    path = tmp_path / "service-key.pem"
    service_key(path)
    os.chmod(path, 0o644)
    with pytest.raises(ServiceKeyError, match="chmod 600"):
        service_key(path)
    path.write_text("not a key")
    os.chmod(path, 0o600)
    with pytest.raises(ServiceKeyError, match="not a service key"):
        service_key(path)


def test_a_signature_proves_one_binding_under_one_key():
    binding, other = os.urandom(32), os.urandom(32)
    signature = prove(SERVICE_KEY, binding)
    assert proven(public_bytes(SERVICE_KEY), binding, signature)
    assert not proven(public_bytes(SERVICE_KEY), other, signature), "another connection's"
    assert not proven(public_bytes(ANOTHER_KEY), binding, signature), "another key"


# -- at a relay --------------------------------------------------------------------------------
@pytest.fixture
def relay_port() -> Iterator[int]:
    with relay_here() as (_, port):
        yield port


def service_table(relay_port: int, key: Ed25519PrivateKey = SERVICE_KEY):
    return hosting("bocce", listen=None, relay=("127.0.0.1", relay_port), identity=key)


def relay_of(port: int, print_: str | None = None) -> Relay:
    return Relay((("127.0.0.1", port),), print_)


@pytest.mark.slow
def test_a_guest_meets_the_service_first_and_keeps_its_fingerprint(relay_port):
    with service_table(relay_port) as (host, _):
        guest = join(host.status().relay_code, relay=relay_of(relay_port))
        try:
            assert guest.wait_inside(10), guest.reason
            assert guest.dealer == SERVICE and guest.met_service == SERVICE_PRINT
        finally:
            guest.close()


@pytest.mark.slow
def test_a_guest_given_the_fingerprint_sits_at_the_services_table(relay_port):
    with service_table(relay_port) as (host, _):
        guest = join(host.status().relay_code, relay=relay_of(relay_port, SERVICE_PRINT),
                     service=True)
        try:
            assert guest.wait_inside(10), guest.reason
            assert guest.dealer == SERVICE and guest.met_service is None, "nothing new"
        finally:
            guest.close()


def test_a_host_with_another_key_at_the_same_relay_is_refused(relay_port):
    with service_table(relay_port, ANOTHER_KEY) as (host, _):
        guest = join(host.status().relay_code, relay=relay_of(relay_port, SERVICE_PRINT))
        try:
            until(lambda: guest.state == "lost", 10, "refused")
            assert guest.reason == SERVICE_CHANGED and guest.dealer is None
        finally:
            guest.close()


@pytest.mark.slow
def test_a_players_table_is_dealt_by_its_program_and_refused_where_the_service_was_asked(
        relay_port):
    with hosting("bocce", listen=None, relay=("127.0.0.1", relay_port)) as (host, _):
        code = host.status().relay_code
        guest = join(code, relay=relay_of(relay_port, SERVICE_PRINT))
        expecting = join(code, relay=relay_of(relay_port, SERVICE_PRINT), service=True)
        try:
            assert guest.wait_inside(10), guest.reason
            assert guest.dealer == HOST and guest.dealer_name == "Host", "its name, said"
            until(lambda: expecting.state == "lost", 10, "refused")
            assert expecting.reason == NOT_SERVICE
        finally:
            guest.close()
            expecting.close()


@pytest.mark.slow
def test_a_man_in_the_middle_with_the_public_password_cannot_sign_for_the_service(
        relay_port):
    """The man in the middle plays the relay and the host to the guest: it runs SPAKE2
    with the public table's password, and hands on the service's key and a signature
    the real service made, for its own connection to the service.  That signature is
    over another binding: the guest refuses the table, and offers nothing."""
    with service_table(relay_port) as (host, _):
        code = host.status().relay_code
        taken = asyncio.run(_signature_of_the_service(relay_port, code))
        assert taken.service == public_bytes(SERVICE_KEY)
        middle = _Middle(code, taken)
        try:
            guest = join(code, relay=relay_of(middle.port, SERVICE_PRINT))
            until(lambda: guest.state == "lost", 10, "refused")
            assert guest.reason == NOT_SERVICE and guest.dealer is None
            assert middle.heard == [], "no hello, no seat key: nothing said after"
        finally:
            guest.close()
            middle.close()


async def _signature_of_the_service(port: int, code: str) -> Rooms:
    """The service's first sealed line on a connection of the man in the middle's own."""
    room = codes.parse(code)
    assert isinstance(room, codes.RelayCode)
    link = await Link.open("127.0.0.1", port, QUICK, MAX_LINE)
    try:
        link.send_msg(RelayHello("guest", code=room.room))
        decode(await link.recv(5) or b"", (Paired,))
        handshake = Handshake(room.secret, "guest")
        link.send_msg(Pake(handshake.message))
        reply = decode(await link.recv(5) or b"", (Pake,))
        assert isinstance(reply, Pake)
        keys = handshake.finish(reply.msg)
        link.send_msg(Confirm(keys.mine))
        sealed = Sealed(link, keys)
        first = decode(await sealed.recv(5) or b"", (Rooms,))
        assert isinstance(first, Rooms)
        return first
    finally:
        link.close()


class _Middle:
    """A listener on 127.0.0.1 that answers a guest as the relay and the host would, with
    the password: paired, SPAKE2 as the host, then ``rooms`` with what it took."""

    def __init__(self, code: str, taken: Rooms) -> None:
        room = codes.parse(code)
        assert isinstance(room, codes.RelayCode)
        self.secret, self.taken = room.secret, taken
        self.heard: list[bytes] = []
        self.port = 0
        self._net = LoopThread("middle")
        self._net.start(self._main)
        until(lambda: self.port, 5, "listening")

    async def _main(self) -> None:
        server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        async with server:
            await asyncio.Event().wait()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(reader, writer, QUICK, MAX_LINE)
        try:
            decode(await link.recv(5) or b"", (RelayHello,))
            link.send(encode(Paired()))
            pake = decode(await link.recv(5) or b"", (Pake,))
            assert isinstance(pake, Pake)
            handshake = Handshake(self.secret, HOST_SIDE)
            keys = handshake.finish(pake.msg)
            link.send(encode(Pake(handshake.message, keys.mine)))
            decode(await link.recv(5) or b"", (Confirm,))
            sealed = Sealed(link, keys)
            sealed.send(encode(Rooms(self.taken.rooms, (), self.taken.service,
                                     self.taken.signature)))
            line = await sealed.recv(5)
            if line is not None:
                self.heard.append(line)
        except (asyncio.TimeoutError, OSError):
            pass
        finally:
            link.close()

    def close(self) -> None:
        self._net.stop(2.0)
