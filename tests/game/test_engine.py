import pytest
from hypothesis import given, strategies as st

from game.cards import card, french_deck, italian_deck
from game.engine import Action, ActionCodeError, Event


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
