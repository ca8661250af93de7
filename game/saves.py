"""Games kept on disk: the one to resume, the last finished ones, and exported files.

A kept game is a :class:`Record`: the setup (game, options, who sits where, seed), the
seat of the person who played it, the action log, and how many times they took a move
back (:mod:`game.undo`).  The engine replays the log into the very game
(:func:`game.engine.replay`), so nothing else is stored: no state, no views.

Where: the user data folder (``platformdirs.user_data_dir("tavolata")``);
``TAVOLATA_DATA_DIR`` puts it elsewhere, and so does ``TAVOLATA_CONFIG_DIR`` (a
portable install, the tests), which then holds the data beside the settings.

* ``resume-<key>.json``: the game of each kind in progress against the computers (one
  per game: a quick Bocce never takes a long Bolola's place), rewritten atomically (a
  temporary file, then ``os.replace``) after every action, so a closed window, the Menu
  or a crash leaves the game as it stood.  Its seed and moves are sealed under the
  folder's key (:func:`sealed`, ``.resume-key``): the JSON says which game, whose seat
  and when, never what would tell the hidden cards; it resumes the very game on this
  machine.  A running window holds its game's slot (:meth:`Store.hold`, a lock beside
  it): another window is told, never left to write over it.  An earlier version's one
  ``resume.json`` is taken into its game's slot.  Online games are never kept (the
  other players' seats are not this program's to replay).
* ``finished/``: the last :data:`KEEP_FINISHED` finished games, one file each, named
  by the time they ended, for the Replays screen.
* an exported file (``Save this game``): a finished game's record, in the clear; of a
  game not over, the person's story and nothing more (game/replays.py).  ``python
  main.py --replay FILE`` opens either.

A file that is damaged (not JSON, wrong fields, a log the rules refuse, re-deals that
are no undo's) or was written by another version of the program is never loaded
half-way: :func:`load_record` raises :class:`SaveError` with one line saying why (a
catalog key, ``saves.*``: the screen says it in the player's language), and the file
is set aside under a name no earlier one took (``resume-bocce.json.bad``, then
``.bad-2`` ...; the player is told which).  One that cannot be read now (its
permissions) or moved (a read-only folder) is left where it is, and said so.  A replay
file from another version is still tried: its log either replays or is refused as
damaged.
"""

from __future__ import annotations

import base64
import errno
import json
import os
import random
import secrets
import stat
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, TypeVar

from game.engine import Action, ActionCodeError, Event, IllegalAction, Reason, State
from game.i18n import translate
from game.session.setup import REMOTE, GameSetup
from game.views import Result

#: the file format; another one is "another version" (set aside, never half-read)
FORMAT = 1
#: what marks a file as a kept game of this program
MAGIC = "tavolata-game"
RESUME_FILE = "resume.json"
FINISHED_DIR = "finished"
EXPORT_DIR = "exports"
BAD_SUFFIX = ".bad"
#: finished games kept for the Replays screen
KEEP_FINISHED = 50
#: a kept game is a few KB (Bolola's 470 actions: about 8 KB); more is not one
MAX_BYTES = 1 << 21

#: what a re-deal after an undo dealt afresh (:func:`redeal`): the hidden cards alone (a
#: re-deal kept before the generator was drawn afresh too: three numbers in the file), or
#: everything the seat had not seen
CARDS_ONLY, AFRESH = 0, 1
#: a re-deal as kept: after how many actions, for which seat, its seed, :data:`AFRESH`
Redeal = tuple[int, int, int, int]

T = TypeVar("T")


class SaveError(ValueError):
    """A kept file that cannot be loaded: why, in one line, as a catalog key (``saves.*``)
    and its parameters, as :class:`~game.engine.IllegalAction` says it; ``str()`` gives
    the English (the command line, logs), :meth:`words` the screen's language.
    ``detail``: what a lower layer said (a refusal's :class:`~game.engine.Reason`, words
    in that language too; else a brief technical text)."""

    def __init__(self, key: str, detail: "str | Reason" = "", **params: Any) -> None:
        self.key, self.detail, self.params = key, detail, params
        super().__init__(self.words("en"))

    def words(self, lang: str) -> str:
        detail = self.detail.words(lang) if isinstance(self.detail, Reason) else self.detail
        return translate(lang, self.key, detail=detail, **self.params)


def game_version() -> str:
    """This program's version, as netplay compares it (another one may have other rules)."""
    from importlib import metadata

    try:
        return metadata.version("tavolata")
    except metadata.PackageNotFoundError:      # a source tree never installed
        return "0+unknown"


def data_dir() -> Path:
    """TAVOLATA_DATA_DIR, else TAVOLATA_CONFIG_DIR (portable, tests), else the OS's folder."""
    for name in ("TAVOLATA_DATA_DIR", "TAVOLATA_CONFIG_DIR"):
        override = os.environ.get(name)
        if override:
            return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tavolata", appauthor=False))


def keepable(setup: GameSetup, seat: Optional[int]) -> bool:
    """Whether a game is kept for Resume: a person here plays it, and nobody over a network."""
    return (seat is not None and seat in setup.humans()
            and all(s.kind != REMOTE for s in setup.seats))


@dataclass(frozen=True)
class Record:
    """A game as kept: its setup (with the seed), the person's seat, the actions so far,
    the moves taken back (undo), the version that wrote it, and when."""

    setup: GameSetup
    seat: int
    actions: tuple[tuple[int, str], ...] = ()
    undos: int = 0
    version: str = ""
    saved: float = 0.0
    result: Optional[dict[str, Any]] = None
    #: the re-deals after an undo (:func:`redeal`): (after how many actions, for which
    #: seat, the seed of the shuffle, what it dealt afresh), so the log still replays to
    #: the very game
    redeals: tuple[Redeal, ...] = ()

    @property
    def key(self) -> str:
        return self.setup.key

    def log(self) -> dict[str, Any]:
        """The engine's log (game/engine.py): what :func:`game.engine.replay_log` takes."""
        return {"key": self.setup.key, "options": dict(self.setup.options),
                "seats": len(self.setup.seats), "seed": self.setup.seed,
                "actions": [list(a) for a in self.actions]}

    def replay(self, upto: Optional[int] = None) -> State:
        """The game after its first ``upto`` actions (all of them by default); SaveError if
        the rules refuse the log."""
        count = len(self.actions) if upto is None else max(0, min(upto, len(self.actions)))
        for done, (state, _) in enumerate(self.steps()):
            if done == count:
                return state
        raise AssertionError("steps() yields every position")  # pragma: no cover

    def steps(self) -> Iterator[tuple[State, list[Event]]]:
        """The game step by step: the state and the events of the deal, then of each action
        (the same state object, moved on: read it before the next step).  SaveError if the
        rules refuse an action."""
        from game import GAMES

        try:
            state = GAMES[self.key].new(self.setup.options, len(self.setup.seats),
                                        self.setup.seed if self.setup.seed is not None else 0)
            self._redeal(state, 0)
        except Exception as exc:         # ValueError mostly; a file never stops the program
            raise SaveError("saves.setup_misfit", _brief(str(exc), 80)) from None
        yield state, state.opening_events()
        for index, (seat, text) in enumerate(self.actions):
            try:
                # an older form of a move (Dou Dizhu's plays by rank) as the engine's own
                # log replay takes it (game/engine.py :func:`~game.engine.replay`)
                events = state.apply(seat, state.from_log(seat, Action.parse(text)))
                self._redeal(state, index + 1)
            except IllegalAction as exc:
                raise SaveError("saves.moves_refused", exc.reason, move=index) from None
            except ActionCodeError as exc:
                raise SaveError("saves.moves_refused", _brief(str(exc), 80), move=index) \
                    from None
            except Exception as exc:    # a file, whatever it holds, never stops the program
                raise SaveError("saves.moves_refused", type(exc).__name__, move=index) \
                    from None
            yield state, events

    def _redeal(self, state: State, done: int) -> None:
        for at, seat, seed, fresh in self.redeals:
            if at == done:
                redeal(state, seat, seed, fresh)

    def standing(self) -> tuple[int, bool]:
        """Where the game stands, for its Resume button: the part of the game being played
        (``State.round_number``: Briscola's game of the match, Bolola's deal, Bisca's
        round ...) and whether the person is to act.  SaveError if the log does not
        replay."""
        state = self.replay()
        return state.round_number(), self.seat in state.to_act()

    def told(self, seat: Optional[int]) -> list[Event]:
        """Every event of the game so far as ``seat`` received it (redacted for it)."""
        return [e.for_seat(seat) for _, events in self.steps() for e in events]

    def to_json(self) -> dict[str, Any]:
        out = {"tavolata": MAGIC, "format": FORMAT, "version": self.version,
               "saved": self.saved, "setup": self.setup.to_json(), "seat": self.seat,
               "undos": self.undos, "actions": [list(a) for a in self.actions]}
        if self.result is not None:
            out["result"] = self.result
        if self.redeals:
            out["redeals"] = [list(r) for r in self.redeals]
        return out

    @classmethod
    def from_json(cls, data: Any, same_version: bool = True) -> "Record":
        """The record in ``data``, its fields checked (SaveError naming the first wrong one).
        ``same_version``: a record another version wrote is refused (a resume), else tried."""
        if not isinstance(data, dict) or data.get("tavolata") != MAGIC:
            raise SaveError("saves.not_tavolata")
        if data.get("format") != FORMAT:
            raise SaveError("saves.other_format", format=_brief(data.get("format")))
        version = data.get("version")
        if not isinstance(version, str):
            raise SaveError("saves.no_version")
        if same_version and version != game_version():
            raise SaveError("saves.other_version", version=_brief(version),
                            this=game_version())
        try:
            setup = GameSetup.from_json(data.get("setup"))
        except (ValueError, TypeError) as exc:
            raise SaveError("saves.setup_damaged", _brief(str(exc), 80)) from None
        seat, undos, saved = data.get("seat"), data.get("undos", 0), data.get("saved", 0.0)
        if setup.seed is None:
            raise SaveError("saves.no_seed")
        if type(seat) is not int or not 0 <= seat < len(setup.seats):
            raise SaveError("saves.seat_away", seat=_brief(seat))
        if type(undos) is not int or undos < 0:
            raise SaveError("saves.undos_damaged", undos=_brief(undos))
        if not isinstance(saved, (int, float)) or isinstance(saved, bool):
            raise SaveError("saves.time_damaged")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(
                isinstance(a, list) and len(a) == 2 and type(a[0]) is int
                and isinstance(a[1], str) for a in actions):
            raise SaveError("saves.moves_damaged")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise SaveError("saves.result_damaged")
        redeals = data.get("redeals", [])
        if not isinstance(redeals, list) or not all(
                isinstance(r, list) and len(r) in (3, 4) and all(type(v) is int for v in r)
                and 0 <= r[0] <= len(actions) and 0 <= r[1] < len(setup.seats)
                and r[3:] in ([], [CARDS_ONLY], [AFRESH])
                for r in redeals) or [r[0] for r in redeals] != sorted(r[0] for r in redeals):
            raise SaveError("saves.redeals_damaged")
        if len(redeals) > min(undos, len(actions) + 1):
            # each re-deal is an undo's, at most one per position (kept.py): more is not a
            # game, and replaying it would cost a millisecond each
            raise SaveError("saves.too_many_redeals", redeals=len(redeals), undos=undos)
        return cls(setup, seat, tuple((a[0], a[1]) for a in actions), undos, version,
                   float(saved), result,
                   tuple((r[0], r[1], r[2], r[3] if len(r) == 4 else CARDS_ONLY)
                         for r in redeals))


def record_of(setup: GameSetup, seat: int, log: dict[str, Any], undos: int = 0,
              result: Optional[Result] = None,
              redeals: tuple[Redeal, ...] = ()) -> Record:
    """A record of a session's game now (``log``: :meth:`Session.log`)."""
    actions = tuple((int(s), str(a)) for s, a in log["actions"])
    return Record(setup.with_seed(log["seed"]), seat, actions, undos, game_version(),
                  time.time(), None if result is None else dict(result), redeals)


def can_redeal(state: State) -> bool:
    """Whether the rules can re-deal what a seat cannot see (the twin worlds of
    tests/game/test_twin_worlds.py: ``State.hidden_places`` and ``redeal_hidden``)."""
    return hasattr(state, "hidden_places") and hasattr(state, "redeal_hidden")


def redeal(state: State, seat: int, seed: int, fresh: int = AFRESH) -> None:
    """Make the game a twin world of itself for ``seat`` (:meth:`State.deal_afresh`): the
    cards it cannot see shuffled among their places, and with :data:`AFRESH` the game's
    generator and its other secrets drawn afresh too, so that after an undo what the player
    saw of the future (the next draws, the next deal, the card under the stock) tells them
    nothing.  :data:`CARDS_ONLY` is a re-deal kept before that, replayed as it was made.
    Nothing happens where the rules cannot do it (:func:`can_redeal`)."""
    if not can_redeal(state):
        return
    if fresh == CARDS_ONLY:
        state.shuffle_hidden(seat, random.Random(seed))
    else:
        state.deal_afresh(seat, seed)


def _brief(value: Any, limit: int = 40) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# -- files ------------------------------------------------------------------------------------
def write_atomic(path: Path, data: Any, durable: bool = True) -> Path:
    """``data`` as JSON at ``path``, all or nothing (:func:`write_text_atomic`).
    ``durable``: flushed to the disk first, so a power cut does too (a finished game, an
    export); the resume slot, written after every move, is not: a flush costs 6 ms at
    the median and a quarter of a second at p99 on a busy machine (bench/README.md), and
    the slot is rewritten at the next move anyway."""
    return write_text_atomic(path, json.dumps(data, separators=(",", ":")), durable)


def write_text_atomic(path: Path, text: str, durable: bool = True,
                      keep_mode: bool = False) -> Path:
    """``text`` at ``path``, all or nothing: a temporary file in the same folder, then
    ``os.replace``; a crash of the program leaves the old file or the new one.  A new
    file stays private (mkstemp: 0600); ``keep_mode``: a file that was there keeps its
    permissions (the settings file a player may have opened to others)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode: int | None = None
    if keep_mode:
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            pass
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            if mode is not None:
                os.chmod(tmp, stat.S_IMODE(mode))
            out.write(text)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def make_private(path: Path, data: bytes) -> bool:
    """A new file at ``path`` holding ``data``, readable by its owner only (0600), made whole
    beside it, on the disk (a key written once: what it sealed must not outlive it after a
    power cut), and linked into place: no other process ever reads it half written (and
    takes it for damage).  False, and nothing changed, if another got there first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(draft, path)
        except FileExistsError:
            return False
        return True
    finally:
        draft.unlink(missing_ok=True)


def lock_path(path: Path) -> Path:
    """The lock two running copies of the program take in turn to change one file
    (beside it, :mod:`filelock`): each reads the file as it is now under it, so neither
    writes over what the other wrote a moment before."""
    return path.with_name(f".{path.name}.lock")


#: seconds between two tries at a lock another copy holds (and looks at its file between)
LOCK_POLL = 0.05


def _stamp(path: Path) -> Optional[tuple[int, int, int]]:
    """What changes each time a copy writes ``path`` (a write puts a new file in place)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


@contextmanager
def turn_at(path: Path, seconds: float,
            clock: Callable[[], float] = time.monotonic) -> Iterator[None]:
    """Hold the lock every running copy of the program takes to change ``path``
    (:func:`lock_path`) for as long as the ``with`` lasts: a read, a change and a write
    then come from one copy at a time.  OSError when another copy has held it for
    ``seconds`` without writing ``path``: a copy that keeps writing (taking the lock
    again and again, one change after another) is waited for as long as it writes, so
    a busy machine slows a change down but never drops it.  ``clock``: seconds (tests)."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(lock_path(path)))
    seen, since = _stamp(path), clock()
    while True:
        try:
            lock.acquire(timeout=LOCK_POLL, poll_interval=LOCK_POLL / 5)
            break
        except Timeout:
            now, stamp = clock(), _stamp(path)
            if stamp != seen:
                seen, since = stamp, now
            elif now - since > seconds:
                raise OSError(f"{path}: another copy of the game holds its lock") from None
    try:
        yield
    finally:
        lock.release()


def read_json(path: Path) -> Any:
    """A small JSON file: SaveError when it is not one (too big, not a regular file, not
    UTF-8 JSON); FileNotFoundError when there is none."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise SaveError("saves.not_a_file")
    if info.st_size > MAX_BYTES:
        raise SaveError("saves.too_big", size=info.st_size)
    try:
        with open(path, "rb") as f:
            return json.loads(f.read(MAX_BYTES + 1).decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError("saves.not_json") from None


# -- the resume slot, sealed ----------------------------------------------------------------
#: the data folder's key of its resume slots (32 random bytes, this machine's only)
SEAL_KEY_FILE = ".resume-key"
#: what a sealed slot's box is bound to: no other file's box opens as one
SEAL_AAD = b"tavolata resume slot 1"


def read_key(path: Path) -> bytes:
    """The first bytes of the key file at ``path`` (more than a key's, so that a longer file
    shows as one).  OSError for anything but a regular file: a FIFO would hold the program
    waiting, or hand it whatever came down it."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, f"{path.name} is not a regular file")
        return os.read(fd, 64)
    finally:
        os.close(fd)


def seal_key(folder: Path) -> bytes:
    """The folder's key for its resume slots, made on first use (a private file: 0600).  A
    key of another length is damage: it is set aside and a new one made (the slots it
    sealed are then set aside in turn, kept, when read); OSError for a key file that is no
    regular file (:func:`read_key`), which is left as it is."""
    path = folder / SEAL_KEY_FILE
    for _ in range(3):
        try:
            key = read_key(path)
            if len(key) == 32:
                return key
            set_aside(path)
        except FileNotFoundError:
            key = os.urandom(32)
            if make_private(path, key):
                return key
            # another window made it a moment ago: read
    raise OSError(f"{path}: no key of 32 bytes")


def sealed(data: dict[str, Any], key: bytes) -> dict[str, Any]:
    """A resume slot's record with its seed and moves sealed (ChaCha20-Poly1305 under the
    folder's :func:`seal_key`): what the menu shows stays in the clear (the game, the seat,
    when), nothing from which the hidden cards would follow."""
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    nonce = os.urandom(12)
    box = ChaCha20Poly1305(key).encrypt(nonce, json.dumps(data).encode("utf-8"), SEAL_AAD)
    return {"tavolata": MAGIC, "format": FORMAT, "version": data["version"],
            "saved": data["saved"], "key": data["setup"]["key"], "seat": data["seat"],
            "sealed": base64.b64encode(nonce + box).decode("ascii")}


def unsealed(data: Any, folder: Path) -> Any:
    """The record inside a sealed resume slot (``folder``: where the slot and its key are);
    anything else as it is.  SaveError when the box does not open (another machine's,
    its key gone, damaged)."""
    if not isinstance(data, dict) or "sealed" not in data:
        return data
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    try:
        key = read_key(folder / SEAL_KEY_FILE)
        raw = base64.b64decode(str(data["sealed"]), validate=True)
        inner = ChaCha20Poly1305(key).decrypt(raw[:12], raw[12:], SEAL_AAD)
        return json.loads(inner.decode("utf-8"))
    except FileNotFoundError:
        raise SaveError("saves.key_gone") from None
    except (InvalidTag, ValueError, RecursionError):
        raise SaveError("saves.seal_broken") from None


class Unreadable(SaveError):
    """A file that is there but cannot be read now (its permissions, a disk error): it is
    left where it is, and read again next time."""


class SlotBusy(OSError):
    """A game's resume slot is held by another running copy of the program (another
    window on the same data folder): this one must not write over that game."""


def load_record(path: Path, same_version: bool = True) -> Record:
    """The record in the file at ``path``, checked and replayed once (SaveError: why not;
    Unreadable: it cannot be read now; FileNotFoundError: there is none).  Nothing is
    returned unless the whole log replays."""
    try:
        data = read_json(path)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        raise Unreadable("saves.unreadable", str(exc.strerror or exc)) from None
    record = Record.from_json(unsealed(data, path.parent), same_version)
    record.replay()
    return record


def slot_record(key: str, path: Path) -> Record:
    """:func:`load_record` of ``key``'s resume slot: a game of another kind there is damage."""
    record = load_record(path)
    if record.key != key:
        raise SaveError("saves.other_kind", kind=record.key, game=key)
    return record


#: how many set-aside copies of one file are kept (then a damaged one stays where it is)
KEEP_BAD = 100


def bad_names(path: Path) -> Iterator[Path]:
    """Where a damaged file may be set aside: ``<name>.bad``, then ``<name>.bad-2``, ..."""
    yield path.with_name(path.name + BAD_SUFFIX)
    for n in range(2, KEEP_BAD + 1):
        yield path.with_name(f"{path.name}{BAD_SUFFIX}-{n}")


def set_aside(path: Path) -> Path:
    """A damaged file moves beside itself under the first free name of :func:`bad_names`,
    never over an earlier one (a hard link first: no other copy can take that name
    meanwhile); the name it took.  OSError when it cannot be moved (a read-only folder, or
    :data:`KEEP_BAD` set aside already): it then stays where it is."""
    names = list(bad_names(path))
    for bad in names:
        try:
            os.link(path, bad)
        except FileExistsError:
            continue
        except OSError:                  # a file system without hard links
            if bad.exists():
                continue
            os.rename(path, bad)
            return bad
        os.unlink(path)
        return bad
    # a hundred kept already: none is written over; this one stays where it is
    raise FileExistsError(f"{path.name}: {KEEP_BAD} files are set aside already")


@dataclass(frozen=True)
class Trouble:
    """What was wrong with a file of the data folder, in one line (``cause``), and what
    became of it: set aside as ``file`` (``moved``); or left where it is, because it
    cannot be read now (``unreadable``: it is read again next time) or could not be moved
    (a read-only folder)."""

    cause: SaveError
    file: str
    moved: bool = False
    unreadable: bool = False

    def __str__(self) -> str:
        return str(self.cause)

    def words(self, lang: str) -> str:
        """Why, in ``lang``."""
        return self.cause.words(lang)

    @property
    def kind(self) -> str:
        """"set_aside", "unreadable" or "stays": the words the screen gives it."""
        return "set_aside" if self.moved else "unreadable" if self.unreadable else "stays"


class DataFolder:
    """A folder of the player's data (default :func:`data_dir`) and its JSON files: what
    the kept games (:class:`Store`) and the statistics (game/stats.py) share."""

    def __init__(self, folder: Optional[Path] = None) -> None:
        self.folder = folder if folder is not None else data_dir()

    def read(self, path: Path, load: Callable[[Path], T]) -> tuple[Optional[T], Optional[Trouble]]:
        """``load(path)``; (None, None) when there is no such file.  A damaged file
        (SaveError) is set aside (:func:`set_aside`), never loaded half-way; one that cannot
        be read now (OSError, :class:`Unreadable`) is left as it is: (None, what was wrong
        and what became of the file)."""
        try:
            return load(path), None
        except FileNotFoundError:
            return None, None
        except (Unreadable, OSError) as exc:
            cause = exc if isinstance(exc, SaveError) else \
                Unreadable("saves.unreadable", str(exc.strerror or exc))
            return None, Trouble(cause, path.name, unreadable=True)
        except SaveError as exc:
            try:
                bad = set_aside(path)
            except OSError:
                return None, Trouble(exc, path.name)
            return None, Trouble(exc, bad.name, moved=True)


class Hold:
    """A game's resume slot held by this running copy (:meth:`Store.hold`) until released:
    another copy on the same data folder is told, never left to write over it."""

    def __init__(self, lock: Any) -> None:
        self._lock = lock

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None


def file_stamp(path: Path) -> Optional[tuple[int, int]]:
    """A file's time and size (None: there is none): it changed if this did."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


def slot_name(key: str) -> str:
    """The file of a game's resume slot: ``resume-bolola.json``."""
    return f"resume-{key}.json"


class Store(DataFolder):
    """The kept games in one folder (default :func:`data_dir`): one to resume per game."""

    def __init__(self, folder: Optional[Path] = None) -> None:
        super().__init__(folder)
        self._key: Optional[bytes] = None       # the slots' seal_key, once needed

    def slot(self, key: str) -> Path:
        return self.folder / slot_name(key)

    @property
    def legacy_path(self) -> Path:
        """The one resume file of earlier versions (``resume.json``), taken into its game's
        slot when that is free."""
        return self.folder / RESUME_FILE

    # -- the games to resume -----------------------------------------------------------
    def keep(self, record: Record) -> None:
        """A game in progress, as it stands now, in its game's slot, sealed (:func:`sealed`;
        OSError when it cannot be written)."""
        if self._key is None:
            self._key = seal_key(self.folder)
        write_atomic(self.slot(record.key), sealed(record.to_json(), self._key),
                     durable=False)

    def hold(self, key: str) -> Hold:
        """Take ``key``'s slot for this running copy (SlotBusy: another copy has it; OSError:
        the folder cannot be written)."""
        from filelock import FileLock, Timeout

        self.folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(lock_path(self.slot(key))), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise SlotBusy(f"the {key} game is open in another window") from None
        return Hold(lock)

    def free(self, key: str) -> bool:
        """Whether no other running copy holds ``key``'s slot now: a new game of that kind
        here would be kept (and take the place of the one kept)."""
        try:
            self.hold(key).release()
        except OSError:
            return False
        return True

    def resumables(self) -> tuple[list[Record], list[Trouble]]:
        """The games to resume, one per game at most, the last saved first; and a line for
        each kept file that could not be loaded (:meth:`DataFolder.read`)."""
        from game import GAMES

        records: list[Record] = []
        troubles: list[Trouble] = []
        self._adopt_legacy(troubles)
        for key in GAMES:
            record, trouble = self.read(self.slot(key), partial(slot_record, key))
            if record is not None:
                records.append(record)
            if trouble is not None:
                troubles.append(trouble)
        records.sort(key=lambda r: r.saved, reverse=True)
        return records, troubles

    def _adopt_legacy(self, troubles: list[Trouble]) -> None:
        """An earlier version's ``resume.json`` moves to its game's slot, if that is free."""
        record, trouble = self.read(self.legacy_path, load_record)
        if trouble is not None:
            troubles.append(trouble)
        if record is not None and not self.slot(record.key).exists():
            try:
                os.replace(self.legacy_path, self.slot(record.key))
            except OSError:
                pass

    def resumable(self, key: Optional[str] = None) -> tuple[Optional[Record], Optional[Trouble]]:
        """The last saved game to resume (of ``key``, or of any game), or None; and the first
        line of :meth:`resumables`."""
        records, troubles = self.resumables()
        records = [r for r in records if key is None or r.key == key]
        return (records[0] if records else None), (troubles[0] if troubles else None)

    def stamp(self) -> tuple[Optional[tuple[int, int]], ...]:
        """Each resume file's time and size (None: there is none): the games to resume
        changed if this did."""
        from game import GAMES

        return tuple(file_stamp(p) for p in [self.legacy_path, *map(self.slot, GAMES)])

    def forget(self, key: str) -> None:
        """No game of ``key`` to resume any more (it ended, or the player gave it up)."""
        try:
            os.unlink(self.slot(key))
        except FileNotFoundError:
            pass

    # -- finished games -----------------------------------------------------------------
    def finish(self, record: Record) -> Path:
        """A finished game joins the last ones (the oldest beyond KEEP_FINISHED go), and is
        no longer to resume."""
        folder = self.folder / FINISHED_DIR
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(record.saved or time.time()))
        name = f"{stamp}-{int((record.saved % 1) * 1000):03d}-{record.key}.json"
        path = write_atomic(folder / name, record.to_json())
        for old in self.finished_paths()[KEEP_FINISHED:]:
            try:
                os.unlink(old)
            except OSError:
                pass
        self.forget(record.key)
        return path

    def finished_paths(self) -> list[Path]:
        """The finished games' files, newest first."""
        folder = self.folder / FINISHED_DIR
        try:
            return sorted((p for p in folder.glob("*.json") if p.is_file()), reverse=True)
        except OSError:
            return []

    def finished(self) -> list[tuple[Path, Record]]:
        """The finished games that load, newest first (a damaged one is left out)."""
        out = []
        for path in self.finished_paths():
            try:
                out.append((path, Record.from_json(read_json(path), same_version=False)))
            except (SaveError, OSError):
                continue
        return out

    # -- export -------------------------------------------------------------------------------
    def export(self, data: dict[str, Any], folder: Optional[Path] = None) -> Path:
        """A game as a file to send or open later (``--replay``); its path.  ``data``: the
        file (game/replays.py :func:`~game.replays.exported`: a finished game's record,
        the person's story of one not over)."""
        folder = folder if folder is not None else self.folder / EXPORT_DIR
        saved = data.get("saved") or time.time()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(saved))
        return write_atomic(folder / f"tavolata-{data['setup']['key']}-{stamp}.json", data)
