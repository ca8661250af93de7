"""Opening a table the relay service deals (scenes/screens/online/service_open.py,
scenes/screens/online/play.py): "Open a public table" and a private table "Dealt by the
service" ask the service (its
``open_service_table``, a fake here in its place) and join its code as a guest held to
the service's key; a refusal is said in words; without a relay the choice says why it
cannot be had."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.net.client import SERVICE
from game.net.identity import fingerprint, public_bytes
from game.net.protocol import UNREACHABLE
from game.net.relays import relay_setting
from game.session import GameSetup
from scenes.i18n import tr
from scenes.net.dealer import dealer_line
from scenes.screens.online.play import OnlineScene
from scenes.screens.online.service_open import ServiceOpening, refusal_words, table_request
from scenes.screens.online.waiting_room import GuestRoomScene
from scenes.screens.setup_scene import SetupScene
from tests.game.net.helpers import hosting, relay_here
from tests.scenes.shell_helpers import app  # noqa: F401
from tests.scenes.test_online import frames_until, open_online, press

SERVICE_KEY = Ed25519PrivateKey.generate()


class ServiceRefused(Exception):
    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason)
        self.reason, self.detail = reason, detail


@dataclass(frozen=True)
class TableRequest:
    game: str
    seats: int
    open: int
    options: dict = field(default_factory=dict)
    level: str = "normal"
    public: bool = True
    spectators: bool = False
    name: str = ""
    rated: bool = False


@dataclass(frozen=True)
class OpenedTable:
    code: str


class FakeService(types.ModuleType):
    """``game.net.service`` as the screens call it: ``open_service_table(relay,
    TableRequest, timeout) -> OpenedTable``, or ServiceRefused with a reason; what it
    was asked, and of which gateway."""

    ServiceRefused, TableRequest, OpenedTable = ServiceRefused, TableRequest, OpenedTable

    def __init__(self) -> None:
        super().__init__("game.net.service")
        self.asked: list[tuple[tuple[str, int], TableRequest]] = []
        self.answers: list[Any] = []
        self.players: list[Any] = []

    def open_service_table(self, relay: tuple[str, int], request: TableRequest,
                           timeout: float = 10.0, player: Any = None,
                           name: str = "") -> OpenedTable:
        self.asked.append((relay, request))
        self.players.append(player)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return OpenedTable(answer)


@pytest.fixture
def service(monkeypatch) -> Iterator[FakeService]:
    fake = FakeService()
    monkeypatch.setitem(sys.modules, "game.net.service", fake)
    yield fake


def test_a_request_opens_every_seat_to_people_with_the_screens_computer_level():
    setup = GameSetup.solo("bisca", level="hard", seats=4)
    request = table_request(FakeService(), setup, "Anna", public=False)
    assert request == TableRequest("bisca", 4, 4, dict(setup.options), "hard", False, False,
                                   "Anna")


def test_a_gateway_that_cannot_be_reached_is_passed_over_and_a_refusal_is_not(service):
    relay = relay_setting("127.0.0.1:1,127.0.0.1:2,127.0.0.1:3")
    setup = GameSetup.solo("bocce")
    service.answers = [ServiceRefused(UNREACHABLE), "ABCD-EFGH-JKMN"]
    opening = ServiceOpening(relay, setup, "Anna", True)
    assert opening.wait(5) and opening.code == "ABCD-EFGH-JKMN"
    assert [relay for relay, _ in service.asked] == [("127.0.0.1", 1), ("127.0.0.1", 2)]
    service.asked.clear()
    service.answers = [ServiceRefused("service_full")]
    opening = ServiceOpening(relay, setup, "Anna", True)
    assert opening.wait(5) and opening.code is None and opening.reason == "service_full"
    assert len(service.asked) == 1, "the service said no: no other gateway asked"


def test_a_program_without_the_service_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "game.net.service", None)     # import fails
    opening = ServiceOpening(relay_setting("127.0.0.1:1"), GameSetup.solo("bocce"), "A", True)
    assert opening.wait(5) and opening.reason == "no_service"


def play_setup(app, scene: OnlineScene, key: str = "bocce", service: bool = True) -> None:
    press(app, scene, f"game:{key}")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.service is service
    assert ("seat" in [row.key for row in setup.rows]) is not service, \
        "no seat is chosen where the opener sits in the service's first free one"
    press(app, setup, "play")


@pytest.mark.slow
@pytest.mark.parametrize("public", [True, False])
def test_a_table_the_service_opens_is_joined_as_a_guest_held_to_its_key(app, service,
                                                                         public):
    """The service (a host with its key at a relay in this process, opened by the fake)
    answers a code; the page joins it as a guest: the guest's waiting room says the
    service deals, and the key met first is kept with the relay setting."""
    with relay_here() as (_, port), \
            hosting("bocce", listen=None, relay=("127.0.0.1", port),
                    identity=SERVICE_KEY, autostart=False) as (host, _):
        service.answers = [host.status().relay_code]
        scene = open_online(app)
        scene.relay_entry.set_text(f"127.0.0.1:{port}")
        press(app, scene, "public" if public else "host")
        if not public:
            press(app, scene, "by_service")
            assert scene.focus.button("by_service").label == tr("net.by_service_on")
        play_setup(app, scene)
        room = frames_until(app, lambda: isinstance(app.stack.top, GuestRoomScene)
                            and app.stack.top)
        assert room.client.dealer == SERVICE and room.client.service
        assert dealer_line(room.client) == tr("net.dealt_by_service", name="127.0.0.1")
        (asked, request), = service.asked
        assert asked == ("127.0.0.1", port) and request.public is public
        assert request.game == "bocce" and request.open == request.seats == 2
        print_ = fingerprint(public_bytes(SERVICE_KEY))
        assert app.settings.relay == f"127.0.0.1:{port}#{print_}", "trust on first use"
        room.leave_room()
        assert app.stack.top is scene and scene.relay_entry is not None
        assert scene.relay_entry.get_text() == app.settings.relay, "the field shows it"
        press(app, scene, "join")
        assert app.settings.relay == f"127.0.0.1:{port}#{print_}", "and keeps it"
        app.back_to_menu()


def test_a_refusal_is_said_on_the_first_page_and_nothing_is_joined(app, service):
    service.answers = [ServiceRefused("no_service")]
    scene = open_online(app)
    scene.relay_entry.set_text("127.0.0.1:9")
    press(app, scene, "public")
    play_setup(app, scene)
    assert isinstance(app.stack.top, OnlineScene) and scene.mode == "choose"
    frames_until(app, lambda: scene.opening is None)
    assert scene.client is None
    assert scene.problem == refusal_words("no_service") and scene.problem != "net.no_service"


def test_without_a_relay_the_checkbox_says_why_it_cannot_be_had(app, service, monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda text, seconds=3.0: told.append(text))
    scene = open_online(app)
    press(app, scene, "host")
    button = scene.focus.button("by_service")
    assert button.label == tr("net.by_service_none")
    press(app, scene, "by_service")
    assert told == [tr("net.service_needs_relay")] and not scene.by_service
    play_setup(app, scene, service=False)
    assert service.asked == [], "a private table of this program's own, as before"
    app.back_to_menu()


def test_the_code_the_service_answers_is_joined_at_the_relay_that_was_asked(
        app, service, monkeypatch):
    """The relay's field stays on the first page while the service is asked: a setting
    changed meanwhile sent the service's code to another relay, whose room of that name
    is another table (or none)."""
    import scenes.net.guest

    joined: list[Any] = []
    monkeypatch.setattr(scenes.net.guest, "join",
                        lambda code, name, relay, **kwargs: joined.append(relay))
    service.answers = ["ABCD-EFGH-JKMN"]
    asked = relay_setting("127.0.0.1:9")
    scene = open_online(app)
    scene.opening = ServiceOpening(asked, GameSetup.solo("bocce"), "Anna", True)
    assert scene.opening.wait(5)
    app.settings.relay = "127.0.0.2:9"
    scene.update(0.0)
    assert joined == [asked]


def test_a_rated_public_table_is_asked_rated_and_signed_by_the_players_own_key(app, service):
    service.answers = [ServiceRefused("no_service")]
    scene = open_online(app)
    scene.relay_entry.set_text("127.0.0.1:9")
    press(app, scene, "public")
    assert scene.focus.button("rated").label == tr("net.rated_off")
    press(app, scene, "rated")
    assert scene.focus.button("rated").label == tr("net.rated_on")
    play_setup(app, scene)
    frames_until(app, lambda: scene.opening is None)
    (_, request), = service.asked
    assert request.rated and request.public and request.open == request.seats
    assert isinstance(service.players[0], Ed25519PrivateKey)
    app.back_to_menu()
