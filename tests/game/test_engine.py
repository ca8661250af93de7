"""The engine's own values: actions, events, reasons, and the keys refusals use."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

import game
from game import GAMES
from game.cards import card, french_deck, italian_deck
from game.engine import Action, ActionCodeError, Event, IllegalAction, Reason
from game.i18n import catalog


@given(st.sampled_from(["play", "draw", "commit", "bid", "pass"]),
       st.lists(st.sampled_from(french_deck(True) + italian_deck()), max_size=4),
       st.sampled_from(["", "1", "10", "S", "high"]))
def test_actions_round_trip_through_text(kind, cs, value):
    action = Action(kind, tuple(cs), value)
    assert Action.parse(str(action)) == action
    assert Action.from_json(action.to_json()) == action


def test_action_text_forms():
    assert str(Action("play", (card("AS"),))) == "play:AS"
    assert str(Action("commit", (card("AH"),), "10")) == "commit:AH:10"
    assert str(Action("bid", (), "2")) == "bid::2"
    assert str(Action("pass")) == "pass"


@pytest.mark.parametrize("bad", ["", "play:ZZ", "a:b:c:d", None, "play:AS:1:2"])
def test_bad_action_text_is_rejected(bad):
    with pytest.raises(ActionCodeError):
        Action.parse(bad)


def test_events_hide_private_cards_from_everyone_but_their_audience():
    event = Event("deal", 0, {"moves": [{"card": None, "src": "deck", "dst": "hand/0", "up": False}]},
                  private={"moves": [{"card": "AS", "src": "deck", "dst": "hand/0", "up": True}]},
                  audience=frozenset({0}))
    assert event.for_seat(0).data["moves"][0]["card"] == "AS"
    assert event.for_seat(1).data["moves"][0]["card"] is None
    assert event.for_seat(None).data["moves"][0]["card"] is None
    assert Event.from_json(event.for_seat(1).to_json()) == event.for_seat(1)


def test_every_refusal_key_under_game_is_in_the_english_catalog():
    """Reasons are keys: one missing from the catalog would reach a player as its key."""
    root = Path(game.__file__).resolve().parent
    keys: set[str] = set()
    for path in root.rglob("*.py"):
        keys |= set(re.findall(r'(?:Reason|IllegalAction)\(\s*"([a-z_]+\.[a-z_.]+)"',
                               path.read_text(encoding="utf-8")))
    assert {"engine.game_over", "engine.not_your_turn", "engine.not_allowed",
            "engine.not_an_action", "engine.no_such_seat"} <= keys
    assert keys <= set(catalog("en")), keys - set(catalog("en"))
    assert catalog("en")["engine.moved_on"] == "The game has moved on; look again and choose."


def test_the_engine_refuses_what_is_not_a_move_or_not_a_seat_before_any_game_rule():
    state = GAMES["bocce"].new(None, 2, 1)
    legal = state.legal_actions(0)[0]
    assert state.reason(0, str(legal)) == Reason("engine.not_an_action")
    assert state.reason(2, legal) == Reason("engine.no_such_seat")
    assert state.reason(-1, legal) == Reason("engine.no_such_seat")
    assert state.reason(True, legal) == Reason("engine.no_such_seat")
    assert state.explain(2, legal) == "There is no such seat at this table."
    assert state.reason(0, legal) is None and state.is_legal(0, legal)
    with pytest.raises(IllegalAction) as refused:
        state.apply(2, legal)
    assert refused.value.reason == Reason("engine.no_such_seat")
    assert str(refused.value) == "There is no such seat at this table."


def test_reasons_cross_json_and_name_cards_in_the_asked_language():
    why = Reason("bocce.explain.card_worth", {"card": "KD", "worth": 10})
    assert Reason.from_json(json.loads(json.dumps(why.to_json()))) == why
    assert why.words() == "In the lag the King of Diamonds counts 10."
    assert "Re di Quadri" in why.words("it")
