"""The player's own identity at the relay service: an Ed25519 key, no account, no password.

A rating is worth something only if it is one person's: the service knows a player by
a key made on first use in the data folder (:data:`KEY_FILE`, beside the kept games:
game/saves.py's ``data_dir``), kept as the service's own key is (game/net/identity.py:
PEM, readable by its owner only).  Moving computers is exporting it to a file and
importing it there (Settings > Online, or ``--export-key`` / ``--import-key``); a lost
key is a new player.

The key is shown to the service alone, and only what it must know: each connection to a
table the service deals (its host signed this connection's binding with a service's key
first) carries, in the hello, the player's public key and its signature over *this*
connection's channel binding (:data:`~game.net.identity.PLAYER`, a purpose of its own):
a recorded signature proves nothing on another connection, and nobody can sit as
another's key.  A table dealt by a player's program never hears of it.  The service's
key need not be the one the relay setting names yet (a newcomer finds a rated table in
the list before it has opened one): a program that poses as a service with a key of its
own learns a public key, and a signature good on that one connection only.

Asking the service to open a table, which no channel binds, the opener signs the request
itself and the moment it asks (:func:`signed_request`): the service takes a signature once, and only within
:data:`FRESH` seconds of its moment.

Two players may share a name: where they do, each is shown with a short fingerprint
(:func:`told_apart`), as the leaderboard and the result panel do.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import time
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from game.net.identity import (
    PLAYER,
    ServiceKeyError,
    fingerprint,
    kept_key,
    key_from_pem,
    key_pem,
    prove,
    proven,
    public_bytes,
)
from game.net.secure import LABEL
from game.saves import data_dir, make_private

#: the player's key, in the data folder
KEY_FILE = "player.key"
#: letters of the fingerprint shown beside a shared name
SHORT = 6
#: seconds either side of the service's clock a signed request is taken within
FRESH = 120.0
#: what an opener signs: never a connection's binding, whatever the bytes
_OPENS = LABEL + b"player opens a table "


class PlayerKeyError(ServiceKeyError):
    """The player's key cannot be read, made, exported or imported: the words say why."""


def key_path(folder: Optional[Path] = None) -> Path:
    return (folder if folder is not None else data_dir()) / KEY_FILE


def player_key(folder: Optional[Path] = None) -> Ed25519PrivateKey:
    """The player's key, made in ``folder`` (default: the data folder) on first use."""
    return player_key_at(key_path(folder))


def player_key_at(path: Path) -> Ed25519PrivateKey:
    """The player's key in the file ``path``, made there on first use."""
    try:
        return kept_key(path, "a player key")
    except ServiceKeyError as exc:
        raise PlayerKeyError(str(exc)) from None


def short(public: bytes) -> str:
    """The first letters of a key's fingerprint: enough to tell two namesakes apart."""
    return fingerprint(public)[:SHORT]


def export_key(to: Path, folder: Optional[Path] = None) -> Path:
    """Write the player's key (made if none yet) to the new file ``to``, readable by its
    owner only; a file already there is never written over."""
    pem = key_pem(player_key(folder))
    try:
        if not make_private(to, pem):
            raise PlayerKeyError(f"{to} is there already: name a new file")
    except OSError as exc:
        raise PlayerKeyError(f"{to} cannot be written: {exc.strerror or exc}") from None
    return to


def import_key(source: Path, folder: Optional[Path] = None) -> Optional[Path]:
    """Make the key in ``source`` (as :func:`export_key` writes it) this player's.  The key
    it replaces is set aside beside it, named by its fingerprint (nothing is lost), and
    that file is returned (None if there was none, or it was this very key)."""
    key = key_in(source)
    path = key_path(folder)
    kept: Optional[Path] = None
    try:
        if path.exists():
            old = player_key(folder)
            if public_bytes(old) == public_bytes(key):
                return None
            kept = path.with_name(f"player-{short(public_bytes(old))}.key")
            os.replace(path, kept)
        if not make_private(path, key_pem(key)):
            raise PlayerKeyError(f"{path} was made meanwhile: import again")
    except OSError as exc:
        raise PlayerKeyError(f"{path} cannot be written: {exc.strerror or exc}") from None
    return kept


def key_in(source: Path) -> Ed25519PrivateKey:
    """The player key in the file ``source`` (as :func:`export_key` writes it), never
    made there: :class:`PlayerKeyError` if it cannot be read or is no such key."""
    try:
        pem = source.read_bytes()
    except OSError as exc:
        raise PlayerKeyError(f"{source} cannot be read: {exc.strerror or exc}") from None
    try:
        return key_from_pem(pem, f"{source} is not a player key")
    except ServiceKeyError as exc:
        raise PlayerKeyError(str(exc)) from None


# -- at the service ------------------------------------------------------------------------
def prove_seat(key: Ed25519PrivateKey, binding: bytes) -> bytes:
    """The player's signature over one connection's binding, for the service."""
    return prove(key, binding, PLAYER)


def seat_proven(public: bytes, binding: bytes, signature: bytes) -> bool:
    """Whether the owner of ``public`` signed this connection's binding as a player."""
    return proven(public, binding, signature, PLAYER)


def _opening(table: Mapping[str, Any], at: float, nonce: str) -> bytes:
    body = {k: v for k, v in table.items() if k != "player"}
    return _OPENS + json.dumps([body, at, nonce], sort_keys=True,
                               separators=(",", ":")).encode()


def signed_request(key: Ed25519PrivateKey, table: Mapping[str, Any], name: str,
                   now: Optional[float] = None) -> dict[str, Any]:
    """``table`` (a request's JSON) with the opener's ``player``: its public key, name,
    the moment, a nonce, and its signature over all of them and the request."""
    at = time.time() if now is None else now
    nonce = secrets.token_hex(8)
    player = {"key": public_bytes(key).hex(), "name": name, "at": at, "nonce": nonce,
              "signature": key.sign(_opening(table, at, nonce)).hex()}
    return {**table, "player": player}


def opener(table: Mapping[str, Any], now: Optional[float] = None) -> Optional[tuple[bytes, str, str]]:
    """The opener a request proves (its public key, its name, and the signature's digest:
    taken once), or None: no ``player``, a signature that does not hold, or a moment
    more than :data:`FRESH` seconds from ``now``."""
    player = table.get("player")
    if not isinstance(player, Mapping):
        return None
    try:
        public = bytes.fromhex(str(player["key"]))
        signature = bytes.fromhex(str(player["signature"]))
        at, nonce, name = float(player["at"]), str(player["nonce"]), str(player["name"])
    except (KeyError, ValueError, TypeError):
        return None
    clock = time.time() if now is None else now
    if not abs(clock - at) <= FRESH or len(public) != 32:
        return None
    if not proven(public, b"", signature, _opening(table, at, nonce)):
        return None
    return public, name, hashlib.sha256(signature).hexdigest()


def told_apart(players: Sequence[tuple[str, bytes]]) -> list[str]:
    """Each (name, public key) as shown: the name, and a short fingerprint after it where
    another key bears the same name."""
    keys: dict[str, set[bytes]] = {}
    for name, public in players:
        keys.setdefault(name.casefold(), set()).add(public)
    return [f"{name} #{short(public)}" if len(keys[name.casefold()]) > 1 else name
            for name, public in players]
