"""Opaque, tamper-evident page cursors (pure functions).

A list answered over HTTP pages by keyset: the cursor names the last row shown (its sort
key, a few integers) and the next page starts after it. The client sees only a string such
as ``p1Xk…``: the position is encrypted and authenticated under the install's key (a
synthetic-IV construction over keyed BLAKE2b): the tag covers the position and the list's
``bound`` (the route, its scope and its filters), and the position is XORed with a stream
derived from the tag. A cursor that was altered, forged, made by another install, or made
for another scope or other filters fails the tag and is refused; row ids never show.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
from datetime import UTC, datetime, timedelta

PREFIX = "p1"
#: The longest cursor a client may send (longer ones are refused before decoding).
MAX_CHARS = 200
_TAG = 16
_MAX_PARTS = 8


class BadCursor(ValueError):
    """The cursor was not made by this install for this list."""

    def explained(self) -> str:
        """What an answer says of it: why, and the fix."""
        return f"{self}: start again without `cursor`"


class PageCodec:
    """Positions ↔ cursors under one install's key."""

    def __init__(self, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("the cursor key must be at least 16 bytes")
        self._mac = hashlib.blake2b(key[:64], digest_size=32, person=b"memoryd-pgmac").digest()
        self._enc = hashlib.blake2b(key[:64], digest_size=32, person=b"memoryd-pgenc").digest()

    def _tag(self, plain: bytes, bound: str) -> bytes:
        data = bound.encode("utf-8", "surrogatepass") + b"\x00" + plain
        return hashlib.blake2b(data, key=self._mac, digest_size=_TAG).digest()

    def _stream(self, tag: bytes, size: int) -> bytes:
        return hashlib.blake2b(tag, key=self._enc, digest_size=max(size, 1)).digest()[:size]

    def seal(self, position: tuple[int, ...], bound: str) -> str:
        """The cursor of ``position`` (signed 64-bit integers) in the list ``bound``."""
        if not 1 <= len(position) <= _MAX_PARTS:
            raise ValueError("a position holds 1 to 8 integers")
        plain = struct.pack(f">{len(position)}q", *position)
        tag = self._tag(plain, bound)
        hidden = bytes(a ^ b for a, b in zip(plain, self._stream(tag, len(plain)), strict=True))
        return PREFIX + base64.urlsafe_b64encode(tag + hidden).decode().rstrip("=")

    def open(self, cursor: str, bound: str, *, size: int | None = None) -> tuple[int, ...]:
        """The position ``cursor`` names in ``bound`` (of ``size`` integers, when given);
        :class:`BadCursor` when it names none."""
        position = self._opened(cursor, bound)
        if size is not None and len(position) != size:
            raise BadCursor("not a cursor of this list")
        return position

    def _opened(self, cursor: str, bound: str) -> tuple[int, ...]:
        if len(cursor) > MAX_CHARS or not cursor.startswith(PREFIX):
            raise BadCursor("not a cursor of this list")
        text = cursor[len(PREFIX) :]
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        except (binascii.Error, ValueError) as exc:
            raise BadCursor("not a cursor of this list") from exc
        tag, hidden = raw[:_TAG], raw[_TAG:]
        if len(tag) != _TAG or not hidden or len(hidden) % 8 or len(hidden) > 8 * _MAX_PARTS:
            raise BadCursor("not a cursor of this list")
        plain = bytes(a ^ b for a, b in zip(hidden, self._stream(tag, len(hidden)), strict=True))
        if not hmac.compare_digest(tag, self._tag(plain, bound)):
            raise BadCursor("not a cursor of this list")
        return struct.unpack(f">{len(plain) // 8}q", plain)


def text_parts(text: str, *, most: int = _MAX_PARTS - 1) -> tuple[int, ...]:
    """A short text (no NUL) as integers of a position: its UTF-8 bytes, eight a part
    (``ValueError`` past ``most`` parts)."""
    raw = text.encode()
    if "\x00" in text or not raw or len(raw) > 8 * most:
        raise ValueError(f"a text of 1 to {8 * most} bytes without NUL")
    raw += b"\x00" * (-len(raw) % 8)
    return struct.unpack(f">{len(raw) // 8}q", raw)


def text_of(parts: tuple[int, ...]) -> str:
    """The text :func:`text_parts` made ``parts`` of; :class:`BadCursor` when none did."""
    try:
        return struct.pack(f">{len(parts)}q", *parts).rstrip(b"\x00").decode()
    except UnicodeDecodeError as exc:
        raise BadCursor("not a cursor of this list") from exc


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def micros(instant: datetime) -> int:
    """An aware time as a cursor's integer: microseconds since the epoch."""
    return (instant - _EPOCH) // _MICROSECOND


def instant(micros_since_epoch: int) -> datetime:
    """The time a cursor's integer (:func:`micros`) stands for."""
    return _EPOCH + micros_since_epoch * _MICROSECOND
