"""The kiosk: the demo plays every game by itself with captions and title cards, hands over
at a key or click, comes back when left alone, quits only at its chord, and survives an
error in a game (logged with the game's replayable log)."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest

from game import GAMES
from game.engine import replay_log
from scenes.i18n import tr
from scenes.screens.kiosk import Kiosk
from scenes.screens.kiosk.card import TitleCard
from scenes.screens.kiosk.errors import ErrorLog, game_logs, log_dir
from scenes.screens.kiosk.still_there import StillThere
from scenes.table import TableScene
from scenes.table.captions import Captions
from scenes.tables.bocce import BocceAdapter
from tests.scenes.tablekit import make_app


def start(display: Any, speed: str = "instant", size: tuple[int, int] = (1280, 720),
          **kw: Any) -> tuple[Any, Kiosk]:
    """An app with a kiosk at a quick pace (no thinking, short cards and results)."""
    app = make_app(display, speed, size)
    options = dict(think=(0.0, 0.0), card=0.05, result=0.1, seed=7)
    kiosk = Kiosk(app, **{**options, **kw})
    kiosk.start()
    return app, kiosk


def run(app: Any, kiosk: Kiosk, until: Callable[[], bool], limit: int = 6000,
        events: Callable[[int], list] = lambda i: []) -> int:
    """Frames (the computers' thoughts waited for) until ``until()``; how many it took."""
    for i in range(limit):
        if until():
            return i
        if kiosk.table is not None:
            kiosk.table.client.session.computers.wait_all()
        app.frame(1 / 60, events(i))
    raise AssertionError(f"not there after {limit} frames")


def keydown(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=mod)


@pytest.mark.slow
def test_the_demo_plays_every_game_with_title_cards_and_captions(display, monkeypatch):
    captions: set[str] = set()
    real_add = Captions.add

    def add(self, text):
        captions.add(text)
        real_add(self, text)
    monkeypatch.setattr(Captions, "add", add)
    app, kiosk = start(display)
    cards: list[TitleCard] = []

    def watch() -> bool:
        top = app.stack.top
        if isinstance(top, TitleCard) and top not in cards:
            cards.append(top)
        return all(kiosk.played[key] >= 1 for key in GAMES) and len(cards) > len(GAMES)

    frames = run(app, kiosk, watch, limit=8000)
    assert frames > 200 and kiosk.errors == 0
    assert [c.title for c in cards[:len(GAMES)]] == [GAMES[k].title for k in kiosk.keys]
    assert all(c.rule is not None and c.rule.text for c in cards)
    assert "Computer players: South (" in cards[0].players
    assert any(c.startswith("The pallino is ") for c in captions)
    assert any(" wins the trick: " in c for c in captions)
    assert not pygame.mouse.get_visible(), "no cursor during the demo"
    assert app.running


@pytest.mark.slow
def test_a_key_hands_the_visitor_the_game_on_screen_in_the_seat_it_was_watched_from(display):
    """A visitor's key opened the title menu instead of the game being shown."""
    app, kiosk = start(display, idle=30.0)
    run(app, kiosk, lambda: isinstance(app.stack.top, TableScene)
        and app.stack.top.client.session.version > 2)
    demo = app.stack.top
    log = demo.client.session.log()
    app.frame(1 / 60, [keydown(pygame.K_DOWN)])
    taken = app.stack.top
    assert isinstance(taken, TableScene) and taken is not demo
    assert list(app.stack) == [app.menu(), taken], "the menu under it"
    assert not kiosk.demo and pygame.mouse.get_visible()
    assert taken.seat == demo.human_seat and not taken.watching
    assert taken.client.session.log() == log, "the same game, as it stood"
    assert taken.captions is None
    assert demo.client.session.computers._executor is None, "the demo's session was closed"


@pytest.mark.slow
def test_a_key_leaves_the_demo_for_the_menu_and_idle_time_brings_it_back(display):
    app, kiosk = start(display, idle=30.0)
    run(app, kiosk, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    app.frame(1 / 60, [keydown(pygame.K_DOWN)])
    assert table.client.session.computers._executor is None, "the demo's game was closed"
    assert table not in list(app.stack)
    app.back_to_menu()                                # the visitor leaves the game
    menu = app.menu()
    assert app.stack.top is menu and len(app.stack) == 1
    for _ in range(19):   # someone reads the menu without touching anything...
        app.frame(1.0, [])
    assert app.stack.top is menu
    app.frame(1.0, [])    # ... for 20 s: the last 10 s before the demo say so
    warning = app.stack.top
    assert isinstance(warning, StillThere) and warning.seconds() == 10
    app.frame(1.0, [])
    assert app.stack.top is warning and warning.seconds() == 9
    app.frame(1.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                       buttons=(0, 0, 0))])
    assert app.stack.top is menu, "moving the mouse answers it"
    for _ in range(28):   # ... moved the mouse: the 30 seconds start again
        app.frame(1.0, [])
    assert isinstance(app.stack.top, StillThere)
    app.frame(1.0, [])
    assert kiosk.demo and app.stack.top is not menu and not pygame.mouse.get_visible()
    assert isinstance(app.stack.top, TitleCard) or app.stack.top is kiosk.table, \
        "the next game's card (gone within that long a frame), then its table"


@pytest.mark.slow
def test_a_half_played_game_is_warned_about_before_the_demo_takes_it(display):
    app, kiosk = start(display, idle=30.0)
    run(app, kiosk, lambda: isinstance(app.stack.top, TableScene))
    app.frame(1 / 60, [keydown(pygame.K_DOWN)])
    app.start_game("bocce")                           # a person plays
    app.frame(1 / 60, [])
    table = app.stack.top
    assert isinstance(table, TableScene) and not kiosk.demo
    for _ in range(21):
        app.frame(1.0, [])
    warning = app.stack.top
    assert isinstance(warning, StillThere) and warning.seconds() == 9
    assert app.stack.visible() == [table, warning], "over the game, which waits under it"
    app.frame(1 / 60, [keydown(pygame.K_ESCAPE)])
    assert app.stack.top is table, "the key answered the warning and did nothing else"
    assert not kiosk.demo and kiosk.idle_for < 1.0
    for _ in range(30):
        app.frame(1.0, [])
    assert kiosk.demo and table not in list(app.stack), "unanswered, the demo comes back"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_every_demo_game_is_a_short_form_and_its_card_says_so_under_how_to_play(display, size):
    app, kiosk = start(display, card=30.0, size=size)
    for key in kiosk.keys:
        demo = GAMES[key].demo.options
        assert demo, f"{key} has a short form"
        assert GAMES[key].resolve_options(demo) != GAMES[key].resolve_options({})
        kiosk.next_game()
        card = app.stack.top
        assert isinstance(card, TitleCard) and card.title == GAMES[key].title
        assert card.howto and card.short.startswith("A short ")
        card.draw(pygame.Surface(size))
        assert card.boxes["players"].bottom < card.boxes["rule"].top
        assert card.boxes["rule"].bottom < card.boxes["hint"].top
    assert "to 10 points" in tr("kiosk.short.bocce", **GAMES["bocce"].demo.options)


@pytest.mark.slow
def test_a_click_leaves_the_demo_from_its_title_card_and_clicks_nothing(display):
    app, kiosk = start(display, card=30.0)
    app.frame(1 / 60, [])
    card = app.stack.top
    assert isinstance(card, TitleCard)
    waiting = kiosk.table
    pos = app.menu().focus.buttons[0].rect.center      # where the first game's button lies
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                          buttons=(0, 0, 0))])
    assert app.stack.top is card, "moving the mouse is not a click"
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert app.stack.top is app.menu() and len(app.stack) == 1
    assert waiting.client.session.computers._executor is None, \
        "the game waiting behind its card was closed"


@pytest.mark.slow
def test_esc_never_quits_quit_goes_back_to_the_demo_and_the_chord_quits(display):
    app, kiosk = start(display)
    app.frame(1 / 60, [keydown(pygame.K_ESCAPE)])
    assert app.stack.top is app.menu() and app.running
    app.frame(1 / 60, [keydown(pygame.K_ESCAPE)])      # the menu's Esc: focus on Quit
    app.frame(1 / 60, [keydown(pygame.K_RETURN)])      # ... and Quit
    assert app.running and kiosk.demo
    app.frame(1 / 60, [pygame.event.Event(pygame.QUIT)])
    assert app.running, "closing the window does not end a kiosk"
    app.frame(1 / 60, [keydown(pygame.K_q, pygame.KMOD_LCTRL)])
    assert app.running
    app.frame(1 / 60, [keydown(pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)])
    assert not app.running


@pytest.mark.slow
def test_an_error_in_a_game_is_logged_with_its_log_and_the_demo_moves_on(display,
                                                                           monkeypatch):
    sessions = []
    real = BocceAdapter.caption

    def broken(self, event, layout):
        if event.kind == "lag_reveal" and not sessions:
            sessions.append(table_of(kiosk).client.session)
            raise RuntimeError("boom in a caption")
        return real(self, event, layout)

    monkeypatch.setattr(BocceAdapter, "caption", broken)
    app, kiosk = start(display)

    def table_of(k: Kiosk) -> TableScene:
        assert k.table is not None
        return k.table

    run(app, kiosk, lambda: kiosk.errors > 0)
    assert kiosk.errors == 1 and kiosk.demo
    path = log_dir() / "kiosk-errors.log"
    text = path.read_text(encoding="utf-8")
    assert "error in a demo game of bocce" in text and "RuntimeError: boom in a caption" in text
    [log] = game_logs(path)
    session = sessions[0]
    assert log == session.log()
    assert replay_log(log).history == session.state.history, "the log replays the game"
    run(app, kiosk, lambda: kiosk.played["briscola"] >= 1)
    assert kiosk.errors == 1, "the demo went on to the next game"


@pytest.mark.slow
def test_errors_in_a_row_wait_longer_and_longer_before_the_next_game(display, monkeypatch):
    app, kiosk = start(display, card=30.0)
    monkeypatch.setattr(TitleCard, "draw", lambda self, surface: 1 / 0)
    waits = []
    for _ in range(100):
        errors = kiosk.errors
        app.frame(0.5, [])
        if kiosk.errors > errors:
            waits.append(kiosk._next_in)
    assert waits[:5] == [0.0, 1.0, 3.0, 7.0, 15.0] and app.running


def test_the_error_log_is_bounded_and_never_stops_the_kiosk(tmp_path, monkeypatch):
    from scenes.screens.kiosk import errors

    monkeypatch.setattr(errors, "MAX_BYTES", 2000)
    log = ErrorLog(tmp_path / "logs" / "kiosk-errors.log")
    for i in range(40):
        log.write(f"error {i}", "Traceback\n  something", {"key": "bocce", "actions": [i]})
    assert log.path.stat().st_size < 2500
    assert (tmp_path / "logs" / "kiosk-errors.log.1").is_file()
    blocked = ErrorLog(tmp_path / "a-file" / "kiosk-errors.log")
    (tmp_path / "a-file").write_text("not a folder")
    blocked.write("error", "Traceback", None)   # says so on stderr, raises nothing


def test_a_log_cut_off_by_a_crash_gives_every_whole_game_log_and_skips_the_damaged_one(tmp_path):
    log = ErrorLog(tmp_path / "kiosk-errors.log")
    log.write("error 1", "Traceback", {"key": "bocce", "actions": [1]})
    log.write("error 2", "Traceback", {"key": "bisca", "actions": [2]})
    log.write("error 3", "Traceback", {"key": "bolola", "actions": [3]})
    whole = log.path.read_bytes()
    cut = whole[:whole.rindex(b'"actions":[3]')]          # the crash came mid-line
    log.path.write_bytes(cut + b"game log: [1, 2]\n" + b"game log: {\"k\xe9\n")
    assert game_logs(log.path) == [{"key": "bocce", "actions": [1]},
                                   {"key": "bisca", "actions": [2]}]


@pytest.mark.parametrize("demo, table, words", [
    (True, None, "error in a demo game"),
    (True, ("bocce", 7), "error in a demo game of bocce (seed 7)"),
    (False, None, "error in a person's game"),
    (False, ("briscola", 5), "error in a person's game of briscola (seed 5)"),
])
def test_the_error_heading_names_who_played_and_the_game(demo, table, words):
    from scenes.screens.kiosk import error_heading

    assert error_heading(demo, *(table or (None, None))) == words


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_title_card_fits_every_rule_in_the_window(display, size, lang, monkeypatch):
    import scenes.screens.rules_scene
    from scenes.screens.kiosk.rules import read_rules

    monkeypatch.setattr(scenes.screens.rules_scene, "language", lambda: lang)   # the rules' language
    app, kiosk = start(display, size=size, card=30.0)
    app.frame(1 / 60, [])
    card = app.stack.top
    for key in kiosk.keys:
        for rule in read_rules(key):
            card.rule = rule
            card._paint(size)
            box = card.boxes
            assert pygame.Rect(0, 0, *size).contains(box["rule"])
            assert box["players"].bottom < box["rule"].top < box["rule"].bottom < box["hint"].top
    assert card.players and card.title


def test_the_demo_keeps_its_pace_whatever_a_person_set(display):
    app, kiosk = start(display, speed="normal")
    app.frame(1 / 60, [keydown(pygame.K_a)])
    app.settings.animation_speed = "instant"     # a person changes the Settings
    app.quit()                                    # ... and chooses Quit: back to the demo
    assert kiosk.demo and app.settings.animation_speed == "normal"


def test_a_card_teaches_a_rule_of_the_game_a_different_one_each_time():
    import random

    from scenes.kit.richtext import parse
    from scenes.screens.kiosk.rules import RulePicker, read_rules, teachable

    rules = read_rules("briscola")
    texts = " ".join(r.text for r in rules)
    assert "**Venceslao.**" in texts and "**Culetto.**" in texts
    assert "**Liscio**" not in texts, "the glossary defines words: not a rule to teach"
    assert "**Direction and seats.**" not in texts, "nor what follows it"
    assert not any(r.text.startswith("*An original") for r in read_rules("bocce"))
    picker = RulePicker(random.Random(1))
    picks = [picker.pick("briscola") for _ in range(3 * len(rules))]
    assert set(picks) == set(rules)
    assert all(a != b for a, b in zip(picks, picks[1:])), "never the same one twice in a row"
    other = parse("# Gioco\n\n## Come si gioca\n\n**Le carte.** Quaranta carte, quattro semi "
                  "da dieci.\n\n## Glossario\n\n- **Presa**: le carte di un giro.\n")
    assert [r.heading for r in teachable(other)] == ["Come si gioca"], \
        "found by shape, whatever the headings say"
    assert picker.pick("scopa") is None, "a game without rules text: no rule"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_card_never_teaches_a_line_that_opens_what_it_does_not_show(lang, monkeypatch):
    """A paragraph ending in a colon opens the table or list after it: on the card it stood
    alone ("The nine deals, in this order, the deal passing one seat each time:", seen in
    the kiosk at 1280x720), every game and language."""
    import scenes.screens.rules_scene
    from scenes.kit.richtext import parse, plain
    from scenes.screens.kiosk.rules import read_rules, teachable

    monkeypatch.setattr(scenes.screens.rules_scene, "language", lambda: lang)
    for key in GAMES:
        rules = read_rules(key)
        assert rules, key
        assert not [r.text for r in rules if plain(r.text).rstrip().endswith(":")], key
    text = parse("## How to play\n\n**The deals**, in this order, each with its own rule:\n\n"
                 "**The cards.** Forty cards, four suits of ten, Ace high.\n")
    assert [r.text for r in teachable(text)] == ["**The cards.** Forty cards, four suits of "
                                                 "ten, Ace high."]


@pytest.mark.slow
def test_the_real_kiosk_runs_until_sigterm(tmp_path):
    """SIGTERM once the kiosk says it is up (READY=1, as to a service manager) ends it
    cleanly.  It was sent after three seconds, and under load that was before the
    kiosk's handler was set: the signal's default ended it (-15)."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from tests.scenes.ready_socket import started_until_ready

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAVOLATA_CONFIG_DIR=str(tmp_path / "c"), TAVOLATA_LOG_DIR=str(tmp_path / "log"))
    with started_until_ready([sys.executable, "main.py", "--kiosk", "--windowed"], env,
                             cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.poll() is None, "the kiosk keeps running by itself"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert not (tmp_path / "log").exists(), err


def test_the_demo_short_forms_are_options_and_seat_counts_the_games_allow():
    from game import GAMES

    for key, spec in GAMES.items():
        options, seats = spec.demo.options, spec.demo_seats
        assert seats in spec.seats
        for name, value in options.items():
            assert value in spec.options[name].allowed, (key, name, value)
        assert spec.new(options, seats, 1).to_act(), "the short form starts"


@pytest.mark.slow
def test_the_next_visitor_is_never_offered_the_game_the_last_one_left(display):
    """The next passer-by was offered the previous visitor's "Resume Bocce (hand 1, your
    turn)"; a game kept before the kiosk started stays."""
    from game.kept import kept_game
    from game.saves import Store

    app = make_app(display, "instant")
    kept_game(app.game_setup("bolola", 3), 0, paced=False).close()
    app, kiosk = start(display, idle=30.0)
    run(app, kiosk, lambda: isinstance(app.stack.top, TableScene))
    app.frame(1 / 60, [keydown(pygame.K_DOWN)])
    app.start_game("bocce")                           # a visitor plays
    table = app.stack.top
    run(app, kiosk, lambda: bool(table.legal()), limit=600)
    table.act(table.legal()[0])
    app.frame(1 / 60, [])
    assert {r.key for r in Store().resumables()[0]} == {"bocce", "bolola"}
    for _ in range(31):                               # the visitor walks away
        app.frame(1.0, [])
    assert kiosk.demo
    app.frame(1 / 60, [keydown(pygame.K_DOWN)])       # the next one: the game on screen,
    assert list(app.stack)[0] is app.menu()           # the menu under it
    assert [r.key for r in app.menu().records] == ["bolola"]
