"""The cues' sounds: your turn coming, a trick you took, a deal's end."""

from __future__ import annotations

import importlib

from game import GAMES
from game.engine import Event
from game.session import Update
from game.spoken.cues import DEAL_END, DEAL_END_KINDS, TRICK, TRICK_KINDS, TURN, cues


def update(events=(), to_act=(), seat=0, result=None) -> Update:
    return Update(seat, 1, None, tuple(events), {"zones": {}}, (), tuple(to_act), result)


def test_your_turn_sounds_as_it_comes_not_while_it_stays():
    assert cues(update(to_act=(0,)), 0, was_my_turn=False) == [TURN]
    assert cues(update(to_act=(0,)), 0, was_my_turn=True) == []
    assert cues(update(to_act=(1,)), 0, was_my_turn=False) == []
    assert cues(update(to_act=(0,), result={"winners": [0]}), 0, False) == []


def test_a_trick_sounds_only_for_the_seat_that_took_it():
    won = Event("trick_won", 0, {"cards": ["Kc", "Ac"], "points": 21})
    assert cues(update([won]), 0, False) == [TRICK]
    assert cues(update([won]), 1, False) == []
    assert cues(update([won]), None, False) == []          # a spectator took nothing


def test_the_end_of_a_deal_sounds_for_everyone_then_the_turn():
    scored = Event("hand_scored", None, {"hand": 1})
    assert cues(update([scored], to_act=(1,), seat=1), 1, False) == [DEAL_END, TURN]


def test_each_cues_events_are_ones_a_game_sends():
    """A renamed event would leave its cue silent: every kind named is some game's."""
    kinds = set()
    for key, spec in GAMES.items():
        kinds |= set(_views(key, spec.factory.__module__).EVENTS)
    assert TRICK_KINDS <= kinds and DEAL_END_KINDS <= kinds


def _views(key: str, module: str):
    """A game's views module: game/views/KEY.py for the shipped games, views.py beside
    its state for a game that lives elsewhere (tests/games)."""
    try:
        return importlib.import_module(f"game.views.{key}")
    except ModuleNotFoundError:
        return importlib.import_module(module.rsplit(".", 1)[0] + ".views")
