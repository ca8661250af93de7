"""What Dou Dizhu's bids and passes say about the hidden hands
(game/ai/doudizhu_reading.py): hand-built positions, the worlds dealt with and without
the reading, and the seen cards never moved."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.doudizhu_reading import BidClue, PassClue, clues, facts, strength
from game.ai.search import deal
from game.cards import Card
from game.doudizhu import combos
from game.doudizhu.state import PASS, RANK
from game.engine import Action
from tests.game.test_ai_search import positions, seen_zones
from tests.game.test_doudizhu import at_play, new, play

BID = {b: Action("bid", (), b) for b in ("1", "2", "3")}


def counts(cards) -> list[int]:
    out = [0] * 15
    for c in cards:
        out[RANK[c]] += 1
    return out


def dealt(state, seat, how, trials=300):
    """The worlds ``seat`` deals itself ``trials`` times with the facts ``how``."""
    for trial in range(trials):
        world = state.world(seat, trial)
        deal(world, seat, how, random.Random(trial))
        yield world


def mean_strength(worlds, seat) -> float:
    worlds = list(worlds)
    return sum(strength(counts(w.hands[seat])) for w in worlds) / len(worlds)


@pytest.mark.slow
def test_a_seat_that_bid_three_is_dealt_the_high_cards_more_often():
    state = new(hands=1)
    assert state.turn == 0
    state.apply(0, PASS)
    state.apply(1, BID["3"])                      # seat 1 the landlord, on a bid of 3
    view = state.view(0)
    assert [type(c) for c in clues(view)] == [BidClue]
    read = facts(view)
    plain = replace(read, likely=None)
    assert mean_strength(dealt(state, 0, read), 1) > mean_strength(dealt(state, 0, plain), 1) + 2


@pytest.mark.slow
def test_a_seat_that_passed_the_bidding_is_dealt_fewer_high_cards():
    state = new(hands=1)
    state.apply(0, BID["1"])
    state.apply(1, PASS)                          # seat 1 would not bid 2
    state.apply(2, BID["2"])
    view = state.view(0)
    read = facts(view)
    plain = replace(read, likely=None)
    assert mean_strength(dealt(state, 0, read), 1) < mean_strength(dealt(state, 0, plain), 1) - 1


def test_a_pass_on_a_play_it_could_beat_makes_that_deal_less_likely():
    # landlord 0 leads a Nine; seat 1 passes, holding only a Four and a Five
    state = at_play(["9S 3S 3H", "4S 5S", "KS AS"])
    play(state, 0, "9")
    state.apply(1, PASS)
    view = state.view(0)
    assert clues(view) == [PassClue(1, (0,) * 15, combos.classify("9", state.kinds))]
    read = facts(view)

    def share_without_answer(how) -> float:
        worlds = list(dealt(state, 0, how, 200))
        return sum({c.code for c in w.hands[1]} == {"4S", "5S"} for w in worlds) / len(worlds)
    # one of the six ways to split 4, 5, K and A leaves seat 1 no answer to the Nine
    assert share_without_answer(replace(read, likely=None)) < 0.3
    assert share_without_answer(read) > 0.4


def test_a_pass_on_a_partners_play_says_nothing():
    state = at_play(["3S 6S 6H", "9S TS TH", "4S 5S"])
    play(state, 0, "3")
    play(state, 1, "9")
    state.apply(2, PASS)                          # seat 2 lets its partner's Nine stand
    assert clues(state.view(0)) == []
    state.apply(0, PASS)                          # the landlord's pass is read by the peasants
    assert [type(c) for c in clues(state.view(1))] == [BidClue, PassClue]


def test_the_landlords_bid_counts_its_hand_before_the_kitty():
    state = new(hands=1)
    assert state.turn == 0
    state.apply(0, BID["3"])
    kitty = [Card.parse(c) for c in state.view(1)["kitty"]]
    before = counts(c for c in state.hands[0] if c not in kitty)
    (clue,) = clues(state.view(1))
    assert isinstance(clue, BidClue) and clue.bid == 3 and clue.high == 0
    assert [n + t for n, t in zip(counts(state.hands[0]), clue.then)] == before


def test_reading_never_moves_a_seen_card():
    checked = 0
    for seed, state in positions("doudizhu", 20):
        rng = random.Random(seed)
        for seat in range(3):
            view = state.view(seat)
            world = state.world(seat, seed)
            deal(world, seat, facts(view), rng)
            assert world.view(seat) == view
            assert seen_zones(world, seat) == seen_zones(state, seat)
            checked += bool(clues(view))
    assert checked
