"""The Hint's line of why (game/ai/why.py and each game's ``why``), on hand-built views,
and the advice that prefers the game's words to the search's count."""

from __future__ import annotations

from game.ai import doudizhu as ddz_ai
from game.ai.bolola import why as bolola_why
from game.ai.briscola import why as briscola_why
from game.ai.search import Thought
from game.ai.why import trick_line
from game.cards import cards
from game.doudizhu.state import PASS, play_of
from game.engine import Action, Reason
from game.session.advice import advice_of, reason_of


def briscola_view(table, hand, trump="d", culetto=""):
    return {"seat": 0, "trump": trump,
            "zones": {"table": table.split(), "hand/0": hand.split(),
                      "culetto": culetto.split()}}


def play(code):
    (c,) = cards(code)
    return Action("play", (c,))


def test_the_last_card_that_takes_the_trick_takes_its_points():
    view = briscola_view("Kc 4c", "Ac 5d 6s")
    assert briscola_why(view, play("Ac")) == Reason("advice.takes_points", {"points": 15})


def test_a_culetto_goes_with_the_trick_and_counts():
    view = briscola_view("4c 5c", "Kc 6s", culetto="Ad 2c 3b")
    assert briscola_why(view, play("Kc")) == Reason("advice.takes_points", {"points": 25})


def test_a_plain_card_under_a_pointless_trick_keeps_the_trump():
    view = briscola_view("4c", "2s 5d 6b")
    assert briscola_why(view, play("6b")) == Reason("advice.keeps_trump_nothing")
    rich = briscola_view("Ac", "5d 6b")
    assert briscola_why(rich, play("6b")) == Reason("advice.keeps_trump", {"points": 11})


def test_a_lead_worth_nothing_keeps_the_trumps_and_a_card_second_heads_for_now():
    assert briscola_why(briscola_view("", "4c 5d"), play("4c")) == \
        Reason("advice.leads_low", {"card": "4c"})
    assert briscola_why(briscola_view("Kc", "Ac 5d"), play("Ac")) == \
        Reason("advice.heads_points", {"points": 15})


def test_nothing_is_claimed_while_the_trump_is_unknown_or_the_jack_of_sticks_is_down():
    assert briscola_why(briscola_view("4c", "5c", trump=None), play("5c")) is None
    assert briscola_why(briscola_view("Jb", "Ab 5d"), play("Ab")) is None


def test_a_trick_game_without_points_says_take_or_stay_under():
    table, hand = cards("7S"), cards("9S 2S")
    beat = trick_line(table, cards("9S")[0], hand, None, lambda c: c.rank, last=True)
    assert beat == Reason("advice.takes_trick")
    assert trick_line(table, cards("2S")[0], hand, None, lambda c: c.rank) == \
        Reason("advice.stays_under")


def ddz_view(seat=1, landlord=0, last_seat=0, counts=(10, 5, 8), rules="text", hand="TS TH 3C"):
    return {"seat": seat, "landlord": landlord, "phase": "play", "rules": rules,
            "counts": list(counts), "zones": {f"hand/{seat}": hand.split()},
            "last": {"seat": last_seat, "play": "9", "kind": "single", "rank": 6,
                     "length": 1, "size": 1}}


def test_dou_dizhu_says_going_out_bombing_and_passing_to_a_partner():
    assert ddz_ai.why(ddz_view(counts=(10, 2, 8)), play_of(cards("TS TH"))) == \
        Reason("advice.ddz.goes_out")
    assert ddz_ai.why(ddz_view(), play_of(cards("5S 5H 5D 5C"))) == Reason("advice.ddz.bombs")
    assert ddz_ai.why(ddz_view(last_seat=2), PASS) == Reason("advice.ddz.partner_holds")
    assert ddz_ai.why(ddz_view(last_seat=0), PASS) == Reason("advice.ddz.holds_back")


def bid_view(hand, high_bid=0):
    return {"seat": 0, "phase": "bid", "high_bid": high_bid, "zones": {"hand/0": hand.split()}}


def test_dou_dizhu_says_what_the_high_cards_are_worth_when_the_hint_is_the_bid_they_ask_for():
    """"Bid 2 — Played out in 30 deals like yours" said nothing of the hand: the bid's
    line is what Normal bids by (the rocket, two Twos: strength 13, a bid of 3)."""
    from game.doudizhu.state import BID_ACTIONS

    strong = "RJ BJ 2S 2H 3C 4D"
    assert ddz_ai.why(bid_view(strong), BID_ACTIONS[3]) == \
        Reason("advice.ddz.bid_worth", {"bid": 3})
    assert ddz_ai.why(bid_view(strong), BID_ACTIONS[1]) is None   # the search's to explain
    assert ddz_ai.why(bid_view(strong), PASS) is None
    assert ddz_ai.why(bid_view("3C 4D 9S"), PASS) == Reason("advice.ddz.bid_worth_none")
    rocket = "RJ BJ 3C"                                              # 9: a bid of 1
    assert ddz_ai.why(bid_view(rocket, high_bid=2), PASS) == \
        Reason("advice.ddz.bid_outbid", {"bid": 1, "high": 2})
    assert "worth a bid of 1, and 2 is bid already" in \
        Reason("advice.ddz.bid_outbid", {"bid": 1, "high": 2}).words("en")


def test_dou_dizhu_says_why_a_pass_against_an_opponent_when_no_single_beats_the_nine():
    """"An answer would break up your hand" was said where only a bomb or the rocket
    could answer, or nothing could."""
    bomb = ddz_view(last_seat=0, hand="5S 5H 5D 5C 3S")
    assert ddz_ai.why(bomb, PASS) == Reason("advice.ddz.keeps_bomb")
    rocket = ddz_view(last_seat=0, hand="BJ RJ 3S 4S")     # a single joker beats a single
    rocket["last"].update(play="99", kind="pair", size=2)
    assert ddz_ai.why(rocket, PASS) == Reason("advice.ddz.keeps_bomb")
    assert ddz_ai.why(ddz_view(last_seat=0, hand="3S 4H 8C"), PASS) == \
        Reason("advice.ddz.no_answer")
    assert ddz_ai.why(ddz_view(), play_of(cards("TS"))) is None   # the search's line then


def test_the_advice_prefers_the_games_words_to_the_searchs_count():
    a = play("Ac")
    thought = Thought({a: 2.0}, {a: 8}, a, a, 8)
    view = briscola_view("Kc 4c", "Ac 5d 6s")
    assert reason_of(thought, "briscola", view, a) == Reason("advice.takes_points", {"points": 15})
    assert reason_of(thought, "bocce", view, a) == Reason("advice.agrees", {"deals": 8})
    # the search kept the obvious play: no other was shown better, which is all it knows
    # (another may have scored a little more, within the deals' noise: not "did best")
    assert "no other play did clearly better" in Reason("advice.agrees", {"deals": 8}).words("en")
    assert reason_of(None, "bocce", view, a) is None


def test_a_search_that_weighed_chances_speaks_of_the_chance_to_win_not_points():
    a, b = play("Ac"), play("2c")
    # three seats: the chosen play's gain (own chance less the others' mean) is 0.09
    # above the usual one's, which is 6 points in a hundred of the seat's own chance
    thought = Thought({a: 0.30, b: 0.21}, {a: 20, b: 20}, b, a, 20, chances=True, seats=3,
                      error=0.03)
    assert reason_of(thought) == Reason("advice.better_chance",
                                        {"deals": 20, "chance": 6.0, "within": 3.9})
    in_points = Thought({a: 3.0, b: 1.5}, {a: 20, b: 20}, b, a, 20, error=0.5)
    assert reason_of(in_points) == Reason("advice.better",
                                          {"deals": 20, "points": 1.5, "within": 1.0})


def test_bisca_s_search_speaks_of_lives_not_points():
    """Bisca's playouts count lives in halves: "scored 0.5 points more" was a quarter of a
    life, in a game that has no points."""
    from game.ai import bisca as bisca_ai

    a, b = Action("bet", (), "0"), Action("bet", (), "2")
    thought = Thought({a: 0.5, b: -0.5}, {a: 300, b: 300}, b, a, 300,
                      unit=bisca_ai.JUDGE.unit, unit_size=bisca_ai.JUDGE.unit_size, error=0.1)
    reason = reason_of(thought)
    assert reason == Reason("advice.better_lives", {"deals": 300, "lives": 0.5, "within": 0.1})
    assert "0.5 lives better" in reason.words("en") and "0,5 vite" in reason.words("it")


def test_the_games_that_play_for_the_win_say_so_to_their_hints():
    from game.ai import bisca as bisca_ai
    from game.ai import bocce as bocce_ai
    from game.ai import briscola as briscola_ai
    assert bocce_ai.JUDGE.chances and briscola_ai.JUDGE.chances
    assert not bisca_ai.JUDGE.chances and not ddz_ai.JUDGE.chances


def test_in_a_negative_bolola_deal_heading_the_trick_is_not_given_as_the_reason():
    """"9 of Spades: Heads the trick for now" in No tricks read as the play's merit: there
    the search's words say why; staying under is said, and so is taking in a positive deal."""
    from tests.game.test_bolola import rig

    state = rig("no_tricks", "8S 9S 2D", "5S")
    assert bolola_why(state.view(0), play("9S")) is None
    state = rig("no_tricks", "2S 9S 2D", "5S")
    assert bolola_why(state.view(0), play("2S")) == Reason("advice.stays_under")
    state = rig("trumps", "8S 9S 2D", "5S", trump="H")
    assert bolola_why(state.view(0), play("9S")) == Reason("advice.heads_trick")


def test_in_bolola_s_trumps_deal_a_card_under_the_trick_stays_under_and_keeps_no_trump():
    """"2 of Clubs: Keeps the trump: no points on the table" was said of a card that had
    to follow suit (no trump could be played) in a deal where every trick is worth 50."""
    from tests.game.test_bolola import rig

    state = rig("trumps", "2C 9C 6D", "AC 6C 3C", trump="D")
    assert bolola_why(state.view(0), play("2C")) == Reason("advice.stays_under")
    state = rig("trumps", "2S 9H 6D", "AC", trump="D")       # void in Clubs: a discard
    assert bolola_why(state.view(0), play("2S")) == Reason("advice.stays_under")
    state = rig("trumps", "2S 9C 6D", trump="D")
    assert bolola_why(state.view(0), play("2S")) is None      # a lead: the search's words


def test_in_bisca_heading_the_hand_is_given_as_the_reason_only_while_the_bet_wants_one():
    """With the bet made, "Heads the trick for now" read as the merit of a play that costs
    a life if it holds: the search's words say why then."""
    from game.ai.bisca import why as bisca_why
    from tests.game.test_bisca import bet, rig, run
    from tests.game.test_bisca import play as bisca_play

    made = rig(["Kc 2b", "Nc Kd"])
    run(made, bet(1), bet(0), bisca_play("Kc"))        # the second seat bet nothing
    assert bisca_why(made.view(1), bisca_play("Kd")) is None
    assert bisca_why(made.view(1), bisca_play("Nc")) == Reason("advice.stays_under")
    wanted = rig(["Kc 2b", "Nc Kd"])
    run(wanted, bet(0), bet(1), bisca_play("Kc"))
    assert bisca_why(wanted.view(1), bisca_play("Kd")) == Reason("advice.takes_trick")


def test_a_bisca_lead_with_the_bet_made_is_said_when_it_is_the_lowest_card():
    """Leading once no more hands are wanted, the lowest card (an Ace counted low) is the
    lead least likely to take one: said so, where the search's count of deals said only
    "did best". Any other lead, or a lead while the bet wants a hand, is the search's."""
    from game.ai.bisca import why as bisca_why
    from tests.game.test_bisca import bet, rig, run
    from tests.game.test_bisca import play as bisca_play

    made = rig(["Ab 3b Kd", "4b 5b 6b"])
    run(made, bet(0), bet(1))                   # seat 0 bet nothing and leads
    assert bisca_why(made.view(0), bisca_play("Ab", "low")) == Reason("advice.bisca.lead_low")
    assert bisca_why(made.view(0), bisca_play("3b")) is None     # the Ace low is lower
    assert bisca_why(made.view(0), bisca_play("Ab", "high")) is None
    words = Reason("advice.bisca.lead_low").words("en")
    assert words.startswith("You need no more hands")
    wanted = rig(["Ab 3b Kd", "4b 5b 6b"])
    run(wanted, bet(1), bet(1))
    assert bisca_why(wanted.view(0), bisca_play("Ab", "low")) is None


def test_a_bisca_bet_s_line_is_what_the_hand_should_take_when_that_is_the_bet_hinted():
    """A bet's line says what Normal's bet is weighed by, the hand's expected hands, when
    the hint is that bet; a bet the search found better than it is the search's to
    explain ("Bet 0 — Your cards should take about 2 hands" read as a contradiction)."""
    from game.ai.bisca import BiscaPlayer, best_bet
    from game.ai.bisca import why as bisca_why
    from tests.game.test_bisca import bet, rig

    strong, weak = rig(["Kd Nd Ad", "2b 3b 4b"]), rig(["2b 3b 4b", "Kd Nd Ad"])
    said = bisca_why(strong.view(0), bet(3))
    assert said.key == "advice.bisca.expects" and said.params["hands"] == 3.0
    assert said.words("en") == "Your cards should take about 3 hands"      # the top three
    assert bisca_why(strong.view(0), bet(0)) is None
    assert bisca_why(weak.view(0), bet(0)).params["hands"] < 0.5
    middling = rig(["7c 5s 2b", "Kd Nd Ad"])
    dist = BiscaPlayer("normal").estimate(middling.view(0))
    weighed = best_bet(dist, middling.legal_actions(0))
    line = bisca_why(middling.view(0), weighed)
    assert line.params["hands"] == round(sum(k * q for k, q in enumerate(dist)), 1)
    assert "," in line.words("it") and "." in line.words("en")


def test_a_bisca_bet_s_line_weighs_only_the_bets_the_hook_rule_leaves():
    """The last bettor's line is weighed among the bets it may make: with three sure
    hands and the others at 0, the hook bars 3, so the line goes with the bet Normal
    weighs among the rest, never with the barred one."""
    from game.ai.bisca import BiscaPlayer, best_bet
    from game.ai.bisca import why as bisca_why
    from tests.game.test_bisca import bet, rig, run

    state = rig(["2b 3b 4b", "5b 6b 7b", "Kd Nd Ad"])
    run(state, bet(0), bet(0))
    view = state.view(2)
    assert view["forbidden"] == 3
    assert bisca_why(view, bet(3)) is None
    weighed = best_bet(BiscaPlayer("normal").estimate(view), state.legal_actions(2))
    assert weighed != bet(3)
    assert bisca_why(view, weighed).key == "advice.bisca.expects"


def test_a_bisca_blind_bet_s_line_is_the_chance_the_unseen_card_wins():
    from game.ai.bisca import why as bisca_why
    from tests.game.test_bisca import bet, rig

    state = rig(["Kd", "2b"], opening=1)      # seat 0 sees only the Two of Sticks
    assert state.view(0)["blind"]
    reason = bisca_why(state.view(0), bet(1))
    assert reason.key == "advice.bisca.blind" and 90 <= reason.params["percent"] <= 100
    assert "in a hundred" in reason.words("en") and "su cento" in reason.words("it")
    assert bisca_why(state.view(0), bet(0)) is None


def test_a_hint_claims_no_difference_its_deals_cannot_tell_from_none():
    """The case that was seen: one zero-point card said to score "10.6 points more on
    average" than another after 16 sampled deals, where the deals' spread was far wider.
    The line says the two did about as well, names the deals, and gives no figure; the
    same margin with a spread the deals do show is given with its give-or-take."""
    a, b = play("4c"), play("5d")
    noisy = Thought({a: 10.6, b: 0.0}, {a: 16, b: 16}, b, a, 16, error=8.0)
    reason = reason_of(noisy)
    assert reason == Reason("advice.close", {"deals": 16})
    for lang in ("en", "it"):
        assert "10" not in reason.words(lang) and "16" in reason.words(lang)
    assert "about as well" in reason.words("en") and "più o meno" in reason.words("it")
    assert advice_of(a, noisy).usual == b                  # the line compares: names it
    shown = Thought({a: 10.6, b: 0.0}, {a: 16, b: 16}, b, a, 16, error=2.0)
    assert reason_of(shown) == Reason("advice.better", {"deals": 16, "points": 10.6,
                                                        "within": 3.9})
    assert "10.6 points more on average than the obvious one (give or take 3.9)" \
        in reason_of(shown).words("en")
    one = Thought({a: 10.6, b: 0.0}, {a: 1, b: 1}, b, a, 1)   # one deal: nothing known
    assert reason_of(one) == Reason("advice.close_one", {"deals": 1})


def test_the_advice_names_the_obvious_play_only_where_its_line_compares_with_it():
    a, b = play("Ac"), play("2c")
    departed = Thought({a: 3.0, b: 1.5}, {a: 20, b: 20}, b, a, 20, error=0.5)
    assert advice_of(a, departed).usual == b
    agreed = Thought({a: 3.0, b: 1.5}, {a: 20, b: 20}, a, a, 20)
    assert advice_of(a, agreed).usual is None
    view = briscola_view("Kc 4c", "Ac 5d 6s")                 # the game's own words
    assert advice_of(a, departed, "briscola", view).usual is None
    assert advice_of(a, None).usual is None


def test_bocce_s_roll_lines_are_the_facts_the_choice_rests_on():
    """A stand that knocks out the other player's bocce says so; so does one on the
    pallino; a stand where most unseen cards would take a draw over, and a draw that
    most (or all) keep on or under it, give the count. A draw against the odds and the
    lag are the search's to explain."""
    from game.ai.bocce import why as bocce_why
    from tests.game.test_bocce import A, _frame, lag, rigged

    state = rigged(hands=("KS QH JD", "3C 8C 9C"),
                   bocce=(("2H 3D", "AH 3H"), ("9S 4S", "2C 2S")))
    _frame(state, "KS:10", "3C:3", [(0, "stand::5"), (1, "stand::13")])
    _frame(state, "QH:10", "8C:8", [(1, "stand::4")])                # pallino 18; AH 3H
    view = state.view(0)
    said = bocce_why(view, A("stand::13"))
    assert said == Reason("advice.bocce.knocks", {"total": 13, "count": 1})
    assert said.words("en") == "Stops at 13 and knocks out the other player's bocce there"
    assert bocce_why(view, A("stand::4")).params == {"total": 4, "count": 1}   # their 2C 2S
    assert bocce_why(view, A("draw")) == Reason("advice.bocce.draw_safe")     # 4 + 10 < 18

    high = rigged(bocce=(("9H 6D",), ()))
    lag(high, "KS:10", "7C:7")                    # pallino 17, bocce 15
    risk = bocce_why(high.view(0), A("stand::15"))
    assert risk.key == "advice.bocce.stand_risk" and 2 * risk.params["over"] >= risk.params["unseen"]
    assert bocce_why(high.view(0), A("draw")) is None     # a draw against the odds
    assert bocce_why(high.view(0), A("commit:KS:10")) is None

    low = rigged(bocce=(("2H 3D",), ()))
    lag(low, "KS:10", "7C:7")                     # pallino 17, bocce 5: no card busts
    assert bocce_why(low.view(0), A("draw")) == Reason("advice.bocce.draw_safe")
    exact = rigged(bocce=(("9H 8D",), ()))
    lag(exact, "KS:10", "7C:7")
    assert bocce_why(exact.view(0), A("stand::17")) == Reason("advice.bocce.exact", {"points": 3})
    assert "pallino" in Reason("advice.bocce.exact", {"points": 3}).words("it")
    assert bocce_why(low.view(0), A("stand::5")) is None          # no risk, no knock: the search's


def test_bocce_s_lines_hold_in_every_position_of_random_games():
    """Every legal action of the seat to act, in whole random games: a line or None,
    and a line puts itself into words in both languages."""
    import random

    from game.ai.bocce import why as bocce_why
    from game.bocce import SPEC

    rng = random.Random(5)
    said = set()
    for seed in range(6):
        state = SPEC.new({"target": 10}, 2, seed)
        while state.to_act():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                line = bocce_why(state.view(seat), action)
                if line is not None:
                    said.add(line.key)
                    assert line.words("en") and line.words("it")
            state.apply(seat, rng.choice(legal))
    assert {"advice.bocce.draw_safe", "advice.bocce.stand_risk"} <= said
