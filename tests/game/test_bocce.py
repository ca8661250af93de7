"""Bocce's rules, one test per rule, and property tests for what must always hold."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.bocce import SPEC, BocceState, action_label, lag_worths, points, totals
from game.cards import Card, card, cards, french_deck
from game.engine import GAME_OVER, Action, IllegalAction, Reason, replay_log
from game.i18n import catalog
from tests.game.positions import codes, positioned

A = Action.parse


# -- helpers -------------------------------------------------------------------
def rigged(hands=("KS 5H 2D", "7C 3C 4C"), bocce=((), ()), top="", first=0, target=25,
           seed=1, **fields) -> BocceState:
    """A fresh game whose first hand is dealt as given, built from its text form.

    ``bocce`` lists, per seat, the cards of bocce 0, 1, 2 ("" or missing: any
    cards); ``top`` lists the next cards of the Draw Pile, the first drawn first.
    Every card not named stays in the Draw Pile, so all 52 are still somewhere.
    ``fields``: other fields of the position (``scores=[17, 15]``).
    """
    named = [codes(h) for h in hands]
    piles = [[codes(b) if b else [] for b in list(seat) + [""] * (3 - len(seat))] for seat in bocce]
    drawn = codes(top)
    listed = [c for h in named for c in h] + [c for s in piles for b in s for c in b] + drawn
    used = set(listed)
    assert len(used) == len(listed), "a card is named twice"
    rest = [c.code for c in french_deck() if c.code not in used]
    for seat in piles:
        for b in seat:
            while len(b) < 2:
                b.append(rest.pop(0))
    waiting = [[{"cards": b, "status": "waiting", "total": None, "knocked_by": None}
                for b in seat] for seat in piles]
    return positioned(SPEC.new({"target": target}, 2, seed), first_of_game=first, first=first,
                      hands=named, bocce=waiting, deck=rest + drawn[::-1], **fields)


def lag(state: BocceState, c0: str, c1: str) -> list:
    """Both commit (seat 0 first); returns every event."""
    return state.apply(0, A("commit:" + c0)) + state.apply(1, A("commit:" + c1))


def all_cards(state: BocceState) -> list[Card]:
    return [c for cs in state.true_zones().values() for c in cs]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# -- the deal ------------------------------------------------------------------
def test_deck_is_french_52_and_two_seats():
    assert SPEC.key == "bocce" and SPEC.seats == (2,) and SPEC.deck == "french"
    assert GAMES["bocce"] is SPEC
    state = SPEC.new(seed=3)
    assert sorted(all_cards(state)) == sorted(french_deck())
    with pytest.raises(ValueError):
        SPEC.new(seats=3)


def test_deal_gives_each_player_three_hidden_bocce_pairs_and_three_hand_cards():
    state = SPEC.new(seed=5)
    zones = state.true_zones()
    for s in (0, 1):
        assert len(zones[f"hand/{s}"]) == 3
        for i in range(3):
            assert len(zones[f"bocce/{s}/{i}"]) == 2
    assert len(zones["deck"]) == 52 - 18
    mine = state.view(0)["zones"]
    assert all(code is not None for code in mine["hand/0"])
    assert mine["hand/1"] == [None, None, None]
    # Nobody sees an unrolled bocce, its owner included.
    for s in (0, 1):
        for i in range(3):
            assert mine[f"bocce/{s}/{i}"] == [None, None]
    assert mine["deck"] == [None] * 34


def test_a_hand_has_three_frames_then_a_new_deal():
    state = SPEC.new(seed=7)
    seen = []
    while state.hand_no == 1:
        seen.append((state.hand_no, state.frame + 1))
        for seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])
            break
    assert sorted(set(seen)) == [(1, 1), (1, 2), (1, 3)]
    assert state.view(None)["frame"] == 1 and state.hand_no == 2
    assert len(state.true_zones()["deck"]) == 34


def test_opening_events_deal_the_first_hand():
    state = SPEC.new(seed=9)
    events = state.opening_events()
    assert kinds(events) == ["hand_start", "deal", "deal", "frame_start"]
    deals = [e for e in events if e.kind == "deal"]
    for s, e in enumerate(deals):
        assert e.seat == s
        moves = e.for_seat(s).data["moves"]
        dsts = [m["dst"] for m in moves]
        assert dsts.count(f"hand/{s}") == 3
        assert all(dsts.count(f"bocce/{s}/{i}") == 2 for i in range(3))
        hand = [m["card"] for m in moves if m["dst"] == f"hand/{s}"]
        assert sorted(hand) == sorted(c.code for c in state.hands[s])
        # The other seat and a spectator see only backs; nobody sees a bocce.
        assert all(m["card"] is None for m in e.for_seat(1 - s).data["moves"])
        assert all(m["card"] is None for m in e.for_seat(None).data["moves"])
        assert all(m["card"] is None for m in moves if m["dst"].startswith("bocce"))
    assert events[-1].data == {"hand": 1, "frame": 1, "first": state.first}


# -- the lag -------------------------------------------------------------------
def test_lag_both_commit_at_the_same_time():
    state = rigged()
    assert state.to_act() == (0, 1)
    assert state.legal_actions(0) and state.legal_actions(1)
    state.apply(1, A("commit:3C:3"))
    assert state.to_act() == (0,)
    assert state.legal_actions(1) == []
    assert state.view(0)["committed"] == [False, True]
    state.apply(0, A("commit:5H:5"))
    assert state.view(0)["phase"] == "roll"


def test_lag_card_hidden_until_both_committed():
    state = rigged()
    events = state.apply(0, A("commit:KS:10"))
    assert kinds(events) == ["lag_commit"]
    theirs, spectator, mine = events[0].for_seat(1), events[0].for_seat(None), events[0].for_seat(0)
    for e in (theirs, spectator):
        assert e.data["moves"] == [{"card": None, "src": "hand/0", "dst": "lag/0", "up": False}]
        assert "worth" not in e.data
        assert "KS" not in json.dumps(e.to_json())
    assert mine.data["moves"][0]["card"] == "KS" and mine.data["worth"] == 10
    for seat in (1, None):
        view = state.view(seat)
        assert view["zones"]["lag/0"] == [None]
        assert view["lag"] == [None, None] and view["pallino"] is None
        assert "KS" not in json.dumps(view)
    assert state.view(0)["zones"]["lag/0"] == ["KS"] and state.view(0)["lag"] == [10, None]
    # The second commit reveals both.
    events = state.apply(1, A("commit:7C:7"))
    reveal = next(e for e in events if e.kind == "lag_reveal")
    assert reveal.private is None
    assert {m["card"] for m in reveal.data["moves"]} == {"KS", "7C"}
    for seat in (0, 1, None):
        assert state.view(seat)["zones"]["lag/0"] == ["KS"]
        assert state.view(seat)["zones"]["lag/1"] == ["7C"]


def test_pallino_is_the_sum_of_lag_cards_with_face_cards_ten():
    state = rigged(hands=("KS 5H 2D", "JC 3C 4C"))
    events = lag(state, "KS:10", "JC:10")
    reveal = next(e for e in events if e.kind == "lag_reveal")
    assert reveal.data["pallino"] == 20 == state.view(None)["pallino"]
    assert reveal.data["worths"] == [10, 10]
    assert lag_worths(card("TD")) == (10,) and lag_worths(card("QH")) == (10,)
    assert lag_worths(card("7D")) == (7,)


def test_lag_ace_counts_one_or_ten_by_committers_choice():
    state = rigged(hands=("AS 5H 2D", "AC 3C 4C"))
    legal = [str(a) for a in state.legal_actions(0)]
    assert "commit:AS:1" in legal and "commit:AS:10" in legal
    assert "commit:5H:5" in legal and "commit:5H:10" not in legal
    lag(state, "AS:10", "AC:1")
    assert state.pallino == 11


# -- rolling -------------------------------------------------------------------
def test_bocce_total_counts_face_cards_one():
    assert totals(cards("KS QD")) == [2]
    assert totals(cards("JH 9C")) == [10]
    assert totals(cards("TH 3C")) == [13]
    state = rigged(bocce=(("KH 5D",), ()))
    events = lag(state, "KS:10", "7C:7")
    roll = next(e for e in events if e.kind == "roll")
    assert roll.seat == 0 and roll.data["totals"] == [6]
    assert {m["card"] for m in roll.data["moves"]} == {"KH", "5D"}
    assert state.view(1)["bocce"][0][0] == {"total": 6, "totals": [6], "status": "rolling",
                                            "points": None}


def test_bocce_ace_counts_one_or_ten_by_players_choice():
    assert totals(cards("AH 5D")) == [6, 15]
    assert totals(cards("AH AD")) == [2, 11, 20]
    state = rigged(bocce=(("AH 5D",), ()))
    lag(state, "KS:10", "7C:7")    # pallino 17
    assert [str(a) for a in state.legal_actions(0)] == ["draw", "stand::15", "stand::6"]
    state.apply(0, A("stand::6"))
    assert state.bocce[0][0].total == 6


def test_draw_allowed_only_while_under_the_pallino():
    state = rigged(bocce=(("4H 3D",), ()), top="5S")
    lag(state, "5H:5", "7C:7")    # pallino 12, bocce 7
    assert A("draw") in state.legal_actions(0)
    state.apply(0, A("draw"))     # 12: on the pallino
    assert A("draw") not in state.legal_actions(0)
    assert state.legal_actions(0) == [A("stand::12")]


def test_no_draw_once_on_the_pallino():
    state = rigged(bocce=(("9H 3D",), ()))
    lag(state, "5H:5", "7C:7")    # pallino 12, bocce 12
    assert state.legal_actions(0) == [A("stand::12")]
    assert state.reason(0, A("draw")) == Reason("bocce.explain.on_pallino")
    with pytest.raises(IllegalAction):
        state.apply(0, A("draw"))


def test_drawing_adds_the_top_card_face_up():
    state = rigged(bocce=(("4H 3D",), ()), top="2S QC")
    lag(state, "5H:5", "7C:7")    # pallino 12
    events = state.apply(0, A("draw"))
    assert kinds(events) == ["draw"]
    assert events[0].data["moves"] == [
        {"card": "2S", "src": "deck", "dst": "bocce/0/0", "up": True}]
    assert events[0].data["totals"] == [9]
    state.apply(0, A("draw"))
    assert state.view(1)["zones"]["bocce/0/0"] == ["4H", "3D", "2S", "QC"]
    assert state.view(1)["bocce"][0][0]["totals"] == [10]


def test_going_over_the_pallino_is_out_of_bounds_with_zero_points():
    state = rigged(bocce=(("4H 3D",), ("2H 2C",)), top="9S")
    lag(state, "5H:5", "7C:7")    # pallino 12
    events = state.apply(0, A("draw"))    # 16
    assert kinds(events)[:2] == ["draw", "bust"]
    bust = events[1]
    assert bust.data["total"] == 16
    assert {m["dst"] for m in bust.data["moves"]} == {"discard"}
    assert state.bocce[0][0].status == "bust"
    assert state.view(0)["bocce"][0][0]["points"] == 0
    assert state.true_zones()["bocce/0/0"] == []
    assert set(cards("4H 3D 9S")) <= set(state.discard)
    assert state.rolling == 1    # the other player rolls next
    assert bust.data["next"] == 1, "the event names the next roller for the screen"


def test_turning_over_a_bocce_already_over_the_pallino_busts_at_once():
    state = rigged(bocce=(("9H 8D",), ("2H 2S",)))
    events = lag(state, "2D:2", "3C:3")   # pallino 5
    assert kinds(events) == ["lag_commit", "lag_commit", "lag_reveal", "roll", "bust", "roll"]
    assert state.bocce[0][0].status == "bust" and state.rolling == 1


def test_bust_only_when_every_achievable_total_is_over():
    state = rigged(bocce=(("AH 9D",), ()), top="2S 5C")
    lag(state, "5H:5", "7C:7")            # pallino 12: totals 10 or 19, still in
    assert state.bocce[0][0].status == "rolling"
    state.apply(0, A("draw"))             # 12 or 21: 12 is on the pallino
    assert state.bocce[0][0].status == "rolling"
    assert state.legal_actions(0) == [A("stand::12")]
    state2 = rigged(bocce=(("AH 9D",), ()), top="3S")
    lag(state2, "5H:5", "7C:7")
    state2.apply(0, A("draw"))            # 13 or 22: every total over
    assert state2.bocce[0][0].status == "bust"


def test_stand_only_at_a_total_you_can_make():
    state = rigged(bocce=(("AH 4D",), ()))
    lag(state, "5H:5", "7C:7")            # pallino 12: totals 5 or 14
    assert state.reason(0, A("stand::14")) == Reason(
        "bocce.explain.stand_over", {"total": 14, "pallino": 12, "totals": "5"})
    assert state.reason(0, A("stand::7")) == Reason("bocce.explain.stand_total", {"totals": "5"})
    state.apply(0, A("stand::5"))
    assert state.view(None)["bocce"][0][0]["status"] == "finished"


def test_first_roller_then_the_other_then_the_next_frame():
    state = rigged(first=1, bocce=(("2H 3D",), ("4H 2C",)))
    events = lag(state, "5H:5", "7C:7")
    assert state.rolling == 1 and next(e for e in events if e.kind == "roll").seat == 1
    events = state.apply(1, A("stand::6"))
    assert kinds(events) == ["stand", "roll"] and state.rolling == 0
    events = state.apply(0, A("stand::5"))
    assert kinds(events) == ["stand", "frame_end", "frame_start"]
    assert {m["dst"] for m in events[1].data["moves"]} == {"discard"}
    assert state.view(None)["frame"] == 2 and state.view(None)["phase"] == "lag"
    assert state.view(None)["pallino"] is None and state.view(None)["pallinos"][0] == 12


# -- knock-outs ----------------------------------------------------------------
def _frame(state, c0, c1, plays):
    """Play a frame: the lag, then each (seat, action) in order."""
    events = lag(state, c0, c1)
    for seat, action in plays:
        events += state.apply(seat, A(action))
    return events


#: Lag cards that keep every pallino high (17, 18, 19), so no bocce of these tests busts.
HIGH = ("KS QH JD", "7C 8C 9C")


def test_knockout_equal_total_knocks_out_earlier_opponent_bocce():
    state = rigged(hands=HIGH, bocce=(("5H 4D", "2S 2H"), ("3H 3D", "6C 3S")))
    _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::6")])     # pallino 17
    events = _frame(state, "QH:10", "8C:8", [(1, "stand::9")])             # frame 2, seat 1 first
    ko = next(e for e in events if e.kind == "knockout")
    assert ko.seat == 1 and ko.data["target_seat"] == 0 and ko.data["target_bocce"] == 0
    assert ko.data["total"] == 9 and ko.data["bocce"] == 1
    assert ko.data["moves"] == [{"card": c, "src": "bocce/0/0", "dst": "discard", "up": True}
                                for c in ("5H", "4D")]
    assert state.bocce[0][0].status == "knocked_out"
    assert state.view(1)["bocce"][0][0]["points"] == 0
    assert state.true_zones()["bocce/0/0"] == []


def test_knockout_only_hits_the_earlier_bocce():
    state = rigged(hands=HIGH, bocce=(("5H 4D",), ("6C 3S",)))
    _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::9")])
    assert state.bocce[0][0].status == "knocked_out"
    assert state.bocce[1][0].status == "finished" and state.bocce[1][0].total == 9


def test_knockout_hits_every_matching_opponent_bocce():
    state = rigged(hands=HIGH, bocce=(("5H 4D", "6H 3D", "2S 2H"), ("3H 3C", "4C 2C", "6C 3S")))
    _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::6")])
    _frame(state, "QH:10", "8C:8", [(1, "stand::6"), (0, "stand::9")])
    assert [b.status for b in state.bocce[0][:2]] == ["finished", "finished"]
    events = _frame(state, "JD:10", "9C:9", [(0, "stand::4"), (1, "stand::9")])   # pallino 19
    assert [e.data["target_bocce"] for e in events if e.kind == "knockout"] == [0, 1]
    scored = next(e for e in events if e.kind == "hand_scored")
    assert scored.data["points"][0] == [0, 0, 1]


def test_busted_bocce_cannot_be_knocked_out():
    state = rigged(hands=("2D KS QH", "3C 9C 7C"), bocce=(("9H 8D",), ("2H 3D", "9S 8S")))
    _frame(state, "2D:2", "3C:3", [(1, "stand::5")])     # pallino 5: seat 0 busts at 17
    assert state.bocce[0][0].status == "bust" and state.bocce[0][0].total == 17
    events = _frame(state, "KS:10", "9C:9", [(1, "stand::17")])    # pallino 19, seat 1 first
    assert "knockout" not in kinds(events)
    assert state.bocce[0][0].status == "bust"


def test_busted_bocce_does_not_knock_out():
    state = rigged(hands=("KS 2D QH", "9C 3C 7C"),
                   bocce=(("9H 8D", "TH 6D"), ("TS 9S", "8S 9D")))
    _frame(state, "KS:10", "9C:9", [(0, "stand::17"), (1, "stand::19")])   # pallino 19
    events = lag(state, "2D:2", "3C:3")     # pallino 5: seat 1 busts at 17, then seat 0 at 16
    assert [e.kind for e in events if e.kind in ("bust", "knockout")] == ["bust", "bust"]
    assert state.bocce[0][0].status == "finished" and state.bocce[1][0].status == "finished"


def test_own_bocce_do_not_knock_each_other_out():
    state = rigged(hands=HIGH, bocce=(("5H 4D", "6H 3D"), ("3H 3C", "4C 2S")))
    _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::6")])
    _frame(state, "QH:10", "8C:8", [(1, "stand::6"), (0, "stand::9")])
    assert [b.status for b in state.bocce[0][:2]] == ["finished", "finished"]
    assert [b.status for b in state.bocce[1][:2]] == ["finished", "finished"]


def test_knockout_chain_the_knocker_can_itself_be_knocked_out_later():
    state = rigged(hands=HIGH, bocce=(("5H 4D", "6H 3D", "4S 2H"), ("6C 3S", "4H 2C", "5C 4C")))
    _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::9")])    # 1 knocks out 0's
    assert [b.status for b in (state.bocce[0][0], state.bocce[1][0])] == ["knocked_out",
                                                                          "finished"]
    events = _frame(state, "QH:10", "8C:8", [(1, "stand::6"), (0, "stand::9")])
    ko = [(e.data["target_seat"], e.data["target_bocce"]) for e in events if e.kind == "knockout"]
    assert ko == [(1, 0)]                       # 0's second bocce knocks out 1's first
    events = _frame(state, "JD:10", "9C:9", [(0, "stand::6"), (1, "stand::9")])
    ko = [(e.data["target_seat"], e.data["target_bocce"]) for e in events if e.kind == "knockout"]
    assert ko == [(1, 1), (0, 1)]               # 6 hits 1's second; 9 hits 0's second
    scored = next(e for e in events if e.kind == "hand_scored")
    assert scored.data["points"] == [[0, 0, 1], [0, 0, 1]]


def test_hand_scored_says_what_became_of_every_bocce_and_who_knocked_it_out():
    """The hand's summary on screen copies these fields: nothing is worked out there."""
    state = rigged(hands=("2D KS QH", "3C 9C 7C"),
                   bocce=(("9H 8D", "5H 4D", "6H 3D"), ("2H 3S", "9S 8S", "4C 5C")))
    _frame(state, "2D:2", "3C:3", [(1, "stand::5")])     # pallino 5: seat 0 busts at 17
    _frame(state, "KS:10", "9C:9", [(1, "stand::17"), (0, "stand::9")])   # pallino 19
    events = _frame(state, "QH:10", "7C:7", [(0, "stand::9"), (1, "stand::9")])  # pallino 17
    scored = next(e for e in events if e.kind == "hand_scored").data
    fates = [[(b["total"], b["status"], b["points"], b["knocked_by"]) for b in row]
             for row in scored["bocce"]]
    assert fates == [[(17, "bust", 0, None), (9, "knocked_out", 0, {"seat": 1, "frame": 3}),
                      (9, "knocked_out", 0, {"seat": 1, "frame": 3})],
                     [(5, "finished", 3, None), (17, "finished", 2, None),
                      (9, "finished", 1, None)]]
    assert scored["points"] == [[0, 0, 0], [3, 2, 1]] and scored["final"] is False
    assert state.view(None)["last_hand"]["bocce"] == scored["bocce"]


def test_hand_scored_says_whether_the_game_ends_with_it():
    state = _rig_for_plan(scores=(17, 15))
    events = _play_hand(state, _THREE_EXACT)
    assert next(e for e in events if e.kind == "hand_scored").data["final"] is True


def test_the_view_keeps_the_last_finished_frame_to_look_back_at():
    state = rigged(hands=("2D KS QH", "3C 9C 7C"),
                   bocce=(("9H 8D", "5H 4D", "6H 3D"), ("2H 3S", "9S 8S", "4C 5C")))
    assert state.view(0)["last_frame"] is None
    _frame(state, "2D:2", "3C:3", [(1, "stand::5")])     # pallino 5: seat 0 busts at 17
    for seat in (0, 1, None):
        last = state.view(seat)["last_frame"]
        assert last == {
            "hand": 1, "frame": 1, "pallino": 5,
            "lag": [{"card": "2D", "worth": 2}, {"card": "3C", "worth": 3}],
            "bocce": [{"cards": ["9H", "8D"], "total": 17, "status": "bust", "points": 0,
                       "knocked_by": None},
                      {"cards": ["2H", "3S"], "total": 5, "status": "finished", "points": 3,
                       "knocked_by": None}]}
    _frame(state, "KS:10", "9C:9", [(1, "stand::17"), (0, "stand::9")])
    assert state.view(0)["last_frame"]["frame"] == 2
    # a knock-out in the next frame is shown on the frame looked back at
    lag(state, "QH:10", "7C:7")
    state.apply(0, A("stand::9"))
    state.apply(1, A("stand::9"))   # hits seat 0's bocce of frame 2 and frame 3
    assert state.view(0)["last_frame"]["frame"] == 3     # the hand's last frame now
    assert state.view(0)["last_frame"]["bocce"][0]["status"] == "knocked_out"


def test_a_knockout_updates_the_frame_looked_back_at_while_the_next_one_is_played():
    state = rigged(hands=HIGH, bocce=(("5H 4D", "6H 3D"), ("3H 3C", "4C 5S")))
    _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::6")])
    assert state.view(1)["last_frame"]["bocce"][0]["status"] == "finished"
    lag(state, "QH:10", "8C:8")
    state.apply(1, A("stand::9"))       # seat 1 opens frame 2 and knocks out 0's first bocce
    fate = state.view(1)["last_frame"]["bocce"][0]
    assert fate["status"] == "knocked_out" and fate["points"] == 0
    assert fate["knocked_by"] == {"seat": 1, "frame": 2}


def test_knockout_uses_the_total_chosen_for_an_ace():
    for chosen, knocked in (("14", True), ("5", False)):
        state = rigged(hands=HIGH, bocce=(("9H 5D",), ("AH 4C",)))
        events = _frame(state, "KS:10", "7C:7", [(0, "stand::14"), (1, "stand::" + chosen)])
        assert ("knockout" in kinds(events)) is knocked
        assert state.bocce[0][0].status == ("knocked_out" if knocked else "finished")


# -- scoring -------------------------------------------------------------------
@pytest.mark.parametrize("total, pallino, expected", [
    (15, 15, 3), (14, 15, 2), (13, 15, 2), (12, 15, 1), (2, 20, 1), (16, 15, 0)])
def test_scoring_table_3_exact_2_within_two_below_1_three_or_more_below(total, pallino, expected):
    assert points(total, pallino) == expected


def test_hand_scores_each_bocce_against_its_own_frame_pallino():
    state = rigged(hands=("KS 5H 2D", "7C 3C 4C"),
                   bocce=(("9H 8D", "5S 3H", "2H AD"), ("6C 3S", "4H 2S", "9C 8S")))
    _frame(state, "KS:10", "7C:7", [(0, "stand::17"), (1, "stand::9")])   # pallino 17: 3 and 1
    _frame(state, "5H:5", "3C:3", [(1, "stand::6"), (0, "stand::8")])     # pallino 8: 2 and 3
    events = _frame(state, "2D:2", "4C:4", [(0, "stand::3")])             # pallino 6: 1; 17 busts
    scored = next(e for e in events if e.kind == "hand_scored")
    assert scored.data["pallinos"] == [17, 8, 6]
    assert scored.data["points"] == [[3, 3, 1], [1, 2, 0]]
    assert scored.data["hand_points"] == [7, 3]
    assert state.scores == [7, 3] == scored.data["scores"]
    assert kinds(events)[-4:] == ["hand_start", "deal", "deal", "frame_start"]
    assert state.view(None)["last_hand"]["points"] == [[3, 3, 1], [1, 2, 0]]
    # The new deal gathers every card back into the Draw Pile first.
    gather = next(e for e in events if e.kind == "hand_start").data["moves"]
    assert {m["dst"] for m in gather} == {"deck"} and all(m["card"] is None for m in gather)


def test_finished_bocce_shows_the_points_it_would_score_now():
    state = rigged(bocce=(("9H 6D",), ()))
    lag(state, "KS:10", "7C:7")           # pallino 17
    assert state.view(1)["bocce"][0][0]["points"] is None
    state.apply(0, A("stand::15"))
    assert state.view(1)["bocce"][0][0] == {"total": 15, "totals": [15], "status": "finished",
                                            "points": 2}


def _play_hand(state, plan):
    """Play one rigged hand: ``plan`` is three (lag0, lag1, [(seat, action)...]) frames."""
    events = []
    for c0, c1, plays in plan:
        events += _frame(state, c0, c1, plays)
    return events


#: A hand where seat 0 scores 3 + 3 + 3 and seat 1 scores 1 + 2 + 2.
_THREE_EXACT = [("KS:10", "7C:7", [(0, "stand::17"), (1, "stand::9")]),
                ("5H:5", "3C:3", [(1, "stand::7"), (0, "stand::8")]),
                ("2D:2", "4C:4", [(0, "stand::6"), (1, "stand::5")])]


def _rig_for_plan(target=25, scores=(0, 0)):
    return rigged(target=target, scores=list(scores),
                  bocce=(("9H 8D", "5S 3H", "2H 4D"), ("6C 3S", "5C 2S", "3D 2C")))


def test_first_to_the_target_wins():
    state = _rig_for_plan(scores=(17, 15))
    events = _play_hand(state, _THREE_EXACT)
    assert state.scores == [26, 20]
    assert kinds(events)[-2:] == ["hand_scored", GAME_OVER]
    assert events[-1].data == {"scores": [26, 20], "winners": [0]}
    assert state.over and state.to_act() == ()
    assert state.result() == {"scores": [26, 20], "winners": [0]}
    view = state.view(1)
    assert view["phase"] == "over" and view["winners"] == [0]
    assert state.reason(0, A("draw")) == Reason("engine.game_over")


def test_target_option_sets_the_points_to_win():
    assert SPEC.resolve_options(None) == {"target": 25}
    assert SPEC.options["target"].allowed == (10, 15, 25, 50)   # 10: the kiosk's short game
    with pytest.raises(ValueError):
        SPEC.new({"target": 30})
    state = _rig_for_plan(target=15, scores=(6, 0))
    _play_hand(state, _THREE_EXACT)
    assert state.scores == [15, 5]
    assert state.over and state.winners == [0] and state.view(None)["target"] == 15


def test_both_passing_the_target_in_one_hand_the_higher_total_wins():
    state = _rig_for_plan(scores=(16, 24))
    _play_hand(state, _THREE_EXACT)
    assert state.scores == [25, 29] and state.winners == [1]


def test_both_tied_past_the_target_play_another_hand():
    state = _rig_for_plan(scores=(20, 24))
    events = _play_hand(state, _THREE_EXACT)
    assert state.scores == [29, 29]
    assert not state.over and "game_over" not in kinds(events)
    assert state.hand_no == 2 and state.to_act() == (0, 1)


# -- who rolls first -----------------------------------------------------------
def test_first_roller_of_the_game_is_drawn_by_the_seed():
    firsts = [SPEC.new(seed=s).first for s in range(20)]
    assert set(firsts) == {0, 1}
    # Drawn by the game's own seed alone: the global generator, reseeded, changes nothing.
    saved = random.getstate()
    try:
        for other in (1, 2):
            random.seed(other)
            assert [SPEC.new(seed=s).first for s in range(20)] == firsts
    finally:
        random.setstate(saved)


def test_first_roller_alternates_every_frame_and_across_hands():
    state = SPEC.new(seed=4)
    start = state.first
    order = []
    while len(order) < 9:
        if state.phase == "lag" and state.to_act() == (0, 1):
            order.append((state.hand_no, state.frame + 1, state.first))
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
        if state.over:
            break
    assert [f for _, _, f in order] == [start, 1 - start] * 4 + [start]
    assert [(h, f) for h, f, _ in order][:6] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]


# -- the Draw Pile -------------------------------------------------------------
def test_empty_draw_pile_reshuffles_the_discard():
    state = rigged(bocce=(("2H 2S",), ()))
    lag(state, "KS:10", "7C:7")      # pallino 17: one more card cannot bust 4
    moved = state.deck[:]
    state = positioned(state, deck=[], discard=[c.code for c in moved])  # every card used
    before = sorted(all_cards(state))
    events = state.apply(0, A("draw"))
    assert kinds(events)[:2] == ["reshuffle", "draw"]
    assert len(events[0].data["moves"]) == len(moved)
    assert all(m == {"card": None, "src": "discard", "dst": "deck", "up": False}
               for m in events[0].data["moves"])
    assert sorted(all_cards(state)) == before == sorted(french_deck())
    assert state.discard == [] and len(state.deck) == len(moved) - 1


def test_empty_draw_pile_and_discard_the_bocce_must_stand():
    state = rigged(bocce=(("2H 2S",), ()))
    lag(state, "5H:5", "7C:7")
    state.deck, state.discard = [], []
    assert state.legal_actions(0) == [A("stand::4")]
    assert state.reason(0, A("draw")) == Reason("bocce.explain.pile_empty")


# -- explain -------------------------------------------------------------------
def test_explain_says_why_in_a_players_words():
    state = rigged(hands=("AS 5H KD", "7C 3C 4C"), bocce=(("AH 3D",), ()))
    assert state.explain(0, A("draw")) == (
        "Wait: the lag comes first — commit a card from your hand.")
    assert state.explain(0, A("commit:2C:2")) == "That card is not in your hand."
    assert state.explain(0, A("commit:AS:5")) == "An Ace counts 1 or 10."
    assert state.explain(0, A("commit:KD:1")) == "In the lag the King of Diamonds counts 10."
    assert state.explain(0, A("commit:KD:1"), "it") == "Nel lancio del pallino, Re di Quadri vale 10.", \
        "each call names its language: the card's name follows it"
    assert state.explain(0, A("commit:AS:10")) is None
    state.apply(0, A("commit:5H:5"))
    assert state.explain(0, A("commit:AS:1")) == (
        "Wait: you have committed your card; the other player is choosing theirs.")
    state.apply(1, A("commit:7C:7"))          # pallino 12: totals 4 or 13
    assert state.explain(1, A("draw")) == "Wait: the other player is rolling."
    assert state.explain(0, A("stand::9")) == "You can only stand at a total you can make: 4."
    assert state.explain(0, A("stand::13")) == "13 is over the pallino (12): stand at 4."
    with pytest.raises(IllegalAction, match="total you can make") as refused:
        state.apply(0, A("stand::9"))
    assert refused.value.reason == Reason("bocce.explain.stand_total", {"totals": "4"})


def test_reason_names_the_rule_as_a_key_and_the_card_as_a_code():
    state = rigged(hands=("AS 5H KD", "7C 3C 4C"), bocce=(("2H 3D",), ()))
    assert state.reason(0, A("draw")) == Reason("bocce.explain.lag_first")
    assert state.reason(0, A("stand::5")) == Reason("bocce.explain.lag_first")
    assert state.reason(0, A("commit:2C:2")) == Reason("bocce.explain.not_in_hand")
    assert state.reason(0, A("commit:AS:5")) == Reason("bocce.explain.ace_worth")
    assert state.reason(0, A("commit:KD:1")) == Reason("bocce.explain.card_worth",
                                                       {"card": "KD", "worth": 10})
    assert state.reason(0, A("commit")) == Reason("bocce.explain.one_card")
    assert state.reason(0, A("commit:AS:10")) is None
    state.apply(0, A("commit:5H:5"))
    assert state.reason(0, A("commit:AS:1")) == Reason("bocce.explain.wait_lag")
    state.apply(1, A("commit:7C:7"))
    assert state.reason(1, A("draw")) == Reason("bocce.explain.wait_roll")
    assert state.reason(0, A("commit:AS:1")) == Reason("bocce.explain.lag_over")
    assert state.reason(0, A("stand::9")) == Reason("bocce.explain.stand_total", {"totals": "5"})
    assert state.reason(0, A("pass")) == Reason("bocce.explain.unknown")
    assert state.reason(5, A("draw")) == Reason("engine.no_such_seat")


def test_a_clicked_card_probe_without_a_worth_gets_the_rule_that_refuses_it():
    """The table asks about ``commit:<card>`` with no worth when a card cannot be used."""
    state = rigged(hands=("AS 5H KD", "7C 3C 4C"), bocce=(("2H 3D",), ()))
    assert state.reason(0, A("commit:KD")) == Reason("bocce.explain.card_worth",
                                                     {"card": "KD", "worth": 10})
    assert state.reason(0, A("commit:AS")) == Reason("bocce.explain.ace_worth")
    state.apply(0, A("commit:5H:5"))
    assert state.reason(0, A("commit:KD")) == Reason("bocce.explain.wait_lag")
    state.apply(1, A("commit:7C:7"))
    assert state.reason(0, A("commit:KD")) == Reason("bocce.explain.lag_over")
    assert state.reason(1, A("commit:3C")) == Reason("bocce.explain.wait_roll")


def test_a_card_clicked_after_the_lag_names_only_the_moves_left():
    """"Draw or stand" was said of a bocce already on the pallino, or with nothing left
    to draw: standing is all that is left then, and the words say so."""
    state = rigged(hands=("2C 5H KD", "3C 7C 4C"), bocce=(("2H 3D",), ()))
    lag(state, "2C:2", "3C:3")                # pallino 5: the bocce's 5 is on it
    assert state.legal_actions(0) == [A("stand::5")]
    assert state.reason(0, A("commit:KD")) == Reason("bocce.explain.lag_over_on_pallino")
    assert state.explain(0, A("commit:KD")) == (
        "The lag is over, and your bocce is already on the pallino: stand.")
    state = rigged(bocce=(("2H 2S",), ()))
    lag(state, "5H:5", "7C:7")
    state.deck, state.discard = [], []
    assert state.reason(0, A("commit:KS")) == Reason("bocce.explain.lag_over_pile_empty")
    assert state.explain(0, A("commit:KS"), "it") == (
        "Il lancio del pallino è finito e il tallone e gli scarti sono vuoti: fermati.")


def test_stand_reasons_list_every_total_under_the_pallino():
    state = rigged(bocce=(("AH AD",), ()))
    lag(state, "KS:10", "7C:7")               # pallino 17: totals 2, 11 or 20
    assert state.reason(0, A("stand::20")) == Reason(
        "bocce.explain.stand_over", {"total": 20, "pallino": 17, "totals": "2, 11"})
    assert state.reason(0, A("stand::3")) == Reason("bocce.explain.stand_total",
                                                    {"totals": "2, 11"})
    assert state.reason(0, Action("stand", (card("2C"),), "2")) == Reason(
        "bocce.explain.stand_total", {"totals": "2, 11"})


#: Stand values that name no total, whatever ``int()`` would make of them.
NOT_TOTALS = ["²", "١٤", "１４", "߁߄", "9" * 5000, "1" + "0" * 4300, "014", "05", "+5", " 5",
              "5 ", "-5", "5.0", "1e1", "0x5", "", "five"]


@pytest.mark.parametrize("value", NOT_TOTALS)
def test_a_stand_at_a_value_that_is_no_total_is_refused_by_the_stand_rule(value):
    """A value comes from anyone: unicode digits, leading zeros, signs or a 5,000-digit
    number must end as the stand_total refusal, not a ValueError from ``int()``,
    and "014" is not 14: it is no total one can stand at, so not "over the pallino"."""
    state = rigged(bocce=(("AH 4D",), ()))
    lag(state, "5H:5", "7C:7")            # pallino 12: totals 5 or 14
    action = Action("stand", (), value)
    refusal = Reason("bocce.explain.stand_total", {"totals": "5"})
    assert state.reason(0, action) == refusal
    assert not state.is_legal(0, action)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, action)
    assert refused.value.reason == refusal
    assert state.reason(0, A("stand::14")) == Reason(
        "bocce.explain.stand_over", {"total": 14, "pallino": 12, "totals": "5"})


def test_a_stand_text_with_a_superscript_two_is_refused_not_crashed():
    state = rigged(bocce=(("AH AD",), ()))
    lag(state, "KS:10", "7C:7")           # pallino 17: totals 2, 11 or 20
    for text in ("stand::²", "stand::02", "stand::020", "stand::" + "9" * 5000):
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, A(text))
        assert refused.value.reason == Reason("bocce.explain.stand_total", {"totals": "2, 11"})
    state.apply(0, A("stand::2"))


def test_a_draw_with_a_card_or_a_value_is_refused_as_a_plain_draw():
    state = rigged(bocce=(("2H 3D",), ()))
    lag(state, "KS:10", "7C:7")           # pallino 17: a draw is allowed
    for action in (A("draw::1"), A("draw:AS"), A("draw::²"), A("draw:AS:1")):
        assert state.reason(0, action) == Reason("bocce.explain.draw_plain")
    assert state.reason(0, A("draw")) is None


@pytest.mark.parametrize("thing", ["draw", "commit:KS:10", None, 3, b"draw"])
def test_apply_of_what_is_not_an_action_is_refused_not_an_attribute_error(thing):
    state = rigged()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, thing)
    assert refused.value.reason == Reason("engine.not_an_action")
    lag(state, "KS:10", "7C:7")
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.rolling, thing)
    assert refused.value.reason == Reason("engine.not_an_action")


def test_bad_seats_see_no_hand_and_have_no_moves():
    """``True == 1`` in Python: without the engine's door, seat True would get seat 1's
    moves and see seat 1's hand."""
    state = rigged()
    assert state.legal_actions(True) == [] and state.legal_actions(1)
    assert not state.is_legal(True, A("commit:7C:7")) and state.is_legal(1, A("commit:7C:7"))
    with pytest.raises(ValueError):
        state.view(True)
    with pytest.raises(IllegalAction, match="no such seat"):
        state.apply(True, A("commit:7C:7"))
    assert state.view(None)["zones"]["hand/1"] == [None] * 3


def test_every_explain_text_is_in_the_catalog():
    root = Path(__file__).resolve().parents[2] / "game"
    used = set()
    for path in [*(root / "bocce").glob("*.py"), root / "ai" / "bocce.py"]:
        used |= set(re.findall(r'"(bocce\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert len(used) >= 14
    assert used <= set(catalog("en")), used - set(catalog("en"))


def test_action_text_forms_of_the_agreement():
    assert str(Action("commit", (card("AH"),), "10")) == "commit:AH:10"
    assert str(Action("draw")) == "draw"
    assert str(Action("stand", (), "14")) == "stand::14"
    assert action_label(A("stand::14")) == "Stand at 14"
    assert action_label(A("commit:AH:10")) == "Commit the Ace of Hearts as 10"
    assert action_label(A("draw")) == "Draw"
    assert action_label(A("commit:AH:10"), "it") == "Cala Asso di Cuori per 10"


def test_view_has_the_agreed_fields():
    view = SPEC.new(seed=2).view(0)
    for key in ("zones", "scores", "hand", "frame", "phase", "pallino", "rolling", "bocce",
                "committed", "target"):
        assert key in view
    assert view["scores"] == [0, 0] and view["hand"] == 1 and view["frame"] == 1
    assert view["phase"] == "lag" and view["rolling"] is None and view["target"] == 25
    assert len(view["bocce"]) == 2 and all(len(b) == 3 for b in view["bocce"])
    assert view["bocce"][0][0] == {"total": None, "totals": [], "status": "waiting", "points": None}
    assert "winners" not in view
    json.dumps(view)


def test_spectator_view_shows_no_hand_card():
    state = SPEC.new(seed=2)
    view = state.view(None)
    assert view["zones"]["hand/0"] == [None] * 3 and view["zones"]["hand/1"] == [None] * 3
    assert all(code is None for cs in view["zones"].values() for code in cs)


# -- what the events tell the screen ---------------------------------------------
def test_roll_and_draw_carry_the_total_the_bocce_shows():
    state = rigged(bocce=(("AH 4D",), ()), top="2S 9C")
    events = lag(state, "5H:5", "7C:7")    # pallino 12: totals 5 or 14, the bocce shows 5
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["totals"] == [5, 14] and roll.data["total"] == 5
    assert state.view(1)["bocce"][0][0]["total"] == 5
    events = state.apply(0, A("draw"))     # 7 or 16: shows 7
    assert events[0].data["total"] == 7 == state.view(1)["bocce"][0][0]["total"]


def test_a_roll_over_the_pallino_shows_its_least_total_then_busts():
    state = rigged(bocce=(("9H 8D",), ("2H 2S",)))
    events = lag(state, "2D:2", "3C:3")   # pallino 5: 17 is over
    roll, bust = events[3], events[4]
    assert (roll.kind, bust.kind) == ("roll", "bust")
    assert roll.data["total"] == 17 and bust.data["total"] == 17
    assert bust.data["totals"] == [17] and bust.data["points"] == 0
    assert state.view(0)["bocce"][0][0] == {"total": 17, "totals": [17], "status": "bust",
                                            "points": 0}


def test_stand_carries_the_points_it_would_score_now():
    state = rigged(bocce=(("9H 6D",), ()))
    lag(state, "KS:10", "7C:7")           # pallino 17
    stand = state.apply(0, A("stand::15"))[0]
    assert stand.kind == "stand"
    assert stand.data["points"] == 2 and stand.data["totals"] == [15]
    assert state.view(1)["bocce"][0][0]["points"] == 2


def test_knockout_carries_the_points_of_the_bocce_it_hits():
    state = rigged(hands=HIGH, bocce=(("5H 4D",), ("6C 3S",)))
    events = _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::9")])
    ko = next(e for e in events if e.kind == "knockout")
    assert ko.data["target_points"] == 0 == state.view(0)["bocce"][0][0]["points"]


# -- properties ----------------------------------------------------------------
def _hidden_from(state: BocceState, seat) -> set[str]:
    """Cards ``seat`` may not know now, worked out from the rules (not from the view code)."""
    hidden = {c.code for c in state.deck}
    for s in (0, 1):
        if s != seat:
            hidden |= {c.code for c in state.hands[s]}
            if state.lag[s] is not None and state.pallinos[state.frame] is None:
                hidden.add(state.lag[s].code)
        for b in state.bocce[s]:
            if b.status == "waiting":
                hidden |= {c.code for c in b.cards}
    return hidden


def _random_game(seed: int, starve: bool = False):
    """Play a whole game with random legal actions; yields (state, seat, action, events).

    ``starve`` leaves only three cards in the first Draw Pile (the rest go to
    the discard), so the discard soon has to be shuffled into a new one.
    """
    rng = random.Random(seed)
    state = SPEC.new({"target": rng.choice((15, 25))}, 2, seed)
    if starve:
        state.discard, state.deck = state.deck[3:], state.deck[:3]
    yield state, None, None, state.opening_events()
    while not state.over:
        acting = state.to_act()
        seat = rng.choice(acting)
        action = rng.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        yield state, seat, action, events


_PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@_PROPS
@given(st.integers(0, 10**6), st.booleans())
def test_property_cards_are_conserved(seed, starve):
    for state, _, _, _ in _random_game(seed, starve):
        everything = all_cards(state)
        assert len(everything) == 52 and set(everything) == set(french_deck())
        true = state.true_zones()
        view = state.view(None)
        assert set(view["zones"]) == set(true)
        for zone, cs in true.items():
            assert len(view["zones"][zone]) == len(cs)
            for code, c in zip(view["zones"][zone], cs):
                assert code is None or code == c.code


@_PROPS
@given(st.integers(0, 10**6))
def test_property_scores_are_the_sum_of_per_bocce_points(seed):
    scores = [0, 0]
    fates: dict = {}
    pallinos: list = []
    final = None
    for state, _, _, events in _random_game(seed):
        final = state
        for e in events:
            if e.kind == "hand_start":
                fates, pallinos = {}, []
            elif e.kind == "lag_reveal":
                pallinos.append(e.data["pallino"])
            elif e.kind == "stand":
                fates[(e.seat, e.data["bocce"])] = e.data["total"]
            elif e.kind == "bust":
                fates[(e.seat, e.data["bocce"])] = None
            elif e.kind == "knockout":
                fates[(e.data["target_seat"], e.data["target_bocce"])] = None
            elif e.kind == "hand_scored":
                expected = [[0 if fates[(s, i)] is None else points(fates[(s, i)], pallinos[i])
                             for i in range(3)] for s in (0, 1)]
                assert e.data["points"] == expected
                for s in (0, 1):
                    scores[s] += sum(expected[s])
                assert e.data["scores"] == scores
    assert final.result()["scores"] == scores
    assert max(scores) >= final.target and scores[0] != scores[1]
    assert final.result()["winners"] == [scores.index(max(scores))]


@pytest.mark.slow
@_PROPS
@given(st.integers(0, 10**6), st.booleans())
def test_property_legal_actions_never_empty_while_someone_must_act(seed, starve):
    for state, _, _, _ in _random_game(seed, starve):
        acting = state.to_act()
        # Nobody to act only once the game is won: never a stuck game mid-hand.
        assert bool(acting) == (state.phase != "over"), (state.phase, state.rolling)
        for s in (0, 1):
            legal = state.legal_actions(s)
            assert bool(legal) == (s in acting)
            for action in legal:
                assert state.explain(s, action) is None
                assert Action.parse(str(action)) == action


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_property_replayed_log_gives_the_same_game(seed):
    for state, _, _, _ in _random_game(seed):
        pass
    log = json.loads(json.dumps(state.log()))
    again = replay_log(log)
    for seat in (0, 1, None):
        assert again.view(seat) == state.view(seat)
    assert again.result() == state.result()


def _assert_unseen(codes_hidden: set[str], text: str, seat) -> None:
    for code in codes_hidden:
        assert f'"{code}"' not in text, (seat, code)


@pytest.mark.slow
@_PROPS
@given(st.integers(0, 10**6), st.booleans())
def test_property_no_view_or_event_leaks_a_hidden_card(seed, starve):
    public: set[str] = set()
    for state, _, _, events in _random_game(seed, starve):
        # Events are checked against the cards hidden after the action.  When a
        # hand ends in the action, its events may show cards that are back in
        # the Draw Pile now (a last roll, a last draw), so only the events from
        # the new deal on are checked then: by that time both hands are empty
        # and every lag revealed, so the hand that ended had nothing left to hide.
        # The last frame kept to look back at names cards that may be back in the Draw
        # Pile now (a new deal, a reshuffle): they must be cards everyone was shown.
        cut = max((i for i, e in enumerate(events) if e.kind == "hand_start"), default=0)
        for e in events:
            public |= _codes_in(e.for_seat(None).to_json())
        for seat in (0, 1, None):
            hidden = _hidden_from(state, seat)
            view = state.view(seat)
            history = view.pop("last_frame")
            _assert_unseen(hidden, json.dumps(view), seat)
            assert _codes_in(history) <= public, seat
            shown = [e.for_seat(seat).to_json() for e in events[cut:]]
            _assert_unseen(hidden, json.dumps(shown), seat)


def _codes_in(data) -> set[str]:
    """Every card code named in JSON-safe data."""
    return set(re.findall(r'"([2-9TJQKA][CDHS])"', json.dumps(data)))


def _screen_entries(events) -> dict:
    """What an event-copying screen knows of each bocce after these events."""
    entries: dict = {}
    for e in events:
        if e.kind in ("roll", "draw", "stand", "bust"):
            entries[(e.seat, e.data["bocce"])] = {
                "total": e.data["total"], "totals": e.data["totals"],
                "points": e.data.get("points"),
                "status": {"roll": "rolling", "draw": "rolling", "stand": "finished",
                           "bust": "bust"}[e.kind]}
        elif e.kind == "knockout":
            entry = entries.setdefault((e.data["target_seat"], e.data["target_bocce"]), {})
            entry.update(status="knocked_out", points=e.data["target_points"])
    return entries


@pytest.mark.slow
@_PROPS
@given(st.integers(0, 10**6), st.booleans())
def test_property_event_numbers_agree_with_the_view_after_them(seed, starve):
    for state, _, _, events in _random_game(seed, starve):
        if any(e.kind == "hand_start" for e in events):
            continue      # a new deal wipes the bocce the events spoke of
        view = state.view(None)["bocce"]
        for (s, i), entry in _screen_entries(events).items():
            shown = view[s][i]
            assert {k: shown[k] for k in entry} == entry, (s, i, events)


def test_a_face_card_note_for_the_table_in_the_lag_and_in_the_roll():
    """A face card is 10 in the lag but 1 in a bocce: the events that count one say so."""
    from game.bocce.rules import picture_note
    from game.cards import Card

    assert picture_note([Card.parse("3C"), Card.parse("KH")], "lag") == {"why": "lag_picture",
                                                                         "card": "KH"}
    assert picture_note([Card.parse("3C"), Card.parse("AH")], "roll") is None
    st = GAMES["bocce"].new({}, 2, 3)
    seen = set()
    for _ in range(400):
        if st.over:
            break
        seat = st.to_act()[0]
        for event in st.apply(seat, st.legal_actions(seat)[0]):
            why = event.data.get("why")
            if why:
                seen.add((event.kind, why["why"]))
                assert Card.parse(why["card"]).is_face
    assert ("lag_reveal", "lag_picture") in seen and ("roll", "roll_picture") in seen


# -- what a search reads at every move ---------------------------------------------------

def test_a_copy_shares_the_last_hand_and_frame_and_a_knockout_makes_the_frame_anew():
    """The records of the last hand and frame are never changed in place (a copy shares
    them): a knock-out on the frame looked back at makes a new record, so a copy taken
    before it still shows the bocce as it stood."""
    state = rigged(hands=HIGH, bocce=(("5H 4D", "6H 3D"), ("3H 3C", "4C 5S")))
    _frame(state, "KS:10", "7C:7", [(0, "stand::9"), (1, "stand::6")])
    lag(state, "QH:10", "8C:8")
    twin = state.copy()
    assert twin.last_frame is state.last_frame and twin.last_hand is state.last_hand
    state.apply(1, A("stand::9"))       # knocks out 0's first bocce
    assert state.view(1)["last_frame"]["bocce"][0]["status"] == "knocked_out"
    assert twin.view(1)["last_frame"]["bocce"][0]["status"] == "finished"


def test_each_seat_sees_the_discard_its_hand_a_lag_card_its_own_or_revealed_and_rolled_bocce():
    state = rigged()
    assert state.sees(0, "hand/0") and not state.sees(0, "hand/1") and not state.sees(0, "deck")
    assert state.sees(1, "lag/1") and not state.sees(1, "lag/0") and state.sees(None, "discard")
    assert not state.sees(0, "bocce/0/0")
    lag(state, "KS:10", "7C:7")
    assert state.sees(1, "lag/0") and state.sees(None, "lag/1") and state.sees(1, "bocce/0/0")
    assert not state.sees(0, "bocce/1/0") and not state.sees(None, "hand/0")
