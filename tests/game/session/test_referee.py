"""The session as referee: it alone applies actions, hands each seat its redacted
updates, runs the computers within a budget, paces them when asked, and plays
every game through the codec exactly as it plays it locally."""

from __future__ import annotations

import json
import random
import threading
import time

import pytest

from game import GAMES
from game.ai import computer_player
from game.engine import Action, Reason, replay_log
from game.session import COMPUTER, HUMAN, GameSetup, LocalClient, Refused, SeatSpec, Session, Update
from game.session.referee import computer_rngs, forced_seats


def humans_vs(key: str, humans: set[int], seed: int = 1) -> GameSetup:
    n = GAMES[key].seats[0]
    return GameSetup(key, tuple(SeatSpec(HUMAN if s in humans else COMPUTER) for s in range(n)),
                     {}, seed)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_game_played_through_the_codec_ends_as_the_local_game(key, seed):
    """Every seat is a client that sees only decoded updates and sends encoded actions;
    the computer players choose from what the clients received."""
    n = GAMES[key].seats[0]
    local = Session(GameSetup.computers(key, "normal", seed=seed)).run()
    session = Session(GameSetup(key, tuple(SeatSpec(HUMAN) for _ in range(n)), {}, seed))
    clients = [LocalClient(session, s, owner=False) for s in range(n)]
    spectator = LocalClient(session, None, owner=False)
    players = [computer_player(key, "normal") for _ in range(n)]
    rngs = computer_rngs(seed, n)
    order = random.Random(seed ^ 0x5EED)
    latest: dict[int, Update] = {}
    for _ in range(5000):
        for s, client in enumerate(clients):
            for msg in client.poll():
                assert isinstance(msg, Update), f"nothing was refused: {msg}"
                latest[s] = msg
        for msg in spectator.poll():
            assert msg.view == json.loads(json.dumps(session.state.view(None)))
        acting = latest[0].to_act
        if latest[0].over:
            break
        seat = acting[0] if len(acting) == 1 else order.choice(acting)
        update = latest[seat]
        assert update.version == session.version and update.my_turn
        action = players[seat].choose(update.view, list(update.legal), rngs[seat])
        clients[seat].submit(action, update.version)
    assert latest[0].over and latest[0].result == local.result()
    assert session.log() == local.log()
    assert replay_log(session.log()).result() == local.result()


def test_each_seat_receives_only_its_redacted_events():
    session = Session(humans_vs("bocce", {0, 1}))
    mine, theirs = session.watch(0).drain()[0], session.watch(1).drain()[0]
    hand0 = set(mine.view["zones"]["hand/0"])
    assert None not in hand0
    assert set(theirs.view["zones"]["hand/0"]) == {None}
    seen_by_1 = json.dumps([e.to_json() for e in theirs.events])
    assert not any(f'"{code}"' in seen_by_1 for code in hand0), "seat 1 never sees seat 0's cards"


def test_refusals_carry_the_reason_as_a_key():
    session = Session(humans_vs("bocce", {0}))
    legal = session.state.legal_actions(0)
    assert session.submit(1, legal[0]).reason == Reason("engine.not_your_seat")
    assert session.submit(0, legal[0], version=3).reason == Reason("engine.moved_on")
    assert session.submit(7, legal[0]).reason == Reason("engine.no_such_seat")
    assert session.submit(True, legal[0]).reason == Reason("engine.no_such_seat")
    refused = session.submit(0, Action("draw"))
    assert isinstance(refused, Refused) and refused.reason.key.startswith("bocce.")
    assert session.version == 0 and session.state.history == []


def test_a_probe_asks_without_acting():
    session = Session(humans_vs("bocce", {0}))
    legal = session.state.legal_actions(0)
    assert session.submit(0, legal[0], probe=True) is None
    assert session.state.history == []
    assert session.submit(0, Action("draw"), probe=True).probe


def test_a_paced_session_holds_a_computers_move_until_it_is_allowed():
    session = Session(humans_vs("briscola", {1}), paced=True)
    seat = session.state.to_act()[0]
    assert seat != 1, "seed 1: a computer leads"
    for _ in range(100):
        session.pump()
        session.computers.wait_all()
    assert session.version == 0, "no move before it is allowed"
    session.allow(0)
    assert session.pump() >= 1 and session.version >= 1


def test_an_unpaced_session_moves_its_computers_as_soon_as_they_are_ready():
    session = Session(GameSetup.computers("bocce", seed=4))
    watcher = session.watch(None)
    for _ in range(10_000):
        if session.over:
            break
        session.pump()
        time.sleep(0.0005)
    assert session.over
    updates = watcher.drain()
    assert [u.version for u in updates] == list(range(len(updates)))
    assert updates[-1].result == session.state.result()


class Slow:
    def choose(self, view, legal, rng):
        time.sleep(0.6)
        return legal[-1]


class Broken:
    def choose(self, view, legal, rng):
        raise RuntimeError("out of its mind")


@pytest.mark.parametrize("player", [Slow(), Broken()])
def test_a_slow_or_broken_computer_is_replaced_for_that_move(player, caplog):
    setup = GameSetup.computers("briscola", seed=1)
    session = Session(setup, players=[player, player, player], budget=0.1)
    for _ in range(2000):
        if session.version:
            break
        session.pump()
        time.sleep(0.002)
    seat, action = session.state.history[0]
    fresh = GAMES["briscola"].new({}, 3, 1)
    assert action == fresh.legal_actions(seat)[0], "the first legal move stands in"
    assert caplog.records, "the fault is logged"
    session.close()


def test_a_client_that_joins_a_game_under_way_gets_it_as_it_stands():
    session = Session(GameSetup.computers("bocce", seed=2))
    for _ in range(5):
        session.pump()
        session.computers.wait_all()
    session.pump()
    late = session.watch(0).drain()
    assert len(late) == 1 and late[0].events == () and late[0].version == session.version
    assert late[0].view == session.state.view(0)


def test_run_refuses_a_person_at_the_table():
    with pytest.raises(ValueError):
        Session(humans_vs("bocce", {0})).run()


# -- a seat kept warm, and threads (netplay) -------------------------------------------------
def _pump_until(session: Session, done, limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        session.pump()
        time.sleep(0.0005)
    raise AssertionError("the computers did not get there")


def test_a_computer_stands_in_for_an_absent_player_until_they_return():
    session = Session(humans_vs("bocce", {0, 1}, seed=3))
    with pytest.raises(ValueError):
        session.stand_in(2)
    session.stand_in(1, "random")
    assert session.standing_in(1) and session.is_computer(1)
    legal = session.state.legal_actions(1)
    assert session.submit(1, legal[0]).reason == Reason("engine.not_your_seat"), \
        "the seat's own actions wait for its return"
    _pump_until(session, lambda: any(seat == 1 for seat, _ in session.state.history))
    session.return_seat(1)
    assert not session.standing_in(1) and not session.is_computer(1)
    moves = len(session.state.history)
    for _ in range(50):
        session.pump()
        session.computers.wait_all()
    assert len(session.state.history) == moves, "seat 1 waits for its player again"
    session.close()


def test_a_move_thought_out_for_a_returning_player_is_dropped():
    session = Session(humans_vs("briscola", {0, 1}, seed=2))
    seat = session.state.to_act()[0]
    session.stand_in(seat, "random")
    with session._lock:                 # the thought starts, but is not applied yet
        session.computers.request(seat, session.state.view(seat),
                                  session.state.legal_actions(seat), session.version)
    session.computers.wait_all()
    session.return_seat(seat)
    session.pump()
    assert session.version == 0 and session.state.history == []


def test_only_a_persons_seat_can_be_stood_in():
    session = Session(humans_vs("bocce", {0}))
    with pytest.raises(ValueError):
        session.stand_in(1)
    session.return_seat(1)              # a computer's own seat stays its own
    assert session.is_computer(1)


def test_updates_appended_while_another_thread_drains_are_never_lost():
    session = Session(GameSetup.computers("briscola", "random", seed=5))
    watcher = session.watch(None)
    got: list[Update] = []
    stop = threading.Event()

    def serve() -> None:                # a netplay host's thread, draining as it goes
        while not stop.is_set():
            got.extend(watcher.drain())

    thread = threading.Thread(target=serve)
    thread.start()
    try:
        session.run()
    finally:
        stop.set()
        thread.join(5)
    got.extend(watcher.drain())
    assert [u.version for u in got] == list(range(session.version + 1))


def test_a_watcher_is_notified_of_each_update():
    calls: list[int] = []
    session = Session(GameSetup.computers("bocce", "random", seed=1))
    watcher = session.watch(0, notify=lambda: calls.append(len(watcher.inbox)))
    session.run()
    assert len(calls) == session.version and all(n >= 1 for n in calls)


def test_a_move_is_forced_in_the_open_when_every_legal_action_plays_the_one_card_in_hand():
    """Public facts only: the hand's size, and whether the phase plays a card at all.  An
    Ace high or low (two actions) is as forced as any last card; a last card that may
    be played or passed on is not, whether or not it could be played."""
    ace, two = Action.parse("play:Ad:high"), Action.parse("play:2d")
    legal = {0: [Action.parse("play:Ad:low"), ace], 1: [two], 2: [two],
             3: [Action("pass")], 4: [Action("pass"), two], 5: [Action("bet", (), "1")]}

    class Legal:
        def legal_actions(self, seat):
            return legal[seat]

    view = {"zones": {f"hand/{s}": [None] for s in range(6)}}
    view["zones"]["hand/2"] = [None, None]      # a single play from two cards says a lot
    assert forced_seats(Legal(), tuple(range(6)), view) == (0, 1)
    view["zones"]["hand/1"] = []
    assert forced_seats(Legal(), (1,), view) == ()


# -- the journal (a table dealt by the service) -------------------------------------------
def test_the_journal_keeps_each_action_before_any_watcher_hears_of_it():
    session = Session(GameSetup.computers("briscola", seed=4))
    watcher = session.watch(0)
    watcher.drain()
    kept: list[tuple[int, str, int]] = []
    session.journal = lambda seat, action: kept.append((seat, str(action), len(watcher.inbox)))
    session.run()
    assert [[s, a] for s, a, _ in kept] == session.log()["actions"]
    assert [told for _, _, told in kept] == list(range(len(kept)))   # told after each: none yet


def test_an_action_the_journal_cannot_keep_leaves_the_game_as_it_stood():
    session = Session(humans_vs("bocce", {0}))
    watcher = session.watch(0)
    watcher.drain()

    def broken(seat: int, action: Action) -> None:
        raise OSError("the log is away")

    session.journal = broken
    before = session.state.log()
    with pytest.raises(OSError):
        session.submit(0, session.state.legal_actions(0)[0])
    assert session.state.log() == before and session.version == 0 and not watcher.drain()


class _Wrong:
    """A computer that always answers a move the rules refuse."""

    def choose(self, view, legal, rng):
        return Action("nonsense")


def test_the_journal_is_never_handed_an_illegal_action():
    n = GAMES["bocce"].seats[0]
    session = Session(GameSetup.computers("bocce", seed=3), players=[_Wrong()] * n)
    kept: list[list] = []
    session.journal = lambda seat, action: kept.append([seat, str(action)])
    session.run()
    assert kept == session.log()["actions"] and "nonsense" not in str(kept)


def test_a_driver_that_pumps_only_when_woken_plays_a_game_to_its_end():
    """Session.wake: every move thought out and every action applied wakes the driver
    (a table worker pumps only the sessions that woke it), so none waits on a move."""
    session = Session(GameSetup.computers("briscola", "random", seed=5))
    woken = threading.Event()
    session.wake = woken.set
    session.pump()                                  # the first move is asked for
    while not session.over:
        assert woken.wait(10), "a move was ready and the driver was not woken"
        woken.clear()
        session.pump()
    session.close()


def test_a_seat_a_computer_stands_in_for_wakes_the_driver():
    session = Session(humans_vs("bocce", {0, 1}, seed=3))
    woken = threading.Event()
    session.wake = woken.set
    session.stand_in(session.state.to_act()[0], "random")
    assert woken.is_set()
    session.close()
