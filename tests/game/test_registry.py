"""One registration per game (game/__init__.py, GameSpec in game/engine.py): every game
names all its pieces, and a missing piece is a loud error, never a quiet default."""

from __future__ import annotations

import dataclasses
import random

import pytest

import game
from game import CATALOG, GAMES, KEYS, check_pieces, load_spec
from game.ai import computer_player
from game.ai.base import RandomPlayer
from game.cards import Card
from game.engine import (
    Demo,
    GameSpec,
    RegistrationError,
    Trial,
    load_piece,
    piece_exists,
    plain_label,
)


def test_every_listed_game_is_registered_and_the_catalog_is_the_registrations():
    assert tuple(GAMES) == KEYS
    assert CATALOG == tuple(GAMES[k] for k in KEYS)


def test_a_menu_writes_one_seat_count_alone_and_several_as_a_range():
    assert spec_without(seats=(2,)).seat_range == "2"
    assert spec_without(seats=(2, 3, 4, 5, 6)).seat_range == "2-6"


@pytest.mark.parametrize("key", KEYS)
def test_every_game_names_each_of_its_pieces_and_each_is_there(key):
    spec = GAMES[key]
    assert spec.cards and all(isinstance(c, Card) for c in spec.cards)
    assert callable(spec.label)
    assert callable(load_piece(spec.computers, key))
    assert spec.levels == ("easy", "normal", "hard")
    for level in spec.levels:
        assert callable(computer_player(key, level).choose)
    assert not isinstance(computer_player(key, "normal"), RandomPlayer)
    assert piece_exists(spec.table)
    assert spec.demo.options, "a demo is a short form of the game"
    assert spec.demo_seats in spec.seats


@pytest.mark.parametrize("key", KEYS)
def test_every_card_a_game_deals_is_one_of_its_registered_cards(key):
    spec = GAMES[key]
    state = spec.new(None, spec.seats[-1], 3)
    rng = random.Random(3)
    pack = set(spec.cards)
    for _ in range(60):
        held = [c for cs in state.true_zones().values() for c in cs]
        assert set(held) <= pack
        if state.over:
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_dou_dizhu_registers_its_jokers():
    codes = {c.code for c in GAMES["doudizhu"].cards}
    assert {"BJ", "RJ"} <= codes and len(codes) == 54
    assert GAMES["doudizhu"].deck == "french" and GAMES["bisca"].deck == "italian"


def spec_without(**change) -> GameSpec:
    return dataclasses.replace(GAMES["bocce"], **change)


def test_a_registration_that_lacks_a_piece_fails_when_made():
    with pytest.raises(TypeError, match="cards"):
        GameSpec("x", "X", (2,), lambda o, n, s: None, label=plain_label,
                 computers="game.ai.bocce:player", table="scenes.tables.bocce:ADAPTER",
                 demo=Demo())                                         # type: ignore[call-arg]
    with pytest.raises(RegistrationError, match="cards"):
        spec_without(cards=())
    with pytest.raises(RegistrationError, match="package.module:NAME"):
        spec_without(table="scenes.tables.bocce")
    with pytest.raises(RegistrationError, match="demo options"):
        spec_without(demo=Demo({"target": 7}))
    with pytest.raises(RegistrationError, match="trial options"):
        spec_without(trial=Trial({"target": 7}))
    with pytest.raises(RegistrationError, match="trial is for 3 players"):
        spec_without(trial=Trial(seats=3))
    with pytest.raises(RegistrationError, match="demo is for 3 players"):
        spec_without(demo=Demo({}, seats=3))
    with pytest.raises(RegistrationError, match="mixes"):
        spec_without(cards=(Card.parse("AS"), Card.parse("Ad")))


def test_a_piece_that_is_not_there_fails_at_import_not_with_a_default():
    with pytest.raises(RegistrationError, match="computers"):
        check_pieces(spec_without(computers="game.ai.nosuch:player"))
    with pytest.raises(RegistrationError, match="table"):
        check_pieces(spec_without(table="scenes.tables.nosuch:ADAPTER"))
    with pytest.raises(RegistrationError, match="game.nosuch does not exist"):
        load_spec("nosuch")
    with pytest.raises(RegistrationError, match="has no nothing"):
        load_piece("game.ai.bocce:nothing")


def test_a_piece_of_a_module_imported_already_is_not_looked_for_on_disk(monkeypatch):
    import game.engine

    load_piece("game.ai.bocce:player")
    monkeypatch.setattr(game.engine, "piece_exists", lambda ref: pytest.fail(f"looked for {ref}"))
    assert callable(load_piece("game.ai.bocce:player"))
    with pytest.raises(RegistrationError, match="has no nothing"):
        load_piece("game.ai.bocce:nothing")


def test_a_game_without_its_computer_player_gets_an_error_not_random_play(monkeypatch):
    monkeypatch.setitem(GAMES, "bocce", spec_without(computers="game.ai.nosuch:player"))
    with pytest.raises(RegistrationError):
        computer_player("bocce", "normal")
    with pytest.raises(ValueError, match="no computer level 'master'"):
        computer_player("briscola", "master")


def test_the_engine_registers_without_importing_the_screen():
    import subprocess
    import sys

    code = ("import sys, game, game.ai; "
            "print(sorted(m for m in sys.modules if m.startswith(('scenes', 'pygame'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, cwd=game.__path__[0] + "/..")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
def test_a_game_named_in_tavolata_games_is_registered_there_and_nowhere_else():
    """The tests' own game runs in every test (tests/conftest.py names it), after the
    listed games; a program started without TAVOLATA_GAMES, as the shipped one is, has
    only the listed games."""
    import os
    import subprocess
    import sys

    assert KEYS[-1] == "highcard" and GAMES["highcard"].assets is not None
    env = {k: v for k, v in os.environ.items() if k != game.MORE_GAMES}
    out = subprocess.run([sys.executable, "-c", "import game; print(' '.join(game.KEYS))"],
                         capture_output=True, text=True, timeout=60, env=env,
                         cwd=game.__path__[0] + "/..")
    assert out.returncode == 0, out.stderr
    assert "highcard" not in out.stdout.split() and out.stdout.split()


def test_a_game_registered_twice_is_refused_in_words():
    with pytest.raises(RegistrationError, match="'highcard' is registered already"):
        game.register("tests.games.highcard")
    with pytest.raises(RegistrationError, match="does not exist"):
        game.register("tests.games.nosuch")


@pytest.mark.parametrize("key", KEYS)
def test_every_legal_action_has_words_in_every_language_from_the_game_s_label(key):
    from game.i18n import languages

    spec = GAMES[key]
    state = spec.new(None, spec.seats[0], 5)
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(200):
        if state.over:
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            phrase = spec.label(action)
            assert phrase.key.startswith(f"{key}.action.") or phrase.key.startswith("engine.action.")
            assert phrase.key != "engine.action.other", f"{key} labels {action} itself"
            seen.add(phrase.key)
            for lang in languages():
                for form in ("", "short"):
                    words = phrase.words(lang, form)
                    assert words and "{" not in words and f"{key}.action" not in words, words
        state.apply(seat, rng.choice(legal))
    assert seen
