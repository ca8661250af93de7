"""Twin worlds: what a seat receives depends only on what that seat may know.

Two games that agree on everything one seat (or a spectator) has been shown, but
whose cards that seat cannot see lie elsewhere, must send that seat the very same
things: every update of the real referee (game/session/), field by field (its
events as :meth:`Event.for_seat` redacted them, its view, its legal actions, who is
to act, ``forced``, the result), and so the pause the table would take before a
computer's move.  The test is generic over the engine contract: every game in
``GAMES``, every seat and the spectator, with no word about any one game.

How the twins are built, and why so:

* World A is played from the seed with random legal actions (hypothesis draws the
  seed, the options, how far to play before the split and how far after).
* The cards that may trade places are those at :meth:`State.hidden_places` of the
  seat at the split (face down in its view; a game keeps out face-down piles of
  cards everyone saw played, and a card whose identity shows in public facts:
  Briscola's sampled card names the trump) whose code the seat is *never* shown in
  A from the split to the last action compared (the view at the split included).  A card
  the seat sees later (a play, the end-of-hand show) stays where it is: once shown, twin
  worlds may differ there by right, and a card known by name (Dou Dizhu's three cards,
  shown before they join the landlord's hand) would make the twin a world the seat
  knows to be false.  Every card code anywhere in
  what the seat received counts as shown: a code leaked by name only narrows the
  test, never fails it wrongly (which cards a seat is shown is each game's own
  rule, tested in its own tests; the twins test everything else).
* World B is the same game up to the split, then :meth:`State.redeal_hidden` puts
  those cards in another order among their places (hypothesis picks a whole
  shuffle or one to three swaps: a small change keeps more of A's actions legal).
* Both are then driven with A's own actions.  A's choices were made in A: a hidden
  hand that differs in B may make one illegal there (a void broken by the re-deal).
  Choosing only among actions legal in both worlds would steer play away from the
  re-dealt cards' moves; instead the comparison stops at the first action B refuses,
  everything before it having been compared.  Nothing is lost for the leaks the
  twins exist for: an action that names its cards keeps them legal in B (named
  cards are shown, so never re-dealt), and one that does not name them is exactly
  where a hidden card could show.
* The first update after the split is the one a rejoining client gets (no events),
  so the deal that opens a game is compared only as its view; every later deal
  (the next hand, round or game) is compared event by event.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.cards import Card, CardCodeError
from game.engine import Action
from game.session import HUMAN, GameSetup, SeatSpec, Session, Update, encode
from scenes.table.scene import pause_share
from scenes.tables import load_adapter

#: the most random actions a game is played for, the split falling anywhere in them
LONGEST = 400
#: every seat number any game has, and the spectator
SEAT_CASES = [(key, seat) for key in sorted(GAMES)
              for seat in [*range(max(GAMES[key].seats)), None]]


# -- the worlds -------------------------------------------------------------------------
def people(key: str, seats: int, options: dict[str, Any], seed: int) -> GameSetup:
    """Everyone a person, so the test submits every seat's actions itself."""
    return GameSetup(key, tuple(SeatSpec(HUMAN) for _ in range(seats)), options, seed)


def session_after(setup: GameSetup, actions: Sequence[tuple[int, Action]]) -> Session:
    session = Session(setup)
    for seat, action in actions:
        assert session.submit(seat, action) is None
    return session


def random_actions(setup: GameSetup, count: int, rng: random.Random) -> list[tuple[int, Action]]:
    """Up to ``count`` random legal actions from the start (fewer if the game ends)."""
    session = Session(setup)
    out: list[tuple[int, Action]] = []
    while len(out) < count and not session.over:
        seat = rng.choice(session.state.to_act())
        action = rng.choice(session.state.legal_actions(seat))
        assert session.submit(seat, action) is None
        out.append((seat, action))
    return out


_TOKEN = re.compile(r"[^,:\s]+")


def shown_codes(obj: Any, into: set[str]) -> set[str]:
    """Every card code anywhere in ``obj`` (JSON values; action texts split)."""
    if isinstance(obj, str):
        for token in _TOKEN.findall(obj):
            if len(token) == 2:
                try:
                    into.add(Card.parse(token).code)
                except CardCodeError:
                    pass
    elif isinstance(obj, dict):
        for k, v in obj.items():
            shown_codes(k, into)
            shown_codes(v, into)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            shown_codes(v, into)
    return into


def received(setup: GameSetup, seat: Optional[int], actions: Sequence[tuple[int, Action]],
             at: int) -> list[Update]:
    """Everything ``seat`` receives in world A from the split on: the update of a client
    joining there (the whole view), then one per action."""
    session = session_after(setup, actions[:at])
    watcher = session.watch(seat)
    for s, action in actions[at:]:
        assert session.submit(s, action) is None
    return watcher.drain()


@dataclass
class Twins:
    """World A and world B from the split on, and what was re-dealt."""

    a: Session
    b: Session
    moved: dict[tuple[str, int], Card] = field(default_factory=dict)


def split(setup: GameSetup, seat: Optional[int], actions: Sequence[tuple[int, Action]],
          at: int, shown: set[str], pick: "Picker") -> Optional[Twins]:
    """The twins after ``actions[:at]``: the seat's hidden cards never ``shown`` re-dealt
    by ``pick`` (None when nothing may move)."""
    a, b = session_after(setup, actions[:at]), session_after(setup, actions[:at])
    zones = b.state.true_zones()
    places = [p for p in b.state.hidden_places(seat) if zones[p[0]][p[1]].code not in shown]
    if len(places) < 2:
        return None
    cards = [zones[z][i] for z, i in places]
    order = pick(places, cards)
    if order == cards:
        return None
    moved = {p: c for p, c, old in zip(places, order, cards) if c != old}
    b.state.redeal_hidden(dict(zip(places, order)))
    return Twins(a, b, moved)


Picker = Any  # (places, cards) -> the cards in their new order


def shuffle_with(rng: random.Random, swaps: int) -> Picker:
    """A whole shuffle (``swaps`` 0) or that many swaps of two cards."""
    def pick(places: list[tuple[str, int]], cards: list[Card]) -> list[Card]:
        out = list(cards)
        if swaps == 0:
            rng.shuffle(out)
        for _ in range(swaps):
            i, j = rng.sample(range(len(out)), 2)
            out[i], out[j] = out[j], out[i]
        return out
    return pick


def swap_cards(first: str, second: str) -> Picker:
    """Exactly these two cards trade places."""
    def pick(places: list[tuple[str, int]], cards: list[Card]) -> list[Card]:
        codes = [c.code for c in cards]
        assert first in codes and second in codes, (first, second, codes)
        i, j = codes.index(first), codes.index(second)
        out = list(cards)
        out[i], out[j] = out[j], out[i]
        return out
    return pick


def pacing(key: str, seats: int, seat: Optional[int], update: Update) -> tuple[Any, float]:
    """The table's pause for the computers to act, every other seat taken for a computer:
    whether it is a race (a person's reaction time, scenes/table/race.py) and the share of
    the usual pause."""
    adapter = load_adapter(key)(GAMES[key], seats, seat or 0)
    computers = [s for s in update.to_act if s != seat]
    return adapter.race(dict(update.view)), pause_share(update, computers)


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k, "<absent>") != b.get(k, "<absent>"):
                return first_difference(a.get(k, "<absent>"), b.get(k, "<absent>"), f"{path}.{k}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items: {a!r} != {b!r}"
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} != {b!r}"


def compare(twins: Twins, seat: Optional[int], actions: Sequence[tuple[int, Action]],
            key: str, seats: int) -> int:
    """Drive both worlds with ``actions`` and assert ``seat`` receives the same in both;
    the number of actions compared (up to the first one world B refuses)."""
    wa, wb = twins.a.watch(seat), twins.b.watch(seat)
    done = 0
    for step in range(len(actions) + 1):
        got_a, got_b = wa.drain(), wb.drain()
        assert len(got_a) == len(got_b)
        for ua, ub in zip(got_a, got_b):
            ja, jb = encode(ua), encode(ub)
            assert ja == jb, (f"{key}: seat {seat} is told apart twin worlds "
                              f"(re-dealt {_moved(twins)}) after {done} actions: "
                              + first_difference(ja, jb))
            assert pacing(key, seats, seat, ua) == pacing(key, seats, seat, ub), \
                f"{key}: the table's pace for seat {seat} differs between twin worlds"
        if step == len(actions):
            break
        s, action = actions[step]
        if twins.b.submit(s, action) is not None:
            break                      # a re-dealt hand makes it illegal in B: stop here
        assert twins.a.submit(s, action) is None
        done += 1
    return done


def _moved(twins: Twins) -> str:
    return ", ".join(f"{c.code} to {z}[{i}]" for (z, i), c in sorted(twins.moved.items()))


def check_twins(key: str, seats: int, options: dict[str, Any], seed: int,
                seat: Optional[int], actions: Sequence[tuple[int, Action]], at: int,
                pick: Picker) -> Optional[int]:
    """The whole check for one game: A's receipts from the split on name what the seat is
    shown (a card seen in an earlier deal is dealt anew: no secret then), the twins
    split at ``at``, then compared to the end of ``actions``.  The number of actions
    compared, or None when the seat had nothing hidden that could move."""
    setup = people(key, seats, options, seed)
    shown: set[str] = set()
    for update in received(setup, seat, actions, at):
        shown_codes(encode(update), shown)
    twins = split(setup, seat, actions, at, shown, pick)
    if twins is None:
        return None
    return compare(twins, seat, actions[at:], key, seats)


# -- every game, every seat ----------------------------------------------------------------
@st.composite
def games(draw, key: str, seat: Optional[int]):
    spec = GAMES[key]
    seats = draw(st.sampled_from([n for n in spec.seats if seat is None or seat < n]))
    options = {name: draw(st.sampled_from(opt.allowed_for(seats)))
               for name, opt in spec.options.items()}
    return seats, options


@pytest.mark.slow
@pytest.mark.parametrize("key,seat", SEAT_CASES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000), play=st.integers(0, 10_000),
       share=st.floats(0, 1), after=st.integers(1, 40), swaps=st.integers(0, 3))
def test_twin_worlds_send_a_seat_the_same_updates(key, seat, data, seed, play, share, after,
                                                   swaps):
    """Every update a seat (or a spectator) receives, and the table's pace, is the same in
    two worlds that differ only in cards the seat is never shown.  The split falls
    anywhere in a game of up to :data:`LONGEST` random actions."""
    seats, options = data.draw(games(key, seat))
    setup = people(key, seats, options, seed)
    actions = random_actions(setup, LONGEST, random.Random(play))
    at = int(share * (len(actions) - 1))
    check_twins(key, seats, options, seed, seat, actions[:at + after], at,
                shuffle_with(random.Random(play ^ seed), swaps))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_redeal_moves_the_hidden_cards_into_the_zones_asked_and_nothing_else(key):
    seats = GAMES[key].seats[0]
    session = session_after(people(key, seats, {}, 2),
                            random_actions(people(key, seats, {}, 2), 20, random.Random(2)))
    state = session.state
    before = state.true_zones()
    places = state.hidden_places(None)
    cards = [before[z][i] for z, i in places]
    assert len(set(z for z, _ in places)) >= 2, places
    order = cards[1:] + cards[:1]
    with pytest.raises(ValueError):
        state.redeal_hidden({places[0]: cards[0], places[1]: cards[0]})
    state.redeal_hidden(dict(zip(places, order)))
    after = state.true_zones()
    want = {z: list(cs) for z, cs in before.items()}
    for (z, i), c in zip(places, order):
        want[z][i] = c
    assert {z: sorted(cs) for z, cs in after.items()} == {z: sorted(cs) for z, cs in want.items()}
    assert after != before, "the cards moved"


# -- the known cases, one test each ---------------------------------------------------------
def test_twin_worlds_tell_peasants_nothing_of_where_the_three_cards_land_in_the_landlords_hand():
    """Dou Dizhu, seed 0: seat 0 bids 3 and takes the three cards.  Seat 1 must not learn
    where each lands in the landlord's sorted hand (that says how many hidden cards
    sort above it): the landlord's 3 of Clubs and seat 2's Jack of Hearts trade places."""
    actions = [(0, Action("bid", (), "3"))]
    setup = people("doudizhu", 3, {}, 0)
    state = session_after(setup, []).state
    assert Card.parse("3C") in state.hands[0] and Card.parse("JH") in state.hands[2]
    assert Card.parse("JC") in state.kitty
    compared = check_twins("doudizhu", 3, {}, 0, 1, actions, 0, swap_cards("3C", "JH"))
    assert compared == 1


def first_play_of_a_rank_held_twice(seed: int) -> Optional[tuple[list[tuple[int, Action]], str, str]]:
    """A Dou Dizhu game where the landlord leads a single of a rank it holds in two suits
    while seat 1 holds a third card of that rank: the actions to that lead, the lowest
    card of that rank the landlord holds and seat 1's.  None if the seed has none."""
    setup = people("doudizhu", 3, {}, seed)
    session = Session(setup)
    actions: list[tuple[int, Action]] = []
    while session.state.phase == "bid":
        seat = session.state.turn
        legal = session.state.legal_actions(seat)
        action = Action("bid", (), "3") if seat == 0 else next(a for a in legal if a.kind == "pass")
        if action not in legal:
            return None
        assert session.submit(seat, action) is None
        actions.append((seat, action))
    state = session.state
    if state.landlord != 0:
        return None
    mine, theirs = state.hands[0], state.hands[2]
    for action in state.legal_actions(0):
        if action.kind != "play" or len(action.value) != 1:
            continue
        held = [c for c in mine if _letter(c) == action.value]          # hand order
        others = [c for c in theirs if _letter(c) == action.value and c.suit < held[0].suit]
        if len(held) >= 2 and others and not held[0].is_joker:
            actions.append((0, action))
            return actions, held[0].code, others[0].code
    return None


def _letter(c: Card) -> str:
    from game.doudizhu.rules import letter
    return letter(c)


def test_twin_worlds_show_the_suits_a_player_chose_not_the_ones_left_in_the_hand():
    """Dou Dizhu: the landlord leads a single of a rank it holds twice.  In the twin world
    seat 2's lower-suited card of that rank lies in the landlord's hand instead of one of
    the landlord's own cards of other ranks: seat 1, who sees neither hand, must see the
    same card land on the table (a card picked by its holder, not the first suit left)."""
    for seed in range(200):
        found = first_play_of_a_rank_held_twice(seed)
        if found is None:
            continue
        actions, _, theirs = found
        setup = people("doudizhu", 3, {}, seed)
        hand = session_after(setup, actions[:-1]).state.hands[0]
        letter = actions[-1][1].value
        kitty = set(session_after(setup, actions).state.kitty_shown)
        other = next(c.code for c in hand if _letter(c) != letter and c not in kitty)
        compared = check_twins("doudizhu", 3, {}, seed, 1, actions, len(actions) - 1,
                               swap_cards(other, theirs))
        assert compared == 1
        return
    pytest.fail("no seed below 200 leads a single of a rank held twice")


def bisca_last_card(seed: int, seats: int = 3) -> Optional[tuple[list[tuple[int, Action]], int, Card]]:
    """A Bisca game played to a seat about to play its last card of a round (not the
    one-card round, where everyone else sees it): the actions, a watcher, that card."""
    setup = people("bisca", seats, {"opening": 2}, seed)
    session = Session(setup)
    rng = random.Random(seed)
    actions: list[tuple[int, Action]] = []
    for _ in range(400):
        state = session.state
        if state.over:
            return None
        seat = state.to_act()[0]
        if state.phase == "play" and len(state.hands[seat]) == 1 and not state.one_card:
            return actions, next(s for s in range(seats) if s != seat), state.hands[seat][0]
        action = rng.choice(state.legal_actions(seat))
        assert session.submit(seat, action) is None
        actions.append((seat, action))
    return None


def swap_for_other_kind(last: Card) -> Picker:
    """``last`` trades places with the first hidden card that is an Ace if it is not one,
    a plain card if it is."""
    def pick(places: list[tuple[str, int]], cards: list[Card]) -> list[Card]:
        i = cards.index(last)
        j = next(j for j, c in enumerate(cards) if c.is_ace != last.is_ace)
        out = list(cards)
        out[i], out[j] = out[j], out[i]
        return out
    return pick


def test_twin_worlds_pace_a_last_card_alike_ace_or_not():
    """Bisca: a seat with one card left is to play it.  An Ace may be played high or low
    (two actions), any other card one way; the watchers must not learn which it holds,
    from ``forced`` or from the pause the table takes before a computer's last card."""
    for seed in range(100):
        found = bisca_last_card(seed)
        if found is None:
            continue
        actions, watcher, last = found
        compared = check_twins("bisca", 3, {"opening": 2}, seed, watcher, actions,
                               len(actions), swap_for_other_kind(last))
        assert compared == 0           # the update at the split is the one compared
        return
    pytest.fail("no seed below 100 reaches a last card")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_twin_worlds_differ_in_every_game_for_a_seat_and_the_spectator(key):
    """The twins are never vacuous: for each game, a seat and the spectator each have
    hidden cards that move, and actions are compared after the split."""
    seats = GAMES[key].seats[0]
    for seat in (0, None):
        compared = []
        for seed in range(1, 4):          # a re-deal may make the next action illegal
            setup = people(key, seats, {}, seed)
            actions = random_actions(setup, LONGEST, random.Random(seed))
            at = len(actions) // 2
            compared.append(check_twins(key, seats, {}, seed, seat, actions[:at + 3], at,
                                        shuffle_with(random.Random(seed), 0)))
        assert 3 in compared, (key, seat, compared)
