"""A passive observer of every byte: whole games of every game between two real
processes (computers at both ends, game/net/bot.py), directly and through a relay
process, pass through a recording proxy on 127.0.0.1 (on the guest's path to the
host, or on both paths to the relay).  The recording shows the rooms and the
handshake, and nothing else readable: no card, no name, no password, no seat key,
no game message."""

from __future__ import annotations

import base64
import json

import pytest

from game import GAMES
from game.net import codes
from tests.game.net.conftest import Proc
from tests.game.net.leaks import card_codes
from tests.game.net.proxy import Proxy
from tests.game.net.test_processes import BOT, finished

pytestmark = pytest.mark.slow      # whole games, real sockets
HOST_NAME, GUEST_NAME = "Marcantonio Colonna", "Giambattista Pergolesi"
#: what may cross in clear: the relay's lines, the handshake, errors; and link lines
CLEAR = {"relay", "room", "challenge", "proof", "paired", "pake", "confirm", "error"}
LINK = {b"!ping", b"!pong", b"!joined", b"!gone", b"!kick", b"!wrong", b"!right", b"!close"}


def sealed_or_clear(recording: bytes) -> int:
    """Every line is a link line, a clear line of the handshake or the relay, or sealed
    (base64 that opens to nothing here), a guest's id in front between relay and host;
    the count of sealed lines."""
    count = 0
    for line in recording.split(b"\n"):
        tag, space, rest = line.partition(b" ")
        if space and tag.isdigit():
            line = rest
        if not line or line.partition(b" ")[0] in LINK:
            continue
        if line.startswith(b"{"):
            assert json.loads(line)["type"] in CLEAR, line[:120]
            continue
        base64.b64decode(line, validate=True)
        count += 1
    return count


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("way", ("direct", "relay"))
def test_a_recording_of_a_whole_game_shows_no_card_name_password_or_key(
        key, way, procs, relay_port, tmp_path):
    relay = Proxy(relay_port)                   # host -> relay and guest -> relay
    try:
        door = ["--listen", "127.0.0.1", "--port", "0"] if way == "direct" else []
        host = Proc([*BOT, "--relay", f"127.0.0.1:{relay.port}", "host", key, "--seed", "5",
                     "--name", HOST_NAME, *door])
        procs.append(host)
        code = host.expect(f"{way} ")
        room = codes.parse(code)
        if isinstance(room, codes.DirectCode):
            proxy = Proxy(room.port)            # guest -> host
            guest_code = codes.direct_code("127.0.0.1", proxy.port, room.password)
        else:
            proxy, guest_code = relay, code
        trace, keep = tmp_path / "received", tmp_path / "seat"
        guest = Proc([*BOT, "--relay", f"127.0.0.1:{relay.port}", "join", guest_code,
                      "--name", GUEST_NAME, "--trace", str(trace), "--keep", str(keep)])
        procs.append(guest)
        theirs, _ = finished(host, guest)
        assert theirs["names"][:2] == [HOST_NAME, GUEST_NAME], "the names did cross"
        recording = proxy.recording() + (relay.recording() if proxy is not relay else b"")
        if proxy is not relay:
            proxy.close()
    finally:
        relay.close()
    received = trace.read_bytes().splitlines()
    cards = set()
    for line in received:
        cards |= card_codes(json.loads(line))
    assert len(cards) >= 10, "the guest saw cards, the observer must not"
    assert sealed_or_clear(recording) >= len(received)
    plain = b"\n".join(received)                  # the same search finds them in clear
    for card in cards:
        forms = (f'"{card}"'.encode(), f":{card}".encode())
        assert any(form in plain for form in forms)
        assert not any(form in recording for form in forms), card
    assert GUEST_NAME.encode() in plain
    seat_key = bytes.fromhex(keep.read_text().split()[1])
    hidden = [HOST_NAME, GUEST_NAME, room.secret.decode(), seat_key.hex(),
              base64.b64encode(seat_key).decode(), '"update"', '"welcome"', '"submit"',
              '"hello"', '"names"', '"view"']
    if isinstance(room, codes.RelayCode):
        hidden.append(room.password)
        assert room.room.encode() in recording, "the relay sees the room, and only that"
    else:
        hidden += [str(room.password), code, guest_code]
    for secret in hidden:
        assert secret.encode() not in recording, secret
