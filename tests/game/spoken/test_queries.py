"""What a listener asks, answered from the seat's own update."""

from __future__ import annotations

from game.cards import Card
from game.engine import Action
from game.session import Update
from game.spoken import QUERIES, Words, ask

WORDS = Words("briscola", "en", ("You", "East", "West"))


def update(view: dict, legal=(), to_act=(0,), seat=0) -> Update:
    return Update(seat, 1, None, (), view, tuple(legal), tuple(to_act))


def play(code: str) -> Action:
    return Action("play", (Card.parse(code),))


HAND = {"zones": {"hand/0": ["Kc", "Ad", "2c"], "hand/1": [None, None], "hand/2": [None],
                  "table": ["4s"], "deck": [None] * 9, "pile/0": [None]},
        "trump": "s", "scores": [10, 4, 0],
        "tricks": [{"leader": 1, "cards": ["Nd", "4b", "6b"], "winner": 2}]}


def test_my_hand_is_grouped_by_suit_with_the_cards_I_may_play_marked():
    said = ask("hand", WORDS, update(HAND, legal=[play("Kc"), play("2c")]))
    assert said == "3 cards. Cups: 2 playable, King playable; Coins: Ace."


def test_a_hand_all_of_which_may_be_played_is_not_marked():
    said = ask("hand", WORDS, update(HAND, legal=[play("Kc"), play("2c"), play("Ad")]))
    assert "playable" not in said


def test_the_table_names_only_cards_in_play_not_hands_stock_or_piles():
    assert ask("table", WORDS, update(HAND)) == "On the table: 4 of Swords."


def test_a_card_under_the_stock_is_named_as_such_after_the_cards_in_play():
    view = {**HAND, "zones": {"briscola": ["7s"], **HAND["zones"]}}
    assert ask("table", WORDS, update(view)) == ("On the table: 4 of Swords; under the stock, "
                                                 "7 of Swords.")


def test_scores_trump_last_trick_turn_and_counts():
    u = update(HAND, to_act=(1,))
    assert ask("scores", WORDS, u) == "Scores: You 10, East 4, West 0."
    taken = update({**HAND, "taken": [3, 0, 11]})
    assert ask("scores", WORDS, taken) == ("Points taken this game: You 3, East 0, West 11. "
                                           "Scores: You 10, East 4, West 0.")
    assert ask("trump", WORDS, u) == "The trump is Swords."
    assert ask("last_trick", WORDS, u) == ("The last trick: Knight of Coins, 4 of Sticks and "
                                           "6 of Sticks, taken by West.")
    assert ask("turn", WORDS, u) == "East to act."
    assert ask("counts", WORDS, u) == "Cards held: You 3; East 2; West 1."


def test_a_view_without_what_a_query_reads_is_answered_in_words():
    for query in QUERIES:
        said = ask(query, WORDS, update({"zones": {}}, to_act=()))
        assert said and "{" not in said, query
    assert ask("no such query", WORDS, update(HAND)) == "Nothing to say."


def test_bisca_scores_say_each_bet_and_the_hands_made_as_the_plates_show_them():
    """A listener must weigh each bet against the hands made, as a sighted player reads
    "Bet 2 · Made 0" under each plate; the scores said the lives alone."""
    words = Words("bisca", "it", ("Tu", "Est", "Nord", "Ovest"))
    betting = {"zones": {}, "bets": [2, 1, None, None], "won": [0, 0, 0, 0], "lives": [3, 3, 2.5, 3]}
    assert ask("scores", words, update(betting)) == (
        "Puntate: Tu 2, Est 1, Nord non ancora, Ovest non ancora. "
        "Mani fatte in questo giro: Tu 0, Est 0, Nord 0, Ovest 0. "
        "Vite: Tu 3, Est 3, Nord 2,5, Ovest 3.")


def test_a_dou_dizhu_hand_is_said_by_rank_as_it_lies_its_pairs_heard_together():
    """Suits count for nothing in Dou Dizhu: the hand by suit ("Clubs: 5, 7 ...") hid
    its pairs and trios; it is said low to high, each rank's cards together."""
    words = Words("doudizhu", "it", ("Tu", "Est", "Ovest"))
    view = {"zones": {"hand/0": ["3D", "3H", "4D", "4H", "4S", "TS", "2C", "BJ"]}}
    assert ask("hand", words, update(view)) == (
        "8 carte, dalla più bassa: 3, 3; 4, 4, 4; 10; 2; Jolly nero.")


def test_the_dou_dizhu_play_to_beat_names_its_ranks_not_their_letters():
    """"To beat: East's Pair, A A.": a voice read the letters; the ranks are named."""
    words = Words("doudizhu", "it", ("Tu", "Est", "Ovest"))
    view = {"zones": {}, "last": {"seat": 1, "play": "AA", "kind": "pair", "rank": 11,
                                  "length": 1, "size": 2}}
    assert ask("last_trick", words, update(view)) == "Da battere: Coppia di Est, Asso, Asso."
    view["last"].update(play="TTTBR", kind="single")
    assert ask("last_trick", words, update(view)).endswith("10, 10, 10, Jolly nero, Jolly rosso.")


def test_the_cards_other_players_hold_facing_you_are_on_the_table_asked_for():
    """Bisca's one-card round: each sees the others' cards, not their own, and bets on
    them; a listener asking for the table heard "The table is empty." and bet blind."""
    words = Words("bisca", "it", ("Tu", "Est", "Nord", "Ovest"))
    view = {"zones": {"hand/0": [None], "hand/1": ["Kd"], "hand/2": ["Ks"], "hand/3": ["Ac"],
                      "table": []}}
    said = ask("table", words, update(view))
    assert said == ("Sul tavolo: Est ha in mano, rivolta a te, Re di Denari; Nord ha in mano, "
                    "rivolta a te, Re di Spade; Ovest ha in mano, rivolta a te, Asso di Coppe.")
    view["zones"].update({"hand/1": [None, None], "hand/2": [None, None], "hand/3": [None]})
    assert ask("table", words, update(view)) == "Il tavolo è vuoto."


def test_a_bisca_player_out_of_lives_is_said_out_not_yet_to_bet():
    """A seat out of the game bets no more: its empty bet was said "not yet" as if it
    were still to come; it is said out, once, with the lives, in both languages."""
    view = {"zones": {}, "bets": [2, None, None, None], "won": [0, 0, 0, 0],
            "lives": [3, 0, 2, 3], "out": [1]}
    italian = Words("bisca", "it", ("Tu", "Est", "Nord", "Ovest"))
    assert ask("scores", italian, update(view)) == (
        "Puntate: Tu 2, Nord non ancora, Ovest non ancora. "
        "Mani fatte in questo giro: Tu 0, Nord 0, Ovest 0. "
        "Vite: Tu 3, Est fuori gioco, Nord 2, Ovest 3.")
    english = Words("bisca", "en", ("You", "East", "North", "West"))
    assert "Lives: You 3, East out of the game, North 2, West 3." in ask(
        "scores", english, update(view))


def test_a_bolola_deal_without_trumps_says_it_has_none_not_that_none_is_known():
    """"No trump is known" (Briscola's dealer, who must guess it) was said in every
    Bolola deal but Trumps, which have none; Trumps before the dealer names one is
    still unknown."""
    english = Words("bolola", "en", ("You", "East", "North", "West"))
    italian = Words("bolola", "it", ("Tu", "Est", "Nord", "Ovest"))
    no_tricks = {"zones": {}, "trump": None, "contract": "no_tricks"}
    assert ask("trump", english, update(no_tricks)) == "This deal has no trump."
    assert ask("trump", italian, update(no_tricks)) == "In questa smazzata non c'è briscola."
    naming = {"zones": {}, "trump": None, "contract": "trumps"}
    assert ask("trump", english, update(naming)) == "No trump is known."
    assert ask("trump", english, update({"zones": {}, "trump": None})) == "No trump is known."
