"""The tables a guest sat at, kept on disk (game/net/kept_tables.py): the last one is
offered back with its code while it lasts; a stale, damaged or forgotten one is not;
the file is the user's alone, as the seat keys' is."""

from __future__ import annotations

import json

from game.net.codes import room_digest
from game.net.kept_seats import KEEP_FOR
from game.net.kept_tables import KeptTable, KeptTables

CODE = "FHHY-FNCH-D5SU"
OTHER = "KWFY-ETQH-ZQHB"


def test_the_table_sat_at_last_is_offered_back_with_its_code(tmp_path):
    """A guest who found a public table through Find a table was never shown its code
    and, the program closed, could not come back."""
    now = [1000.0]
    kept = KeptTables(tmp_path / "tables.json", clock=lambda: now[0])
    assert kept.last() is None
    kept.keep(CODE, "bisca", "127.0.0.1:7000")
    now[0] += 1
    kept.keep(OTHER, "briscola", None)
    assert kept.last() == KeptTable(OTHER, "briscola", None, 1001.0)
    assert (tmp_path / "tables.json").stat().st_mode & 0o077 == 0
    kept.forget((room_digest(OTHER),))
    assert kept.last() == KeptTable(CODE, "bisca", "127.0.0.1:7000", 1000.0)


def test_a_table_is_not_offered_once_stale_damaged_or_forgotten(tmp_path):
    now = [1000.0]
    path = tmp_path / "tables.json"
    kept = KeptTables(path, clock=lambda: now[0])
    kept.keep(CODE, "bisca", None)
    now[0] += KEEP_FOR + 1
    assert kept.last() is None
    path.write_text(json.dumps({"x": {"code": 3, "game": "bisca", "at": now[0]},
                                "y": {"code": CODE, "game": "bisca", "at": now[0],
                                      "relay": ["h", 7000]}, "z": []}))
    assert kept.last() is None
    path.write_text("{not json")
    assert kept.last() is None
    kept.keep(CODE, "bisca", None)
    kept.forget((room_digest(CODE),))
    assert kept.last() is None
