"""The player's settings, saved as JSON in the user's config folder.

A settings file is something a person (or a crash, or an older version) may
have damaged: bad JSON, wrong types, values we do not know.  Loading never
fails: every bad field alone falls back to its default, unknown keys are
ignored, and the caller gets a one-line notice to show.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

ITALIAN_STYLES = ("napoletane", "bergamasche", "bresciane")
ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 0.0}
LANGUAGES = ("en",)
VOLUME_STEP = 0.1
FILE_NAME = "settings.json"


@dataclass
class Settings:
    animation_speed: str = "normal"
    card_design: str = "napoletane"
    fullscreen: bool = False
    volume: float = 0.7
    language: str = "en"

    @property
    def speed_factor(self) -> float:
        """Multiplier on animation speed; 0 means no animation at all."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _valid(name: str, value: Any) -> bool:
    """Is ``value`` acceptable for the field ``name``?"""
    if name == "animation_speed":
        return isinstance(value, str) and value in ANIMATION_SPEEDS
    if name == "card_design":
        return isinstance(value, str) and value in ITALIAN_STYLES
    if name == "fullscreen":
        return isinstance(value, bool)
    if name == "volume":
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and 0.0 <= float(value) <= 1.0)
    if name == "language":
        return isinstance(value, str) and value in LANGUAGES
    return False


def from_json(data: Any) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON, and the names of the fields that were bad."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings, ["<file>"]
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if _valid(f.name, value):
            if f.name == "volume":
                value = round(float(value), 2)
            setattr(settings, f.name, value)
        else:
            bad.append(f.name)
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


def save_settings(settings: Settings) -> Path:
    """Write atomically (temp file + rename), so a crash never leaves half a file.

    Raises OSError when the folder is not writable; the caller tells the player.
    """
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(settings.to_json(), indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or defaults; the notice says what was wrong with the file, if anything."""
    from game.i18n import tr

    path = settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError):
        return Settings(), tr("ui.settings.unreadable")
    try:
        data = json.loads(raw)
    except ValueError:
        settings, bad = Settings(), ["<file>"]
    else:
        settings, bad = from_json(data)
    if not bad:
        return settings, None
    try:
        save_settings(settings)
    except OSError:
        pass
    if bad == ["<file>"]:
        return settings, tr("ui.settings.damaged")
    return settings, tr("ui.settings.fields_reset", fields=", ".join(bad))
