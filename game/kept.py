"""A local game against the computers that keeps itself: Resume, finished games, undo.

:class:`KeepingClient` is the :class:`~game.session.LocalClient` of such a game.  After
every action that reaches the session (the person's or a computer's) it writes the game
to the resume slot (:class:`game.saves.Store`), so the table need not think of it; when
the game ends it moves it to the finished games and counts it in the statistics
(:class:`game.stats.Stats`).  Writing never stops the game: a disk that refuses is
told once in :attr:`KeepingClient.notice` (the table shows it) and play goes on.

Undo (:meth:`KeepingClient.undone`): back to the position before the person's last
decision, with every action since (theirs and the computers') taken back.  It is a new
session that adopts the game replayed from the log up to there, so the screen gets
exactly the update a client joining at that position would get: the view of that
moment, which shows no card that was hidden then.  Where the rules can re-deal the
cards the player cannot see (twin worlds, game/saves.py :func:`~game.saves.redeal`),
they are re-dealt, and the game's generator and its other secrets (Briscola's card
under the stock, for the dealer) are drawn afresh, so what the player saw after that
point (the next draws, a card the others played, the next deal's hands) tells them
nothing of the game they go back to; the re-deal's seed is kept in the record, so the
log still replays exactly.  The game is marked
(``undos``) and counted apart in the statistics.  Online games are never kept, so
never undone.
"""

from __future__ import annotations

import logging
import random
import threading
from typing import Callable, Optional

from game.engine import Action, Event
from game.saves import (
    AFRESH,
    Hold,
    Record,
    Redeal,
    SaveError,
    Store,
    can_redeal,
    keepable,
    record_of,
    slot_record,
)
from game.session.client import LocalClient
from game.session.messages import Message
from game.session.referee import Session
from game.session.setup import GameSetup
from game.stats import Stats

log = logging.getLogger(__name__)

#: seconds leaving a game waits for its last write
FLUSH_TIMEOUT = 2.0


class KeepingClient(LocalClient):
    """A local client whose game is kept after every action (see the module docstring)."""

    def __init__(self, session: Session, seat: int, store: Optional[Store] = None,
                 stats: Optional[Stats] = None, undos: int = 0,
                 redeals: tuple[Redeal, ...] = (),
                 hold: Optional[Hold] = None) -> None:
        if not keepable(session.setup, seat):
            raise ValueError("only a game a person here plays against computers is kept")
        self.store = store if store is not None else Store()
        #: the game's resume slot, this window's alone while it plays (SlotBusy: another's)
        self.hold = hold if hold is not None else self.store.hold(session.setup.key)
        super().__init__(session, seat)
        #: the person's seat (a kept game always has one)
        self.own_seat = seat
        self.stats = stats if stats is not None else Stats(self.store.folder)
        self.undos = undos
        #: re-deals after undos (game/saves.py :func:`redeal`), carried into every record
        self.redeals = tuple(redeals)
        self.writer = Writer()
        self.finished = False
        self._kept = -1
        self._keep()

    @property
    def notice(self) -> Optional[tuple[str, str]]:
        """What the player should be told once (the table does): a translation key and
        the reason, when the game could not be written or the statistics were set aside."""
        return self.writer.notice

    @notice.setter
    def notice(self, value: Optional[tuple[str, str]]) -> None:
        self.writer.notice = value

    def take_notice(self) -> Optional[tuple[str, str]]:
        """The notice, once (the Client protocol's: the table shows it)."""
        notice, self.notice = self.notice, None
        return notice

    def flush(self, timeout: float = FLUSH_TIMEOUT) -> bool:
        """Wait until the game as it stands is on disk (False: not within ``timeout``)."""
        return self.writer.flush(timeout)

    def close(self) -> None:
        """Leave the game: what is still to write is written first (a bounded wait)."""
        super().close()
        self.writer.close(FLUSH_TIMEOUT)
        self.hold.release()

    def record(self) -> Record:
        """The game as it stands."""
        session = self.session
        result = session.state.result() if session.over else None
        return record_of(session.setup, self.own_seat, session.log(), self.undos, result,
                         self.redeals)

    def told(self) -> list[Event]:
        """Every event of this game so far as this seat received it: a resumed game's story."""
        try:
            return self.record().told(self.seat)
        except SaveError:
            return []

    def poll(self) -> list[Message]:
        out = super().poll()
        self._keep()
        return out

    def submit(self, action: Action, version: Optional[int] = None, probe: bool = False) -> None:
        super().submit(action, version, probe)
        self._keep()

    def _keep(self) -> None:
        """Hand the game to the writer if it moved since (once over: to the finished games
        and the statistics, and no longer to resume)."""
        if self.session.version == self._kept or self.finished:
            return
        self._kept = self.session.version
        record = self.record()
        if self.session.over:
            self.finished = True
            self.writer.write(lambda: self._finish(record))
        else:
            self.writer.write(lambda: self.store.keep(record))

    def _finish(self, record: Record) -> Optional[tuple[str, str]]:
        self.store.finish(record)
        trouble = self.stats.add(record)
        return (f"kept.stats_{trouble.kind}", trouble.file) if trouble else None

    # -- undo ------------------------------------------------------------------------------
    def undo_point(self) -> Optional[int]:
        """How many actions stay when the person's last decision is taken back (None: they
        have made none, or the game is over)."""
        if self.session.over:
            return None
        actions = self.session.log()["actions"]
        for index in range(len(actions) - 1, -1, -1):
            if actions[index][0] == self.seat:
                return index
        return None

    def undone(self) -> Optional["KeepingClient"]:
        """A client of the game as it stood before the person's last decision (this one is
        closed), or None when there is nothing to take back."""
        point = self.undo_point()
        if point is None:
            return None
        record = self.record()
        # a re-deal at this very point is replaced by the new one (a shuffle of the same
        # hidden cards): one per position at most, so a file's re-deals stay few
        redeals = tuple(r for r in record.redeals if r[0] < point)
        if can_redeal(self.session.state):
            # what the player saw after that point must not tell them the future
            redeals += ((point, self.own_seat, fresh_seed(), AFRESH),)
        record = Record(record.setup, record.seat, record.actions[:point], self.undos + 1,
                        record.version, record.saved, None, redeals)
        self.close()
        return resumed(record, self.store, self.stats, paced=self.session.paced)


def fresh_seed() -> int:
    """The seed of an undo's re-deal: from the system's randomness, never the game's, whose
    generator the player has seen the future of."""
    return random.SystemRandom().randrange(1 << 31)


class Writer:
    """Writes a kept game off the frame's thread, in order, the newest first: a write not
    begun yet is replaced by a newer one (only the game as it stands matters), so the
    disk never holds up a frame and never falls behind.  Measured on the project's
    2-core machine under load (bench/keeping.py, bench/README.md): a write's median is
    1-5 ms, but its p99 up to 190 ms and the worst 0.5 s, which no frame may wait for.
    A write that fails is logged, and the first notice kept in :attr:`notice` as a
    translation key and the reason (the screen puts it into words)."""

    def __init__(self) -> None:
        self.notice: Optional[tuple[str, str]] = None
        self._cond = threading.Condition()
        self._next: Optional[Callable[[], Optional[tuple[str, str]]]] = None
        self._busy = False
        self._closed = False
        self._thread: Optional[threading.Thread] = None

    def write(self, job: Callable[[], Optional[tuple[str, str]]]) -> None:
        """Do ``job`` (a write; it may return a notice) soon, instead of any waiting."""
        with self._cond:
            if self._closed:
                return
            self._next = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tavolata-keeper",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._next is None and not self._closed:
                    self._cond.wait()
                job, self._next = self._next, None
                if job is None:
                    return
                self._busy = True
            try:
                said = job()
            except OSError as exc:
                log.warning("could not keep the game: %s", exc)
                said = ("kept.not_kept", str(exc.strerror or exc))
            except Exception:   # a bug must not silence the writer for the rest of the game
                log.exception("keeping the game failed")
                said = None
            with self._cond:
                self._busy = False
                if said and self.notice is None:
                    self.notice = said
                self._cond.notify_all()

    def flush(self, timeout: float) -> bool:
        """Wait until nothing is left to write; False if that took longer than ``timeout``."""
        with self._cond:
            return self._cond.wait_for(lambda: self._next is None and not self._busy, timeout)

    def close(self, timeout: float) -> None:
        """Write what is waiting, then stop the thread (a bounded wait)."""
        self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)


def resumed(record: Record, store: Optional[Store] = None, stats: Optional[Stats] = None,
            paced: bool = True) -> KeepingClient:
    """A client of a kept game, at the position its log reaches (SaveError if it does not
    replay)."""
    return KeepingClient(adopted(record, paced), record.seat, store, stats, record.undos,
                         record.redeals)


def resume_slot(key: str, store: Optional[Store] = None, paced: bool = True) -> KeepingClient:
    """A client of the game kept in ``key``'s slot as the file is now, read once this window
    holds it: a game another window played on since the menu read it resumes where that
    window left it, never from an older position that would write over its moves.
    SlotBusy: another window holds it; SaveError: it is damaged or no longer kept."""
    store = store if store is not None else Store()
    hold = store.hold(key)
    try:
        try:
            record = slot_record(key, store.slot(key))
        except FileNotFoundError:
            raise SaveError("saves.gone") from None
        return KeepingClient(adopted(record, paced), record.seat, store, None, record.undos,
                             record.redeals, hold)
    except BaseException:
        hold.release()
        raise


def adopted(record: Record, paced: bool = True) -> Session:
    """A session of a kept game at the position its log reaches (SaveError if it does not
    replay)."""
    session = Session(record.setup, paced=paced)
    session.adopt(record.replay())
    return session


class UnkeptClient(LocalClient):
    """A game that would be kept but is not, with the line that says why (once): another
    window holds its game's resume slot (:class:`game.saves.SlotBusy`), or the data
    folder cannot be written."""

    def __init__(self, session: Session, seat: Optional[int],
                 notice: tuple[str, str]) -> None:
        super().__init__(session, seat)
        self._notice: Optional[tuple[str, str]] = notice

    def take_notice(self) -> Optional[tuple[str, str]]:
        notice, self._notice = self._notice, None
        return notice


def kept_game(setup: GameSetup, seat: int, store: Optional[Store] = None,
              paced: bool = True) -> KeepingClient:
    """A new game that keeps itself from its first deal."""
    return KeepingClient(Session(setup, paced=paced), seat, store)
