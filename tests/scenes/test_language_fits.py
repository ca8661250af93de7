"""The screens in both languages (Italian runs about a fifth longer than English) at
the smallest window, 800x500, and at 1280x720: no words cut by the window's edge, no
button out of its screen's panel, no label out of its button or onto the value of its
row, and on the tables no words on words or cards (tablekit.layout_problems, the check
the English table tests make); and the language switched over a game rewords it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game import GAMES
from game.i18n import translate
from game.net.relays import relay_setting
from game.saves import Record
from scenes.i18n import language
from scenes.kit import theme
from scenes.table.result import ResultScene
from tests.scenes.tablekit import (
    labels,
    layout_problems,
    make_app,
    open_table,
    play_until,
    started,
    state_of,
    think,
    trial,
    watch,
)

SIZES = [(800, 500), (1280, 720)]


@pytest.fixture(params=["en", "it"])
def lang(request, monkeypatch):
    """New settings take the system's language: an English system, an Italian one."""
    monkeypatch.setenv("LANGUAGE", request.param)
    return request.param


class Words:
    """Every line :func:`theme.text` and a screen's text cache draw, with where it went."""

    def __init__(self, monkeypatch) -> None:
        from scenes.kit.hud import TextCache

        self.drawn: list[tuple[str, pygame.Rect]] = []
        real, cached = theme.text, TextCache.blit

        def text(surface, font, words, *args, **kw):
            rect = real(surface, font, words, *args, **kw)
            self.drawn.append((words, pygame.Rect(rect)))
            return rect

        def blit(cache, surface, words, *args, **kw):
            rect = cached(cache, surface, words, *args, **kw)
            self.drawn.append((words, pygame.Rect(rect)))
            return rect

        monkeypatch.setattr(theme, "text", text)
        monkeypatch.setattr(TextCache, "blit", blit)

    def of(self, scene: Any, size: tuple[int, int]) -> list[tuple[str, pygame.Rect]]:
        self.drawn = []
        surface = pygame.Surface(size)
        scene.resize(size)
        scene.draw(surface)
        return list(self.drawn)


def problems(scene: Any, drawn: list[tuple[str, pygame.Rect]], size: tuple[int, int]) -> list[str]:
    """Words outside the window; a button out of the screen's panel; a button's label out of
    its button, or over its row's value."""
    window = pygame.Rect((0, 0), size)
    out = [f"cut by the window: {w!r} {r}" for w, r in drawn
           if w.strip() and not window.contains(r)]
    focus = getattr(scene, "focus", None)
    arrows = getattr(scene, "_arrows", {})
    panel = getattr(scene, "_panel", None)
    for b in (focus.buttons if focus is not None else []):
        if b.rect.w <= 0 or b.rect.h <= 0:
            continue
        if panel is not None and panel.w and not panel.contains(b.rect):
            out.append(f"out of the panel: {b.label!r} {b.rect} in {panel}")
        mine = [r for w, r in drawn if w == b.label and r.colliderect(b.rect)]
        if not mine:
            out.append(f"not drawn: {b.label!r}")
        for r in mine:
            if not b.rect.contains(r):
                out.append(f"out of its button: {b.label!r} {r} in {b.rect}")
            if b.key in arrows and r.right > arrows[b.key][0].left:
                out.append(f"onto its value: {b.label!r} {r} (value from {arrows[b.key][0].left})")
        if b.hint:
            hints = [r for w, r in drawn if w == b.hint and r.colliderect(b.rect)]
            out += [f"hint out of its button: {b.hint!r}" for r in hints if not b.rect.contains(r)]
            out += [f"hint on its label: {b.hint!r}" for r in hints for m in mine if r.colliderect(m)]
    for key, (left, right) in arrows.items():       # a row's value between its arrows
        marks = [r for w, r in drawn if w in ("‹", "›") and r.colliderect(left.union(right))]
        middle = pygame.Rect(left.right, left.y, right.left - left.right, left.h)
        out += [f"value on its arrows: {w!r} {r} ({key})" for w, r in drawn
                if w not in ("‹", "›") and middle.collidepoint(r.center)
                and r.collidelist(marks) >= 0]
    return out


def on_buttons(scene: Any, drawn: list[tuple[str, pygame.Rect]]) -> list[str]:
    """Words of the screen (not a button's own) over a button: a key line under the
    buttons, a title over them."""
    buttons = [b for b in scene.focus.buttons if b.rect.w > 0 and b.rect.h > 0]
    own = {w for b in buttons for w in (b.label, b.hint)}
    return [f"{w!r} {r} on the button {b.label!r} {b.rect}" for w, r in drawn
            if w.strip() and w not in own for b in buttons if r.colliderect(b.rect)]


def cramped(scene: Any, drawn: list[tuple[str, pygame.Rect]]) -> list[str]:
    """Buttons whose label runs (nearly) edge to edge: less than a quarter of the button's
    height free on either side."""
    out = []
    for b in scene.focus.buttons:
        for words, r in drawn:
            if words == b.label and r.colliderect(b.rect) and \
                    min(r.left - b.rect.left, b.rect.right - r.right) < b.rect.h // 4:
                out.append(f"edge to edge: {b.label!r} {r} in {b.rect}")
    return out


def app_in(lang, display, size):
    app = make_app(display, "instant", size)
    assert language() == app.settings.language == lang
    return app


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_and_the_settings_fit_in_either_language(display, lang, monkeypatch, size):
    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    menu = app.menu()
    assert menu.focus.button("settings").label == translate(lang, "ui.menu.settings")
    assert problems(menu, words.of(menu, size), size) == []
    app.open_settings()
    settings = app.stack.top
    assert settings.focus.button("back").label == translate(lang, "ui.back")
    assert problems(settings, words.of(settings, size), size) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_new_game_screen_fits_in_either_language(display, lang, monkeypatch, game, size):
    from scenes.screens.setup_scene import SetupScene

    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    scene = SetupScene(app, game)
    app.stack.push(scene)
    assert scene.focus.button("play").label == translate(lang, "setup.play")
    assert problems(scene, words.of(scene, size), size) == []
    for button in list(scene.focus.buttons):     # each row focused: its line of help shows
        scene.focus.focus_key(button.key)
        assert problems(scene, words.of(scene, size), size) == [], button.key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_host_setup_screen_fits_in_either_language_at_800x500(display, lang, monkeypatch,
                                                                     game):
    """Hosting online, a seat open for a friend says so on its row ("Normale se vuoto o
    assente"): its value stays clear of its arrows, at the most players."""
    from scenes.screens.setup_scene import SetupScene

    size = (800, 500)
    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    scene = SetupScene(app, game, on_play=lambda setup: None, online=True)
    app.stack.push(scene)
    scene._set_count(max(GAMES[game].seats))
    scene._build()
    assert any(b.key.startswith("level:") for b in scene.focus.buttons)
    assert problems(scene, words.of(scene, size), size) == []


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_of_every_game_fits_in_either_language(display, lang, monkeypatch, game, size):
    """The table as it first waits for you and a few of your moves on: its words in the
    language, none on another or on a card, none cut by the window."""
    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    table = started(app, game, seed=3)
    seen: set[str] = set()
    for _ in range(6):
        if app.stack.top is not table:
            break
        seen |= layout_problems(table)
        seen |= set(problems(table, words.of(table, size), size))
        legal = table.legal()
        if not legal:
            break
        table.act(legal[0])
        for _ in range(400):
            if app.stack.top is not table or (not table.busy and (table.my_turn() or table.over)):
                break
            think(table)
            app.frame(1 / 60, [])
    assert seen == set()


@pytest.mark.parametrize("size", SIZES)
def test_the_replays_list_fits_in_either_language(display, lang, monkeypatch, size):
    """The finished games, Close and the key line under them ("Chiudi" lay on the key
    line at 800x500)."""
    from game.session import GameSetup
    from scenes.screens.replay_scene import ReplayListScene

    class Kept:
        def finished(self) -> list:
            return [(Path(f"{i}.json"), Record(GameSetup.computers(key, seed=i), 0, saved=i))
                    for i, key in enumerate(sorted(GAMES) * 3)]

    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    scene = ReplayListScene(app, Kept())
    app.stack.push(scene)
    drawn = words.of(scene, size)
    assert problems(scene, drawn, size) + on_buttons(scene, drawn) == []


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_result_of_a_briscola_match_fits_in_either_language(display, lang, monkeypatch, size):
    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    table = started(app, "briscola", seed=3, options={"games": 1})
    play_until(app, table, lambda: isinstance(app.stack.top, ResultScene))
    result = app.stack.top
    assert isinstance(result, ResultScene)
    assert result.focus.button("again").label == translate(lang, "table.result.play_again")
    assert problems(result, words.of(result, size), size) == []


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_stretch_of_every_game_in_italian_at_800x500_lays_no_words_on_words(
        display, monkeypatch, game):
    """What the English whole-game tests check, in Italian at the smallest window: banners,
    pops, prompts, plates and labels of a whole game (Bolola: its first deal) stay clear
    of each other and of the cards at rest, inside the window."""
    monkeypatch.setenv("LANGUAGE", "it")
    app = make_app(display, "fast", (800, 500))
    setup, act, enough = trial(game)
    table = open_table(app, game, push=False, think_delay=(0.05, 0.1), **setup)
    app.stack.push(table)
    problems = watch(app, table, act, lambda: enough(state_of(table)), limit=20000)
    assert problems == set()
    table.close()


#: every table the games lay: each game at each of its seat counts
TABLES = [(key, n) for key in sorted(GAMES) for n in GAMES[key].seats]
#: the window and the "table cards and text" setting: the smallest window at the usual
#: and the largest setting, and the largest setting where it has all its room
FITS = [((800, 500), 1.0), ((800, 500), 1.5), ((1280, 720), 1.5)]
#: tables seen laying words on words elsewhere: a spectator's at 900x560 (every game),
#: a middle window at the largest setting, the largest window
ELSEWHERE = [(key, GAMES[key].seats[0], "en", (900, 560), 1.0, None) for key in sorted(GAMES)] \
    + [("briscola", 3, "it", (1000, 640), 1.5, 0), ("doudizhu", 3, "en", (1920, 1080), 1.0, 0)]


def _sweep_cases() -> list[Any]:
    """Italian (the longer words) at every fit; English at the tightest; then elsewhere."""
    cases = [(game, seats, lang, size, scale, 0) for game, seats in TABLES
             for lang in ("it", "en") for size, scale in (FITS if lang == "it" else FITS[1:2])]
    return [pytest.param(game, seats, lang, size, scale, seat,
                         id=f"{game}{seats}-{lang}-{size[0]}x{size[1]}-{scale}"
                         + ("-watching" if seat is None else ""))
            for game, seats, lang, size, scale, seat in cases + ELSEWHERE]


@pytest.mark.slow
@pytest.mark.parametrize("game, seats, lang, size, scale, seat", _sweep_cases())
def test_every_table_in_every_phase_lays_no_words_on_words(display, monkeypatch, game, seats,
                                                           lang, size, scale, seat):
    """Every game at every seat count, through the phases of a stretch of play (each
    frame the table waits for you, and every few frames between), in either language, at
    800x500 and at the largest table text: no words on words, cards or buttons, no two
    panels touching, no two zones' cards run together (tablekit.layout_problems)."""
    monkeypatch.setenv("LANGUAGE", lang)
    app = make_app(display, "fast", size)
    app.settings.table_scale = scale
    setup, act, enough = trial(game, seats, seat)
    table = open_table(app, game, push=False, think_delay=(0.05, 0.1), **setup)
    table.corner.can_undo = lambda: True     # as a game the app keeps offers after a move
    app.stack.push(table)
    # a check every 2/15 s of play and whenever it waits
    problems = watch(app, table, act, lambda: enough(state_of(table)), every=2, dt=1 / 15,
                     limit=20000)
    table.close()
    assert problems == set(), sorted(problems)


#: the online tables the issue saw laying words on words that no local table shows: the
#: host's own (its plate says its name) at 1000x640 with the largest text (the score box
#: over the trump badge), and a guest watching (its table's watching strip, the host's
#: phrases in bubbles) at 900x560 ("Last trick L" over a plate, a phrase's bubble over
#: the card order)
ONLINE = [("host", "it", (1000, 640), 1.5), ("watching", "en", (900, 560), 1.0)]
#: a friend at the host's table: one who dropped ("Il computer gioca per Bruno" on the
#: plate, the prompt saying the computer plays for them) at 800x500 at the usual and the
#: largest text, in either language, and one whose name is 24 letters long, who stays
ONLINE += [("dropped", lang, (800, 500), scale) for lang, scale in
           (("it", 1.0), ("it", 1.5), ("en", 1.5))] + \
    [("long", lang, (800, 500), 1.5) for lang in ("it", "en")]


def _online_cases() -> list[Any]:
    return [pytest.param(game, who, lang, size, scale,
                         id=f"{game}-{who}-{lang}-{size[0]}x{size[1]}-{scale}")
            for game in sorted(GAMES) for who, lang, size, scale in ONLINE]


@pytest.mark.slow
@pytest.mark.parametrize("game, who, lang, size, scale", _online_cases())
def test_every_online_table_lays_no_words_on_words(display, monkeypatch, game, who, lang, size,
                                                   scale):
    """What the sweep above checks of a local table, at an online host's and a
    spectator's, through the game's stretch of play (its trial); at a host's whose friend
    dropped (a computer playing for them) or has a name of 24 letters."""
    from scenes.table.scene import TableScene
    from tests.scenes.onlinekit import FRIEND, LONG_NAME, moved_on, online

    monkeypatch.setenv("LANGUAGE", lang)
    app = make_app(display, "fast", size)
    app.settings.table_scale = scale
    _, act, enough = trial(game)
    friend = {"dropped": FRIEND, "long": LONG_NAME}.get(who)
    with online(game, GAMES[game].trial_seats, who == "watching", friend,
                leaves=who == "dropped") as (host, client, staying):
        table = TableScene(app, client, think_delay=(0.05, 0.1))
        app.stack.push(table)
        problems = watch(app, table, act, lambda: enough(host.session.state), every=4, dt=1 / 30,
                         limit=20000, moved=moved_on(host, table, staying))
        if friend is not None:      # named whole, where a plate cuts a long name short
            assert table.adapter.seat_name(1, table.layout) == friend
        app.back_to_menu()
    assert problems == set(), sorted(problems)


def test_switching_over_a_paused_table_rewords_the_table_and_its_menus(display, monkeypatch):
    """Settings from the pause menu: after the switch the pause menu's buttons, the table's
    prompt, labels and choice bar are in the new language, and nothing is left to tell."""
    from scenes.screens.settings_scene import SettingsScene
    from scenes.table.result import PauseScene

    app = make_app(display, "instant", (800, 500))
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda text, seconds=3.0: told.append(text))
    table = started(app, "bisca", seed=3)           # you bet: a bar of buttons and a prompt
    assert table.hud.prompt.startswith("Your bet")
    app.stack.push(PauseScene(app, table))
    app.stack.top.settings()
    assert isinstance(app.stack.top, SettingsScene)
    app.change_setting("language", "it")
    assert told == []
    # the table under the menus is not updated, only drawn: its bar and prompt, seen
    # dimmed behind the pause menu, are in the new words already
    assert table.bar.title == translate("it", "bisca_table.bet_title", cards=5)
    assert table.hud.prompt.startswith("La tua puntata")
    app.stack.pop()
    pause = app.stack.top
    assert [b.label for b in pause.focus.buttons][0] == translate("it", "table.pause.resume")
    app.stack.pop()
    app.frame(1 / 60, [])
    assert table.hud.prompt.startswith("La tua puntata")
    assert table.bar.title == translate("it", "bisca_table.bet_title", cards=5)
    assert translate("it", "bisca_table.deck") in labels(table)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_menu_offering_to_resume_each_game_fits_at_800x500(display, lang, monkeypatch, game):
    """"Riprendi Briscola Venceslao (partita 1, tocca a te)": the longest line of the menu."""
    words = Words(monkeypatch)
    size = (800, 500)
    app = app_in(lang, display, size)
    from tests.scenes.test_keeping import moves, start

    moves(app, start(app, game), 1)          # a game kept for Resume, as the menu offers it
    app.back_to_menu()
    menu = app.stack.top
    assert menu.focus.button("resume").label.startswith(translate(lang, "kept.resume_plain",
                                                                  game=GAMES[game].title))
    assert problems(menu, words.of(menu, size), size) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_play_online_pages_fit_in_either_language_with_room_in_each_button(
        display, lang, monkeypatch, size):
    """Play online's first page (Host a private table, Open a public table...), the join
    form and the games to host: the panel is as wide as its longest row of labels needs
    ("Ospita un tavolo privato" filled its button edge to edge at 800x500)."""
    from scenes.screens.online.play import CHOOSE, OnlineScene

    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    app.relay = relay_setting("127.0.0.1:9")
    scene = OnlineScene(app)
    app.stack.push(scene)
    for show in (lambda: None, scene.show_join, lambda: scene._switch(CHOOSE), scene.show_pick):
        show()
        for button in scene.focus.buttons:           # the focused label is bold: each
            scene.focus.focus_key(button.key)
            drawn = words.of(scene, size)
            assert problems(scene, drawn, size) == [], scene.mode
            assert cramped(scene, drawn) == [], scene.mode


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("opened", [False, True])
def test_the_hosts_pause_menu_with_its_codes_fits_in_either_language(display, lang, size,
                                                                      opened):
    """The room's codes and the relay's news (or its code) over six buttons: the panel in
    the window, every button in the panel, every line under the title and over the
    buttons."""
    from game.net import Host, protocol
    from scenes.table.result import PauseScene
    from scenes.table.scene import TableScene
    from tests.game.net.helpers import relay_here, table_of_friends, until

    app = app_in(lang, display, size)
    with relay_here() as (_, port):
        app.settings.relay = f"127.0.0.1:{port if opened else 9}"
        host = Host(table_of_friends("briscola", 3, 4), name="Anna", listen="127.0.0.1",
                    port=0, relay=("127.0.0.1", port) if opened else ("127.0.0.1", 9),
                    autostart=False, stand_in="random", paced=False, limits=protocol.QUICK).start()
        try:
            assert host.wait_ready(5.0) and host.begin()
            until(lambda: host.status().relay_code if opened else host.status().problem)
            table = TableScene(app, host.client)
            app.stack.push(table)
            menu = PauseScene(app, table)
            app.stack.push(menu)
            app.frame(1 / 60, [])
            assert len(menu.lines()) == 4 and len(menu.focus.buttons) == (5 if opened else 6)
            assert menu.lines()[1] == (translate(lang, "net.dealt_by_you"), "")
            window = pygame.Rect((0, 0), size)
            assert window.contains(menu.panel), (menu.panel, size)
            assert all(menu.panel.contains(b.rect) for b in menu.focus.buttons)
        finally:
            app.back_to_menu()
            host.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_relay_settings_and_the_services_refusals_fit_the_first_online_page(
        display, lang, monkeypatch, size):
    """Each of the words a relay setting or the relay service may leave on the first Play
    online page stands between the relay's field and the buttons ("The relay service's
    key has changed ..." took four lines at 800x500 and ran over both)."""
    from scenes.screens.online.play import OnlineScene

    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    scene = OnlineScene(app)
    app.stack.push(scene)
    for key in ("net.service_changed", "net.not_service", "net.service_refused",
                "net.bad_relay", "net.bad_fingerprint", "net.too_many_relays"):
        scene.problem = translate(lang, key)
        drawn = words.of(scene, size)
        assert problems(scene, drawn, size) == [], key
        field = scene.relay_entry.rect
        top = min(button.rect.top for button in scene.focus.buttons)
        labels = {button.label for button in scene.focus.buttons}
        said = [rect for text, rect in drawn
                if text and text in scene.problem and text not in labels]
        assert said and all(field.bottom <= rect.top and rect.bottom <= top
                            for rect in said), key


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_command_lines_relay_is_named_within_the_first_online_pages_panel(
        display, lang, monkeypatch, size):
    """``--relay`` with the service's fingerprint (or several gateways): "Relay: ... (given
    on the command line)" ran some 640 pixels wide, past both sides of the panel at
    800x500.  The address is cut short where it must, and the line still says where the
    relay comes from."""
    from scenes.screens.online.play import OnlineScene

    words = Words(monkeypatch)
    app = app_in(lang, display, size)
    app.relay = relay_setting("gw1.relay.example.org:47800,gw2.relay.example.org:47800#"
                              + "a" * 52)
    scene = OnlineScene(app)
    app.stack.push(scene)
    drawn = words.of(scene, size)
    before, _, after = translate(lang, "net.relay_given", address="\0").partition("\0")
    [named] = [rect for text, rect in drawn
               if text.startswith(before + "gw1") and text.endswith(after)]
    assert scene._panel.contains(named), (named, scene._panel)
