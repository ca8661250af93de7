"""Dou Dizhu's rules, each named: the combinations and their comparisons (the
illegal ones too), bidding and redeal, the three cards, passing and leading,
scoring with its multipliers and the running score, and the generator's
properties (no illegal or duplicate play, every reply beats, is_legal agrees)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES
from game.cards import cards
from game.doudizhu import combos
from game.doudizhu.combos import MoveBook, beats, classify, counts_of
from game.doudizhu.rules import CLASSIC_KINDS, LETTERS, TEXT_KINDS
from game.doudizhu.state import PASS, play_from, play_of
from game.engine import Action, IllegalAction, State, replay_log
from tests.game.positions import positioned

TEXT, CLASSIC = TEXT_KINDS, CLASSIC_KINDS


def kind(value, kinds=TEXT):
    combo = classify(value, kinds)
    return None if combo is None else combo.kind


def new(rules="text", hands=3, seed=1):
    return GAMES["doudizhu"].new({"rules": rules, "hands": hands}, 3, seed)


def at_play(hands, rules="text", landlord=0, bid="3", hand_count=1):
    """A state in play: ``landlord`` won the bidding with ``bid``; the hands are set."""
    state = new(rules, hand_count)
    seat = state.turn
    while seat != landlord:
        state.apply(seat, PASS)
        seat = state.turn
    state.apply(landlord, Action("bid", (), bid))
    while state.phase == "bid":
        state.apply(state.turn, PASS)
    order = lambda c: (combos.INDEX[c.code[0]], c.suit)  # noqa: E731 - a hand's order
    return positioned(state, hands=[[c.code for c in sorted(cards(h), key=order)]
                                    for h in hands])


def play(state, seat, value):
    """Play ``value`` with the first cards of each rank in the hand (the listed play)."""
    return state.apply(seat, play_from(state.hands[seat], value))


# -- combinations ----------------------------------------------------------------------------
@pytest.mark.parametrize("value,expected", [
    ("7", "single"), ("R", "single"), ("99", "pair"), ("222", "trio"), ("3334", "trio1"),
    ("333B", "trio1"), ("34567", "straight"), ("3456789TJQKA", "straight"),
    ("334455", "pairs"), ("TTJJQQKKAA", "pairs"), ("333444", "plane"),
    ("333444555666", "plane"), ("5555", "bomb"), ("BR", "rocket")])
def test_each_combination_of_the_text(value, expected):
    assert kind(value) == expected
    assert kind(value, CLASSIC) == expected


@pytest.mark.parametrize("value,why", [
    ("BB", "no such cards: two black jokers"),
    ("34", "two different ranks are no pair"),
    ("JQKA2", "a Two in a straight"), ("TJQKA2", "a Two at the top of a straight"),
    ("QKA2B", "a joker in a straight"), ("3456", "a straight of four"),
    ("34578", "a gap in a straight"), ("3344", "two pairs are no pair straight"),
    ("KKAA22", "a Two in a pair straight"), ("AAA222", "an airplane with Twos"),
    ("333555", "two triples not in sequence"), ("2B", "a Two and a joker"),
    ("2BR", "the rocket with a card"), ("33344", "three plus a pair in the text's rules"),
    ("333345", "four with two in the text's rules"), ("33344456", "wings in the text's rules")])
def test_what_is_no_combination_in_the_text(value, why):
    assert kind(value) is None, why


def test_two_jokers_are_a_rocket_never_a_pair():
    combo = classify("BR", TEXT)
    assert combo.kind == "rocket"
    assert counts_of("BB") is None and counts_of("RR") is None


@pytest.mark.parametrize("value,expected", [
    ("33344", "trio2"), ("333355", "four2"), ("333345", "four2"), ("33334455", "four22"),
    ("33344456", "plane1"), ("33344455", "plane1"), ("333444555789", "plane1"),
    ("3334445566", "plane2"), ("3334445556667779TJQK", "plane1"),
    ("333444555777", "plane1"), ("333444555222", "plane1")])
def test_classic_adds_kickers_and_wings(value, expected):
    assert kind(value, CLASSIC) == expected
    assert kind(value, TEXT) is None


@pytest.mark.parametrize("value,why", [
    ("33334444", "a bomb as two pairs of kickers"), ("3334445555", "pair wings of one rank"),
    ("33333", "five Threes"), ("333444BR", "the rocket as wings"),
    ("3333BR", "the rocket as four-with-two kickers"), ("33344433", "wings of the airplane's rank"),
    ("3334445555", "pair wings that are a bomb"),
    ("3334445556666777", "kickers repeating a rank four times"), ("333BR", "jokers are no pair")])
def test_kicker_choices(value, why):
    assert classify(value, CLASSIC) is None, why


def test_a_bomb_is_a_bomb_and_twos_may_be_kickers():
    assert classify("3333", CLASSIC).kind == "bomb"
    assert classify("33322", CLASSIC).kind == "trio2"
    assert classify("333444555222", CLASSIC).kind == "plane1"


def test_single_kickers_may_repeat_a_rank_pairs_may_not():
    """The choice where engines disagree, made as RLCard makes it."""
    assert classify("33344455", CLASSIC).kind == "plane1"          # wings 5 and 5
    assert classify("333355", CLASSIC).kind == "four2"              # two singles, one rank
    assert classify("333444555888", CLASSIC).kind == "plane1"       # three 8s, not adjacent
    assert classify("333444555666", CLASSIC).kind == "plane"        # adjacent: a longer airplane
    assert classify("3333444455", CLASSIC) is None
    assert classify("33335555", CLASSIC) is None                     # a bomb as kickers


# -- comparisons --------------------------------------------------------------------------
def c(value, kinds=CLASSIC):
    """The combination of some rank letters in any order."""
    return classify("".join(sorted(value, key=combos.INDEX.__getitem__)), kinds)


@pytest.mark.parametrize("play,prev", [
    ("4", "3"), ("2", "A"), ("B", "2"), ("R", "B"), ("44", "33"), ("22", "AA"),
    ("444", "333"), ("4443", "3336"), ("45678", "34567"), ("445566", "334455"),
    ("444555", "333444"), ("666678", "555534"), ("3333", "22"),
    ("4444", "3333"), ("3333", "3456789TJQKA"), ("BR", "2222"), ("BR", "A")])
def test_what_beats_what(play, prev):
    assert beats(c(play), c(prev)), (play, prev)


@pytest.mark.parametrize("play,prev,why", [
    ("3", "3", "equal is not higher"), ("3", "4", "lower"), ("44", "3", "a pair on a single"),
    ("45678", "3456789", "a shorter straight"), ("456789", "34567", "a longer straight"),
    ("3334", "444", "three with one on a three"), ("2222", "BR", "a bomb on the rocket"),
    ("3333", "4444", "a lower bomb"), ("A", "BR", "anything on the rocket"),
    ("55566", "4445", "three with a pair on three with one"),
    ("555666", "444555666", "a shorter airplane")])
def test_what_does_not_beat(play, prev, why):
    assert not beats(c(play), c(prev)), why


# -- the state: bidding, redeal, the three cards ---------------------------------------------------
def test_bids_must_rise_and_a_bid_of_three_ends_the_bidding():
    state = new()
    first = state.turn
    assert [str(a) for a in state.legal_actions(first)] == ["bid::1", "bid::2", "bid::3", "pass"]
    state.apply(first, Action("bid", (), "2"))
    nxt = state.turn
    assert nxt == (first + 1) % 3
    assert [str(a) for a in state.legal_actions(nxt)] == ["bid::3", "pass"]
    with pytest.raises(IllegalAction) as refused:
        state.apply(nxt, Action("bid", (), "1"))
    assert refused.value.reason.key == "doudizhu.bid_higher"
    events = state.apply(nxt, Action("bid", (), "3"))
    assert state.landlord == nxt and state.phase == "play" and state.turn == nxt
    assert events[-2].kind == "landlord" and len(events[-2].data["kitty"]) == 3


def test_the_highest_bidder_takes_and_shows_the_three_cards_and_leads():
    state = new()
    kitty = list(state.kitty)
    first = state.turn
    state.apply(first, Action("bid", (), "1"))
    state.apply(state.turn, PASS)
    events = state.apply(state.turn, PASS)
    assert [e.kind for e in events[-2:]] == ["landlord", "kitty_taken"]
    assert state.landlord == first and state.high_bid == 1
    assert len(state.hands[first]) == 20 and set(kitty) <= set(state.hands[first])
    for seat in (None, 0, 1, 2):
        turned = events[-2].for_seat(seat).data["moves"]
        joined = events[-1].for_seat(seat).data["moves"]
        assert [m["card"] for m in turned] == [x.code for x in kitty]
        assert all(m["src"] == m["dst"] == "kitty" and m["up"] for m in turned), "shown to all"
        if seat == first:
            assert sorted(m["card"] for m in joined) == sorted(x.code for x in kitty)
            assert all(state.hands[first][m["at"]].code == m["card"] for m in joined), \
                "each card lands in its place in the landlord's sorted hand"
        else:
            assert all("at" not in m for m in joined), \
                "a place in the landlord's hand tells how many hidden cards sort above it"
            assert all(m["card"] is None for m in joined), \
                "a hidden hand is not followed by code: its unseen plays would shuffle it"
        assert all(m["up"] == (seat == first) for m in joined), "face up only in its hand"
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["kitty"] == [x.code for x in kitty]
    assert state.to_act() == (first,)
    assert PASS not in state.legal_actions(first), "the landlord leads: no pass"


def test_everyone_passes_and_the_cards_are_dealt_again():
    state = new()
    before = [list(h) for h in state.hands]
    first = state.turn
    for _ in range(3):
        events = state.apply(state.turn, PASS)
    assert [e.kind for e in events][:3] == ["bid", "redeal", "gather"]
    assert state.phase == "bid" and state.deals == 2 and state.hand_no == 1
    assert state.hands != before and all(len(h) == 17 for h in state.hands)
    assert state.turn == (first + 1) % 3


def test_the_first_bidder_moves_on_with_every_hand_and_every_redeal():
    state = new(hands=3)
    assert state.hand_no == 1 and state.turn == 0
    for _ in range(3):                                   # a redeal: seat 1 opens
        state.apply(state.turn, PASS)
    assert state.turn == 1
    state.apply(1, Action("bid", (), "3"))               # seat 1 is the landlord
    while state.hand_no == 1:                            # the hand played out
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.phase == "bid" and state.turn == 2, "the next seat after the redeal's"


def test_the_three_cards_stay_hidden_while_bidding():
    state = new()
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["zones"]["kitty"] == [None] * 3 and view["kitty"] == []
        for s in range(3):
            shown = view["zones"][f"hand/{s}"]
            assert (None in shown) != (s == seat)


# -- play -------------------------------------------------------------------------------------------
HANDS = ["3S 3H 3D 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S BJ RJ 4H 4D 9H",
         "5H 5D 5C 6H 6D 7H 7D 8H 8D 9D TH TD JH QH KH AH 2H",
         "3C 4C 6C 7C 8C 9C TC JC QC KC AC 2C 2D JD QD KD AD"]


def test_a_reply_is_the_same_kind_and_size_and_higher_or_a_pass():
    state = at_play(HANDS)
    play(state, 0, "3334")
    legal = {a.value or a.kind for a in state.legal_actions(1)}
    assert "pass" in legal and "5556" in legal and "5557" in legal
    assert all(combos.classify(a, TEXT).kind == "trio1" for a in legal if a != "pass")
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "55566")
    assert refused.value.reason.key == "doudizhu.classic_only.trio2"
    with pytest.raises(IllegalAction) as refused:
        play(state, 1, "56789")
    assert refused.value.reason.key == "doudizhu.wrong_kind"


def test_after_two_passes_the_last_player_leads_anything():
    state = at_play(HANDS)
    play(state, 0, "5")
    state.apply(1, PASS)
    events = state.apply(2, PASS)
    assert events[-1].kind == "trick_cleared"
    assert state.turn == 0 and state.last is None
    assert PASS not in state.legal_actions(0)
    play(state, 0, "6")
    assert state.view(None)["zones"]["trick/0"] == ["6S"]


def test_whoever_leads_plays_a_combination_only_a_reply_may_be_a_pass():
    """"Il conduttore apre il gioco giocando una combinazione di carte a cui i suoi
    avversari devono rispondere a turno ... Se non la posseggono passano la mano": the
    landlord's opening lead, and the lead of whoever won a trick, is a play; a pass there
    is refused with its reason (never taken, never an error further on)."""
    state = at_play(HANDS)
    for lead in ("5", "6"):
        leader = state.turn
        assert state.last is None
        assert not state.is_legal(leader, PASS) and PASS not in state.legal_actions(leader)
        assert state.reason(leader, PASS).key == "doudizhu.must_lead"
        with pytest.raises(IllegalAction) as refused:
            state.apply(leader, PASS)
        assert refused.value.reason.key == "doudizhu.must_lead"
        assert state.turn == leader and state.passes == 0
        play(state, leader, lead)
        assert state.is_legal(state.turn, PASS)
        state.apply(state.turn, PASS)
        state.apply(state.turn, PASS)
    assert state.turn == leader


def test_a_bomb_beats_anything_but_a_higher_bomb_and_the_rocket_beats_all():
    hands = ["3S 3H 3D 3C 4S", "5S 5H 5D 5C 6S", "BJ RJ 7S 7H 7D"]
    state = at_play(hands)
    play(state, 0, "4")
    assert "5555" in {a.value for a in state.legal_actions(1)}
    play(state, 1, "5555")
    assert [str(a) for a in state.legal_actions(2)] == ["pass", "play:BJ,RJ:BR"]
    play(state, 2, "BR")
    assert state.legal_actions(0) == [PASS], "nothing beats the rocket"


def test_a_play_names_its_cards_and_their_ranks():
    state = at_play(HANDS)
    for action, why in ((Action("play", (), "333"), "pick_cards"),
                        (Action("play", tuple(cards("3S"))), "name_ranks"),
                        (Action("play", tuple(cards("3S 4S")), "43"), "name_ranks"),
                        (Action("play", tuple(cards("3S 3S")), "33"), "not_in_hand"),
                        (Action("play", tuple(cards("5H")), "5"), "not_in_hand"),
                        (Action("play", tuple(cards("3S 4S")), "34"), "not_a_combination")):
        assert not state.is_legal(0, action)
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, action)
        assert refused.value.reason.key == f"doudizhu.{why}", action


def test_the_cards_played_are_the_ones_the_player_picked_in_any_suits_held():
    """Which Three shows is the player's choice, never the referee's: the first of each
    rank in a fixed suit order would tell everyone which suits are still in the hand."""
    state = at_play(HANDS)
    listed = next(a for a in state.legal_actions(0) if a.value == "33")
    assert listed == play_of(cards("3D 3H")), "the list names the first of each rank"
    picked = Action.parse("play:3S,3D:33")                   # any order, any suits held
    assert state.is_legal(0, picked) and picked not in state.legal_actions(0)
    events = state.apply(0, picked)
    assert events[0].data["cards"] == ["3D", "3S"]
    assert state.view(1)["zones"]["trick/0"] == ["3D", "3S"]
    assert [c.code for c in state.hands[0] if c.rank == 3] == ["3H"]


def test_a_listed_play_stays_the_first_of_each_rank_as_the_hand_plays():
    """The referee keeps each hand's listed plays between turns (and shares the move
    book of a hand dealt again): after a play, each rank's listed cards are still the
    first the hand holds, and the list is what a fresh copy of the game lists."""
    state = at_play(["3C 3D 3H 4S 5S 6S 7S 8S", "9S TS JS QS KS", "9H TH JH QH KH"],
                    rules="classic")
    assert next(a for a in state.legal_actions(0) if a.value == "33").cards == tuple(
        cards("3C 3D"))
    state.apply(0, Action.parse("play:3C:3"))
    state.apply(1, PASS)
    state.apply(2, PASS)
    after = next(a for a in state.legal_actions(0) if a.value == "33")
    assert after.cards == tuple(cards("3D 3H"))
    fresh = State.from_text(state.to_text())
    assert state.legal_actions(0) == fresh.legal_actions(0)
    assert combos.book_of((1,) * 5 + (0,) * 10, CLASSIC_KINDS) \
        is combos.book_of((1,) * 5 + (0,) * 10, CLASSIC_KINDS)


def test_an_older_log_naming_plays_by_ranks_replays_with_the_cards_then_taken():
    state = at_play(HANDS)
    assert state.from_log(0, Action("play", (), "33")) == play_of(cards("3D 3H"))
    assert state.from_log(0, Action("play", (), "55")) == Action("play", (), "55"), \
        "a play the hand cannot make stays as written, to be refused"
    game = new(seed=3)
    rng = random.Random(3)
    old_log = []
    while not game.over and len(old_log) < 120:
        seat = game.turn
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        ranks_only = Action("play", (), action.value) if action.kind == "play" else action
        old_log.append([seat, str(ranks_only)])
    log = {**game.log(), "actions": old_log}
    assert any(a.startswith("play::") for _, a in old_log), "rank-only plays, as logs had them"
    assert replay_log(log).view(None) == game.view(None)


# -- scoring ------------------------------------------------------------------------------
def finish(state, script):
    for seat, value in script:
        state.apply(seat, PASS if value == "pass" else play_from(state.hands[seat], value))


def test_peasants_who_win_take_the_stake_from_the_landlord_and_it_sums_to_zero():
    state = at_play(["3S 4S", "5S 6S 7S", "8S 9S TS"], bid="2")
    finish(state, [(0, "3"), (1, "5"), (2, "8"), (0, "pass"), (1, "pass"), (2, "9"),
                   (0, "pass"), (1, "pass"), (2, "T")])
    assert state.sheet[-1]["landlord_won"] is False
    assert state.totals == [-4, 2, 2] and sum(state.totals) == 0


def test_every_view_keeps_the_hands_trail_of_plays_and_passes_until_the_next_deal():
    state = at_play(["3S 4S", "5S 6S 7S", "8S 9S TS"], bid="2", hand_count=2)
    finish(state, [(0, "3"), (1, "5"), (2, "pass")])
    trail = [[0, "3"], [1, "5"], [2, "pass"]]
    assert all(state.view(s)["trail"] == trail for s in (0, 1, 2, None))
    finish(state, [(0, "pass"), (1, "6"), (2, "8"), (0, "pass"), (1, "pass"), (2, "9"),
                   (0, "pass"), (1, "pass"), (2, "T")])
    assert state.hand_no == 2 and state.view(0)["trail"] == []


def test_a_landlord_who_wins_takes_the_stake_from_each_peasant():
    state = at_play(["3S 4S", "5S 6S 7S", "8S 9S TS"], bid="3")
    finish(state, [(0, "3"), (1, "pass"), (2, "pass"), (0, "4")])
    row = state.sheet[-1]
    assert row["landlord_won"] and row["stake"] == 3 and row["multiplier"] == 1
    assert state.totals == [6, -3, -3]


def test_classic_doubles_for_each_bomb_and_rocket_and_for_a_spring():
    state = at_play(["3S 3H 3D 3C BJ RJ 4S", "5S 6S 7S", "8S 9S TS"], rules="classic", bid="1")
    finish(state, [(0, "3333"), (1, "pass"), (2, "pass"), (0, "BR"), (1, "pass"), (2, "pass")])
    assert state.multiplier == 4 and state.view(None)["stake"] == 4
    finish(state, [(0, "4")])
    row = state.sheet[-1]
    assert row["spring"] and row["multiplier"] == 8 and row["stake"] == 8
    assert state.totals == [16, -8, -8]


def test_the_text_rules_never_double():
    state = at_play(["3S 3H 3D 3C BJ RJ 4S", "5S 6S 7S", "8S 9S TS"], rules="text", bid="1")
    finish(state, [(0, "3333"), (1, "pass"), (2, "pass"), (0, "BR"), (1, "pass"), (2, "pass"),
                   (0, "4")])
    assert state.sheet[-1]["multiplier"] == 1 and state.totals == [2, -1, -1]


def test_a_landlord_beaten_after_the_opening_lead_alone_is_a_spring_too():
    state = at_play(["3S 4S 5S", "6S 7S 8S", "TS"], rules="classic", bid="2")
    finish(state, [(0, "3"), (1, "pass"), (2, "T")])
    row = state.sheet[-1]
    assert not row["landlord_won"] and row["spring"] and row["stake"] == 4
    assert state.totals == [-8, 4, 4]


def test_the_running_score_adds_up_over_the_hands_and_the_game_ends():
    state = new(hands=3, seed=5)
    rng = random.Random(5)
    while not state.over:
        seat = state.turn
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(state.sheet) == 3
    assert state.totals == [sum(r["delta"][s] for r in state.sheet) for s in range(3)]
    assert sum(state.totals) == 0
    assert state.result()["winners"] == [s for s in range(3) if state.totals[s] == max(state.totals)]


# -- the generator's properties ----------------------------------------------------------------
DECK_RANKS = [r for r in range(13) for _ in range(4)] + [13, 14]


@st.composite
def hands(draw, size=20):
    picks = draw(st.lists(st.integers(0, len(DECK_RANKS) - 1), min_size=1, max_size=size,
                          unique=True))
    return combos.hand_counts(DECK_RANKS[i] for i in picks)


@settings(max_examples=150, deadline=None)
@given(counts=hands(), classic=st.booleans())
def test_every_lead_is_a_combination_held_and_listed_once(counts, classic):
    kinds = CLASSIC if classic else TEXT
    listed = combos.leads(counts, kinds)
    assert len(listed) == len(set(listed)), "a play listed twice"
    for value in listed:
        held = counts_of(value)
        assert held is not None and all(a <= b for a, b in zip(held, counts))
        assert classify(value, kinds) is not None
        assert combos.is_legal_play(counts, value, None, kinds)


@settings(max_examples=150, deadline=None)
@given(counts=hands(), prev_hand=hands(12), data=st.data(), classic=st.booleans())
def test_every_reply_beats_the_play_and_is_legal_agrees_with_the_list(counts, prev_hand, data,
                                                                      classic):
    kinds = CLASSIC if classic else TEXT
    prev_value = data.draw(st.sampled_from(combos.leads(prev_hand, kinds)))
    prev = classify(prev_value, kinds)
    listed = combos.replies(counts, prev, kinds)
    assert len(listed) == len(set(listed))
    for value in listed:
        assert beats(classify(value, kinds), prev)
    # every lead of the hand is legal as a reply exactly when it is listed
    for value in combos.leads(counts, kinds):
        assert combos.is_legal_play(counts, value, prev, kinds) == (value in listed)
    book = MoveBook(counts, kinds)
    assert book.replies(combos.pack(counts), prev) == listed


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(counts=hands(), data=st.data(), classic=st.booleans())
def test_is_legal_finds_no_play_the_generator_missed(counts, data, classic):
    """Any subset of the hand is legal as a lead exactly when it is listed."""
    kinds = CLASSIC if classic else TEXT
    listed = set(combos.leads(counts, kinds))
    pool = [r for r, n in enumerate(counts) for _ in range(n)]
    for _ in range(30):
        pick = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=len(pool)))
        sub = combos.hand_counts(pick)
        if any(a > b for a, b in zip(sub, counts)):
            continue
        value = combos.value_of(sub)
        assert combos.is_legal_play(counts, value, None, kinds) == (value in listed), value


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), classic=st.booleans())
def test_the_states_cached_lists_are_the_generators_lists(seed, classic):
    """The referee filters the plays listed when play began; they must be the plays a
    fresh generation over the hand now gives."""
    rules = "classic" if classic else "text"
    state = new(rules, 1, seed)
    rng = random.Random(seed)
    kinds = CLASSIC if classic else TEXT
    while not state.over:
        seat = state.turn
        legal = state.legal_actions(seat)
        if state.phase == "play":
            counts = state._counts(seat)
            fresh = (combos.leads(counts, kinds) if state.last is None
                     else combos.replies(counts, state.last[2], kinds))
            assert sorted(a.value for a in legal if a.kind == "play") == sorted(fresh)
        state.apply(seat, rng.choice(legal))


def test_a_twenty_card_classic_hand_has_hundreds_of_leads():
    counts = counts_of("333444555666789TJQKA")
    assert len(combos.leads(counts, CLASSIC)) > 500
    assert all(ch in LETTERS for ch in "".join(combos.leads(counts, CLASSIC)))
