"""The engine's own values: actions, events, reasons, and the keys refusals use."""

import copy
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game
from game import GAMES
from game.cards import card, cards, french_deck, italian_deck
from game.engine import (
    Action,
    ActionCodeError,
    Event,
    EventKind,
    IllegalAction,
    LogError,
    Reason,
    card_move,
    replay,
    replay_log,
    seat_zones,
    shapes_of,
)
from game.i18n import catalog
from game.views import Moves


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


BAD_ACTION_TEXTS = {"empty": "", "no card": "play:ZZ", "four parts": "a:b:c:d", "none": None,
                    "a value too many": "play:AS:1:2", "a huge number": 10 ** 5000,
                    "a huge negative number": -(10 ** 5000),
                    "huge and too many parts": "play:" + "9" * 5000 + ":1:2"}


@pytest.mark.parametrize("bad", BAD_ACTION_TEXTS.values(), ids=BAD_ACTION_TEXTS.keys())
def test_bad_action_text_is_rejected(bad):
    with pytest.raises(ActionCodeError) as refused:
        Action.parse(bad)
    assert len(str(refused.value)) < 300, "the message says what is wrong, briefly"


def test_events_hide_private_cards_from_everyone_but_their_audience():
    event = Event("deal", 0, {"moves": [{"card": None, "src": "deck", "dst": "hand/0", "up": False}]},
                  private={"moves": [{"card": "AS", "src": "deck", "dst": "hand/0", "up": True}]},
                  audience=frozenset({0}))
    assert event.for_seat(0).data["moves"][0]["card"] == "AS"
    assert event.for_seat(1).data["moves"][0]["card"] is None
    assert event.for_seat(None).data["moves"][0]["card"] is None
    assert Event.from_json(event.for_seat(1).to_json()) == event.for_seat(1)


def test_an_event_kind_makes_its_events_and_reads_only_their_data():
    deal = EventKind("deal", Moves)
    event = deal(0, {"moves": [card_move(None, "deck", "hand/0", False)]})
    assert event == Event("deal", 0, {"moves": [card_move(None, "deck", "hand/0", False)]})
    assert deal.data(event)["moves"][0]["dst"] == "hand/0"
    assert deal.of(event) is event.data
    other = Event("gather", None, {"moves": []})
    assert deal.of(other) is None
    with pytest.raises(ValueError, match="'gather' event read as 'deal'"):
        deal.data(other)


def test_a_games_event_shapes_come_from_its_kinds_each_named_once():
    deal, gather = EventKind("deal", Moves), EventKind("gather", Moves)
    assert shapes_of(deal, gather) == {"deal": Moves, "gather": Moves}
    with pytest.raises(ValueError, match="declared twice"):
        shapes_of(deal, gather, EventKind("deal", Moves))


#: a writer and a reader of one kind that disagree with its shape, for the type check
_MISTYPED = """
from game.engine import EventKind, Event
from game.views import GameOver
OVER = EventKind("game_over", GameOver)
OVER(None, {"scores": [1, 2], "winner": [0]})
def read(event: Event) -> str:
    return OVER.data(event)["scores"]
"""


@pytest.mark.slow
def test_the_type_check_holds_an_events_writer_and_reader_to_its_kinds_shape(tmp_path):
    from mypy import api

    (tmp_path / "mistyped.py").write_text(_MISTYPED)
    out, _, status = api.run([str(tmp_path / "mistyped.py"), "--strict", "--no-incremental",
                              "--follow-imports=silent"])
    assert status == 1
    assert '"winner"' in out and "Incompatible return value" in out, out


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


# -- damaged logs ---------------------------------------------------------------------
def _a_log() -> dict:
    """The log of the first moves of a Bocce game, as it comes back from a file."""
    state = GAMES["bocce"].new({"target": 15}, 2, 7)
    for _ in range(12):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    return json.loads(json.dumps(state.log()))


def _damaged(change):
    log = _a_log()
    out = change(log)
    return log if out is None else out


#: (what is damaged, how, words the error must say).
DAMAGE = [
    ("not a dict", lambda log: [log], "a game log is a dict"),
    ("not a dict: text", lambda log: json.dumps(log), "a game log is a dict"),
    ("no key", lambda log: log.pop("key") and None, "no 'key'"),
    ("no options", lambda log: log.pop("options") and None, "no 'options'"),
    ("no seats", lambda log: log.pop("seats") and None, "no 'seats'"),
    ("no seed", lambda log: log.pop("seed") and None, "no 'seed'"),
    ("no actions", lambda log: log.pop("actions") and None, "no 'actions'"),
    ("unknown game", lambda log: log.update(key="chess"), "'chess' is not one of"),
    ("game not text", lambda log: log.update(key=["bocce"]), "is not one of"),
    ("options not a dict", lambda log: log.update(options=[["target", 15]]), "dict"),
    ("option value", lambda log: log.update(options={"target": 16}), "cannot be 16"),
    ("option type", lambda log: log.update(options={"target": 15.0}), "'target'"),
    ("unknown option", lambda log: log.update(options={"speed": 2}), "no option 'speed'"),
    ("seats as text", lambda log: log.update(seats="2"), "played by"),
    ("seats count", lambda log: log.update(seats=3), "played by"),
    ("seed as text", lambda log: log.update(seed="7"), "seed must be an int"),
    ("seed float", lambda log: log.update(seed=7.0), "seed must be an int"),
    ("seed null", lambda log: log.update(seed=None), "seed must be an int"),
    ("actions text", lambda log: log.update(actions="draw"), "actions must be a list"),
    ("actions dict", lambda log: log.update(actions={"0": "draw"}), "actions must be a list"),
    ("actions null", lambda log: log.update(actions=None), "actions must be a list"),
    ("entry not a pair", lambda log: log["actions"].__setitem__(3, [0]), "action 3"),
    ("entry a triple", lambda log: log["actions"][3].append("x"), "action 3"),
    ("entry text", lambda log: log["actions"].__setitem__(3, "0 draw"), "action 3"),
    ("entry dict", lambda log: log["actions"].__setitem__(3, {"seat": 0}), "action 3"),
    ("seat as text", lambda log: log["actions"][3].__setitem__(0, "0"), "no seat number"),
    ("seat null", lambda log: log["actions"][3].__setitem__(0, None), "no seat number"),
    ("seat bool", lambda log: log["actions"][3].__setitem__(0, True), "no seat number"),
    ("action not parsed", lambda log: log["actions"][3].__setitem__(1, "play:ZZ"),
     "action 3 of the log is not an action"),
    ("action not text", lambda log: log["actions"][3].__setitem__(1, 5),
     "action 3 of the log is not an action"),
    ("action empty", lambda log: log["actions"][3].__setitem__(1, ""),
     "action 3 of the log is not an action"),
    ("action huge", lambda log: log["actions"][3].__setitem__(1, "stand::" + "9" * 5000),
     "action 3 of the log (0, 'stand::999"),
    ("seat out of range", lambda log: log["actions"][3].__setitem__(0, 5),
     "action 3 of the log (5, "),
    # integers past the 4,300 digits Python turns into text by default
    ("game a huge number", lambda log: log.update(key=10 ** 5000), "is not one of"),
    ("seats a huge number", lambda log: log.update(seats=10 ** 5000), "played by"),
    ("seat a huge number", lambda log: log["actions"][3].__setitem__(0, 10 ** 5000),
     "action 3 of the log (a 5001-digit number, "),
    ("action a huge number", lambda log: log["actions"][3].__setitem__(1, 10 ** 5000),
     "action 3 of the log is not an action: a 5001-digit number"),
    ("option a huge number", lambda log: log.update(options={"target": 10 ** 5000}),
     "cannot be a 5001-digit number"),
    ("entry a huge number", lambda log: log["actions"].__setitem__(3, 10 ** 5000), "action 3"),
]


@pytest.mark.parametrize("what, change, words", DAMAGE, ids=[d[0] for d in DAMAGE])
def test_a_damaged_log_raises_one_clear_error(what, change, words):
    with pytest.raises(LogError, match=re.escape(words)) as damaged:
        replay_log(_damaged(change))
    assert len(str(damaged.value)) < 300, "the message says what is wrong, briefly"


def test_a_log_with_an_illegal_action_names_its_index_and_the_reason():
    log = _a_log()
    assert replay_log(log).log() == log                  # the undamaged log replays
    seat, _ = log["actions"][5]
    log["actions"][5] = [seat, "pass"]
    with pytest.raises(LogError) as damaged:
        replay_log(log)
    error = damaged.value
    assert isinstance(error, ValueError)
    assert error.index == 5 and error.reason == Reason("bocce.explain.lag_first")
    assert f"action 5 of the log ({seat}, 'pass') is illegal" in str(error)
    assert error.reason.words() in str(error)


def test_replay_refuses_damaged_actions_the_same_way():
    first = GAMES["bocce"].new(None, 2, 1).legal_actions(0)[0]
    with pytest.raises(LogError, match="action 1 of the log is not an action"):
        replay("bocce", None, 2, 1, [(0, first), (1, "commit:ZZ:1")])
    with pytest.raises(LogError, match="action 0 of the log must be") as damaged:
        replay("bocce", None, 2, 1, [None])
    assert damaged.value.index == 0 and damaged.value.reason is None
    with pytest.raises(LogError, match="'chess' is not one of"):
        replay("chess", None, 2, 1, [])


def test_an_option_may_narrow_its_values_to_the_seats():
    from game.engine import Option

    plain = Option(3, (1, 3, 5))
    assert plain.allowed_for(6) == (1, 3, 5) and plain.fit(4, 6) in (3, 5)
    opening = Option(5, tuple(range(1, 21)), limit=lambda seats: tuple(range(1, 40 // seats + 1)))
    assert opening.allowed_for(6) == tuple(range(1, 7))
    assert opening.fit(20, 6) == 6 and opening.fit(4, 6) == 4 and opening.fit(20, 2) == 20


def test_a_card_move_gives_the_code_only_of_a_card_it_names():
    assert card_move(card("AS"), "hand/0", "table", True) == {
        "card": "AS", "src": "hand/0", "dst": "table", "up": True}
    assert card_move(None, "deck", "hand/1", False) == {
        "card": None, "src": "deck", "dst": "hand/1", "up": False}


def test_seat_zones_hide_the_cards_of_a_zone_face_down_to_the_seat_but_not_their_number():
    zones = {"hand/0": cards("AS KH"), "hand/1": cards("2C 3C 4C"), "deck": []}
    mine = seat_zones(zones, 0, lambda seat, zone: zone == f"hand/{seat}")
    assert mine == {"hand/0": ["AS", "KH"], "hand/1": [None, None, None], "deck": []}
    lower = seat_zones(zones, 1, lambda seat, zone: True, lambda c: c.code.lower())
    assert lower["hand/1"] == ["2c", "3c", "4c"]
    assert seat_zones(zones, None, lambda seat, zone: seat is not None)["hand/0"] == [None, None]


def test_seat_zones_take_the_set_of_the_zones_a_seat_sees_face_up():
    zones = {"hand/0": cards("AS KH"), "hand/1": cards("2C 3C 4C"), "deck": []}
    assert seat_zones(zones, 0, frozenset({"hand/0"})) == \
        seat_zones(zones, 0, lambda seat, zone: zone == f"hand/{seat}")


def _scribble(value):
    """Change every list and dict inside a view, in place (what a careless reader might)."""
    if isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")
    elif isinstance(value, dict):
        for v in list(value.values()):
            _scribble(v)
        value["scribbled"] = True


def _played_on(key, seed, moves):
    rng = random.Random(seed)
    state = GAMES[key].new(None, GAMES[key].seats[0], seed)
    for _ in range(moves):
        if state.over:
            break
        s = rng.choice(state.to_act())
        state.apply(s, rng.choice(state.legal_actions(s)))
    return state


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_views_and_a_results_data_are_the_readers_to_change(key):
    """A view shares nothing that can change with its game (a search reads one at every
    playout move, and a game shares its written-once records with its copies)."""
    for seed, moves in ((0, 60), (1, 250), (2, 10_000)):
        state = _played_on(key, seed, moves)
        kept = [json.dumps(state.view(s), sort_keys=True) for s in (None, *range(state.seats))]
        for s in (None, *range(state.seats)):
            _scribble(state.view(s))
        if state.over:
            _scribble(state.result())
            assert state.result() == _played_on(key, seed, moves).result()
        assert [json.dumps(state.view(s), sort_keys=True)
                for s in (None, *range(state.seats))] == kept


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_copy_shares_the_entries_of_append_only_lists_and_the_values_kept_whole(key):
    state = _played_on(key, 3, 250)
    twin = state.copy()
    for name in type(state).append_only:
        mine, its = getattr(state, name), getattr(twin, name)
        assert mine and its is not mine and its == mine and all(a is b for a, b in zip(its, mine))
    for name in type(state).kept_whole:
        assert getattr(state, name) is not None and getattr(twin, name) is getattr(state, name)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_copy_plays_on_as_a_deepcopy_would_and_leaves_the_original_alone(key):
    """State.copy (a search's fast copy) against copy.deepcopy, in every game: the same
    moves give the same views and zones in both, and the original never changes."""
    for seed in range(4):
        rng = random.Random(seed)
        state = GAMES[key].new(None, GAMES[key].seats[-1 if seed % 2 else 0], seed)
        for _ in range(rng.randrange(0, 120)):
            if state.over:
                break
            s = rng.choice(state.to_act())
            state.apply(s, rng.choice(state.legal_actions(s)))
        before = (state.log(), [state.view(s) for s in range(state.seats)], state.true_zones())
        fast, slow = state.copy(), copy.deepcopy(state)
        assert type(fast) is type(state) and fast.rng is not state.rng
        for _ in range(300):
            if fast.over:
                break
            s = rng.choice(fast.to_act())
            action = rng.choice(fast.legal_actions(s))
            assert fast.apply(s, action) == slow.apply(s, action)
            assert fast.view(s) == slow.view(s) and fast.true_zones() == slow.true_zones()
        assert slow.over == fast.over and fast.rng.getstate() == slow.rng.getstate()
        assert (state.log(), [state.view(s) for s in range(state.seats)],
                state.true_zones()) == before
