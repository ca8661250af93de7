"""The relay process: it pairs a host and a guest by code, forwards their lines
unread, keeps its own lines (``!``) to itself, and survives every client that
misbehaves; a host and guests of this process play through it."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from contextlib import contextmanager
from dataclasses import replace
from typing import Iterator, Optional

import pytest

from game.engine import replay_log
from game.net import codes
from game.net.bot import Autoplayer, hosted_setup
from game.net.host import FAILED, Host
from game.net.listing import Listing
from game.net.protocol import (
    MAX_LINE,
    QUICK,
    RELAY_PROTOCOL,
    RELAY_PROTOCOLS,
    ROOM_GUESTS,
    Challenge,
    Pake,
    Proof,
    RelayHello,
    decode,
    encode,
)
from game.net.relay import Relay
from game.net.relay import main as relay_main
from game.net.secure import RoomOwner
from tests.game.net.conftest import SECRET_FILE, start_relay
from tests.game.net.helpers import (
    LIMIT,
    Raw,
    Table,
    hosting,
    join,
    play,
    relay_here,
    table_of_friends,
    until,
)
from tests.game.net.proxy import Proxy, Swallow


@pytest.fixture
def relay(procs):
    proc, port = start_relay()
    procs.append(proc)
    return port


def open_room(port: int) -> tuple[Raw, str]:
    host, code, _, _ = keyed_room(port)
    return host, code


def keyed_room(port: int, code: Optional[str] = None, key: Optional[bytes] = None,
               owner: Optional[RoomOwner] = None) -> tuple[Raw, str, bytes, RoomOwner]:
    """A host's connection, its room's code and ticket, and its owner key: a new room,
    or with ``code``, ``key`` and ``owner`` the room asked back (the challenge signed)."""
    owner = owner or RoomOwner()
    host = Raw(port)
    host.send(encode(RelayHello("host", code=code, key=key, owner=owner.public)))
    if code is not None:
        challenge = decode(host.line(), (Challenge,))
        host.send(encode(Proof(owner.sign(codes.normalise(code), challenge.nonce))))
    room = host.expect("room")
    return host, room["code"], bytes.fromhex(room["key"]), owner


def claim(port: int, code: str, key: bytes, owner: RoomOwner,
          signer: Optional[RoomOwner] = None) -> str:
    """Someone asks for room ``code`` with ``key`` and ``owner``'s public key, and signs
    the challenge (if one comes) with ``signer``'s: the reason it is refused."""
    raw = Raw(port)
    raw.send(encode(RelayHello("host", code=code, key=key, owner=owner.public)))
    msg = raw.msg()
    if msg is not None and msg["type"] == "challenge":
        nonce = bytes.fromhex(msg["nonce"])
        raw.send(encode(Proof((signer or RoomOwner()).sign(code, nonce))))
        msg = raw.msg()
    assert msg is not None and msg["type"] == "error", msg
    assert msg["fatal"] and raw.closed()
    return msg["reason"]


def host_hello(**fields) -> dict:
    return {"type": "relay", "role": "host", "protocol": RELAY_PROTOCOL, "owner": "ab" * 32,
            **fields}


def refused(raw: Raw) -> str:
    """The reason of a fatal refusal, once the relay has closed the connection."""
    error = raw.expect("error")
    assert error["fatal"] and raw.closed()
    return error["reason"]


def enter(port: int, code: str, **fields: object) -> Raw:
    guest = Raw(port)
    guest.say({"type": "relay", "role": "guest", "protocol": RELAY_PROTOCOL, "code": code,
               **fields})
    return guest


def paired_when_free(port: int, room: str) -> Optional[Raw]:
    """A guest paired in ``room``, or None if the relay still holds its last guest."""
    guest = enter(port, room)
    msg = guest.msg()
    if msg is not None and msg["type"] == "paired":
        return guest
    guest.close()
    return None


def paired(port: int) -> tuple[Raw, Raw, str]:
    host, code = open_room(port)
    return host, pair(port, host, codes.pretty(code).lower()), code       # typed loosely


def pair(port: int, host: Raw, code: str, **fields: object) -> Raw:
    """A guest in ``host``'s room, both told so (the guest's id on the host's side is
    kept as ``guest.gid``)."""
    guest = enter(port, code, **fields)
    assert guest.expect("paired") == {"type": "paired"}
    line = host.line(link=True)
    while line == b"!pong":                    # the answers to the host's heartbeats
        line = host.line(link=True)
    word, _, gid = line.partition(b" ")
    assert word == b"!joined" and gid.isdigit()
    guest.gid = int(gid)
    return guest


def passes(host: Raw, guest: Raw) -> None:
    guest.send(b"to the host\n")
    assert host.line() == b"%d to the host" % guest.gid
    host.send(b"%d to the guest\n" % guest.gid)
    assert guest.line() == b"to the guest"


@pytest.mark.slow
def test_a_host_and_a_guest_are_paired_and_their_lines_pass_unread(relay):
    host, guest, code = paired(relay)
    assert len(code) == 4 and codes.is_room(code)
    for line in (b'{"type": "anything", "at": "all"}', b"not even json \xff",
                 b" " * 1000 + b"x"):
        guest.send(line + b"\n")
        assert host.line() == b"%d " % guest.gid + line, "tagged with the guest's id"
        host.send(b"%d " % guest.gid + line[::-1] + b"\n")
        assert guest.line() == line[::-1], "the tag stripped"
    guest.send(b"!ping\n")
    assert guest.line(link=True) == b"!pong", "the relay answers heartbeats itself"
    guest.send(b"after\n")
    assert host.line(link=True) == b"%d after" % guest.gid, "and never passes them on"


@pytest.mark.slow
def test_unknown_rooms_and_other_versions_are_refused(relay):
    host, guest, code = paired(relay)
    for hello, reason in (({"role": "guest", "code": "ZZZZZZ"}, "no_such_room"),
                          (host_hello(protocol=max(RELAY_PROTOCOLS) + 1), "wrong_version"),
                          (host_hello(protocol=min(RELAY_PROTOCOLS) - 1), "wrong_version"),
                          ({"role": "host"}, "bad_field"),
                          ({"role": "spy"}, "bad_field")):
        raw = Raw(relay)
        raw.say({"type": "relay", "protocol": RELAY_PROTOCOL, **hello})
        error = raw.expect("error")
        assert error["reason"] == reason and error["fatal"] and raw.closed()
    guest.send(b"still here\n")
    assert host.line() == b"%d still here" % guest.gid


def test_a_relay_is_reached_where_it_listens_unless_told_its_public_address():
    """The address a fleet's gateways send guests to (``--public``): by default where it
    listens, as a client writes it back."""
    async def started(public: Optional[str]) -> tuple[Optional[str], int]:
        relay = Relay(QUICK, public=public)
        _, port = await relay.start("127.0.0.1", 0)
        await relay.close()
        return relay.public, port

    public, port = asyncio.run(started(None))
    assert public == f"127.0.0.1:{port}"
    assert asyncio.run(started("gw1.relay.example.org:47800"))[0] == "gw1.relay.example.org:47800"


@pytest.mark.parametrize("public", ["relay:0", "two words:1", "2001:db8::1:47800", ""])
def test_a_public_address_that_is_none_is_refused_with_its_reason(public, capsys):
    with pytest.raises(SystemExit) as stop:
        relay_main(["--public", public, "--listen", "127.0.0.1", "--port", "0"])
    assert stop.value.code == 2 and "error: --public: " in capsys.readouterr().err


@pytest.mark.slow
def test_hellos_of_relay_protocol_3_are_served_as_before_and_follow_changes_nothing_alone(relay):
    """A relay reads protocol 3 (a client from before ``moved``) as well as 4; a relay
    alone holds every room, so a guest that would follow is simply paired."""
    host = Raw(relay)
    host.say(host_hello(protocol=3, owner=RoomOwner().public.hex()))
    code = host.expect("room")["code"]
    old, new = pair(relay, host, code, protocol=3), pair(relay, host, code, follow=True)
    passes(host, old)
    passes(host, new)


@pytest.mark.slow
def test_a_room_holds_many_guests_each_on_its_own_line_up_to_its_cap(relay):
    """Guests get ids of their own; each hears only the lines tagged for it, the host
    hears each tagged; the seventeenth guest finds the room full (the host says
    ``!right ID`` for each, so one address's guests are not slowed)."""
    host, code = open_room(relay)
    guests = []
    for _ in range(ROOM_GUESTS):
        guests.append(pair(relay, host, code))
        host.send(b"!right %d\n" % guests[-1].gid)
    assert len({g.gid for g in guests}) == ROOM_GUESTS
    assert refused(enter(relay, code)) == "room_full"
    for guest in guests[:3]:
        passes(host, guest)
    host.send(b"%d for the second only\n" % guests[1].gid)
    guests[0].send(b"from the first\n")
    assert host.line() == b"%d from the first" % guests[0].gid
    assert guests[1].line() == b"for the second only"
    host.send(b"!kick %d\n" % guests[2].gid)
    assert guests[2].closed() and host.line(link=True) == b"!gone %d" % guests[2].gid
    last = pair(relay, host, code)
    assert last.gid not in {g.gid for g in guests}, "a freed place, a new id"
    host.send(b"99999 for nobody\n")               # a guest gone: dropped, no offence
    passes(host, last)
    host.send(b"!close\n")
    for guest in guests[:2] + guests[3:] + [last]:
        assert guest.line(link=True) == b"!gone" and guest.closed()


@pytest.mark.slow
def test_a_host_line_without_a_guest_id_is_an_offence(relay):
    host, guest, _ = paired(relay)
    host.send(b"no tag\n" * 3)
    passes(host, guest)
    host.send(b"no tag\n" * 30)
    assert host.closed(), "out of strikes"


@pytest.mark.slow
def test_a_guest_who_leaves_can_come_back_with_the_same_code(relay):
    host, guest, code = paired(relay)
    guest.close()
    assert host.line(link=True) == b"!gone %d" % guest.gid
    again = pair(relay, host, code)
    assert again.gid != guest.gid, "a new id: a late line for the old one never reaches it"


@pytest.mark.slow
def test_a_host_that_ends_its_room_frees_the_code_and_the_guest_hears_gone(relay):
    host, guest, code = paired(relay)
    host.send(b"!close\n")
    assert guest.line(link=True) == b"!gone"
    assert guest.closed() and host.closed()
    assert refused(enter(relay, code)) == "no_such_room"


# -- a host that drops gets its room back with its key --------------------------------------
@pytest.mark.slow
def test_a_host_that_drops_has_its_room_held_and_the_guest_sent_to_try_again(relay):
    host, code, key, _ = keyed_room(relay)
    assert len(key) == 16, "the relay's ticket"
    guest = pair(relay, host, code)
    host.close()                                    # no !close: a cut cable
    assert guest.line(link=True) is None, "closed without !gone"
    assert refused(enter(relay, code)) == "host_away", "not there yet"
    assert refused(enter(relay, code)) == "host_away", "and not a code guessed"
    first = join(codes.new_relay_code(code).text, relay=("127.0.0.1", relay),
                 limits=replace(QUICK, held_wait=0.4))
    assert not first.wait_connected(5) and first.reason == "no_such_room", \
        "a first join waits a while for a held room's host; one never back: no room"


@pytest.mark.slow
def test_a_newcomer_to_a_held_room_waits_and_is_seated_once_its_host_is_back():
    """A table the service deals is held while another worker takes it over: a first
    join then is told to try again shortly, not that no such room exists."""
    with relay_here() as (relay, port), \
            hosting("briscola", listen=None, relay=("127.0.0.1", port)) as (host, _):
        back = threading.Event()
        reclaim = host._relay_door._reclaim

        async def held_until_told(room):
            await asyncio.to_thread(back.wait, LIMIT)
            return await reclaim(room)

        host._relay_door._reclaim = held_until_told
        code = host.status().relay_code
        link = host._relay_link
        assert link is not None
        host._net.call(link.abort)                # its dealer gone: the room is held
        until(lambda: host.status().problem == "relay_lost", what="the room held")
        refused = relay.stats["refused"]
        newcomer = join(code, relay=("127.0.0.1", port))
        until(lambda: relay.stats["refused"] >= refused + 2 or newcomer.state == "lost",
              what="the newcomer told the room is held")
        assert newcomer.state != "lost", newcomer.reason
        back.set()
        assert newcomer.wait_inside(LIMIT) and newcomer.state != "lost", newcomer.reason
        newcomer.close()


@pytest.mark.slow
def test_a_host_gets_its_held_room_back_with_its_key_and_the_guest_comes_back(relay):
    host, code, key, owner = keyed_room(relay)
    pair(relay, host, code)
    host.close()
    back, same, same_key, _ = keyed_room(relay, codes.pretty(code), key, owner)
    assert (same, same_key) == (code, key)
    passes(back, pair(relay, back, code))


@pytest.mark.slow
def test_a_wrong_key_never_takes_a_room(relay):
    """Neither a made-up ticket, nor the ticket with another owner key, nor the ticket
    and owner key (all an observer saw) without the signature, takes a room."""
    host, code, key, owner = keyed_room(relay)
    guest = pair(relay, host, code)
    stranger = RoomOwner()
    for _ in range(2):
        assert claim(relay, code, bytes(16), owner) == "no_such_room"
        assert claim(relay, code, key, stranger) == "no_such_room"
        assert claim(relay, code, key, owner, signer=stranger) == "no_such_room"
        passes(host, guest)                         # the room still open is untouched
    host.close()
    assert claim(relay, code, key, owner, signer=stranger) == "no_such_room"
    assert refused(enter(relay, code)) == "host_away", "the room is still held for its host"
    back, _, _, _ = keyed_room(relay, code, key, owner)
    passes(back, pair(relay, back, code))


@pytest.mark.slow
def test_a_host_back_before_its_old_connection_is_found_dead_takes_over(relay):
    old, code, key, owner = keyed_room(relay)
    guest = pair(relay, old, code)
    new, _, _, _ = keyed_room(relay, code, key, owner)
    assert old.closed(), "the old connection is dropped"
    assert guest.line(link=True) is None, "the guest is sent to try again, without !gone"
    passes(new, pair(relay, new, code))


@pytest.mark.slow
def test_a_relay_that_restarted_gives_the_room_back_to_its_owner_only(procs):
    """The restarted relay remembers no room, but its secret (the same file) checks the
    ticket; the owner key's signature decides.  A relay that lost its secret gives
    nothing back."""
    proc, port = start_relay()
    procs.append(proc)
    host, code, key, owner = keyed_room(port)
    guest = pair(port, host, code)
    proc.end()                                      # killed: it forgets every room
    assert host.closed() and guest.closed()
    again, port = start_relay(["--port", str(port)])
    procs.append(again)
    assert refused(enter(port, code)) == "no_such_room", "not before the host is back"
    assert claim(port, code, key, owner, signer=RoomOwner()) == "no_such_room"
    assert claim(port, code, key, RoomOwner()) == "no_such_room"
    back, same, same_key, _ = keyed_room(port, code, key, owner)
    assert (same, same_key) == (code, key)
    assert claim(port, code, key, owner, signer=RoomOwner()) == "no_such_room", \
        "the code is taken now"
    passes(back, pair(port, back, code))
    back.close()
    again.end()
    forgetful, port = start_relay(["--port", str(port)], secret_file=SECRET_FILE.with_name("other"))
    procs.append(forgetful)
    assert claim(port, code, key, owner, signer=owner) == "no_such_room", \
        "another secret: the ticket is not its own"


@pytest.mark.slow
def test_a_held_room_counts_and_is_freed_after_the_hold(procs):
    proc, port = start_relay(["--max-rooms", "1", "--hold", "0.5"])
    procs.append(proc)
    host, code, _, _ = keyed_room(port)
    host.close()
    raw = Raw(port)
    raw.say(host_hello())
    assert refused(raw) == "relay_full", "a held room counts"

    def freed() -> bool:
        time.sleep(0.05)
        return refused(enter(port, code)) == "no_such_room"

    until(freed, what="the held room swept")
    open_room(port)


@pytest.mark.slow
def test_a_host_can_send_its_guest_away(relay):
    host, guest, _ = paired(relay)
    host.send(b'%d {"type": "bye"}\n!kick %d\n' % (guest.gid, guest.gid))   # one packet: the
    assert guest.line() == b'{"type": "bye"}'                              # bye still first
    assert guest.closed()
    assert host.line(link=True) == b"!gone %d" % guest.gid


@pytest.mark.slow
def test_a_guest_cannot_pass_relay_lines_to_the_host(relay):
    host, guest, _ = paired(relay)
    for _ in range(2):
        guest.send(b"!joined 5\n!gone 1\n!kick 1\n")
    guest.send(b"real\n")
    assert host.line(link=True) == b"%d real" % guest.gid
    guest.send(b"!gone\n" * 30)
    assert guest.closed(), "out of strikes"
    assert host.line(link=True) == b"!gone %d" % guest.gid


@pytest.mark.slow
@pytest.mark.parametrize("first", [b"\x00\x01garbage\n", b"[]\n", b'{"type": "hello"}\n',
                                   b"x" * (MAX_LINE + 100)])
def test_a_bad_first_line_is_refused_and_closed(relay, first):
    raw = Raw(relay)
    raw.send(first)
    assert raw.expect("error")["fatal"] and raw.closed()
    paired(relay)


@pytest.mark.slow
def test_silent_and_dead_connections_are_dropped(relay):
    silent = Raw(relay)
    host, guest, _ = paired(relay)
    # the host keeps its heartbeat from now on; the guest falls silent and is dropped
    # within dead_after; the one that never said hello is told so (read at the end)
    end, gone = time.monotonic() + 15, False
    while not gone and time.monotonic() < end:
        host.send(b"!ping\n")          # one pong comes back for each: lines never pile up
        try:
            line = host.line(timeout=0.3, link=True)
        except AssertionError:          # nothing for now
            continue
        assert line is not None, "the host, who keeps its heartbeat, stays"
        gone = line == b"!gone %d" % guest.gid
    assert gone, "the silent guest was dropped and its host told"
    assert guest.closed()
    assert silent.expect("error", timeout=3)["reason"] == "hello_timeout"
    assert silent.closed()


@pytest.mark.slow
def test_a_flood_is_throttled_and_other_pairs_are_served(relay):
    host, guest, _ = paired(relay)
    drained = threading.Event()

    def drain() -> None:
        got = 0
        while got < 12 << 20:
            data = host.sock.recv(1 << 20)
            if not data:
                break
            got += len(data)
        drained.set()

    threading.Thread(target=drain, daemon=True).start()
    chunk = (b"f" * 1000 + b"\n") * 1000
    sender = threading.Thread(target=lambda: [guest.send(chunk) for _ in range(12)], daemon=True)
    sender.start()
    other_host, other_guest, _ = paired(relay)
    other_guest.send(b"quick\n")
    assert other_host.line() == b"%d quick" % other_guest.gid
    # served while the flood still goes through (an order, not a stopwatch)
    assert not drained.is_set(), "the other pair waited for the whole flood"
    assert drained.wait(15), "the flood is delivered, throttled"
    sender.join(5)


@pytest.mark.slow
def test_a_random_storm_of_bytes_never_stops_the_relay(relay):
    rng = random.Random(7)
    for _ in range(40):
        raw = Raw(relay)
        raw.send(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000))))
        if rng.random() < 0.5:
            raw.send(b"\n")
        raw.close()
    host, guest, _ = paired(relay)
    guest.send(b"alive\n")
    assert host.line() == b"%d alive" % guest.gid


@pytest.mark.slow
def test_the_relay_holds_a_limited_number_of_rooms(procs):
    proc, port = start_relay(["--max-rooms", "2"])
    procs.append(proc)
    held = [open_room(port) for _ in range(2)]
    raw = Raw(port)
    raw.say(host_hello())
    assert raw.expect("error")["reason"] == "relay_full"
    held[0][0].send(b"!close\n")
    until(lambda: open_room(port), what="a room freed")


@pytest.mark.slow
def test_an_address_that_guesses_codes_is_turned_away(relay):
    for _ in range(10):
        raw = enter(relay, codes.new_room())
        assert raw.expect("error")["reason"] == "no_such_room"
    raw = Raw(relay)
    assert raw.closed(2), "turned away without a word"


# -- public tables ----------------------------------------------------------------------------
def lister(port: int) -> tuple[Raw, list[dict]]:
    raw = Raw(port)
    raw.say({"type": "relay", "role": "list", "protocol": RELAY_PROTOCOL})
    return raw, raw.expect("tables")["tables"]


def ask(raw: Raw, *alive: Raw) -> list[dict]:
    """The list again, asked at the pace of a screen (faster costs strikes); the
    ``alive`` connections keep their heartbeat meanwhile."""
    for _ in range(2):
        for other in alive:
            other.send(b"!ping\n")
        time.sleep(0.25)
    raw.send(b"!tables\n")
    return raw.expect("tables")["tables"]


def public_line(code: str, **fields) -> bytes:
    listing = Listing(codes.new_relay_code(code).text, "bisca", 6, 1, "Anna", {"lives": 3},
                      True)
    obj = {**listing.to_json(), **fields}
    return b"!public " + json.dumps(obj).encode() + b"\n"


@pytest.mark.slow
def test_a_public_table_is_listed_with_its_whole_code_and_a_private_one_never(relay):
    public, room = open_room(relay)
    private, hidden = open_room(relay)
    line = public_line(room)
    public.send(line)
    private.send(b"!ping\n")
    raw, tables = lister(relay)
    until(lambda: any(t["code"][:4] == room for t in ask(raw, public)), what="listed")
    listed = next(t for t in ask(raw, public) if t["code"][:4] == room)
    assert listed == json.loads(line.partition(b" ")[2]), "the whole code: open to all"
    assert all(t["code"][:4] != hidden for t in ask(raw, public)), \
        "a private room never appears"
    pair(relay, public, listed["code"][:4])
    public.send(b"!private\n")
    until(lambda: all(t["code"][:4] != room for t in ask(raw, public)), what="unlisted")


@pytest.mark.slow
def test_a_listing_goes_with_its_room_and_never_names_another_room(relay):
    host, room = open_room(relay)
    _, other = open_room(relay)
    host.send(public_line(other))               # another room's code: not listed
    host.send(public_line(room, seats=99))      # not a listing
    raw, _ = lister(relay)
    host.send(public_line(room))
    until(lambda: [t["code"][:4] for t in ask(raw, host)
                   if t["code"][:4] in (room, other)] == [room], what="only its own room listed")
    host.send(b"!close\n")
    until(lambda: all(t["code"][:4] != room for t in ask(raw)), what="gone with the room")


def test_a_flood_of_list_requests_costs_strikes_and_the_relay_serves_on(relay):
    raw, _ = lister(relay)
    raw.send(b"!tables\n" * 200)
    assert raw.closed(), "out of strikes"
    _, tables = lister(relay)
    assert isinstance(tables, list)
    passes(*paired(relay)[:2])


# -- a game through the relay ---------------------------------------------------------------
@pytest.mark.slow
def test_guests_through_the_relay_fault_and_the_game_goes_on(relay):
    """A wrong code, a third player, a raw guest that floods (the host has the relay
    send it away), then a real guest who plays to the end."""
    with hosting("briscola", seed=12, listen=None, relay=("127.0.0.1", relay),
                 delay=0.002) as (host, table):
        code = host.status().relay_code
        assert code and host.status().direct_code is None
        room = codes.parse(code).room
        wrong = join(codes.new_relay_code(codes.new_room()).text, relay=("127.0.0.1", relay))
        assert not wrong.wait_connected(5) and wrong.reason == "no_such_room"
        guessed = join(codes.new_relay_code(room).text, relay=("127.0.0.1", relay))
        assert not guessed.wait_connected(5) and guessed.reason == "wrong_code"
        until(lambda: host.wrong_codes == 1, what="the host counts it")
        raw = until(lambda: paired_when_free(relay, room), what="the room free again")
        raw.hello(code)
        third = join(code, relay=("127.0.0.1", relay))
        assert not third.wait_connected(5) and third.reason == "room_full"
        raw.send(b'{"type":"submit","seat":1,"action":"claim"}\n' * 3000)
        assert raw.closed(10), "the host kicked the flooder"
        until(lambda: host.status().seats[1].stand_in, what="a computer in the seat")
        guest = join(code, relay=("127.0.0.1", relay), name="Anna", resume=raw.seat_key)
        assert guest.wait_connected(5)
        last = play(guest)
        assert table.over.wait(LIMIT)
        assert last.result == table.result == replay_log(host.session.log()).result()
        guest.close()
        until(lambda: not host.status().seats[1].present, what="the guest gone")


def test_a_host_without_its_relay_says_so():
    host = Host(hosted_setup("bocce", 0, 1, "random", 1), relay=("127.0.0.1", 9),
                limits=QUICK).start()
    try:
        assert not host.wait_ready(5)
        assert host.status().state == FAILED and host.status().problem == "relay_unreachable"
    finally:
        host.close()


@pytest.mark.slow
def test_the_relay_restarts_mid_game_and_host_and_guest_finish_it(procs):
    """The relay is killed and started again on its port while a game is played
    through it: the host gets its code back with its key, the guest rejoins with its
    seat's token, and both end with the result of the host's log."""
    proc, port = start_relay()
    procs.append(proc)
    limits = replace(QUICK, reconnect_for=LIMIT)        # however slowly the relay starts
    with hosting("briscola", seed=4, limits=limits, listen=None, relay=("127.0.0.1", port),
                 delay=0.002) as (host, table):
        code = host.status().relay_code
        guest = join(code, limits=limits, relay=("127.0.0.1", port), name="Anna")
        assert guest.wait_connected(5)
        me = Autoplayer(guest, "random", 3)
        until(lambda: me.step() or me.actions >= 3, timeout=LIMIT, what="three moves")
        table.thinking.set()                  # the host's player waits: the game cannot end
        proc.end()
        until(lambda: host.status().problem == "relay_lost", what="the host sees the loss")
        until(lambda: guest.state == "reconnecting", what="the guest reconnecting")
        again, _ = start_relay(["--port", str(port)])
        procs.append(again)
        until(lambda: host.status().problem is None, timeout=LIMIT, what="the host back")
        assert host.status().relay_code == code
        until(lambda: me.step() or guest.state == "connected", timeout=LIMIT,
              what="the guest back")
        assert guest.reconnects == 1 and host.status().seats[1].present
        table.thinking.clear()
        last = me.play(LIMIT)
        assert table.over.wait(LIMIT)
        assert last.result == table.result == replay_log(host.session.log()).result()
        assert host.status().problem is None


@pytest.mark.slow
def test_a_host_that_loses_its_link_to_the_relay_gets_its_room_back(relay):
    """A blip between host and relay only (the relay keeps running): the room is held,
    the guest is told host_away until the host is back, and the game goes on."""
    limits = replace(QUICK, reconnect_for=LIMIT)
    with hosting("briscola", seed=8, limits=limits, listen=None, relay=("127.0.0.1", relay),
                 delay=0.002) as (host, table):
        code = host.status().relay_code
        guest = join(code, limits=limits, relay=("127.0.0.1", relay))
        assert guest.wait_connected(5)
        me = Autoplayer(guest, "random", 5)
        until(lambda: me.step() or me.actions >= 3, timeout=LIMIT, what="three moves")
        table.thinking.set()
        link = host._relay_link
        assert link is not None
        host._net.call(link.abort)            # a cut cable between the host and the relay
        until(lambda: host.status().problem == "relay_lost" or host._relay_link is not link,
              what="the host sees the loss")
        until(lambda: host.status().problem is None, timeout=LIMIT, what="the host back")
        until(lambda: me.step() or guest.state == "connected" and guest.reconnects == 1,
              timeout=LIMIT, what="the guest back")
        assert host.status().relay_code == code
        table.thinking.clear()
        last = me.play(LIMIT)
        assert table.over.wait(LIMIT)
        assert last.result == table.result == replay_log(host.session.log()).result()


@pytest.mark.slow
def test_a_host_whose_first_ask_for_its_room_back_is_heard_late_asks_again(caplog):
    """The relay heard the host's ask for its room back too late (a hello lost on the path,
    or a loaded machine: ``hello_timeout``): that is no refusal, and the host asks again
    and gets its room back."""
    with relay_here() as (_, port):
        proxy = Proxy(port)
        try:
            with hosting("briscola", seed=8, listen=None, relay=("127.0.0.1", proxy.port),
                         wait_for_guest=False) as (host, _table):
                code = host.status().relay_code
                link = host._relay_link
                assert link is not None
                door = Swallow("relay")
                proxy.up = door                  # the next hello to the relay is lost
                host._net.call(link.abort)
                until(lambda: door.done.is_set(), what="the first ask lost")
                until(lambda: host._relay_link not in (None, link), timeout=LIMIT,
                      what="the host back on the relay")
                assert host.status().relay_code == code
                assert "will not give room" not in caplog.text
        finally:
            proxy.close()


@pytest.mark.slow
def test_a_host_that_quits_ends_its_relay_room_at_once(relay):
    with hosting("briscola", delay=0.05, listen=None, relay=("127.0.0.1", relay)) as (host,
                                                                                       table):
        code = host.status().relay_code
        guest = join(code, relay=("127.0.0.1", relay))
        assert guest.wait_connected(5)
        table.stop()
        host.close()
        until(lambda: guest.state == "lost", timeout=2)
        assert guest.reason == "host_left"
        assert refused(enter(relay, code)) == "no_such_room", "ended, not held"


@pytest.mark.slow
def test_a_host_whose_relay_lost_its_secret_stops_asking(procs, caplog, tmp_path):
    """A relay restarted without its secret cannot check the host's ticket: the host,
    refused, stops asking and says its relay code is lost; nobody else gets the room."""
    proc, port = start_relay(secret_file=tmp_path / "first")
    procs.append(proc)
    with hosting("bocce", listen=None, relay=("127.0.0.1", port)) as (host, _):
        code = codes.parse(host.status().relay_code).room
        proc.end()
        until(lambda: host.status().problem == "relay_lost", what="the host sees the loss")
        again, _ = start_relay(["--port", str(port)], secret_file=tmp_path / "second")
        procs.append(again)
        until(lambda: "will not give room" in caplog.text, timeout=LIMIT, what="refused")
        assert host.status().problem == "relay_lost"
        assert refused(enter(port, code)) == "no_such_room"


@contextmanager
def guessed_room(relay: int, wrong: int = 3):
    """A host through the relay whose room ``wrong`` guests from 127.0.0.1 tried with
    wrong codes; yields the host, its table and its code."""
    with hosting("bocce", listen=None, relay=("127.0.0.1", relay), delay=0.01) as (host, table):
        code = host.status().relay_code
        room = codes.parse(code).room
        for _ in range(wrong):
            guess = join(codes.new_relay_code(room).text, relay=("127.0.0.1", relay))
            assert not guess.wait_connected(5) and guess.reason == "wrong_code"
        until(lambda: host.wrong_codes == wrong)
        yield host, table, code


def plays_to_the_end(table, friend) -> None:
    assert friend.wait_connected(10), friend.reason
    Autoplayer(friend, "random", 3).play(LIMIT)
    assert table.over.wait(LIMIT)


@pytest.mark.slow
def test_the_relay_slows_attempts_at_a_room_per_address_and_the_friend_gets_in(relay):
    """Attempts at a room from one address wait in line for their turns, told so (a
    ``slow_down`` that is not fatal; the host tells the relay which were wrong with
    ``!wrong``); the right code from the same address gets in all the same, and
    another room is not slowed."""
    with guessed_room(relay) as (host, table, code):
        crowd = [Raw(relay) for _ in range(6)]
        for raw in crowd:
            raw.say({"type": "relay", "role": "guest", "protocol": RELAY_PROTOCOL,
                     "code": codes.parse(code).room})
        answers = [raw.msg(timeout=5) for raw in crowd]
        reasons = [a.get("reason", a["type"]) if a else None for a in answers]
        assert "slow_down" in reasons, reasons
        for raw in crowd:
            raw.close()
        pair(relay, *open_room(relay))          # another room: no wait for its first guest
        plays_to_the_end(table, join(code, relay=("127.0.0.1", relay)))


#: turns 30 s apart: with them, friends queued for turns would not sit within a test's wait
SLOW_TURNS = replace(QUICK, guess_first=30.0, guess_most=30.0)


@contextmanager
def six_at_bisca(way: str) -> Iterator[tuple[Host, str, dict]]:
    """A host of Bisca at six with a friend's seat at each of the five others, through a
    relay in this process or at its own door, its turns :data:`SLOW_TURNS` apart
    wherever they are kept; yields the host, its code, and a guest's options."""
    with relay_here(limits=SLOW_TURNS) as (_, port):
        if way == "relay":
            options: dict = {"listen": None, "relay": ("127.0.0.1", port)}
            limits, reach = QUICK, {"relay": ("127.0.0.1", port)}
        else:
            options, limits, reach = {"listen": "127.0.0.1", "port": 0}, SLOW_TURNS, {}
        host = Host(table_of_friends("bisca", 6, 3), name="Host", paced=False,
                    stand_in="random", limits=limits, **options).start()
        table = Table(host)
        try:
            assert host.wait_ready(10), host.status()
            table.start()
            status = host.status()
            code = status.relay_code if way == "relay" else status.direct_code
            assert code is not None
            yield host, code, reach
        finally:
            table.stop()
            host.close()


def knock(code: str, reach: dict) -> Raw:
    """An attempt at ``code``'s room from 127.0.0.1 that says no more than it must."""
    parsed = codes.parse(code)
    if isinstance(parsed, codes.RelayCode):
        return enter(reach["relay"][1], parsed.room)
    raw = Raw(parsed.port)
    raw.say(json.loads(encode(Pake(bytes(33)))))
    return raw


def answer(raw: Raw) -> str:
    """The reason an attempt was refused at once, ``in_line`` if it was told it waits in
    line for a turn (a ``slow_down`` that is not fatal), or ``waiting`` (nothing within
    15 s, or closed meanwhile for a silence it kept).  The host says either as it reads
    the attempt; one second, then three, were too short on a loaded machine (load 20-50):
    a word late by more than that read as ``waiting``."""
    try:
        msg = raw.msg(timeout=15.0) or {}
    except AssertionError:
        return "waiting"
    if msg.get("reason") == "slow_down" and not msg.get("fatal"):
        return "in_line"
    return str(msg.get("reason", "waiting"))


def wrong_password(code: str) -> str:
    """The same room with another password."""
    parsed = codes.parse(code)
    if isinstance(parsed, codes.RelayCode):
        return codes.new_relay_code(parsed.room).text
    return codes.direct_code(parsed.address, parsed.port,
                             (parsed.password + 1) % parsed.passwords)


@pytest.mark.slow
@pytest.mark.parametrize("way", ["relay", "direct"])
def test_five_friends_behind_one_router_join_one_table_at_once_and_all_sit(way):
    """Five guests from one address (127.0.0.1) give the right code at the same instant:
    none waits for a turn (in line for turns 30 s apart, the fifth would wait two
    minutes), all five sit and the game starts.  A stranger's wrong code from that
    address afterwards still slows the attempts after it: each waits in line."""
    with six_at_bisca(way) as (host, code, reach):
        friends = [join(code, name=f"Friend {i}", **reach) for i in range(1, 6)]
        try:
            assert all(f.wait_connected(15) for f in friends), [f.reason for f in friends]
            assert sorted(f.seat for f in friends) == [1, 2, 3, 4, 5], "every seat a friend"
            stranger = join(wrong_password(code), **reach)
            assert not stranger.wait_connected(5) and stranger.reason == "wrong_code"
            until(lambda: host.wrong_codes == 1, what="the wrong code counted")
            crowd = [knock(code, reach) for _ in range(3)]
            reasons = [answer(raw) for raw in crowd]
            assert reasons == ["in_line"] * 3, reasons
            for raw in crowd:
                raw.close()
        finally:
            for friend in friends:
                friend.close()


@pytest.mark.slow
def test_a_guest_kept_waiting_for_its_turn_by_the_relay_keeps_its_link_alive(relay):
    """After wrong codes and one more attempt from its address, the friend's turn is
    about 0.8 s off (quick limits); with a link thought dead after 0.5 s of silence it
    keeps it alive with its heartbeat while it waits, and gets in."""
    impatient = replace(QUICK, hello_timeout=0.3, ping_every=0.1, dead_after=0.5)
    with guessed_room(relay) as (host, table, code):
        ahead = enter(relay, codes.parse(code).room)        # takes the next turn
        friend = join(code, relay=("127.0.0.1", relay), limits=impatient)
        ahead.expect("paired")
        ahead.close()
        plays_to_the_end(table, friend)
