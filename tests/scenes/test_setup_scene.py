"""The new-game screen: each built game's options and seats shown in words, changed by
keyboard and mouse, Play starting exactly the setup shown, and the choice remembered
per game (in a new App too, and for ``app.start_game(key)``)."""

from __future__ import annotations

import json

import pygame
import pytest

from game import GAMES
from game.engine import Demo, GameSpec, Option
from game.session import COMPUTER, HUMAN, GameSetup, SeatSpec
from scenes import theme
from scenes.i18n import tr
from scenes.settings import settings_path
from scenes.setup_scene import SetupScene
from tests.scenes.shell_helpers import click, colours, key

DT = 1 / 60


@pytest.fixture
def app(display):
    """An App at 1280x720 on the title menu, with instant animations; any table it
    opened is stopped afterwards and the display restored."""
    from scenes.app import App

    application = App((1280, 720))
    application.settings.animation_speed = "instant"
    application.back_to_menu()
    yield application
    application.shutdown()
    application.set_fullscreen(False)
    pygame.display.set_mode((1280, 720))


def first_game(key: str) -> GameSetup:
    """What a game never set up here starts with: you first, its first-game options."""
    from scenes.settings import FIRST_GAME_OPTIONS

    return GameSetup.solo(key, options=FIRST_GAME_OPTIONS.get(key))


def open_setup(app, game: str) -> SetupScene:
    app.menu().open_setup(game)
    scene = app.stack.top
    assert isinstance(scene, SetupScene) and scene.key == game
    return scene


def shown(scene: SetupScene, row_key: str) -> str:
    row = scene.row(row_key)
    return row.show(scene.value(row))


def press(app, k: int, times: int = 1) -> None:
    for _ in range(times):
        app.frame(DT, [key(k)])


def focus(scene: SetupScene, row_key: str) -> None:
    assert scene.focus.focus_key(row_key)


def saved_games() -> dict:
    return json.loads(settings_path().read_text())["games"]


def bisca_like(seats=(2, 3, 4, 5, 6)) -> GameSpec:
    """A game for several numbers of players (no built game has that yet; Bisca will)."""
    real = GAMES["bisca"]
    return GameSpec("bisca", "Bisca", tuple(seats), factory=lambda o, n, s: None,
                    options={"rounds": Option(3, (1, 3, 5), "")}, cards=real.cards, label=real.label,
                    computers=real.computers, table=real.table, demo=Demo())


# --- what it shows -----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_built_game_shows_its_options_and_seats_in_words(app, game):
    scene = open_setup(app, game)
    spec = GAMES[game]
    keys = [r.key for r in scene.rows]
    assert [k for k in keys if k.startswith("opt:")] == [f"opt:{n}" for n in spec.options]
    assert ("players" in keys) == (len(spec.seats) > 1)
    assert "seat" in keys
    assert [k for k in keys if k.startswith("level:")] == [f"level:{s}" for s in range(1, spec.seats[0])]
    for r in scene.rows:
        label, words = scene.focus.button(r.key).label, shown(scene, r.key)
        assert label and words
        assert "." not in label and "." not in words, (label, words)   # no raw i18n key
        for value in r.values:
            assert "." not in r.show(value)
    app.frame(DT, [])
    assert len(colours(app.screen)) > 30


def test_option_values_read_as_words(app):
    briscola = open_setup(app, "briscola")
    assert briscola.focus.button("opt:remember_trump").label == "Remember the trump"
    assert [briscola.row("opt:remember_trump").show(v) for v in (True, False)] == \
        ["Yes, as written", "No, always shown"]
    assert shown(briscola, "seat") == "Seat 1"
    assert shown(briscola, "level:1") == "Normal"
    app.stack.pop()
    bocce = open_setup(app, "bocce")
    assert bocce.focus.button("opt:target").label == "Points to win"
    assert [bocce.row("opt:target").show(v) for v in (15, 25, 50)] == \
        ["15 points", "25 points", "50 points"]


def test_play_has_the_focus_so_enter_enter_from_the_menu_plays(app):
    scene = open_setup(app, "bocce")
    assert scene.focus.focused.key == "play"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 500), (1366, 768)])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_down_from_the_last_row_lands_on_play_not_back(app, game, size):
    """Back and Play sit either side of the column's centre, one a pixel nearer by
    rounding: Down after setting the last computer went to Back, and Enter left."""
    scene = open_setup(app, game)
    scene.resize(size)
    focus(scene, scene.rows[-1].key)
    press(app, pygame.K_DOWN)
    assert scene.focus.focused.key == "play"
    press(app, pygame.K_UP)
    assert scene.focus.focused.key == scene.rows[-1].key


# --- changing it -------------------------------------------------------------------

def test_keyboard_changes_every_row(app):
    scene = open_setup(app, "briscola")
    press(app, pygame.K_UP)                      # from Play up to the last computer
    assert scene.focus.focused.key == "level:2"
    press(app, pygame.K_RIGHT)
    assert scene.seats[2].level == "hard"
    press(app, pygame.K_RETURN)                  # Enter cycles on
    assert scene.seats[2].level == "easy"
    focus(scene, "opt:remember_trump")
    press(app, pygame.K_LEFT)                    # a first game starts with it shown
    assert scene.options["remember_trump"] is True
    assert shown(scene, "opt:remember_trump") == "Yes, as written"
    focus(scene, "seat")
    press(app, pygame.K_RIGHT)                   # you take the second seat: its computer
    assert scene.you == 1 and shown(scene, "seat") == "Seat 2"      # takes your first
    assert [r.key for r in scene.rows if r.key.startswith("level:")] == ["level:0", "level:2"]
    assert scene.focus.focused.key == "seat"     # the rows changed, the focus stayed
    assert (shown(scene, "level:0"), shown(scene, "level:2")) == ("Normal", "Easy")
    press(app, pygame.K_RIGHT)                   # the third: each step swaps with one seat
    assert scene.setup == GameSetup("briscola", (SeatSpec(COMPUTER, "normal"),
                                                 SeatSpec(COMPUTER, "easy"), SeatSpec(HUMAN)),
                                    {"remember_trump": True})


@pytest.mark.slow
def test_tab_walks_every_row_and_both_buttons(app):
    scene = open_setup(app, "briscola")
    seen = set()
    for _ in range(len(scene.focus.buttons)):
        press(app, pygame.K_TAB)
        seen.add(scene.focus.focused.key)
    assert seen == {b.key for b in scene.focus.buttons}


def test_mouse_left_arrow_lowers_and_the_row_raises(app):
    scene = open_setup(app, "bocce")
    left, right = scene._arrows["opt:target"]
    assert scene.options["target"] == 15          # a first game's
    app.frame(DT, click(left.center))
    assert scene.options["target"] == 10
    app.frame(DT, click(left.center))
    assert scene.options["target"] == 50          # wraps, as Enter does
    app.frame(DT, click(scene.focus.button("opt:target").rect.center))
    assert scene.options["target"] == 10
    app.frame(DT, click(right.center))
    assert scene.options["target"] == 15
    app.frame(DT, click(scene._arrows["level:1"][0].center))
    assert scene.seats[1].level == "easy"


@pytest.mark.slow
def test_the_number_of_players_where_a_game_allows_several(app, monkeypatch):
    monkeypatch.setitem(GAMES, "bisca", bisca_like())
    scene = open_setup(app, "bisca")
    keys = [r.key for r in scene.rows]
    assert keys == ["opt:rounds", "players", "seat", "level:1"]
    assert shown(scene, "players") == "2 players"
    focus(scene, "level:1")
    press(app, pygame.K_RIGHT)                    # that computer: Hard
    focus(scene, "players")
    press(app, pygame.K_RIGHT, 2)                 # four players: new seats as strong as the last
    assert scene.count == 4 and shown(scene, "players") == "4 players"
    assert [r.key for r in scene.rows if r.key.startswith("level:")] == ["level:1", "level:2", "level:3"]
    assert [s.level for s in scene.setup.seats[1:]] == ["hard"] * 3
    focus(scene, "level:3")
    press(app, pygame.K_RIGHT)                    # hard -> easy
    focus(scene, "seat")
    press(app, pygame.K_LEFT)                     # you go to the last seat, its computer to yours
    assert scene.you == 3 and scene.setup.seats[0] == SeatSpec(COMPUTER, "easy")
    focus(scene, "players")
    press(app, pygame.K_LEFT)                     # three players: your seat goes, you move in
    assert scene.count == 3 and scene.you == 2
    assert len(scene.setup.seats) == 3 and scene.setup.humans() == [2]
    press(app, pygame.K_LEFT)                     # two
    assert scene.count == 2 and scene.you == 1
    press(app, pygame.K_RIGHT)                    # a seat that comes back keeps its strength
    assert scene.count == 3 and scene.setup.seats[2].level == "hard"
    press(app, pygame.K_LEFT, 2)                  # below 2 wraps to 6
    assert scene.count == 6 and len(scene.setup.seats) == 6
    app.frame(DT, [])


def test_a_player_added_or_gone_leaves_the_rows_under_the_pointer(app, monkeypatch):
    monkeypatch.setitem(GAMES, "bisca", bisca_like())
    scene = open_setup(app, "bisca")
    assert scene.count == 2
    before = {r.key: scene.focus.button(r.key).rect.copy() for r in scene.rows}
    _, more = scene._arrows["players"]
    spot = more.center
    app.frame(DT, click(spot))
    app.frame(DT, click(spot))                    # the same spot twice: four players
    assert scene.count == 4
    for k, rect in before.items():
        assert scene.focus.button(k).rect == rect, k
    less, _ = scene._arrows["players"]
    app.frame(DT, click(less.center))
    assert scene.count == 3 and scene._arrows["players"][0] == less


@pytest.mark.parametrize("size", [(1280, 720), (800, 500), (1920, 1080)])
def test_six_players_fit_the_window_without_overlaps(app, monkeypatch, size):
    monkeypatch.setitem(GAMES, "bisca", bisca_like(seats=(6,)))
    scene = open_setup(app, "bisca")
    scene.resize(size)
    window = pygame.Rect((0, 0), size)
    rects = [b.rect for b in scene.focus.buttons]
    for i, r in enumerate(rects):
        assert window.contains(r) and r.h >= 16
        assert r.collidelist(rects[i + 1:]) == -1
    assert window.contains(scene._panel)


def test_esc_and_back_return_to_the_menu(app):
    open_setup(app, "bocce")
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is app.menu()
    scene = open_setup(app, "bocce")
    app.frame(DT, click(scene.focus.button("back").rect.center))
    assert app.stack.top is app.menu()


# --- playing it and remembering it --------------------------------------------------

def choose_briscola(app) -> GameSetup:
    """By keyboard: the trump to remember (a first game shows it), you in the second seat,
    the others Easy and Hard."""
    scene = open_setup(app, "briscola")
    focus(scene, "opt:remember_trump")
    press(app, pygame.K_RIGHT)
    focus(scene, "seat")
    press(app, pygame.K_RIGHT)
    focus(scene, "level:0")
    press(app, pygame.K_LEFT)
    focus(scene, "level:2")
    press(app, pygame.K_RIGHT)
    return scene.setup


BRISCOLA_CHOICE = GameSetup("briscola", (SeatSpec(COMPUTER, "easy"), SeatSpec(HUMAN),
                                         SeatSpec(COMPUTER, "hard")), {"remember_trump": True})


def test_play_starts_a_table_with_the_setup_shown(app):
    from scenes.table import TableScene

    assert choose_briscola(app) == BRISCOLA_CHOICE
    press(app, pygame.K_DOWN)                     # from the last row to the buttons
    assert app.stack.top.focus.focused.key in ("back", "play")
    app.stack.top.focus.focus_key("play")
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.setup.with_seed(None) == BRISCOLA_CHOICE and table.setup.seed is not None
    assert table.seat == 1
    assert list(app.stack) == [app.menu(), table]   # the setup screen left


def test_play_by_mouse_starts_bocce_with_its_target(app):
    from scenes.table import TableScene

    scene = open_setup(app, "bocce")
    app.frame(DT, click(scene._arrows["opt:target"][1].center))
    app.frame(DT, click(scene.focus.button("play").rect.center))
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.setup.options == {"target": 25} and table.setup.humans() == [0]


def test_the_choice_is_saved_and_comes_back_in_a_new_app(app):
    from scenes.app import App

    choose_briscola(app)
    entry = saved_games()["briscola"]
    assert "seed" not in entry
    assert GameSetup.from_json(entry) == BRISCOLA_CHOICE
    again = App((1280, 720))
    again.back_to_menu()
    assert again.game_setup("briscola") == BRISCOLA_CHOICE
    assert again.game_setup("bocce") == first_game("bocce")      # the other game untouched
    scene = open_setup(again, "briscola")
    assert scene.setup == BRISCOLA_CHOICE
    assert shown(scene, "seat") == "Seat 2"


def test_start_game_by_key_uses_the_remembered_setup(app):
    from scenes.table import TableScene

    choose_briscola(app)
    app.back_to_menu()
    app.start_game("briscola", seed=5)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.setup == BRISCOLA_CHOICE.with_seed(5)
    # explicit options still go on top of the remembered ones
    assert app.game_setup("briscola", 3, {"remember_trump": True}) == GameSetup(
        "briscola", BRISCOLA_CHOICE.seats, {"remember_trump": True}, 3)


@pytest.mark.slow
def test_a_damaged_entry_gives_that_game_its_defaults(app):
    from scenes.app import App

    choose_briscola(app)
    data = json.loads(settings_path().read_text())
    data["games"]["bocce"] = {"key": "bocce", "seats": [{"kind": "remote"}, {"kind": "human"}],
                              "options": {"target": 25}}
    settings_path().write_text(json.dumps(data))
    again = App((1280, 720))
    again.back_to_menu()
    assert again.game_setup("bocce") == first_game("bocce")
    assert again.game_setup("briscola") == BRISCOLA_CHOICE              # the good one kept
    assert any("games.bocce" in t.text for t in again.toasts.items)
    assert open_setup(again, "bocce").setup == first_game("bocce")


def test_a_damaged_entry_set_while_running_never_breaks_the_screen(app):
    app.settings.games["briscola"] = {"key": "briscola", "seats": "three"}
    assert app.game_setup("briscola") == first_game("briscola")
    assert open_setup(app, "briscola").setup == first_game("briscola")


@pytest.mark.slow
def test_an_option_whose_range_follows_the_players_stays_in_range(app):
    """Bisca's opening card count: at most 40 divided by the players."""
    scene = open_setup(app, "bisca")
    focus(scene, "players")
    while scene.count != 2:
        press(app, pygame.K_RIGHT)
    assert [r.values for r in scene.rows if r.key == "opt:opening"][0] == tuple(range(1, 21))
    focus(scene, "opt:opening")
    press(app, pygame.K_LEFT)                   # 5 -> 4 ... then up to the most
    while scene.options["opening"] != 20:
        press(app, pygame.K_RIGHT)
    focus(scene, "players")
    while scene.count != 6:
        press(app, pygame.K_RIGHT)
    assert scene.options["opening"] == 6
    assert [r.values for r in scene.rows if r.key == "opt:opening"][0] == tuple(range(1, 7))
    assert scene.setup.options["opening"] == 6


def test_a_first_game_starts_with_options_that_suit_it(app):
    """Never set up: Bocce to 15, Briscola's trump kept on screen; the rest as written."""
    from scenes.settings import FIRST_GAME_OPTIONS

    assert shown(open_setup(app, "briscola"), "opt:remember_trump") == "No, always shown"
    app.stack.pop()
    assert shown(open_setup(app, "bocce"), "opt:target") == "15 points"
    app.stack.pop()
    assert app.game_setup("bisca").options == GAMES["bisca"].resolve_options({})
    assert set(FIRST_GAME_OPTIONS) <= set(GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("key", list(GAMES))
def test_every_row_explains_itself_in_one_line_while_focused(app, key, tmp_path):
    scene = open_setup(app, key)
    for row in scene.rows:
        assert row.help and "\n" not in row.help, row.key
        scene.focus.focus_key(row.key)
        app.frame(DT, [])
        font = app.fonts.get(theme.font_px(16, app.size))
        assert font.size(row.help)[0] <= app.size[0] - 20, f"{row.key}: wider than the window"
    scene.focus.focus_key("opt:remember_trump" if key == "briscola" else scene.rows[0].key)
    app.frame(DT, [])
    pygame.image.save(app.screen, str(tmp_path / f"test_setup_help_{key}.png"))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_computers_row_describes_the_level_it_shows_in_one_line(app, lang):
    from scenes.i18n import set_language

    set_language(lang)
    try:
        scene = open_setup(app, "briscola")
        focus(scene, "level:1")
        said = set()
        for _ in range(3):
            row = scene.row("level:1")
            level = scene.value(row)
            assert row.help == tr(f"setup.level.{level}.help") and "\n" not in row.help
            font = app.fonts.get(theme.font_px(16, (800, 500)))
            assert font.size(row.help)[0] <= 800 - 20, f"{level}: wider than a small window"
            app.frame(DT, [])
            assert scene.drawn["help"].width > 0
            said.add(row.help)
            press(app, pygame.K_RIGHT)
        assert len(said) == 3                       # Easy, Normal and Hard each in a line
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (800, 500), (1920, 1080)])
def test_the_panel_clears_the_subtitle_and_the_key_line_at_six_players(app, size):
    scene = open_setup(app, "bisca")
    scene._set_count(6)
    scene._build()
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert scene.drawn["subtitle"].bottom < scene._panel.top
    assert scene._panel.bottom < scene.drawn["keys"].top
    scene.focus.focus_key("opt:lives")                  # a row's line of help shows
    scene.draw(surface)
    assert scene._panel.bottom < scene.drawn["help"].top < scene.drawn["keys"].top


def test_the_key_line_names_the_button_that_opens_a_room_online(app):
    scene = SetupScene(app, "bocce", on_play=lambda setup: None, online=True)
    assert scene.focus.button("play").label in scene.key_line()
    assert "Enter on Play " not in scene.key_line()
    assert "Enter on Play " in SetupScene(app, "bocce").key_line()


def test_a_table_the_service_deals_shows_its_opener_in_the_first_seat_with_no_seat_row(app):
    """The opener sits in the first free seat of the service's waiting room: the screen
    shows it there and chooses no seat, and the seat remembered for this game stays."""
    home = SetupScene(app, "bisca")
    home.change(next(r for r in home.rows if r.key == "seat"), 1)
    assert home.you == 1
    scene = SetupScene(app, "bisca", on_play=lambda setup: None, service=True)
    assert "seat" not in [row.key for row in scene.rows] and scene.online
    assert scene.you == 0 and [r.key for r in scene.rows if r.key.startswith("level:")] == \
        [f"level:{s}" for s in range(1, scene.count)], "every other seat is open to a person"
    scene.remember()
    assert SetupScene(app, "bisca").you == 1, "the seat this game is played at stays"


def test_online_the_players_row_says_friends_take_the_open_seats(app):
    online = SetupScene(app, "bisca", on_play=lambda setup: None, online=True)
    alone = SetupScene(app, "bisca")
    players = {scene: next(r for r in scene.rows if r.key == "players") for scene in (online, alone)}
    assert players[online].help == tr("setup.players.help.online") and "friends" in players[online].help
    assert players[alone].help == tr("setup.players.help")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_play_says_a_new_game_takes_the_place_of_the_one_kept_of_its_kind(app, lang):
    """Starting a game silently threw the kept one away: each kind keeps one, and Play
    says a new one replaces it before Enter plays (the others stay)."""
    from game.kept import kept_game
    from scenes.i18n import set_language

    set_language(lang)
    assert open_setup(app, "bolola").play_line() == ""
    app.back_to_menu()
    kept_game(app.game_setup("bolola", 2), 0, paced=False).close()
    scene = open_setup(app, "bolola")
    surface = pygame.Surface((800, 500))
    scene.draw(surface)
    line = scene.play_line()
    assert GAMES["bolola"].title in line
    assert pygame.Rect(0, 0, 800, 500).contains(scene.drawn["help"])
    assert not scene.drawn["help"].colliderect(scene.drawn["keys"])
    scene.focus.move(-1)                               # another row: its own line
    assert scene.play_line() == ""
    app.back_to_menu()
    assert open_setup(app, "bocce").play_line() == ""


def test_play_says_nothing_of_a_kept_game_another_window_holds(app):
    """A new game of a kind another window plays is played but not kept (the table says
    so): Play's line said it took the place of the kept one, which it never does."""
    from game.kept import kept_game
    from game.saves import Store

    kept_game(app.game_setup("bolola", 2), 0, paced=False).close()
    other = Store().hold("bolola")                      # another window plays it
    try:
        assert open_setup(app, "bolola").play_line() == ""
    finally:
        other.release()
    app.back_to_menu()
    assert open_setup(app, "bolola").play_line() != "", "free again: it is replaced"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_bocces_hard_row_says_it_plays_for_the_game_not_that_it_searches(app, lang):
    """In Bocce Hard's playouts add nothing measured to its fallback (docs/bench-history.md,
    "Bocce: Hard plays for the game"): its row says what it does there, in one line."""
    from scenes.i18n import set_language

    set_language(lang)
    try:
        scene = open_setup(app, "bocce")
        focus(scene, "level:1")
        while scene.value(scene.row("level:1")) != "hard":
            press(app, pygame.K_RIGHT)
        row = scene.row("level:1")
        assert row.help == tr("bocce.level.hard.help") != tr("setup.level.hard.help")
        font = app.fonts.get(theme.font_px(16, (800, 500)))
        assert font.size(row.help)[0] <= 800 - 20 and "\n" not in row.help
    finally:
        set_language("en")
