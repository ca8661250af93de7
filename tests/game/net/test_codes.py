"""Room codes: short, without look-alikes, carrying address, port and secret; every
single mistyped symbol and every swap of neighbours is caught."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import codes
from game.net.codes import (ALPHABET, DIRECT_LENGTH, DIRECT_PORT, LAN_BLOCKS, NEAR_PORTS,
                            RELAY_LENGTH, CodeError, DirectCode, RelayCode)


def test_the_alphabet_has_no_look_alikes():
    assert len(ALPHABET) == len(set(ALPHABET)) == 31
    assert not set("0O1IL") & set(ALPHABET)
    assert ALPHABET == ALPHABET.upper()


def lan_addresses():
    def pick(block, index):
        return str(block.network_address + index % block.num_addresses)
    return st.builds(pick, st.sampled_from(LAN_BLOCKS), st.integers(0, 1 << 24))


@settings(max_examples=300)
@given(lan_addresses(), st.one_of(st.integers(DIRECT_PORT, DIRECT_PORT + NEAR_PORTS - 1),
                                  st.integers(1, 65535)), st.data())
def test_a_direct_code_carries_address_port_and_secret(address, port, data):
    secret = data.draw(st.integers(0, codes.secret_range(port) - 1))
    code = codes.direct_code(address, port, secret)
    assert len(code) == DIRECT_LENGTH and set(code) <= set(ALPHABET)
    assert codes.parse(code) == DirectCode(address, port, secret)
    assert codes.parse(codes.pretty(code).lower()) == DirectCode(address, port, secret)


def test_the_secret_is_large_where_hosts_usually_listen():
    assert codes.secret_range(DIRECT_PORT) > 8_000_000
    assert codes.secret_range(DIRECT_PORT + NEAR_PORTS) > 8_000
    assert 0 <= codes.new_secret(DIRECT_PORT) < codes.secret_range(DIRECT_PORT)


@pytest.mark.parametrize("code", [codes.direct_code("192.168.1.20", DIRECT_PORT + 3, 1234567),
                                  codes.direct_code("127.0.0.1", 41234, 77),
                                  codes.new_relay_code()])
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
                                  "IIIIIIIIIIII", "ABCDE!"])
def test_anything_else_is_a_mistyped_code(text):
    with pytest.raises(CodeError) as err:
        codes.parse(text)
    assert err.value.reason == "mistyped_code"


@pytest.mark.parametrize("address", ["8.8.8.8", "192.0.2.1", "::1", "localhost"])
def test_a_direct_code_names_a_local_network_only(address):
    with pytest.raises(ValueError):
        codes.direct_code(address, DIRECT_PORT, 1)


def test_bad_ports_and_secrets_are_refused():
    for port in (0, 65536):
        with pytest.raises(ValueError):
            codes.direct_code("127.0.0.1", port, 1)
    with pytest.raises(ValueError):
        codes.direct_code("127.0.0.1", DIRECT_PORT, codes.secret_range(DIRECT_PORT))


def test_relay_codes_are_six_symbols_with_a_check():
    code = codes.new_relay_code()
    assert len(code) == RELAY_LENGTH and codes.is_relay_code(code.lower())
    assert codes.parse(f" {code[:3]}-{code[3:]} ") == RelayCode(code)
    assert codes.pretty(code) == f"{code[:3]}-{code[3:]}"
    assert not codes.is_relay_code(code[:5])


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


@pytest.mark.parametrize("text", ["", ":47800", "relay:0", "relay:65536", "relay:port",
                                  "2001:db8::1", "[2001:db8::1", "[::1]x", "a b:1",
                                  "r" * 300 + ":1"])
def test_anything_else_is_not_a_relay_address(text):
    with pytest.raises(ValueError):
        codes.relay_address(text)
