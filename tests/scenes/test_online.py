"""Play online, driven through App.frame: the words for every network reason, the join
form (a mistyped code is worded, never a traceback), and a real host and guest on
127.0.0.1 reaching their tables.  Every wait is bounded."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Any, Callable

import pygame
import pytest

from game.net import Host, RemoteClient, codes, protocol
from game.net import host as host_module
from game.net.interfaces import EVERYWHERE
from game.net.relays import relay_setting
from scenes.i18n import has, tr
from scenes.kit.fields import field_points
from scenes.screens.online.play import HostScene, OnlineScene, start_online
from scenes.screens.online.waiting_room import GuestRoomScene
from scenes.screens.setup_scene import SetupScene
from scenes.table.netplay import away_seats
from scenes.table.scene import TableScene
from tests.game.net.conftest import start_relay
from tests.game.net.helpers import hosting, table_of_friends, until
from tests.scenes.shell_helpers import app, click  # noqa: F401

#: every interface's address, as a setting holds it (never bound by a test)
ALL_INTERFACES = EVERYWHERE[1]

DT = 1 / 60


def frames_until(app, condition: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Run frames until ``condition()``; AssertionError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < end, f"still not {condition} after {timeout} s"
        app.frame(DT, [])
        time.sleep(0.005)
    return value


def press(app, scene, key: str) -> None:
    app.frame(DT, click(scene.focus.button(key).rect.center))


def join_by_code(app, code: str, name: str = "Anna") -> None:
    """The join form filled in (a name, a room's code) and sent, from the title menu."""
    scene = open_online(app)
    press(app, scene, "join")
    scene.name_entry.set_text(name)
    scene.code_entry.set_text(code)
    press(app, scene, "go")


@pytest.fixture
def local_host(monkeypatch):
    """The host screen listens on 127.0.0.1 only, on a free port."""
    monkeypatch.setattr(HostScene, "listen", "127.0.0.1")
    monkeypatch.setattr(HostScene, "port", 0)


def open_online(app) -> OnlineScene:
    press(app, app.menu(), "online")
    scene = app.stack.top
    assert isinstance(scene, OnlineScene)
    return scene


@pytest.mark.parametrize("key", [
    protocol.MISTYPED_CODE, protocol.NO_RELAY, protocol.UNREACHABLE, protocol.NO_SUCH_ROOM,
    protocol.ROOM_FULL, protocol.WRONG_VERSION, protocol.RELAY_FULL, protocol.HOST_GONE,
    protocol.HOST_LEFT,
    protocol.KICKED, protocol.REPLACED, protocol.ABUSE, protocol.HELLO_TIMEOUT,
    protocol.WRONG_CODE, protocol.SLOW_DOWN,
    host_module.PORT_IN_USE, host_module.NOT_LAN, host_module.RELAY_UNREACHABLE,
    host_module.RELAY_LOST])
def test_every_reason_the_core_gives_has_words(key):
    assert has(f"net.{key}")


def test_a_mistyped_code_is_worded_and_the_field_stays(app):
    scene = open_online(app)
    press(app, scene, "join")
    assert scene.code_entry is not None
    scene.code_entry.set_text("not a code")
    press(app, scene, "go")
    frames_until(app, lambda: scene.problem)
    assert scene.problem == tr("net.mistyped_code")
    assert app.stack.top is scene and scene.code_entry is not None
    app.frame(DT, [])
    assert scene._drawn_problem == scene.problem      # drawn with the words, with no input
    assert not app.frame(DT, [])                      # and then the screen rests
    press(app, scene, "back")
    press(app, scene, "back")
    assert app.stack.top is app.menu()


def test_the_name_typed_is_kept_between_forms(app):
    scene = open_online(app)
    assert scene.name_entry is not None
    scene.name_entry.set_text("Anna")
    press(app, scene, "join")
    assert scene.name == "Anna" and scene.name_entry.get_text() == "Anna"
    scene.code_entry.set_text("not a code")
    press(app, scene, "go")
    assert app.settings.player_name == "Anna"          # remembered for next time
    assert OnlineScene(app).name == "Anna"


def test_the_default_name_is_not_saved_as_the_players_own(app):
    """Someone who joined (or watched) without typing a name had the field's default word
    saved as their name: their own plate at every game on this computer said "Guest"
    where it said "You".  The word is no host's name either ("Guest (host)")."""
    scene = open_online(app)
    assert scene.name_entry.get_text() == tr("net.default_name") == "Player"
    press(app, scene, "join")
    scene.code_entry.set_text("not a code")
    press(app, scene, "go")
    assert app.settings.player_name == ""
    scene.name_entry.set_text("Anna")
    press(app, scene, "go")
    assert app.settings.player_name == "Anna"
    scene.name_entry.set_text("")                     # and a name taken back out
    press(app, scene, "go")
    assert app.settings.player_name == "" and scene.name == "Player"


def test_a_name_that_is_not_one_is_worded_and_nothing_starts(app):
    app.settings.player_name = "Ma\x00rco"            # as a damaged file could have had it
    for _ in range(3):                                  # it crashed here, and then the program
        scene = open_online(app)
        assert scene.problem == ""
        assert scene.name_entry is not None and "\x00" not in scene.name_entry.get_text()
        press(app, scene, "back")
    scene = open_online(app)
    scene.name_entry.set_text("Eve\u202e")             # a bidi override, pasted
    press(app, scene, "join")
    assert scene.mode == "choose" and scene.problem == tr("name.unprintable")
    scene.name_entry.set_text("Anna")
    press(app, scene, "join")
    assert scene.mode == "join"
    scene.name_entry.set_text("Eve\x07")
    scene.code_entry.set_text("not a code")
    press(app, scene, "go")
    assert scene.client is None and scene.problem == tr("name.unprintable")


def test_enter_in_either_field_of_the_join_form_joins(app):
    """A person types the code, then their name, and presses Enter: that joined only
    from the code's field; from the name's it did nothing."""
    import pygame_gui

    for field in ("code_entry", "name_entry"):
        scene = open_online(app)
        press(app, scene, "join")
        scene.code_entry.set_text("not a code")
        entry = getattr(scene, field)
        app.frame(DT, [pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED,
                                          {"ui_element": entry, "text": entry.get_text()})])
        frames_until(app, lambda page=scene: page.problem)
        assert scene.problem == tr("net.mistyped_code"), field
        press(app, scene, "back")
        press(app, scene, "back")


def test_the_code_typed_waits_while_the_relay_it_needs_is_set(app):
    """"That is a relay code and no relay is set" sends the player to the first page: the
    code they typed is still there when they come back to join."""
    scene = open_online(app)
    press(app, scene, "join")
    scene.code_entry.set_text("9MZK-XJEB-WE7N")
    press(app, scene, "go")
    frames_until(app, lambda: scene.problem)
    assert scene.problem == tr("net.no_relay")
    press(app, scene, "back")
    assert scene.code_entry is None and scene.relay_entry is not None
    press(app, scene, "join")
    assert scene.code_entry.get_text() == "9MZK-XJEB-WE7N"


def test_a_client_given_a_name_that_is_not_one_sends_nothing():
    client = RemoteClient("not a code", name="Ma\x00rco")
    assert client.state == "lost" and client.reason == "bad_name" and has("net.bad_name")


def test_a_guest_joins_a_real_host_and_reaches_the_table(app):
    with hosting("bocce") as (host, _):
        scene = open_online(app)
        press(app, scene, "join")
        scene.name_entry.set_text("Anna")
        scene.code_entry.set_text(host.status().direct_code)
        press(app, scene, "go")
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top)
        assert table.client.names[table.client.seat] == "Anna"
        frames_until(app, lambda: table.position.update is not None)   # the host's first word
        app.frame(DT, [])
        host_seat = 1 - table.seat
        lay = table.layout
        assert table.adapter.seat_name(host_seat, lay) == "Host"
        assert table.adapter.seat_name(table.seat, lay) == "Anna", "the name the host sees"
        assert any(k[:3] == ("plate", host_seat, "Host") for k in table.painter.paint_log)
        assert ("light", "connected") in table.painter.paint_log
        app.back_to_menu()                    # the table closes the client
        assert table.client.state == "closed"


@pytest.mark.slow
def test_the_guest_is_told_when_the_host_quits(app):
    with hosting("bocce") as (host, _):
        scene = open_online(app)
        press(app, scene, "join")
        scene.code_entry.set_text(host.status().direct_code)
        press(app, scene, "go")
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top)
        host.close()
        frames_until(app, lambda: app.stack.top is app.menu())
        assert tr("net.host_left") in [t.text for t in app.toasts.items]
        assert table.client.state == "closed"


@pytest.mark.slow
def test_hosting_shows_the_code_and_the_friend_gets_in(app, local_host):
    scene = open_online(app)
    scene.name_entry.set_text("Marco")
    press(app, scene, "host")
    press(app, scene, "game:bocce")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    friend = next(b.label for b in setup.focus.buttons if b.key == "level:1")
    assert friend.startswith(tr("setup.friend", number=2))
    assert setup.focus.button("play").label == tr("setup.open_room")
    press(app, setup, "play")
    waiting = app.stack.top
    assert isinstance(waiting, HostScene)
    code = frames_until(app, lambda: waiting.host.status().direct_code)
    assert waiting.code and waiting.waiting_text() == tr("net.waiting")
    assert waiting.guessing_text() == ""
    room = codes.parse(code)
    for tried in (1, 2):                         # a stranger guesses: counted and shown
        wrong = codes.direct_code(room.address, room.port, (room.password + tried) %
                                  room.passwords)
        assert not RemoteClient(wrong, name="Eve").wait_connected(5.0)
        frames_until(app, lambda tried=tried: str(tried) in waiting.waiting_text())
    assert waiting.waiting_text().endswith("(2 wrong codes tried)")
    assert waiting.guessing_text() == tr("net.guessing_slowed"), "newcomers are slowed: said"
    assert app.stack.top is waiting, "still waiting for the friend"
    assert waiting.listening == tr("net.listening_one", address="127.0.0.1",
                                   port=waiting.host.status().port)
    app.frame(DT, [])
    guest = RemoteClient(code, name="Anna")
    try:
        frames_until(app, lambda: [s.name for s in waiting.host.status().seats] ==
                     ["Marco", "Anna"])
        app.frame(DT, [])
        assert [b.key for b in waiting.focus.buttons][:2] == ["move:1", "free:1"], \
            "the host's buttons on the friend's seat"
        frames_until(app, lambda: guest.state == "waiting")    # its news may come after the host's
        assert guest.lobby.you == 1
        assert app.stack.top is waiting, "the game starts when the host says so"
        press(app, waiting, "start")
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top)
        assert guest.wait_connected(5.0)
        assert guest.names[1 - guest.seat] == "Marco"
        frames_until(app, lambda: table.adapter.seat_name(guest.seat, table.layout) == "Anna")
        assert table.link is None                 # the host's table has no light
        guest.close()
        frames_until(app, lambda: table.adapter.plate_name(guest.seat, table.layout)
                     == "Computer playing for Anna")
        assert table.adapter.seat_name(guest.seat, table.layout) == "Anna", "her score's"
        assert table.adapter.waiting_prompt(guest.seat, table.layout) == \
            "The computer plays for Anna…"
    finally:
        guest.close()
        app.back_to_menu()
    assert table.client.host.status().state == "closed"


def test_the_relay_typed_on_the_first_page_is_kept_and_used(app, local_host):
    scene = open_online(app)
    scene.relay_entry.set_text(" 127.0.0.1:9 ")
    press(app, scene, "host")
    assert app.settings.relay == "127.0.0.1:9"
    press(app, scene, "game:bocce")
    press(app, app.stack.top, "play")
    waiting = app.stack.top
    assert isinstance(waiting, HostScene)
    try:
        assert waiting.host.relay == relay_setting("127.0.0.1:9")
    finally:
        press(app, waiting, "cancel")
    scene.back()                           # the games -> the first page -> the menu
    scene.back()
    assert app.stack.top is app.menu()
    assert open_online(app).relay_entry.get_text() == "127.0.0.1:9"


def test_a_bad_relay_address_is_worded_and_nothing_starts(app):
    scene = open_online(app)
    scene.relay_entry.set_text("relay.example.org:port")
    press(app, scene, "join")
    assert scene.mode == "choose" and scene.problem == tr("net.bad_relay")
    assert app.settings.relay == ""
    scene.relay_entry.set_text("")
    press(app, scene, "join")
    assert scene.mode == "join" and scene.relay_address is None


@pytest.mark.parametrize("text, words", [
    ("relay.example.org:47800#" + "a" * 51, "net.bad_fingerprint"),
    (",".join(f"gw{i}.example.org" for i in range(9)), "net.too_many_relays"),
    ("gw1.example.org,gw2.example.org:port", "net.bad_relay"),
])
def test_a_bad_relay_setting_says_what_is_wrong_with_it_and_nothing_starts(app, text, words):
    """Several addresses and a fingerprint: each way of getting one wrong has its words."""
    scene = open_online(app)
    scene.relay_entry.set_text(text)
    press(app, scene, "join")
    assert scene.mode == "choose" and scene.problem == tr(words)
    assert app.settings.relay == ""


def test_a_relay_setting_of_several_gateways_and_a_fingerprint_is_kept(app):
    text = "gw1.example.org:47800,gw2.example.org:47801#" + "a" * 52
    scene = open_online(app)
    scene.relay_entry.set_text(text)
    press(app, scene, "join")
    assert scene.mode == "join" and app.settings.relay == text
    assert scene.relay_address == relay_setting(text)


def test_an_empty_code_asks_for_the_code_and_tries_nothing(app):
    import pygame_gui

    scene = open_online(app)
    press(app, scene, "join")
    scene.code_entry.set_text("   ")
    press(app, scene, "go")
    assert scene.problem == tr("net.type_code") and scene.client is None
    scene.code_entry.set_text("ZZZZ")                  # typing: the words went on standing
    app.frame(DT, [pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED,
                                      {"ui_element": scene.code_entry, "text": "ZZZZ"})])
    assert scene.problem == ""


@pytest.mark.slow
def test_a_host_with_no_home_address_says_why_and_offers_the_relay_there(app, local_host,
                                                                          monkeypatch):
    monkeypatch.setattr(HostScene, "advertise", "203.0.113.7")    # a test-range address
    scene = open_online(app)
    scene.host(app.game_setup("bocce"))
    waiting = app.stack.top
    assert isinstance(waiting, HostScene)
    frames_until(app, lambda: waiting.no_code)
    app.frame(DT, [])
    assert [b.key for b in waiting.focus.buttons] == ["relay", "cancel"], "no Copy of nothing"
    assert waiting.relay_entry is not None and waiting.relay_entry.is_focused
    press(app, waiting, "relay")
    assert waiting.problem == tr("net.type_relay")
    waiting.relay_entry.set_text("relay.example.org:port")
    press(app, waiting, "relay")
    assert waiting.problem == tr("net.bad_relay")
    proc, port = start_relay()
    try:
        waiting.relay_entry.set_text(f"127.0.0.1:{port}")
        press(app, waiting, "relay")
        assert app.settings.relay == f"127.0.0.1:{port}", "kept for next time"
        frames_until(app, lambda: waiting.code)
        app.frame(DT, [])
        assert [b.key for b in waiting.focus.buttons] == \
            ["computer:1", "spectators", "start", "copy", "cancel"]
        assert waiting.relay_entry is None and not waiting.problem
        assert waiting.host.status().relay_code and not waiting.host.status().direct_code
        press(app, waiting, "cancel")
        assert app.stack.top is scene
    finally:
        proc.end()


def test_cancel_closes_the_room(app, local_host):
    scene = open_online(app)
    scene.host(app.game_setup("bocce"))
    waiting = app.stack.top
    host = waiting.host
    press(app, waiting, "cancel")
    assert app.stack.top is scene and waiting.host is None
    assert host.status().state == "closed"


# --- the command line ----------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["--host", "poker"], "unknown game"),
    (["--host", "bocce", "--port", "70000"], "--port"),
    (["--join", "ZZZZ"], "not a room code"),
    (["--host", "bocce", "--relay", "nowhere:port"], "--relay: a relay's port is a number"),
    (["--host", "bocce", "--join", "ZZZZ"], "one or the other"),
    (["--port", "4000"], "--port goes with --host"),
    (["--join", "ZZZZ", "--port", "4000"], "--port goes with --host"),
    (["--host", "bocce", "--listen", "my-laptop"], "--listen: 'my-laptop' is not an IPv4"),
    (["--listen", "127.0.0.1"], "--listen goes with --host")])
def test_bad_netplay_options_exit_2_with_a_clear_line(argv, words, capsys):
    from scenes.cli import parse_args

    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    assert words in capsys.readouterr().err


def test_a_huge_join_argument_is_not_echoed_whole(capsys):
    from scenes.cli import parse_args

    with pytest.raises(SystemExit):
        parse_args(["--join", "Z" * 100_000])
    err = capsys.readouterr().err
    assert "not a room code" in err and err.count("\n") == 1 and len(err) < 200


def test_good_netplay_options_are_read():
    from scenes.cli import parse_args

    args = parse_args(["--host", "briscola", "--port", "4000", "--relay", "relay.example:47800",
                       "--listen", " 127.0.0.1"])
    assert (args.host, args.port, args.relay, args.listen) == \
        ("briscola", 4000, relay_setting("relay.example:47800"), "127.0.0.1")


def test_the_command_line_hosts_the_remembered_game(app, local_host):
    start_online(app, host="bocce", port=0)
    waiting = app.stack.top
    assert isinstance(waiting, HostScene)
    frames_until(app, lambda: waiting.code)
    kinds = [seat.kind for seat in waiting.host.setup.seats]
    assert kinds == ["human", "remote"]
    press(app, waiting, "cancel")
    assert isinstance(app.stack.top, OnlineScene)


def test_the_listen_setting_and_the_command_line_bind_the_room_to_one_address(app,
                                                                               monkeypatch):
    monkeypatch.setattr(HostScene, "port", 0)          # HostScene.listen stays every interface
    app.settings.listen = "127.0.0.1"
    start_online(app, host="bocce")
    waiting = app.stack.top
    try:
        assert waiting.host.listen == "127.0.0.1"
        frames_until(app, lambda: waiting.listening)
    finally:
        press(app, waiting, "cancel")
    app.settings.listen = ALL_INTERFACES               # the command line wins over the setting
    start_online(app, host="bocce", listen="127.0.0.1")
    waiting = app.stack.top
    try:
        assert waiting.host.listen == "127.0.0.1"
    finally:
        press(app, waiting, "cancel")


def test_a_room_on_every_interface_lists_them_each_unbroken(app, local_host):
    start_online(app, host="bocce")
    waiting = app.stack.top
    try:
        host = waiting.host
        frames_until(app, lambda: waiting.listening)
        host.listen = ""               # every interface, as the screen would word it (no test
        #                                 listens there: the status below is made up)
        with host._lock:
            host._status = replace(host._status, listening=("eth0 192.168.1.20", "lo 127.0.0.1"))
        assert waiting.listening == tr("net.listening_all", port=host.status().port,
                                       addresses="eth0\u00a0192.168.1.20, lo\u00a0127.0.0.1")
        app.frame(DT, [])
    finally:
        press(app, waiting, "cancel")


@pytest.mark.slow
def test_the_command_line_joins_with_the_code(app):
    with hosting("bocce") as (host, _):
        start_online(app, join=host.status().direct_code)
        frames_until(app, lambda: isinstance(app.stack.top, TableScene))
        app.back_to_menu()


@pytest.mark.slow
def test_a_computer_plays_for_the_friends_whose_link_dropped_at_the_hosts_table(app):
    """The host's table paces the computers (the session waits for its word): a seat a
    computer keeps warm for a friend who dropped is paced as a computer's, so the game
    goes on; it waited for that seat for ever."""
    app.settings.animation_speed = "instant"
    host = Host(table_of_friends("briscola", 3, 4), name="Anna", listen="127.0.0.1", port=0,
                autostart=False, stand_in="random", limits=protocol.QUICK).start()
    guests = []
    try:
        assert host.wait_ready(5.0), host.status()
        guests = [RemoteClient(host.status().direct_code, name=name) for name in ("Bruno", "Carla")]
        until(lambda: all(guest.state == "waiting" for guest in guests), 10.0)
        assert host.begin()
        table = TableScene(app, host.client)
        app.stack.push(table)
        for guest in guests:
            guest.close()
        frames_until(app, lambda: away_seats(table.client) == {1, 2})

        def moved_on() -> bool:
            """The host plays its own turns; the friends' seats are the computers'."""
            if table.position.my_turn() and not table.busy:
                table.client.submit(table.position.legal()[0], table.position.version)
            return host.session.version >= 12              # four tricks of three cards
        frames_until(app, moved_on, timeout=30.0)
    finally:
        for guest in guests:
            guest.close()
        app.back_to_menu()
        host.close()


def test_the_command_lines_relay_reaches_play_online_from_the_menu(monkeypatch):
    """``--relay`` alone (no --host, no --join) is the relay of the run: main hands it on."""
    import scenes.app
    from scenes.cli import main

    given: dict[str, Any] = {}
    monkeypatch.setattr(scenes.app, "run", lambda **kwargs: given.update(kwargs) or 0)
    assert main(["--relay", "127.0.0.1:47901"]) == 0
    assert given["relay"] == relay_setting("127.0.0.1:47901") and given["online"] is None
    # with --join too, the run's relay is handed on once (run sets app.relay), not again
    # among the join's options
    assert main(["--join", "FHHY-FNCH-D5SU", "--relay", "127.0.0.1:47901"]) == 0
    assert given["relay"] == relay_setting("127.0.0.1:47901") and given["online"]["join"] == "FHHY-FNCH-D5SU"
    assert "relay" not in given["online"]


def test_play_online_from_the_menu_uses_the_command_lines_relay_and_names_it(app, monkeypatch):
    import scenes.net.guest
    import scenes.screens.online.play

    drawn: list[str] = []
    text = scenes.screens.online.play.theme.text
    monkeypatch.setattr(scenes.screens.online.play.theme, "text",
                        lambda surface, font, words, *a, **k: drawn.append(words) or
                        text(surface, font, words, *a, **k))
    joined: list[dict] = []

    class Guest:
        state, reason, in_line = "connecting", None, False

        def __init__(self, code: str, **kwargs: Any) -> None:
            joined.append(kwargs)

        def close(self) -> None:
            pass

    monkeypatch.setattr(scenes.net.guest, "RemoteClient", Guest)
    app.settings.relay = "relay.example.org:47800"      # the setting: not this run's
    app.relay = relay_setting("127.0.0.1:47901")
    scene = open_online(app)
    assert scene.relay_address == relay_setting("127.0.0.1:47901")
    assert scene.relay_entry is None, "no field: the command line said which relay"
    app.frame(DT, [])
    assert tr("net.relay_given", address="127.0.0.1:47901") in drawn
    assert tr("net.relay_given", address="127.0.0.1:47901").startswith("Relay: 127.0.0.1:47901")
    press(app, scene, "join")                          # the join form's code goes there
    scene.code_entry.set_text("AAAA-AAAA-AAAA")
    press(app, scene, "go")
    assert joined and joined[-1]["relay"] == relay_setting("127.0.0.1:47901")
    press(app, scene, "back")
    press(app, scene, "public")                        # a public table needs a relay: it has one
    assert scene.mode == "pick" and scene.public
    assert app.settings.relay == "relay.example.org:47800", "the setting is left as it was"


@pytest.mark.slow
def test_a_guest_waiting_in_the_hosts_line_of_attempts_is_told_why_it_waits(app, monkeypatch):
    """Someone tried wrong codes at the table: the friend's try waits in line for its
    turn (a minute, behind a guesser's eight), and the join form says so, in place of
    "Setting up…", until it is let in."""
    import scenes.net.guest
    import scenes.screens.online.play

    drawn: list[str] = []
    text = scenes.screens.online.play.theme.text
    monkeypatch.setattr(scenes.screens.online.play.theme, "text",
                        lambda surface, font, words, *a, **k: drawn.append(words) or
                        text(surface, font, words, *a, **k))

    class Guest:
        state, reason, in_line = "connecting", None, False

        def __init__(self, code: str, **kwargs: Any) -> None:
            pass

        def close(self) -> None:
            pass

    monkeypatch.setattr(scenes.net.guest, "RemoteClient", Guest)
    scene = open_online(app)
    press(app, scene, "join")
    scene.code_entry.set_text(codes.direct_code("127.0.0.1", 47810, 5))
    press(app, scene, "go")
    app.frame(DT, [])
    assert tr("net.setting_up") in drawn and tr("net.in_line") not in drawn
    scene.client.in_line = True
    drawn.clear()
    app.frame(DT, [])
    assert tr("net.in_line") in drawn and tr("net.setting_up") not in drawn


def test_a_relay_address_is_written_back_as_it_is_read():
    assert codes.address_text("127.0.0.1", 47901) == "127.0.0.1:47901"
    for text in ("relay.example.org:47800", "[2001:db8::1]:47800"):
        assert codes.address_text(*codes.relay_address(text)) == text


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_long_reason_stays_inside_the_panel(app, monkeypatch, language):
    """The wrong code's words ran over both sides of the join form's panel at 1280x720."""
    import scenes.screens.online.play

    drawn: list[tuple[str, pygame.Rect]] = []
    text = scenes.screens.online.play.theme.text
    monkeypatch.setattr(scenes.screens.online.play.theme, "text",
                        lambda surface, font, words, *a, **k: drawn.append(
                            (words, text(surface, font, words, *a, **k))) or drawn[-1][1])
    app.change_setting("language", language)
    try:
        scene = open_online(app)
        press(app, scene, "join")
        for key in (protocol.WRONG_CODE, protocol.NO_SUCH_ROOM, protocol.ROOM_FULL):
            scene.problem = tr(f"net.{key}")
            drawn.clear()
            scene.draw(app.screen)
            said = [(words, rect) for words, rect in drawn if words and words in scene.problem]
            assert " ".join(words for words, _ in said) == scene.problem
            assert all(scene._panel.contains(rect) for _, rect in said), said
    finally:
        app.change_setting("language", "en")


@pytest.mark.slow
@pytest.mark.parametrize("back_by", ["direct", "relay", "relay opened later",
                                     "relay opened while closed"])
def test_a_guest_whose_program_closed_comes_back_to_its_seat_with_the_same_code(app, back_by):
    """The seat's key is kept on disk once the guest is seated at the table: joining
    with the same code again (the program closed and started again) takes the seat back
    from the computer keeping it warm; without it the room was full.  So does the
    room's other code: who joined by the direct code was told the room was full when it
    came back by the relay's; and so does a relay code the host opened in the middle of
    the game, after the guest's welcome (the host tells it), or while the guest's
    program was closed (the host names its codes before the hello)."""
    from scenes.net.guest import kept_seats
    from tests.game.net.helpers import relay_here

    later = back_by.startswith("relay opened")
    closed = back_by == "relay opened while closed"
    with relay_here() as (_, port):
        app.settings.relay = f"127.0.0.1:{port}"
        host = Host(table_of_friends("briscola", 3, 4), name="Anna", listen="127.0.0.1",
                    port=0, relay=None if later else ("127.0.0.1", port), autostart=False,
                    stand_in="random", paced=False, limits=protocol.QUICK).start()
        try:
            assert host.wait_ready(5.0), host.status()
            if not later:
                until(lambda: host.status().relay_code is not None, what="the relay's code")
            code = host.status().direct_code

            def join(where: type) -> Any:
                scene = open_online(app)
                press(app, scene, "join")
                scene.name_entry.set_text("Bruno")
                scene.code_entry.set_text(code)
                press(app, scene, "go")
                return frames_until(app, lambda: isinstance(app.stack.top, where) and
                                    app.stack.top or scene.problem, timeout=15.0)

            other = RemoteClient(code, name="Carla")
            assert isinstance(join(GuestRoomScene), GuestRoomScene)
            until(lambda: other.state == "waiting", 10.0)
            assert host.begin()
            table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and
                                 app.stack.top)
            seat = table.client.seat
            frames_until(app, lambda: seat in away_seats(host.client) or
                         host.status().seats[seat].present)
            if later and not closed:            # mid-game, the host opens a relay code
                assert host.open_relay(("127.0.0.1", port))
                opened = until(lambda: host.status().relay_code, what="the relay's code")
                frames_until(app, lambda: kept_seats().get(opened) is not None)
            app.back_to_menu()                  # the program closes: a computer keeps it warm
            until(lambda: seat in away_seats(host.client), 10.0)
            if closed:                          # and the host opens a relay code meanwhile
                assert host.open_relay(("127.0.0.1", port))
                opened = until(lambda: host.status().relay_code, what="the relay's code")
                assert kept_seats().get(opened) is None
            if back_by != "direct":
                code = host.status().relay_code
            back = join(TableScene)
            assert isinstance(back, TableScene), back
            assert back.client.seat == seat
            until(lambda: seat not in away_seats(host.client), 10.0)
        finally:
            app.back_to_menu()
            other.close()
            host.close()


@pytest.mark.parametrize("size", [(800, 500), (1920, 1080)])
def test_the_fields_words_scale_with_the_window_as_the_rest_of_the_screen(app, size):
    """The join form's code and name fields: their words grow and shrink with the window
    (at 1920x1080 they stayed at the theme's 16 points in a field half as tall again), and
    always fit in the field; the words typed and the keyboard's focus stay."""
    scene = open_online(app)
    press(app, scene, "join")
    scene.code_entry.set_text("FHHY-FNCH")
    at_720 = scene.code_entry.font.get_rect("FHHY").height
    app.frame(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    app.frame(DT, [])
    for entry in (scene.code_entry, scene.name_entry):
        height = entry.font.get_rect("FHHY").height
        assert height == pytest.approx(at_720 * field_points(size) / field_points((1280, 720)),
                                       abs=1)
        assert height < entry.rect.height * 0.65, "room above and below the words"
    assert scene.code_entry.get_text() == "FHHY-FNCH" and scene.code_entry.is_focused
    assert field_points(size) != field_points((1280, 720))


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_a_field_placed_at_its_size_shows_its_rim_and_its_words_from_the_start(app, size):
    """At 1280x720 (where a field's words are the theme's own 16 points, so changing its
    theme block rebuilt nothing) the fields kept the look of the 100 px field they were
    made as: no gold rim, and the relay "127.0.0.1:47900" scrolled to ".0.1:47900"."""
    app.settings.relay = "127.0.0.1:47900"
    app.frame(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    scene = open_online(app)
    app.frame(DT, [])
    for entry in (scene.name_entry, scene.relay_entry):
        image = entry.image
        edge = [tuple(image.get_at((x, image.get_height() // 2)))[:3] for x in range(6)]
        assert (150, 116, 48) in edge, "the theme's normal_border"
        assert entry.drawable_shape.text_box_layout.x_scroll_offset == 0
    assert scene.relay_entry.get_text() == "127.0.0.1:47900"


def test_each_page_of_play_online_is_titled_for_what_it_is(app, monkeypatch):
    """The first page is Play online; the join form, the games to host at a private or a
    public table and the list of public tables each say which they are (the games of a
    public table were titled Play online)."""
    import scenes.screens.online.play
    from scenes.screens.online.find_table import FindScene

    drawn: list[str] = []
    text = scenes.screens.online.play.theme.text
    monkeypatch.setattr(scenes.screens.online.play.theme, "text",
                        lambda surface, font, words, *a, **k: drawn.append(words) or
                        text(surface, font, words, *a, **k))
    app.relay = relay_setting("127.0.0.1:9")
    scene = open_online(app)

    def titled(words: str) -> bool:
        drawn.clear()
        app.stack.top.draw(app.screen)
        return words in drawn and (words == "Play online" or "Play online" not in drawn)

    assert titled("Play online")
    press(app, scene, "join")
    assert titled("Join with a code")
    press(app, scene, "back")
    press(app, scene, "host")
    assert titled("Host a private table")
    press(app, scene, "back")
    press(app, scene, "public")
    assert titled("Open a public table")
    press(app, scene, "back")
    press(app, scene, "find")
    assert isinstance(app.stack.top, FindScene)
    assert titled("Find a table")
    app.back_to_menu()


def test_the_room_code_is_said_as_it_is_typed_in(app, monkeypatch):
    """scenes/speech/fields.py on the join page: the code field entered is said with its
    label, then each letter typed."""
    from scenes.speech import table as spoken

    speaker, lines = spoken.transcript_speaker()
    monkeypatch.setattr(spoken, "_speaker", speaker)
    app.speak = True
    scene = open_online(app)
    press(app, scene, "join")
    assert scene.code_entry is not None and scene.code_entry.is_focused
    # the field's line is chatter, cut by the next one still waiting: a person types
    # after hearing it, so the test does too (a loaded machine says it late)
    speaker.wait()
    app.frame(DT, [pygame.event.Event(pygame.TEXTINPUT, text="9")])
    speaker.wait()
    label = tr("net.enter_code")
    assert f"{label}, edit field: {tr('spoken.field_blank')}." in lines
    assert lines[-1] == "9"
    speaker.close()


@pytest.mark.slow
def test_a_table_another_program_deals_leaves_its_opener_nothing_to_save_or_replay(app):
    """A table the service deals: its opener sits as a guest (a host with no seat of its
    own deals, as a table worker's does).  Pause offers no Save this game, and leaving
    the table unfinished writes no resume slot and no file: nothing a --replay could
    show, let alone another seat's hand."""
    from game.net.service import TableRequest
    from game.saves import EXPORT_DIR, Store, slot_name
    from scenes.table.result import PauseScene

    host = Host(TableRequest("briscola", 3, 1).setup(5), name="", listen="127.0.0.1", port=0,
                paced=False, stand_in="random", limits=protocol.QUICK, chair=True).start()
    try:
        assert host.wait_ready(5.0), host.status()
        scene = open_online(app)
        press(app, scene, "join")
        scene.code_entry.set_text(host.status().direct_code)
        press(app, scene, "go")
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top)
        frames_until(app, lambda: table.position.update is not None)
        app.frame(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                          unicode="")])
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        assert "save" not in [button.key for button in pause.buttons()]
        assert host.session is not None and not host.session.over
        app.back_to_menu()
    finally:
        host.close()
    folder = Store().folder
    assert not (folder / slot_name("briscola")).exists()
    assert not list((folder / EXPORT_DIR).glob("*"))
    assert app.menu().record is None


def _race_with_a_guest(app, listening: int) -> tuple[float, dict[int, Any]]:
    """A Briscola race at the host's table (its person played the Two), a computer and
    a guest of ``listening`` words a minute in it: the computer's wait, and the views
    the guest was sent by then, by version."""
    from game.session import COMPUTER, HUMAN, REMOTE, GameSetup, SeatSpec, Update
    from tests.scenes.test_briscola_table import HUMAN_VENCESLAO_SEED, to_your_venceslao

    app.settings.animation_speed = "normal"
    setup = GameSetup("briscola", (SeatSpec(HUMAN, name="Anna"), SeatSpec(COMPUTER),
                                   SeatSpec(REMOTE)), {}, HUMAN_VENCESLAO_SEED)
    host = Host(setup, name="Anna", listen="127.0.0.1", port=0, autostart=False).start()
    guest = None
    try:
        assert host.wait_ready(5.0), host.status()
        guest = RemoteClient(host.status().direct_code, name="Bruno", listening=listening)
        until(lambda: guest.state == "waiting", 10.0)
        assert host.begin()
        table = TableScene(app, host.client, think_delay=(0.0, 0.0))
        app.stack.push(table)
        until(lambda: guest.state == "connected", 10.0)
        assert host.listening() == ({2: listening} if listening else {}), "told the host"
        to_your_venceslao(app, table, host.session.state)
        wait = table.computer_wait()
        seen: dict[int, Any] = {}

        def sent() -> bool:
            seen.update({m.version: m.view for m in guest.poll() if isinstance(m, Update)})
            return host.session.version in seen
        until(sent, 10.0, "the race sent to the guest")
        return wait, seen
    finally:
        if guest is not None:
            guest.close()
        app.back_to_menu()
        host.close()


@pytest.mark.slow
def test_a_computer_racing_a_listening_guest_waits_for_the_races_words_at_its_rate(app):
    """A guest who plays by ear says so in its hello, with its voice's words a minute:
    the host's computer racing it waits, besides the guest's allowance, the race's news
    said at that rate (scenes/table/race.py), as a table waits offline for its own
    voice.  A sighted guest's race is as it was; and the flag changes no card the guest
    is sent (the same views, version by version)."""
    from scenes.table.race import GUEST_ALLOWANCE, REACTION, hearing_time

    lo, hi = REACTION["normal"]
    sighted, sighted_views = _race_with_a_guest(app, 0)
    assert lo + GUEST_ALLOWANCE <= sighted <= hi + GUEST_ALLOWANCE
    by_ear, heard_views = _race_with_a_guest(app, 175)
    extra = GUEST_ALLOWANCE + hearing_time(175)
    assert hearing_time(175) > 4.4, "eSpeak NG's measured length at 175 (bench/README.md)"
    assert lo + extra <= by_ear <= hi + extra
    assert heard_views == sighted_views


@pytest.mark.slow
@pytest.mark.parametrize("key, lang", [("briscola", "en"), ("bisca", "it")])
def test_a_listening_guest_hears_the_first_turn_by_the_names_the_table_shows(app, monkeypatch,
                                                                            key, lang):
    """A guest's first sentences name the players as its plates do ("Host"), never the
    words of a table with no names ("Computer", "West"): the table had said its first
    update before it took the seats' names from the host."""
    from scenes.i18n import set_language
    from scenes.speech import table as spoken

    speaker, lines = spoken.transcript_speaker()
    monkeypatch.setattr(spoken, "_speaker", speaker)
    app.speak = True
    app.settings.animation_speed = "instant"     # the turn is said once the cards stop
    set_language(lang)
    try:
        with hosting(key, seed=3) as (host, hosts_table):
            hosts_table.thinking.set()                    # the host waits: its turn stays
            join_by_code(app, host.status().direct_code)
            table = frames_until(app, lambda: isinstance(app.stack.top, TableScene)
                                 and app.stack.top)
            host_seat = 1 - table.seat
            before, after = tr("spoken.turn.other", player="\0").split("\0")

            def named() -> list[str]:
                """The players the turns heard so far name (said once the cards stop)."""
                speaker.wait()
                return [m.group(1) for line in lines if (m := re.fullmatch(
                    f"{re.escape(before)}(.+){re.escape(after)}", line))]
            frames_until(app, lambda: table.adapter.seat_name(host_seat, table.layout) == "Host"
                         and named(), timeout=20.0)
            assert set(named()) == {"Host"}, lines
            app.back_to_menu()
    finally:
        set_language("en")
        speaker.close()
