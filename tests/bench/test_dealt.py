"""bench/dealt.py's figures."""

from __future__ import annotations

from bench import dealt


def test_the_cpu_split_is_each_part_of_the_service_an_action_kept():
    row = {"kept_per_s": 200.0, "moves_per_s": 50.0, "players_cpu": 0.5,
           "cpu": {"worker 1": 0.3, "worker 2": 0.1, "gateway 1": 0.02, "gateway 2": 0.02,
                   "NATS": 0.04}}
    assert dealt.cost_line(row) == (
        "CPU an action kept: workers 2.00 ms, gateways 0.20 ms, NATS 0.20 ms; the players' "
        "processes 10.00 ms a guest's move")


def test_a_table_claimed_costs_the_survivors_cpu_at_the_last_player_back_less_the_play():
    """Read at the first sample at or after the last player back (not at the end of a
    minute a player never back made the run wait), less the actions kept meanwhile at
    the window's CPU an action of the workers."""
    row = {"waits": [1.0, 2.2], "claimed": 100, "kept_per_s": 200.0,
           "cpu": {"worker 1": 0.4, "gateway 1": 0.1},        # 2 ms an action
           "samples": [(2.0, 0.9, 100), (2.5, 1.4, 200), (60.0, 30.0, 9000)]}
    assert "(2.5 s): the survivors 1.40 s of CPU, 200 actions kept" in dealt.claims_cost(row)
    assert "10.0 ms a table claimed, its play left out (14.0 ms with it)" in \
        dealt.claims_cost(row)
    assert dealt.claims_cost({**row, "samples": [(2.0, 0.9, 100)]}) == ""


def test_a_table_with_nothing_come_and_no_move_due_is_passed_over():
    """A players' process looks at its hundred tables fifty times a second: a table is
    stepped only when a message came, a link was lost, or its guest's move is due."""
    import time
    from collections import deque
    from types import SimpleNamespace

    table = dealt._Dealt(0, [], "", 1, 2.0, {}, None, None)  # type: ignore[arg-type]
    client = SimpleNamespace(_inbox=deque(), state="connected")
    table.clients = [SimpleNamespace(client=client)]  # type: ignore[list-item]
    waiting = SimpleNamespace(over=False, my_turn=False, version=4)
    table.players = [SimpleNamespace(latest=waiting, sent=None, turn_seen=0.0, delay=2.0)]
    table.started = time.monotonic()
    assert table.quiet("lost")
    client._inbox.append("an update")
    assert not table.quiet("lost"), "a message came"
    client._inbox.clear()
    client.state = "lost"
    assert not table.quiet("lost"), "its link was lost"
    client.state = "connected"
    table.players[0].latest = SimpleNamespace(over=False, my_turn=True, version=5)
    assert not table.quiet("lost"), "its move is due"
    table.players[0].sent = 5
    assert table.quiet("lost"), "sent: waiting for the update that carries it"


def test_a_guest_waiting_its_pace_before_its_move_is_passed_over():
    """A guest's turn seen, its move comes ``--pace`` seconds later: the looks of that wait
    pass its table over (stepped at each, a move every 10 s cost 500 steps)."""
    import time
    from collections import deque
    from types import SimpleNamespace

    table = dealt._Dealt(0, [], "", 1, 10.0, {}, None, None)  # type: ignore[arg-type]
    table.clients = [SimpleNamespace(  # type: ignore[list-item]
        client=SimpleNamespace(_inbox=deque(), state="connected"))]
    turn = SimpleNamespace(over=False, my_turn=True, version=5)
    player = SimpleNamespace(latest=turn, sent=None, turn_seen=0.0, delay=10.0)
    table.players = [player]
    table.started = time.monotonic()
    assert not table.quiet("lost"), "its turn, not yet seen by its player"
    player.turn_seen = time.monotonic()
    assert table.quiet("lost"), "seen: its move waits the pace"
    player.turn_seen -= 10.0
    assert not table.quiet("lost"), "the pace waited: its move is due"


def test_a_quiet_table_is_looked_at_again_when_a_message_comes_or_its_move_is_due():
    """Asking every quiet table whether it is quiet, fifty times a second, was most of a
    players' process's CPU at a move every 10 s: a quiet table is passed over until a
    message comes, its guest's move is due, or LOOK_AGAIN has passed."""
    import time
    from collections import deque
    from types import SimpleNamespace

    table = dealt._Dealt(0, [], "", 1, 10.0, {}, None, None)  # type: ignore[arg-type]
    inbox: deque[str] = deque()
    table.code = "CODE"
    table.clients = [SimpleNamespace(  # type: ignore[list-item]
        client=SimpleNamespace(_inbox=inbox, state="connected"), state="connected")]
    seen = time.monotonic()
    turn = SimpleNamespace(over=False, my_turn=True, version=5)
    table.players = [SimpleNamespace(latest=turn, sent=None, turn_seen=seen, delay=0.5)]
    table.started = seen
    asked: list[bool] = []
    quiet = table.quiet
    table.quiet = lambda lost: asked.append(True) or quiet(lost)  # type: ignore[method-assign]
    table.step()
    assert asked == [True] and table.quiet_until == seen + 0.5, "its move due after its pace"
    table.step()
    assert asked == [True], "passed over: nothing came, nothing due"
    inbox.append("an update")
    table.play_on = lambda stuck: None  # type: ignore[method-assign]
    table.step()
    assert len(asked) == 2, "a message came: looked at"
    table.players[0].sent = 5                     # its move sent: nothing due but a look
    assert table.next_look(seen) == seen + dealt.LOOK_AGAIN


def test_a_table_is_stepped_when_its_time_comes_or_something_wakes_it_not_at_every_look():
    """Stepping each of a players' process's tables at every look (each then passing
    itself over) was most of its CPU at 1,000 idle tables: a table is stepped at its
    time, or when a message or an answer wakes it (from another thread)."""
    looks = dealt.Looks()
    looks.at(0, 10.0)
    looks.at(1, 12.0)
    looks.at(1, 11.0)                               # sooner: the sooner stands
    looks.at(1, 30.0)                               # later: the sooner still stands
    assert looks.due(5.0) == set()
    looks.wake(1)
    assert looks.due(5.0) == {1}, "woken: stepped at once"
    assert looks.due(11.5) == {0}, "its time came; table 1's passed with its wake"
    looks.at(1, 20.0)
    assert looks.due(19.0) == set()
    assert looks.due(20.0) == {1}
