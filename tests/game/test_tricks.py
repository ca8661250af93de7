import pytest

from game.cards import card, cards
from game.tricks import (
    Must,
    beats,
    follow_suit,
    led_suit,
    narrow,
    play_order,
    trick_points,
    trick_winner,
    winning_index,
)

# Briscola's order (Ace, Three, King, Knight, Jack, 7 .. 4, 2) as a plain strength table.
ORDER = {1: 10, 3: 9, 10: 8, 9: 7, 8: 6, 7: 5, 6: 4, 5: 3, 4: 2, 2: 1}


def strength(c):
    return ORDER[c.rank]


def test_play_order_goes_round_from_the_first_seat():
    assert play_order(2, 3) == [2, 0, 1]
    assert play_order(0, 4) == [0, 1, 2, 3]


def test_led_suit_is_the_first_cards_suit():
    assert led_suit(cards("5c Ad")) == "c"
    assert led_suit([]) is None


def test_highest_card_of_the_led_suit_wins_without_trump():
    assert winning_index(cards("5c 7c Ad"), None, strength) == 1
    assert winning_index(cards("5c Kc 3c"), "s", strength) == 2


def test_off_suit_cards_never_win_without_trump():
    assert winning_index(cards("4c Ad 3s"), None, strength) == 0


def test_the_highest_trump_wins():
    assert winning_index(cards("Ac 2s 4s"), "s", strength) == 2
    assert winning_index(cards("Ac 3c 2s"), "s", strength) == 2


def test_a_led_trump_is_beaten_only_by_a_higher_trump():
    assert winning_index(cards("5s Ac 7s"), "s", strength) == 2
    assert winning_index(cards("5s Ac 4s"), "s", strength) == 0


def test_trick_winner_maps_the_index_to_seats_from_the_leader():
    assert trick_winner(cards("5c 7c Ad"), leader=2, trump=None, strength=strength) == 0
    assert trick_winner(cards("5c 7c"), leader=3, trump=None, strength=strength, seats=4) == 0


def test_beats_compares_with_the_card_holding_the_trick():
    a, b = cards("Kd 3d")
    assert beats(b, a, "d", None, strength)
    assert not beats(a, b, "d", None, strength)


def test_trick_points_sums_a_point_table():
    assert trick_points(cards("Ad 3c Kb"), lambda c: {1: 11, 3: 10, 10: 4}.get(c.rank, 0)) == 25


def test_empty_trick_has_no_winner():
    with pytest.raises(ValueError):
        winning_index([], None, strength)


# -- follow suit and "must ... if able" (Bolola's must-play rules) ----------------------
def test_follow_suit_keeps_the_suit_led_or_the_whole_hand():
    hand = cards("2S 9S KH 4D")
    assert follow_suit(hand, cards("TS")) == cards("2S 9S")
    assert follow_suit(hand, cards("TC")) == hand
    assert follow_suit(hand, []) == hand


def test_narrow_skips_a_rule_the_hand_cannot_meet_and_names_the_first_rule_that_bars():
    hand = cards("2S 9S KH")
    allowed, barred = narrow(hand, [Must(frozenset(cards("2S 9S")), "a"),
                                    Must(frozenset(cards("QC")), "b"),
                                    Must(frozenset(cards("9S")), "c")])
    assert allowed == cards("9S")
    assert barred == {card("KH"): "a", card("2S"): "c"}


# -- what took the trick, for the table's "won because" line ----------------------------------
def _cards(*codes):
    from game.cards import Card
    return [Card.parse(c) for c in codes]


def test_why_won_is_none_when_the_highest_number_wins():
    from game.tricks import why_won
    assert why_won(_cards("7d", "5d", "Kd"), 2) is None


def test_why_won_names_the_same_suit_card_that_lost_first():
    """Briscola's Three over the King of its suit: the card order decided it."""
    from game.tricks import why_won
    assert why_won(_cards("Kd", "3d", "7s"), 1, trump="c") == {"why": "order", "card": "3d",
                                                               "over": "Kd"}


def test_why_won_a_trump_and_the_suit_led():
    from game.tricks import why_won
    assert why_won(_cards("Kd", "4c", "7s"), 1, trump="c")["why"] == "trump"
    assert why_won(_cards("4d", "Ks", "7s"), 0, trump="c") == {"why": "led", "card": "4d",
                                                               "over": "Ks"}


def test_why_won_without_trumps_names_no_trump():
    """Bolola's No tricks: "only the suit led (or a trump) takes the trick" spoke of a trump
    in a deal that has none."""
    from game.tricks import why_won
    assert why_won(_cards("4d", "Ks", "7s"), 0) == {"why": "led_only", "card": "4d",
                                                    "over": "Ks"}


def test_why_won_by_the_suit_order_even_between_equal_numbers():
    """Bisca: the Ace of Coins over the Ace of Sticks (both played high): the suit order."""
    from game.tricks import why_won
    assert why_won(_cards("Ab", "Ad"), 1, suit_order=True) == {"why": "suits", "card": "Ad",
                                                               "over": "Ab"}
