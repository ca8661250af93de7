"""The screen's side of a game's registration: its table adapter, loaded loudly, and
every card of its pack painted ahead (jokers included)."""

from __future__ import annotations

import dataclasses

import pytest

from game import GAMES, KEYS
from game.engine import RegistrationError
from scenes.art.sprites import CardImages
from scenes.tables import TableAdapter, load_adapter
from tests.scenes.tablekit import make_app, open_table


@pytest.mark.parametrize("key", KEYS)
def test_every_game_registers_its_own_table_adapter(key):
    adapter = load_adapter(key)
    assert issubclass(adapter, TableAdapter) and adapter is not TableAdapter


def test_a_game_without_its_table_gets_an_error_not_the_bare_table(monkeypatch):
    monkeypatch.setitem(GAMES, "bocce", dataclasses.replace(
        GAMES["bocce"], table="scenes.tables.nosuch:ADAPTER"))
    with pytest.raises(RegistrationError, match="does not exist"):
        load_adapter("bocce")
    monkeypatch.setitem(GAMES, "bocce", dataclasses.replace(
        GAMES["bocce"], table="scenes.tables:LINGER_HOLD"))
    with pytest.raises(RegistrationError, match="not a TableAdapter"):
        load_adapter("bocce")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_table_paints_every_card_of_the_game_ahead_jokers_included(display, monkeypatch, key):
    wanted: list[str] = []
    warm = CardImages.warm

    def recording(self, codes, background=True):
        wanted.extend(c for c in codes if c)
        return warm(self, codes, background)

    monkeypatch.setattr(CardImages, "warm", recording)
    open_table(make_app(display), key, seed=1)
    assert set(wanted) == {c.code for c in GAMES[key].cards}
    if key == "doudizhu":
        assert {"BJ", "RJ"} <= set(wanted)


def test_points_on_a_plate_are_said_as_points_never_a_bare_number():
    """"Computer 3 0" read as one number: a name, then its score."""
    from scenes.tables import plate_points

    assert plate_points(0) == "0 points" and plate_points(1) == "1 point"
    assert plate_points(21) == "21 points"
