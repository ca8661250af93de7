"""The relay service's identity: one long-term Ed25519 key that proves a table is dealt
by the service, even a public one whose password everyone knows.

SPAKE2 gives each connection a channel binding only its two ends know
(game/net/secure.py, ``binding``).  A host made with an identity (``Host(identity=...)``:
the service's table workers) signs that binding, under a label of its own, in its first
sealed line to each guest (``rooms``: ``service`` is the public key, ``signature`` the
signature).  A guest checks the signature over *its* binding: a man in the middle who
runs SPAKE2 itself with the public password has other bindings on either side, and
cannot sign them without the service's private key; a recorded signature is worth
nothing on another connection.  The guest holds the service to one key, the one whose
fingerprint the relay setting names after ``#`` (game/net/relays.py), or the first it
meets at a table it asked the service to open (trust on first use, as SSH does, kept into
the setting by the screen; a key met at another table may be any player's own): a table
signed by another key is refused (``service_changed``).

The key lives in a PEM file (PKCS#8, as ``openssl genpkey -algorithm ed25519`` writes
it) given to each of the service's processes with ``--service-key FILE``: made, readable
by its owner only, on the first start; a file others may read is refused, as SSH
refuses a private key others can read.  No primitive is made here: ``cryptography``'s
Ed25519 and SHA-256; this module only chooses the label and the fingerprint's form.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import stat
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from game.net.secure import LABEL
from game.saves import make_private

#: what the service signs: never a message of another purpose (a room's reclaim, a seat's
#: proof, a player's own signature), whatever the binding's bytes
SERVICE = LABEL + b"service dealer "
#: what a player signs with its own key (game/net/players.py), to the service alone
PLAYER = LABEL + b"player at the service "


class ServiceKeyError(Exception):
    """The service's key file cannot be used: the words say why."""


def fingerprint(public: bytes) -> str:
    """A service key's fingerprint: SHA-256 of the raw public key in base32, lower case,
    unpadded (52 letters and digits, to read out or put after ``#`` in a relay setting)."""
    digest = hashlib.sha256(public).digest()
    return base64.b32encode(digest).decode("ascii").rstrip("=").lower()


def public_bytes(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes_raw()


def prove(key: Ed25519PrivateKey, binding: bytes, purpose: bytes = SERVICE) -> bytes:
    """The service's signature over one connection's channel binding (``purpose``
    :data:`PLAYER`: a player's, to the service)."""
    return key.sign(purpose + binding)


def proven(public: bytes, binding: bytes, signature: bytes, purpose: bytes = SERVICE) -> bool:
    """Whether ``signature`` is the owner of ``public`` signing this connection's binding
    for ``purpose``."""
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, purpose + binding)
    except (InvalidSignature, ValueError):
        return False
    return True


def service_key(path: Path) -> Ed25519PrivateKey:
    """The key in ``path``; made there (mode 0600) if there is none.  The processes of
    one service on one machine may start together: a new key is written whole beside
    the file and linked into place only if no other process's got there first (else that
    one is read: game/saves.py's :func:`~game.saves.make_private`).  :class:`ServiceKeyError`
    for a file that is not such a key, that others than its owner may read, or that cannot
    be read or made."""
    return kept_key(path, "a service key")


def kept_key(path: Path, what: str) -> Ed25519PrivateKey:
    """The Ed25519 key in ``path``, made there on first use (see :func:`service_key`,
    and game/net/players.py's player key, kept the same way); ``what`` names it in the
    words of a :class:`ServiceKeyError`."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        try:
            return _make(path, what)
        except OSError as exc:
            raise ServiceKeyError(f"{path} cannot be made: {exc.strerror or exc}") from None
    except OSError as exc:
        raise ServiceKeyError(f"{path} cannot be read: {exc.strerror or exc}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ServiceKeyError(f"{path} may be read by others than its owner: chmod 600 it")
    try:
        return key_from_pem(path.read_bytes(), f"{path} is not {what}")
    except OSError as exc:
        raise ServiceKeyError(f"{path} cannot be read: {exc.strerror or exc}") from None


def key_from_pem(pem: bytes, refusal: str) -> Ed25519PrivateKey:
    """The Ed25519 private key in ``pem`` (PKCS#8); :class:`ServiceKeyError` with
    ``refusal`` and the cause when it is not one."""
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except (ValueError, TypeError) as exc:
        raise ServiceKeyError(f"{refusal}: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise ServiceKeyError(f"{refusal}: not an Ed25519 key")
    return key


def key_pem(key: Ed25519PrivateKey) -> bytes:
    """``key`` as PEM (PKCS#8, unencrypted), as ``openssl genpkey -algorithm ed25519``
    writes it."""
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _make(path: Path, what: str) -> Ed25519PrivateKey:
    key = Ed25519PrivateKey.generate()
    if make_private(path, key_pem(key)):
        return key
    return kept_key(path, what)             # another process made it meanwhile: theirs


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``--service-key FILE``, the same for every process of the service."""
    parser.add_argument("--service-key", type=Path, default=None, metavar="FILE",
                        help="the relay service's long-term key (PEM, made readable by its "
                             "owner only if missing): tables dealt here prove they are the "
                             "service's to every guest")
