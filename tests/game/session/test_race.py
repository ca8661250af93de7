"""A race's clock at a table no screen paces (game/session/race.py): the computers in a
Venceslao race wait a person's reaction, and a listening guest's race's words besides,
where an unpaced session let them take it at once."""

from __future__ import annotations

import threading
from typing import Any, Mapping

import pytest

from game.session import COMPUTER, HUMAN, GameSetup, SeatSpec, Session
from game.session.race import GUEST_ALLOWANCE, REACTION, RaceClock, hearing_time


def at_a_race(seat: int = 2) -> Session:
    """An unpaced Briscola session (computers at Normal, a person at ``seat`` who plays
    its first legal card) at the first race the person is in with a computer."""
    for seed in range(1, 200):
        seats = tuple(SeatSpec(HUMAN) if s == seat else SeatSpec(COMPUTER, "normal")
                      for s in range(3))
        session = Session(GameSetup("briscola", seats, {}, seed))
        for _ in range(200):
            st = session.state
            if st.over:
                break
            acting = st.to_act()
            if st.racing() and seat in acting and len(acting) > 1:
                return session
            if seat in acting:
                assert session.submit(seat, st.legal_actions(seat)[0]) is None
            else:
                session.computers.wait_all()
                session.pump()
    raise AssertionError("no race with the person in it")


@pytest.mark.slow
@pytest.mark.parametrize("listening", [{}, {2: 175}])
def test_a_race_holds_its_computers_a_persons_reaction_and_a_listeners_words(
        listening: Mapping[int, int]) -> None:
    session = at_a_race()
    woken = threading.Event()
    clock = RaceClock(session, lambda: listening, woken.set)
    session.hold = clock
    session.computers.wait_all()
    version = session.version
    assert session.pump() == 0 and session.version == version, "held: the person may claim"
    lo, hi = REACTION["normal"]
    extra = GUEST_ALLOWANCE + hearing_time(listening.get(2, 0))
    drawn = clock.race[1] - clock.started if clock.race else 0.0
    assert lo + extra <= drawn <= hi + extra
    assert woken.wait(hi + extra + 30.0), "the driver is woken when the wait is over"
    assert session.pump() >= 1, "then a computer takes the race"


def test_a_position_that_is_no_race_holds_nothing() -> None:
    class NoRace:
        def racing(self) -> bool:
            return False

    clock = RaceClock(Any, dict, lambda: None)
    assert clock(NoRace(), 3) is False and clock.wait() == 0.0
