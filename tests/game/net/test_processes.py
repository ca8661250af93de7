"""Two real processes play whole games over loopback, directly and through a relay
process: a host whose own seat a computer plays, and a guest whose computer
chooses from the updates it receives (game/net/bot.py).  Both end with the same
result, equal to a replay of the host's log; every line the guest received is
checked against the cards hidden from it (leaks.py); and the games survive a
guest who drops and comes back, and tell the guest when the host goes.

Every process runs with the PATIENT limits (game/net/protocol.py): each fault here
is made by the test (a process that exits, a process killed), so a machine under
load that leaves a process without the CPU for a second is never taken for one."""

from __future__ import annotations

from typing import Iterator

import pytest

from game import GAMES
from game.engine import replay_log
from game.net.protocol import PATIENT
from tests.game.net.conftest import Proc, start_relay
from tests.game.net.leaks import check_guest_lines

BOT = ["-m", "game.net.bot", "--limits", "patient", "--timeout", "60"]
WAYS = ("direct", "relay")
#: games whose rules let several seats act at once (a lag commit, a Venceslao race)
SIMULTANEOUS = ("bocce", "briscola")


@pytest.fixture(scope="module")
def relay_port() -> Iterator[int]:
    """A relay process with the PATIENT limits, for this module."""
    proc, port = start_relay(limits="patient")
    yield port
    proc.end()


def start_host(procs: list[Proc], key: str, way: str, relay_port: int, seed: int,
               *extra: str) -> tuple[Proc, str]:
    """A host process, and the code it announces for ``way``."""
    door = ["--listen", "127.0.0.1", "--port", "0"] if way == "direct" else []
    host = Proc([*BOT, "--relay", f"127.0.0.1:{relay_port}", "host", key, "--seed", str(seed),
                 *door, *extra])
    procs.append(host)
    return host, host.expect(f"{way} ")


def start_guest(procs: list[Proc], code: str, relay_port: int, *extra: str) -> Proc:
    guest = Proc([*BOT, "--relay", f"127.0.0.1:{relay_port}", "join", code, *extra])
    procs.append(guest)
    return guest


def finished(host: Proc, guest: Proc) -> tuple[dict, dict]:
    """Both results, once both processes have ended well; they agree with the log."""
    assert guest.expect("joined ") == "1"
    theirs, ours = guest.json("result"), host.json("result")
    assert guest.wait() == 0 and host.wait() == 0
    assert theirs["result"] == ours["result"] == replay_log(ours["log"]).result()
    return theirs, ours


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("way", WAYS)
def test_two_processes_play_a_whole_game_and_the_guest_sees_only_its_cards(
        key, way, procs, relay_port, tmp_path):
    host, code = start_host(procs, key, way, relay_port, 11)
    trace = tmp_path / "received"
    theirs, ours = finished(host, start_guest(procs, code, relay_port, "--trace", str(trace)))
    assert theirs["names"][:2] == ["Host", "Guest"]
    counts = check_guest_lines(ours["log"], 1, trace.read_bytes().splitlines())
    assert counts["updates"] == len(ours["log"]["actions"]) + 1, "every update, once"
    if key in SIMULTANEOUS:
        assert counts["simultaneous"] > 0, "a lag commit or a Venceslao race was played"
    if key == "bocce":
        assert counts["waiting_for_other"] > 0, "the host committed its lag card first"


@pytest.mark.slow
@pytest.mark.parametrize("way", WAYS)
def test_a_guest_who_drops_comes_back_where_the_game_stands(way, procs, relay_port, tmp_path):
    """The guest's process dies; started again with its seat key (``--keep``), it takes
    its seat back.  A guest with the code but not the key finds the room full.  Once
    the computer has stood in, the host waits for its guest (``--wait-for-guests``):
    the game cannot end before the guest is back, however slowly its process starts."""
    host, code = start_host(procs, "bocce", way, relay_port, 5, "--delay", "0.03",
                            "--wait-for-guests")
    keep = tmp_path / "seat"
    first = start_guest(procs, code, relay_port, "--die-after", "4", "--keep", str(keep))
    first.expect("dying ")
    assert first.wait() == 17
    stranger = start_guest(procs, code, relay_port)
    assert stranger.expect("lost ") == "room_full"
    trace = tmp_path / "received"
    theirs, ours = finished(host, start_guest(procs, code, relay_port, "--trace", str(trace),
                                              "--keep", str(keep)))
    assert ours["stand_in_moves"] > 0, "a computer kept the seat warm"
    assert theirs["first_version"] > 0 and theirs["first_events"] == 0, \
        "back in the game as it stands: one update, no events"
    counts = check_guest_lines(ours["log"], 1, trace.read_bytes().splitlines())
    assert counts["rejoins"] == 1


@pytest.mark.slow
@pytest.mark.parametrize("way", WAYS)
def test_when_the_host_process_dies_the_guest_is_told(way, procs, relay_port):
    host, code = start_host(procs, "briscola", way, relay_port, 3, "--delay", "0.2")
    guest = start_guest(procs, code, relay_port)
    guest.expect("joined ")
    host.end()                          # killed: no goodbye
    # through the relay, the guest hears the room is held (host_away) and tries again
    # for reconnect_for before it says the host has gone
    assert guest.expect("lost ", timeout=PATIENT.reconnect_for + 15) == "host_gone"
    assert guest.wait() == 2
