"""The screens said aloud: the focused item, with a row's value and help."""

from __future__ import annotations

import inspect

import pygame
import pytest

from scenes.speech import table as spoken
from tests.scenes.tablekit import frames, key, make_app
from tests.scenes.test_leaderboard_scene import asked  # noqa: F401 (the board answered here)


def listening(display, monkeypatch, speak: bool = True):
    speaker, lines = spoken.transcript_speaker()
    monkeypatch.setattr(spoken, "_speaker", speaker)
    app = make_app(display)
    app.speak = speak
    frames(app, 1)
    return app, speaker, lines


def heard(speaker, lines: list[str]) -> list[str]:
    speaker.wait()
    out = list(lines)
    lines.clear()
    return out


@pytest.mark.slow
def test_the_menus_focused_item_is_said_as_the_focus_moves(display, monkeypatch):
    app, speaker, lines = listening(display, monkeypatch)
    first = app.stack.top.focus.focused
    assert heard(speaker, lines) == [f"{first.label}, {first.hint}." if first.hint else
                                     f"{first.label}."]
    key(app, pygame.K_DOWN)
    now = app.stack.top.focus.focused
    assert now is not first
    assert heard(speaker, lines) == [f"{now.label}, {now.hint}." if now.hint else f"{now.label}."]
    frames(app, 3)
    assert heard(speaker, lines) == []             # said once, not every frame
    speaker.close()


def on_settings(display, monkeypatch, focused: str):
    """The settings screen, listened to, its focus on the item ``focused``."""
    from scenes.screens.settings_scene import SettingsScene

    app, speaker, lines = listening(display, monkeypatch)
    scene = SettingsScene(app)
    app.stack.push(scene)
    scene.focus.focus_key(focused)
    return app, speaker, lines


def test_a_settings_row_is_said_with_its_value_as_it_changes(display, monkeypatch):
    app, speaker, lines = on_settings(display, monkeypatch, "opt:reduced_motion")
    frames(app, 1)
    assert heard(speaker, lines)[-1] == "Reduced motion: Off."
    key(app, pygame.K_RIGHT)
    assert heard(speaker, lines) == ["Reduced motion: On."]
    speaker.close()


def test_a_value_changed_is_said_without_its_help_again(display, monkeypatch):
    """The help line is said as the focus lands on a row; each change says the new value
    alone (the whole help was said again at every press)."""
    from scenes.i18n import tr

    app, speaker, lines = listening(display, monkeypatch)
    scene = app.open("setup", "bisca")
    scene.focus.focus_key("players")
    frames(app, 1)
    row = scene.row("players")
    assert heard(speaker, lines)[-1].endswith(row.help)
    key(app, pygame.K_RIGHT)
    assert heard(speaker, lines) == [
        tr("spoken.option", label=tr("setup.players"), value=row.show(scene.value(row)))]
    speaker.close()


def test_each_games_rules_is_said_with_the_games_name_as_the_focus_moves_down(display,
                                                                              monkeypatch):
    """Down from one game's Rules to the next game's: each is said, by its game; the
    focus moved in silence (the same words as the item before were not said again)."""
    app, speaker, lines = listening(display, monkeypatch)
    app.stack.top.focus.focus_key("rules:bocce")
    frames(app, 1)
    assert heard(speaker, lines)[-1] == "Rules of Bocce."
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == ["Rules of Bolola."]
    speaker.close()


def test_a_range_of_players_is_said_in_words_not_two_numbers(display, monkeypatch):
    """"2–6 players": a voice read "two six players"."""
    from scenes.i18n import set_language

    app, speaker, lines = listening(display, monkeypatch)
    set_language("it")
    try:
        app.back_to_menu()
        app.stack.top.focus.focus_key("game:bisca")
        frames(app, 1)
        assert heard(speaker, lines)[-1] == "Bisca, da 2 a 6 giocatori."
    finally:
        set_language("en")
        speaker.close()


def test_nothing_is_said_with_the_spoken_table_off(display, monkeypatch):
    app, speaker, lines = listening(display, monkeypatch, speak=False)
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == []
    speaker.close()


def test_a_new_game_row_is_said_with_its_value_and_its_help(display, monkeypatch):
    from scenes.i18n import tr

    app, speaker, lines = listening(display, monkeypatch)
    scene = app.open("setup", "bocce")
    scene.focus.focus_key("seat")
    frames(app, 1)
    row = scene.row("seat")
    said = heard(speaker, lines)[-1]
    assert said == f"{tr('setup.your_seat')}: {row.show(scene.value(row))}. {row.help}"
    speaker.close()


def _given_more(name):
    """Whether the scene by this route is made from more than the app (a table's result
    is given its table, the waiting room its client, Find a table its relay)."""
    from scenes.routes import maker

    params = list(inspect.signature(maker(name)).parameters.values())[1:]
    return any(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               for p in params)


def screens():
    """Every screen by its route, with each game's new-game screen and rules; the ones
    made from a table, a client or a relay are heard in their own tests."""
    from game import KEYS
    from scenes.routes import ROUTES

    for name in ROUTES:
        if name in ("setup", "rules"):
            yield from ((name, (key,)) for key in KEYS)
        elif name != "table" and not _given_more(name):   # the table speaks for itself
            yield name, ()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
def test_tab_reaches_every_item_of_every_screen_and_each_has_words(display, monkeypatch, lang):
    """Tab walks every screen's focus round; each item it lands on is said, in words of
    the screen's language (no catalog key, no empty field), and every enabled item is
    reached.  (The statistics are a page to scroll, with no items: not read yet.)"""
    from scenes.i18n import set_language
    from scenes.speech.screens import describe

    app, speaker, lines = listening(display, monkeypatch)
    set_language(lang)
    for name, args in screens():
        scene = app.open(name, *args)
        frames(app, 1)
        focus = getattr(scene, "focus", None)
        enabled = {b.key for b in getattr(focus, "buttons", []) if b.enabled}
        reached: set[str] = set()
        for _ in range(len(enabled) + 1):
            if app.stack.top is not scene or focus is None:
                break                            # statistics: a page to scroll, no items
            button = focus.focused_button()
            if button is not None:
                reached.add(button.key)
                words = describe(scene)
                assert words and "{" not in words and not words.startswith(("ui.", "spoken.")), \
                    (name, button.key, words)
            key(app, pygame.K_TAB)
        assert reached >= enabled or app.stack.top is not scene, (name, enabled - reached)
        while app.stack.top is not scene and len(app.stack) > 1:
            app.stack.pop()
        app.stack.pop()
    speaker.close()


@pytest.mark.slow
def test_the_rules_are_read_a_section_at_a_time_and_the_page_follows(display, monkeypatch):
    """scenes/speech/reading.py: opened, the rules say whose they are and the keys; Down
    says the next section (its heading first) and scrolls to it, Up the one before."""
    from scenes.i18n import tr

    app, speaker, lines = listening(display, monkeypatch)
    scene = app.open("rules", "bocce")
    frames(app, 1)
    count = len(scene.reader.sections)
    assert count > 5
    assert heard(speaker, lines)[-1] == tr("spoken.reading.rules", game="Bocce", count=count)
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines)[0] == "Bocce"
    key(app, pygame.K_DOWN)
    said = heard(speaker, lines)
    assert said[0] == "Setup" and len(said) > 1
    assert scene.target > 0                                   # the page is at "Setup"
    key(app, pygame.K_UP)
    assert heard(speaker, lines)[0] == "Bocce"
    speaker.close()


def test_the_credits_are_read_a_section_at_a_time_as_the_rules_are(display, monkeypatch):
    """Down on the credits scrolled the page and said nothing; it says the next section
    (its heading first) and the page follows, Up the one before."""
    from scenes.screens.credits_scene import blocks

    app, speaker, lines = listening(display, monkeypatch)
    scene = app.open("credits")
    frames(app, 1)
    heard(speaker, lines)
    headings = [b.text for b in blocks() if b.kind.startswith("h")]
    key(app, pygame.K_DOWN)
    first = heard(speaker, lines)
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines)[0] == headings[1] and scene.target > 0
    key(app, pygame.K_UP)
    assert heard(speaker, lines) == first
    speaker.close()


@pytest.mark.slow
def test_the_statistics_are_read_a_game_at_a_time_with_each_column_named(display, monkeypatch):
    from game.stats import empty_line
    from scenes.screens.stats_scene import StatsScene

    class Kept:
        def load(self):
            line = empty_line()
            line.update(played=4, won=3, total=40, best=25)
            return {"games": {"bocce": {"normal": line}}, "recent": {}}, None

    app, speaker, lines = listening(display, monkeypatch)
    heard(speaker, lines)
    app.stack.push(StatsScene(app, Kept()))
    frames(app, 1)
    assert heard(speaker, lines) == ["Statistics, a game at a time. Down: the next game; "
                                     "Up: the one before."]
    key(app, pygame.K_DOWN)
    said = heard(speaker, lines)
    assert said[0] == "Bocce"
    assert said[1].startswith("Normal: Played 4, Won 3, Best 25, Average 10")
    speaker.close()


@pytest.mark.slow
def test_the_name_field_is_said_as_it_is_typed_in(display, monkeypatch):
    app, speaker, lines = on_settings(display, monkeypatch, "name")
    key(app, pygame.K_RETURN)                                 # into the field
    heard(speaker, lines)
    app.frame(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="E")])
    assert heard(speaker, lines) == ["E"]
    key(app, pygame.K_BACKSPACE)
    assert heard(speaker, lines) == ["E deleted."]
    speaker.close()


@pytest.mark.slow
def test_a_replays_step_is_said_with_its_number_and_all_it_did(display, monkeypatch):
    from game.saves import Store
    from scenes.i18n import tr
    from scenes.screens.replay_scene import open_replay_file
    from tests.scenes.test_keeping import kept_and_left

    app, speaker, lines = listening(display, monkeypatch)
    app.settings.animation_speed = "instant"
    kept_and_left(app, "bolola", 3, seed=4)
    heard(speaker, lines)
    assert open_replay_file(app, Store().slot("bolola"))
    replay = app.stack.top
    frames(app, 1)
    assert tr("replays.start") in heard(speaker, lines)
    key(app, pygame.K_RIGHT)
    said = heard(speaker, lines)
    assert said == [tr("replays.step", n=1, total=len(replay.replay) - 1), *replay.said()]
    assert len(said) > 1
    speaker.close()


@pytest.mark.slow
def test_a_score_sheet_is_read_a_row_at_a_time(display, monkeypatch):
    """The spoken table on: the sheet between two hands says how to read it, and Down
    says each row with each player's cell ("Hand 1: You 5, East 3.")."""
    from scenes.i18n import tr
    from scenes.kit.sheet import Sheet, SheetRow
    from scenes.table.result import SheetScene
    from tests.scenes.tablekit import open_table

    app, speaker, lines = listening(display, monkeypatch)
    table = open_table(app, "bocce")
    sheet = Sheet(["You", "Computer"], [SheetRow("Each hand", ["", ""]),
                                        SheetRow("Hand 1", ["5", "3"]),
                                        SheetRow("Total", ["5", ""], "total")])
    heard(speaker, lines)
    app.stack.push(SheetScene(app, table, "Hand 1 scored", sheet, "Next hand"))
    frames(app, 1)
    assert tr("spoken.reading.sheet") in heard(speaker, lines)
    sheet_scene = app.stack.top
    while sheet_scene.age < sheet_scene.settle:        # keys act once the sheet settled
        frames(app, 1)
    heard(speaker, lines)
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == ["Each hand."]           # a row of no cells: its label
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == ["Hand 1: You 5, Computer 3."]
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == ["Total: You 5."]
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == [tr("spoken.reading.end")]
    key(app, pygame.K_RETURN)                          # Enter still goes on
    assert not isinstance(app.stack.top, SheetScene)
    speaker.close()


@pytest.mark.slow
def test_a_rated_games_ratings_are_said_as_they_are_told_and_read_again_by_row(
        display, monkeypatch, tmp_path):
    """The result panel of a rated game: the ratings the service tells after the result
    came are said in words ("Anna: from 10 to 12.5, up 2.5."), and Down reads them
    again after the sheet's rows."""
    from game import GAMES
    from scenes.i18n import tr
    from tests.scenes import fakegame
    from tests.scenes.tablekit import computers_to_result, open_table

    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path))
    monkeypatch.setitem(GAMES, "fake", fakegame.SPEC)
    app, speaker, lines = listening(display, monkeypatch)
    table = open_table(app, "fake", seed=1, seat=None,
                       players=[fakegame.FirstLegal(), fakegame.FirstLegal()])
    result = computers_to_result(app, table)
    frames(app, 2)
    assert not any("from" in line for line in heard(speaker, lines))   # none told yet
    table.client.names = ("Anna", "Bruno")
    table.client.rated = ((10.0, 12.5), (8.0, 8.0))
    frames(app, 1)
    said = heard(speaker, lines)
    assert said[-3:] == [tr("spoken.rating.heading"), "Anna: from 10 to 12.5, up 2.5.",
                         "Bruno: from 8 to 8, unchanged."]
    while result.age < result.settle:
        frames(app, 1)
    for _ in range(len(result.spoken_rows()) - 1):
        key(app, pygame.K_DOWN)
    heard(speaker, lines)
    key(app, pygame.K_DOWN)
    assert heard(speaker, lines) == ["Bruno: from 8 to 8, unchanged."]
    speaker.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_leaderboard_is_a_list_read_a_row_at_a_time_and_a_part_at_a_time(
        display, monkeypatch, asked, lang):
    """Its game said as it is turned to, the player's place and the keys once the board
    comes; Down each row with its place, name and rating (the top, the player's place,
    near it), Page Down the next part, Page Up back; the top list scrolls along."""
    from game.net.relays import relay_setting
    from scenes.i18n import language, set_language, tr
    from scenes.screens.online.leaderboard_scene import LeaderboardScene, place_words
    from tests.scenes.test_online import frames_until

    before = language()
    app, speaker, lines = listening(display, monkeypatch)
    set_language(lang)
    try:
        heard(speaker, lines)
        scene = LeaderboardScene(app, relay_setting("127.0.0.1:9"))
        app.stack.push(scene)
        frames_until(app, lambda: scene.board is not None)
        frames(app, 1)
        said = heard(speaker, lines)
        assert tr("spoken.board.title", game="Bocce") in said
        assert said[-2:] == [place_words(scene.board), tr("spoken.board.keys")]
        key(app, pygame.K_DOWN)
        assert heard(speaker, lines) == [tr("board.top")]
        key(app, pygame.K_DOWN)
        you = {"en": "1, you, Marco, rating 57, 40 games.",
               "it": "1, tu, Marco, punteggio 57, 40 partite."}[lang]
        assert heard(speaker, lines) == [you]
        key(app, pygame.K_DOWN)
        second = {"en": "2, Player 149, rating 39.2, 159 games.",
                  "it": "2, Player 149, punteggio 39,2, 159 partite."}[lang]
        assert heard(speaker, lines) == [second]
        for _ in range(40):
            key(app, pygame.K_DOWN)
        assert scene.first > 0, "the list on screen follows the rows said"
        heard(speaker, lines)
        key(app, pygame.K_PAGEDOWN)
        assert heard(speaker, lines) == [place_words(scene.board)]
        key(app, pygame.K_PAGEDOWN)
        assert heard(speaker, lines) == [tr("board.near")]
        key(app, pygame.K_DOWN)
        assert heard(speaker, lines) == [you]
        key(app, pygame.K_PAGEUP)
        assert heard(speaker, lines) == [tr("board.near")]
        key(app, pygame.K_PAGEUP)
        assert heard(speaker, lines) == [place_words(scene.board)]
        key(app, pygame.K_RIGHT)                 # another game: said, read from its top
        assert heard(speaker, lines)[0] == tr("spoken.board.title", game="Bolola")
        frames_until(app, lambda: scene.board is not None)
        frames(app, 1)
        heard(speaker, lines)
        key(app, pygame.K_DOWN)
        assert heard(speaker, lines) == [tr("board.top")]
    finally:
        set_language(before)
        speaker.close()


def test_the_rating_chart_is_said_as_the_rating_now_its_move_and_the_highest():
    from scenes.screens.stats_scene import rating_chart_words

    assert rating_chart_words([]) == []
    assert rating_chart_words([3.25]) == ["Your rating is 3.2, after one rated game."]
    assert rating_chart_words([10.0, 14.5, 12.0]) == [
        "Your rating is 12: up 2 over the last 3 rated games, the highest 14.5."]
    assert rating_chart_words([10.0, 9.6]) == [
        "Your rating is 9.6: down 0.4 over the last 2 rated games, the highest 10."]


def test_the_ratings_are_said_in_italian_with_its_decimal_comma():
    from scenes.i18n import language, set_language
    from scenes.net.rating_words import rating_sentences
    from scenes.screens.stats_scene import rating_chart_words

    class Seated:
        seat, names = 1, ("Anna", "Marco")

    before = language()
    set_language("it")
    try:
        assert rating_chart_words([10.0, 14.5, 12.0]) == [
            "Il tuo punteggio è 12: sale di 2 nelle ultime 3 partite classificate, "
            "il più alto 14,5."]
        assert rating_sentences(Seated(), ((10.0, 12.5), (8.0, 7.6))) == [
            "Anna: da 10 a 12,5, sale di 2,5.", "Tu: da 8 a 7,6, scende di 0,4."]
    finally:
        set_language(before)


@pytest.mark.slow
def test_settings_show_and_say_the_spoken_table_started_by_the_speak_option(display,
                                                                            monkeypatch):
    """``--speak`` with the setting off: the row shows and says On, as the table is;
    changed there, the change rules (it was said "Off" while the table spoke) and is
    saved as every setting is, "Off" said as the voice stops."""
    import json

    from scenes.settings import settings_path

    app, speaker, lines = on_settings(display, monkeypatch, "opt:spoken_table")
    assert app.settings.spoken_table is False and app.speak is True
    row = app.stack.top.row("opt:spoken_table")
    on = f"Spoken table: {row.show(True)}."          # "On, silent" where no voice is
    frames(app, 1)
    assert heard(speaker, lines)[-1].startswith(on)
    assert app.stack.top.value(row) is True
    key(app, pygame.K_RIGHT)
    assert not spoken.spoken_on(app)
    assert json.loads(settings_path().read_text())["spoken_table"] is False
    assert heard(speaker, lines) == ["Spoken table: Off."]
    frames(app, 2)
    assert heard(speaker, lines) == []
    key(app, pygame.K_RIGHT)
    assert spoken.spoken_on(app) and app.settings.spoken_table is True
    assert json.loads(settings_path().read_text())["spoken_table"] is True
    assert heard(speaker, lines)[0] == on         # then what to install, where it is missing
    speaker.close()


def test_a_notice_is_said_as_it_shows(display, monkeypatch):
    """M in the menu shows "Sound off": a listener heard nothing of it, nor of "Saved
    to ..." after Save this game; a notice whose words the table says itself is said
    once (aloud=False)."""
    from scenes.i18n import tr

    app, speaker, lines = listening(display, monkeypatch)
    heard(speaker, lines)
    key(app, pygame.K_m, unicode="m")
    assert heard(speaker, lines) == [tr("ui.sound_off")]
    app.notify("Bruno left; the computer plays for Bruno.", 5.0, aloud=False)
    frames(app, 1)
    assert heard(speaker, lines) == []
    speaker.close()


@pytest.mark.slow
def test_a_page_opened_is_named_before_its_focused_item(display, monkeypatch):
    """Enter on Bolola said "Play." alone: nothing told a listener a new game's page had
    opened, nor which; the settings and the replays said their first item alone too."""
    app, speaker, lines = listening(display, monkeypatch)
    heard(speaker, lines)
    app.open("setup", "bolola")
    frames(app, 1)
    said = heard(speaker, lines)
    assert said[0] == "Bolola, New game", said
    frames(app, 2)
    assert heard(speaker, lines) == []               # named once, as it opens
    app.open_settings()
    frames(app, 1)
    assert heard(speaker, lines)[0] == "Settings"
    speaker.close()


@pytest.mark.slow
def test_leaving_a_game_by_ear_asks_the_question_aloud(display, monkeypatch):
    """Menu in the pause menu asks "Leave this game?" and what leaving costs: a listener
    heard "Keep playing." alone, with no question to answer."""
    from scenes.i18n import tr
    from tests.scenes.tablekit import open_table, settle

    app, speaker, lines = listening(display, monkeypatch)
    table = open_table(app, "bolola", seed=3)
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    app.stack.top.ask_menu()
    frames(app, 1)
    said = heard(speaker, lines)
    assert said[-2].startswith(tr("table.confirm.menu_title") + " "), said   # and the cost
    assert said[-1] == f"{tr('table.confirm.stay')}."
    speaker.close()


@pytest.mark.slow
def test_the_pause_menu_and_a_result_are_named_before_their_first_button(display, monkeypatch,
                                                                         tmp_path):
    """Esc at the table said "Resume." alone, and a game's end its first button: the
    panel's title comes first, as a page's name does."""
    from game import GAMES
    from scenes.i18n import tr
    from tests.scenes import fakegame
    from tests.scenes.tablekit import computers_to_result, open_table, settle

    app, speaker, lines = listening(display, monkeypatch)
    table = open_table(app, "bolola", seed=3)
    settle(app, table)
    heard(speaker, lines)
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    said = heard(speaker, lines)
    assert said[:2] == [tr("table.pause.title"), f"{tr('table.pause.resume')}."], said
    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path))
    monkeypatch.setitem(GAMES, "fake", fakegame.SPEC)
    table = open_table(app, "fake", seed=1, seat=None,
                       players=[fakegame.FirstLegal(), fakegame.FirstLegal()])
    result = computers_to_result(app, table)
    frames(app, 2)
    assert result.title() and result.title() in heard(speaker, lines)
    speaker.close()
