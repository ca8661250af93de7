"""Briscola Venceslao: one test per rule of the text (seed 003, second half), then properties."""

import json
import random
from collections import Counter
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.briscola
from game import GAMES
from game.briscola import (
    DECK,
    SPEC,
    VENCESLAO,
    BriscolaState,
    action_label,
    points,
    primiera,
    score_game,
    suit_name,
)
from game.cards import card, cards
from game.engine import GAME_OVER, Action, IllegalAction, Reason, replay_log
from tests.game.positions import codes, positioned


# -- helpers ------------------------------------------------------------------
def play(code):
    return Action("play", (card(code),))


def rig(hands, *, briscola="Ac", draws=(), dealer=2, leader=None, remember=True,
        stock_empty=False, **fields):
    """A game-1 state with chosen hands; ``draws`` are the next stock cards, in drawing order.

    The other cards fill the stock under them (or, with ``stock_empty``, seat 0's pile),
    so all 39 cards stay in exactly one place.  ``fields``: other fields of the position.
    Built from its text form.
    """
    hands = [codes(h) for h in hands]
    top = codes(" ".join(draws))
    used = [c for h in hands for c in h] + top + ([card(briscola).code] if briscola else [])
    rest = [c.code for c in DECK if c.code not in used]
    assert len(used) + len(rest) == 39 and len(set(used)) == len(used)
    knows = [s != dealer for s in range(3)]
    fields = {"trump": card(briscola).suit if briscola else "c", **fields}
    return positioned(SPEC.new({"remember_trump": remember}, 3, 0), hands=hands, dealer=dealer,
                      briscola=card(briscola).code if briscola else None, knows=knows,
                      reminder=knows, stock=top[::-1] if stock_empty else rest + top[::-1],
                      piles=[rest, [], []] if stock_empty else [[], [], []],
                      leader=(dealer + 1) % 3 if leader is None else leader, **fields)


def kinds(events):
    return [e.kind for e in events]


def all_cards(state):
    return [c for cs in state.true_zones().values() for c in cs]


def random_match(seed, options=None, on_step=None):
    """A whole match with random legal actions (races settled at random)."""
    state = SPEC.new(options, 3, seed)
    rng = random.Random(seed)
    events = state.opening_events()
    if on_step:
        on_step(state, events)
    while not state.over:
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if on_step:
            on_step(state, events)
    return state


def apply_moves(zones, event):
    """What the table scene does with an event's moves (engine docstring convention)."""
    for m in event.data.get("moves", []):
        src = zones[m["src"]]
        idx = src.index(m["card"]) if m["card"] is not None and m["card"] in src else len(src) - 1
        src.pop(idx)
        zones.setdefault(m["dst"], []).append(m["card"] if m["up"] else None)


# -- the cards --------------------------------------------------------------------------
def test_deck_is_the_italian_forty_less_the_two_of_sticks():
    assert len(DECK) == 39 and len(set(DECK)) == 39
    assert card("2b") not in DECK
    assert all(c.is_italian for c in DECK)


def test_card_points_ace_11_three_10_king_4_knight_3_jack_2_rest_0():
    assert [points(card(c)) for c in "Ad 3d Kd Nd Jd 7d 6d 5d 4d 2d".split()] == \
        [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]
    assert sum(points(c) for c in DECK) == 120


# -- the deal ---------------------------------------------------------------------------
def test_three_cards_each_and_the_sampled_briscola_under_the_stock():
    state = SPEC.new(None, 3, 5)
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert state.briscola is not None and state.trump == state.briscola.suit
    assert len(state.stock) == 29
    assert Counter(all_cards(state)) == Counter(DECK)


def test_opening_events_are_the_first_deal():
    state = SPEC.new(None, 3, 5)
    events = state.opening_events()
    assert set(kinds(events)) == {"deal"}
    for seat in range(3):
        zones = {"deck": [None] * 39}
        for e in events:
            apply_moves(zones, e.for_seat(seat))
        view = state.view(seat)["zones"]
        assert {z: cs for z, cs in zones.items() if cs} == {z: cs for z, cs in view.items() if cs}


def test_only_the_two_non_dealers_see_the_briscola():
    state = SPEC.new(None, 3, 7)
    code = state.briscola.code
    assert state.dealer == 2
    assert state.view(0)["zones"]["briscola"] == [code]
    assert state.view(1)["zones"]["briscola"] == [code]
    assert state.view(2)["zones"]["briscola"] == [None]
    assert state.view(None)["zones"]["briscola"] == [None]
    assert [state.view(s)["trump_known"] for s in range(3)] == [True, True, False]
    assert state.view(2)["trump"] is None
    deal = [e for e in state.opening_events() if e.data.get("stage") == "briscola"][0]
    assert code in json.dumps(deal.for_seat(0).to_json())
    assert code not in json.dumps(deal.for_seat(2).to_json())


# -- play -------------------------------------------------------------------------------
def test_play_runs_counterclockwise_next_seat_is_seat_plus_one():
    state = rig(["4d 5d 6d", "4c 5c 6c", "4s 5s 6s"], dealer=2)
    assert state.to_act() == (0,)             # the player after the dealer leads
    state.apply(0, play("4d"))
    assert state.to_act() == (1,)
    state.apply(1, play("4c"))
    assert state.to_act() == (2,)


def test_no_duty_to_follow_suit():
    state = rig(["4d 5d 6d", "4c 7d 6c", "4s 5s 6s"])
    state.apply(0, play("4d"))
    assert state.legal_actions(1) == sorted(play(c) for c in ["4c", "7d", "6c"])
    state.apply(1, play("4c"))                 # holding a Coin, plays a Cup: allowed


def test_trick_goes_to_the_highest_briscola():
    state = rig(["Ad 5d 6d", "4c 5c 6c", "2c Kb 6s"], briscola="Ac")
    state.apply(0, play("Ad"))
    state.apply(1, play("4c"))
    events = state.apply(2, play("2c"))
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.seat == 1 and won.data["points"] == 11


def test_without_briscola_the_highest_card_of_the_suit_led_wins():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "Ab Kb 6s"], briscola="Ac")
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("Ab"))        # an Ace of another suit does not win
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.seat == 1 and won.data["points"] == 25
    assert state.leader == 1 and state.to_act() == (1,)


def test_card_strength_ace_three_king_knight_jack_seven_down_to_two():
    order = "Ad 3d Kd Nd Jd 7d 6d 5d 4d 2d".split()
    for hi, lo in zip(order, order[1:]):
        state = rig([lo + " 5c 6c", hi + " 7c 4c", "4s 5s 6s"], briscola="Ab")
        state.apply(0, play(lo))
        state.apply(1, play(hi))
        state.apply(2, play("4s"))
        assert state.leader == 1, (hi, lo)


def test_after_a_trick_each_draws_one_winner_first_then_in_play_order():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], draws=["Ad", "Ab", "7b"])
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("4b"))
    draws = [e for e in events if e.kind == "draw"]
    assert [e.seat for e in draws] == [1, 2, 0]
    assert [e.for_seat(e.seat).data["moves"][0]["card"] for e in draws] == ["Ad", "Ab", "7b"]
    assert all(e.for_seat((e.seat + 1) % 3).data["moves"][0]["card"] is None for e in draws)
    assert [len(h) for h in state.hands] == [3, 3, 3]


def test_the_sampled_briscola_is_drawn_last_and_then_the_stock_is_empty():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", draws=["Ad", "Ab"],
                stock_empty=True)
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("4b"))
    draws = [e for e in events if e.kind == "draw"]
    assert [(e.seat, e.data["moves"][0]["src"]) for e in draws] == \
        [(1, "deck"), (2, "deck"), (0, "briscola")]
    assert card("Ac") in state.hands[0]
    assert state.briscola is None and not state.stock
    state.apply(1, play("5c"))
    state.apply(2, play("Kb"))
    events = state.apply(0, play("Ac"))
    assert "draw" not in kinds(events)         # nothing left to draw


def test_dealer_learns_the_first_trump_by_drawing_the_sampled_card():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", draws=["Ad", "Ab"],
                dealer=0, leader=0, stock_empty=True)
    assert not state.view(0)["trump_known"]
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    state.apply(2, play("4b"))                 # seat 1 wins; draws 1, 2, then the dealer
    assert card("Ac") in state.hands[0]
    assert state.view(0)["trump_known"] and state.view(0)["trump"] == "c"


def test_the_dealer_never_sees_the_sampled_card_before_it_is_drawn():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", draws=["Ad", "Ab"],
                dealer=2, stock_empty=True)
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("4b"))        # seat 0 draws the sampled card
    assert all("Ac" not in json.dumps(e.for_seat(2).to_json()) for e in events)
    assert "Ac" not in json.dumps(state.view(2))
    assert not state.view(2)["trump_known"]


def _swapped_deal(seed, remember, sampled, other):
    """The match of ``seed`` with ``sampled`` and ``other`` trading places in the first
    shuffle, before the deal: every other card lies where it did."""
    real = game.briscola.shuffled
    calls = []

    def shuffle(deck, rng):
        order = real(deck, rng)
        if not calls:
            i, j = order.index(sampled), order.index(other)
            order[i], order[j] = order[j], order[i]
        calls.append(deck)
        return order

    with mock.patch.object(game.briscola, "shuffled", shuffle):
        return SPEC.new({"remember_trump": remember}, 3, seed)


def _same_game_but_the_sampled_card(seed, remember):
    """Two deals of ``seed`` that differ only in the sampled card, of another suit: it
    trades places with a card at the bottom of the stock, drawn in the same last round.
    None if both bottom cards share the sampled card's suit."""
    first = SPEC.new({"remember_trump": remember}, 3, seed)
    others = [c for c in first.stock[:2] if c.suit != first.briscola.suit]
    if not others:
        return None
    second = _swapped_deal(seed, remember, first.briscola, others[0])
    assert second.briscola == others[0] and second.trump != first.trump
    assert second.hands == first.hands
    assert [c for c in second.stock if c != first.briscola] == \
        [c for c in first.stock if c != others[0]]
    return first, second


@pytest.mark.parametrize("remember", [True, False])
def test_nothing_the_dealer_sees_depends_on_the_sampled_card_until_it_may_know_it(remember):
    """The dealer is never told the first trump (module docstring): with either value of
    "remember the trump", two games that differ only in the sampled card (and so in the
    trump) must look the same to the dealer, views and redacted events, and to a
    spectator, until the sampled card is drawn.  Play may tell the trump too, as the
    rules allow: the comparison also stops at the first trick the two trumps give to
    different players.  Any field that carries the trump or the card (``led_suit``, a
    new view field, the deal, ``claim_open``, ``trick_won`` ...) makes the two differ.
    """
    compared, drawn, used = 0, 0, 0
    for seed in range(40):
        pair = _same_game_but_the_sampled_card(seed, remember)
        if pair is None:
            continue
        used += 1
        a, b = pair
        watchers = (a.dealer, None)
        suits = {a.trump, b.trump}

        def same(events_a, events_b, a=a, b=b, watchers=watchers, seed=seed):
            for w in watchers:
                assert [e.for_seat(w).to_json() for e in events_a] == \
                    [e.for_seat(w).to_json() for e in events_b], (seed, w)
                assert a.view(w) == b.view(w), (seed, w)

        same(a.opening_events(), b.opening_events())
        rng = random.Random(seed)
        while True:
            assert a.to_act() == b.to_act()
            seat = rng.choice(a.to_act())
            legal = a.legal_actions(seat)
            assert legal == b.legal_actions(seat)
            # Cards of neither trump suit where possible, so that play tells the trump late.
            plain = [x for x in legal if x.card is None or x.card.suit not in suits] or legal
            action = rng.choice(plain)
            events_a, events_b = a.apply(seat, action), b.apply(seat, action)
            if any(e.kind == "draw" and e.data["moves"][0]["src"] == "briscola"
                   for e in events_a):
                drawn += 1
                break
            if [t["winner"] for t in a.tricks] != [t["winner"] for t in b.tricks]:
                break
            same(events_a, events_b)
            compared += 1
    assert used >= 20 and drawn >= 5, (used, drawn)
    assert compared >= 10 * used, (compared, used)   # enough play to catch a leak


# -- remember the trump ---------------------------------------------------------------------
def test_remember_trump_on_the_view_shows_it_while_the_sampled_card_lies_in_sight():
    """The non-dealers see the sampled card under the stock: their view shows the trump
    as long as the card does, their plays notwithstanding; the dealer's never does."""
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", remember=True)
    assert state.view(0)["trump"] == "c" and state.view(1)["trump"] == "c"
    for code, seat in [("Kd", 0), ("3d", 1), ("4b", 2)]:
        state.apply(seat, play(code))
    assert state.briscola is not None
    assert [state.view(s)["trump"] for s in range(3)] == ["c", "c", None]
    assert state.view(None)["trump"] is None


def test_remember_trump_on_begins_when_the_sampled_card_is_drawn():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", draws=["Ad", "Ab"],
                dealer=2, stock_empty=True)
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("4b"))        # seat 1 wins; seat 0 draws the sampled card
    assert [state.view(s)["trump"] for s in range(3)] == [None, None, None]
    assert all(state.view(s)["trump_known"] for s in (0, 1))
    # the drawer is told in its draw, the other non-dealer by an event of its own
    last = [e for e in events if e.kind == "draw"][-1]
    assert last.seat == 0 and last.for_seat(0).data["trump"] is None
    hidden = [e for e in events if e.kind == "trump_hidden"]
    assert [(e.seat, e.audience) for e in hidden] == [(1, frozenset({1}))]
    assert hidden[0].for_seat(1).data == {"trump": None}
    assert hidden[0].for_seat(2).data == {} == hidden[0].for_seat(None).data


def test_remember_trump_on_a_seat_told_sees_it_until_its_next_play():
    """After a Venceslao the card under the stock is out of date: the new trump shows to
    everyone until their next card, then must be remembered."""
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", dealer=2)
    state.apply(0, play("2s"))
    state.apply(1, Action("claim"))
    state.apply(1, Action("trump", (), "b"))
    assert [state.view(s)["trump"] for s in range(3)] == ["b", "b", "b"]
    assert all(state.view(s)["announced"] for s in (0, 1, 2, None))
    event = state.apply(1, play("3d"))[0]
    assert event.for_seat(1).data["trump"] is None
    assert state.view(1)["trump"] is None, "the sampled card (Cups) no longer names it"
    assert state.view(0)["trump"] == "b" and state.view(2)["trump"] == "b"


def test_remember_trump_on_a_venceslao_keeping_the_suit_leaves_the_card_in_force():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", dealer=2)
    state.apply(0, play("2s"))
    state.apply(1, Action("claim"))
    state.apply(1, Action("trump", (), "c"))
    state.apply(1, play("3d"))
    state.apply(2, play("4b"))
    assert [state.view(s)["trump"] for s in range(3)] == ["c", "c", None]


def test_remember_trump_off_the_view_always_shows_it_to_those_who_know():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", remember=False)
    for code, seat in [("Kd", 0), ("3d", 1), ("4b", 2)]:
        state.apply(seat, play(code))
    assert [state.view(s)["trump"] for s in range(3)] == ["c", "c", None]
    assert state.view(None)["trump"] is None


def test_remember_trump_option_defaults_to_on():
    assert SPEC.options["remember_trump"].default is True
    assert SPEC.new(None, 3, 0).view(0)["remember_trump"] is True
    with pytest.raises(ValueError):
        SPEC.new({"remember_trump": "sometimes"}, 3, 0)


# -- Venceslao --------------------------------------------------------------------------
def test_venceslao_dealt_in_the_hand_must_be_played_on_the_first_turn():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"])
    assert state.legal_actions(0) == [play("2s")]
    assert state.reason(0, play("Kd")) == Reason("briscola.must_play_venceslao")
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, play("Kd"))
    assert refused.value.reason == Reason("briscola.must_play_venceslao")


def test_venceslao_must_be_played_as_soon_as_it_is_drawn():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], draws=["Ad", "Ab", "2s"])
    for code, seat in [("Kd", 0), ("3d", 1), ("4b", 2)]:
        state.apply(seat, play(code))
    assert VENCESLAO in state.hands[0]         # seat 0 drew it last; seat 1 leads
    state.apply(1, play("5c"))
    state.apply(2, play("Kb"))
    assert state.legal_actions(0) == [play("2s")]
    assert state.reason(0, play("Ab")) == Reason("briscola.not_in_hand")
    assert state.reason(0, play("5d")) == Reason("briscola.must_play_venceslao")


def test_venceslao_opens_a_claim_race_for_the_two_opponents_only():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"])
    events = state.apply(0, play("2s"))
    assert kinds(events) == ["play", "claim_open"]
    assert events[1].data["claimants"] == [1, 2]
    assert state.to_act() == (1, 2)
    assert state.legal_actions(1) == state.legal_actions(2) == [Action("claim")]
    assert state.legal_actions(0) == []
    assert state.reason(0, Action("claim")) == Reason("briscola.claim_opponents_only")
    assert state.view(1)["claim_open"] and state.view(1)["claimants"] == [1, 2]


def test_venceslao_the_first_claim_wins_the_race():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"])
    state.apply(0, play("2s"))
    events = state.apply(2, Action("claim"))
    assert kinds(events) == ["claimed"] and events[0].seat == 2
    assert state.to_act() == (2,)
    assert state.view(0)["chooser"] == 2
    with pytest.raises(IllegalAction):
        state.apply(1, Action("claim"))
    assert state.reason(2, play("4b")) == Reason("briscola.choose_first")
    assert state.legal_actions(2) == sorted(Action("trump", (), s) for s in "dcsb")


def test_venceslao_new_trump_is_announced_to_everyone():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", dealer=2)
    state.apply(0, play("2s"))
    state.apply(1, Action("claim"))
    events = state.apply(1, Action("trump", (), "b"))
    changed = [e for e in events if e.kind == "trump_changed"][0]
    watchers = (0, 1, 2, None)
    assert changed.seat == 1 and all(changed.for_seat(w).data["suit"] == "b" for w in watchers)
    # ``trump``: the trump as each view now shows it (a spectator's under "remember")
    assert [changed.for_seat(w).data["trump"] for w in watchers] == \
        [state.view(w)["trump"] for w in watchers] == ["b", "b", "b", None]
    assert state.trump == "b"
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["trump_known"] and view["chooser"] is None
    assert [state.view(s)["trump"] for s in range(3)] == ["b", "b", "b"]   # the announcement
    assert state.to_act() == (1,)               # play goes on with the next player


def test_venceslao_new_trump_applies_at_once_to_the_current_trick():
    # Sticks was trump; the 4 of Sticks would win.  Seat 1 claims and makes Cups trump.
    state = rig(["2s 5d 6d", "Ac 5c 6c", "4b Kb 6s"], briscola="7b")
    state.apply(0, play("2s"))
    state.apply(1, Action("claim"))
    state.apply(1, Action("trump", (), "c"))
    state.apply(1, play("Ac"))
    events = state.apply(2, play("4b"))
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.seat == 1


def test_venceslao_played_last_is_claimed_before_the_trick_is_decided():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "2s Kb 6b"], briscola="Ab")
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("2s"))
    assert kinds(events) == ["play", "claim_open"]
    assert state.table == cards("Kd 3d 2s")    # not decided yet
    state.apply(0, Action("claim"))
    events = state.apply(0, Action("trump", (), "s"))
    assert kinds(events)[:2] == ["trump_changed", "trick_won"]
    assert events[1].seat == 2                  # the Two of Swords is now the only trump


def test_venceslao_explain_words_while_waiting():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"])
    assert state.explain(1, Action("claim")) == "There is no Venceslao to claim now."
    assert state.explain(1, play("3d")) == "It is not your turn."
    assert state.explain(0, play("Kd")) == "You must play the Two of Swords: it is Venceslao."
    state.apply(0, play("2s"))
    assert state.explain(1, play("3d")) == (
        "The Two of Swords is on the table: claim it first to choose the new briscola.")
    assert state.explain(0, play("Kd")) == (
        "Wait: your opponents are racing to claim the Venceslao.")
    assert state.explain(0, Action("claim")) == (
        "Only the opponents of the Venceslao player can claim it.")
    state.apply(1, Action("claim"))
    assert state.explain(2, Action("trump", (), "d")) == (
        "Wait: the new briscola suit is being chosen.")
    assert state.explain(2, Action("claim")) == "Wait: the new briscola suit is being chosen."
    assert state.explain(1, Action("trump", (), "x")) == (
        "Choose one of the four suits: Coins, Cups, Swords or Sticks.")


def test_every_refusal_is_a_rule_key():
    state = rig(["Kd 2s 6d", "3d 5c 6c", "4b Kb 6s"])
    assert state.reason(1, Action("claim")) == Reason("briscola.no_claim_now")
    assert state.reason(0, Action("claim")) == Reason("briscola.no_claim_now")
    assert state.reason(0, Action("trump", (), "d")) == Reason("briscola.no_choice_now")
    assert state.reason(0, Action("pass")) == Reason("briscola.play_one_card")
    assert state.reason(0, Action("play", cards("Kd 6d"))) == Reason("briscola.play_one_card")
    assert state.reason(0, play("Ad")) == Reason("briscola.not_in_hand")
    assert state.reason(0, Action("play", (card("2s"),), "x")) == Reason("briscola.play_one_card")
    assert state.reason(3, play("2s")) == Reason("engine.no_such_seat")
    assert state.reason(0, "play:2s") == Reason("engine.not_an_action")
    state.apply(0, play("2s"))
    assert state.reason(1, play("3d")) == Reason("briscola.claim_first")
    assert state.reason(1, Action("claim", (), "d")) == Reason("briscola.claim_plain")
    assert state.reason(0, play("Kd")) == Reason("briscola.wait_claim")
    state.apply(1, Action("claim"))
    assert state.reason(2, Action("claim")) == Reason("briscola.wait_choice")
    assert state.reason(1, Action("trump", (), "x")) == Reason("briscola.bad_suit")
    assert state.reason(1, play("3d")) == Reason("briscola.choose_first")
    assert state.reason(1, Action("trump", (), "s")) is None


def test_venceslao_claim_does_not_change_the_turn_order():
    # Seat 0 leads the Two of Swords; seat 2 (not next) wins the race; seat 1 still plays next.
    state = rig(["2s 5d 6d", "Ac 5c 6c", "4b Kb 6s"], briscola="7b")
    state.apply(0, play("2s"))
    state.apply(2, Action("claim"))
    events = state.apply(2, Action("trump", (), "c"))
    assert kinds(events) == ["trump_changed"]
    assert state.to_act() == (1,) and state.view(2)["turn"] == 1
    state.apply(1, play("Ac"))
    won = [e for e in state.apply(2, play("Kb")) if e.kind == "trick_won"][0]
    assert won.seat == 1                        # the Ace of Cups, now the only trump


def test_venceslao_as_the_sampled_card_is_drawn_last_and_played_at_the_next_turn():
    state = rig(["3d 5d", "Kd 5c", "4b 6b"], briscola="2s", draws=["Ad", "Ab"],
                stock_empty=True, dealer=2)
    assert state.view(2)["trump"] is None and state.view(2)["zones"]["briscola"] == [None]
    state.apply(0, play("3d"))
    state.apply(1, play("Kd"))
    events = state.apply(2, play("4b"))         # seat 0 wins: draws 0, 1, then the dealer
    draws = [e for e in events if e.kind == "draw"]
    assert [e.seat for e in draws] == [0, 1, 2]
    assert draws[-1].data["moves"][0]["src"] == "briscola"
    assert state.briscola is None and state.view(0)["stock"] == 0
    assert VENCESLAO in state.hands[2]
    view = state.view(2)                        # the dealer drew the first trump's card
    assert view["trump_known"] and view["trump"] == "s"
    state.apply(0, play("5d"))
    state.apply(1, play("5c"))
    assert state.legal_actions(2) == [play("2s")]
    state.apply(2, play("2s"))
    assert state.to_act() == (0, 1)


# -- Culetto ----------------------------------------------------------------------------
def test_culetto_jack_of_sticks_trick_stays_on_the_table_next_trick_takes_six():
    state = rig(["Jb 5d 6d", "3d 5c 6c", "Ad Kb 6s"], briscola="Ac", draws="4d 7d 4c".split())
    state.apply(0, play("Jb"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("Ad"))         # Sticks led, no trump: the Jack holds it
    assert kinds(events) == ["play", "culetto_held", "draw", "draw", "draw"]
    assert [m["dst"] for m in events[1].data["moves"]] == ["culetto"] * 3
    assert state.culetto == cards("Jb 3d Ad")
    assert state.view(1)["zones"]["culetto"] == ["Jb", "3d", "Ad"]
    assert state.view(1)["culetto"] is True and state.piles[0] == []
    assert state.leader == 0 and state.to_act() == (0,)   # its would-be winner leads
    assert state.tricks[-1]["held"] is True
    state.apply(0, play("5d"))
    state.apply(1, play("5c"))                  # a trump: takes all six
    events = state.apply(2, play("Kb"))
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.seat == 1 and len(won.data["cards"]) == 6
    assert [m["src"] for m in won.data["moves"]] == ["table"] * 3 + ["culetto"] * 3
    assert won.data["points"] == 2 + 10 + 11 + 4
    assert sorted(state.piles[1]) == sorted(cards("Jb 3d Ad 5d 5c Kb"))
    assert state.culetto == [] and state.view(0)["culetto"] is False


def test_culetto_jack_of_sticks_in_the_last_trick_goes_to_its_winner():
    state = rig(["Jb", "3d", "Ad"], briscola=None, stock_empty=True, trump="c")
    state.apply(0, play("Jb"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("Ad"))
    assert kinds(events)[:2] == ["play", "trick_won"] and events[1].seat == 0
    assert "culetto_held" not in kinds(events)
    assert state.sheet[0]["card_points"][0] >= 23
    assert sum(state.sheet[0]["card_points"]) == 120


def test_culetto_in_the_second_to_last_trick_the_last_trick_takes_all_six():
    state = rig(["Jb 5d", "3d 5c", "Ad Kb"], briscola=None, stock_empty=True, trump="c")
    state.apply(0, play("Jb"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("Ad"))         # two cards left each: not the last trick
    assert kinds(events) == ["play", "culetto_held"]
    assert state.culetto == cards("Jb 3d Ad") and state.to_act() == (0,)
    state.apply(0, play("5d"))
    state.apply(1, play("5c"))                  # the only trump
    events = state.apply(2, play("Kb"))
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.seat == 1 and sorted(won.data["cards"]) == sorted("5d 5c Kb Jb 3d Ad".split())
    assert won.data["points"] == 4 + 2 + 10 + 11
    assert state.sheet[0]["card_points"][1] == 27 and sum(state.sheet[0]["card_points"]) == 120


def test_culetto_and_venceslao_in_one_trick_the_new_trump_picks_the_would_be_winner():
    state = rig(["Jb 5d 6d", "3d 5c 6c", "2s Kb 6s"], briscola="Ac",
                draws="4d 7d 4c 7c 4s 7s".split())
    state.apply(0, play("Jb"))
    state.apply(1, play("3d"))
    assert kinds(state.apply(2, play("2s"))) == ["play", "claim_open"]
    state.apply(1, Action("claim"))
    events = state.apply(1, Action("trump", (), "d"))
    assert kinds(events)[:2] == ["trump_changed", "culetto_held"]
    assert state.culetto == cards("Jb 3d 2s")
    assert state.tricks[-1]["winner"] == 1 and state.to_act() == (1,)   # Three of Coins
    state.apply(1, play("5c"))
    state.apply(2, play("6s"))
    events = state.apply(0, play("5d"))         # the only trump of the trick
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.seat == 0 and len(won.data["cards"]) == 6 and "2s" in won.data["cards"]


# -- Score ------------------------------------------------------------------------------
def test_primiera_best_card_of_each_suit_seven_21_six_18_ace_16():
    assert primiera(cards("7d 6c Ab 5s")) == 21 + 18 + 16 + 15
    assert primiera(cards("4d 3c 2b Ks")) == 14 + 13 + 12 + 10
    assert primiera(cards("Kd Nd 7d 6c Ab 5s 2s")) == 21 + 18 + 16 + 15


def test_primiera_is_valid_only_with_every_suit():
    assert primiera(cards("7d 7c 7s")) is None
    assert primiera([]) is None


def test_highest_valid_primiera_earns_11_points():
    piles = [cards("7d 7c 7s 7b"), cards("Ad Ac As Ab 3d"), cards("Kd")]
    row = score_game(piles)
    assert row["primiera"] == [84, 64, None]
    assert row["bonus"] == [11, 0, 0]
    assert row["card_points"] == [0, 54, 4]
    assert row["total"] == [11, 54, 4]


def test_tied_highest_primiera_earns_nothing():
    piles = [cards("7d 7c 6s 6b"), cards("6d 6c 7s 7b"), cards("Ad Ac As Ab")]
    row = score_game(piles)
    assert row["primiera"] == [78, 78, 64]
    assert row["bonus"] == [0, 0, 0]


def test_no_valid_primiera_earns_no_bonus():
    piles = [cards("7d 7c 7s"), cards("Ad Ac Ab"), cards("6d 6c 6s 6b")[:3]]
    row = score_game(piles)
    assert row["primiera"] == [None, None, None] and row["bonus"] == [0, 0, 0]


def test_every_game_deals_out_120_card_points():
    state = random_match(3)
    assert len(state.sheet) == 3
    for row in state.sheet:
        assert sum(row["card_points"]) == 120
        assert sum(row["bonus"]) in (0, 11)
        assert row["total"] == [c + b for c, b in zip(row["card_points"], row["bonus"])]


# -- Three players, three games ------------------------------------------------------------
def test_three_games_each_player_deals_once_and_the_next_player_leads():
    seen = []

    def watch(state, events):
        for e in events:
            if e.kind == "deal" and e.data.get("stage") == "briscola":
                seen.append((e.data["game_no"], e.data["dealer"], state.to_act()))

    state = random_match(11, on_step=watch)
    assert seen == [(1, 2, (0,)), (2, 0, (1,)), (3, 1, (2,))]
    assert state.over and state.result()["scores"] == \
        [sum(r["total"][s] for r in state.sheet) for s in range(3)]


def test_the_games_option_makes_a_short_match_of_one_game():
    assert SPEC.resolve_options(None)["games"] == 3
    state = random_match(13, {"games": 1})
    assert len(state.sheet) == 1 and state.view(0)["games"] == 1
    assert state.result()["scores"] == state.sheet[0]["total"]
    with pytest.raises(ValueError):
        SPEC.new({"games": 2}, 3, 0)


def test_the_match_winner_has_the_most_points_over_three_games():
    state = random_match(12)
    scores = state.result()["scores"]
    assert state.result()["winners"] == [s for s in range(3) if scores[s] == max(scores)]
    assert state.view(0)["winners"] == state.result()["winners"]


def test_a_tied_match_is_shared_by_the_tied_players():
    state = positioned(SPEC.new(None, 3, 0), game_no=3, totals=[70, 70, 20],
                       piles=[[], [], []])
    events = []
    state._end_game(events)
    assert kinds(events) == ["game_scored", GAME_OVER]
    assert state.over and state.result()["winners"] == [0, 1]
    assert events[-1].data["winners"] == [0, 1]


def test_view_carries_game_number_dealer_sheet_and_match_totals():
    state = random_match(4)
    view = state.view(1)
    assert view["game_no"] == 3 and view["dealer"] == 1 and view["games"] == 3
    assert len(view["sheet"]) == 3
    assert set(view["sheet"][0]) == {"card_points", "primiera", "bonus", "total"}
    assert view["scores"] == state.result()["scores"]
    json.dumps(view)


def test_action_labels_are_words():
    assert action_label(play("Ad")) == "Play the Ace of Coins"
    assert action_label(Action("claim")) == "Claim the Venceslao"
    assert action_label(Action("trump", (), "s")) == "Make Swords the briscola"
    assert action_label(play("Ad"), "it") == "Gioca Asso di Denari"
    assert suit_name("c") == "Cups"


def test_spec_and_registry():
    assert GAMES["briscola"] is SPEC
    assert SPEC.seats == (3,) and SPEC.deck == "italian"
    with pytest.raises(ValueError):
        SPEC.new(None, 4, 0)


# -- what the events tell the screen -------------------------------------------------------------
def test_deal_events_carry_the_stock_left_and_the_trump_only_for_those_who_see_it():
    state = SPEC.new(None, 3, 7)
    events = state.opening_events()
    assert [e.data["stock"] for e in events] == list(range(38, 29, -1)) + [30]
    sampled = events[-1]
    assert sampled.data["stage"] == "briscola" and state.dealer == 2
    assert sampled.data["trump"] is None and sampled.data["trump_known"] is False
    assert sampled.audience == frozenset({0, 1})
    for seat in (0, 1, 2, None):
        seen = sampled.for_seat(seat).data
        view = state.view(seat)
        assert (seen["trump"], seen["trump_known"]) == (view["trump"], view["trump_known"])
        assert seen["stock"] == view["stock"] == 30
    assert sampled.for_seat(0).data["trump"] == state.trump
    assert sampled.for_seat(2).data["trump"] is None


def test_draw_events_carry_the_stock_and_tell_the_dealer_the_trump_it_draws():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", draws=["Ad", "Ab"],
                dealer=0, leader=0, stock_empty=True)
    state.apply(0, play("Kd"))
    state.apply(1, play("3d"))
    draws = [e for e in state.apply(2, play("4b")) if e.kind == "draw"]
    assert [e.data["stock"] for e in draws] == [2, 1, 0] and state.view(1)["stock"] == 0
    last = draws[-1]
    assert last.seat == 0 and last.audience == frozenset({0})
    assert last.for_seat(0).data["trump"] == "c" and last.for_seat(0).data["trump_known"]
    for seat in (1, 2, None):
        assert "trump" not in last.for_seat(seat).data
    assert all("trump" not in e.for_seat(e.seat).data for e in draws[:-1])


def test_a_play_tells_only_its_player_the_trump_its_view_shows_now():
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", remember=True)
    event = state.apply(0, play("Kd"))[0]
    assert event.for_seat(0).data["trump"] == "c" == state.view(0)["trump"]   # card in sight
    assert all("trump" not in event.for_seat(s).data for s in (1, 2, None))
    event = state.apply(1, play("3d"))[0]
    assert event.for_seat(1).data["trump"] == "c"
    event = state.apply(2, play("4b"))[0]      # the dealer, who does not know it
    assert event.for_seat(2).data["trump"] is None is state.view(2)["trump"]
    state = rig(["Kd 5d 6d", "3d 5c 6c", "4b Kb 6s"], briscola="Ac", remember=False)
    event = state.apply(0, play("Kd"))[0]
    assert event.private is None and state.view(0)["trump"] == "c"


def test_the_points_taken_this_game_are_in_the_view_and_in_every_trick_won():
    state = rig(["Ad 5d 6d", "3d 5c 6c", "Kd Kb 6s"], briscola="Ac")
    assert state.view(None)["taken"] == [0, 0, 0]
    state.apply(0, play("Ad"))
    state.apply(1, play("3d"))
    events = state.apply(2, play("Kd"))
    won = next(e for e in events if e.kind == "trick_won")
    assert won.seat == 0 and won.data["points"] == 25 and won.data["taken"] == [25, 0, 0]
    for seat in (0, 1, 2, None):
        assert state.view(seat)["taken"] == [25, 0, 0]
    trick = state.view(None)["tricks"][-1]
    assert trick == {"leader": 0, "cards": ["Ad", "3d", "Kd"], "winner": 0, "held": False,
                     "culetto": [], "points": 25}


def test_every_deal_starts_the_points_taken_afresh():
    state = SPEC.new(None, 3, 4)
    assert all(e.data["taken"] == [0, 0, 0] and e.data["announced"] is False
               for e in state.opening_events())


class Screen:
    """What a table that only copies event fields shows: the stock and the trump."""

    FIELDS = ("stock", "trump", "trump_known")

    def __init__(self, remember):
        self.remember = remember
        self.shown = {seat: {} for seat in (0, 1, 2, None)}

    def __call__(self, state, events):
        for seat, shown in self.shown.items():
            for e in events:
                data = e.for_seat(seat).data
                if e.kind in ("deal", "draw", "play", "trump_hidden"):
                    shown.update({k: data[k] for k in self.FIELDS if k in data})
                elif e.kind == "trump_changed":
                    shown.update(trump=data["suit"], trump_known=True)
            view = state.view(seat)
            # a spectator cannot remember, so under that option its view never shows the trump
            fields = self.FIELDS if seat is not None or not self.remember else \
                ("stock", "trump_known")
            assert {k: shown[k] for k in fields} == {k: view[k] for k in fields}, (seat, events)


# -- properties over many random games ----------------------------------------------------------
class Checker:
    """Checks every invariant after every step of a match."""

    def __init__(self):
        self.zones = {seat: None for seat in (0, 1, 2, None)}
        self.sampled = {}

    def __call__(self, state, events):
        assert isinstance(state, BriscolaState)
        # cards conserved: all 39 in exactly one zone
        assert Counter(all_cards(state)) == Counter(DECK)
        # someone must act => they have something to do
        for seat in state.to_act():
            assert state.legal_actions(seat)
            for action in state.legal_actions(seat):
                assert state.explain(seat, action) is None
        for seat in (0, 1, 2, None):
            view = state.view(seat)
            json.dumps(view)
            assert sum(len(cs) for cs in view["zones"].values()) == 39
            # views never show another seat's hand
            for s in range(3):
                if s != seat:
                    assert set(view["zones"][f"hand/{s}"]) <= {None}
            # the moves of the events lead from the last view to this one
            zones = self.zones[seat]
            for e in events:
                if e.kind == "deal" and e.data.get("stage") != "gather" and zones is None:
                    zones = {"deck": [None] * 39}
                if zones is not None:
                    apply_moves(zones, e.for_seat(seat))
            if zones is not None:
                assert {z: cs for z, cs in zones.items() if cs} == \
                    {z: cs for z, cs in view["zones"].items() if cs}
            self.zones[seat] = {z: list(cs) for z, cs in view["zones"].items()}
        self.no_leak_to_dealer(state, events)

    def no_leak_to_dealer(self, state, events):
        """The sampled card never reaches the dealer's events or view before someone draws it."""
        s = self.sampled
        for e in events:
            if e.kind == "deal" and e.data.get("stage") == "briscola":
                s.clear()
                s.update(card=e.private["moves"][0]["card"], dealer=e.data["dealer"],
                         drawer=None, changed=False)
            if not s:
                continue
            if e.kind == "trump_changed":
                s["changed"] = True
            if e.kind == "draw" and e.data["moves"][0]["src"] == "briscola":
                s["drawer"] = e.seat
            if s["drawer"] is None:
                assert s["card"] not in json.dumps(e.for_seat(s["dealer"]).to_json()), e
            if s["drawer"] != s["dealer"] and not s["changed"]:
                assert e.for_seat(s["dealer"]).data.get("trump") is None, e
        if not s or state.over:
            return
        view = state.view(s["dealer"])
        if s["drawer"] is None:
            assert s["card"] not in json.dumps(view)
        if not s["changed"] and s["drawer"] != s["dealer"]:
            assert not view["trump_known"] and view["trump"] is None


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.booleans())
def test_random_matches_keep_every_invariant(seed, remember):
    random_match(seed, {"remember_trump": remember}, Checker())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31))
def test_points_sum_to_120_per_game_plus_at_most_one_primiera_bonus(seed):
    state = random_match(seed)
    for row in state.sheet:
        assert sum(row["card_points"]) == 120
        assert sum(row["total"]) in (120, 131)
        assert row["bonus"].count(11) <= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31))
def test_dealer_sees_no_trump_until_told(seed):
    """Before an announcement or drawing the sampled card, the dealer's view has no trump."""
    def watch(state, events):
        if any(e.kind == "trump_changed" for e in events):
            watch.told.add(state.game_no)
        dealer = state.dealer
        if state.game_no in watch.told or dealer in watch.drew.get(state.game_no, ()):
            return
        for e in events:
            if e.kind == "draw" and e.data["moves"][0]["src"] == "briscola":
                watch.drew.setdefault(state.game_no, set()).add(e.seat)
        if dealer in watch.drew.get(state.game_no, ()):
            return
        view = state.view(dealer)
        assert view["trump"] is None and not view["trump_known"]
        assert view["zones"]["briscola"] in ([], [None])
    watch.told, watch.drew = set(), {}
    random_match(seed, {"remember_trump": False}, watch)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**31))
def test_replay_log_gives_the_same_match(seed):
    state = random_match(seed)
    again = replay_log(json.loads(json.dumps(state.log())))
    assert again.result() == state.result()
    for seat in (0, 1, 2, None):
        assert again.view(seat) == state.view(seat)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.booleans())
def test_event_fields_bring_a_copying_screen_to_the_view(seed, remember):
    random_match(seed, {"remember_trump": remember}, Screen(remember))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31))
def test_every_stock_count_is_the_cards_left_to_draw_after_its_event(seed):
    zones = {}

    def watch(state, events):
        for e in events:
            if e.kind == "deal" and e.data.get("stage") != "gather" and not zones:
                zones["deck"] = [None] * len(DECK)
            apply_moves(zones, e.for_seat(None))
            if e.kind in ("deal", "draw"):
                assert e.data["stock"] == len(zones["deck"]) + len(zones.get("briscola", []))
    random_match(seed, None, watch)


# -- what a search reads at every move ---------------------------------------------------

def test_the_legal_plays_are_the_hand_sorted_as_actions_sort_or_the_venceslao_alone():
    state = rig(["Kc 3s Ad", "4c 5c 6c", "7c 4s 5s"], leader=0)
    assert state.legal_actions(0) == sorted(play(code) for code in ("Kc", "3s", "Ad"))
    state = rig(["Kc 2s Ad", "4c 5c 6c", "7c 4s 5s"], leader=0)
    assert state.legal_actions(0) == [play("2s")]
