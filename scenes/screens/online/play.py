"""Play online: the choice between hosting and joining, the join form, the host's
game list and its waiting room.

The first page holds the player's name and the relay's address (for play across
the internet: empty, only direct codes work), both kept in the settings; the
command line's ``--relay`` wins over the setting for that run, from the menu as with
``--host`` and ``--join``: the page then shows that address in words, instead of the
field, so the player knows which relay their tables and codes go through.

Joining is a text field for the room code (pygame_gui types and pastes into
it), one for the player's name, and a Join button; while the guest's
:class:`~game.net.RemoteClient` connects the screen says so, once connected
the table replaces it, and when the attempt fails the reason is worded here
(``net.<key>``) and the field is offered again: a network problem is never an
error screen.

Hosting picks a built game, shows its new-game screen (whose Play hands the
setup back here: the first computer's seat becomes the friend's), starts a
:class:`~game.net.Host` and waits in :class:`HostScene` with the room code
until the friend is in; then the host's table replaces it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Callable, Optional

import pygame
import pygame_gui

from game import CATALOG, GAMES
from game.names import MAX_NAME, name_problem
from game.net import Host, RemoteClient, pretty
from game.net.host_status import NOT_LAN, RELAY_UNREACHABLE, HostStatus, SeatStatus
from game.net.interfaces import listens_everywhere
from game.net.lobby import COMPUTER_SEAT, OPEN, PERSON, LobbySeat
from game.net.relays import TEXT_LIMIT, Relay, RelayError, relay_setting
from game.session import COMPUTER, REMOTE, GameSetup
from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.fields import place_field, text_field
from scenes.kit.fonts import SizedFont, shorten, wrap, wrap_even
from scenes.kit.panel_scene import PanelScene
from scenes.kit.richtext import Block, layout
from scenes.kit.scene import AppLike
from scenes.kit.widgets import Button, draw_button, label_room
from scenes.net import guest
from scenes.net.dealer import own_line
from scenes.net.room_codes import run_relay
from scenes.screens.online.service_open import NO_SERVICE, ServiceOpening, refusal_words
from scenes.screens.online.waiting_room import seat_rows, with_watchers
from scenes.screens.setup_scene import friend_seat
from scenes.speech.table import listening_rate

CHOOSE, JOIN, PICK = "choose", "join", "pick"
#: the checkboxes that stand beside Back on the page of games to host, one at a time
BESIDE_BACK = ("by_service", "rated")
CODE_LIMIT = 24


def hosted(setup: GameSetup) -> GameSetup:
    """The new-game screen's setup with every computer's seat open for a person (each
    keeps its level: a computer at that level plays it if nobody takes it)."""
    if friend_seat(setup.seats) is None:
        return setup
    seats = tuple(replace(seat, kind=REMOTE) if seat.kind == COMPUTER else seat
                  for seat in setup.seats)
    return replace(setup, seats=seats)


class OnlineScene(PanelScene):
    """Host or join; the join form; the games to host.  Holds the connecting client until
    the table takes it."""

    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.mode = CHOOSE
        self.client: Optional[RemoteClient] = None
        self._joining = ""                    # the code self.client joins by
        #: the last failure, worded (shown above the field)
        self.problem = ""
        self._drawn_problem = ""
        self.code_entry: Optional[pygame_gui.elements.UITextEntryLine] = None
        self.name_entry: Optional[pygame_gui.elements.UITextEntryLine] = None
        #: the name typed last, kept while the fields are away (covered, another mode)
        saved = app.settings.player_name
        self._name = saved if saved and name_problem(saved) is None else tr("net.default_name")
        self.relay_entry: Optional[pygame_gui.elements.UITextEntryLine] = None
        self._relay_text = app.settings.relay
        #: the code typed, kept while the fields are away (back to set the relay it needs)
        self._code_text = ""
        #: the command line's --relay: wins over the setting (and the field) for this run
        self.relay: Optional[Relay] = app.relay
        #: where the line naming the command line's relay goes (laid out with the fields)
        self._relay_line = 0
        #: the table to host is listed on the relay ("Open a public table")
        self.public = False
        #: a private table dealt by the service (the checkbox on the games to host)
        self.by_service = False
        #: a public table asked of the service is rated (toggled beside Back)
        self.rated = False
        #: the service asked to open a table (public, or private and dealt by it)
        self.opening: Optional[ServiceOpening] = None
        self._build()

    # --- modes -------------------------------------------------------------
    def _build(self) -> None:
        if self.mode == CHOOSE:
            buttons = [Button(tr("net.host"), action=self.show_pick, key="host", row=0,
                              style="primary"),
                       Button(tr("net.host_public"), action=lambda: self.show_pick(True),
                              key="public", row=0, style="primary"),
                       Button(tr("net.join"), action=self.show_join, key="join", row=1,
                              style="primary"),
                       Button(tr("net.find"), action=self.show_find, key="find", row=1,
                              style="primary"),
                       Button(tr("net.leaderboards"), action=self.show_boards, key="boards",
                              row=2)]
        elif self.mode == JOIN:
            buttons = [Button(tr("net.join_button"), action=self.join, key="go", row=0,
                              style="primary"),
                       Button(tr("net.watch"), action=lambda: self.join(watch=True),
                              key="watch", row=0)]
        else:
            buttons = [Button(entry.title, action=partial(self.pick, entry.key),
                              key=f"game:{entry.key}", row=row, style="primary")
                       for row, entry in enumerate(e for e in CATALOG if e.key in GAMES)]
            if not self.public:             # beside Back: the private table's checkbox
                buttons.append(Button(self._by_service_label(), action=self.toggle_service,
                                      key="by_service", row=len(buttons)))
            elif self.relay_address is not None:        # a public table's: rated or not
                buttons.append(Button(self._rated_label(), action=self.toggle_rated,
                                      key="rated", row=len(buttons)))
        buttons.append(Button(tr("net.back"), action=self.back, key="back",
                              row=len([b for b in buttons if b.key not in BESIDE_BACK])))
        self.focus.set_buttons(buttons)
        self.resize(self.app.size)

    def _switch(self, mode: str) -> None:
        self._kill_entries()
        self.mode = mode
        self.problem = ""
        self._build()

    def show_join(self) -> None:
        """The join form: the code field has the keyboard, so a paste lands in it."""
        if not (self._name_ok() and self._relay_ok()):
            return
        self._switch(JOIN)
        if self.code_entry is not None:
            self.code_entry.focus()
            self.code_entry.rebuild()         # focused, it is drawn anew at its place and size

    def show_pick(self, public: bool = False) -> None:
        """The games to host; a public table (listed on the relay) needs the relay."""
        if not (self._name_ok() and self._relay_ok()):
            return
        if public and self.relay_address is None:
            self.problem = tr("net.public_needs_relay")
            return
        self.public = public
        self._switch(PICK)

    def show_find(self) -> None:
        """The public tables on the relay (there are none without one)."""
        if not (self._name_ok() and self._relay_ok()):
            return
        relay = self.relay_address
        if relay is None:
            self.problem = tr("net.public_needs_relay")
            return
        self.app.open("find", relay, self._remember_name())

    def show_boards(self) -> None:
        """The leaderboards the relay service keeps (there are none without one)."""
        if not self._relay_ok():
            return
        relay = self.relay_address
        if relay is None:
            self.problem = tr("net.public_needs_relay")
            return
        self.app.open("leaderboards", relay)

    def _by_service_label(self) -> str:
        """The checkbox's words: on or off, or why it cannot be had (no relay set)."""
        if self.relay_address is None:
            return tr("net.by_service_none")
        return tr("net.by_service_on" if self.by_service else "net.by_service_off")

    def toggle_service(self) -> None:
        """A private table dealt by the service (its code stays private), or by this
        program; without a relay it says why it cannot be."""
        if self.relay_address is None:
            self.app.notify(tr("net.service_needs_relay"), 5.0)
            return
        self.by_service = not self.by_service
        self.focus.button("by_service").label = self._by_service_label()

    def _rated_label(self) -> str:
        return tr("net.rated_on" if self.rated else "net.rated_off")

    def toggle_rated(self) -> None:
        """A rated public table (people only, each by its own key: game/net/rated.py), or
        not."""
        self.rated = not self.rated
        self.focus.button("rated").label = self._rated_label()

    def pick(self, key: str) -> None:
        """A game to host: its new-game screen, whose Play comes back to :meth:`host`."""
        self.app.open("setup", key, on_play=self.host, online=True,
                      service=self._asks_service())

    def _asks_service(self) -> bool:
        """Whether the table to host is asked of the service (public, or dealt by it)."""
        return (self.public or self.by_service) and self.relay_address is not None

    def host(self, setup: GameSetup) -> None:
        """Open the room: the waiting screen takes it from here; a public table, or a
        private one dealt by the service, is asked of the service (and then joined as a
        guest, this page saying meanwhile that it is being asked)."""
        relay = self.relay_address
        if self._asks_service() and relay is not None:
            self._switch(CHOOSE)
            self.opening = ServiceOpening(relay, setup, self._remember_name(), self.public,
                                          rated=self.public and self.rated)
            return
        self.app.stack.push(HostScene(self.app, hosted(setup), self._remember_name(),
                                      relay=relay, public=self.public))

    @property
    def name(self) -> str:
        """The player's name as typed, or the default word when the field is blank."""
        if self.name_entry is not None:
            self._name = self.name_entry.get_text().strip()
        return self._name or tr("net.default_name")

    def _name_ok(self) -> bool:
        """Is the typed name one (game/names.py)?  If not, why is said and nothing goes on."""
        problem = name_problem(self.name)
        if problem is not None:
            self.problem = tr(problem, limit=MAX_NAME)
        return problem is None

    def _remember_name(self) -> str:
        """The name, saved in the settings when it changed: next time it is already there.
        The field's default word (or a blank field) is no name the player chose: saved, it
        became their name at every table on this computer ("Guest" on their plate where
        "You" was)."""
        name = self.name
        chosen = "" if name == tr("net.default_name") else name
        if chosen != self.app.settings.player_name:
            self.app.settings.player_name = chosen
            self.app.save_settings()
        return name

    @property
    def relay_address(self) -> Optional[Relay]:
        """The relay to use: the command line's, else the setting's; None: direct only."""
        return self.relay if self.relay is not None else run_relay(self.app)

    def _relay_ok(self) -> bool:
        """Keep the relay field's address in the settings; a bad one is said, and stays.
        The command line's relay has no field: nothing to check or keep."""
        if self.relay is not None:
            return True
        if self.relay_entry is not None:
            self._relay_text = self.relay_entry.get_text().strip()
        text = self._relay_text
        if text:
            try:
                relay_setting(text)
            except RelayError as exc:
                self.problem = tr(exc.key)
                return False
        if text != self.app.settings.relay:
            self.app.settings.relay = text
            self.app.save_settings()
        return True

    def back(self) -> None:
        """From a form to the choice, from the choice to the menu; a join in progress ends."""
        self._drop_client()
        if self.mode != CHOOSE:
            self._switch(CHOOSE)
        else:
            self.app.stack.pop()

    # --- joining -----------------------------------------------------------
    def join(self, watch: bool = False) -> None:
        """Connect with the typed code and name (``watch``: to watch, without a seat);
        the answer is read in :meth:`update`."""
        if self.client is not None or self.code_entry is None:
            return
        self.problem = ""
        if not self._name_ok():
            return
        code = self.code_entry.get_text().strip()
        if not code:
            self.problem = tr("net.type_code")
            return
        self.client = guest.join(code, self._remember_name(), self.relay_address, watch,
                                 listening=listening_rate(self.app))
        self._joining = code

    @property
    def connecting(self) -> bool:
        return self.opening is not None or \
            (self.client is not None and self.client.state == "connecting")

    def _opened(self, opening: ServiceOpening) -> None:
        """The service answered: its table's code joined as a guest (held to the service's
        key) at the relay that was asked (the setting may have changed meanwhile), or why
        not, in words."""
        self.opening = None
        if opening.code is None:
            self.problem = refusal_words(opening.reason or NO_SERVICE)
            return
        self.client = guest.join(opening.code, self._remember_name(), opening.relay,
                                 service=True, listening=listening_rate(self.app))

    def update(self, dt: float) -> None:
        if self.opening is not None and self.opening.done():
            self._opened(self.opening)
        client = self.client
        if client is None:
            return
        if client.state in ("waiting", "connected"):
            guest.keep_service(self.app, client)
        if client.state == "waiting":
            self.client = None                 # the waiting room owns it now
            self.app.open("guest_room", client)
        elif client.state == "connected":
            self.client = None                 # the table owns it now
            self.app.stack.replace(self.app.make("game", client))
        elif client.state in ("lost", "closed"):
            self.problem = tr(f"net.{client.reason or 'host_gone'}")
            guest.ended(client, self._joining)
            self._drop_client()

    def _drop_client(self) -> None:
        self.opening = None          # a table asked of the service and left: it ends empty
        if self.client is not None:
            self.client.close()
            self.client = None

    # --- the text fields -----------------------------------------------------
    def _fields(self) -> list[tuple[pygame_gui.elements.UITextEntryLine, str]]:
        """The fields this mode shows, with the words above each, made when first needed."""
        if self.mode == PICK:
            return []
        if self.name_entry is None:
            self.name_entry = self._field(MAX_NAME, self._name)
        if self.mode == CHOOSE and self.relay is not None:     # named in words instead
            return [(self.name_entry, "net.your_name")]
        if self.mode == CHOOSE:
            if self.relay_entry is None:
                self.relay_entry = self._field(TEXT_LIMIT, self._relay_text)
            return [(self.name_entry, "net.your_name"), (self.relay_entry, "net.relay_address")]
        if self.code_entry is None:
            self.code_entry = self._field(CODE_LIMIT, self._code_text)
        return [(self.code_entry, "net.enter_code"), (self.name_entry, "net.your_name")]

    def _field(self, limit: int, text: str) -> pygame_gui.elements.UITextEntryLine:
        return text_field(self.app.ui, limit, text)

    def _shown(self) -> list[tuple[pygame_gui.elements.UITextEntryLine, str]]:
        """The fields on screen now (drawing makes none)."""
        if self.name_entry is None:
            return []
        return ([(self.code_entry, "net.enter_code")] if self.code_entry is not None else []) + \
            [(self.name_entry, "net.your_name")] + \
            ([(self.relay_entry, "net.relay_address")] if self.relay_entry is not None else [])

    def text_fields(self) -> list[tuple[pygame_gui.elements.UITextEntryLine, str]]:
        """The fields on screen and their labels, said as they are typed in
        (scenes/speech/fields.py)."""
        return [(entry, tr(label)) for entry, label in self._shown()]

    def _kill_entries(self) -> None:
        """The fields belong to the app's one UI manager: they go when this screen is
        covered, left or changes mode (the name and the code typed are kept: "That is a
        relay code and no relay is set" sends the player back to the first page)."""
        if self.name_entry is not None:
            self._name = self.name_entry.get_text().strip()
        if self.code_entry is not None:
            self._code_text = self.code_entry.get_text().strip()
        if self.relay_entry is not None:
            self._relay_text = self.relay_entry.get_text().strip()
        for entry in (self.code_entry, self.name_entry, self.relay_entry):
            if entry is not None:
                entry.kill()
        self.code_entry = self.name_entry = self.relay_entry = None

    def enter(self) -> None:
        """Back on this page: the relay's field as the setting is now (the service's key
        met meanwhile was kept in it; what was typed here was kept before leaving)."""
        self._relay_text = self.app.settings.relay
        self._build()

    def leave(self) -> None:
        self._kill_entries()

    def removed(self) -> None:
        self._drop_client()
        self._kill_entries()

    # --- layout ------------------------------------------------------------
    def _rows(self, size: tuple[int, int]) -> tuple[int, int, int]:
        """The panel's width, one row's height and the gap, in pixels for this size."""
        return (min(size[0] - theme.px(40, size), theme.px(560, size)), theme.px(48, size),
                theme.px(10, size))

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w, row_h, gap = self._rows(size)
        fields = self._fields()
        # each field: its words and the field; then a line for news (joining, a problem)
        lines = sorted({button.row for button in self.focus.buttons})
        rows_of = [[button for button in self.focus.buttons if button.row == line]
                   for line in lines]
        # as wide as its widest row of buttons needs (each of a row as wide as the others)
        need = max((len(row) * max(label_room(self.app.fonts, b, row_h) for b in row) +
                    gap * (len(row) - 1) for row in rows_of), default=0)
        panel_w = min(w - theme.px(40, size), max(panel_w, need + theme.px(48, size)))
        named = self.mode == CHOOSE and self.relay is not None   # the command line's relay
        rows = len(lines) + 2 * len(fields) + (1 if self.mode != PICK else 0) + named
        panel_h = theme.px(80, size) + rows * (row_h + gap)
        self._panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        inner = self._panel.inflate(-theme.px(48, size), 0)
        y = self._panel.y + theme.px(64, size)
        for entry, _ in fields:
            y += row_h + gap
            place_field(entry, pygame.Rect(inner.x, y, inner.w, row_h), size)
            y += row_h + gap
        if named:
            self._relay_line = y + gap + row_h // 2
            y += row_h + gap
        if self.mode != PICK:
            y += row_h + gap
        for row in rows_of:                    # the buttons of one row side by side
            bw = (inner.w - gap * (len(row) - 1)) // len(row)
            for i, button in enumerate(row):
                button.rect = pygame.Rect(inner.x + i * (bw + gap), y, bw, row_h)
            y += row_h + gap

    # --- input -------------------------------------------------------------
    def escape(self) -> None:
        self.back()

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """Enter in the join form's fields (the code's, or the name's typed after it) joins,
        as the Join button does; typing a code takes the last try's words away."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.mode == JOIN and \
                event.ui_element in (self.code_entry, self.name_entry):
            self.join()
            return None
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.client is None and \
                event.ui_element is self.code_entry:
            self.problem = ""     # "Type the code your friend gave you." stood over a code
        return super().handle(event)

    # --- drawing -----------------------------------------------------------
    def title(self) -> str:
        """The page's title, what it is: Play online (the first page), the join form, or
        the games to host at a private or a public table."""
        if self.mode == JOIN:
            return tr("net.join")
        if self.mode == PICK:
            return tr("net.host_public" if self.public else "net.host")
        return tr("net.title")

    def _relay_given(self, font: SizedFont, size: tuple[int, int]) -> str:
        """"Relay: ... (given on the command line)" within the panel: a fleet's gateways and
        the service's fingerprint run far wider, so the address is cut short (with an
        ellipsis) where it must, and the line still says where the relay comes from."""
        assert self.relay is not None
        room = self._panel.w - 2 * theme.px(24, size) - \
            font.size(tr("net.relay_given", address=""))[0]
        return tr("net.relay_given", address=shorten(font, self.relay.text, room))

    def draw(self, surface: pygame.Surface) -> None:
        size = self._draw_panel(surface)
        self._drawn_problem = self.problem     # what the screen shows (see animating)
        _, row_h, gap = self._rows(size)
        title = self.app.fonts.get(theme.font_px(26, size), bold=True)
        theme.text(surface, title, self.title(), theme.GOLD_LIGHT,
                   (self._panel.centerx, self._panel.y + theme.px(18, size)), "midtop")
        font = self.app.fonts.get(theme.font_px(17, size))
        for entry, words in self._shown():
            theme.text(surface, font, tr(words), theme.CREAM,
                       (self._panel.x + theme.px(24, size), entry.rect.y - gap), "bottomleft")
        named = self.mode == CHOOSE and self.relay is not None and bool(self._shown())
        if named:
            assert self.relay is not None
            theme.text(surface, font, self._relay_given(font, size), theme.CREAM,
                       (self._panel.centerx, self._relay_line), "center")
        line = tr("net.service_opening") if self.opening is not None else \
            tr("net.in_line") if self.connecting and self.client is not None and \
            self.client.in_line else tr("net.setting_up") if self.connecting else self.problem
        shown = self._shown()
        if line and shown:
            last = shown[-1][0]
            below = (row_h + gap) if named else 0
            # a long reason takes two lines of its row rather than run over the panel
            lines = wrap_even(font, line, self._panel.w - 2 * theme.px(24, size))
            step = font.get_linesize()
            y = last.rect.bottom + gap + row_h // 2 + below - step * (len(lines) - 1) // 2
            for i, words in enumerate(lines):
                theme.text(surface, font, words,
                           theme.CREAM_DIM if self.connecting else theme.GOLD,
                           (self._panel.centerx, y + i * step), "center")

    def animating(self) -> bool:
        """While connecting the answer may come any frame; then its words are drawn once."""
        return self.client is not None or self.opening is not None or \
            self._drawn_problem != self.problem


def start_online(app: AppLike, host: Optional[str] = None, join: Optional[str] = None,
                 port: Optional[int] = None, listen: Optional[str] = None) -> None:
    """The command line's ``--host GAME`` (its remembered setup, the friend in the first
    computer's seat; ``--listen``, ``--port``) or ``--join CODE``: the same screens as
    from the menu, through the run's relay (``app.relay``, set by scenes/app.py's ``run``
    from ``--relay``)."""
    if join is not None:
        join_by_code(app, join)
    elif host is not None:
        scene = OnlineScene(app)
        app.stack.push(scene)
        app.stack.push(HostScene(app, hosted(app.game_setup(host)), scene.name, port,
                                 scene.relay_address, listen))


def join_by_code(app: AppLike, code: str, relay: Optional[str] = None) -> None:
    """The join form, filled in with ``code`` and sent (the command line's ``--join``, the
    menu's "Back to your table"); ``relay``: the relay setting the table was joined
    through (None, or one that no longer reads: the run's)."""
    scene = OnlineScene(app)
    if relay is not None:
        try:
            scene.relay = relay_setting(relay)
        except RelayError:
            pass
    app.stack.push(scene)
    scene.show_join()
    assert scene.code_entry is not None
    scene.code_entry.set_text(code)
    scene.join()


class HostScene(PanelScene):
    """The host's waiting room: the room code to read out or copy, every seat (a person
    with their light, an empty seat "Computer will play", a computer's), the host's
    buttons on each (Move a guest, Free it, give it to a Computer, Open it again),
    whether spectators are welcome, Start (empty seats become computers) and Cancel.
    Moving picks the seat: Move (or a click on the guest's row) marks the guest and
    gives every free seat "Move here" (the keyboard's focus on the first; a click on
    a free row does the same), and the guest's row "Stay" (or Esc).  A public table
    says so (listed on the relay).  Owns the :class:`~game.net.Host` until the table
    takes it (the table's close closes it).

    When the room has no code at all (no home-network address for a direct code, and
    no relay or one that cannot be reached), it says why in words and what to do, and
    offers the relay's field right there: Use the relay opens the room again through it.
    """

    #: where the room listens unless told (``--listen``, the ``listen`` setting); tests set
    #: 127.0.0.1 and port 0
    listen = "0.0.0.0"
    port: Optional[int] = None
    #: the address a direct code names (None: the host finds it); tests set a public one
    advertise: Optional[str] = None

    def __init__(self, app: AppLike, setup: GameSetup, name: str, port: Optional[int] = None,
                 relay: Optional[Relay] = None, listen: Optional[str] = None,
                 public: bool = False) -> None:
        super().__init__(app)
        self.setup, self.name, self._port = setup, name, port
        self.relay = relay
        self.public = public
        self._seats_key: tuple = ()
        self._seat_area = pygame.Rect(0, 0, 0, 0)
        #: the seat whose guest the host is moving: the free seats offer "Move here"
        self.moving: Optional[int] = None
        self._listen = listen or app.settings.listen or self.listen
        self.host: Optional[Host] = self._open()
        #: the relay's field, shown while the room has no code to give
        self.relay_entry: Optional[pygame_gui.elements.UITextEntryLine] = None
        self.problem = ""            # a relay address typed there that is not one
        self._no_code = False
        self._set_buttons()

    def _open(self) -> Host:
        return Host(self.setup, name=self.name, listen=self._listen,
                    port=self.port if self._port is None else self._port,
                    advertise=self.advertise, relay=self.relay, autostart=False,
                    public=self.public).start()

    @property
    def no_code(self) -> bool:
        """The room opened no door a friend can use: nothing to give, nothing coming."""
        status = self.host.status() if self.host is not None else None
        return status is not None and status.state == "failed" and \
            status.problem in (NOT_LAN, RELAY_UNREACHABLE)

    def _set_buttons(self) -> None:
        """Copy and Cancel; with no code, Use the relay and Cancel, under the relay's field."""
        self._no_code = self.no_code
        if self._no_code:
            first = Button(tr("net.use_relay"), action=self.use_relay, key="relay", row=0,
                           style="primary")
            if self.relay_entry is None:
                self.relay_entry = text_field(self.app.ui, TEXT_LIMIT, self.app.settings.relay)
                self.relay_entry.focus()     # the keyboard types the address at once
        else:
            self._kill_entry()
            self._room_buttons()
            return
        self.focus.set_buttons([first, Button(tr("net.cancel"), action=self.cancel,
                                              key="cancel", row=0)])
        self.resize(self.app.size)

    def _room_buttons(self) -> None:
        """The seats' buttons, the spectators' switch, Start, Copy and Cancel; made anew
        when the seats change (the focus stays on the button it was on)."""
        status = self.host.status() if self.host is not None else None
        seats = status.seats if status is not None else ()
        self._seats_key = self._key()
        if self.moving is not None and not (self.moving < len(seats) and
                                            seats[self.moving].lobby == PERSON):
            self.moving = None                  # the guest left, or was moved, meanwhile
        buttons = []
        for seat in seats:
            for word, key, action in self._seat_actions(seat):
                buttons.append(Button(tr(word), key=f"{key}:{seat.seat}", row=seat.seat + 1,
                                      style="small", action=action))
        spectators = status is not None and status.spectators
        last = len(seats) + 1
        buttons += [Button(tr("net.spectators_on" if spectators else "net.spectators_off"),
                           key="spectators", row=last,
                           action=lambda: self._host_does(
                               lambda h: h.allow_spectators(not h.status().spectators))),
                    Button(tr("net.start"), action=self.begin, key="start", row=last + 1,
                           style="primary"),
                    Button(tr("net.copy"), action=self.copy, key="copy", row=last + 1),
                    Button(tr("net.cancel"), action=self.cancel, key="cancel", row=last + 1)]
        focused = self.focus.focused.key if self.focus.focused else "start"
        self.focus.set_buttons(buttons)
        here = [b.key for b in buttons if b.key.startswith("here:")]
        if not self.focus.focus_key(here[0] if here and not focused.startswith(("here:", "stay:"))
                                    else focused):
            self.focus.focus_key("start")
        self.resize(self.app.size)

    def _seat_actions(self, seat: SeatStatus) -> list[tuple[str, str, Callable[[], object]]]:
        """The host's buttons on a seat's row: (words, key, action).  While a guest is
        being moved, only the free seats ("Move here") and the guest's own row (to stay)
        have one."""
        n = seat.seat
        if self.moving is not None:
            if n == self.moving:
                return [("net.move_stay", "stay", self.stop_moving)]
            if seat.lobby == OPEN:
                return [("net.move_here", "here", lambda: self.move_to(n))]
            return []
        if seat.lobby == PERSON:
            return [("net.move_seat", "move", lambda: self.pick_move(n)),
                    ("net.free_seat", "free", lambda: self._host_does(lambda h: h.free(n)))]
        if seat.lobby == OPEN:
            return [("net.give_computer", "computer",
                     lambda: self._host_does(lambda h: h.give(n, True)))]
        if seat.lobby == COMPUTER_SEAT:
            return [("net.open_seat", "open", lambda: self._host_does(lambda h: h.give(n, False)))]
        return []

    def pick_move(self, seat: int) -> None:
        """Move the guest at ``seat``: the free seats offer "Move here" (the keyboard's
        focus on the first); with none free, the host is told so and nothing changes."""
        status = self.host.status() if self.host is not None else None
        if status is None or not any(s.lobby == OPEN for s in status.seats):
            self.app.notify(tr("net.no_free_seat"))
            return
        self.moving = seat
        self._room_buttons()

    def move_to(self, seat: int) -> None:
        """The guest being moved sits at ``seat`` (a refusal is said)."""
        moving, self.moving = self.moving, None
        if moving is not None:
            self._host_does(lambda h: h.move(moving, seat))
        self._room_buttons()
        self.focus.focus_key(f"move:{seat}")

    def stop_moving(self) -> None:
        """Not moving after all: the rows get their usual buttons back."""
        moving, self.moving = self.moving, None
        self._room_buttons()
        if moving is not None:
            self.focus.focus_key(f"move:{moving}")

    def _row_at(self, pos: tuple[int, int]) -> Optional[int]:
        """The seat whose row lies under ``pos`` (None: none)."""
        area = self._seat_area
        if self._no_code or not area.collidepoint(pos):
            return None
        return (pos[1] - area.y) // max(1, theme.px(self.SEAT_ROW, self.app.size))

    def click_row(self, seat: int) -> bool:
        """A click on a seat's row, as a person points: a guest's row starts moving it,
        then a free seat's row takes it there (its own row, or any other, stops)."""
        status = self.host.status() if self.host is not None else None
        if status is None or seat >= len(status.seats):
            return False
        kind = status.seats[seat].lobby
        if self.moving is None:
            if kind != PERSON:
                return False
            self.pick_move(seat)
        elif kind == OPEN:
            self.move_to(seat)
        else:
            self.stop_moving()
        return True

    def _host_does(self, change: Callable[[Host], Optional[str]]) -> None:
        """A change to the room; a refusal is said for a moment."""
        if self.host is None:
            return
        refused = change(self.host)
        if refused:
            self.app.notify(tr(f"net.{refused}"))

    def _key(self) -> tuple:
        """What the room's buttons depend on."""
        status = self.host.status() if self.host is not None else None
        if status is None:
            return ()
        return (tuple((s.lobby, s.name) for s in status.seats), status.spectators, self.moving)

    def begin(self) -> None:
        """Start: the game begins with whoever is seated (the table comes in update)."""
        if self.host is not None:
            self.host.begin()

    def use_relay(self) -> None:
        """Open the room again through the relay typed in the field (kept in the settings)."""
        text = self.relay_entry.get_text().strip() if self.relay_entry is not None else ""
        try:
            self.relay = relay_setting(text)
        except RelayError as exc:
            self.problem = tr(exc.key) if text else tr("net.type_relay")
            return
        self.problem = ""
        if text != self.app.settings.relay:
            self.app.settings.relay = text
            self.app.save_settings()
        self._close()
        self.host = self._open()
        self._set_buttons()

    def _kill_entry(self) -> None:
        if self.relay_entry is not None:
            self.relay_entry.kill()
            self.relay_entry = None

    def leave(self) -> None:
        self._kill_entry()

    def enter(self) -> None:
        self._set_buttons()

    @property
    def code(self) -> str:
        """The code to give the friend, grouped for reading aloud; empty until there is one."""
        status = self.host.status() if self.host is not None else None
        code = status and (status.direct_code or status.relay_code)
        return pretty(code) if code else ""

    @property
    def listening(self) -> str:
        """Where the direct door can be reached, in a line ("" until it is open)."""
        host = self.host
        status = host.status() if host is not None else None
        if host is None or status is None or not status.listening:
            return ""
        if listens_everywhere(host.listen or ""):
            # "eth0 192.168.1.20" is never cut in two by a wrapped line
            return tr("net.listening_all", port=status.port,
                      addresses=", ".join(a.replace(" ", "\u00a0") for a in status.listening))
        return tr("net.listening_one", address=status.listening[0], port=status.port)

    def copy(self) -> None:
        """The code onto the clipboard, or a word that there is none to put it on."""
        if not self.code:
            return
        try:
            if not pygame.scrap.get_init():
                pygame.scrap.init()
            pygame.scrap.put_text(self.code)
        except pygame.error:
            self.app.notify(tr("net.no_clipboard"))
            return
        self.app.notify(tr("net.copied"))

    def cancel(self) -> None:
        """Close the room (a friend already in is told) and go back."""
        self._close()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def _close(self) -> None:
        if self.host is not None:
            self.host.close()
            self.host = None

    def removed(self) -> None:
        self._close()
        self._kill_entry()

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """Enter in the relay's field uses it, as the button does; a click on a seat's row
        (not on its buttons) moves its guest (:meth:`click_row`); Esc while moving stops."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element is self.relay_entry and self.relay_entry is not None:
            self.use_relay()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                self.moving is not None:
            self.stop_moving()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.focus.at(event.pos) is None:
            seat = self._row_at(event.pos)
            if seat is not None and self.click_row(seat):
                return None
        return super().handle(event)

    def update(self, dt: float) -> None:
        if self.host is not None and self.no_code != self._no_code:
            self._set_buttons()
        elif self.host is not None and not self._no_code and self._key() != self._seats_key:
            self._room_buttons()
        host = self.host
        # the host's client is made before the game's state becomes "playing"
        if host is not None and host.status().state == "playing" and host.client is not None:
            client, self.host = host.client, None     # the table closes it now
            self.app.stack.replace(self.app.make("game", client))

    def animating(self) -> bool:
        """The friend may arrive, or the code appear, on any frame."""
        return self.host is not None

    def waiting_text(self) -> str:
        """What the room is waiting for, and how many wrong codes were tried meanwhile
        (a stranger guessing is slowed, never let in; the host should know)."""
        wrong = self.host.wrong_codes if self.host is not None else 0
        if not wrong:
            return tr("net.waiting")
        return tr("net.waiting") + "  " + (tr("net.wrong_code_tried") if wrong == 1
                                           else tr("net.wrong_codes_tried", count=wrong))

    def _small_lines(self, surface: pygame.Surface, text: str, y: int) -> int:
        """``text`` in small words, wrapped to the panel and centred from ``y``; the y
        under it."""
        size = surface.get_size()
        small = self.app.fonts.get(theme.font_px(14, size))
        for line in wrap(small, text, self._panel.w - theme.px(48, size)):
            y = theme.text(surface, small, line, theme.CREAM_DIM, (self._panel.centerx, y),
                           "midtop").bottom + theme.px(2, size)
        return y

    def guessing_text(self) -> str:
        """Whether the room's guesses are being slowed (wrong codes came lately): the host
        should know why a newcomer may wait, and that a returning friend does not."""
        status = self.host.status() if self.host is not None else None
        return tr("net.guessing_slowed") if status is not None and status.guessing else ""

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        if not self._no_code:
            self._room_layout(size)
            return
        panel_w, row_h, gap = min(w - theme.px(40, size), theme.px(640, size)), \
            theme.px(48, size), theme.px(12, size)
        panel_h = min(theme.px(540, size), h - theme.px(20, size))
        self._panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        inner = self._panel.inflate(-theme.px(48, size), 0)
        bw = (inner.w - gap) // 2
        y = self._panel.bottom - theme.px(24, size) - row_h
        for i, button in enumerate(self.focus.buttons):
            button.rect = pygame.Rect(inner.x + i * (bw + gap), y, bw, row_h)
        if self.relay_entry is not None:      # over the buttons, under its words and the news
            place_field(self.relay_entry,
                        pygame.Rect(inner.x, y - gap - theme.px(30, size) - row_h, inner.w, row_h),
                        size)

    #: a seat's row, in base pixels
    SEAT_ROW = 36
    #: the room's header (the code and the news) in pixels, as the last draw measured it
    _header = 0

    def _room_layout(self, size: tuple[int, int]) -> None:
        """The panel for the code, the seats and the buttons: seat rows with their
        buttons at the right end, the spectators' switch, then Start, Copy, Cancel."""
        w, h = size
        seats = len(self.setup.seats)
        row_h, gap, seat_h = theme.px(46, size), theme.px(10, size), theme.px(self.SEAT_ROW, size)
        panel_w = min(w - theme.px(40, size), theme.px(720, size))
        header = self._header or theme.px(236, size)
        panel_h = header + seats * seat_h + 2 * (row_h + gap) + theme.px(24, size)
        panel_h = min(panel_h, h - theme.px(10, size))
        self._panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        inner = self._panel.inflate(-theme.px(40, size), 0)
        self._seat_area = pygame.Rect(inner.x, self._panel.y + header, inner.w, seats * seat_h)
        bw, small_h = theme.px(112, size), seat_h - theme.px(10, size)
        bottom = self._panel.bottom - theme.px(18, size) - row_h
        last = [b for b in self.focus.buttons if b.key in ("start", "copy", "cancel")]
        lw = (inner.w - gap * (len(last) - 1)) // max(1, len(last))
        for button in self.focus.buttons:
            kind, _, seat = button.key.partition(":")
            if seat.isdigit():             # Move sits left of Free; the others alone
                right = inner.right - theme.px(6, size)
                x = right - 2 * bw - gap if kind == "move" else right - bw
                button.rect = pygame.Rect(x, self._seat_area.y + int(seat) * seat_h +
                                          theme.px(3, size), bw, small_h)
            elif button.key == "spectators":
                button.rect = pygame.Rect(inner.x, bottom - gap - row_h, inner.w, row_h)
            else:
                i = last.index(button)
                button.rect = pygame.Rect(inner.x + i * (lw + gap), bottom, lw, row_h)

    def escape(self) -> None:
        self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        if self._no_code:
            self._draw_no_code(surface)
            return
        size = self._draw_panel(surface)
        fonts, cx = self.app.fonts, self._panel.centerx
        status = self.host.status() if self.host is not None else None
        y = self._panel.y + theme.px(18, size)
        y = theme.text(surface, fonts.get(theme.font_px(26, size), bold=True),
                       tr("net.host_public" if self.public else "net.host"),
                       theme.GOLD_LIGHT, (cx, y), "midtop").bottom + theme.px(10, size)
        font = fonts.get(theme.font_px(17, size))
        y = theme.text(surface, font, tr("net.give_code"), theme.CREAM, (cx, y),
                       "midtop").bottom + theme.px(8, size)
        y = theme.text(surface, fonts.get(theme.font_px(44, size), bold=True),
                       self.code or ("" if status is None or status.state == "failed"
                                     else tr("net.setting_up")), theme.GOLD_LIGHT, (cx, y),
                       "midtop").bottom + theme.px(10, size)
        if status is not None and status.direct_code and status.relay_code:
            y = theme.text(surface, font, tr("net.relay_code", code=pretty(status.relay_code)),
                           theme.CREAM, (cx, y), "midtop").bottom + theme.px(6, size)
        y = theme.text(surface, font, self.waiting_text(), theme.CREAM_DIM, (cx, y),
                       "midtop").bottom + theme.px(6, size)
        small = fonts.get(theme.font_px(14, size))
        y = theme.text(surface, small, own_line(), theme.GOLD_LIGHT, (cx, y),
                       "midtop").bottom + theme.px(4, size)
        guessing = self.guessing_text()
        if guessing:
            y = self._small_lines(surface, guessing, y) + theme.px(4, size)
        if status is not None and status.listening:
            y = self._small_lines(surface, self.listening, y) + theme.px(4, size)
        if status is not None and status.problem:
            y = self._words(surface, [tr(f"net.{status.problem}")], y, theme.GOLD, centred=True)
        header = y - self._panel.y + theme.px(28, size)       # and the line over the seats
        if header != self._header:                # the rows go under the words: laid out
            self._header = header                 # again for the next frame
            self.resize(size)
        elif status is not None and status.seats:
            self._draw_seats(surface, status)

    def _draw_seats(self, surface: pygame.Surface, status: HostStatus) -> None:
        """The seat rows, the table's kind (public or private) and who watches."""
        size = surface.get_size()
        area = self._seat_area
        shown = [LobbySeat(s.lobby, s.name, s.lobby == PERSON and not s.present)
                 for s in status.seats]
        moving = self.moving if self.moving is not None and self.moving < len(shown) else None
        seat_rows(surface, self.app.fonts, area, shown, marked=moving)
        small = self.app.fonts.get(theme.font_px(14, size))
        if moving is not None:
            line, ink = tr("net.move_pick", name=shown[moving].name or tr("net.a_guest")), \
                theme.GOLD_LIGHT
        else:
            line = with_watchers(tr("net.public_table" if status.public else
                                    "net.private_table"), status.watchers)
            ink = theme.CREAM_DIM
        theme.text(surface, small, line, ink,
                   (self._panel.centerx, area.y - theme.px(4, size)), "midbottom")
        focused = self.focus.focused
        for button in self.focus.buttons:           # over the rows
            if button.key.partition(":")[2].isdigit():
                draw_button(surface, self.app.fonts, button, button is focused)

    def _words(self, surface: pygame.Surface, texts: list[str], y: int, ink: tuple,
               centred: bool = False) -> int:
        """Paragraphs wrapped within the panel from ``y`` down; where they end."""
        size = surface.get_size()
        pad = theme.px(24, size)
        width = self._panel.w - 2 * pad
        lines, height = layout([Block("p", text) for text in texts], self.app.fonts, width,
                               theme.reading_scale(size) * (0.9 if centred else 1.0), ink=ink)
        for line in lines:
            right = max((x + image.get_width() for image, x in line.pieces), default=0)
            shift = (width - right) // 2 if centred else 0
            for image, x in line.pieces:
                surface.blit(image, (self._panel.x + pad + shift + x, y + line.y))
        return y + height

    def _draw_no_code(self, surface: pygame.Surface) -> None:
        """Why there is no code, what to do, and the relay's field with its words."""
        size = self._draw_panel(surface)
        fonts, cx = self.app.fonts, self._panel.centerx
        status = self.host.status() if self.host is not None else None
        pad = theme.px(24, size)
        y = self._panel.y + theme.px(18, size)
        y = theme.text(surface, fonts.get(theme.font_px(26, size), bold=True), tr("net.no_code"),
                       theme.GOLD_LIGHT, (cx, y), "midtop").bottom + theme.px(12, size)
        why = "net.no_code_relay_gone" if status is not None and \
            status.problem == RELAY_UNREACHABLE else "net.no_code_why"
        self._words(surface, [tr(why), tr("net.no_code_what")], y, theme.CREAM)
        if self.relay_entry is not None:
            font = fonts.get(theme.font_px(17, size))
            theme.text(surface, font, tr("net.relay_field"), theme.CREAM,
                       (self._panel.x + pad, self.relay_entry.rect.y - theme.px(6, size)),
                       "bottomleft")
            if self.problem:
                theme.text(surface, font, self.problem, theme.GOLD,
                           (cx, self.relay_entry.rect.bottom + theme.px(4, size)), "midtop")
