"""Opening a table the relay service deals: "Open a public table", and a private table
"Dealt by the service".  The service opens it (``game.net.service.open_service_table``:
asked of each gateway of the relay setting in turn while one cannot be reached), then
this program joins its code as a guest like everyone else: it never holds a card it
may not see.

The asking blocks (one round trip to a gateway, and the service's workers behind it), so
it runs in a thread of its own and the screen reads :meth:`ServiceOpening.done` every
frame.  ``game.net.service`` is imported when the table is asked for, not before: a
program whose relay has no service says so in words (``no_service``), as a relay that
refuses does.
"""

from __future__ import annotations

import importlib
import logging
import threading
from typing import Any, Optional

from game.net.protocol import UNREACHABLE
from game.net.relays import Relay
from game.session import COMPUTER, GameSetup
from scenes.i18n import has, tr
from scenes.net.guest import own_key

log = logging.getLogger(__name__)

#: where the service's client lives (imported when a table is asked for)
SERVICE_MODULE = "game.net.service"
#: the reason of a program with no service client, or a relay with no service behind it
NO_SERVICE = "no_service"
#: how long one gateway may take to answer
ASK_TIMEOUT = 10.0


def table_request(service: Any, setup: GameSetup, name: str, public: bool,
                  rated: bool = False) -> Any:
    """The new-game screen's setup as a ``TableRequest``: every seat open for a person
    (the opener sits as a guest, as everyone does), a computer of the level the screen
    chose where nobody sits or while someone is away, listed if ``public``, named by
    the opener, ``rated`` (people only: a seat left is played out by that computer)."""
    levels = [seat.level for seat in setup.seats if seat.kind == COMPUTER]
    return service.TableRequest(setup.key, len(setup.seats), len(setup.seats),
                                dict(setup.options), levels[0] if levels else "normal",
                                public, False, name, rated)


class Asking:
    """One question to the relay service, in a thread of its own: :attr:`reason` (a key)
    once :meth:`done`, if it got no answer; :meth:`_ask` asks it."""

    name = "service-ask"

    def __init__(self) -> None:
        self.reason: Optional[str] = None
        self._done = threading.Event()
        threading.Thread(target=self._run, name=self.name, daemon=True).start()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        """Block until done (tests); whether it is."""
        return self._done.wait(timeout)

    def _run(self) -> None:
        try:
            self._ask()
        except Exception:                 # never a traceback on screen: said, and logged
            log.exception("asking the relay service (%s)", self.name)
            self.reason = self.reason or NO_SERVICE
        finally:
            self._done.set()

    def _ask(self) -> None:
        raise NotImplementedError

    def _each_gateway(self, service: Any, relay: Relay, ask: Any) -> None:
        """``ask(address)`` of each gateway of ``relay`` in turn while one cannot be
        reached; the last refusal's reason kept."""
        for _, address in relay.rotation(0):
            try:
                ask(address)
                return
            except service.ServiceRefused as exc:
                self.reason = exc.reason
                if exc.reason != UNREACHABLE:       # the service said no: not the next
                    return


class ServiceOpening(Asking):
    """One table asked of the service, in a thread: :attr:`code` (the relay code to join)
    or :attr:`reason` (a key), once :meth:`done`."""

    name = "service-open"

    def __init__(self, relay: Relay, setup: GameSetup, name: str, public: bool,
                 timeout: float = ASK_TIMEOUT, rated: bool = False) -> None:
        self.relay, self.setup, self.player_name, self.public = relay, setup, name, public
        self.rated = rated
        self.timeout = timeout
        self.code: Optional[str] = None
        super().__init__()

    def _ask(self) -> None:
        try:
            service = importlib.import_module(SERVICE_MODULE)
        except ImportError:
            self.reason = NO_SERVICE
            return
        try:
            request = table_request(service, self.setup, self.player_name, self.public,
                                    self.rated)
        except service.ServiceRefused as exc:
            self.reason = exc.reason
            return

        def ask(address: tuple[str, int]) -> None:
            self.code = service.open_service_table(address, request, self.timeout, own_key(),
                                                   self.player_name).code
        self._each_gateway(service, self.relay, ask)


def refusal_words(reason: str) -> str:
    """Why the service did not open the table, in words: its reason's own where the
    catalog has them, else that it did not."""
    key = f"net.{reason}"
    return tr(key) if has(key) else tr("net.service_refused")
