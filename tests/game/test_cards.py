import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import Card, CardCodeError, card, cards, french_deck, italian_deck, shuffled

ALL = french_deck(jokers=True) + italian_deck()


def test_french_deck_has_52_cards_and_two_jokers():
    assert len(french_deck()) == 52
    deck = french_deck(jokers=True)
    assert len(deck) == 54 and len(set(deck)) == 54
    assert card("BJ") in deck and card("RJ") in deck


def test_italian_deck_has_40_cards_in_four_suits():
    deck = italian_deck()
    assert len(deck) == 40 and len(set(deck)) == 40
    assert {c.suit for c in deck} == {"d", "c", "s", "b"}


@given(st.sampled_from(ALL))
def test_every_code_round_trips(c):
    assert Card.parse(c.code) == c


def test_codes_never_collide_between_decks():
    assert len({c.code for c in ALL}) == len(ALL)


def test_names_in_english_and_italian():
    assert card("AS").name() == "Ace of Spades"
    assert card("2s").name("it") == "2 di Spade"
    assert card("Jb").name("en") == "Jack of Sticks"
    assert card("Jb").name("it") == "Fante di Bastoni"
    assert card("Nc").name("it") == "Cavallo di Coppe"
    assert card("RJ").name() == "Red Joker"


@pytest.mark.parametrize("code, lang, said", [
    ("Kc", "en", "the King of Cups"), ("Kc", "it", "il Re di Coppe"),
    ("Ad", "it", "l'Asso di Denari"), ("AS", "it", "l'Asso di Picche"),
    ("8H", "it", "l'8 di Cuori"), ("QC", "it", "la Donna di Fiori"),
    ("Jb", "it", "il Fante di Bastoni"), ("Nc", "it", "il Cavallo di Coppe"),
    ("7s", "it", "il 7 di Spade"), ("RJ", "it", "il Jolly rosso"), ("RJ", "en", "the Red Joker")])
def test_a_cards_name_with_its_article_agrees_with_the_rank_in_italian(code, lang, said):
    """A sentence says "il Re", "l'Asso", "l'8" (otto), "la Donna": "Giochi 6 di Coppe"
    had none."""
    assert card(code).the_name(lang) == said


@pytest.mark.parametrize("bad", ["", "A", "1S", "ZS", "AX", "AS ", 7, None, "0d"])
def test_bad_codes_are_rejected(bad):
    with pytest.raises(CardCodeError):
        Card.parse(bad)


def test_face_and_ace():
    assert card("KH").is_face and not card("AH").is_face and card("AH").is_ace
    assert card("Kd").is_face and card("Ad").is_ace and not card("7d").is_face


def test_seeded_shuffle_is_reproducible_and_conserves_cards():
    a = shuffled(french_deck(), random.Random(5))
    b = shuffled(french_deck(), random.Random(5))
    assert a == b and sorted(a) == sorted(french_deck())
    assert cards("AS 2s") == [card("AS"), card("2s")]


def test_the_briscola_family_counts_120_points_a_deck_and_orders_ace_three_king():
    from game.cards import ITALIAN_POINTS, italian_points, italian_strength

    assert sum(italian_points(c) for c in italian_deck()) == 120
    order = sorted({c.rank for c in italian_deck()}, key=lambda r: -italian_strength(Card(r, "d")))
    assert order == [1, 3, 10, 9, 8, 7, 6, 5, 4, 2]
    assert set(ITALIAN_POINTS) == {1, 3, 10, 9, 8}
