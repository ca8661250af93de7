"""The player's settings, saved as JSON in the user's config folder.

A settings file is something a person (or a crash, or another version) may
have damaged: bad JSON, wrong types, values we do not know.  Loading never
fails, never hangs and never rewrites a file just because it read it: every
bad field alone falls back to its default, and the caller gets a one-line
notice to show.  What this version does not know (unknown keys, values a newer
version may have written) is written back unchanged with the player's later
changes.  A file that cannot be settings at all (not JSON, not an object,
over :data:`MAX_BYTES`, nested deeper than :data:`MAX_DEPTH`) is kept beside as
``settings.json.bad`` (an earlier one stays: ``.bad-2`` ...) and the defaults are saved
in its place; something that
is not a regular file (a FIFO, a folder) is never opened and never replaced.
A file that is there but cannot be read (its permissions) is never replaced
either: the player is told once, and changes hold for the run without being saved.

Saving is atomic: a temporary file in the same folder, then ``os.replace``.  Two
copies of the game may run at once: a save takes a lock beside the file
(``.settings.json.lock``, :mod:`filelock`), reads the file as it is now, writes
over it only the settings this copy changed since it loaded or last saved, and
lets go; so neither copy undoes the other's changes.

``language`` starts as the system's (Italian when the locale starts with "it", else
English: game/i18n.py) and is written with the first save, so the game keeps the
language it first spoke, or the one chosen, whatever the system says later.

``games`` remembers how each game was last set up on the new-game screen (a
:class:`~game.session.GameSetup` as JSON, without its seed), so the next game
and ``--game KEY`` start the same way.  A damaged entry gives that game alone
its defaults (the file keeps the entry until that game is set up again here);
an entry for a game this version does not have is kept untouched, for the
version that does.
"""

from __future__ import annotations

import copy
import json
import math
import os
import stat
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import system_language
from game.names import name_problem
from game.saves import turn_at, write_text_atomic

if TYPE_CHECKING:  # pragma: no cover
    from game.session import GameSetup

ITALIAN_STYLES = ("napoletane", "bergamasche", "bresciane")
ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
#: the French deck's inks: two (red and black) or four (Clubs green, Diamonds blue)
FRENCH_COLOURS = ("two", "four")
#: the table's cards and words, larger than the window alone would make them
TABLE_SCALES = (1.0, 1.25, 1.5)
LANGUAGES = ("en", "it")
#: how much the spoken table says: "brief" leaves out why a trick was won and whose turn
#: it is for the others (F7 still asks whose turn it is)
SPEECH_VERBOSITY = ("full", "brief")
#: the spoken table's pace in words a minute (eSpeak NG's own default is 175, its
#: fastest 450): a listener used to speech goes well past a newcomer's pace
SPEECH_RATES = (120, 150, 175, 200, 250, 300, 350, 400, 450)
#: who speaks it: the program's own voice (pyttsx3), or the player's screen reader
#: (scenes/speech/voice.py BACKENDS)
SPEECH_VOICES = ("engine", "screen_reader")
VOLUME_STEP = 0.1
#: the most games a settings file may list as having their rank strip off
RULES_OFF_LIMIT = 64
FILE_NAME = "settings.json"
#: beside it, the tables a guest sat at (scenes/net/guest.py): the menu looks for the file
#: before it loads the network's modules to read it
TABLES_FILE = "tables.json"
#: A settings file is a few hundred bytes: anything over this is not one (and is never read whole).
MAX_BYTES = 1 << 20
#: Settings are a few levels deep; deeper JSON is damage (and would exhaust the recursion limit).
MAX_DEPTH = 32
#: How long a save waits for another copy of the game to finish its own.
LOCK_SECONDS = 5.0


#: a game never set up here starts with these options (the rest: the game's own defaults,
#: the rule text's): what suits a first game, a shorter Bocce and Briscola's trump kept
#: on screen; the new-game screen shows them and the player may change them
FIRST_GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "bocce": {"target": 15},
    "briscola": {"remember_trump": False},
}


@dataclass
class Settings:
    animation_speed: str = "normal"
    card_design: str = "napoletane"
    fullscreen: bool = False
    volume: float = 0.7
    #: "en" or "it"; a new settings file starts in the system's language (game/i18n.py)
    language: str = field(default_factory=system_language)
    #: the name a friend sees on your plate when playing online ("" until typed)
    player_name: str = ""
    #: the relay for play across the internet, "host:port" ("" : direct codes only)
    relay: str = ""
    #: the address a hosted game listens on ("" : every interface; game/net/interfaces.py)
    listen: str = ""
    #: games whose rank strip and "won because" notes the player turned off (O at the table)
    rules_off: list[str] = field(default_factory=list)
    #: game key -> its last setup as JSON (GameSetup.to_json() without the seed)
    games: dict[str, Any] = field(default_factory=dict)
    #: "four": Clubs green and Diamonds blue, so no two suits share an ink
    french_colours: str = "two"
    #: the table's cards and fonts times this (limited where the window has no room)
    table_scale: float = 1.0
    #: cards appear where they go with a short fade instead of flying there
    reduced_motion: bool = False
    #: the table said aloud, for a player who plays by ear (scenes/speech)
    spoken_table: bool = False
    #: how much it says (:data:`SPEECH_VERBOSITY`)
    speech_verbosity: str = "full"
    #: how fast it says it, in words a minute (:data:`SPEECH_RATES`)
    speech_rate: int = 175
    #: who speaks it (:data:`SPEECH_VOICES`)
    speech_voice: str = "engine"
    #: how the window is drawn: "auto", "off" or a render driver (scenes/window/choice.py;
    #: ``--renderer`` wins for a run)
    renderer: str = "auto"
    #: these settings as loaded or last saved: a save writes only what changed since over
    #: the file as it is then, so another version's keys and another copy's changes survive
    #: (None: settings made here, not loaded; a save writes them all)
    _base: dict[str, Any] | None = field(default=None, init=False, compare=False, repr=False)
    #: the file was there but could not be read: the player has been told, nothing is saved
    read_failed: bool = field(default=False, init=False, compare=False, repr=False)

    @property
    def speed_factor(self) -> float:
        """Multiplier on animation speed; 0 means no animation at all."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def to_json(self) -> dict[str, Any]:
        """The settings themselves (a deep copy), without what the file held besides."""
        return {name: copy.deepcopy(getattr(self, name)) for name in _FIELDS}

    def file_json(self, held: dict[str, Any]) -> dict[str, Any]:
        """What a save writes: ``held`` (the file as it is now) with the settings changed
        since loading or the last save written over it."""
        return _merged(held, self._base or {}, self.to_json())

    def _mark_base(self) -> None:
        """These settings, as they are now, are what the file holds (loaded or saved)."""
        self._base = self.to_json()

    def game_setup(self, key: str) -> "GameSetup":
        """The game as last set up (no seed), or its first game: you in the first seat
        against Normal computers, with :data:`FIRST_GAME_OPTIONS`.  Never fails for a
        built game, whatever ``games`` holds."""
        from game.session import GameSetup

        try:
            return parse_game_setup(key, self.games.get(key))
        except ValueError:
            return GameSetup.solo(key, options=FIRST_GAME_OPTIONS.get(key))

    def remember_setup(self, setup: "GameSetup") -> None:
        """Keep ``setup`` as its game's choice (the seed is not part of it: each game deals anew)."""
        self.games[setup.key] = setup_entry(setup)


_FIELDS = tuple(f.name for f in fields(Settings) if f.init)
_MISSING = object()


def _merged(held: dict[str, Any], loaded: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """``held`` (the file) with every setting changed since loading (``loaded`` -> ``now``)
    written over it; a setting unchanged keeps what the file had, even a value this version
    could not use.  ``games`` merges entry by entry, so another game's setup survives."""
    out = dict(held)
    for key, value in now.items():
        before = loaded.get(key, _MISSING)
        if key == "games" and isinstance(held.get(key), dict) and isinstance(before, dict):
            out[key] = _merged(held[key], before, value)
        elif key not in held or value != before or type(value) is not type(before):
            out[key] = value
    return out


def setup_entry(setup: "GameSetup") -> dict[str, Any]:
    """What ``games`` keeps of a setup: its JSON without the seed."""
    entry = setup.to_json()
    entry.pop("seed", None)
    return entry


def parse_game_setup(key: str, entry: Any) -> "GameSetup":
    """The setup a ``games`` entry of a built game holds; ValueError if it is not one the
    new-game screen could have made: another game, a remote seat, not exactly one person,
    a level the screen does not offer, or an option of the right value but the wrong type
    (``1`` for True passes ``in``, not here)."""
    from game import GAMES
    from game.ai import LEVELS
    from game.session import COMPUTER, HUMAN, GameSetup

    if not isinstance(entry, dict) or entry.get("key") != key:
        raise ValueError(f"not a setup of {key}: {entry!r}")
    try:
        setup = GameSetup.from_json({**entry, "seed": None})
    except (TypeError, KeyError) as exc:       # odd JSON inside: still just a bad entry
        raise ValueError(str(exc)) from None
    kinds = [s.kind for s in setup.seats]
    if kinds.count(HUMAN) != 1 or any(k not in (HUMAN, COMPUTER) for k in kinds):
        raise ValueError(f"a setup here has one person and computers: {kinds}")
    if any(s.kind == COMPUTER and s.level not in LEVELS for s in setup.seats):
        raise ValueError("a computer level the screen does not offer")
    for name, value in setup.options.items():
        allowed = GAMES[key].options[name].allowed
        if not any(type(v) is type(value) and v == value for v in allowed):
            raise ValueError(f"option {name!r} cannot be {value!r}")
    return setup


def _games_from_json(value: Any) -> tuple[dict[str, Any], list[str]]:
    """The ``games`` field: good entries kept, damaged ones of built games dropped (named
    ``games.KEY`` among the bad fields), other games' entries kept as they are."""
    from game import GAMES

    if not isinstance(value, dict):
        return {}, ["games"]
    games: dict[str, Any] = {}
    bad: list[str] = []
    for key, entry in value.items():
        if key not in GAMES:
            games[key] = entry
            continue
        try:
            games[key] = setup_entry(parse_game_setup(key, entry))
        except ValueError:
            bad.append(f"games.{key}")
    return games, bad


def _valid(name: str, value: Any) -> bool:
    """Is ``value`` acceptable for the field ``name``?"""
    if name == "animation_speed":
        return isinstance(value, str) and value in ANIMATION_SPEEDS
    if name == "card_design":
        return isinstance(value, str) and value in ITALIAN_STYLES
    if name in ("fullscreen", "reduced_motion", "spoken_table"):
        return isinstance(value, bool)
    if name == "french_colours":
        return isinstance(value, str) and value in FRENCH_COLOURS
    if name == "speech_verbosity":
        return isinstance(value, str) and value in SPEECH_VERBOSITY
    if name == "speech_voice":
        return isinstance(value, str) and value in SPEECH_VOICES
    if name == "speech_rate":
        return isinstance(value, int) and not isinstance(value, bool) and value in SPEECH_RATES
    if name == "table_scale":
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and float(value) in TABLE_SCALES)
    if name == "volume":
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and 0.0 <= float(value) <= 1.0)
    if name == "language":
        return isinstance(value, str) and value in LANGUAGES
    if name == "player_name":
        return name_problem(value) is None
    if name in ("relay", "listen"):
        return isinstance(value, str) and (value == "" or _is_address(name, value))
    if name == "renderer":
        return isinstance(value, str) and _renderer_ok(value)
    if name == "rules_off":
        return (isinstance(value, list) and len(value) <= RULES_OFF_LIMIT
                and all(isinstance(k, str) and 0 < len(k) <= 40 for k in value))
    return False


def _renderer_ok(text: str) -> bool:
    from scenes.window.choice import check

    try:
        return check(text) == text
    except ValueError:
        return False


def _is_address(name: str, text: str) -> bool:
    """Does game.net's own check take ``text`` as it is, for the field ``name``?"""
    from game.net.interfaces import listen_address
    from game.net.relays import relay_setting

    try:
        if name == "relay":
            relay_setting(text)
            return True
        return listen_address(text) == text
    except ValueError:
        return False


def from_json(data: Any) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON, and the names of the fields that were bad."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings, ["<file>"]
    bad: list[str] = []
    for name in _FIELDS:
        if name not in data:
            continue
        value = data[name]
        if name == "games":
            settings.games, bad_games = _games_from_json(value)
            bad += bad_games
        elif _valid(name, value):
            if name in ("volume", "table_scale"):
                value = round(float(value), 2)
            setattr(settings, name, value)
        else:
            bad.append(name)
    return settings, bad


def config_dir() -> Path:
    """TAVOLATA_CONFIG_DIR if set (tests, portable installs), else the OS's config folder."""
    override = os.environ.get("TAVOLATA_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("tavolata", appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


class _Damaged(Exception):
    """The file is there but cannot be settings (too big, not UTF-8, not JSON, too deep)."""


class _NotAFile(Exception):
    """Something that is not a regular file (a FIFO, a folder, a device) stands at the path."""


def _depth_within(value: Any, limit: int) -> bool:
    """Is parsed JSON at most ``limit`` containers deep?  Iterative: deep input must not recurse."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


def _read_json(path: Path) -> Any:
    """The parsed file.  FileNotFoundError when there is none, _NotAFile, _Damaged, or OSError
    when it cannot be read.  Never opens a FIFO or device (that would block start-up): the
    path is checked first, then opened without blocking and checked again, so a FIFO put
    there in between cannot block either; and never reads more than MAX_BYTES + 1."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise _NotAFile(str(path))
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _NotAFile(str(path))
        if info.st_size > MAX_BYTES:
            raise _Damaged(f"{info.st_size} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:                 # a file that grows while read is still capped
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise _Damaged(f"over {MAX_BYTES} bytes")
    try:
        data = json.loads(b"".join(chunks).decode("utf-8-sig"))  # Notepad writes a BOM
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _Damaged(type(exc).__name__) from None
    if not _depth_within(data, MAX_DEPTH):
        raise _Damaged(f"nested deeper than {MAX_DEPTH}")
    return data


class SettingsUnreadable(OSError):
    """The settings file is there but cannot be read (its permissions): never replaced."""


def _held_now(path: Path) -> dict[str, Any]:
    """The file as it is now, to merge a save into: {} when there is none; a file damaged
    since it was loaded is set aside as ``.bad`` first.  OSError for what is not a regular
    file, SettingsUnreadable for a file that cannot be read: neither is replaced."""
    try:
        data = _read_json(path)
    except FileNotFoundError:
        return {}
    except _NotAFile:
        raise OSError(f"{path} is not a regular file; not replacing it") from None
    except _Damaged:
        _set_aside(path)
        return {}
    except OSError as exc:
        raise SettingsUnreadable(f"{path} cannot be read ({exc.strerror}); "
                                 "not replacing it") from None
    if not isinstance(data, dict):
        _set_aside(path)
        return {}
    return data


def _plain_json(value: Any) -> Any:
    """``value`` without the numbers JSON has not, Infinity and NaN, wherever they lie (a
    file may have held ``1e999``, which Python reads as inf): what is written back is
    JSON any tool reads, and a setting so dropped takes its default, as it did already."""
    def plain(item: Any) -> bool:
        return not isinstance(item, float) or math.isfinite(item)

    if isinstance(value, dict):
        return {k: _plain_json(v) for k, v in value.items() if plain(v)}
    if isinstance(value, list):
        return [_plain_json(v) for v in value if plain(v)]
    return value


def _write_atomically(path: Path, data: dict[str, Any]) -> None:
    """A temporary file in the same folder, then ``os.replace``; the file keeps its mode."""
    write_text_atomic(path, json.dumps(data, indent=2, allow_nan=False) + "\n", keep_mode=True)


def save_settings(settings: Settings) -> Path:
    """Merge the settings changed since loading (or the last save) into the file as it is
    now, under the lock another running copy would take, and write atomically; what the
    file holds that this version does not know, or that another copy changed, is kept.

    Writes through a symbolic link to the file it names.  Raises OSError when the folder is
    not writable, the lock stays taken past :data:`LOCK_SECONDS`, something that is not a
    regular file (a FIFO) stands at the path, or the file cannot be read
    (:class:`SettingsUnreadable`): those are never replaced; the caller tells the player.
    """
    path = Path(os.path.realpath(settings_path()))
    path.parent.mkdir(parents=True, exist_ok=True)
    with turn_at(path, LOCK_SECONDS):
        data = _plain_json(settings.file_json(_held_now(path)))
        _write_atomically(path, data)
    settings._mark_base()
    return path


def _set_aside(path: Path) -> Path:
    """Move a damaged file beside itself as ``settings.json.bad`` (``.bad-2`` ... when an
    earlier one is there: game/saves.py :func:`~game.saves.set_aside`); OSError when it
    cannot be moved."""
    from game.saves import set_aside

    return set_aside(path)


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or defaults; the notice says what was wrong with the file, if anything.

    Only a damaged file is written to, after it is set aside: every other file stays as it
    is until the player changes a setting.
    """
    from scenes.i18n import tr

    path = settings_path()
    settings = Settings()
    settings._mark_base()                      # the defaults: what a first save changes
    try:
        data = _read_json(path)
    except FileNotFoundError:
        return settings, None
    except _NotAFile:
        return settings, tr("ui.settings.not_a_file", path=str(path))
    except _Damaged:
        return settings, _repair(path, tr)
    except OSError:
        settings.read_failed = True
        return settings, tr("ui.settings.unreadable")
    settings, bad = from_json(data)
    settings._mark_base()
    if bad == ["<file>"]:                      # JSON, but not an object: not settings at all
        return settings, _repair(path, tr)
    if not bad:
        return settings, None
    return settings, tr("ui.settings.fields_default", fields=", ".join(bad))


def _repair(path: Path, tr: Any) -> str:
    """Keep the damaged file as settings.json.bad and save the defaults; the notice says
    which of that happened."""
    try:
        bad = _set_aside(path)
    except OSError:
        return tr("ui.settings.damaged_not_repaired")
    try:
        save_settings(Settings())
    except OSError:
        return tr("ui.settings.damaged_not_saved", backup=bad.name)
    return tr("ui.settings.damaged", backup=bad.name)
