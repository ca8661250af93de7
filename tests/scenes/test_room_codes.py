"""The host's room at its own table (scenes/net/room_codes.py): the pause menu shows the
room's codes and offers Open a relay code to a room with none while a relay is set;
pressed, the relay's code comes into the menu and the button goes."""

from __future__ import annotations

import pygame

from game.net import Host, pretty, protocol
from scenes.i18n import tr
from scenes.table.result import PauseScene
from scenes.table.scene import TableScene
from tests.game.net.helpers import relay_here, table_of_friends
from tests.scenes.shell_helpers import app  # noqa: F401
from tests.scenes.test_online import frames_until, press


def hosts_table(app, host: Host) -> TableScene:
    assert host.wait_ready(5.0) and host.begin()
    table = TableScene(app, host.client)
    app.stack.push(table)
    return table


def pause(app) -> PauseScene:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                          unicode="\x1b", scancode=0)])
    scene = app.stack.top
    assert isinstance(scene, PauseScene)
    return scene


def test_the_hosts_pause_menu_shows_its_codes_and_opens_a_relay_code(app, monkeypatch):
    """The code comes into the menu the frame after it opens, with no input, and the
    whole window is presented (the panel changed size: its new rectangle alone left the
    old edges and words on screen until the next full refresh, seen under Xvfb)."""
    with relay_here() as (_, port):
        app.settings.relay = f"127.0.0.1:{port}"
        host = Host(table_of_friends("briscola", 3, 4), name="Anna", listen="127.0.0.1", port=0,
                    autostart=False, stand_in="random", paced=False, limits=protocol.QUICK).start()
        try:
            hosts_table(app, host)
            menu = pause(app)
            direct = (tr("net.room_code", code=pretty(host.status().direct_code)), "")
            assert direct in menu.lines()
            assert "relay" in [b.key for b in menu.focus.buttons]
            press(app, menu, "relay")
            said: list = []                     # what the menu says it changed, each frame
            damage = menu.damage
            monkeypatch.setattr(menu, "damage", lambda: said.append(damage()) or said[-1])
            code = frames_until(app, lambda: host.status().relay_code)
            frames_until(app, lambda: None in said, timeout=2.0)   # the whole window
            assert said[-1] is None and menu.damage() is not None, "once"
            assert (tr("net.relay_code", code=pretty(code)), "") in menu.lines()
            assert "relay" not in [b.key for b in menu.focus.buttons]
            assert menu.panel.contains(menu.focus.buttons[-1].rect), "laid out anew"
        finally:
            app.back_to_menu()
            host.close()


def test_with_no_relay_set_the_menu_offers_no_relay_code(app):
    app.settings.relay = ""
    host = Host(table_of_friends("briscola", 3, 4), name="Anna", listen="127.0.0.1", port=0,
                autostart=False, stand_in="random", paced=False, limits=protocol.QUICK).start()
    try:
        hosts_table(app, host)
        menu = pause(app)
        assert "relay" not in [b.key for b in menu.focus.buttons]
        assert (tr("net.room_code", code=pretty(host.status().direct_code)), "") in menu.lines()
    finally:
        app.back_to_menu()
        host.close()
