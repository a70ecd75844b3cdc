"""Data at rest: transcripts sealed with AES-GCM, memories signed for integrity.

A sealed text is an envelope in the column that held the clear text,
``enc:v1:<key id>:<base64 of nonce + ciphertext + tag>``, so that clear and sealed rows live
side by side (a key configured on a populated store, a rotation half done). Its associated
data names the place it belongs to (table, column, scope and row key: :func:`place`): a
ciphertext moved to another row or column does not open. Clear text that happens to start
like an envelope is stored behind ``clr:`` (and a leading ``clr:`` is stripped when read),
so a host cannot plant an envelope of its own.

A memory's integrity tag is an HMAC-SHA256 (``h1:<key id>:<hex>``) of its scope, type,
title and content, and of its metadata when it has any, under a key derived from the
primary data key, or their SHA-256 (``s1:<hex>``) without one; recall shows only memories
whose tag holds (:meth:`Sealer.verify`). Metadata is signed as one more part of
:func:`place`, its canonical JSON (keys sorted, compact: :func:`canonical`), appended only
when it is not empty: a memory without metadata is signed over the very bytes it was
before metadata was covered, so every tag written then still holds, and a part more or
less never gives the same bytes (the parts are length-prefixed), so metadata added to,
changed in or removed from a row behind memoryd's back breaks its tag.

Keys come from :class:`DataKeys` (``MEMORYD_DATA__KEYS`` or ``MEMORYD_DATA__KEY_FILE``): the
first listed seals, the others only open (rotation: ``memoryd keys rotate-data``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import re
import secrets
from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from daemon.base.errors import ConfigError, SealedDataError

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

ENVELOPE = "enc:v1:"
#: The mark of clear text that starts like an envelope (or like this mark).
ESCAPE = "clr:"
#: A sealed file starts with this line, then the key id and a newline, then the sealed bytes.
FILE_MAGIC = b"memoryd-sealed:v1:"
_NONCE = 12
#: Bytes a sealed value's ciphertext holds beyond its clear text: the nonce and the GCM tag.
SEAL_OVERHEAD = _NONCE + 16
_KEY_ID = re.compile(r"^[A-Za-z0-9_.-]{1,32}$")
_INTEGRITY_INFO = b"memoryd memory integrity v1"
#: The columns of a memory its integrity tag covers, in order (then its metadata).
_SIGNED = ("tenant", "project", "user", "type", "title", "content")
#: How many intact rows a sealer remembers (then it forgets the oldest first): an injection
#: block checks some fifty rows, mostly the same ones request after request, and searches
#: bring back the scope's most asked-for memories again and again. Forgetting them all at
#: once had every row of the next block checked again.
_REMEMBERED = 16_384


class DataKeys:
    """A key ring: 256-bit AES keys by id, the first one the primary (the one that seals)."""

    def __init__(self, keys: dict[str, bytes]) -> None:
        if not keys:
            raise ConfigError("a data key ring needs at least one key")
        for key_id, key in keys.items():
            if not _KEY_ID.match(key_id):
                raise ConfigError(
                    f"data key id {key_id!r}: 1 to 32 letters, digits, '.', '_' or '-'"
                )
            if len(key) != 32:
                raise ConfigError(f"data key {key_id!r}: {len(key)} bytes, a key has 32")
        self._keys = dict(keys)
        self.primary = next(iter(keys))

    @classmethod
    def parse(cls, text: str, *, source: str) -> DataKeys:
        """Keys written ``<id>:<base64 of 32 bytes>``, one per line or comma separated,
        ``#`` comments allowed; the first is the primary. ``source`` names where they came
        from in errors (the key itself is never shown)."""
        keys: dict[str, bytes] = {}
        for raw in re.split(r"[,\n]", text):
            entry = raw.split("#", 1)[0].strip()
            if not entry:
                continue
            key_id, sep, encoded = entry.partition(":")
            key_id = key_id.strip()
            if not sep:
                raise ConfigError(f"{source}: an entry is not <id>:<base64 key>")
            try:
                key = base64.b64decode(encoded.strip(), altchars=b"-_", validate=True)
            except (binascii.Error, ValueError) as exc:
                raise ConfigError(f"{source}: key {key_id!r} is not base64") from exc
            if key_id in keys:
                raise ConfigError(f"{source}: key id {key_id!r} is listed twice")
            keys[key_id] = key
        if not keys:
            raise ConfigError(f"{source}: no key listed")
        try:
            return cls(keys)
        except ConfigError as exc:
            raise ConfigError(f"{source}: {exc}") from exc

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._keys)

    def get(self, key_id: str) -> bytes | None:
        return self._keys.get(key_id)


def new_key_line(key_id: str) -> str:
    """A fresh key as a key ring lists it: ``<id>:<base64>``."""
    if not _KEY_ID.match(key_id):
        raise ConfigError(f"data key id {key_id!r}: 1 to 32 letters, digits, '.', '_' or '-'")
    return f"{key_id}:{base64.b64encode(secrets.token_bytes(32)).decode('ascii')}"


def place(*parts: str | int) -> bytes:
    """The associated data of a sealed value: where it belongs, each part length-prefixed
    (no two lists of parts give the same bytes)."""
    return "".join(f"{len(str(p))}:{p}" for p in parts).encode("utf-8", "surrogatepass")


def canonical(metadata: Mapping[str, Any]) -> str:
    """A memory's metadata as its integrity tag signs it: JSON with its keys sorted and no
    spaces (the same object in any key order gives the same text)."""
    return json.dumps(metadata, sort_keys=True, separators=(",", ":"))


def _signed(
    tenant: str,
    project: str,
    user: str,
    type_: str,
    title: str,
    content: str,
    metadata: Mapping[str, Any] | None,
) -> bytes:
    """What a memory's integrity tag is computed over: its fields, then its metadata's
    canonical JSON only when it has some (none signs what a tag signed before metadata)."""
    if not metadata:
        return place(tenant, project, user, type_, title, content)
    return place(tenant, project, user, type_, title, content, canonical(metadata))


class Verdict(StrEnum):
    """What :meth:`Sealer.verify` found of a memory's integrity tag."""

    INTACT = "intact"
    TAMPERED = "tampered"  # the tag does not match what the row says
    UNKNOWN_KEY = "unknown_key"  # signed with a data key that is not configured


class Sealer:
    """Seals and opens stored text with a key ring; with none, stores text in clear and
    opens only clear text (a sealed value raises :class:`SealedDataError`)."""

    def __init__(self, keys: DataKeys | None = None, *, accept_plain: bool = True) -> None:
        self.keys = keys
        #: Whether a memory's plain digest (``s1:``) holds when keys are configured: one
        #: written before the key was can be signed by rotation, but anyone able to write
        #: to the database can compute a plain digest, so once every memory is signed,
        #: turn this off (``MEMORYD_DATA__ACCEPT_PLAIN_DIGESTS=false``).
        self.accept_plain = accept_plain or keys is None
        self._ciphers: dict[str, AESGCM] = {}
        self._macs: dict[str, bytes] = {}
        #: What :meth:`verify` found intact, by every input it read (a row's exact fields:
        #: an answer that repeats a memory checks it again by lookup, not by hashing).
        self._intact: dict[tuple[str, ...], None] = {}
        if keys is not None:
            # Imported with a key only (55 ms): a store in clear never needs it.
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM

            for key_id in keys.ids:
                key = keys.get(key_id)
                assert key is not None
                self._ciphers[key_id] = AESGCM(key)
                self._macs[key_id] = hmac.new(key, _INTEGRITY_INFO, hashlib.sha256).digest()

    @property
    def enabled(self) -> bool:
        return self.keys is not None

    @property
    def primary(self) -> str | None:
        return None if self.keys is None else self.keys.primary

    # -- text --------------------------------------------------------------------------

    def seal(self, text: str | None, where: bytes) -> str | None:
        """``text`` as stored: sealed with the primary key, or clear (escaped) without one."""
        if text is None:
            return None
        if self.keys is None:
            return ESCAPE + text if text.startswith(("enc:", ESCAPE)) else text
        key_id = self.keys.primary
        nonce = os.urandom(_NONCE)
        sealed = self._ciphers[key_id].encrypt(nonce, text.encode("utf-8", "surrogatepass"), where)
        return f"{ENVELOPE}{key_id}:{base64.b64encode(nonce + sealed).decode('ascii')}"

    def open(self, stored: str | None, where: bytes) -> str | None:
        """The clear text of a stored value (sealed or clear)."""
        if stored is None:
            return None
        if stored.startswith(ENVELOPE):
            return self._open(stored, where).decode("utf-8", "surrogatepass")
        if stored.startswith(ESCAPE):
            return stored[len(ESCAPE) :]
        return stored

    def seal_json(self, value: Any, where: bytes) -> Any:
        """A JSON column's value as stored: sealed, its JSON text in an envelope (a JSON
        string), or as it is (the columns sealed hold lists and objects, never strings)."""
        if value is None or self.keys is None:
            return value
        return self.seal(json.dumps(value, separators=(",", ":")), where)

    def open_json(self, stored: Any, where: bytes) -> Any:
        if isinstance(stored, str) and stored.startswith(ENVELOPE):
            return json.loads(self._open(stored, where))
        return stored

    def _open(self, stored: str, where: bytes) -> bytes:
        key_id, sep, body = stored[len(ENVELOPE) :].partition(":")
        cipher = self._ciphers.get(key_id)
        if not sep or cipher is None:
            configured = ", ".join(self._ciphers) or "none"
            raise SealedDataError(
                f"data sealed with key {key_id!r}, which is not configured (configured: "
                f"{configured}); add it to MEMORYD_DATA__KEYS or MEMORYD_DATA__KEY_FILE"
            )
        from cryptography.exceptions import InvalidTag

        try:
            raw = base64.b64decode(body, validate=True)
            return cipher.decrypt(raw[:_NONCE], raw[_NONCE:], where)
        except (binascii.Error, ValueError, InvalidTag) as exc:
            raise SealedDataError(
                f"sealed data does not open with key {key_id!r}: altered, or moved from another row"
            ) from exc

    @staticmethod
    def key_of(stored: Any) -> str | None:
        """The key id a stored value is sealed with; None when it is clear."""
        if isinstance(stored, str) and stored.startswith(ENVELOPE):
            return stored[len(ENVELOPE) :].partition(":")[0]
        return None

    def stale(self, stored: Any) -> bool:
        """Whether a stored value is not sealed with the primary key (rotation reseals it);
        never without keys."""
        if self.keys is None or stored is None:
            return False
        return self.key_of(stored) != self.keys.primary

    # -- files -------------------------------------------------------------------------

    def seal_bytes(self, data: bytes, where: bytes) -> bytes:
        if self.keys is None:
            return data
        key_id = self.keys.primary
        nonce = os.urandom(_NONCE)
        sealed = self._ciphers[key_id].encrypt(nonce, data, where)
        return FILE_MAGIC + key_id.encode("ascii") + b"\n" + nonce + sealed

    def open_bytes(self, data: bytes, where: bytes) -> bytes:
        if not data.startswith(FILE_MAGIC):
            return data
        head, _, rest = data[len(FILE_MAGIC) :].partition(b"\n")
        envelope = f"{ENVELOPE}{head.decode('ascii', 'replace')}:"
        return self._open(envelope + base64.b64encode(rest).decode("ascii"), where)

    @staticmethod
    def file_key_of(data: bytes) -> str | None:
        if not data.startswith(FILE_MAGIC):
            return None
        return data[len(FILE_MAGIC) :].partition(b"\n")[0].decode("ascii", "replace")

    # -- memory integrity --------------------------------------------------------------

    def integrity(
        self,
        tenant: str,
        project: str,
        user: str,
        type_: str,
        title: str,
        content: str,
        *,
        metadata: Mapping[str, Any] | None = None,
    ) -> str:
        """The integrity tag of a memory (with its ``metadata``, when it has any): keyed with
        the primary data key, when there is one."""
        data = _signed(tenant, project, user, type_, title, content, metadata)
        if self.keys is None:
            return "s1:" + hashlib.sha256(data).hexdigest()
        key_id = self.keys.primary
        return f"h1:{key_id}:" + hmac.new(self._macs[key_id], data, hashlib.sha256).hexdigest()

    def tag_of(self, row: Mapping[str, Any]) -> str:
        """:meth:`integrity` of a memory row given as a mapping of its columns (its
        ``metadata`` an object or None, when the mapping holds it)."""
        return self.integrity(*(row[k] for k in _SIGNED), metadata=row.get("metadata"))

    def verify(
        self,
        tag: str | None,
        tenant: str,
        project: str,
        user: str,
        type_: str,
        title: str,
        content: str,
        *,
        metadata: Mapping[str, Any] | None = None,
    ) -> Verdict:
        """Whether a memory's ``tag`` holds for what its row says (its ``metadata`` as
        read: None or ``{}`` when it has none). What was found intact is remembered by all
        it was computed from, so a row read again as it was is not hashed again; a row that
        differs in any field is checked anew."""
        if not tag:
            return Verdict.TAMPERED
        seen: tuple[str, ...] = (tag, tenant, project, user, type_, title, content)
        if metadata:
            seen += (canonical(metadata),)
        if seen in self._intact:
            return Verdict.INTACT
        verdict = self._verified(
            tag, _signed(tenant, project, user, type_, title, content, metadata)
        )
        if verdict is Verdict.INTACT:
            if len(self._intact) >= _REMEMBERED:
                del self._intact[next(iter(self._intact))]
            self._intact[seen] = None
        return verdict

    def _verified(self, tag: str, data: bytes) -> Verdict:
        if tag.startswith("s1:"):
            if not self.accept_plain:
                return Verdict.TAMPERED
            expected = "s1:" + hashlib.sha256(data).hexdigest()
        elif tag.startswith("h1:"):
            key_id = tag[3:].partition(":")[0]
            mac = self._macs.get(key_id)
            if mac is None:
                return Verdict.UNKNOWN_KEY
            expected = f"h1:{key_id}:" + hmac.new(mac, data, hashlib.sha256).hexdigest()
        else:
            return Verdict.TAMPERED
        return Verdict.INTACT if hmac.compare_digest(tag, expected) else Verdict.TAMPERED

    def integrity_stale(self, tag: str | None) -> bool:
        """Whether a memory's tag is not keyed with the primary key (rotation re-signs it)."""
        if self.keys is None:
            return False
        return not (tag or "").startswith(f"h1:{self.keys.primary}:")


#: No keys: text stored in clear, memories with plain digests.
CLEAR = Sealer()
