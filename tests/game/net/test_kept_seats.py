"""A guest's seat keys kept on disk (game/net/kept_seats.py): found again by the code
however it is typed, never by another; stale, damaged or missing ones are None; the
newest MOST are kept; the code itself is not written down."""

from __future__ import annotations

from game.net.client import SeatKey
from game.net.kept_seats import KEEP_FOR, MOST, KeptSeats

CODE = "FHHY-FNCH-D5SU"


def test_a_kept_key_is_found_by_its_code_however_typed_and_by_no_other(tmp_path):
    kept = KeptSeats(tmp_path / "seats.json")
    assert kept.get(CODE) is None
    kept.keep(CODE, SeatKey(2, b"\x01" * 32))
    assert kept.get("fhhy fnch d5su") == SeatKey(2, b"\x01" * 32)
    assert kept.get("FHHY-FNCH-D5SV") is None
    assert "FHHY" not in (tmp_path / "seats.json").read_text()
    assert (tmp_path / "seats.json").stat().st_mode & 0o077 == 0
    kept.forget(CODE)
    assert kept.get(CODE) is None


def test_a_stale_key_is_not_offered_and_the_newest_are_kept(tmp_path):
    now = [1000.0]
    kept = KeptSeats(tmp_path / "seats.json", clock=lambda: now[0])
    kept.keep(CODE, SeatKey(1, b"\x02" * 32))
    now[0] += KEEP_FOR + 1
    assert kept.get(CODE) is None
    for n in range(MOST + 5):
        now[0] += 1
        kept.keep(f"ROOM{n}", SeatKey(1, bytes([n]) * 32))
    assert kept.get("ROOM0") is None and kept.get(f"ROOM{MOST + 4}") is not None
    assert len(kept._read()) == MOST


def test_a_damaged_or_missing_file_costs_only_the_way_back(tmp_path):
    path = tmp_path / "seats.json"
    for damage in ("not json", "[1, 2]", '{"x": 3}', "{" * 100_000):
        path.write_text(damage)
        assert KeptSeats(path).get(CODE) is None
    KeptSeats(path).keep(CODE, SeatKey(0, b"\x03" * 32))      # written afresh
    assert KeptSeats(path).get(CODE) == SeatKey(0, b"\x03" * 32)
    assert KeptSeats(tmp_path / "none" / "seats.json").get(CODE) is None
