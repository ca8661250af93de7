"""NATS headers read by a split (game/net/nats_headers.py): the same dictionary as
nats-py's own parser for every header block, a direct get's, odd ones and any bytes at
all, and installed in its place."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import nats_headers

nats_client = pytest.importorskip("nats.aio.client")

#: nats-py's own, whether installed over already or not
ORIGINAL = nats_headers.NATS_PY or nats_client.Client.__dict__["_parse_header_lines"].__func__

DIRECT_GET = (b"Nats-Stream: TAVOLATA_DEALT\r\nNats-Subject: tavolata.dealt.0123abcd\r\n"
              b"Nats-Sequence: 123456\r\nNats-Time-Stamp: 2026-12-08T00:07:05.1Z\r\n"
              b"Nats-Num-Pending: 12\r\nNats-Msg-Id: 0123abcd:57\r\n\r\n")
ODD = [b"", b"\r\n", b"NoColon\r\nA: 1\r\n", b"Two Words: x\r\nB:2", b" Pad :  v \r\n",
       b"N\xc3\xa9: x\r\nC: \xff\xfe\r\n", b"Tab\tIn: x\r\nD:\tv\r\n", b"E: a: b\r\nE: c\r\n",
       b"F\x1cG: x\r\nH: \x1c\r\n", b":empty name\r\n"]


def original(raw: bytes) -> dict[str, str]:
    assert ORIGINAL is not nats_headers.parse_header_lines
    return dict(ORIGINAL(raw))


@pytest.mark.parametrize("raw", [DIRECT_GET, *ODD])
def test_the_same_headers_as_nats_py_reads(raw: bytes) -> None:
    assert nats_headers.parse_header_lines(raw) == original(raw)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.binary(max_size=12), st.sampled_from([b":", b": ", b"", b" : "]),
                          st.binary(max_size=12)), max_size=6))
def test_any_block_reads_as_nats_py_reads_it(lines: list[tuple[bytes, bytes, bytes]]) -> None:
    raw = b"\r\n".join(name + sep + value for name, sep, value in lines)
    assert nats_headers.parse_header_lines(raw) == original(raw)


def test_installed_in_nats_py_s_place() -> None:
    before, kept = nats_client.Client.__dict__["_parse_header_lines"], nats_headers.NATS_PY
    try:
        assert nats_headers.install()
        assert nats_client.Client._parse_header_lines is nats_headers.parse_header_lines
        assert nats_headers.NATS_PY is ORIGINAL
        assert nats_headers.install()          # twice: nats-py's own is still the one kept
        assert nats_headers.NATS_PY is ORIGINAL
    finally:
        nats_client.Client._parse_header_lines = before
        nats_headers.NATS_PY = kept
