"""Room codes: short, without look-alikes, carrying address, port and a password long
enough that 1,000 guesses stay under 1 in a million; every single mistyped symbol and
every swap of neighbours is caught."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import codes
from game.net.codes import (
    ALPHABET,
    DIRECT_ANY_LENGTH,
    DIRECT_LENGTH,
    DIRECT_PORT,
    LAN_BLOCKS,
    NEAR_PORTS,
    RELAY_LENGTH,
    ROOM_LENGTH,
    CodeError,
    DirectCode,
    RelayCode,
)


def test_the_alphabet_has_no_look_alikes():
    assert len(ALPHABET) == len(set(ALPHABET)) == 31
    assert not set("0O1IL") & set(ALPHABET)
    assert ALPHABET == ALPHABET.upper()


def lan_addresses():
    def pick(block, index):
        return str(block.network_address + index % block.num_addresses)
    return st.builds(pick, st.sampled_from(LAN_BLOCKS), st.integers(0, 1 << 24))


@pytest.mark.slow
@settings(max_examples=300)
@given(lan_addresses(), st.one_of(st.integers(DIRECT_PORT, DIRECT_PORT + NEAR_PORTS - 1),
                                  st.integers(1, 65535)), st.data())
def test_a_direct_code_carries_address_port_and_password(address, port, data):
    password = data.draw(st.integers(0, codes.password_range(port) - 1))
    code = codes.direct_code(address, port, password)
    near = DIRECT_PORT <= port < DIRECT_PORT + NEAR_PORTS
    assert len(code) == (DIRECT_LENGTH if near else DIRECT_ANY_LENGTH)
    assert set(code) <= set(ALPHABET)
    assert codes.parse(code) == DirectCode(address, port, password)
    assert codes.parse(codes.pretty(code).lower()) == DirectCode(address, port, password)


@pytest.mark.parametrize("code", [
    codes.new_direct_code("192.168.1.20", DIRECT_PORT + 3),
    codes.new_direct_code("10.0.0.1", 41234),
    codes.new_relay_code(codes.new_room())])
def test_a_stranger_with_a_thousand_guesses_gets_in_under_once_in_a_million(code):
    assert code.passwords >= 1 << 30, "30 bits at least"
    assert codes.odds(code, 1000) < 1e-6
    assert codes.odds(code, 1000) == 1000 / code.passwords


def test_passwords_are_fresh_and_the_relay_sees_only_the_room():
    room = codes.new_room()
    first, second = codes.new_relay_code(room), codes.new_relay_code(room)
    assert first.room == second.room == room and len(room) == ROOM_LENGTH
    assert first.password != second.password, "one in 27 billion to fail"
    assert first.text.startswith(room) and first.password not in room
    assert codes.parse(first.text) == first
    assert first.secret != second.secret and room.encode() not in first.secret
    near = codes.new_direct_code("127.0.0.1", DIRECT_PORT)
    assert 0 <= near.password < codes.password_range(DIRECT_PORT)
    assert codes.parse(near.text) == near


@pytest.mark.parametrize("code", [codes.direct_code("192.168.1.20", DIRECT_PORT + 3, 1234567),
                                  codes.direct_code("127.0.0.1", 41234, 77),
                                  codes.new_relay_code(codes.new_room()).text],
                         ids=["direct", "direct-loopback", "relay-fresh"])   # the same in every worker
def test_every_single_typo_and_every_swap_of_neighbours_is_caught(code):
    for i, right in enumerate(code):
        for wrong in ALPHABET:
            if wrong != right:
                with pytest.raises(CodeError):
                    codes.parse(code[:i] + wrong + code[i + 1:])
    for i in range(len(code) - 1):
        if code[i] != code[i + 1]:
            with pytest.raises(CodeError):
                codes.parse(code[:i] + code[i + 1] + code[i] + code[i + 2:])


@pytest.mark.parametrize("text", ["", "ABC", "ABCDEFGHJKMNP", "OOOOOO", "000000",
                                  "IIIIIIIIIIII", "ABCDE!", "ABCD", "ABCDEFGHJKMNPQRST"])
def test_anything_else_is_a_mistyped_code(text):
    with pytest.raises(CodeError) as err:
        codes.parse(text)
    assert err.value.reason == "mistyped_code"


@pytest.mark.parametrize("address", ["8.8.8.8", "192.0.2.1", "::1", "localhost"])
def test_a_direct_code_names_a_local_network_only(address):
    with pytest.raises(ValueError):
        codes.direct_code(address, DIRECT_PORT, 1)


def test_bad_ports_and_passwords_are_refused():
    for port in (0, 65536):
        with pytest.raises(ValueError):
            codes.direct_code("127.0.0.1", port, 1)
    with pytest.raises(ValueError):
        codes.direct_code("127.0.0.1", DIRECT_PORT, codes.password_range(DIRECT_PORT))
    with pytest.raises(ValueError):
        codes.new_direct_code("8.8.8.8", DIRECT_PORT)
    with pytest.raises(ValueError):
        codes.new_relay_code("ABC")


def test_relay_codes_are_room_password_and_check_in_three_fours():
    code = codes.new_relay_code(codes.new_room()).text
    assert len(code) == RELAY_LENGTH == 12 and codes.is_room(code[:4].lower())
    assert codes.parse(f" {code[:4]}-{code[4:8]} {code[8:]} ") == \
        RelayCode(code[:4], code[4:11])
    assert codes.pretty(code) == f"{code[:4]}-{code[4:8]}-{code[8:]}"
    assert not codes.is_room(code[:5])


@pytest.mark.parametrize("length, groups", [(12, [4, 4, 4]), (14, [4, 4, 3, 3]),
                                            (16, [4, 4, 4, 4]), (4, [4])])
def test_codes_are_grouped_evenly_for_reading_out(length, groups):
    assert [len(g) for g in codes.pretty("A" * length).split("-")] == groups


def test_loopback_is_the_one_address_of_its_block():
    assert ipaddress.ip_network("127.0.0.1/32") in LAN_BLOCKS
    with pytest.raises(ValueError):
        codes.direct_code("127.0.0.2", DIRECT_PORT, 1)


@pytest.mark.parametrize("text, address", [
    ("relay.example.org:47801", ("relay.example.org", 47801)),
    ("  relay.example.org  ", ("relay.example.org", codes.RELAY_PORT)),
    ("203.0.113.7:9000", ("203.0.113.7", 9000)),
    ("[2001:db8::1]:47800", ("2001:db8::1", 47800)),
    ("[2001:db8::1]", ("2001:db8::1", codes.RELAY_PORT)),
])
def test_a_relay_address_is_host_and_port(text, address):
    assert codes.relay_address(text) == address
    assert codes.relay_address(codes.address_text(*address)) == address, "written back"


@pytest.mark.parametrize("text", ["", ":47800", "relay:0", "relay:65536", "relay:port",
                                  "2001:db8::1", "[2001:db8::1", "[::1]x", "a b:1",
                                  "r" * 300 + ":1"])
def test_anything_else_is_not_a_relay_address(text):
    with pytest.raises(ValueError):
        codes.relay_address(text)


def test_a_rooms_digest_is_memory_hard_one_way_and_the_same_however_typed():
    """A code's password has about 35 bits: a plain hash of the code (what seats.json and a
    welcome carried) gave the code back to whoever tried every password against it.  The
    digest is scrypt's, 16 MB a try."""
    import hashlib

    code = codes.new_relay_code(codes.new_room()).text
    digest = codes.room_digest(code)
    assert codes.room_digest(codes.pretty(code).lower()) == digest
    assert codes.room_digest(codes.new_relay_code(codes.new_room()).text) != digest
    assert digest != hashlib.sha256(b"tavolata seat " + code.encode()).hexdigest()
    assert digest == hashlib.scrypt(code.encode(), salt=b"tavolata seat", dklen=32,
                                    **codes.DIGEST_COST).hex()
    cost = codes.DIGEST_COST
    assert 128 * cost["r"] * cost["n"] >= 16 << 20, "at least 16 MB a try"
