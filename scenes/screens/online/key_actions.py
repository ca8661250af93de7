"""Export my key, Import a key: the player's key (game/net/players.py) moved between
computers from the Leaderboards screen, with no file dialog: Export writes it to the
data folder's exports (``tavolata-player-FINGERPRINT.key``, beside the games saved
there) and says where; Import takes the newest such file there that is another key, the
one it replaces set aside beside it.  Each says what it did, or why not, in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from game.net.identity import public_bytes
from game.net.players import (
    PlayerKeyError,
    export_key,
    import_key,
    key_in,
    player_key,
    short,
)
from game.saves import EXPORT_DIR, data_dir
from scenes.i18n import tr

PATTERN = "tavolata-player-*.key"


def exports() -> Path:
    return data_dir() / EXPORT_DIR


def export_action(app: Any) -> Optional[Path]:
    """Write the player's key among the exports; its path (None, said why, if not)."""
    try:
        mine = short(public_bytes(player_key()))
        path = exports() / f"tavolata-player-{mine}.key"
        if not path.exists():
            export_key(path)
    except PlayerKeyError as exc:
        app.notify(tr("key.not_exported", why=str(exc)), 6.0)
        return None
    app.notify(tr("key.exported", path=str(path)), 8.0)
    return path


def import_action(app: Any) -> Optional[Path]:
    """Make the newest exported key there that is not this player's this player's; the
    file imported (None, said why, if none)."""
    try:
        mine = public_bytes(player_key())
        for path in sorted(exports().glob(PATTERN), key=lambda p: p.stat().st_mtime,
                           reverse=True):
            if public_bytes(key_in(path)) == mine:       # this very key: not another
                continue
            import_key(path)
            app.notify(tr("key.imported", name=short(public_bytes(player_key()))), 6.0)
            return path
    except (PlayerKeyError, OSError) as exc:
        app.notify(tr("key.not_imported", why=str(exc)), 6.0)
        return None
    app.notify(tr("key.none_to_import", folder=str(exports())), 8.0)
    return None
