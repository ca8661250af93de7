"""Every seat a person: three, four and six real processes play whole games of
Briscola Venceslao, Bolola and Bisca at six, by code through the relay and directly,
and from the relay's list of public tables, with a spectator watching one to the
end.  Every line each guest received is checked against the cards hidden from its
seat (leaks.py), the spectator's against the spectator's (seat None): exactly the
session's own updates, never a hidden card."""

from __future__ import annotations

import pytest

from game.engine import replay_log
from tests.game.net.conftest import Proc
from tests.game.net.leaks import check_guest_lines
from tests.game.net.test_processes import start_guest, start_host

pytestmark = pytest.mark.slow       # whole games, many processes


def play_together(host: Proc, guests: list[tuple[Proc, object]], seats: list[int]) -> dict:
    """Every guest seated at one of ``seats`` (the others watching), every result the
    host's, equal to a replay of its log; the host's log."""
    ours = host.json("result")
    assert host.wait() == 0
    expected = replay_log(ours["log"]).result()
    assert ours["result"] == expected
    taken = []
    for guest, trace in guests:
        theirs = guest.json("result")
        assert guest.wait() == 0
        assert theirs["result"] == expected
        seat = theirs["seat"]
        taken.append(seat)
        counts = check_guest_lines(ours["log"], seat, trace.read_bytes().splitlines())
        assert counts["updates"] >= 1
    assert sorted(s for s in taken if s is not None) == seats, "every seat a person"
    return ours


def join(procs, code, relay_port, tmp_path, name, *extra) -> tuple[Proc, object]:
    trace = tmp_path / f"{name}.lines"
    return start_guest(procs, code, relay_port, "--name", name, "--trace", str(trace),
                       *extra), trace


@pytest.mark.parametrize("key, seats, way", [("briscola", 3, "relay"),
                                             ("briscola", 3, "direct"),
                                             ("bolola", 4, "direct"),
                                             ("bolola", 4, "relay"),
                                             ("bisca", 6, "direct")])
def test_every_seat_a_person_by_code(key, seats, way, procs, relay_port, tmp_path):
    guests_at = list(range(1, seats))
    host, code = start_host(procs, key, way, relay_port, 21, "--seats", str(seats),
                            "--guests", ",".join(map(str, guests_at)))
    guests = [join(procs, code, relay_port, tmp_path, name)
              for name in ("Anna", "Bruno", "Carla", "Dario", "Elena")[:seats - 1]]
    ours = play_together(host, guests, guests_at)
    assert len(ours["log"]["actions"]) > 10


def test_six_at_bisca_from_the_public_list_with_a_spectator_who_sees_no_hidden_card(
        procs, relay_port, tmp_path):
    host, code = start_host(procs, "bisca", "relay", relay_port, 8, "--seats", "6",
                            "--guests", "1,2,3,4,5", "--public", "--spectators")
    spectator = join(procs, "find", relay_port, tmp_path, "Watcher", "--game", "bisca",
                     "--watch")
    assert spectator[0].expect("inside ") == "waiting", "in the waiting room before the start"
    guests = [join(procs, "find", relay_port, tmp_path, name, "--game", "bisca")
              for name in ("Anna", "Bruno", "Carla", "Dario", "Elena")]
    ours = play_together(host, [*guests, spectator], [1, 2, 3, 4, 5])
    lines = spectator[1].read_bytes().splitlines()
    counts = check_guest_lines(ours["log"], None, lines)
    assert counts["updates"] == len(ours["log"]["actions"]) + 1, \
        "the spectator saw every update to the end, each the spectator's own"
