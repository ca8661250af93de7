"""The generic table scene, on a tiny fake game with the default adapter: it renders,
animates, explains illegal clicks, answers the keyboard, resizes and pauses."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from scenes.art.sprites import forget_kept
from scenes.kit import theme
from scenes.table.result import PauseScene
from tests.scenes import fakegame
from tests.scenes.tablekit import click, frames, key, make_app, session_of, settle, state_of, think
from tests.scenes.tablekit import open_table as open_game


@pytest.fixture
def fake(monkeypatch):
    monkeypatch.setitem(GAMES, "fake", fakegame.SPEC)


def open_table(display, speed="instant", **kw):
    app = make_app(display, speed)
    table = open_game(app, "fake", seed=1, players=[None, fakegame.FirstLegal()], **kw)
    return app, table


def test_the_opening_deal_ends_with_the_screen_showing_the_view(display, fake):
    app, table = open_table(display)
    settle(app, table)
    want = {z: cs for z, cs in table.view["zones"].items() if cs}
    assert table.shown_zones() == want
    assert table.drifts == []


def test_the_first_frame_paints_no_face_on_the_frames_thread(display, fake):
    """Card art is painted ahead: the faces in view go to the painter first, the deal
    flies backs meanwhile, and the frame that starts the table paints the back alone
    (the deal's first card), no face (it painted the four in view too).  The program's
    first table: nothing kept from a table before it."""
    forget_kept()
    app, table = open_table(display, speed="normal")
    frames(app, 1)
    assert table.images.painted_here == 1


@pytest.mark.slow
def test_the_table_renders_cards_where_they_belong(display, fake, tmp_path):
    app, table = open_table(display)
    settle(app, table)
    frames(app, 2)
    shot = tmp_path / "table.png"
    pygame.image.save(app.screen, str(shot))
    assert shot.stat().st_size > 10_000
    surface = app.screen
    # not blank: many colours
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 23)}
    assert len(colours) > 50
    # the human hand lies at the bottom, inside the window, and is drawn there
    felt = theme.felt_background((1280, 720))
    lay = table.layout
    for code in ("3H", "5H"):
        rect = table.card_rect(code)
        assert rect.bottom <= 720 and rect.top >= lay.height * 0.6
        centre = rect.center
        assert surface.get_at(centre)[:3] != felt.get_at(centre)[:3]
    # the computer's hand is at the top, face down
    assert all(s.shown is None for s in table.zones["hand/1"])
    assert all(s.y < lay.height * 0.2 for s in table.zones["hand/1"])


def test_an_illegal_click_shakes_the_card_and_explains_why(display, fake):
    app, table = open_table(display)
    settle(app, table)
    # the computer led the Six of Spades; the human holds Spades, so Hearts are refused
    assert table.zones["table"][0].shown == "6S"
    assert {s.code for s in table.human_hand if s.legal} == {"2S", "4S"}
    sprite = next(s for s in table.human_hand if s.code == "3H")
    app.sound.play = lambda name: played.append(name) or True
    played: list[str] = []
    pygame.event.clear()
    app.settings.animation_speed = "normal"
    click(app, table.card_rect("3H").center)
    assert "You must follow suit: Spades was led." == table.hud.error
    assert "error" in played
    offsets = []
    for _ in range(10):
        frames(app, 1)
        offsets.append(sprite.offset_x)
    assert max(abs(o) for o in offsets) > 1.0, "the refused card shakes"
    assert [seat for seat, _ in state_of(table).history] == [1], "only the computer's lead"


def test_the_keyboard_cursor_moves_among_playable_cards_and_enter_plays(display, fake):
    app, table = open_table(display)
    settle(app, table)
    hand = [s.code for s in table.human_hand]
    assert hand == ["2S", "3H", "4S", "5H"] and table.cursor is None
    key(app, pygame.K_RIGHT)
    assert table.cursor == 0 and table.human_hand[0].focus
    key(app, pygame.K_RIGHT)
    assert table.cursor == 2, "the Three of Hearts may not be played: the cursor skips it"
    key(app, pygame.K_RIGHT)
    assert table.cursor == 0
    key(app, pygame.K_LEFT)
    assert table.cursor == 2
    key(app, pygame.K_RETURN)
    assert [str(a) for s, a in state_of(table).history if s == 0] == ["play:4S"]


def test_enter_with_nothing_chosen_plays_the_first_playable_card(display, fake):
    app, table = open_table(display)
    settle(app, table)
    key(app, pygame.K_RETURN)
    assert [str(a) for s, a in state_of(table).history if s == 0] == ["play:2S"]


def test_once_the_keyboard_is_used_the_cursor_rests_on_a_playable_card_each_turn(display, fake):
    app, table = open_table(display)
    settle(app, table)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)        # the Two of Spades; the computer wins, leads again
    settle(app, table)
    frames(app, 2)
    assert table.my_turn() and table.cursor is not None
    assert table.human_hand[table.cursor].legal


def test_a_click_during_an_animation_hurries_it(display, fake):
    app, table = open_table(display, speed="normal")
    frames(app, 3)
    assert table.busy
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)])
    assert table.timeline.hurried
    n = 0
    while table.busy and n < 1000:
        frames(app, 1)
        n += 1
    assert n < 60, "a hurried deal ends in well under a second"


def test_a_resize_lays_the_table_out_again(display, fake):
    app, table = open_table(display)
    settle(app, table)
    table.resize((900, 560))
    for cards in table.zones.values():
        for s in cards:
            assert 0 <= s.x <= 900 and 0 <= s.y <= 560
    assert table.card_rect("3H").bottom <= 560
    table.resize((1280, 720))


@pytest.mark.slow
def test_escape_opens_the_pause_menu_and_resume_closes_it(display, fake):
    app, table = open_table(display)
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    frames(app, 1)
    key(app, pygame.K_RETURN)   # "Resume" has the focus
    assert app.stack.top is table


@pytest.mark.slow
def test_a_game_played_by_two_computers_ends_on_the_result_screen(display, fake):
    from tests.scenes.tablekit import computers_to_result

    app = make_app(display)
    table = open_game(app, "fake", seed=1, seat=None,
                      players=[fakegame.FirstLegal(), fakegame.FirstLegal()])
    computers_to_result(app, table)
    assert table.drifts == []


def _until_the_computer_led(app, table):
    """Normal speed: frames until the computer has led (its card still flying)."""
    for _ in range(600):
        if table.version >= 1:
            return
        think(table)
        frames(app, 1)
    raise AssertionError("the computer never led")


def _keydown(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0)


def _until_ready(app, table):
    for _ in range(300):
        if not table.busy:
            return
        frames(app, 1)
    raise AssertionError("the table never got ready")


def test_keys_that_hurry_an_animation_are_spent(display, fake):
    app, table = open_table(display, speed="normal")
    _until_the_computer_led(app, table)
    assert table.busy and table.my_turn()
    app.frame(1 / 60, [_keydown(pygame.K_RIGHT), _keydown(pygame.K_RIGHT),
                       _keydown(pygame.K_RETURN)])
    assert table.busy and table.timeline.hurried, "the keys hurry the animation"
    _until_ready(app, table)
    frames(app, 2)
    assert [s for s, _ in state_of(table).history] == [1], "and nothing else"
    assert table.cursor is None
    key(app, pygame.K_RETURN)   # made when the table is ready: it acts
    assert [s for s, _ in state_of(table).history] == [1, 0]


def test_a_click_that_hurries_an_animation_is_spent(display, fake):
    app, table = open_table(display, speed="normal")
    _until_the_computer_led(app, table)
    assert table.busy
    click(app, table.card_rect("2S").center)
    assert table.timeline.hurried
    _until_ready(app, table)
    frames(app, 2)
    assert [s for s, _ in state_of(table).history] == [1], "the hurrying click played nothing"
    click(app, table.card_rect("2S").center)
    assert [str(a) for s, a in state_of(table).history if s == 0] == ["play:2S"]


def _table_threads(before):
    import threading

    return [t for t in threading.enumerate() if t not in before
            and (t.name.startswith("computer") or t.name == "card-painter")]


def _started_with_threads(display, speed="normal"):
    import threading

    before = set(threading.enumerate())
    app, table = open_table(display, speed)
    for _ in range(300):   # until a computer has been asked for a move
        if session_of(table).computers._executor is not None:
            break
        frames(app, 1)
    assert _table_threads(before), "the table runs a computer thread and a card painter"
    return app, table, before


def _all_stopped(threads):
    for t in threads:
        t.join(timeout=5.0)
    return [t.name for t in threads if t.is_alive()]


@pytest.mark.slow
@pytest.mark.parametrize("path", ["back_to_menu", "shutdown", "play_again"])
def test_no_table_thread_outlives_the_table(display, fake, path):
    app, table, before = _started_with_threads(display)
    threads = _table_threads(before)
    if path == "back_to_menu":       # the app's own way back (an error, the result's Menu)
        app.back_to_menu()
    elif path == "shutdown":         # the window closed: run() ends with shutdown()
        app.shutdown()
    else:                            # "Play again": a new table replaces this one
        app.stack.replace(table.new_game())
        assert _all_stopped(threads) == []
        app.back_to_menu()
    assert _all_stopped(threads) == []
    assert _all_stopped(_table_threads(before)) == []


def test_a_table_covered_by_the_pause_menu_keeps_its_threads(display, fake):
    app, table, before = _started_with_threads(display)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert session_of(table).computers._executor is not None, "only covered: still there"
    app.stack.top.press("menu")
    app.stack.top.press("yes")          # leave the game
    assert _all_stopped(_table_threads(before)) == []


@pytest.mark.slow
@pytest.mark.parametrize("how", ["keyboard", "mouse"])
def test_menu_from_the_pause_menu_asks_before_the_game_is_lost(display, fake, how):
    from scenes.table.result import ConfirmScene

    app, table = open_table(display)
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    click(app, pause.focus.button("menu").rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.title() == "Leave this game?"
    if how == "keyboard":
        key(app, pygame.K_RETURN)       # "Keep playing" has the focus: a hasty Enter loses nothing
    else:
        key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause and table in list(app.stack)
    click(app, pause.focus.button("quit").rect.center)
    assert app.stack.top.title() == "Quit Tavolata?"
    key(app, pygame.K_ESCAPE)
    click(app, pause.focus.button("menu").rect.center)
    click(app, app.stack.top.focus.button("yes").rect.center)
    assert app.stack.top is app.menu() and len(app.stack) == 1


@pytest.mark.slow
def test_a_key_pressed_while_the_others_are_to_play_does_nothing_quietly(display, fake):
    app, table = open_table(display, speed="normal")
    _until_the_computer_led(app, table)
    settle(app, table)
    app.settings.animation_speed = "normal"
    assert table.act(table.legal()[0])     # your card: the trick goes to the computer
    _until_ready(app, table)
    assert not table.my_turn()
    app.frame(1 / 60, [_keydown(pygame.K_RIGHT), _keydown(pygame.K_RETURN)])
    assert table.cursor is None
    assert table.hud.error == "", "no 'not your turn' for a key pressed a moment early"


def test_a_computer_s_forced_move_takes_a_third_of_the_pause(display, fake):
    """The session says which seats to act have a forced move; the table's pacing, not
    the rules, shortens their pause."""
    from dataclasses import replace

    from scenes.table.scene import FORCED_SHARE

    app, table = open_table(display, "normal", think_delay=(3.0, 3.0))
    for _ in range(2000):
        if table.update_msg is not None and not table.busy and 1 in table.to_act:
            break
        if table.my_turn() and not table.busy:
            table.act(table.legal()[0])
        frames(app, 1)
    assert 1 in table.to_act and not table.busy
    paces = []
    for forced in ((), (1,)):
        table.position.update = replace(table.update_msg, forced=forced)
        table.computer_pace.forget()
        table.computer_pace.step(0.0)
        paces.append(table.computer_wait())
    assert paces[0] == pytest.approx(3.0 / table.speed())
    assert paces[1] == pytest.approx(paces[0] * FORCED_SHARE)


def test_while_a_guest_reconnects_its_prompt_says_so_and_nothing_is_offered(display, fake):
    """The table reads a guest's link from its client (``link()``, as RemoteClient
    gives it): while it is "reconnecting" a move would not be sent, so the prompt says
    the link is down, not "your turn", and no card is offered."""
    from game.session import LinkState
    from scenes.i18n import tr

    app, table = open_table(display)
    settle(app, table)
    assert table.my_turn()
    turn_prompt = table.hud.prompt
    assert turn_prompt and any(s.legal for s in table.human_hand)
    table.client.link = lambda: LinkState("reconnecting")   # the client is a guest's now
    frames(app, 2)
    assert table.link == "reconnecting"
    assert table.hud.prompt == tr("net.reconnecting")
    assert not any(s.legal for s in table.human_hand) and not table.bar.buttons
    table.client.link = lambda: LinkState("connected")      # back in
    frames(app, 2)
    assert table.hud.prompt == turn_prompt and any(s.legal for s in table.human_hand)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_players_name_is_on_their_plate_and_in_the_games_record(display, key):
    app = make_app(display, "instant")
    app.settings.player_name = "Anna"
    app.start_game(key, 5)
    table = app.stack.top
    app.frame(1 / 60, [])
    assert table.adapter.seat_name(table.seat, table.layout) == "Anna"
    assert any(k[:3] == ("plate", table.seat, "Anna") for k in table.painter.paint_log)
    assert table.client.setup.seats[table.seat].name == "Anna"
    assert "Anna" in table.adapter.seat_names(table.layout), "the score sheet's column"
    app.back_to_menu()
    app.settings.player_name = ""
    app.start_game(key, 5)
    table = app.stack.top
    assert table.adapter.seat_name(table.seat, table.layout) == "You"
    app.back_to_menu()


def test_a_spectator_at_an_online_table_has_the_log_a_kiosk_visitor_not(display):
    """Someone watching friends play online (and maybe come in late) could not open the
    story of the game: the Log button and G were a player's only."""
    from game.session import COMPUTER, GameSetup, LocalClient, SeatSpec, Session
    from game.session.client import Seating
    from scenes.table import TableScene
    from scenes.table.story import StoryScene

    app = make_app(display, "instant")
    for online in (True, False):
        setup = GameSetup("briscola", tuple(SeatSpec(COMPUTER) for _ in range(3)), {}, 3)
        client = LocalClient(Session(setup, paced=True), None)
        if online:
            client.seating = lambda: Seating(("Marco", "Anna", ""))
        table = TableScene(app, client)
        app.stack.push(table)
        frames(app, 3)
        shown = [b.key for b in table.corner.shown()]
        key(app, pygame.K_g, "g")
        opened = isinstance(app.stack.top, StoryScene)
        assert (shown == ["G"] and opened) if online else (shown == [] and not opened)
        app.back_to_menu()


def test_the_pause_menu_of_an_online_table_says_the_game_goes_on(display):
    """"Paused" over an online table said the game waited; it goes on for the others
    (the host's computers play on while its menu is up): the menu says so."""
    from game.session.client import Seating
    from scenes.i18n import tr

    app = make_app(display, "instant")
    app.start_game("briscola", 5)
    table = app.stack.top
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and app.stack.top.lines() == []
    key(app, pygame.K_ESCAPE)
    table.client.seating = lambda: Seating(("", "Bruno", ""))
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause.lines() == [(tr("table.pause.online"), "")]
    top = min(b.rect.top for b in pause.focus.buttons)
    assert pause.panel.y < top and pause.panel.contains(pause.focus.buttons[-1].rect)
    app.back_to_menu()


def test_every_screen_is_told_once_when_a_friend_drops_and_comes_back(display):
    """The plate's "Computer playing for Bruno" was all a screen said of a friend whose
    link dropped: a notice says so once, and once more when he is back; what was so
    before the table's first look (a guest joining late) is no news."""
    from game.session.client import Seating

    app = make_app(display, "instant")
    app.start_game("bisca", 5)
    table = app.stack.top
    seating = Seating(("", "Bruno", "", "Carla"), frozenset({3}))
    table.client.seating = lambda: seating
    frames(app, 2)

    def told() -> list[str]:
        return [t.text for t in app.toasts.items if "Bruno" in t.text or "Carla" in t.text]

    assert told() == [], "Carla was away before this screen looked"
    seating = Seating(("", "Bruno", "", "Carla"), frozenset({1, 3}))
    frames(app, 3)
    assert told() == ["Bruno's connection dropped: a computer plays for them until they "
                      "are back"]
    seating = Seating(("", "Bruno", "", "Carla"), frozenset())
    frames(app, 3)
    assert told()[1:] == ["Bruno is back at the table", "Carla is back at the table"]
    app.back_to_menu()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_seat_the_computer_keeps_warm_says_so_on_its_plate_and_in_the_lines(display, lang,
                                                                             monkeypatch):
    """A guest away (netplay): the computer plays his seat, and the table says so where it
    names who is to act (it said "Bruno is thinking…"); his score keeps his name."""
    from game.session.client import Seating

    monkeypatch.setenv("LANGUAGE", lang)             # a new settings file speaks it
    app = make_app(display, "instant")
    app.start_game("bisca", 5)
    table = app.stack.top
    seating = Seating(("", "Bruno", "", ""), frozenset({1}))    # as the network says
    table.client.seating = lambda: seating
    frames(app, 2)
    lay, view = table.layout, table.position.view
    words = {"en": ("Computer playing for Bruno", "The computer plays for Bruno…",
                    "The computer for Bruno is betting..."),
             "it": ("Il computer gioca per Bruno", "Il computer gioca per Bruno…",
                    "Il computer per Bruno sta puntando...")}[lang]
    assert any(k[:3] == ("plate", 1, words[0]) for k in table.painter.paint_log)
    assert table.adapter.prompt({**view, "phase": "play"}, [], False, [1], lay) == words[1]
    assert table.adapter.prompt({**view, "phase": "bet"}, [], False, [1], lay) == words[2]
    assert table.adapter.seat_names(lay)[1] == "Bruno", "the score sheet's column"
    seating = Seating(("", "Bruno", "", ""))                       # he is back
    frames(app, 2)
    assert table.adapter.prompt({**view, "phase": "play"}, [], False, [1], lay) == \
        {"en": "Bruno is thinking…", "it": "Bruno sta pensando…"}[lang]
    app.back_to_menu()


def _ink_rows(surface: pygame.Surface, x0: int, x1: int, y0: int, y1: int) -> list[int]:
    """The rows between ``y0`` and ``y1`` with light ink (words, a button's rim)."""
    rows = []
    for y in range(y0, y1):
        if any(sum(surface.get_at((x, y))[:3]) > 330 for x in range(x0, x1, 2)):
            rows.append(y)
    return rows


@pytest.mark.parametrize("size", [(800, 500), (960, 540), (1280, 720)])
def test_the_pause_menu_s_online_line_stands_clear_of_resume(display, size):
    """Over an online table at 960x540 the line saying the game goes on sat close above
    "Resume" (10 px of felt, where the title stood 26 px above it) and read as its
    caption: it stands about as far from the button as from the title, at every size."""
    from game.session.client import Seating

    pygame.display.set_mode(size)
    app = make_app(display, "instant", size=size)
    app.start_game("briscola", 5)
    table = app.stack.top
    frames(app, 2)
    table.client.seating = lambda: Seating(("", "Bruno", ""))
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.lines()
    surface = pygame.Surface(size)
    pause.draw(surface)
    resume = pause.focus.button("resume").rect
    p = pause.panel
    ink = _ink_rows(surface, p.left + 12, p.right - 12, p.top + 8, resume.top)
    # the title's ink, then a blank band, the line's ink, a blank band, then Resume
    gaps = [(a, b) for a, b in zip(ink, ink[1:]) if b - a > 3]
    assert gaps, ink
    above = gaps[0][1] - gaps[0][0]           # the title to the line
    below = resume.top - ink[-1]              # the line to Resume
    assert below >= above - 4, (size, above, below)
    app.back_to_menu()
    pygame.display.set_mode((1280, 720))
