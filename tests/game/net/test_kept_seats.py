"""A guest's seat keys kept on disk (game/net/kept_seats.py): found again by the code
however it is typed, never by another; stale, damaged or missing ones are None; the
newest MOST are kept; the code itself is not written down; two running copies writing
at once keep each other's keys."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock, Timeout

from game.net import kept_seats
from game.net.client import SeatKey
from game.net.kept_seats import KEEP_FOR, MOST, KeptSeats
from game.saves import lock_path, read_json

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


def test_a_key_kept_with_the_rooms_other_codes_is_found_by_each(tmp_path):
    """Who joined by the direct code came back by the relay's to "That game already has
    all its players": the host names its room's codes (by digest) in the welcome."""
    from game.net.codes import room_digest

    relay = "KWFY-ETQH-ZQHB"
    kept = KeptSeats(tmp_path / "seats.json")
    kept.keep(CODE, SeatKey(2, b"\x03" * 32), (room_digest(CODE), room_digest(relay)))
    assert kept.get(relay) == kept.get(CODE) == SeatKey(2, b"\x03" * 32)
    assert relay not in (tmp_path / "seats.json").read_text()


@pytest.mark.slow
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


def _keep_many(path: str, name: str, count: int, start: Any) -> None:
    """One running copy of the program keeping ``count`` keys, with a pause between its
    read of the file and its write (the window the other copy's write falls into)."""
    def slow_read(where: Path) -> Any:
        data = read_json(where)
        time.sleep(0.002)
        return data

    kept_seats.read_json = slow_read
    start.wait()
    kept = KeptSeats(Path(path))
    for n in range(count):
        kept.keep(f"{name}{n}", SeatKey(n % 3, bytes([n]) * 32))


@pytest.mark.slow
def test_two_copies_writing_at_once_keep_every_key(tmp_path):
    """Two players on one machine: each copy's keys survive the other's writes (each
    change reads and writes under the lock; without it most keys were lost)."""
    path = tmp_path / "seats.json"
    count = MOST // 2
    spawn = multiprocessing.get_context("spawn")
    start = spawn.Event()
    writers = [spawn.Process(target=_keep_many, args=(str(path), name, count, start))
               for name in ("ANNA", "BRUNO")]
    for writer in writers:
        writer.start()
    start.set()
    for writer in writers:
        writer.join(60)
        assert writer.exitcode == 0
    kept = KeptSeats(path)
    lost = [f"{name}{n}" for name in ("ANNA", "BRUNO") for n in range(count)
            if kept.get(f"{name}{n}") != SeatKey(n % 3, bytes([n]) * 32)]
    assert lost == []


def test_a_room_s_digest_is_made_before_the_lock_is_taken(tmp_path, monkeypatch):
    """scrypt's digest (16 MB, half a second on a busy machine) made under the lock had
    the other copy wait it out for every key it kept: past the lock's wait, a key lost."""
    path = tmp_path / "seats.json"
    made = kept_seats.room_digest
    under_lock: list[bool] = []

    def digest(code: str) -> str:
        try:
            with FileLock(str(lock_path(path)), timeout=0):
                under_lock.append(False)
        except Timeout:
            under_lock.append(True)
        return made(code)

    monkeypatch.setattr(kept_seats, "room_digest", digest)
    KeptSeats(path).keep(CODE, SeatKey(1, b"\x04" * 32))
    KeptSeats(path).forget(CODE)
    assert under_lock == [False, False]


def test_a_lock_held_by_another_copy_costs_only_that_key(tmp_path, monkeypatch):
    """A lock the other copy never lets go of: the key is not written, nothing is raised,
    and the file is as it was."""
    path = tmp_path / "seats.json"
    KeptSeats(path).keep(CODE, SeatKey(1, b"\x04" * 32))
    monkeypatch.setattr(kept_seats, "LOCK_SECONDS", 0.01)
    with FileLock(str(lock_path(path))):
        KeptSeats(path).keep("OTHER", SeatKey(0, b"\x05" * 32))
        KeptSeats(path).forget(CODE)
    assert KeptSeats(path).get("OTHER") is None
    assert KeptSeats(path).get(CODE) == SeatKey(1, b"\x04" * 32)


def test_a_key_is_found_by_any_digest_the_host_names_and_forgotten_under_each(tmp_path):
    """A guest whose program was closed when the host opened its relay code finds the key
    kept under the direct code's digest among those the host names before the hello (the
    newest, if two); a key the host turned away goes from under every digest."""
    from game.net.codes import room_digest

    now = [1000.0]
    kept = KeptSeats(tmp_path / "seats.json", clock=lambda: now[0])
    direct, relay, other = room_digest(CODE), room_digest("KWFY-ETQH-ZQHB"), "ab" * 32
    assert kept.find((relay, direct)) is None
    kept.keep(CODE, SeatKey(2, b"\x04" * 32), (direct, other))
    now[0] += 1
    kept.keep("FHHY-FNCH-D5SV", SeatKey(3, b"\x05" * 32), (other,))
    assert kept.find((relay, direct)) == SeatKey(2, b"\x04" * 32)
    assert kept.find((direct, other)) == SeatKey(3, b"\x05" * 32), "the newest"
    assert kept.find((relay,)) is None and kept.find(()) is None
    kept.forget_key(SeatKey(2, b"\x04" * 32))
    assert kept.find((direct,)) is None and kept.get("FHHY-FNCH-D5SV") is not None
    now[0] += KEEP_FOR + 1
    assert kept.find((other,)) is None, "a stale one is not offered"
