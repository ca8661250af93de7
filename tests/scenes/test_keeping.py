"""Kept games on screen (scenes/table/keeping.py, scenes/table/story.py, scenes/screens/replay_scene.py,
scenes/screens/stats_scene.py): Resume from the menu, the story, Undo, Replays, Statistics."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game import GAMES
from game.cards import Card
from game.kept import KeepingClient
from game.saves import Store
from game.session import HUMAN, REMOTE, GameSetup, LocalClient, SeatSpec
from scenes.table.keeping import leaving_line, table_client
from scenes.table.result import ResultScene
from tests.game.test_saves import slot_json
from tests.scenes.tablekit import frames, key, make_app, play_until, settle


@pytest.fixture
def app(display):
    return make_app(display, speed="instant")


def start(app: Any, key_: str, seed: int = 3) -> Any:
    app.start_game(app.game_setup(key_, seed))
    table = app.stack.top
    assert isinstance(table.client, KeepingClient)
    settle(app, table)
    return table


def kept_and_left(app: Any, key_: str, count: int, seed: int = 3) -> Any:
    """A new game of ``key_`` played ``count`` times, kept (its last write done), and left
    for the menu: its table."""
    table = start(app, key_, seed)
    moves(app, table, count)
    assert table.client.flush()
    app.back_to_menu()
    return table


def moves(app: Any, table: Any, count: int) -> None:
    """The person plays ``count`` times (their first legal action), the computers answer."""
    for _ in range(count):
        settle(app, table)
        if table.over or not table.legal():
            return
        table.act(table.legal()[0])
    settle(app, table)


def codes_in(obj: Any, into: set[str]) -> set[str]:
    """Every string in ``obj`` that is a card code."""
    if isinstance(obj, dict):
        for value in obj.values():
            codes_in(value, into)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            codes_in(value, into)
    elif isinstance(obj, str):
        try:
            into.add(Card.parse(obj).code)
        except ValueError:
            pass
    return into


def resume_from_menu(app: Any) -> Any:
    app.back_to_menu()
    menu = app.stack.top
    assert menu.focus.focused.key == "resume"
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert table is not menu and isinstance(table.client, KeepingClient)
    return table


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_leaving_mid_game_and_resuming_shows_the_same_position(app, game):
    table = start(app, game)
    moves(app, table, 3)
    before = table.client.session
    view, version = before.state.view(table.seat), before.version
    label = app.menu().focus  # the menu is rebuilt when entered
    again = resume_from_menu(app)
    assert label.button("resume") is not None
    assert again.version == version and again.view == view
    assert again.shown_zones() == {z: c for z, c in view["zones"].items() if c}
    assert again.story.lines            # the story so far is told again


@pytest.mark.slow
def test_closing_during_an_animation_keeps_the_game_as_the_rules_have_it(display):
    app = make_app(display, speed="normal")
    table = start(app, "briscola")
    table.act(table.legal()[0])
    assert table.timeline.busy            # the card is still on its way
    session = table.client.session
    version, view = session.version, session.state.view(0)
    app.stack.clear()                     # the window closes
    record, notice = Store().resumable()
    assert notice is None and len(record.actions) == version
    app.back_to_menu()
    again = resume_from_menu(app)
    assert again.view == view


def test_a_bocce_commit_waiting_for_the_other_resumes_waiting(app):
    table = start(app, "bocce", seed=2)
    for _ in range(50):
        if len(table.to_act) == 2:
            break
        moves(app, table, 1)
    assert set(table.to_act) == {0, 1}
    commit = next(a for a in table.legal() if a.kind == "commit" or a.cards)
    table.act(commit)
    session = table.client.session
    assert session.state.to_act() == (1,)     # the computer has not committed yet
    again = resume_from_menu(app)
    assert again.client.session.state.to_act() == (1,)
    assert again.client.session.log() == session.log()


@pytest.mark.slow
def test_undo_shows_the_position_before_your_last_move_and_nothing_hidden(app):
    table = start(app, "briscola", seed=8)
    moves(app, table, 4)
    session = table.client.session
    actions = session.log()["actions"]
    point = max(i for i, (s, _) in enumerate(actions) if s == 0)
    key(app, pygame.K_u)
    back = app.stack.top
    assert back is not table and back.client.undos == 1
    assert back.client.session.log()["actions"] == actions[:point]
    then = Store().resumable()[0].replay()
    assert back.view == then.view(0)
    shown = codes_in(back.shown_zones(), set())
    assert shown <= codes_in(then.view(0), set())
    # the story is the one of that moment: no card played after it is named
    later = codes_in([a for _, a in actions[point:]], set())
    names = [Card.parse(c).name("en") for c in later - codes_in(then.view(0), set())]
    assert not any(n in line for line in back.story.lines for n in names)
    settle(app, back)
    assert back.my_turn()


def test_undo_is_refused_with_a_reason_when_nothing_is_yours_to_take_back(app):
    table = start(app, "bocce")
    key(app, pygame.K_u)
    assert app.stack.top is table and table.hud.error


def test_online_games_are_not_kept_and_say_so(app):
    setup = GameSetup("bocce", (SeatSpec(HUMAN), SeatSpec(REMOTE)), {}, 1)
    client = table_client(setup, 0)
    assert type(client) is LocalClient
    client.close()
    from tests.scenes.tablekit import open_table

    table = open_table(app, "bocce", push=False)
    assert "friends" not in leaving_line(table)
    table.setup = setup
    assert "not kept" in leaving_line(table)
    # the host's table: its friends' game is this one, and ends with it
    assert "ends for your friends" in leaving_line(table)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_story_never_names_a_card_the_player_did_not_see(app, game):
    table = start(app, game, seed=11)
    moves(app, table, 8)
    deck = table.spec.cards
    told = table.client.told()
    seen = codes_in([dict(e.data) for e in told], set())
    unseen = [c for c in deck if c.code not in seen]
    assert unseen and table.story.lines
    for card in unseen:
        assert not any(card.name("en") in line for line in table.story.lines), card


@pytest.mark.slow
def test_a_finished_game_is_kept_counted_and_saved_as_a_file(app, tmp_path):
    table = start(app, "bisca", seed=4)
    play_until(app, table, lambda: isinstance(app.stack.top, ResultScene), limit=20000)
    result = app.stack.top
    result.press("save")
    assert table.client.flush(), "the finish is written off the frame's thread: wait for it"
    [exported] = list((Store().folder / "exports").glob("*.json"))
    assert json.loads(exported.read_text())["result"] == table.result
    assert Store().resumable() == (None, None)
    assert len(Store().finished()) == 1
    from main import parse_args

    assert parse_args(["--replay", str(exported)]).replay == str(exported)


@pytest.mark.slow
def test_replay_steps_back_and_forth_to_the_same_positions_every_hand_open(app):
    table = start(app, "doudizhu", seed=5)
    play_until(app, table, lambda: isinstance(app.stack.top, ResultScene), limit=20000)
    app.back_to_menu()
    app.stack.top.open_replays()
    key(app, pygame.K_RETURN)
    from scenes.screens.replay_scene import ReplayScene

    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    seen = []
    for _ in range(12):
        seen.append(replay.table.shown_zones())
        key(app, pygame.K_RIGHT)
    for i in range(11, -1, -1):
        key(app, pygame.K_LEFT)
        assert replay.table.shown_zones() == seen[i]
    assert replay.index == 0
    key(app, pygame.K_END)
    hands = [z for z in seen[3] if z.startswith("hand/")]
    assert len(hands) == 3 and all(None not in seen[3][z] for z in hands)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not replay


def refused_replay(bad, capsys) -> str:
    """What ``--replay`` of a file that cannot be replayed says: one line, exit code 2."""
    from main import parse_args

    with pytest.raises(SystemExit) as exit_:
        parse_args(["--replay", str(bad)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_a_damaged_replay_file_is_told_in_one_line(tmp_path, capsys):
    bad = tmp_path / "game.json"
    bad.write_text('{"tavolata": "tavolata-game", "format": 1, "version": "x", "actions": 3}')
    assert "cannot be replayed" in refused_replay(bad, capsys)


@pytest.mark.slow
def test_statistics_screen_draws_a_chart_per_game(app):
    table = start(app, "bocce", seed=6)
    play_until(app, table, lambda: isinstance(app.stack.top, ResultScene), limit=20000)
    app.back_to_menu()
    app.stack.top.open_stats()
    from scenes.screens.stats_scene import LOST, WON, StatsScene

    stats = app.stack.top
    assert isinstance(stats, StatsScene) and stats.games() == ["bocce"]
    frames(app, 2)
    colours = {tuple(stats._page.get_at((x, y)))[:3] for x in range(stats._page.get_width())
               for y in range(0, stats._page.get_height(), 3)}
    assert WON in colours or LOST in colours
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is app.menu()


@pytest.mark.parametrize("damage", ["{ damaged", {
    "tavolata": "tavolata-game", "format": 1, "saved": 1.0, "seat": 0,
    "setup": {"key": "bisca", "seats": [{"kind": "human"}, {"kind": "computer"}],
              "options": {}, "seed": 1}, "undos": 1, "actions": [], "redeals": [[0, 7, 1]]}])
def test_a_damaged_save_is_told_in_one_line_at_the_menu(app, damage):
    """A re-deal for a seat that does not exist stopped the program at every start."""
    from game.saves import game_version

    Store().folder.mkdir(parents=True, exist_ok=True)
    Store().legacy_path.write_text(damage if isinstance(damage, str) else
                                   json.dumps({**damage, "version": game_version()}))
    app.back_to_menu()
    [toast] = [t.text for t in app.toasts.items if "set aside" in t.text]
    assert "\n" not in toast and "resume.json.bad" in toast
    assert ("re-deals" if isinstance(damage, dict) else "not JSON") in toast
    assert app.menu().record is None
    assert (Store().folder / "resume.json.bad").exists()


@pytest.mark.slow
def test_save_this_game_mid_game_from_the_pause_menu_replays_to_this_position(app):
    from game.replays import load_replay
    from scenes.table.result import PauseScene

    table = start(app, "bolola", seed=2)
    moves(app, table, 5)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.press("save")
    [exported] = list((Store().folder / "exports").glob("*.json"))
    replay = load_replay(exported)
    session = table.client.session
    assert len(replay) == session.version + 1
    assert replay[-1].view == session.state.view(0)        # what you saw, no more
    assert "seed" not in exported.read_text().replace('"seed":null', "")


def test_the_story_names_the_others_as_their_plates_do(app):
    table = start(app, "bocce", seed=1)
    moves(app, table, 3)
    lines = " ".join(table.story.lines)
    assert "Computer" in lines and "South (you)" in lines
    assert not any(line.startswith("You ") for line in table.story.lines)


def test_the_story_names_you_as_your_plate_does(app):
    """The log said "South (you)" where the plate said "Marco"."""
    app.settings.player_name = "Marco"
    table = start(app, "bocce", seed=1)
    moves(app, table, 3)
    assert table.adapter.plate_name(0, table.layout) == "Marco"
    lines = " ".join(table.story.lines)
    assert "Marco (you)" in lines and "South (you)" not in lines


@pytest.mark.parametrize("size", [(1280, 720), (800, 500), (1920, 1080)])
def test_the_menu_with_a_game_to_resume_fits_without_overlaps(app, size):
    table = start(app, "bocce")
    moves(app, table, 1)
    app.back_to_menu()
    menu = app.stack.top
    menu.resize(size)
    rects = [b.rect for b in menu.focus.buttons]
    assert menu.focus.button("resume").rect.h >= 20
    assert all(pygame.Rect((0, 0), size).contains(r) for r in rects)
    assert all(r.collidelist(rects[i + 1:]) == -1 for i, r in enumerate(rects))
    font = app.fonts.get(round(menu.focus.button("resume").rect.h * 0.42), bold=True)
    assert font.size(menu.focus.button("resume").label)[0] < menu.focus.button("resume").rect.w


def test_a_disk_that_refuses_the_game_is_told_once_and_play_goes_on(app, monkeypatch):
    table = start(app, "briscola")

    def refuse(record: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(table.client.store, "keep", refuse)
    moves(app, table, 2)
    frames(app, 2)
    told = [t.text for t in app.toasts.items if "cannot be kept" in t.text]
    assert told == ["The game cannot be kept for later: Permission denied"]
    assert table.client.notice is None and table.version > 0


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_resume_label_names_a_briscola_game_as_the_table_does(lang):
    """The table says "Game 1 of 3"; the menu offered to resume "Briscola Venceslao
    (deal 1, your turn)" in English (Italian said "partita 1", a game, all along)."""
    from game.i18n import translate

    table_word = translate(lang, "briscola.game_no", game_no=1, games=3).split()[0].lower()
    assert translate(lang, "briscola.part", n=1) == f"{table_word} 1"


@pytest.mark.slow
def test_each_games_save_is_offered_in_the_menu(app):
    """A long Bolola game was lost to a quick Bocce: both are offered, the last first."""
    bolola = kept_and_left(app, "bolola", 2)
    kept_and_left(app, "bocce", 1)
    menu = app.stack.top
    assert [r.key for r in menu.records] == ["bocce", "bolola"]
    assert menu.focus.focused.key == "resume" and "Bocce" in menu.focus.focused.label
    menu.focus.button("resume:bolola").action()
    table = app.stack.top
    assert table.key == "bolola" and table.version == bolola.version


@pytest.mark.slow
def test_a_game_another_window_holds_is_neither_taken_over_nor_lost(app):
    from game.kept import UnkeptClient

    table = kept_and_left(app, "briscola", 2)
    other = Store().hold("briscola")           # another window plays it meanwhile
    try:
        app.stack.top.focus.button("resume:briscola").action()
        assert app.stack.top is app.menu()
        assert any("open in another window" in t.text for t in app.toasts.items)
        app.start_game(app.game_setup("briscola", 5))
        new = app.stack.top
        assert isinstance(new.client, UnkeptClient)
        frames(app, 2)
        assert any("will not be kept" in t.text for t in app.toasts.items)
        assert Store().resumable("briscola")[0].actions == table.client.record().actions
    finally:
        other.release()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_menu_with_every_game_to_resume_fits_without_overlaps(app, size, lang):
    from game import GAMES
    from game.kept import kept_game
    from scenes.i18n import set_language

    set_language(lang)
    for key_ in GAMES:
        kept_game(app.game_setup(key_, 1), 0, paced=False).close()
    app.back_to_menu()
    menu = app.stack.top
    menu.resize(size)
    assert len(menu.records) == len(GAMES)
    rects = [b.rect for b in menu.focus.buttons]
    assert all(pygame.Rect((0, 0), size).contains(r) for r in rects)
    assert all(r.collidelist(rects[i + 1:]) == -1 for i, r in enumerate(rects))
    for key_ in GAMES:
        button = menu.focus.button(f"resume:{key_}")
        assert not button.hint, "a small button has no room for words beside its own"
        font = app.fonts.get(round(button.rect.h * 0.46), bold=True)
        assert font.size(button.label)[0] < button.rect.w
        game = menu.focus.button(f"game:{key_}")       # its name and its hint, side by side
        words = app.fonts.get(round(game.rect.h * 0.42), bold=True).size(game.label)[0] \
            + app.fonts.get(round(game.rect.h * 0.42 * 0.8)).size(game.hint)[0]
        assert words + game.rect.h < game.rect.w, (key_, lang, size)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_resume_file_replayed_mid_game_shows_only_your_own_hand(app, lang):
    from scenes.i18n import set_language
    from scenes.screens.replay_scene import ReplayScene, open_replay_file

    set_language(lang)
    kept_and_left(app, "bolola", 3, seed=4)
    assert open_replay_file(app, Store().slot("bolola"))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and not replay.replay.finished
    key(app, pygame.K_END)
    frames(app, 2)
    shown = replay.table.shown_zones()
    assert any(c for c in shown.get("hand/0", []))
    assert not any(c for z, cs in shown.items() if z.startswith("hand/") and z != "hand/0"
                   for c in cs)


@pytest.mark.slow
@pytest.mark.parametrize("redeals", [[[0, 7, 1]], [[0, -1, 1]], [[0, 0, 1]] * 100_000])
def test_a_replay_file_with_damaged_redeals_is_told_in_one_line(app, tmp_path, capsys,
                                                                redeals):
    table = start(app, "bocce")
    moves(app, table, 2)
    assert table.client.flush()
    data = slot_json(Store(), "bocce")
    data["redeals"] = redeals
    bad = tmp_path / "game.json"
    bad.write_text(json.dumps(data))
    assert "re-deals" in refused_replay(bad, capsys)


@pytest.mark.slow
def test_a_data_folder_that_refuses_still_resumes_the_game_unkept_and_says_so(app,
                                                                            monkeypatch):
    from game.kept import UnkeptClient

    table = kept_and_left(app, "bisca", 2)

    def refuse(self, key_):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Store, "hold", refuse)
    app.stack.top.focus.button("resume:bisca").action()
    again = app.stack.top
    assert isinstance(again.client, UnkeptClient) and again.version == table.version
    frames(app, 2)
    assert any("cannot be kept" in t.text and "Permission denied" in t.text
               for t in app.toasts.items)


@pytest.mark.slow
def test_resume_takes_the_game_as_another_window_left_it(app):
    """Window B's moves were lost when a window whose menu had read the game earlier
    resumed it: the file is read again once the window holds it."""
    from game.kept import resume_slot

    kept_and_left(app, "briscola", 1, seed=6)
    menu = app.stack.top
    other = resume_slot("briscola", paced=False)          # another window plays on
    state = other.session.state
    assert 0 in state.to_act()
    other.submit(state.legal_actions(0)[0])
    assert other.flush()
    version = other.session.version
    other.close()
    menu.focus.button("resume:briscola").action()          # this menu read it before
    again = app.stack.top
    assert again.client.session.version == version


def test_a_damaged_save_is_told_in_the_players_language(app):
    """The notice was Italian around an English reason ("... danneggiata (it is not
    JSON)"): the reason is a catalog key too."""
    from scenes.i18n import set_language

    set_language("it")
    Store().folder.mkdir(parents=True, exist_ok=True)
    Store().slot("bolola").write_text("{ damaged")
    app.back_to_menu()
    [toast] = [t.text for t in app.toasts.items if "resume-bolola.json.bad" in t.text]
    assert "non è JSON" in toast and "not JSON" not in toast
