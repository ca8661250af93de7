"""NATS message headers read at the cost of a split, not a character at a time.

nats-py parses every message's header block in Python (``Client._parse_header_lines``),
testing each character of each header's name with ``str.isspace`` through a generator:
some 95 µs a message on this machine for the eight headers of a stream's direct get.
A table worker that takes a table over reads its whole log that way, one message an
action (game/net/table_log.py), so a Bolola game of 469 actions cost 44 ms of headers
alone, more than its replay through the engine (bench/README.md, "A worker's death").
:func:`install` puts :func:`parse_header_lines` in its place: the same dictionary for
every block (tests/game/net/test_nats_headers.py holds it to the original), its name's
whitespace found by one ``split``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

_CRLF = b"\r\n"
#: nats-py's own parser, once :func:`install` has put this one in its place
NATS_PY: Optional[Callable[[bytes], dict[str, str]]] = None


def parse_header_lines(raw: bytes) -> dict[str, str]:
    """``Name: Value`` a line, as nats-py reads them: a line without a colon, a name that
    is not ASCII or holds whitespace, is skipped; a value's bad UTF-8 is replaced."""
    out: dict[str, str] = {}
    for line in raw.split(_CRLF):
        name, sep, value = line.partition(b":")
        if not sep:
            continue
        try:
            key = name.strip().decode("ascii")
        except UnicodeDecodeError:
            continue
        if key and key.split() != [key]:    # whitespace in it (bytes.strip leaves some)
            continue
        out[key] = value.strip().decode("utf-8", "replace")
    return out


def install() -> bool:
    """Read every header block of this process's NATS clients by :func:`parse_header_lines`;
    False (nothing changed) if this nats-py parses them some other way."""
    global NATS_PY
    from nats.aio.client import Client

    original: Any = Client.__dict__.get("_parse_header_lines")
    if not isinstance(original, staticmethod):
        return False
    if original.__func__ is not parse_header_lines:
        NATS_PY = original.__func__
        Client._parse_header_lines = staticmethod(parse_header_lines)  # type: ignore[method-assign]
    return True
