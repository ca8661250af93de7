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
meets (trust on first use, as SSH does, kept into the setting by the screen): a table
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
import os
import secrets
import stat
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from game.net.secure import LABEL

PUBLIC_BYTES, SIGNATURE_BYTES = 32, 64
#: what the service signs: never a message of another purpose (a room's reclaim, a seat's
#: proof), whatever the binding's bytes
_PURPOSE = LABEL + b"service dealer "


class ServiceKeyError(Exception):
    """The service's key file cannot be used: the words say why."""


def fingerprint(public: bytes) -> str:
    """A service key's fingerprint: SHA-256 of the raw public key in base32, lower case,
    unpadded (52 letters and digits, to read out or put after ``#`` in a relay setting)."""
    digest = hashlib.sha256(public).digest()
    return base64.b32encode(digest).decode("ascii").rstrip("=").lower()


def public_bytes(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes_raw()


def prove(key: Ed25519PrivateKey, binding: bytes) -> bytes:
    """The service's signature over one connection's channel binding."""
    return key.sign(_PURPOSE + binding)


def proven(public: bytes, binding: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is the owner of ``public`` signing this connection's binding."""
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, _PURPOSE + binding)
    except (InvalidSignature, ValueError):
        return False
    return True


def service_key(path: Path) -> Ed25519PrivateKey:
    """The key in ``path``; made there (mode 0600) if there is none.  The processes of
    one service on one machine may start together: a new key is written whole beside
    the file and linked into place only if no other process's got there first (else that
    one is read).  :class:`ServiceKeyError` for a file that is not such a key, or that
    others than its owner may read."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return _make(path)
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ServiceKeyError(f"{path} may be read by others than its owner: chmod 600 it")
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (ValueError, TypeError, OSError) as exc:
        raise ServiceKeyError(f"{path} is not a service key: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise ServiceKeyError(f"{path} is not an Ed25519 key")
    return key


def _make(path: Path) -> Ed25519PrivateKey:
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
        try:
            os.link(draft, path)
        except FileExistsError:             # another process made it meanwhile: theirs
            return service_key(path)
        return key
    finally:
        draft.unlink(missing_ok=True)


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``--service-key FILE``, the same for every process of the service."""
    parser.add_argument("--service-key", type=Path, default=None, metavar="FILE",
                        help="the relay service's long-term key (PEM, made readable by its "
                             "owner only if missing): tables dealt here prove they are the "
                             "service's to every guest")
