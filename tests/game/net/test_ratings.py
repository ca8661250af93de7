"""Ratings (game/net/ratings.py): each order of finish as the model rates it, and a fold
that takes each record once."""

from __future__ import annotations

from openskill.models import PlackettLuce

from game.net.ratings import Ledger, outcomes


def _record(players: int, scores: list[int], winners: list[int], **more) -> dict:
    return {"table": "t", "game": "bisca", "players": [[f"{s:064x}", f"P{s}"]
                                                       for s in range(players)],
            "scores": scores, "winners": winners, **more}


def test_ranks_follow_the_winners_then_the_scores_and_ties_share():
    assert outcomes(_record(4, [3, 1, 1, 0], [0])) == [([[0], [1], [2], [3]], [1, 2, 2, 4])]


def test_a_player_who_left_ranks_last_whatever_its_computer_scored():
    assert outcomes(_record(3, [9, 5, 1], [0], left=[0])) == [([[0], [1], [2]], [3, 1, 2])]


def test_dou_dizhu_rates_each_hand_as_the_landlord_against_the_two_peasants():
    record = _record(3, [4, -2, -2], [0], hands=[[0, True], [2, False]])
    assert outcomes(record) == [([[0], [1, 2]], [1, 2]), ([[2], [0, 1]], [2, 1])]
    assert outcomes({**record, "left": [1]}) == [([[0], [1], [2]], [1, 3, 1])]


def test_a_fold_moves_ratings_as_the_model_does_and_takes_a_record_once():
    ledger = Ledger()
    record = _record(2, [5, 3], [0])
    moved = ledger.fold(7, record)
    model = PlackettLuce()
    (a,), (b,) = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    after = ledger.rating("bisca", f"{0:064x}")
    assert (after.mu, after.sigma, after.games, after.seq) == (a.mu, a.sigma, 1, 7)
    assert moved[f"{1:064x}"][1].mu == b.mu
    assert ledger.fold(7, record)[f"{0:064x}"] == (after, after)       # folded again: as it was
