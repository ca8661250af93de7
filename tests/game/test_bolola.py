"""Bolola: a test per must-play rule and per scoring rule of issue 10's table (what is
forced and what stays free), the flow of deals and options, then properties over
whole random games: the deal totals, the cards, the views."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES
from game.bolola import SPEC, BololaState, action_label, contract_name
from game.bolola.rules import (
    CONTRACTS,
    POINTS,
    card_items,
    card_points,
    contract_total,
    is_scoring,
    nothing_left,
    trick_score,
)
from game.bolola.state import DECK
from game.cards import card, cards
from game.engine import GAME_OVER, Action, IllegalAction, replay_log
from tests.game.positions import codes, positioned


# -- helpers -------------------------------------------------------------------
def play(code):
    return Action("play", (card(code),))


def rig(contract, hand, trick="", *, trump=None, played="", others=None, **fields):
    """Seat 0 to play ``hand`` into ``trick`` (cards already down, in play order) in a
    deal of ``contract``; ``played`` are cards of earlier tricks (for the lead rules);
    ``fields``: other fields of the position.  Built from its text form."""
    table = codes(trick)
    state = positioned(SPEC.new(fields.pop("options", None), 4, 0), contract=contract,
                       trump=trump, phase="play", table=table, leader=(0 - len(table)) % 4,
                       hands=[codes(hand)] + [codes(h) for h in (others or ["", "", ""])],
                       played=codes(played) + table, **fields)
    assert state.turn == 0
    return state


def legal(state, seat=0):
    return sorted(a.cards[0].code for a in state.legal_actions(seat))


def why(state, code, seat=0):
    return state.reason(seat, play(code))


def words(state, code, seat=0):
    return state.explain(seat, play(code))


# -- the rule table ------------------------------------------------------------------
@pytest.mark.parametrize("contract,total", [
    ("no_tricks", -650), ("trumps", 650), ("no_jacks_kings", -480), ("no_queens", -400),
    ("no_hearts", -390), ("no_last_two", -360), ("no_king_hearts", -320), ("all", -800),
    ("bolola", 800)])
def test_every_contract_adds_up_to_its_total(contract, total):
    assert contract_total(contract) == total


def test_the_contracts_are_played_in_the_order_of_the_text():
    assert CONTRACTS == ("no_tricks", "trumps", "no_jacks_kings", "no_queens", "no_hearts",
                         "no_last_two", "no_king_hearts", "all", "bolola")


# -- scoring, one rule of the table each ---------------------------------------------------
def test_no_tricks_costs_50_a_trick_whatever_it_holds():
    assert trick_score("no_tricks", cards("2S 3S 4S 5S"), 0) == -50
    assert trick_score("no_tricks", cards("KH QS JD AH"), 12) == -50


def test_trumps_gives_50_a_trick():
    assert trick_score("trumps", cards("2S 3S 4S 5S"), 3) == 50
    assert trick_score("trumps", cards("KH QS JD AH"), 12) == 50


def test_no_jacks_and_kings_costs_60_each_the_king_of_hearts_as_a_king():
    assert trick_score("no_jacks_kings", cards("JS KD 4S KH"), 0) == -180
    assert trick_score("no_jacks_kings", cards("QS AS 4S 5H"), 12) == 0


def test_no_queens_costs_100_a_queen_and_nothing_else():
    assert trick_score("no_queens", cards("QS QH KH JS"), 5) == -200
    assert trick_score("no_queens", cards("AS KH 4S 5H"), 12) == 0


def test_no_hearts_costs_30_a_heart_the_king_of_hearts_included():
    assert trick_score("no_hearts", cards("2H KH 4S QS"), 5) == -60
    assert trick_score("no_hearts", cards("AS KS 4S QS"), 12) == 0


def test_no_last_two_costs_120_for_the_second_to_last_and_240_for_the_last():
    trick = cards("2H KH 4S QS")
    assert trick_score("no_last_two", trick, 10) == 0
    assert trick_score("no_last_two", trick, 11) == -120
    assert trick_score("no_last_two", trick, 12) == -240


def test_no_king_of_hearts_costs_320_only_with_that_card():
    assert trick_score("no_king_hearts", cards("2H KH 4S QS"), 0) == -320
    assert trick_score("no_king_hearts", cards("2H AH QH JH"), 12) == 0


def test_all_of_them_counts_every_item_the_king_of_hearts_as_king_heart_and_itself():
    # trick -15, KH: king -20, heart -10, itself -95; QS -30; 5H -10; last -60
    assert trick_score("all", cards("KH QS 5H 2C"), 12) == -15 - 20 - 10 - 95 - 30 - 10 - 60
    assert trick_score("all", cards("2S 3S 4S 5S"), 11) == -15 - 40
    assert trick_score("all", cards("2S 3S 4S 5S"), 0) == -15


def test_bolola_gives_the_same_items_as_points():
    for trick, index in ((cards("KH QS 5H 2C"), 12), (cards("2S 3S JS 5S"), 11),
                         (cards("2S 3S 4S 5S"), 0)):
        assert trick_score("bolola", trick, index) == -trick_score("all", trick, index)


def test_a_trick_is_scored_to_its_winner_and_the_scoring_cards_lie_face_up_beside_them():
    state = rig("no_queens", "AS 2C", "KS QS 3S", others=["5D", "6D", "7D"])
    events = state.apply(0, play("AS"))
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.seat == 0 and won.data["points"] == -100
    assert state.deal_scores == [-100, 0, 0, 0]
    assert state.won[0] == cards("QS") and sorted(state.piles[0]) == sorted(cards("KS 3S AS"))
    view = state.view(2)
    assert view["zones"]["won/0"] == ["QS"] and view["zones"]["pile/0"] == [None] * 3


# -- who takes a trick ---------------------------------------------------------------------
def test_the_highest_card_of_the_suit_led_wins_an_off_suit_ace_does_not():
    state = rig("no_tricks", "AH 2C", "9S TS 3S", others=["5D", "6D", "7D"])
    events = state.apply(0, play("AH"))
    assert [e.seat for e in events if e.kind == "trick_won"] == [2]   # the Ten of Spades


def test_in_the_trumps_deal_a_trump_wins():
    state = rig("trumps", "2H 3C", "AS KS QS", trump="H", others=["5D", "6D", "7D"])
    events = state.apply(0, play("2H"))
    assert [e.seat for e in events if e.kind == "trick_won"] == [0]


# -- leading ----------------------------------------------------------------------------------
@pytest.mark.parametrize("contract", ["no_tricks", "no_jacks_kings", "no_queens", "no_last_two"])
def test_lead_anything_where_no_lead_rule_holds(contract):
    state = rig(contract, "2H KH QS JD")
    assert legal(state) == ["2H", "JD", "KH", "QS"]


@pytest.mark.parametrize("contract", ["no_hearts", "no_king_hearts", "all", "bolola"])
def test_no_leading_hearts_until_a_heart_has_been_played(contract):
    state = rig(contract, "2H KH QS JD")
    assert legal(state) == ["JD", "QS"]
    assert why(state, "2H").key == "bolola.hearts_not_broken"
    assert "until a Heart has been played" in words(state, "KH")


@pytest.mark.parametrize("contract", ["no_hearts", "no_king_hearts", "all", "bolola"])
def test_hearts_may_be_led_once_a_heart_was_played_or_when_the_hand_is_all_hearts(contract):
    assert legal(rig(contract, "2H KH QS", played="3S 5H 4S 6S")) == ["2H", "KH", "QS"]
    assert legal(rig(contract, "2H KH")) == ["2H", "KH"]


def test_no_leading_trumps_until_a_trump_has_been_played():
    state = rig("trumps", "2S AS QD", trump="S")
    assert legal(state) == ["QD"]
    assert why(state, "AS").key == "bolola.trump_not_broken"


def test_trumps_may_be_led_once_played_or_when_the_hand_is_all_trumps():
    assert legal(rig("trumps", "2S AS QD", trump="S", played="3D 4D 5D 6S")) == ["2S", "AS", "QD"]
    assert legal(rig("trumps", "2S AS", trump="S")) == ["2S", "AS"]


def test_hearts_may_be_led_in_the_trumps_deal():
    assert legal(rig("trumps", "2H AS", trump="S")) == ["2H"]
    assert legal(rig("trumps", "2H AC", trump="S")) == ["2H", "AC"]


# -- following suit ----------------------------------------------------------------------------
@pytest.mark.parametrize("contract", CONTRACTS)
def test_every_deal_must_follow_suit(contract):
    state = rig(contract, "2S 9S KH QC", "TS", trump="D")
    assert legal(state) == ["2S", "9S"]
    assert why(state, "KH").key == "bolola.follow_suit"
    assert words(state, "QC") == "You must follow suit: the 10 of Spades was led."


@pytest.mark.parametrize("contract", ["no_tricks", "no_last_two", "bolola"])
def test_void_plays_anything_where_no_shedding_rule_holds(contract):
    state = rig(contract, "KH QC JD 2D", "TS", played="3H 4H 5H 6H")
    assert legal(state) == ["2D", "JD", "KH", "QC"]


# -- Trumps ---------------------------------------------------------------------------
def test_trump_led_forces_a_higher_trump_if_able():
    state = rig("trumps", "2S QS KS 4D", "TS JS", trump="S", played="9S 2D 3D 4H")
    assert legal(state) == ["KS", "QS"]
    assert words(state, "2S") == "You must play a higher trump: the Jack of Spades is on the table."


def test_trump_led_without_a_higher_trump_any_trump_then_anything():
    assert legal(rig("trumps", "2S 3S 4D", "TS JS", trump="S", played="9S 2D 3D 4H")) == \
        ["2S", "3S"]
    assert legal(rig("trumps", "4D 5C", "TS JS", trump="S", played="9S 2D 3D 4H")) == \
        ["4D", "5C"]


def test_a_plain_suit_led_need_not_be_beaten():
    assert legal(rig("trumps", "2D AD 3S", "TD", trump="S")) == ["2D", "AD"]


def test_void_in_the_suit_led_must_trump_if_able():
    state = rig("trumps", "2S 9S 4C 5H", "TD", trump="S")
    assert legal(state) == ["2S", "9S"]
    assert why(state, "4C").key == "bolola.must_trump"


def test_void_must_beat_a_trump_played_by_another_void_player_if_able():
    state = rig("trumps", "2S 9S 4C", "TD 5S", trump="S")
    assert legal(state) == ["9S"]
    assert why(state, "2S").key == "bolola.must_overtrump"
    assert legal(rig("trumps", "2S 3S 4C", "TD 5S", trump="S")) == ["2S", "3S"]


def test_void_without_trumps_plays_anything():
    assert legal(rig("trumps", "4C 5H", "TD 5S", trump="S")) == ["4C", "5H"]


# -- No Jacks and Kings ---------------------------------------------------------------------
def test_void_holding_jacks_or_kings_must_discard_one_either():
    state = rig("no_jacks_kings", "JC KH 2C 5H", "TD")
    assert legal(state) == ["JC", "KH"]
    assert why(state, "2C").key == "bolola.void_jack_king"
    assert legal(rig("no_jacks_kings", "2C 5H", "TD")) == ["2C", "5H"]


def test_a_jack_of_the_suit_led_under_a_queen_king_or_ace_must_be_played():
    for high in ("QS", "KS", "AS"):
        state = rig("no_jacks_kings", "JS 2S 9S 4D", f"3S {high}")
        assert legal(state) == ["JS"], high
    assert words(rig("no_jacks_kings", "JS 2S", "3S QS"), "2S") == \
        "You must play your Jack of Spades: the Queen of Spades is on the table."


def test_a_king_of_the_suit_led_under_the_ace_must_be_played_not_under_a_queen():
    assert legal(rig("no_jacks_kings", "KS 2S", "AS")) == ["KS"]
    assert legal(rig("no_jacks_kings", "KS 2S", "QS")) == ["2S", "KS"]


def test_a_jack_and_a_king_both_under_the_ace_the_player_chooses():
    state = rig("no_jacks_kings", "JS KS 2S", "AS")
    assert legal(state) == ["JS", "KS"]
    assert words(state, "2S") == ("You must play your Jack of Spades or your King of Spades: "
                                  "the Ace of Spades is on the table.")


def test_a_jack_with_only_lower_cards_on_the_table_stays_free():
    assert legal(rig("no_jacks_kings", "JS 2S", "TS 9S")) == ["2S", "JS"]


# -- No Queens ---------------------------------------------------------------------------
def test_void_holding_a_queen_must_play_one_either():
    state = rig("no_queens", "QC QH 2C", "TD")
    assert legal(state) == ["QC", "QH"]
    assert why(state, "2C").key == "bolola.void_queen"


def test_the_queen_of_the_suit_led_under_its_king_or_ace_must_be_played():
    state = rig("no_queens", "QS 2S 4D", "KS")
    assert legal(state) == ["QS"]
    assert words(state, "2S") == "You must play your Queen of Spades: the King of Spades is on the table."
    assert legal(rig("no_queens", "QS 2S", "5S AS")) == ["QS"]


def test_the_queen_under_a_jack_stays_free():
    assert legal(rig("no_queens", "QS 2S", "JS")) == ["2S", "QS"]


# -- No Hearts -----------------------------------------------------------------------------
def test_void_holding_hearts_must_play_a_heart():
    state = rig("no_hearts", "2H 9H QC", "TD")
    assert legal(state) == ["2H", "9H"]
    assert why(state, "QC").key == "bolola.void_heart"
    assert legal(rig("no_hearts", "QC 2S", "TD")) == ["2S", "QC"]


# -- No King of Hearts ------------------------------------------------------------------------
def test_void_holding_the_king_of_hearts_must_play_it():
    state = rig("no_king_hearts", "KH 2H QC", "TD")
    assert legal(state) == ["KH"]
    assert why(state, "2H").key == "bolola.void_king_hearts"


def test_void_holding_hearts_but_not_the_king_must_play_a_heart():
    assert legal(rig("no_king_hearts", "2H 9H QC", "TD")) == ["2H", "9H"]
    assert legal(rig("no_king_hearts", "QC 2S", "TD")) == ["2S", "QC"]


def test_following_hearts_the_king_of_hearts_stays_free():
    assert legal(rig("no_king_hearts", "KH 2H", "AH")) == ["2H", "KH"]


# -- All of them -------------------------------------------------------------------------------
def test_all_void_holding_any_scoring_card_must_play_one_the_players_choice():
    assert legal(rig("all", "QC 5H JD 2C 9S", "TD")) == ["JD"]     # not void: follow suit
    state = rig("all", "QC 5H KS 2C 9S", "TD")
    assert legal(state) == ["5H", "KS", "QC"]
    assert why(state, "2C").key == "bolola.void_scoring"
    assert legal(rig("all", "2C 9S", "TD")) == ["2C", "9S"]


def test_all_courts_of_the_suit_led_under_a_higher_card_must_be_played():
    assert legal(rig("all", "JS QS KS 2S", "AS")) == ["JS", "KS", "QS"]
    assert legal(rig("all", "JS QS KS 2S", "KS")) == ["JS", "QS"]
    assert legal(rig("all", "JS QS 2S", "TS")) == ["2S", "JS", "QS"]
    assert "your Jack of Spades, Queen of Spades or King of Spades" in \
        words(rig("all", "JS QS KS 2S", "AS"), "2S")


def test_bolola_has_only_the_hearts_lead_rule():
    assert legal(rig("bolola", "JS QS KS 2S", "AS")) == ["2S", "JS", "KS", "QS"]
    assert legal(rig("bolola", "QC 5H 2C", "TD")) == ["2C", "5H", "QC"]


# -- refusals -------------------------------------------------------------------------------------
def test_a_card_not_held_and_a_turn_not_yours_are_refused_in_words():
    state = rig("no_tricks", "2S 3S")
    assert why(state, "AS").key == "bolola.not_in_hand"
    assert state.reason(1, play("2S")).key == "engine.not_your_turn"
    with pytest.raises(IllegalAction, match="follow suit"):
        rig("no_tricks", "2S 3D", "4S").apply(0, play("3D"))


# -- the flow of a game ------------------------------------------------------------------------------
def finish_deal(state, rng):
    """Random legal moves until the deal number changes or the game ends."""
    start = state.deal_no
    while not state.over and state.deal_no == start:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_nine_deals_in_order_the_dealer_moving_one_seat_the_next_player_leading():
    state = SPEC.new(None, 4, 5)
    rng = random.Random(5)
    seen = []
    while not state.over:
        assert state.contract == CONTRACTS[state.deal_no - 1]
        seen.append((state.contract, state.dealer, state.leader))
        finish_deal(state, rng)
    assert [c for c, _, _ in seen] == list(CONTRACTS)
    assert [d for _, d, _ in seen] == [3, 0, 1, 2, 3, 0, 1, 2, 3]
    assert all(leader == (dealer + 1) % 4 for _, dealer, leader in seen)
    assert len(state.sheet) == 9


def test_the_opener_names_trumps_after_seeing_the_cards_then_leads():
    state = SPEC.new(None, 4, 2)
    finish_deal(state, random.Random(2))
    assert state.contract == "trumps" and state.phase == "trump"
    assert state.to_act() == (1,) and len(state.hands[1]) == 13
    assert state.legal_actions(1) == sorted(Action("trump", (), s) for s in "SHDC")
    assert state.reason(2, Action("trump", (), "S")).key == "bolola.wait_trump"
    assert state.reason(1, play(state.hands[1][0].code)).key == "bolola.name_trump_first"
    events = state.apply(1, Action("trump", (), "D"))
    assert [e.kind for e in events] == ["trump_named"] and state.trump == "D"
    assert state.to_act() == (1,) and state.view(0)["trump"] == "D"


def test_dealers_choice_each_dealer_picks_a_deal_not_yet_dealt_until_all_36():
    state = SPEC.new({"dealers_choice": True}, 4, 7)
    rng = random.Random(7)
    dealt = {s: [] for s in range(4)}
    while not state.over:
        assert state.phase == "contract" and state.to_act() == (state.dealer,)
        choices = [a.value for a in state.legal_actions(state.dealer)]
        assert sorted(choices) == sorted(set(CONTRACTS) - set(dealt[state.dealer]))
        if dealt[state.dealer]:
            again = Action("contract", (), dealt[state.dealer][0])
            assert state.reason(state.dealer, again).key == "bolola.contract_dealt"
        pick = rng.choice(choices)
        dealt[state.dealer].append(pick)
        state.apply(state.dealer, Action("contract", (), pick))
        finish_deal(state, rng)
    assert len(state.sheet) == 36
    assert all(sorted(v) == sorted(CONTRACTS) for v in dealt.values())


def test_early_end_stops_a_negative_deal_once_nothing_more_can_be_scored():
    state = rig("no_queens", "AS 2C 3C", "KS QS 3S", others=["5D 6D", "6C 7D", "7C 8D"],
                played="QH QD QC 2S", options={"early_end": True}, deal_scores=[0, -300, 0, 0],
                tricks=[{"leader": 0, "cards": ["QH", "QD", "QC", "2S"], "winner": 1,
                         "points": -300}])
    events = state.apply(0, play("AS"))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["play", "trick_won", "deal_ended"] and "deal_scored" in kinds
    assert state.sheet[-1]["scores"] == [-100, -300, 0, 0] and state.sheet[-1]["early"]
    assert sum(state.sheet[-1]["scores"]) == -400


def test_without_the_option_the_deal_plays_out():
    state = rig("no_queens", "AS 2C", "KS QS 3S", others=["5D", "6D", "7D"],
                played="QH QD QC 2S")
    events = state.apply(0, play("AS"))
    assert "deal_ended" not in [e.kind for e in events]


@pytest.mark.parametrize("contract", ["no_tricks", "no_last_two", "all"])
def test_deals_where_tricks_score_never_end_early(contract):
    assert not nothing_left(contract, cards("2S 3S"), 11)


@pytest.mark.parametrize("contract,unplayed,early", [
    ("no_jacks_kings", "2S 3S QS", True), ("no_jacks_kings", "2S JS", False),
    ("no_queens", "KS 2H", True), ("no_hearts", "QS 2H", False), ("no_hearts", "QS 2S", True),
    ("no_king_hearts", "AH 2H", True), ("no_king_hearts", "KH", False)])
def test_nothing_left_when_every_scoring_card_is_taken(contract, unplayed, early):
    assert nothing_left(contract, cards(unplayed), 5) == early


def test_the_highest_total_wins_and_the_result_carries_the_sheet():
    state = SPEC.new(None, 4, 11)
    rng = random.Random(11)
    events = []
    while not state.over:
        seat = state.to_act()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert events[-1].kind == GAME_OVER
    top = max(result["scores"])
    assert result["winners"] == [s for s in range(4) if result["scores"][s] == top]
    assert [sum(r["scores"][s] for r in result["sheet"]) for s in range(4)] == result["scores"]


def test_words_for_actions_and_contracts():
    assert action_label(play("QS")) == "Play the Queen of Spades"
    assert action_label(Action("contract", (), "no_queens")) == "Deal No Queens"
    assert action_label(Action("trump", (), "H")) == "Make Hearts trumps"
    assert contract_name("all") == "All of them"
    assert GAMES["bolola"] is SPEC


# -- properties over whole random games -----------------------------------------------------------
def random_game(seed, options):
    state = SPEC.new(options, 4, seed)
    rng = random.Random(seed)
    yield state, state.opening_events()
    while not state.over:
        seat = state.to_act()[0]
        yield state, state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), choice=st.booleans(), early=st.booleans())
def test_every_deal_adds_up_to_its_contracts_total(seed, choice, early):
    options = {"dealers_choice": choice, "early_end": early}
    rows = []
    for state, events in random_game(seed, options):
        for e in events:
            if e.kind == "deal_scored":
                row = e.data["row"]
                assert sum(row["scores"]) == contract_total(row["contract"]), row
                rows.append(row)
    assert len(rows) == (36 if choice else 9)
    assert sorted(r["contract"] for r in rows) == sorted(CONTRACTS * (4 if choice else 1))
    assert state.result()["scores"] == [sum(r["scores"][s] for r in rows) for s in range(4)]


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 100_000))
def test_every_card_is_in_exactly_one_place_and_others_hands_stay_hidden(seed):
    for state, events in random_game(seed, {"early_end": True}):
        if state.over:
            break
        everything = [c for cs in state.true_zones().values() for c in cs]
        assert sorted(everything) == sorted(DECK)
        for seat in range(4):
            zones = state.view(seat)["zones"]
            for other in range(4):
                hidden = zones[f"hand/{other}"]
                assert (other == seat) == (hidden != [None] * len(hidden)) or not hidden
        for e in events:
            for seat in (None, 0, 1, 2, 3):
                for m in e.for_seat(seat).data.get("moves", []):
                    if m["src"].startswith("hand/") and m["card"] is not None \
                            and e.kind not in ("play",):
                        assert m["src"] == f"hand/{seat}"
                    if m["dst"].startswith("hand/") and m["card"] is not None:
                        assert m["dst"] == f"hand/{seat}"


@pytest.mark.parametrize("deals,choice", [(1, False), (3, False), (3, True)])
def test_the_deals_option_plays_only_the_first_deals_of_the_cycle(deals, choice):
    rows = []
    for state, events in random_game(5, {"deals": deals, "dealers_choice": choice}):
        rows += [e.data["row"] for e in events if e.kind == "deal_scored"]
    assert len(rows) == deals and state.over
    if not choice:
        assert [r["contract"] for r in rows] == list(CONTRACTS[:deals])
    assert state.result()["scores"] == [sum(r["scores"][s] for r in rows) for s in range(4)]
    assert SPEC.resolve_options(None)["deals"] == 9


def test_a_log_replays_to_the_same_game():
    states = list(random_game(3, {"dealers_choice": True, "early_end": True}))
    state = states[-1][0]
    again = replay_log(json.loads(json.dumps(state.log())))
    assert again.result() == state.result() and again.view(0) == state.view(0)


def test_only_four_play():
    with pytest.raises(ValueError):
        BololaState({}, 3, 0)
    assert POINTS["all"]["king_hearts"] == -95


def test_bolola_dealers_choice_ending_the_last_deal_early_keeps_every_card():
    state = SPEC.new({"dealers_choice": True, "early_end": True}, 4, 1)
    rng = random.Random(1)
    while not state.over:
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.sheet[-1]["early"]
    assert sum(len(cs) for cs in state.true_zones().values()) == 52
    for w in (None, 0, 1, 2, 3):
        assert sum(len(cs) for cs in state.view(w)["zones"].values()) == 52


# -- what a search reads at every move ---------------------------------------------------

@pytest.mark.parametrize("contract", CONTRACTS)
def test_the_card_points_tables_give_each_cards_items_in_every_contract(contract):
    for c in DECK:
        items = card_items(c)
        assert card_points(contract, c) == sum(POINTS[contract].get(i, 0) for i in items)
        assert is_scoring(contract, c) == any(i in POINTS[contract] for i in items)


def test_the_legal_plays_are_the_playable_cards_sorted_as_actions_sort():
    state = rig("no_tricks", "KH 2S AS 3D 9S", "5S")
    assert state.legal_actions(0) == sorted(play(code) for code in ("2S", "9S", "AS"))
    state = rig("no_tricks", "KH 2S 3D JC", "5H")
    assert state.legal_actions(0) == sorted(play(code) for code in ("KH",))
    state = rig("no_tricks", "KH 2S 3D JC", "4C")
    assert state.legal_actions(0) == [play("JC")]
