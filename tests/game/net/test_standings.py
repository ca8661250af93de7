"""The leaderboard (game/net/standings.py): the keys listed after their tenth rated game,
highest first, a player's place and the places near it, namesakes told apart."""

from __future__ import annotations

import random

from game.net.ratings import Rating
from game.net.standings import BOARD_AFTER, Board


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
