"""The pieces of a spoken sentence: a trick's "won because" words as a voice says them."""

from __future__ import annotations

import re

import pytest

from game.spoken.words import why_words

#: marks a voice reads by their names ("greater than", "horizontal ellipsis")
MARKS = re.compile("[<>…·—×→]")


@pytest.mark.parametrize("lang, game, why, said", [
    ("en", "bisca", {"why": "suits", "card": "3c", "over": "7s"},
     "The 3 of Cups beats the 7 of Swords: Coins, then Cups, then Swords, then Sticks"),
    ("it", "bisca", {"why": "suits", "card": "3c", "over": "7s"},
     "Il 3 di Coppe batte il 7 di Spade: Denari, poi Coppe, poi Spade, poi Bastoni"),
    ("en", "briscola", {"why": "order", "card": "Ad", "over": "6d"},
     "The Ace of Coins beats the 6 of Coins: Ace, Three, King, Knight, Jack, then 7 down to 2"),
    ("it", "briscola", {"why": "order", "card": "Ad", "over": "6d"},
     "L'Asso di Denari batte il 6 di Denari: Asso, Tre, Re, Cavallo, Fante, poi dal 7 al 2")])
def test_why_a_card_won_is_said_in_words_where_the_screen_draws_marks(lang, game, why, said):
    """The table's line orders suits and ranks with ">" and "…" ("Coins > Cups", "7 …
    2"), which a voice reads by their names: the spoken line says the order in words."""
    words = why_words(lang, game, why, aloud=True)
    assert words == said and not MARKS.search(words)
    assert ">" in why_words(lang, game, why) or "…" in why_words(lang, game, why), \
        "the screen keeps its marks"


def test_face_down_cards_side_by_side_are_counted_not_said_one_by_one():
    """Dou Dizhu's kitty before it is taken was "a hidden card, a hidden card and a hidden
    card"."""
    from game.spoken import Words

    w = Words("doudizhu", "it", ("Tu", "Est", "Ovest"))
    assert w.cards([None, None, None]) == "3 carte coperte"
    assert w.cards(["3S", None]) == "3 di Picche e una carta coperta"
