"""The engine contract, checked on every game that is built: views are JSON-safe
copies, events survive JSON, legal actions never run dry, logs replay,
``is_legal`` agrees with ``legal_actions``, every game ends with one
``game_over`` event that carries its result, and hostile input (text that is
barely an action, seats that are not seats, options of the wrong type) is
refused with a reason, never with a crash."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.cards import FRENCH_SUITS, ITALIAN_SUITS, french_deck, italian_deck
from game.engine import GAME_OVER, Action, ActionCodeError, Event, IllegalAction, Reason, replay_log
from game.i18n import catalog


def scramble(obj) -> None:
    """Change every list and dict inside ``obj`` in place."""
    if isinstance(obj, dict):
        for value in obj.values():
            scramble(value)
        obj["scrambled"] = True
    elif isinstance(obj, list):
        for value in obj:
            scramble(value)
        obj.append("scrambled")


def seats_of(key):
    return GAMES[key].seats[0]


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_views_and_events_are_copies_that_json_can_carry(key, seed):
    state = GAMES[key].new(None, seats_of(key), seed)
    rng = random.Random(seed)
    watchers = [None, *range(state.seats)]
    for _ in range(400):
        acting = state.to_act()
        if not acting:
            break
        before = {w: json.dumps(state.view(w), sort_keys=True) for w in watchers}
        for w in watchers:
            scramble(state.view(w))
        assert {w: json.dumps(state.view(w), sort_keys=True) for w in watchers} == before
        seat = rng.choice(acting)
        legal = state.legal_actions(seat)
        assert legal, f"{key}: seat {seat} must act but has no legal action"
        assert legal == sorted(legal)
        events = state.apply(seat, rng.choice(legal))
        for event in events:
            for w in watchers:
                seen = event.for_seat(w)
                assert Event.from_json(json.loads(json.dumps(seen.to_json()))) == seen
        after = json.dumps(state.view(None), sort_keys=True)
        for event in events:
            scramble(event.for_seat(None).to_json())
        assert json.dumps(state.view(None), sort_keys=True) == after, \
            f"{key}: an event shares its data with the state"
    copy = replay_log(json.loads(json.dumps(state.log())))
    assert all(copy.view(w) == state.view(w) for w in watchers)


def probe_actions(spec) -> list[Action]:
    """Actions to ask every game about, legal or not: each card of its deck played and
    committed, draws, passes, stands, claims, trumps of every suit, and garbage."""
    deck = french_deck(True) if spec.deck == "french" else italian_deck()
    stray = [italian_deck()[0], french_deck()[0]]          # a card of the other deck
    out: list[Action] = []
    for c in deck + stray:
        out.append(Action("play", (c,)))
        out += [Action("commit", (c,), v) for v in ("", "1", "7", "10", "11")]
    for v in ("", "0", "1", "2", "5", "9", "12", "14", "17", "20", "21", "99", "x"):
        out += [Action("stand", (), v), Action("draw", (), v), Action("pass", (), v)]
    out += [Action("claim"), Action("claim", (), "d"), Action("claim", (deck[0],))]
    out += [Action("trump", (), s) for s in (*ITALIAN_SUITS, *FRENCH_SUITS, "", "x", "dc")]
    out += [Action("trump", (deck[0],), deck[0].suit), Action("bid", (), "2"),
            Action("zzz"), Action("play", tuple(deck[:2])), Action("play", (deck[0],), "1"),
            Action("commit"), Action("commit", tuple(deck[:2]), "10"),
            Action("draw", (deck[0],)), Action("stand", (deck[0],), "5")]
    return out


def random_steps(key, seed, limit=5000):
    """A whole random game: yields (state, events) for the opening, then after each action."""
    state = GAMES[key].new(None, seats_of(key), seed)
    rng = random.Random(seed)
    yield state, state.opening_events()
    for _ in range(limit):
        if state.over:
            return
        seat = rng.choice(state.to_act())
        yield state, state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"{key}: no end after {limit} actions")


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_is_legal_agrees_with_legal_actions(key, seed):
    """Every game answers ``is_legal`` without its list; the answer must be the list's."""
    probes = probe_actions(GAMES[key])
    for step, (state, _) in enumerate(random_steps(key, seed)):
        asking_why = step % 7 == 0          # reason() is dearer: every seventh position
        for seat in range(state.seats + 1):  # the last one is no seat at all
            legal = set(state.legal_actions(seat))
            assert not legal or seat in state.to_act()
            for action in legal:
                assert state.is_legal(seat, action), (key, seat, action)
            for action in probes:
                assert state.is_legal(seat, action) == (action in legal), (key, seat, action)
                if asking_why:
                    assert (state.reason(seat, action) is None) == (action in legal), \
                        (key, seat, action)


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_last_event_of_a_game_and_only_it_is_game_over(key, seed):
    for state, events in random_steps(key, seed):
        finals = [i for i, e in enumerate(events) if e.kind == GAME_OVER]
        if not state.over:
            assert finals == [], f"{key}: game_over before the end"
            continue
        assert finals == [len(events) - 1], f"{key}: the last action must end with game_over"
        result = state.result()
        for seat in (None, *range(state.seats)):
            data = events[-1].for_seat(seat).data
            assert data["scores"] == result["scores"] and data["winners"] == result["winners"]
    assert state.over


# -- hostile input -----------------------------------------------------------------
#: Values a hand-written or hostile client may send: unicode digits, signs, spaces,
#: leading zeros, floats, huge numbers, suits of either deck, nothing at all.
NASTY_VALUES = ["", "0", "00", "02", "014", "1", "5", "7", "9", "10", "11", "12", "14", "17",
                "20", "21", "99", "-1", "+5", " 5", "5 ", "5.0", "1e1", "0x1", "²", "٣",
                "١٤", "１２", "߂", "Ⅻ", "9" * 5000, "1" + "0" * 4300, "x", "dc", "é",
                "\x00", "\n", *ITALIAN_SUITS, *FRENCH_SUITS]
KINDS = ["play", "draw", "commit", "stand", "claim", "trump", "pass", "bid", "zzz", "Play",
         "draw\n", "é"]


def card_texts(spec) -> st.SearchStrategy[str]:
    deck = french_deck(True) if spec.deck == "french" else italian_deck()
    codes = [c.code for c in deck] + [italian_deck()[0].code, french_deck()[0].code]
    return st.lists(st.sampled_from(codes + ["ZZ", "as", "10H", "AS ", ""]), max_size=3) \
        .map(",".join)


#: Any value text, the nasty ones most often.
VALUES = st.one_of(st.sampled_from(NASTY_VALUES),
                   st.text(st.characters(categories=["Nd", "No", "Nl"]), max_size=4),
                   st.integers(-10**6, 10**6).map(str),
                   # past the 4,300 digits int() reads (and str() writes) by default
                   st.tuples(st.sampled_from("0123456789"), st.integers(4290, 6000))
                   .map(lambda t: "1" + t[0] * t[1]),
                   st.text(max_size=6))


def _text(kind: str, cards: str, value: str) -> str:
    """The text form ``Action.__str__`` writes, from parts that may be anything."""
    if not (cards or value):
        return kind
    return ":".join((kind, cards, value) if value else (kind, cards))


def action_texts(spec) -> st.SearchStrategy[str]:
    """Text a client may send as an action: mostly the ``kind:cards:value`` shape with
    odd parts, sometimes any text at all."""
    shaped = st.tuples(st.sampled_from(KINDS), card_texts(spec), VALUES).map(lambda t: _text(*t))
    return st.one_of(shaped, st.text(max_size=12))


def near_misses(spec, legal: list[Action]) -> st.SearchStrategy[str]:
    """A legal action with its value or its cards swapped for odd ones: the kind of
    text that gets furthest into a game's own checks."""
    base = st.sampled_from(legal)
    odd_value = st.tuples(base, VALUES).map(
        lambda t: _text(t[0].kind, ",".join(c.code for c in t[0].cards), t[1]))
    odd_cards = st.tuples(base, card_texts(spec)).map(
        lambda t: _text(t[0].kind, t[1], t[0].value))
    return st.one_of(odd_value, odd_cards)


#: Things a seat is not, whatever == says: bools, floats, text, out of range.
NOT_SEATS = [True, False, 0.0, 1.0, "0", "1", -1, 99, 2**64, (0,), [0]]


def to_action(text: str) -> Action | str:
    """The action a text names; the text itself when it names none (it is sent as is)."""
    try:
        return Action.parse(text)
    except ActionCodeError:
        return text


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_hostile_text_actions_are_refused_with_a_reason_or_are_legal(key, data, seed):
    """Random text sent at random moments by any seat: ``apply`` either takes it (it
    was legal: ``is_legal``) or raises IllegalAction with a reason the catalog words; a refusal
    changes nothing.  No other exception, ever."""
    spec = GAMES[key]
    state = spec.new(None, seats_of(key), seed)
    rng = random.Random(seed)
    texts = action_texts(spec)
    for _ in range(data.draw(st.integers(1, 30), label="hostile actions")):
        for _ in range(data.draw(st.integers(0, 15), label="legal moves first")):
            if state.over:
                break
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        acting = list(state.to_act()) or [0]
        seat = data.draw(st.one_of(st.sampled_from(acting), st.integers(0, state.seats - 1),
                                   st.sampled_from(NOT_SEATS)), label="seat")
        legal = state.legal_actions(acting[0])
        strategy = st.one_of(texts, near_misses(spec, legal), near_misses(spec, legal)) \
            if legal else texts
        action = to_action(data.draw(strategy, label="text"))
        # is_legal, not the list: a game whose actions come in many equal forms lists one
        # of each (Dou Dizhu: which of several Jacks) and takes every form that is_legal
        # takes; test_is_legal_agrees_with_legal_actions holds the two together
        was_legal = isinstance(action, Action) and state.is_legal(seat, action)
        before = (json.dumps(state.log()), json.dumps(state.view(None), sort_keys=True))
        try:
            state.apply(seat, action)
        except IllegalAction as refused:
            assert not was_legal, (seat, action)
            assert refused.reason.key in catalog("en"), refused.reason
            if not isinstance(action, Action):
                assert refused.reason == Reason("engine.not_an_action")
            elif type(seat) is not int or not 0 <= seat < state.seats:
                assert refused.reason == Reason("engine.no_such_seat")
            after = (json.dumps(state.log()), json.dumps(state.view(None), sort_keys=True))
            assert after == before, "a refusal changed the game"
        else:
            assert was_legal, (seat, action)


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("thing", ["draw", "play:AS", "", None, 0, ("play",), {"kind": "draw"}])
def test_what_is_not_an_action_is_refused_by_apply_in_every_game(key, thing):
    state = GAMES[key].new(None, seats_of(key), 1)
    for seat in state.to_act():
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, thing)
        assert refused.value.reason == Reason("engine.not_an_action")
        assert not state.is_legal(seat, thing)
    assert state.history == []


@pytest.mark.parametrize("key", sorted(GAMES))
def test_seats_that_are_not_plain_ints_are_refused_at_the_door(key):
    """``apply``/``reason``: no_such_seat; ``legal_actions``: []; ``is_legal``: False;
    ``view``: None is the spectator, any other non-seat a ValueError (the engine's
    documented answers, the same in every game)."""
    for step, (state, _) in enumerate(random_steps(key, 3)):
        if step > 60 or state.over:
            break
        if step % 6:
            continue
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0]
        for bad in [*NOT_SEATS, state.seats, None]:
            with pytest.raises(IllegalAction) as refused:
                state.apply(bad, action)
            assert refused.value.reason == Reason("engine.no_such_seat"), bad
            assert state.reason(bad, action) == Reason("engine.no_such_seat")
            assert state.legal_actions(bad) == [], bad
            assert state.is_legal(bad, action) is False, bad
            if bad is None:
                assert state.view(None)["seat"] is None      # the spectator's view
            else:
                with pytest.raises(ValueError, match="no seat"):
                    state.view(bad)
        assert state.is_legal(seat, action) and state.reason(seat, action) is None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_table_size_must_be_a_plain_int(key):
    spec = GAMES[key]
    n = spec.seats[0]
    for bad in (float(n), str(n), True, n + 100):
        with pytest.raises(ValueError, match="played by"):
            spec.new(None, bad, 0)


def _twins(value):
    """Values equal to ``value`` in Python but of another type (``1 == True == 1.0``)."""
    if isinstance(value, bool):
        return [int(value), float(value)]
    if isinstance(value, int):
        return [float(value)] + ([bool(value)] if value in (0, 1) else [])
    return []


@pytest.mark.parametrize("key", sorted(GAMES))
def test_options_are_compared_by_type_too(key):
    """``1 in (True, False)`` is True in Python: an option must be one of its values
    by type as well, and the refusal names the option."""
    spec = GAMES[key]
    for name, option in spec.options.items():
        for value in option.allowed:
            resolved = spec.resolve_options({name: value})[name]
            assert resolved == value and type(resolved) is type(value)
            for twin in _twins(value):
                if any(type(twin) is type(a) and twin == a for a in option.allowed):
                    continue
                with pytest.raises(ValueError, match=repr(name)):
                    spec.resolve_options({name: twin})
                with pytest.raises(ValueError, match=repr(name)):
                    spec.new({name: twin})
    for bad in ([("x", 1)], "target", 7):
        with pytest.raises(ValueError, match="dict"):
            spec.resolve_options(bad)
    with pytest.raises(ValueError, match="no option"):
        spec.resolve_options({1: True})


def test_options_of_the_wrong_type_are_named_in_the_refusal():
    with pytest.raises(ValueError, match="'remember_trump'"):
        GAMES["briscola"].resolve_options({"remember_trump": 1})
    with pytest.raises(ValueError, match="'remember_trump'"):
        GAMES["briscola"].resolve_options({"remember_trump": 0})
    with pytest.raises(ValueError, match="'target'"):
        GAMES["bocce"].resolve_options({"target": 25.0})
    assert GAMES["bocce"].resolve_options({"target": 25}) == {"target": 25}


# -- events and views tell one story ---------------------------------------------------
def follow(zones: dict[str, list], moves: list[dict]) -> None:
    """Apply an event's ``moves`` to ``zones`` the way the engine's docstring says (and
    the table's board does): each card is ``[code it is known by, code shown]``; a move
    takes its card from ``src`` by code, else the last one (a card from an empty zone
    comes from nowhere), lands at ``at`` or on top, face up with its code when ``up``."""
    for move in moves:
        code, src, dst = move["card"], move["src"], move["dst"]
        shown = code if code is not None and move.get("up", True) else None
        pile = zones.setdefault(src, [])
        if src == dst:
            found = next((c for c in reversed(pile) if code is not None and c[0] == code), None)
            found = found or next((c for c in pile if c[0] is None), None) or \
                (pile[-1] if pile else None)
            if found is not None:
                found[:] = [code if code is not None else found[0], shown]
            continue
        index = next((i for i in range(len(pile) - 1, -1, -1)
                      if code is not None and pile[i][0] == code), len(pile) - 1)
        card = pile.pop(index) if pile else [None, None]
        card[:] = [code, shown]          # a card moved without its code is forgotten
        target = zones.setdefault(dst, [])
        at = move.get("at")
        if type(at) is int and 0 <= at < len(target):
            target.insert(at, card)
        else:
            target.append(card)


def shown(zones: dict[str, list]) -> dict[str, list]:
    """What a screen shows of ``zones``: each card's face or None, empty zones left out."""
    return {z: [c[1] for c in cs] for z, cs in zones.items() if cs}


def as_followed(view_zones: dict[str, list]) -> dict[str, list]:
    return {z: [[code, code] for code in cs] for z, cs in view_zones.items()}


def any_options(spec, seats: int) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries({name: st.sampled_from(option.allowed_for(seats))
                                  for name, option in spec.options.items()})


def any_game(key: str, data, seed: int):
    """A new game of ``key`` at any table size it allows, with any options, and the
    generator its random play draws from."""
    spec = GAMES[key]
    seats = data.draw(st.sampled_from(spec.seats), label="seats")
    options = data.draw(any_options(spec, seats), label="options")
    return spec.new(options, seats, seed), random.Random(seed)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_each_events_moves_applied_to_the_view_before_give_the_view_after(key, data, seed):
    """A screen that follows the events shows what one rebuilt from the view shows (a
    rejoining guest): for every seat and the spectator, after every action, with any
    options and table size, the moves of the action's events applied to the view before
    give the view after."""
    state, rng = any_game(key, data, seed)
    options, seats = state.options, state.seats
    watchers = [None, *range(seats)]
    followed = {w: as_followed(state.view(w)["zones"]) for w in watchers}
    for _ in range(5000):
        if state.over:
            break
        seat = rng.choice(state.to_act())
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for w in watchers:
            for event in events:
                follow(followed[w], list(event.for_seat(w).data.get("moves") or []))
            assert shown(followed[w]) == shown(as_followed(state.view(w)["zones"])), \
                (key, options, w, [e.kind for e in events])
    assert state.over

