"""Briscola's outside players (bench/briscola_seat.py and the ports on it): each plays
only legal moves through whole matches, and reads nothing its seat may not see: in a
twin world (the seat's hidden cards re-dealt, tests/game/test_twin_worlds.py's idea) it
makes the very same choice; a player that peeks at the world is caught by the same
check.  Then each port's own rule, in the cases that tell it from the others."""

from __future__ import annotations

import copy
import random
from typing import Any, Sequence

import pytest

from bench.briscola_bastoni import BastoniGreedy
from bench.briscola_pybrisca import PyBriscaSimple
from bench.briscola_rule import RuleAgent
from bench.briscola_seat import Seen
from game import GAMES
from game.cards import Card
from game.engine import Action, State

OUTSIDE = [RuleAgent, PyBriscaSimple, BastoniGreedy]


def twin(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the cards ``seat`` cannot see shuffled among their places."""
    other = state.copy()
    places = other.hidden_places(seat)
    zones = other.true_zones()
    cards = [zones[z][i] for z, i in places]
    rng.shuffle(cards)
    other.redeal_hidden(dict(zip(places, cards)))
    return other


def choose(player: Any, state: State, seat: int, seed: int) -> Action:
    """What the player picks at ``state``: its own view and legal moves, and the world
    only if it asks for one (as the session hands them)."""
    view, legal = state.view(seat), state.legal_actions(seat)
    if getattr(player, "wants_world", False):
        return player.choose(view, legal, random.Random(seed), world=state.copy())
    return player.choose(view, legal, random.Random(seed))


def play_match(players: Sequence[Any], seed: int) -> tuple[State, int]:
    """One whole single-game match; every choice legal, and the same in a twin world.
    Returns the game and how many choices differed in their twins."""
    state = GAMES["briscola"].new({"games": 1}, 3, seed)
    rng = random.Random(seed)
    differed = 0
    while not state.over:
        seat = rng.choice(state.to_act())
        other = twin(state, seat, rng)
        assert other.view(seat) == state.view(seat)
        again = choose(copy.deepcopy(players[seat]), other, seat, seed)
        action = choose(players[seat], state, seat, seed)
        assert action in state.legal_actions(seat), (seat, action)
        differed += action != again
        state.apply(seat, action)
    return state, differed


class Peek:
    """A player that reads the next seat's hidden hand: what the check must catch."""

    name = "peek"
    wants_world = True

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               world: State | None = None) -> Action:
        assert world is not None
        nxt = (view["seat"] + 1) % 3
        code = sum(ord(c) for card in world.true_zones()[f"hand/{nxt}"] for c in card.code)
        return sorted(legal)[code % len(legal)]


@pytest.mark.slow
@pytest.mark.parametrize("kind", OUTSIDE, ids=lambda k: k.__name__)
def test_an_outside_player_plays_legal_moves_and_reads_only_its_view(kind):
    for seed in range(4):
        state, differed = play_match([kind(), kind(), kind()], seed)
        assert state.over and sorted(state.result()["winners"])
        assert differed == 0, f"seed {seed}: {differed} choices changed with hidden cards"


@pytest.mark.slow
def test_a_player_that_peeks_at_hidden_cards_is_caught():
    _, differed = play_match([Peek(), RuleAgent(), RuleAgent()], 0)
    assert differed > 0


def seen(cards: str, table: str = "", trump: str | None = "c", culetto: str = "") -> Seen:
    parse = lambda text: [Card.parse(c) for c in text.split()]  # noqa: E731
    return Seen(parse(cards), parse(table), trump, parse(culetto))


def test_pybrisca_leads_a_low_trump_before_a_king_the_trump_costing_three_and_a_half():
    assert PyBriscaSimple().play(seen("Kd 5c"), random.Random(0)) == Card.parse("5c")
    assert PyBriscaSimple().play(seen("Kd 5c Nd"), random.Random(0)) == Card.parse("Nd")


def test_pybrisca_takes_a_trick_with_its_winning_card_worth_most():
    assert PyBriscaSimple().play(seen("Ad 4d 3d", "Kd"), random.Random(0)) == Card.parse("Ad")


def test_pybrisca_counts_a_held_culetto_as_points_on_the_table():
    cards = "5s 7d"
    assert PyBriscaSimple().play(seen(cards, "6d"), random.Random(0)) == Card.parse("5s")
    assert PyBriscaSimple().play(seen(cards, "6d", culetto="Jb Ad Kd"),
                                 random.Random(0)) == Card.parse("7d")


def test_bastoni_leads_its_weakest_plain_card_and_follows_with_its_strongest_winner():
    assert BastoniGreedy().play(seen("Ad 4d 2c"), random.Random(0)) == Card.parse("4d")
    assert BastoniGreedy().play(seen("Ad 7d 2c", "5d"), random.Random(0)) == Card.parse("Ad")


def test_bastoni_trumps_a_trick_only_when_more_than_four_points_ride_on_it():
    assert BastoniGreedy().play(seen("2c 4b", "Kd"), random.Random(0)) == Card.parse("4b")
    assert BastoniGreedy().play(seen("2c 4b", "3d"), random.Random(0)) == Card.parse("2c")
