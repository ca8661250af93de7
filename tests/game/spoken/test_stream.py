"""The spoken stream: events, turns and refusals as a listener hears them."""

from __future__ import annotations

import pytest

from game import GAMES
from game.engine import Event, Reason
from game.session import Update
from game.spoken import SpokenStream, Words
from game.spoken.stream import SILENT


def stream(game: str, lang: str = "en", seat: int = 0) -> SpokenStream:
    names = ("You", "East", "North", "West")[:max(GAMES[game].seats[0], 3)]
    return SpokenStream(Words(game, lang, tuple(names)), seat)


def update(events=(), to_act=(), legal=(), seat=0) -> Update:
    return Update(seat, 1, None, tuple(events), {"zones": {}}, tuple(legal), tuple(to_act))


def test_a_card_played_is_said_with_who_played_it_in_either_language():
    play = Event("play", 1, {"card": "Kc", "trump": "s"})
    assert stream("briscola").event(play) == "East plays the King of Cups."
    assert stream("briscola", "it").event(play) == "East gioca il Re di Coppe."
    ace = Event("play", 0, {"card": "Ad", "trump": "s"})
    assert stream("briscola", "it").event(ace) == "Giochi l'Asso di Denari."


def test_briscola_opens_a_game_with_its_trump_and_says_no_other_card_dealt():
    s = stream("briscola")
    turned = {"game_no": 1, "dealer": 2, "taken": [0, 0, 0], "announced": False, "stock": 30}
    assert s.event(Event("deal", 2, {**turned, "stage": "briscola", "trump": "s"})) == \
        "Game 1: the cards are dealt. The trump is Swords."
    assert s.event(Event("deal", 0, turned)) == ""


def test_the_listeners_own_play_takes_the_you_form():
    assert stream("briscola").event(Event("play", 0, {"card": "Kc"})) == "You play the King of Cups."


def test_a_trick_says_who_took_it_and_why():
    won = Event("trick_won", 2, {"cards": ["Nd", "4s", "6b"], "points": 3, "taken": [0, 0, 3],
                                 "why": {"why": "trump", "card": "4s", "over": "Nd"}})
    assert stream("briscola").event(won) == ("North takes the trick: 3 points. The 4 of "
                                             "Swords wins: a briscola beats every other suit")


def test_a_dou_dizhu_play_names_its_combination():
    play = Event("play", 1, {"play": "33344", "kind": "trio2", "cards": ["3S", "3H", "3D", "4S", "4H"],
                             "left": 12})
    said = stream("doudizhu").event(play)
    assert said.startswith("East plays Three with a pair: 3 of Spades") and said.endswith("12 left.")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_event_kind_has_a_sentence_or_is_said_by_another(key):
    """A new event kind cannot go unspoken by oversight: it gets a sentence in the
    catalogs, or joins :data:`SILENT`."""
    words = Words.plain(key, "en", GAMES[key].seats[0], 0)
    for kind in type(GAMES[key].new()).event_shapes:
        keys = [f"spoken.{key}.{kind}", f"spoken.{kind}"]
        spoken = any(words.has(k) or any(t.startswith(k + ".") for t in _catalog())
                     for k in keys)
        assert spoken or kind in SILENT, f"{key}: the event {kind!r} has no sentence"


def _catalog() -> set[str]:
    from game.i18n import catalog
    return set(catalog("en"))


def test_the_turn_is_said_when_it_changes_and_not_again():
    s = stream("bocce")
    assert s.hear(update(to_act=(1,))) == ["East's turn."]
    assert s.hear(update(to_act=(1,))) == []
    assert s.hear(update(to_act=(0,))) == ["Your turn."]


def test_a_turn_that_stays_yours_is_not_said_again():
    s = stream("bocce")
    assert s.hear(update(to_act=(0, 1))) == ["Your turn."]
    assert s.hear(update([Event("lag_commit", 1, {})], to_act=(0,))) == \
        ["East lays a lag card face down."]


def test_your_own_move_that_leaves_you_to_act_says_your_turn_again():
    s = stream("bocce")
    assert s.hear(update(to_act=(0,))) == ["Your turn."]
    again = Update(0, 2, 0, (), {"zones": {}}, (), (0,))
    assert s.hear(again) == ["Your turn."]


def test_a_bocce_draw_is_said_with_the_card_drawn():
    draw = Event("draw", 1, {"bocce": 0, "totals": [14], "total": 14, "why": None,
                             "moves": [{"card": "4H", "src": "deck", "dst": "bocce/1/0", "up": True}]})
    assert stream("bocce").event(draw) == "East draws 4 of Hearts: 14."


def test_a_choice_that_ends_its_own_sentence_takes_no_second_stop():
    words = Words("briscola", "en", ("You", "East", "West"))
    assert words.say("spoken.turn.you_choose", choices="Claim it!") == "Your turn: Claim it!"


def test_a_turn_of_few_choices_names_them():
    from game.engine import Action
    legal = (Action("bet", (), "0"), Action("bet", (), "1"))
    said = stream("bisca").hear(update(to_act=(0,), legal=legal))
    assert said == ["Your turn: Bet 0 and Bet 1."]


@pytest.mark.parametrize("lang, said", [
    ("en", "Your turn: claim the Venceslao now, with C or Space."),
    ("it", "Tocca a te: chiama subito Venceslao, con C o Spazio.")])
def test_the_venceslao_race_says_the_key_that_claims_it(lang, said):
    """The race's turn said "Your turn: Claim the Venceslao." with no word of how, while
    the race runs on a clock: the sentence names the keys."""
    from game.engine import Action
    heard = stream("briscola", lang).hear(update(to_act=(0,), legal=(Action("claim"),)))
    assert heard == [said]


def test_a_refusal_is_said_by_its_reason():
    said = stream("briscola").refused(Reason("engine.not_your_turn"))
    assert said.startswith("Not allowed: ") and "engine.not_your_turn" not in said


def test_brief_leaves_out_why_and_the_others_turns_but_not_yours():
    brief = SpokenStream(Words("briscola", "en", ("You", "East", "West")), 0, brief=True)
    won = Event("trick_won", 1, {"cards": ["Nd", "4s", "6b"], "points": 3, "taken": [0, 3, 0],
                                 "why": {"why": "trump", "card": "4s", "over": "Nd"}})
    assert brief.event(won) == "East takes the trick: 3 points."
    assert brief.hear(update(to_act=(1,))) == []
    assert brief.hear(update(to_act=(0,))) == ["Your turn."]


def test_a_sentence_missing_an_optional_field_leaves_it_empty():
    won = Event("trick_won", 1, {"cards": ["Nd"], "points": 3, "taken": [0, 3, 0]})
    assert stream("briscola").event(won) == "East takes the trick: 3 points."


def test_brief_leaves_your_plain_turn_to_its_sound_when_the_sound_is_heard():
    """game/spoken/cues.py: the turn's sound says it; with no sound heard (no device, the
    volume at 0), or at full verbosity, the words still do."""
    brief = SpokenStream(Words("briscola", "en", ("You", "East", "West")), 0, brief=True)
    brief.cued = True
    assert brief.hear(update(to_act=(0,))) == []
    brief.cued = False
    assert brief.hear(update(to_act=(1,))) == [] and brief.hear(update(to_act=(0,))) == ["Your turn."]
    full = stream("briscola")
    full.cued = True
    assert full.hear(update(to_act=(0,))) == ["Your turn."]


def test_a_bisca_card_turned_up_is_said_to_the_one_who_sees_it_and_no_other():
    """The one-card round's own card turned up at last: said with the card to its
    player; another's, whose card the redaction left out, is no sentence."""
    seen = Event("reveal", 0, {"moves": [{"card": "As", "from": "hand/0", "to": "hand/0"}]})
    assert stream("bisca").event(seen) == "The cards turned up: Ace of Swords."
    assert stream("bisca").event(Event("reveal", 1, {})) == ""


@pytest.mark.parametrize("lang, said", [
    ("en", ["Round 3: 1 card each, dealt by East.", "Bets: You 1, East 0, North 0; 1 in all for 1 hand."]),
    ("it", ["Giro 3: 1 carta a testa; mazziere: East.",
            "Puntate: You 1, East 0, North 0; 1 in tutto per 1 mano."])])
def test_a_bisca_round_of_one_card_is_counted_in_the_singular(lang, said):
    """A count of one takes the catalog's ``_one`` form, as the table's own line does
    (``bisca_table.round_one``): "1 card each", never "1 cards"."""
    s = stream("bisca", lang)
    one = [Event("round", None, {"round_no": 3, "cards": 1, "dealer": 1}),
           Event("bets_closed", None, {"bets": [1, 0, 0], "total": 1, "cards": 1})]
    assert [s.event(e) for e in one] == said
    many = Event("round", None, {"round_no": 1, "cards": 5, "dealer": 1})
    assert s.event(many).startswith("Round 1: 5 cards each" if lang == "en" else "Giro 1: 5 carte a testa")


def test_the_listener_dealing_or_betting_is_said_in_words_that_fit_you_in_italian():
    """"dà le carte Tu" (third person after "You") and "Punti 2." (heard as "Points 2")
    were what an Italian listener heard of their own deal and bet."""
    s = stream("bisca", "it")
    s.words = Words("bisca", "it", ("Tu", "Est", "Nord", "Ovest"))
    assert s.event(Event("round", None, {"round_no": 2, "cards": 4, "dealer": 0})) == \
        "Giro 2: 4 carte a testa; mazziere: Tu."
    assert s.event(Event("bet", 0, {"bet": 2})) == "Tu punti 2."
    bolola = stream("bolola", "it")
    bolola.words = Words("bolola", "it", ("Tu", "Est", "Nord", "Ovest"))
    said = bolola.event(Event("contract", None, {"deal_no": 1, "deals": 9, "contract": "no_tricks",
                                                 "dealer": 0, "opener": 1}))
    assert "mazziere: Tu." in said and "dà le carte" not in said


def test_the_game_won_by_the_listener_is_said_in_words_that_fit_you_in_italian():
    """"Vince Tu." (third person after "Tu") was what an Italian listener heard of a game
    they won; "Vittoria: Tu." fits one winner or several, you or another."""
    s = stream("doudizhu", "it")
    s.words = Words("doudizhu", "it", ("Tu", "Est", "Ovest"))
    over = Event("game_over", None, {"winners": [0], "scores": [15, -3, -12]})
    assert s.event(over) == "La partita è finita. Vittoria: Tu. Punteggi: Tu 15, Est -3, Ovest -12."


def test_the_bets_leave_out_the_players_out_of_the_game():
    """Out of a Bisca game, a player bets nothing: "Bets: You , East , North 4" was said."""
    s = stream("bisca", "it")
    s.words = Words("bisca", "it", ("Tu", "Est", "Nord", "Ovest"))
    closed = Event("bets_closed", None, {"bets": [None, None, 4, 2], "total": 6, "cards": 5})
    assert s.event(closed) == "Puntate: Nord 4, Ovest 2; 6 in tutto per 5 mani."
