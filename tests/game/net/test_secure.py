"""The secure channel's parts, without a socket: SPAKE2 gives both sides one key only
with one password; a sealed line opens once, in its place, unchanged; seat proofs bind
to their connection; wrong codes are slowed per address and never lock anyone out;
relay tickets and owner signatures; the relay's secret is kept."""

from __future__ import annotations

import stat
from typing import Optional

import pytest

from game.net import secure
from game.net.secure import (
    GUEST,
    HOST,
    Forged,
    Guesses,
    Handshake,
    Malformed,
    RoomOwner,
    SeatBack,
    Turn,
    seat_proof,
)


def connect(guest_secret: bytes = b"relay:ABCDEFG", host_secret: bytes = b"relay:ABCDEFG"):
    guest, host = Handshake(guest_secret, GUEST), Handshake(host_secret, HOST)
    return guest.finish(host.message), host.finish(guest.message)


def test_one_password_gives_both_sides_the_same_keys_and_each_a_confirmation():
    guest, host = connect()
    assert guest.confirms(host.mine) and host.confirms(guest.mine)
    assert guest.mine != host.mine, "a confirmation cannot be sent back as the other's"
    assert guest.binding == host.binding and guest.seat_key == host.seat_key
    line = guest.channel().seal(b'{"type":"hello"}')
    assert host.channel().open(line) == b'{"type":"hello"}'


def test_a_wrong_password_is_caught_by_the_confirmations_on_both_sides():
    guest, host = connect(b"relay:ABCDEFG", b"relay:ABCDEFH")
    assert not guest.confirms(host.mine) and not host.confirms(guest.mine)
    with pytest.raises(Forged):
        host.channel().open(guest.channel().seal(b"x"))


def test_every_run_makes_new_keys_even_with_the_same_password():
    first, _ = connect()
    second, _ = connect()
    assert first.binding != second.binding and first.seat_key != second.seat_key


@pytest.mark.parametrize("message", [b"", b"\x00" * 33, b"A" + bytes(32), b"x" * 100])
def test_a_malformed_spake2_message_is_refused(message):
    with pytest.raises(Malformed):
        Handshake(b"direct:1", HOST).finish(message)


def test_a_side_cannot_talk_to_itself():
    guest = Handshake(b"direct:1", GUEST)
    with pytest.raises(Malformed):
        Handshake(b"direct:1", GUEST).finish(guest.message)


def sealed_lines(count: int = 3):
    guest, host = connect()
    out = guest.channel()
    return [out.seal(f"line {i}".encode()) for i in range(count)], host.channel()


def test_lines_open_in_order_and_only_once():
    lines, inbox = sealed_lines()
    assert [inbox.open(line) for line in lines] == [b"line 0", b"line 1", b"line 2"]
    with pytest.raises(Forged):
        inbox.open(lines[2])                      # replayed


@pytest.mark.parametrize("tamper", ["flip", "reorder", "drop", "replay", "garbage", "reflect"])
def test_a_tampered_stream_is_refused(tamper):
    lines, inbox = sealed_lines()
    if tamper == "flip":
        raw = bytearray(lines[0])                 # one base64 symbol for another
        raw[5] = ord("A") if raw[5] != ord("A") else ord("B")
        lines[0] = bytes(raw)
    elif tamper == "reorder":
        lines[0], lines[1] = lines[1], lines[0]
    elif tamper == "drop":
        lines = lines[1:]
    elif tamper == "replay":
        inbox.open(lines[0])
    elif tamper == "garbage":
        lines[0] = b"not base64 at all!"
    else:                                         # the host's own line sent back to it
        guest, host = connect()
        inbox = host.channel()
        lines[0] = inbox.seal(b"line 0")
    with pytest.raises(Forged):
        inbox.open(lines[0])
    assert inbox.received == (1 if tamper == "replay" else 0), "the counter did not move"


def test_a_sealed_line_hides_its_length_only_up_to_its_size():
    lines, _ = sealed_lines(1)
    assert len(lines[0]) == secure.sealed_size(len(b"line 0"))
    assert b"line" not in lines[0]


def test_a_seat_pass_is_bound_to_its_spake2_message_and_stands_for_no_proof():
    first, _ = connect()
    one, other = Handshake(b"x", GUEST).message, Handshake(b"x", GUEST).message
    assert secure.seat_pass(first.seat_key, one) != secure.seat_pass(first.seat_key, other)
    later, _ = connect()
    assert secure.seat_pass(first.seat_key, one) != secure.seat_pass(later.seat_key, one)
    assert secure.seat_pass(first.seat_key, later.binding) != \
        seat_proof(first.seat_key, later.binding), "another label than the rejoin's proof"


def back(guest_key: bytes, host_key: bytes) -> tuple[secure.Keys, secure.Keys]:
    """Both sides of one way back (secure.SeatBack), each with the seat key it holds."""
    guest, host = SeatBack(GUEST), SeatBack(HOST)
    return guest.finish(guest_key, host.message), host.finish(host_key, guest.message)


def test_the_way_back_by_one_seat_key_gives_both_sides_one_key_and_confirmations_both_ways():
    seat_key = connect()[0].seat_key
    guest, host = back(seat_key, seat_key)
    assert guest.confirms(host.mine) and host.confirms(guest.mine) and guest.mine != host.mine
    assert guest.binding == host.binding
    assert host.channel().open(guest.channel().seal(b"hello")) == b"hello"
    again, _ = back(seat_key, seat_key)
    assert again.binding != guest.binding, "every way back makes new keys"


def test_a_way_back_by_another_seat_key_confirms_on_neither_side():
    guest, host = back(connect()[0].seat_key, connect()[0].seat_key)
    assert not guest.confirms(host.mine) and not host.confirms(guest.mine)
    with pytest.raises(Forged):
        host.channel().open(guest.channel().seal(b"x"))


def test_a_recorded_way_back_confirms_nothing_when_replayed_even_with_the_seat_key():
    """A replayer sends a recorded guest message and its confirmation: the host's fresh
    ephemeral key makes another connection key, which the recorded confirmation does
    not confirm; the replayer lacks the guest's ephemeral secret to make the right one,
    so even holding the seat key it derives another key than the host."""
    seat_key = connect()[0].seat_key
    recorded, first_host = SeatBack(GUEST), SeatBack(HOST)
    confirm = recorded.finish(seat_key, first_host.message).mine
    host = SeatBack(HOST).finish(seat_key, recorded.message)
    assert not host.confirms(confirm)
    replayer = SeatBack(GUEST).finish(seat_key, first_host.message)
    assert not host.confirms(replayer.mine)


@pytest.mark.parametrize("message", [bytes(48), b"\x01" + bytes(47), bytes(32), b"x" * 49])
def test_a_way_back_that_is_no_public_key_of_the_curve_is_malformed(message):
    """The all-zero point and the other low-order points give no shared secret."""
    with pytest.raises(Malformed):
        SeatBack(HOST).finish(bytes(32), message)


def test_a_seat_proof_is_bound_to_its_connection():
    first, _ = connect()
    later, host = connect()
    proof = seat_proof(first.seat_key, later.binding)
    assert proof == seat_proof(first.seat_key, host.binding)
    other, _ = connect()
    assert proof != seat_proof(first.seat_key, other.binding), "replayed elsewhere: no use"
    assert proof != seat_proof(later.seat_key, later.binding), "another seat key: no use"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def turn(guesses: Guesses, clock: Clock, key: str, who: Optional[str] = None) -> tuple[Turn, float]:
    """An attempt under ``key`` waits in line for its turn: the turn, and how long it took."""
    place, start = guesses.line(key, who), clock.now
    while (wait := guesses.poll(place)) > 0:
        clock.now += wait
    assert place.turn is not None
    return place.turn, clock.now - start


def guess(guesses: Guesses, clock: Clock, ip: str, times: int) -> list[float]:
    """``times`` wrong codes from ``ip``, one after the other, each at its turn."""
    waits = []
    for _ in range(times):
        taken, waited = turn(guesses, clock, ip)
        waits.append(waited)
        guesses.failed(taken)
    return waits


def test_wrong_codes_double_the_wait_of_their_address_up_to_the_most():
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, clock=clock)
    assert guess(guesses, clock, "203.0.113.9", 7) == [0, 1, 2, 4, 8, 8, 8]
    assert guesses.total == 7 and guesses.tries("203.0.113.9") == 7
    assert guesses.line("198.51.100.1").turn is not None, "another address is not slowed"
    assert guesses.rate(7) == 1 / 8, "an eighth of a guess a second at most"


def test_friends_at_one_address_joining_together_all_go_at_once():
    """Five friends behind one router try the right code at the same instant: none
    waits, and the next friend after them neither."""
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, clock=clock)
    places = [guesses.line("203.0.113.9") for _ in range(5)]
    assert all(p.turn is not None and p.turn.free for p in places)
    for place in places:
        guesses.succeeded(place.turn)
    assert guesses.line("203.0.113.9").turn is not None and guesses.tries("203.0.113.9") == 0


def test_attempts_at_once_are_charged_their_turns_when_wrong_then_wait_in_line():
    """A clean slate lets ``together`` attempts go at once; each found wrong (or left
    once answered) is charged the turn it did not take, so after them the address
    waits as long as if they had queued, and later attempts wait in line, in order."""
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, together=4, clock=clock)
    free = [guesses.line("203.0.113.9").turn for _ in range(4)]
    assert all(t is not None and t.free for t in free)
    fifth = guesses.line("203.0.113.9")
    assert fifth.turn is not None and not fifth.turn.free, "past ``together``, turns as before"
    for taken in free[:3]:
        guesses.failed(taken)
    guesses.left(free[3])                       # it read the host's answer and went
    assert guesses.total == 3 and guesses.tries("203.0.113.9") == 5
    line = [guesses.line("203.0.113.9") for _ in range(3)]
    assert [p.turn for p in line] == [None] * 3 and guesses.waiting("203.0.113.9") == 3
    clock.now += 22.5
    assert guesses.poll(line[1]) > 0, "the second waits for the first"
    clock.now += 0.5
    assert guesses.poll(line[1]) > 0 and guesses.poll(line[0]) == 0, \
        "the turn after 1 + 2 + 4 + 8 + 8 s goes to the first in line"
    released = Guesses(first=1.0, most=8.0, together=1, clock=clock)
    early = released.line("198.51.100.1").turn
    released.released(early)                    # gone before the host answered
    assert released.tries("198.51.100.1") == 0 and released.line("198.51.100.1").turn.free


def test_a_guesser_with_many_connections_gets_no_more_than_at_most_one_a_turn():
    """However many connections it queues, a guesser at one address gets ``together``
    attempts at first, then one per ``most`` seconds: over ten minutes about as many
    as one attempt at a time got before friends could join together."""
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, clock=clock)
    line = [guesses.line("203.0.113.9") for _ in range(20)]
    answered = 0
    while clock.now < 600:
        waits = []
        for place in line:
            waits.append(guesses.poll(place))
            if place.turn is not None:
                guesses.failed(place.turn)
                answered += 1
        line = [p if p.turn is None else guesses.line("203.0.113.9") for p in line]
        clock.now += max(min(w for w in waits if w > 0) if any(waits) else 0, 0.01)
    assert 8 + 600 / 8 - 8 <= answered <= 8 + 600 / 8 + 3, answered


def test_nobody_behind_a_guessers_own_address_is_pushed_back_by_who_comes_later():
    """A stranger keeps eight attempts in line at the friend's own address, each back in
    line as soon as it is answered; the friend, who comes after the first eight, has the
    ninth turn, whatever the stranger queues after it (nothing tells the two apart: the
    line goes by arrival, and nobody is turned away)."""
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, together=0, clock=clock)
    stranger = [guesses.line("127.0.0.1") for _ in range(8)]
    friend = guesses.line("127.0.0.1")
    served = 0
    while friend.turn is None:
        for i, place in enumerate(stranger):
            if guesses.poll(place) == 0:
                guesses.failed(place.turn)
                served += 1
                stranger[i] = guesses.line("127.0.0.1")      # at once, and again
        guesses.poll(friend)
        clock.now += 0.25
    assert served == 8, "the eight before it, and none after"
    gone = guesses.line("127.0.0.1")
    guesses.withdraw(gone)
    assert guesses.waiting("127.0.0.1") == 8, "one that goes takes no turn, holds none"


def test_a_turn_of_the_room_goes_to_the_address_served_longest_ago():
    """A stranger at address A keeps the room's line full; a friend at F, never served,
    has the next turn that comes free, before A's attempts that came before it."""
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, together=0, clock=clock)
    first, _ = turn(guesses, clock, "room", "A")
    guesses.failed(first)
    waiting = [guesses.line("room", "A") for _ in range(5)]
    friend = guesses.line("room", "F")
    clock.now += 1.0
    assert [guesses.poll(p) == 0 for p in waiting] == [False] * 5, "A was served: F first"
    assert guesses.poll(friend) == 0 and friend.turn is not None and not friend.turn.free


def test_a_key_charged_wrong_codes_is_slowed_until_forgiven():
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, forget=600.0, clock=clock)
    assert not guesses.slowed("room")
    guess(guesses, clock, "room", 1)
    assert guesses.slowed("room")
    clock.now += 601
    assert not guesses.slowed("room"), "quiet long enough: the screen stops saying so"


def test_the_right_code_is_never_locked_out_and_wipes_its_slate():
    clock = Clock()
    guesses = Guesses(first=1.0, most=8.0, forget=600, addresses=3, clock=clock)
    guess(guesses, clock, "203.0.113.9", 1000)
    right, waited = turn(guesses, clock, "203.0.113.9")
    assert waited <= 8.0, "a thousand wrong codes: still a turn"
    guesses.succeeded(right)
    assert guesses.line("203.0.113.9").turn is not None and \
        guesses.tries("203.0.113.9") == 0, "the friend's returns start from a clean slate"
    clock.now += 601
    assert guesses.line("203.0.113.9").turn.free, "forgotten after ten quiet minutes"
    for ip in ("a", "b", "c", "d"):
        guesses.failed(guesses.line(ip).turn)
    assert guesses.tries("a") == 0 and guesses.tries("d") == 1, "at most 3 remembered"
    guesses.failed(None)
    assert guesses.total == 1005, "through a relay the host counts, the relay slows"


def test_a_room_ticket_is_the_relays_word_for_one_owner():
    secret, owner, other = b"s" * 32, RoomOwner(), RoomOwner()
    ticket = secure.room_ticket(secret, "ABCD", owner.public)
    assert secure.ticket_ok(secret, "ABCD", owner.public, ticket)
    assert not secure.ticket_ok(secret, "ABCD", other.public, ticket)
    assert not secure.ticket_ok(secret, "ABCE", owner.public, ticket)
    assert not secure.ticket_ok(b"t" * 32, "ABCD", owner.public, ticket)


def test_only_the_owner_answers_a_challenge():
    owner, other = RoomOwner(), RoomOwner()
    signature = owner.sign("ABCD", b"n" * 16)
    assert secure.signed(owner.public, "ABCD", b"n" * 16, signature)
    assert not secure.signed(owner.public, "ABCD", b"m" * 16, signature), "a new challenge"
    assert not secure.signed(owner.public, "ABCE", b"n" * 16, signature)
    assert not secure.signed(owner.public, "ABCD", b"n" * 16, other.sign("ABCD", b"n" * 16))
    assert not secure.signed(b"short", "ABCD", b"n" * 16, signature)


def test_the_relay_secret_is_made_once_kept_and_private(tmp_path):
    path = tmp_path / "state" / "relay-secret"
    first = secure.relay_secret(path)
    assert len(first) == 32 and secure.relay_secret(path) == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_bytes(b"short")
    assert secure.relay_secret(path) != first and len(path.read_bytes()) == 32


def test_gateways_that_make_the_relay_secret_at_once_all_keep_the_same(tmp_path, monkeypatch):
    """The gateways of a fleet start together with one secret file: one that found no
    file, and makes its secret while another makes the file, takes the other's (else
    each checks tickets with its own secret, and a host never gets its room back on
    another gateway).  Here the other gateway writes its file just after this one
    looked."""
    path = tmp_path / "relay-secret"
    theirs: list[bytes] = []
    read_bytes = type(path).read_bytes

    def looked(self):
        if self == path and not theirs:
            monkeypatch.setattr(type(path), "read_bytes", read_bytes)
            theirs.append(secure.relay_secret(path))       # the other gateway, meanwhile
            raise FileNotFoundError(path)
        return read_bytes(self)

    monkeypatch.setattr(type(path), "read_bytes", looked)
    ours = secure.relay_secret(path)
    assert theirs and ours == theirs[0] == path.read_bytes()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["relay-secret"], "no draft left behind"


class _Relay:
    """The relay link a host's guests come through (its lines only sent nowhere)."""

    def send(self, line: bytes) -> None:
        pass


def _late(feed: bool) -> tuple[Optional[bytes], bool]:
    """A host's sealed channel to a guest behind the relay whose loop looked
    ``dead_after`` late; ``feed``: the guest's sealed move came meanwhile."""
    import asyncio

    from game.net.guests import RelayPeer
    from game.net.protocol import QUICK

    guest, host = connect()

    async def run() -> tuple[Optional[bytes], bool]:
        peer = RelayPeer(_Relay(), 1, QUICK)  # type: ignore[arg-type]
        if feed:
            peer.feed(guest.channel().seal(b"a move"))
        sealed = secure.Sealed(peer, host, QUICK)
        sealed.heard -= 10 * QUICK.dead_after           # the loop's timer came late
        try:
            return await sealed.recv(), sealed.silent
        finally:
            sealed.close()
    return asyncio.run(run())


def test_a_sealed_line_that_came_while_the_loop_was_busy_keeps_the_channel():
    """A line waiting in the relay's queue was heard: the channel is not silent, however
    late the loop looked (judged silent, busy guests were dropped by the hundred at
    1,000 tables, ``lost host_gone``)."""
    assert _late(feed=True) == (b"a move", False)


def test_a_channel_that_opened_no_sealed_line_for_dead_after_is_still_silent():
    assert _late(feed=False) == (None, True)
