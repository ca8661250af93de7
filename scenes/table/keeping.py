"""The screen's side of kept games: which client a local table gets, Resume, Undo.

A table for a game a person here plays against the computers gets a
:class:`~game.kept.KeepingClient` (game/kept.py), which writes the game after every
action; every other table (the kiosk's, a spectator's, an online one) a plain client,
so it is never kept nor undone.  The table scene cannot tell them apart: Resume and
Undo make a new table from a kept game's log, showing that position as a client that
joins a game under way sees it (no events, the view of that moment).

One game of each kind is kept, and a window holds its game's slot while it plays
(game/saves.py): a game another window holds is played but not kept
(:class:`~game.kept.UnkeptClient`, with the line that says so), and Resume reads the
file again once it holds it.  The kiosk forgets what its visitors left
(:class:`Visitors`).
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Optional, Protocol, cast

from game import GAMES
from game.kept import KeepingClient, UnkeptClient, adopted, kept_game, resume_slot
from game.replays import exported
from game.saves import Record, SaveError, SlotBusy, Store, Trouble, file_stamp, keepable
from game.session import REMOTE, Client, GameSetup, LocalClient, Session, local_game
from scenes.i18n import has, language, tr
from scenes.kit.scene import Scene, SceneStack

log = logging.getLogger(__name__)


class _App(Protocol):
    """What Undo and the notices use of the app: its scenes and its notices."""

    @property
    def stack(self) -> SceneStack: ...

    def notify(self, text: str, seconds: float = 3.0, aloud: bool = True) -> None: ...


class TableScene(Protocol):
    """What keeping reads of the table scene (scenes/table/scene.py), which imports this
    module: a Protocol here, so that the two do not import each other even for types."""

    @property
    def app(self) -> _App: ...

    @property
    def client(self) -> Client: ...

    @property
    def setup(self) -> GameSetup: ...

    @property
    def over(self) -> bool: ...

    def refuse(self, text: str) -> None: ...

    def like(self, client: Client) -> Scene: ...

def table_client(setup: GameSetup, seat: Optional[int]) -> Client:
    """The client of a new local game: a keeping one when the game is to be kept.  One
    that cannot be kept is played all the same, and the table says why: another window
    holds that game's save (it is never written over), or the data folder refuses."""
    if seat is not None and keepable(setup, seat):
        try:
            return kept_game(setup, seat)
        except SlotBusy:
            notice = ("kept.busy_new", GAMES[setup.key].title)
        except OSError as exc:
            log.warning("the game will not be kept: %s", exc)
            notice = ("kept.not_kept", str(exc.strerror or exc))
        return UnkeptClient(Session(setup), seat, notice)
    return local_game(setup, seat)


def trouble_line(trouble: Trouble) -> str:
    """A kept game's file that could not be loaded, in one line: why, and where it is now
    (set aside under which name, or left as it is)."""
    return tr(f"kept.{trouble.kind}", why=trouble.words(language()), file=trouble.file)


def is_kept(table: "TableScene") -> bool:
    return isinstance(table.client, KeepingClient)


def resume_label(record: Record) -> str:
    """"Resume Briscola Venceslao (game 3, your turn)": where the kept game stands."""
    title = GAMES[record.key].title
    try:
        part, yours = record.standing()
    except SaveError:
        return tr("kept.resume_plain", game=title)
    # the part in the game's own word ("<key>.part": "deal {n}"), where it has parts
    where = [tr(f"{record.key}.part", n=part)] if has(f"{record.key}.part") else []
    if yours:
        where.append(tr("kept.your_turn"))
    return tr("kept.resume", game=title, where=", ".join(where)) if where else \
        tr("kept.resume_plain", game=title)


def resume(app: Any, record: Record) -> bool:
    """A table of the kept game, pushed; False (and one line told) when it cannot be."""
    client: Client
    try:
        client = resume_slot(record.key)       # as the file is now: another window may
    except SlotBusy:                            # have played on since the menu read it
        app.notify(tr("kept.busy", game=GAMES[record.key].title), 5.0)
        return False
    except SaveError as exc:
        app.notify(tr("kept.cannot_resume", why=exc.words(language())), 5.0)
        return False
    except OSError as exc:          # a data folder that refuses: played, not kept, and said
        client = UnkeptClient(adopted(record), record.seat,
                              ("kept.not_kept", str(exc.strerror or exc)))
    app.open("game", client, again=_again(client.setup, client.seat))
    return True


def _again(setup: GameSetup, seat: Optional[int]) -> Callable[[], Client]:
    """What "Play again" makes: a new game of the same setup, at the same seat."""
    return lambda: table_client(setup.with_seed(None), seat)


def can_undo(table: "TableScene") -> bool:
    """Whether the table may take back the person's last decision: a kept game (never an
    online one), not over, with a decision of theirs to take back."""
    client = table.client
    return isinstance(client, KeepingClient) and not table.over \
        and client.undo_point() is not None


def undo(table: "TableScene") -> bool:
    """Back to the position before the person's last decision: a new table of it replaces
    this one.  False (and why, in words) when there is nothing to take back."""
    if not can_undo(table):
        table.refuse(tr("kept.no_undo"))
        return False
    client = table.client
    assert isinstance(client, KeepingClient)
    back = client.undone()
    if back is None:
        return False
    new = table.like(back)
    stack, here = table.app.stack, cast(object, table)    # the scene on the stack
    while stack.top is not None and stack.top is not here:
        stack.pop()                 # the pause menu it came from
    stack.replace(new)
    table.app.notify(tr("kept.undone"))
    return True


def tell(table: "TableScene") -> None:
    """A line for the player when the game could not be kept, or the statistics were set
    aside (once)."""
    notice = table.client.take_notice()
    if notice:
        key, why = notice
        table.app.notify(tr(key, why=why), 5.0)


def leaving_line(table: "TableScene") -> str:
    """What leaving the table in the middle does to the game, in one line: kept for
    Resume, or lost (an online game says that such games are never kept, and the host's
    that it ends for the friends at the table too: their game is the host's)."""
    if is_kept(table):
        return tr("kept.kept_line")
    hosting = isinstance(table.client, LocalClient) and \
        any(s.kind == REMOTE for s in table.setup.seats)
    line = tr("table.confirm.lost")
    if hosting:
        return f"{line} {tr('kept.host_line')} {tr('kept.online_line')}"
    if not isinstance(table.client, LocalClient):
        return f"{line} {tr('kept.online_line')}"
    return line


def export(app: Any, table: "TableScene") -> Optional[str]:
    """"Save this game" at the table: see :func:`export_data` (a game not over is written
    as the person's story: game/replays.py)."""
    client = table.client
    if not isinstance(client, KeepingClient):
        return None
    return export_data(app, client.store, exported(client.record()))


def export_data(app: Any, store: Store, data: dict[str, Any]) -> Optional[str]:
    """A game as a file ``--replay`` opens; its path, told in a line (None, and why, when
    it cannot be written)."""
    try:
        path = str(store.export(data))
    except OSError as exc:
        app.notify(tr("kept.not_exported", why=exc.strerror or str(exc)), 5.0)
        return None
    app.notify(tr("kept.exported", path=path), 6.0)
    return path


class Visitors:
    """The kiosk's forgetting (scenes/screens/kiosk): the games a visitor left to resume are
    forgotten when the demo comes back, so the next passer-by is never offered them.  A
    game's slot whose file changed since the kiosk started is a visitor's (the demo's
    games, all computers, are never kept)."""

    def __init__(self, store: Optional[Store] = None) -> None:
        self.store = store if store is not None else Store()
        self._before = {key: file_stamp(self.store.slot(key)) for key in GAMES}

    def forget(self) -> None:
        """Forget every game kept since the kiosk started (call once the visitor's table has
        left the stack, its last write done)."""
        for key, before in self._before.items():
            if file_stamp(self.store.slot(key)) != before:
                self.store.forget(key)
                self._before[key] = None
