"""The online rooms on screen, driven through App.frame against real hosts and a relay
on 127.0.0.1: the guest's waiting room shows every seat live and sits the guest where
it asks (a spectator's sheets between rounds go by themselves); the host moves a guest
to the seat it picks (mouse or keys); Find a table lists a public table (never a
private one) and sits you down, and more tables than fit scroll (keys, wheel, scroll
bar) keeping the selection as tables come and go; a phrase said at one table shows by
the sender's plate on the others."""

from __future__ import annotations

import pygame
import pytest

from game.net import RemoteClient, codes
from game.net.bot import hosted_setup
from game.net.finder import LIVE
from game.net.host import Host
from game.net.listing import Listing
from game.net.protocol import QUICK
from scenes.i18n import tr
from scenes.net import guest
from scenes.net.dealer import dealer_line
from scenes.screens.online.find_table import FindScene
from scenes.screens.online.play import HostScene
from scenes.screens.online.waiting_room import GuestRoomScene, seat_words
from scenes.table.pace import SHEET_GLANCE
from scenes.table.painting import PHRASE_CLEARS
from scenes.table.result import PauseScene
from scenes.table.scene import TableScene
from tests.game.net.conftest import start_relay
from tests.game.net.helpers import join, until
from tests.scenes.shell_helpers import app, click, key  # noqa: F401
from tests.scenes.test_online import DT, frames_until, join_by_code, press

pytestmark = pytest.mark.slow      # real hosts, a relay process


def hosting(key_: str = "briscola", **options) -> Host:
    options.setdefault("listen", "127.0.0.1")
    return Host(hosted_setup(key_, 0, [1, 2], "random", 3), name="Marco", port=0, paced=False,
                limits=QUICK, autostart=False, **options).start()


def test_the_guests_waiting_room_shows_every_seat_and_sits_the_guest_where_it_asks(app):
    host = hosting()
    try:
        assert host.wait_ready(5.0)
        join_by_code(app, host.status().direct_code)
        room = frames_until(app, lambda: isinstance(app.stack.top, GuestRoomScene)
                            and app.stack.top)
        frames_until(app, lambda: room.client.lobby is not None)
        app.frame(DT, [])
        assert [b.key for b in room.focus.buttons] == ["sit:2", "leave"]
        assert seat_words(room.client.lobby.seats[0]) == tr("net.seat_host", name="Marco")
        assert dealer_line(room.client) == "Dealt by Marco's program", "who deals, said"
        press(app, room, "sit:2")
        frames_until(app, lambda: room.client.lobby.you == 2)
        app.frame(DT, [])
        assert [b.key for b in room.focus.buttons] == ["sit:1", "leave"], "live"
        assert [s.name for s in host.status().seats] == ["Marco", "", "Anna"]
        host.begin()
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene)
                             and app.stack.top)
        assert table.seat == 2
        pause = PauseScene(app, table)
        assert (tr("net.dealt_by_program", name="Marco"), "") in pause.lines(), "and again"
        app.back_to_menu()
    finally:
        host.close()


def test_find_a_table_lists_public_tables_only_and_sits_you_down(app):
    proc, port = start_relay()
    relay = ("127.0.0.1", port)
    public = hosting(listen=None, relay=relay, public=True, spectators=True)
    private = hosting("bolola", listen=None, relay=relay)
    try:
        assert public.wait_ready(5.0) and private.wait_ready(5.0)
        scene = FindScene(app, relay, "Anna")
        scene.finder.every = 0.3
        app.stack.push(scene)
        frames_until(app, lambda: scene._tables)
        app.frame(DT, [])
        shown = [t.code for t in scene._tables]
        assert shown == [public.status().relay_code], "the public table, with its code"
        assert [b.key for b in scene.focus.buttons][:2] == \
            [f"join:{scene._tables[0].room}", f"watch:{scene._tables[0].room}"]
        press(app, scene, f"join:{scene._tables[0].room}")
        room = frames_until(app, lambda: isinstance(app.stack.top, GuestRoomScene)
                            and app.stack.top)
        until(lambda: [s.name for s in public.status().seats] == ["Marco", "Anna", ""])
        frames_until(app, lambda: room.client.lobby and room.client.lobby.you == 1)
        room.leave_room()
        frames_until(app, lambda: app.stack.top is scene)
        app.back_to_menu()
    finally:
        public.close()
        private.close()
        proc.end()


def test_a_phrase_shows_by_the_senders_plate_on_the_other_tables(app):
    host = hosting()
    try:
        assert host.wait_ready(5.0)
        code = host.status().direct_code
        anna, bruno = join(code, name="Anna"), join(code, name="Bruno")
        until(lambda: host.lobby.full)
        host.begin()
        assert anna.wait_connected(5.0) and bruno.wait_connected(5.0)
        table = TableScene(app, host.client)
        app.stack.push(table)
        app.frame(DT, [key(pygame.K_t)])
        assert table.phrases.phrase_menu
        app.frame(DT, [key(pygame.K_1)])
        assert not table.phrases.phrase_menu
        until(lambda: (0, "good_game") in anna.heard(), what="the guests hear the host")
        bruno.say("one_moment")                  # at the seat he came to first
        seat = bruno.seat
        frames_until(app, lambda: ("phrase", seat, "one_moment") in table.painter.paint_log)
        anna.say("well_played")
        frames_until(app, lambda: ("phrase", anna.seat, "well_played") in table.painter.paint_log)
        log = table.painter.paint_log
        boxes = [pygame.Rect(r) for k, r in log.items() if k[0] in PHRASE_CLEARS]
        assert any(k[0] == "board" for k in log) and any(k[0] == "corner" for k in log)
        for who, said in ((seat, "one_moment"), (anna.seat, "well_played")):
            bubble = pygame.Rect(log[("phrase", who, said)])
            plate = table.plate_rect(who)
            assert bubble.inflate(plate.h * 2, plate.h * 2).colliderect(plate), "by the plate"
            assert bubble.collidelist(boxes) < 0, "over none of the table's boxes or words"
            assert pygame.Rect((0, 0), app.size).contains(bubble)
        for client in (anna, bruno):
            client.close()
        app.back_to_menu()
    finally:
        host.close()


def test_the_host_moves_a_guest_to_the_seat_it_picks_by_mouse_or_keys(app):
    scene = HostScene(app, hosted_setup("bolola", 0, [1, 2, 3], "random", 3), "Marco", port=0,
                      listen="127.0.0.1")
    app.stack.push(scene)
    try:
        code = frames_until(app, lambda: scene.host.status().direct_code)
        anna = join(code, name="Anna")
        assert anna.wait_inside(5.0)
        bruno = join(code, name="Bruno")
        frames_until(app, lambda: [s.name for s in scene.host.status().seats] ==
                     ["Marco", "Anna", "Bruno", ""])
        app.frame(DT, [])
        press(app, scene, "move:1")                 # Anna: the free seat offers "Move here"
        keys = [b.key for b in scene.focus.buttons]
        assert "stay:1" in keys and "here:3" in keys and "move:2" not in keys
        assert scene.focus.focused.key == "here:3", "the keyboard is on the first free seat"
        app.frame(DT, [key(pygame.K_RETURN)])
        until(lambda: anna.lobby and anna.lobby.you == 3, what="Anna moved to the seat picked")
        assert scene.moving is None
        row = scene._seat_area.h // 4               # now by pointing: Bruno's row, then seat 1
        app.frame(DT, click((scene._seat_area.x + 40, scene._seat_area.y + 2 * row + row // 2)))
        assert scene.moving == 2 and "here:1" in [b.key for b in scene.focus.buttons]
        app.frame(DT, click((scene._seat_area.x + 40, scene._seat_area.y + row + row // 2)))
        until(lambda: bruno.lobby and bruno.lobby.you == 1, what="Bruno moved by pointing")
        frames_until(app, lambda: "move:1" in [b.key for b in scene.focus.buttons])
        press(app, scene, "move:3")
        app.frame(DT, [key(pygame.K_ESCAPE)])       # Esc: Anna stays, the room stays open
        assert scene.moving is None and app.stack.top is scene
        assert scene.host.give(2, computer=True) is None
        frames_until(app, lambda: "open:2" in [b.key for b in scene.focus.buttons])
        press(app, scene, "move:3")
        assert scene.moving is None and app.toasts.items[-1].text == tr("net.no_free_seat")
        assert anna.lobby.you == 3 and bruno.lobby.you == 1
        for client in (anna, bruno):
            client.close()
    finally:
        app.back_to_menu()


class Listed:
    """The relay's list as a finder hands it to the screen (tables come and go at the
    test's word); the relay's own listing is tested in tests/game/net/test_listing.py."""

    state, reason, every = LIVE, None, 0.0

    def __init__(self, tables) -> None:
        self.tables = tuple(tables)
        self.received = 1

    def put(self, tables) -> None:
        self.tables = tuple(tables)
        self.received += 1

    def close(self) -> None:
        pass


def listing(n: int) -> Listing:
    room = "".join(codes.ALPHABET[(n // 31 ** k) % 31] for k in range(4))
    return Listing(codes.new_relay_code(room).text, "bisca", 6, 1 + n % 5, f"Host{n}",
                   watch=n % 2 == 0)


def test_more_tables_than_fit_scroll_and_keep_the_selection_as_they_come_and_go(app):
    scene = FindScene(app, ("127.0.0.1", 9), "Anna")
    scene.finder.close()
    tables = [listing(n) for n in range(20)]
    scene.finder = Listed(tables)
    app.stack.push(scene)
    try:
        app.frame(DT, [])
        fits = scene._fits()
        assert fits < 20 and scene._tables == tuple(tables[:fits])
        scene.focus.focus_key(f"join:{tables[0].room}")
        for _ in range(19):                             # Down walks every table, scrolling
            app.frame(DT, [key(pygame.K_DOWN)])
        assert scene.focus.focused.key == f"join:{tables[19].room}"
        assert scene._tables[-1] == tables[19] and scene.first == 20 - fits
        app.frame(DT, [key(pygame.K_HOME)])
        assert scene.first == 0 and scene.focus.focused.key == f"join:{tables[0].room}"
        app.frame(DT, [key(pygame.K_PAGEDOWN)])
        assert scene.focus.focused.key == f"join:{tables[fits].room}"
        app.frame(DT, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3)])  # the wheel, down
        assert scene.first == min(20 - fits, 1 + 3), "three rows further"
        assert scene.focus.focused.key == f"join:{tables[fits].room}", "still shown: kept"
        row = scene._tables.index(tables[fits])
        thumb = scene._thumb()
        assert thumb is not None
        track = scene._track()                          # the thumb dragged to the bottom
        app.frame(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=thumb.center),
                       pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom),
                                          rel=(0, 1), buttons=(1, 0, 0)),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                          pos=(thumb.centerx, track.bottom))])
        assert scene.first == 20 - fits and scene._tables[-1] == tables[19]
        assert tables[fits] not in scene._tables        # scrolled off: the row it was on
        assert scene.focus.focused.key == f"join:{scene._tables[row].room}"
        scene.focus.focus_key(f"join:{tables[18].room}")
        row = scene._tables.index(tables[18])
        scene.finder.put([listing(n) for n in (90, 91)] + tables)   # two new ones at the top
        app.frame(DT, [])
        assert scene.focus.focused.key == f"join:{tables[18].room}", "the selection stays"
        assert scene._tables.index(tables[18]) == row, "at its row of the screen"
        scene.finder.put(tables[:18] + tables[19:])     # and when it goes: the row it was on
        app.frame(DT, [])
        focused = scene.focus.focused.key.partition(":")[2]
        assert focused in {t.room for t in scene._tables} and focused != tables[18].room
        assert [t.room for t in scene._tables].index(focused) in (row, row - 1)
        scene.finder.put(tables[:2])                    # a short list: no scroll bar
        app.frame(DT, [])
        assert scene.first == 0 and scene._thumb() is None
    finally:
        app.back_to_menu()


def test_a_tables_words_that_do_not_fit_end_in_an_ellipsis_short_of_its_buttons(app,
                                                                                monkeypatch):
    """Briscola's options ("Remember the trump: No, always shown · Games in the match:
    Three (the match)") stopped mid-word at the Join button in a 960x540 window."""
    from game import GAMES
    from scenes.kit import theme

    options = {name: o.default for name, o in GAMES["briscola"].options.items()}
    table = Listing(codes.new_relay_code("ABCD").text, "briscola", 3, 1, "Marco",
                    options=options, watch=True)
    scene = FindScene(app, ("127.0.0.1", 9), "Anna")
    scene.finder.close()
    scene.finder = Listed([table])
    app.stack.push(scene)
    drawn: list[tuple[str, pygame.Rect]] = []
    text = theme.text

    def noting(surface, font, words, *args, **kw):
        rect = text(surface, font, words, *args, **kw)
        drawn.append((words, rect))
        return rect

    try:
        app.frame(DT, [])
        screen = pygame.Surface((960, 540))
        scene.resize(screen.get_size())
        monkeypatch.setattr(theme, "text", noting)
        scene.draw(screen)
        join = scene.focus.button(f"join:{table.room}").rect
        lines = [(w, r) for w, r in drawn if w.startswith(("Briscola", "Remember"))]
        assert len(lines) == 2
        assert any(w.endswith("…") for w, _ in lines), "the options go on past the button"
        assert all(r.right <= join.left for _, r in lines)
    finally:
        app.back_to_menu()


def test_a_spectators_sheets_between_rounds_go_by_themselves_a_players_wait(app):
    """The game goes on at the host whether a spectator reads the sheet or not: it goes
    after a glance (it waited for a click while the game moved on without them)."""
    host = hosting(spectators=True)
    clients = []
    try:
        assert host.wait_ready(5.0)
        code = host.status().direct_code
        clients = [RemoteClient(code, name="Anna"), RemoteClient(code, name="Ugo", watch=True)]
        until(lambda: all(client.state == "waiting" for client in clients), 10.0)
        host.begin()
        until(lambda: all(client.state == "connected" for client in clients), 10.0)
        seated, watching = (TableScene(app, client) for client in clients)
        assert seated.seat is not None and watching.seat is None
        assert seated.pace.sheet_auto_close() is None
        assert watching.pace.sheet_auto_close() == SHEET_GLANCE
    finally:
        for client in clients:
            client.close()
        host.close()


def test_every_seat_has_one_name_on_every_screen_at_the_table(app):
    """A place ("East") is another on every screen: at a table of people the computer's
    plate and column name it by its number, as the waiting room does; and each person's
    own plate says the name the others read (the host's said "You" where its guests read
    "Marco")."""
    host = hosting()
    guest = None
    try:
        assert host.wait_ready(5.0)
        guest = RemoteClient(host.status().direct_code, name="Anna")
        until(lambda: guest.state == "waiting", 10.0)
        host.begin()
        until(lambda: guest.state == "connected", 10.0)
        computer = ({1, 2} - {guest.seat}).pop()
        names = set()
        for client in (host.client, guest):
            table = TableScene(app, client)
            table._netplay()
            names.add(tuple(table.adapter.plate_name(s, table.layout)
                            for s in (computer, 0, guest.seat)))
        assert names == {(tr("net.computer_number", number=computer + 1), "Marco", "Anna")}
        assert f"Computer {computer + 1}" in names.pop()
    finally:
        if guest is not None:
            guest.close()
        host.close()


def test_a_seats_light_is_on_for_a_person_there_and_off_for_one_away(app, monkeypatch):
    import scenes.screens.online.waiting_room as room
    from game.net.lobby import COMPUTER_SEAT, HOST_SEAT, OPEN, PERSON, LobbySeat
    lights = []
    monkeypatch.setattr(room, "draw_light", lambda surface, state, centre, radius:
                        lights.append(state))
    seats = [LobbySeat(HOST_SEAT, "Anna"), LobbySeat(PERSON, "Bruno"),
             LobbySeat(PERSON, "Carla", away=True), LobbySeat(OPEN), LobbySeat(COMPUTER_SEAT)]
    room.seat_rows(app.screen, app.fonts, pygame.Rect(0, 0, 600, 200), seats)
    assert lights == ["connected", "connected", "reconnecting"]


def test_a_spectator_is_told_when_the_host_leaves(app):
    """The spectator was back at the menu with no word."""
    host = hosting(spectators=True)
    watcher = None
    try:
        assert host.wait_ready(5.0)
        watcher = RemoteClient(host.status().direct_code, name="Ugo", watch=True)
        until(lambda: watcher.state == "waiting", 10.0)
        host.begin()
        until(lambda: watcher.state == "connected", 10.0)
        table = TableScene(app, watcher)
        app.stack.push(table)
        app.frame(DT, [])
        host.close()
        frames_until(app, lambda: app.stack.top is app.menu())
        assert tr("net.host_left") in [t.text for t in app.toasts.items]
    finally:
        if watcher is not None:
            watcher.close()
        host.close()


def test_a_guest_whose_program_closed_goes_back_to_the_table_from_the_menu(app):
    """Found through Find a table, the guest was never shown a code, and once the
    program was closed the menu offered nothing; the table left the list as it started.
    The menu offers "Back to your table" while the table lasts, and it seats them again."""
    host = hosting()
    first = None
    try:
        assert host.wait_ready(5.0)
        first = guest.join(host.status().direct_code, "Anna", None)
        until(lambda: first.state == "waiting", 10.0)
        host.begin()
        until(lambda: first.state == "connected", 10.0)
        seat = first.seat
        first.close()                                 # the program is closed
        app.back_to_menu()
        menu = app.menu()
        assert menu.focus.button("back_table").label == \
            tr("net.back_to_table", game="Briscola Venceslao")
        press(app, menu, "back_table")
        table = frames_until(app, lambda: isinstance(app.stack.top, TableScene)
                             and app.stack.top)
        assert table.seat == seat, "the same seat, by the kept key"
        host.close()
        frames_until(app, lambda: app.stack.top is app.menu())
        assert "back_table" not in [b.key for b in app.menu().focus.buttons], \
            "the host left: the table is no more"
    finally:
        if first is not None:
            first.close()
        host.close()

