"""Play online, driven through App.frame: the words for every network reason, the join
form (a mistyped code is worded, never a traceback), and a real host and guest on
127.0.0.1 reaching their tables.  Every wait is bounded."""

from __future__ import annotations

import time
from typing import Any, Callable

import pytest

from game.net import RemoteClient, codes, host as host_module, protocol
from scenes.i18n import has, tr
from scenes.online import HostScene, OnlineScene, start_online
from scenes.setup_scene import SetupScene
from scenes.table.scene import TableScene
from tests.game.net.helpers import hosting
from tests.scenes.shell_helpers import app, click  # noqa: F401

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


def test_a_guest_joins_a_real_host_and_reaches_the_table(app):
    with hosting("bocce") as (host, _):
        scene = open_online(app)
        press(app, scene, "join")
        scene.name_entry.set_text("Anna")
        scene.code_entry.set_text(host.status().direct_code)
        press(app, scene, "go")
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top)
        assert table.client.names[table.client.seat] == "Anna"
        app.frame(DT, [])
        host_seat = 1 - table.seat
        lay = table.layout
        assert table.adapter.seat_name(host_seat, lay) == "Host"
        assert table.adapter.seat_name(table.seat, lay) == tr("bocce.you")
        assert any(k[:3] == ("plate", host_seat, "Host") for k in table._paint_log)
        assert ("light", "connected") in table._paint_log
        app.back_to_menu()                    # the table closes the client
        assert table.client.state == "closed"


def test_the_guest_is_told_when_the_host_quits(app):
    with hosting("bocce") as (host, _):
        scene = open_online(app)
        press(app, scene, "join")
        scene.code_entry.set_text(host.status().direct_code)
        press(app, scene, "go")
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top)
        host.close()
        frames_until(app, lambda: app.stack.top is app.menu())
        assert tr("net.host_gone") in [t.text for t in app.toasts.items]
        assert table.client.state == "closed"


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
    room = codes.parse(code)
    for tried in (1, 2):                         # a stranger guesses: counted and shown
        wrong = codes.direct_code(room.address, room.port, (room.password + tried) %
                                  room.passwords)
        assert not RemoteClient(wrong, name="Eve").wait_connected(5.0)
        frames_until(app, lambda: str(tried) in waiting.waiting_text())
    assert waiting.waiting_text().endswith("(2 wrong codes tried)")
    assert app.stack.top is waiting, "still waiting for the friend"
    guest = RemoteClient(code, name="Anna")
    try:
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene) and app.stack.top)
        assert guest.wait_connected(5.0)
        assert guest.names[1 - guest.seat] == "Marco"
        frames_until(app, lambda: table.adapter.seat_name(guest.seat, table.layout) == "Anna")
        assert table.link is None                 # the host's table has no light
        guest.close()
        frames_until(app, lambda: table.adapter.seat_name(guest.seat, table.layout)
                     == tr("net.stand_in", name="Anna"))
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
        assert waiting.host.relay == ("127.0.0.1", 9)
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
    (["--host", "bocce", "--join", "ZZZZ"], "one or the other")])
def test_bad_netplay_options_exit_2_with_a_clear_line(argv, words, capsys):
    from scenes.cli import parse_args

    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    assert words in capsys.readouterr().err


def test_good_netplay_options_are_read():
    from scenes.cli import parse_args

    args = parse_args(["--host", "briscola", "--port", "4000", "--relay", "relay.example:47800"])
    assert (args.host, args.port, args.relay) == ("briscola", 4000, ("relay.example", 47800))


def test_the_command_line_hosts_the_remembered_game(app, local_host):
    start_online(app, host="bocce", port=0)
    waiting = app.stack.top
    assert isinstance(waiting, HostScene)
    frames_until(app, lambda: waiting.code)
    kinds = [seat.kind for seat in waiting.host.session.setup.seats]
    assert kinds == ["human", "remote"]
    press(app, waiting, "cancel")
    assert isinstance(app.stack.top, OnlineScene)


def test_the_command_line_joins_with_the_code(app):
    with hosting("bocce") as (host, _):
        start_online(app, join=host.status().direct_code)
        frames_until(app, lambda: isinstance(app.stack.top, TableScene))
        app.back_to_menu()
