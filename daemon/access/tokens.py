"""Tenant keys as text: how a key is made, split into its public id and secret, and hashed.

A key reads ``mdk_<id>_<secret>``: ``id`` is 12 lowercase hex digits, public (``memoryd keys
list`` shows it, logs may name it); ``secret`` is 32 random bytes in URL-safe base64. The
store keeps only the SHA-256 of the whole key, compared in constant time; a key with 256
random bits needs no slow hash.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

PREFIX = "mdk"
_SHAPE = re.compile(r"^mdk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$")


@dataclass(frozen=True, slots=True)
class NewKey:
    """A key just made: shown once (``text``), stored as ``key_id`` and ``digest``."""

    key_id: str
    text: str

    @property
    def digest(self) -> str:
        return digest(self.text)


def new_key() -> NewKey:
    key_id = secrets.token_hex(6)
    return NewKey(key_id=key_id, text=f"{PREFIX}_{key_id}_{secrets.token_urlsafe(32)}")


def key_id_of(text: str) -> str | None:
    """The public id of a well-formed key, or None (the text is not one of ours)."""
    found = _SHAPE.fullmatch(text)
    return found.group(1) if found else None


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def same_digest(a: str, b: str) -> bool:
    """Constant-time comparison of two digests."""
    return hmac.compare_digest(a.encode(), b.encode())
