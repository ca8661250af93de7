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
