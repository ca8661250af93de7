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

log = logging.getLogger(__name__)

#: where the service's client lives (imported when a table is asked for)
SERVICE_MODULE = "game.net.service"
#: the reason of a program with no service client, or a relay with no service behind it
NO_SERVICE = "no_service"
#: how long one gateway may take to answer
ASK_TIMEOUT = 10.0


def table_request(service: Any, setup: GameSetup, name: str, public: bool) -> Any:
    """The new-game screen's setup as a ``TableRequest``: every seat open for a person
    (the opener sits as a guest, as everyone does), a computer of the level the screen
    chose where nobody sits or while someone is away, listed if ``public``, named by
    the opener."""
    levels = [seat.level for seat in setup.seats if seat.kind == COMPUTER]
    return service.TableRequest(setup.key, len(setup.seats), len(setup.seats),
                                dict(setup.options), levels[0] if levels else "normal",
                                public, False, name)


class ServiceOpening:
    """One table asked of the service, in a thread: :attr:`code` (the relay code to join)
    or :attr:`reason` (a key), once :meth:`done`."""

    def __init__(self, relay: Relay, setup: GameSetup, name: str, public: bool,
                 timeout: float = ASK_TIMEOUT) -> None:
        self.relay, self.setup, self.name, self.public = relay, setup, name, public
        self.timeout = timeout
        self.code: Optional[str] = None
        self.reason: Optional[str] = None
        self._done = threading.Event()
        threading.Thread(target=self._run, name="service-open", daemon=True).start()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        """Block until done (tests); whether it is."""
        return self._done.wait(timeout)

    def _run(self) -> None:
        try:
            self._ask()
        except Exception:                 # never a traceback on screen: said, and logged
            log.exception("asking the relay service for a table")
            self.reason = self.reason or NO_SERVICE
        finally:
            self._done.set()

    def _ask(self) -> None:
        try:
            service = importlib.import_module(SERVICE_MODULE)
        except ImportError:
            self.reason = NO_SERVICE
            return
        try:
            request = table_request(service, self.setup, self.name, self.public)
        except service.ServiceRefused as exc:
            self.reason = exc.reason
            return
        for _, address in self.relay.rotation(0):
            try:
                self.code = service.open_service_table(address, request, self.timeout).code
                return
            except service.ServiceRefused as exc:
                self.reason = exc.reason
                if exc.reason != UNREACHABLE:       # the service said no: not the next
                    return


def refusal_words(reason: str) -> str:
    """Why the service did not open the table, in words: its reason's own where the
    catalog has them, else that it did not."""
    key = f"net.{reason}"
    return tr(key) if has(key) else tr("net.service_refused")
