"""The Leaderboard screen (scenes/leaderboard_scene.py) and a rated game's words on the
result panel (scenes/rating_words.py), with the service's answers made here: the board
asked for the player's own key, game by game; its places drawn in either language at
800x500; the player's history kept for the Statistics chart (scenes/stats_scene.py)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.net.identity import public_bytes
from game.net.ratings import Rating
from game.net.relays import relay_setting
from game.net.standings import BOARD_AFTER, Board
from game.rating_history import RatingHistory
from game.stats import Stats
from scenes.guest import own_key
from scenes.i18n import language, set_language, tr
from scenes.leaderboard_scene import LeaderboardScene, place_words
from scenes.rating_words import rating_lines
from scenes.stats_scene import LOST, WON, StatsScene
from tests.scenes.shell_helpers import app  # noqa: F401
from tests.scenes.tablekit import make_app
from tests.scenes.test_online import frames_until


def made_board(mine: str) -> dict[str, Any]:
    ratings = {f"{k:064x}": Rating(5.0 + k / 4, 1.0, BOARD_AFTER + k, f"Player {k}")
               for k in range(150)}
    ratings[mine] = Rating(60.0, 1.0, 40, "Marco", history=((3, 20.0), (9, 57.0)))
    board = Board(ratings.items()).query(mine)
    board["you"] = {"rating": 57.0, "games": 40, "history": [[3, 20.0], [9, 57.0]]}
    return board


@pytest.fixture
def asked(monkeypatch) -> list[tuple[str, str]]:
    """``ask_board`` answered here: what was asked (game, key)."""
    import game.net.service

    questions: list[tuple[str, str]] = []

    def ask_board(relay: Any, game: str, key: str = "", timeout: float = 10.0) -> dict:
        questions.append((game, key))
        return made_board(key)
    monkeypatch.setattr(game.net.service, "ask_board", ask_board)
    return questions


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_board_is_asked_for_the_players_own_key_and_shows_its_place(display, asked, lang):
    before = language()
    set_language(lang)
    app = make_app(display, size=(800, 500))
    try:
        scene = LeaderboardScene(app, relay_setting("127.0.0.1:9"))
        app.stack.push(scene)
        frames_until(app, lambda: scene.board is not None)
        mine = public_bytes(own_key()).hex()
        assert asked == [("bocce", mine)]
        assert scene.board["place"] == 1
        assert place_words(scene.board) == tr("board.place", place=1, listed=151,
                                              rating="57.0", games=40)
        app.draw()
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                        unicode=""))
        frames_until(app, lambda: scene.board is not None)
        assert asked[-1] == ("bolola", mine)
        assert RatingHistory().load()[0]["bocce"] == [20.0, 57.0], "kept for the chart"
    finally:
        set_language(before)
        app.back_to_menu()
        pygame.display.set_mode((1280, 720))


def test_a_game_not_on_the_board_yet_says_how_far_it_is():
    board = {"top": [], "place": None, "near": [], "listed": 0,
             "you": {"rating": 3.2, "games": 4, "history": []}}
    assert place_words(board) == tr("board.not_yet", rating="3.2", games=4, n=BOARD_AFTER)
    assert place_words({**board, "you": None}) == tr("board.unrated", n=BOARD_AFTER)


class Seated:
    seat = 1
    names = ("Anna", "Marco", "Bruno")


def test_the_result_panel_says_each_rated_seats_rating_before_and_after():
    lines = rating_lines(Seated(), ((10.0, 12.5), (8.0, 6.0), None))
    assert lines == [(tr("rated.heading"), ""),
                     ("Anna", tr("rated.change", before="10.0", after="12.5", change="+2.5")),
                     (tr("rated.you"), tr("rated.change", before="8.0", after="6.0",
                                          change="-2.0"))]
    assert rating_lines(Seated(), None) == []


@pytest.mark.slow
def test_statistics_chart_the_rating_of_a_game_played_at_rated_tables_only(app, tmp_path):
    RatingHistory(tmp_path).replace("doudizhu", [0.0, 2.5, 1.0, 4.0])
    stats = StatsScene(app, Stats(tmp_path), RatingHistory(tmp_path))
    assert stats.games() == ["doudizhu"]
    page = stats._laid_out()
    colours = {tuple(page.get_at((x, y)))[:3] for x in range(page.get_width())
               for y in range(0, page.get_height(), 2)}
    assert WON in colours and LOST in colours, "risen green, fallen red"


class Told:
    def __init__(self) -> None:
        self.said: list[str] = []

    def notify(self, text: str, seconds: float = 3.0) -> None:
        self.said.append(text)


def test_export_then_import_moves_the_key_and_says_so_in_one_line(tmp_path, monkeypatch):
    from scenes.key_actions import export_action, exports, import_action

    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path / "here"))
    app = Told()
    assert import_action(app) is None and str(exports()) in app.said[-1], "nothing there yet"
    moved = export_action(app)
    assert moved is not None and str(moved) in app.said[-1]
    mine = public_bytes(own_key())
    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path / "there"))
    exports().mkdir(parents=True)
    (exports() / moved.name).write_bytes(moved.read_bytes())
    assert public_bytes(own_key()) != mine
    assert import_action(app) is not None
    assert public_bytes(own_key()) == mine and len(app.said) == 3


@pytest.mark.slow
def test_the_players_screens_need_no_rating_library():
    """openskill is the service's (the fleet's extra): a player's program shows boards and
    ratings without it."""
    import subprocess
    import sys

    code = ("import sys; import scenes.leaderboard_scene, scenes.result, scenes.stats_scene; "
            "print('openskill' in sys.modules)")
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
                         timeout=60)
    assert ran.stdout.strip() == "False", ran.stderr


@pytest.mark.slow
def test_a_game_played_only_at_rated_tables_is_read_aloud_by_its_rating(app, tmp_path):
    RatingHistory(tmp_path).replace("doudizhu", [0.0, 2.5])
    stats = StatsScene(app, Stats(tmp_path), RatingHistory(tmp_path))
    assert stats.spoken_sections() == [(0, ["Dou Dizhu", tr(
        "spoken.rating.chart", rating="2.5", n=2, change=tr("spoken.rating.up", n="2.5"),
        best="2.5")])]
