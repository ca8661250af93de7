"""A computers' game taken over by a person (game/session/__init__.py ``taken_over``):
the kiosk's visitor gets the game on screen, the same game at the same moment, with
their seat theirs and no longer a computer's."""

from __future__ import annotations

from game.session import HUMAN, GameSetup, local_game, taken_over


def test_a_person_takes_a_computers_seat_in_the_game_as_it_stands():
    setup = GameSetup.computers("briscola", "easy", seed=5)
    demo = local_game(setup, 0, paced=False)
    session = demo.session
    for _ in range(6):                       # the computers play a few moves
        session.allow(session.version)
        session.computers.wait_all()
        session.pump()
    assert session.version > 0
    taken = taken_over(demo, 0, paced=False)
    assert taken.session.log() == session.log(), "the same game, every move"
    assert taken.seat == 0 and taken.setup.seats[0].kind == HUMAN
    assert not taken.session.is_computer(0)
    assert [s.kind for s in taken.setup.seats[1:]] == [s.kind for s in setup.seats[1:]]
    demo.close()
    taken.close()
