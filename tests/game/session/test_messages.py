"""The one codec between a referee and its clients: every message survives a round
trip unchanged, and anything else is refused with a MessageError, never a crash."""

from __future__ import annotations

import json

import pytest

from game.engine import Action, Event, Reason
from game.session.messages import (
    MAX_LINE,
    MessageError,
    Refused,
    Submit,
    Update,
    decode,
    dumps,
    encode,
    loads,
    round_trip,
)

UPDATE = Update(1, 4, 0, (Event("play", 0, {"moves": [{"card": "AS", "src": "hand/0",
                                                       "dst": "table", "up": True}]}),),
                {"zones": {"table": ["AS"]}, "phase": "play"}, (Action.parse("play:2H"),),
                (1,), None)


@pytest.mark.parametrize("msg", [
    UPDATE,
    Update(None, 9, None, (), {"zones": {}}, (), (), {"scores": [1, 2], "winners": [1]}),
    Update(0, 3, 1, (), {"zones": {}}, (), (1, 2), None, (2,)),
    Submit(2, Action.parse("stand::14"), 7),
    Submit(0, Action.parse("commit:AH:10"), None, probe=True),
    Refused(0, "play:3H", Reason("briscola.not_in_hand", {"card": "3H"}), 5),
])
def test_every_message_survives_the_round_trip(msg):
    assert round_trip(msg) == msg
    assert decode(json.loads(json.dumps(encode(msg)))) == msg
    assert "\n" not in dumps(msg)


def test_an_update_knows_the_turn_and_the_end():
    assert UPDATE.my_turn and not UPDATE.over
    assert not Update(None, 0, None, (), {}, (), (1,)).my_turn, "a spectator never acts"
    assert not Update(0, 0, None, (), {}, (), (1,)).my_turn


@pytest.mark.parametrize("text", [
    "", "garbage", "[]", "42", '{"type": "hello"}', '{"type": "submit"}',
    '{"type": "submit", "seat": "0", "action": "draw"}',
    '{"type": "submit", "seat": true, "action": "draw"}',
    '{"type": "submit", "seat": 0, "action": "no:such:thing:here"}',
    '{"type": "submit", "seat": 0, "action": "play:ZZ"}',
    '{"type": "submit", "seat": 0, "action": "draw", "probe": 1}',
    '{"type": "update", "seat": 0, "version": 1, "events": {}, "view": {}, "legal": [], "to_act": []}',
    '{"type": "update", "seat": 0, "version": 1, "events": [], "view": {}, "legal": [], "to_act": ["0"]}',
    '{"type": "update", "seat": 0, "version": 1, "events": [{"seat": 0}], "view": {}, '
    '"legal": [], "to_act": []}',
    '{"type": "refused", "seat": 0, "action": "draw", "reason": {"key": 3}, "version": 1}',
    '{"type": "refused", "seat": 0, "action": "draw", '
    '"reason": {"key": "k", "params": {"a": [1]}}, "version": 1}',
    "[" * 5000 + "]" * 5000,
])
def test_anything_else_is_refused_with_a_message_error(text):
    with pytest.raises(MessageError):
        loads(text)


def test_an_oversized_line_is_refused_before_it_is_parsed():
    with pytest.raises(MessageError, match="longer"):
        loads('"' + "x" * MAX_LINE + '"')


def test_a_reason_reads_in_words_with_card_names():
    assert Reason("briscola.not_in_hand").words("en")
    words = Reason("bocce.explain.card_worth", {"card": "7H", "worth": 7}).words("en")
    assert words == "In the lag the 7 of Hearts counts 7."
