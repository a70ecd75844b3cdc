"""Opaque memory ids: a keyed permutation of the 64-bit row ids (pure functions).

The API never shows a row id: ids are consecutive across tenants, so a tenant would read the
others' write volume from the gaps between its own. :class:`IdCodec` turns a row id into a
string such as ``m5zq3k0xv1c7ra`` and back: a four-round Feistel network over 64 bits, each
round keyed BLAKE2b, then 13 base-32 characters. Without the key the ids are unrelated to
one another; a string that is not one (forged, mistyped, another install's) decodes to no
row id or to one the scope does not see, and is answered like a missing memory.
"""

from __future__ import annotations

import hashlib

PREFIX = "m"
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford's base 32: no i, l, o, u
_DIGITS = {c: n for n, c in enumerate(_ALPHABET)}
_CHARS = 13  # 65 bits hold the 64
_MASK = 0xFFFFFFFF
_ROUNDS = 4
#: The row ids a memory may have (a 64-bit signed key).
ROW_IDS = range(1, 2**63)


#: The most opaque ids a codec remembers (then it forgets them all).
_REMEMBERED = 65_536


class IdCodec:
    """Row id ↔ opaque id under one install's key."""

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("the id key must be at least 16 bytes")
        self._key = key[:64]
        self._encoded: dict[int, str] = {}

    def _round(self, half: int, n: int) -> int:
        digest = hashlib.blake2b(
            half.to_bytes(4, "big") + bytes((n,)), key=self._key, digest_size=4
        ).digest()
        return int.from_bytes(digest, "big")

    def encode(self, row_id: int) -> str:
        """The opaque id of ``row_id`` (each remembered: every answer names its memories,
        and the same ones again and again)."""
        found = self._encoded.get(row_id)
        if found is None:
            found = self._encode(row_id)
            if len(self._encoded) >= _REMEMBERED:
                self._encoded.clear()
            self._encoded[row_id] = found
        return found

    def _encode(self, row_id: int) -> str:
        if row_id not in ROW_IDS:
            raise ValueError(f"not a row id: {row_id}")
        left, right = row_id >> 32, row_id & _MASK
        for n in range(_ROUNDS):
            left, right = right, left ^ self._round(right, n)
        block = (left << 32) | right
        chars = []
        for _ in range(_CHARS):
            block, digit = divmod(block, 32)
            chars.append(_ALPHABET[digit])
        return PREFIX + "".join(reversed(chars))

    def decode(self, text: str) -> int | None:
        """The row id ``text`` names, or None when it names none."""
        if len(text) != len(PREFIX) + _CHARS or not text.startswith(PREFIX):
            return None
        block = 0
        for char in text[len(PREFIX) :]:
            digit = _DIGITS.get(char)
            if digit is None:
                return None
            block = block * 32 + digit
        if block >> 64:
            return None
        left, right = block >> 32, block & _MASK
        for n in reversed(range(_ROUNDS)):
            left, right = right ^ self._round(left, n), left
        row_id = (left << 32) | right
        return row_id if row_id in ROW_IDS else None
