"""Bisca's rules, one test per rule of the issue, and property tests over random games."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES
from game.bisca import BET, OVER, PLAY, SPEC, BiscaState, action_label, rules
from game.bisca.rules import HIGH, LOW, strength
from game.cards import card
from game.engine import Action, IllegalAction, Reason
from tests.game.positions import codes, positioned


def bet(value) -> Action:
    return Action("bet", (), str(value))


def play(code: str, ace: str = "") -> Action:
    return Action("play", (card(code),), ace)


def rig(hands: list[str], lives: list[float] | None = None, half_bets: bool = False,
        babbeo_used: bool = False, opening: int | None = None) -> BiscaState:
    """A table whose first round deals exactly ``hands`` (seat 0 bets and leads first;
    an empty hand is a seat already out), built from its text form."""
    held = [codes(h) for h in hands]
    size = max(len(h) for h in held)
    fresh = SPEC.new({"opening": opening or size, "half_bets": half_bets}, len(hands), 0)
    halves = fresh.lives if lives is None else [round(x * rules.HALF) for x in lives]
    players = fresh.order_after(fresh.dealer, [s for s, h in enumerate(halves) if h > 0])
    used = {c for h in held for c in h}
    return positioned(fresh, lives=halves, cards=size, babbeo_used=babbeo_used, hands=held,
                      deck=[c.code for c in rules.DECK if c.code not in used], players=players,
                      turn=players[0], leader=players[0])


def run(state: BiscaState, *actions: Action) -> list:
    """Each action by the seat to act; all the events."""
    events = []
    for action in actions:
        events += state.apply(state.to_act()[0], action)
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# -- the cards ---------------------------------------------------------------------
def test_suits_rank_coins_cups_swords_sticks_so_any_coins_beats_any_cups():
    assert strength(card("2d")) > strength(card("Kc")) > strength(card("2c"))
    assert strength(card("2c")) > strength(card("Ks")) and strength(card("2s")) > strength(card("Kb"))


def test_within_a_suit_2_to_7_then_peasant_knight_king():
    order = [card(c) for c in "2s 3s 4s 5s 6s 7s Js Ns Ks".split()]
    assert [strength(c) for c in order] == sorted(strength(c) for c in order)
    assert len({strength(c) for c in order}) == len(order)


def test_every_card_has_one_place_in_a_single_order():
    worths = [strength(c, HIGH) for c in rules.DECK] + [strength(c, LOW) for c in rules.DECK
                                                          if c.rank == 1]
    assert len(set(worths)) == len(worths)


def test_the_ace_of_coins_is_the_strongest_card_high_and_the_weakest_low():
    others = [c for c in rules.DECK if c != card("Ad")]
    worths = [strength(c, HIGH) for c in others] + [strength(c, LOW) for c in others if c.rank == 1]
    assert strength(card("Ad"), HIGH) > max(worths)
    assert strength(card("Ad"), LOW) < min(worths)


def test_other_aces_are_the_highest_or_lowest_of_their_suit_only():
    assert strength(card("Kc")) < strength(card("Ac"), HIGH) < strength(card("2d"))
    assert strength(card("Ks")) < strength(card("Ac"), LOW) < strength(card("2c"))
    with pytest.raises(ValueError):
        strength(card("Ac"))


# -- a hand --------------------------------------------------------------------------
def test_no_duty_to_follow_suit_and_the_highest_card_wins_and_leads():
    state = rig(["2b 3b", "Kb Nb", "4d 5c"])
    run(state, bet(0), bet(1), bet(0))
    assert state.phase == PLAY and state.turn == 0
    run(state, play("2b"), play("Kb"))
    assert play("4d") in state.legal_actions(2) and play("5c") in state.legal_actions(2)
    events = run(state, play("4d"))     # a Coins two beats the King of Sticks
    assert [e.seat for e in events if e.kind == "hand_won"] == [2]
    assert state.turn == 2 and state.won == [0, 0, 1]


def test_play_runs_to_the_next_seat_counterclockwise_skipping_players_out():
    state = rig(["2b", "", "3b", "4b"], lives=[3, 0, 3, 3])
    assert state.players == [0, 2, 3]
    run(state, bet(0))
    assert state.turn == 2
    run(state, bet(0))
    assert state.turn == 3


# -- Aces ---------------------------------------------------------------------------
def test_an_ace_is_played_high_or_low_as_two_distinct_actions():
    state = rig(["Ac 2b", "Kc 3b"])
    run(state, bet(1), bet(0))
    legal = state.legal_actions(0)
    assert play("Ac", HIGH) in legal and play("Ac", LOW) in legal and play("Ac") not in legal
    assert state.reason(0, play("Ac")) == Reason("bisca.ace_high_or_low", {"card": "Ac"})
    assert state.reason(0, play("2b", HIGH)) == Reason("bisca.only_aces_choose", {"card": "2b"})
    assert "high or low" in state.explain(0, play("Ac"))


@pytest.mark.parametrize("worth, winner", [(HIGH, 0), (LOW, 1)])
def test_the_ace_worth_decides_the_hand(worth, winner):
    state = rig(["Ac 2b", "Kc 3b"])
    run(state, bet(1), bet(0))
    events = run(state, play("Ac", worth), play("Kc"))
    played = [e for e in events if e.kind == "play"][0]
    assert played.data["ace"] == worth
    assert [e.seat for e in events if e.kind == "hand_won"] == [winner]


# -- bets and the hook rule ----------------------------------------------------------
def test_everyone_bets_in_turn_before_play_and_the_dealer_last():
    state = rig(["2b 3b", "4b 5b", "6b 7b"])
    assert state.dealer == 2 and state.phase == BET
    assert state.reason(0, play("2b")) == Reason("bisca.bet_first")
    run(state, bet(2))
    assert state.turn == 1 and state.forbidden() is None     # not the last bettor: free
    assert set(state.legal_actions(1)) == {bet(0), bet(1), bet(2)}
    run(state, bet(0))
    assert state.turn == 2


def test_the_last_bettor_may_not_make_the_bets_add_up_to_the_cards_dealt():
    state = rig(["2b 3b 4b", "5b 6b 7b", "Jb Nb Kb"])
    run(state, bet(1), bet(1))
    assert state.forbidden() == 2            # in halves: one whole hand
    assert bet(1) not in state.legal_actions(2)
    assert {bet(0), bet(2), bet(3)} <= set(state.legal_actions(2))
    why = state.reason(2, bet(1))
    assert why == Reason("bisca.hook", {"bet": "1", "cards": 3, "others": "2"})
    assert "cannot bet 1" in why.words()
    assert state.view(2)["forbidden"] == 1
    assert rules.allowed_bets(3, False, 2) == [0, 4, 6]          # what a view's reader weighs


def test_the_hook_binds_the_last_bettor_of_the_round_when_a_player_is_out():
    state = rig(["2b 3b", "4b 5b", ""], lives=[3, 3, 0])
    assert state.players == [0, 1]
    run(state, bet(1))
    assert state.forbidden() == 2            # 1 + 1 would make the 2 cards dealt
    assert bet(1) not in state.legal_actions(1) and state.view(1)["forbidden"] == 1


def test_the_hook_bars_nothing_once_the_others_bet_more_than_the_cards():
    state = rig(["2b 3b", "5b 6b", "Jb Nb"])
    run(state, bet(2), bet(1))
    assert state.forbidden() is None and len(state.legal_actions(2)) == 3


def test_the_one_card_round_has_no_hook_and_bets_of_0_or_1():
    state = rig(["2b", "5b", "Jb"])
    run(state, bet(0), bet(0))
    assert state.legal_actions(2) == [bet(0), bet(1)]
    assert state.reason(2, bet(2)) == Reason("bisca.bet_range", {"cards": 1})


def test_half_bets_step_by_half_and_the_hook_binds_them_too():
    state = rig(["2b 3b", "5b 6b", "Jb Nb"], half_bets=True)
    assert [a.value for a in state.legal_actions(0)] == ["0", "0.5", "1", "1.5", "2"]
    run(state, bet(0.5), bet(1))
    assert state.forbidden() == 1 and bet(0.5) not in state.legal_actions(2)
    assert state.view(2)["forbidden"] == 0.5


def test_whole_bets_without_half_bets():
    state = rig(["2b 3b", "5b 6b"])
    assert state.reason(0, bet(0.5)) == Reason("bisca.whole_bets")


def test_the_one_card_round_with_half_bets_allows_a_half():
    state = rig(["2b", "5b"], half_bets=True)
    assert state.legal_actions(0) == [bet(0), bet(0.5), bet(1)]


# -- the one-card round ---------------------------------------------------------------
def test_the_one_card_round_hides_your_card_from_you_and_shows_the_others():
    state = SPEC.new({"opening": 1}, 3, 7)
    hands = [state.hands[s][0].code for s in range(3)]
    for seat in range(3):
        zones = state.view(seat)["zones"]
        assert zones[f"hand/{seat}"] == [None]
        assert all(zones[f"hand/{t}"] == [hands[t]] for t in range(3) if t != seat)
        assert state.view(seat)["blind"]
    assert all(state.view(None)["zones"][f"hand/{t}"] == [None] for t in range(3))
    for event in [e for e in state.opening_events() if e.kind == "deal"]:
        assert event.for_seat(event.seat).data["moves"][0]["card"] is None
        assert event.for_seat(None).data["moves"][0]["card"] is None
        other = (event.seat + 1) % 3
        assert event.for_seat(other).data["moves"][0]["card"] == hands[event.seat]


def test_after_the_bets_the_one_card_is_turned_up_for_its_owner_alone():
    state = SPEC.new({"opening": 1}, 2, 3)
    own = state.hands[0][0].code
    events = run(state, bet(0), bet(1))
    reveal = [e for e in events if e.kind == "reveal" and e.seat == 0][0]
    assert reveal.for_seat(0).data["moves"][0]["card"] == own
    assert "moves" not in reveal.for_seat(1).data
    assert state.view(0)["zones"]["hand/0"] == [own] and not state.view(0)["blind"]


def test_a_normal_round_shows_only_your_own_hand():
    state = SPEC.new({"opening": 3}, 3, 1)
    zones = state.view(1)["zones"]
    assert None not in zones["hand/1"] and zones["hand/0"] == [None] * 3


# -- rounds and lives ---------------------------------------------------------------
def test_round_counts_go_down_to_one_then_start_again_from_the_opening():
    assert [rules.next_count(c, 3) for c in (3, 2, 1)] == [2, 1, 3]
    state = SPEC.new({"opening": 3, "lives": 10}, 2, 5)
    seen = []
    rng = random.Random(0)
    while len(seen) < 6:
        if state.round_no > len(seen):
            seen.append(state.cards)
        run(state, rng.choice(state.legal_actions(state.to_act()[0])))
    assert seen == [3, 2, 1, 3, 2, 1]


def test_the_opening_count_is_at_most_40_divided_by_the_players():
    assert SPEC.new({"opening": 20}, 6, 0).cards == 6
    assert SPEC.new({"opening": 20}, 2, 0).cards == 20
    assert SPEC.new({"opening": 4}, 6, 0).cards == 4


def test_a_missed_bet_costs_a_life_per_hand_of_difference():
    state = rig(["2b 3b 4b", "5d 6d 7d"], lives=[3, 3])
    run(state, bet(3), bet(2))                       # seat 0 takes nothing: off by 3
    run(state, play("2b"), play("5d"), play("6d"), play("3b"), play("7d"), play("4b"))
    assert state.sheet[0]["loss"] == [3, 1] and state.sheet[0]["won"] == [0, 3]


def test_half_bets_lose_the_distance_so_a_half_bet_costs_at_least_half_a_life():
    assert rules.life_loss(1, 0) == 1 and rules.life_loss(1, 1) == 1    # 0.5 bet: 0.5 either way
    assert rules.life_loss(3, 0) == 3 and rules.life_loss(4, 2) == 0
    state = rig(["2b 3b", "5d 6d"], lives=[3, 3], half_bets=True)
    run(state, bet(0.5), bet(1))
    run(state, play("2b"), play("5d"), play("6d"), play("3b"))
    assert state.sheet[0]["loss"] == [0.5, 1] and state.view(0)["lives"] == [2.5, 2]


def test_the_last_player_standing_wins():
    state = rig(["2b", "3b", "4b"], lives=[1, 1, 3], babbeo_used=True)
    events = run(state, bet(1), bet(1), bet(1), play("2b"), play("3b"), play("4b"))
    assert kinds(events)[-2:] == ["eliminated", "game_over"]
    assert state.over and state.result()["winners"] == [2]
    assert state.result()["scores"][2] == 2


# -- Babbeo ---------------------------------------------------------------------------
def test_babbeo_brings_the_first_players_out_back_with_one_life_only_once():
    state = rig(["2b", "3b", "4b"], lives=[1, 1, 3])
    events = run(state, bet(1), bet(1), bet(1), play("2b"), play("3b"), play("4b"))
    babbeo = [e for e in events if e.kind == "babbeo"]
    assert babbeo and babbeo[0].data["seats"] == [0, 1]
    assert state.view(None)["lives"][:2] == [1, 1] and state.babbeo_used
    assert not state.over and state.players == [1, 2, 0]     # the deal passed right
    # the next time nobody comes back
    state = positioned(state, hands=[["5b"], ["6b"], ["7b"]])
    events = run(state, bet(1), bet(1), bet(1), play("6b"), play("7b"), play("5b"))
    assert "babbeo" not in kinds(events) and "eliminated" in kinds(events)
    assert state.over and state.result()["winners"] == [2]


# -- everyone out --------------------------------------------------------------------
def test_everyone_out_the_one_closest_to_zero_wins():
    state = rig(["4b 5b", "2b 3b", ""], lives=[1, 1, 0], babbeo_used=True)
    events = run(state, bet(0), bet(1), play("4b"), play("2b"), play("5b"), play("3b"))
    assert state.sheet[0]["lives"] == [-1, 0, 0]            # seat 1 is closest to zero
    out = [e for e in events if e.kind == "everyone_out"][0]
    assert out.data["tie"] is False and out.data["seats"] == [1]
    assert state.over and state.result()["winners"] == [1]
    assert state.result()["scores"] == [1, 2, 0]       # the winner first, the seat out earlier last


def test_everyone_out_tied_every_seat_gains_a_life_and_plays_on_the_ones_out_earlier_too():
    # seat 2 went out earlier at 0, seat 3 at -2 (the old count): out is out, no lives held
    state = rig(["2b", "3b", "", ""], lives=[1, 1, 0, -2], babbeo_used=True)
    events = run(state, bet(1), bet(0), play("2b"), play("3b"))
    out = [e for e in events if e.kind == "everyone_out"][0]
    assert out.data["tie"] is True and out.data["seats"] == [0, 1]
    assert out.data["lives"] == [1, 1, 1, 1]
    assert state.view(None)["lives"] == [1, 1, 1, 1]
    assert not state.over and sorted(state.players) == [0, 1, 2, 3]


def test_everyone_out_tied_the_tied_and_the_ones_further_below_all_play_on_with_one_life():
    # 0 and 1 both miss by two (tied at 0), seat 2 by two from one life (-1): every seat back
    state = rig(["2b 3b", "4b 5b", "6b 7b"], lives=[2, 2, 1], babbeo_used=True)
    events = run(state, bet(2), bet(2), bet(0), play("2b"), play("4b"), play("7b"),
                 play("6b"), play("3b"), play("5b"))
    assert state.sheet[0]["lives"] == [0, 0, -1]
    out = [e for e in events if e.kind == "everyone_out"][0]
    assert out.data["tie"] is True and out.data["seats"] == [0, 1]
    assert state.view(None)["lives"] == [1, 1, 1]
    assert not state.over and sorted(state.players) == [0, 1, 2]


def test_a_seat_that_goes_out_holds_no_lives_not_a_negative_count():
    state = rig(["2b 3b", "4b 5b", "6b 7b"], lives=[1, 3, 3], babbeo_used=True)
    run(state, bet(2), bet(0), bet(1), play("2b"), play("4b"), play("6b"),
        play("7b"), play("3b"), play("5b"))
    assert state.sheet[0]["lives"][0] == -1              # the round's count, as played
    assert state.view(None)["lives"][0] == 0 and 0 not in state.players


def test_everyone_out_can_happen_again_later():
    state = rig(["2b", "3b"], lives=[1, 1], babbeo_used=True)
    run(state, bet(1), bet(0), play("2b"), play("3b"))
    assert state.view(None)["lives"] == [1, 1] and not state.over
    state = positioned(state, hands=[["4b"], ["5b"]])
    assert state.players == [1, 0]
    events = run(state, bet(0), bet(1), play("5b"), play("4b"))
    assert [e.data["tie"] for e in events if e.kind == "everyone_out"] == [True]


# -- options -----------------------------------------------------------------------
def test_options_players_opening_lives_half_bets():
    assert SPEC.seats == (2, 3, 4, 5, 6)
    state = SPEC.new({"opening": 4, "lives": 5, "half_bets": True}, 5, 0)
    assert state.view(0)["lives"] == [5] * 5 and state.cards == 4 and state.half_bets
    with pytest.raises(ValueError):
        SPEC.new(None, 7, 0)
    with pytest.raises(ValueError):
        SPEC.new({"lives": 0}, 2, 0)
    assert SPEC.new(None, 2, 0).view(0)["lives"] == [3, 3]
    assert "bisca" in GAMES


def test_action_labels():
    assert action_label(play("Ad", HIGH)) == "Play the Ace of Coins high"
    assert action_label(bet(2)) == "Bet 2"


# -- properties over random games -------------------------------------------------------
def random_game(seed: int, seats: int, options: dict):
    """Yields (state, events, lives before) after each action of a random game."""
    state = SPEC.new(options, seats, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.over:
            return
        before = list(state.lives)
        seat = state.to_act()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state, events, before
    raise AssertionError("no end")


game_setups = st.tuples(st.integers(0, 10**6), st.integers(2, 6),
                        st.fixed_dictionaries({"opening": st.integers(1, 8),
                                               "lives": st.integers(1, 4),
                                               "half_bets": st.booleans()}))


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(game_setups)
def test_cards_are_conserved_and_views_hide_what_they_must(setup):
    seed, seats, options = setup
    for state, _, _ in random_game(seed, seats, options):
        held = [c for cs in state.true_zones().values() for c in cs]
        assert Counter(held) == Counter(rules.DECK)
        for seat in (None, *range(seats)):
            zones = state.view(seat)["zones"]
            assert sum(len(z) for z in zones.values()) == 40
            if state.phase == BET and not state.one_card and seat is not None:
                assert all(set(zones[f"hand/{t}"]) <= {None} for t in range(seats) if t != seat)


@settings(max_examples=100, deadline=None)
@given(game_setups)
def test_lives_change_only_as_the_rules_say_and_the_game_ends(setup):
    seed, seats, options = setup
    state = None
    for state, events, before in random_game(seed, seats, options):
        scored = [e for e in events if e.kind == "round_scored"]
        if not scored:
            assert state.lives == before
            continue
        row = state.sheet[-1]
        lives = [round(x * 2) for x in scored[0].data["lives"]]
        for s in range(seats):
            expect = before[s] - (rules.life_loss(round(row["bets"][s] * 2), row["won"][s])
                                  if s in row["players"] else 0)
            assert lives[s] == expect
        after = list(lives)
        kinds_ = kinds(events)
        if "babbeo" in kinds_:
            back = [e for e in events if e.kind == "babbeo"][0].data["seats"]
            after = [2 if s in back else h for s, h in enumerate(after)]
        elif "everyone_out" in kinds_ and [e for e in events if e.kind == "everyone_out"][0].data["tie"]:
            after = [2] * seats                  # every seat at the table plays on with one life
        elif not state.over:
            after = [max(h, 0) for h in after]   # a seat that is out holds no lives
        assert state.lives == after
        assert kinds_.count("babbeo") <= 1
        if row["cards"] > 1:                  # the hook rule held in every round
            assert sum(round(row["bets"][s] * 2) for s in row["players"]) != 2 * row["cards"]
    assert state is not None and state.over
    result = state.result()
    assert len(result["winners"]) == 1
    assert result["winners"] == [s for s in range(seats)
                                 if result["scores"][s] == max(result["scores"])]


def test_babbeo_happens_at_most_once_in_a_game():
    for seed in range(40):
        count = sum(kinds(ev).count("babbeo") for _, ev, _ in random_game(seed, 4, {}))
        assert count <= 1


def test_illegal_actions_raise_with_the_reason():
    state = rig(["2b 3b", "4b 5b"])
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, play("2b"))
    assert refused.value.reason == Reason("bisca.bet_first")
    run(state, bet(0), bet(1))
    assert state.reason(0, bet(1)) == Reason("bisca.bets_closed")
    assert state.reason(0, play("Kd")) == Reason("bisca.not_in_hand")
    assert state.phase != OVER


# -- what a search reads at every move ---------------------------------------------------

def test_the_strength_table_gives_the_rule_for_every_card_and_worth():
    for c in rules.DECK:
        for worth in (HIGH, LOW) if c.rank == 1 else ("",):
            assert strength(c, worth) == rules._strength(c, worth)
        if c.rank == 1:
            with pytest.raises(ValueError):
                strength(c, "")


def test_the_legal_plays_are_every_card_and_every_ace_worth_sorted():
    state = rig(["Kd Ab 3c Ad 7s", "2b 3b 4b 5b 6b"])
    run(state, bet(1), bet(1))
    legal = state.legal_actions(0)
    listed = [play(code) for code in ("Kd", "3c", "7s")] + \
        [play(code, worth) for code in ("Ab", "Ad") for worth in (HIGH, LOW)]
    assert legal == sorted(listed)


def test_a_copy_shares_the_score_sheets_rows_and_a_view_hands_out_its_own():
    """A row is written once (so a copy shares it); a view's or a result's sheet is the
    reader's to change without touching the game's."""
    state = rig(["2b 3b", "4b 5b"])
    run(state, bet(0), bet(1), play("2b"), play("4b"), play("5b"), play("3b"))
    assert len(state.sheet) == 1
    twin = state.copy()
    assert twin.sheet is not state.sheet and twin.sheet[0] is state.sheet[0]
    row = dict(state.sheet[0], lives=list(state.sheet[0]["lives"]))
    seen = state.view(0)["sheet"]
    seen[0]["lives"].append(99)
    state.result()["sheet"][0]["won"][0] = 7
    assert state.sheet[0] == row and state.view(1)["sheet"] == [row]
