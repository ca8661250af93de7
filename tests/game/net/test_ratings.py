"""Ratings (game/net/ratings.py): each order of finish as the model rates it, a fold that
takes each record once, and a board of listed keys in order."""

from __future__ import annotations

import random

from openskill.models import PlackettLuce

from game.net.ratings import BOARD_AFTER, Board, Ledger, Rating, outcomes


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


def test_the_board_lists_keys_after_their_tenth_game_highest_first():
    rng = random.Random(3)
    ratings = {f"{k:064x}": Rating(rng.uniform(10, 40), 2.0, BOARD_AFTER - (k % 2), f"P{k}")
               for k in range(40)}
    board = Board(ratings.items())
    listed = sorted((k for k, r in ratings.items() if r.games >= BOARD_AFTER),
                    key=lambda k: -ratings[k].shown)
    assert [s.key for s in board.rows(0, 100)] == listed
    assert board.place(listed[3]) == 4 and board.place(f"{1:064x}") is None
    asked = board.query(listed[10], top=5, near=2)
    assert [row[0] for row in asked["near"]] == [9, 10, 11, 12, 13] and asked["place"] == 11
    moved = Rating(99.0, 1.0, BOARD_AFTER, "P")
    board.put(listed[-1], moved)
    assert board.place(listed[-1]) == 1 and len(board) == len(listed)


def test_a_name_two_keys_bear_is_told_apart_wherever_each_stands_on_the_board():
    ratings = {f"{k:064x}": Rating(10.0 + k, 1.0, BOARD_AFTER, "Marco" if k in (0, 30) else f"P{k}")
               for k in range(31)}
    board = Board(ratings.items())
    near = board.query(f"{0:064x}", top=3, near=1)["near"]          # the other Marco far off
    assert near[-1][2].startswith("Marco #") and board.rows(0, 1)[0].name.startswith("Marco #")
    board.put(f"{30:064x}", Rating(40.0, 1.0, BOARD_AFTER, "Anna"))  # renamed: Marco alone
    assert board.query(f"{0:064x}", near=0)["near"][0][2] == "Marco"
