"""What a whole game of computer players must show, for the AI tests of every game.

``play_game`` only ever returns a finished game, and the session plays
``legal[0]`` in place of an illegal choice (logging it), so neither "the game is
over" nor "it did not raise" says anything about a player.  These checks can fail.
"""

from __future__ import annotations

import json
import random
from typing import Any, Sequence

from game.ai.base import ComputerPlayer
from game.engine import Action, State, replay_log

#: playouts per move of a searching player in tests: a count, so a seed gives one game
TEST_PLAYOUTS = 6


def quick(player: ComputerPlayer, playouts: int = TEST_PLAYOUTS) -> ComputerPlayer:
    """A searching player (game/ai/search.py) bounded by a few playouts instead of a
    time, so a test is quick and gives the same game on every machine; others as they are."""
    if getattr(player, "wants_world", False):
        player.seconds, player.playouts = None, playouts  # type: ignore[attr-defined]
    return player


class Checked:
    """A player that fails the test the moment it picks an action outside its legal list."""

    def __init__(self, inner: ComputerPlayer) -> None:
        self.inner = quick(inner)
        self.name = inner.name
        self.wants_world = getattr(inner, "wants_world", False)
        self.choices = 0

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               world: State | None = None) -> Action:
        action = (self.inner.choose(view, legal, rng, world=world) if self.wants_world
                  else self.inner.choose(view, legal, rng))
        assert action in legal or _equal_form(view, action, legal), \
            (self.name, view.get("seat"), action, list(legal))
        self.choices += 1
        return action


def _equal_form(view: dict[str, Any], action: Action, legal: Sequence[Action]) -> bool:
    """A listed play in other cards of the seat's own hand (Dou Dizhu lists one choice
    of suits for each play and takes any)."""
    hand = set((view.get("zones") or {}).get(f"hand/{view.get('seat')}") or ())
    return all(c.code in hand for c in action.cards) and any(
        a.kind == action.kind and a.value == action.value and len(a.cards) == len(action.cards)
        for a in legal)


def assert_true_result(state: State, players: Sequence[Checked]) -> None:
    """Every player chose, the winners are exactly the seats with the top score, and the
    log replays (through JSON, as a save would) to the same result."""
    assert all(p.choices > 0 for p in players), [p.choices for p in players]
    result = state.result()
    scores, winners = result["scores"], result["winners"]
    assert len(scores) == state.seats
    assert winners == [s for s in range(state.seats) if scores[s] == max(scores)], result
    again = replay_log(json.loads(json.dumps(state.log())))
    assert again.over and again.result() == result
