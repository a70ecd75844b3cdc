"""A memory's free-form metadata: what it may hold, and the secrets it may not (pure
functions).

Metadata is a flat JSON object a writer attaches to a memory to find it again (``ticket``,
``source``, ``priority``): at most :data:`MAX_KEYS` keys, each of :data:`KEY` (letters,
digits, ``_``, ``.``, ``-``; 1 to 64), each value a string of at most
:data:`MAX_VALUE_CHARS` characters, a number, a boolean or null. It is data in a field: no
reader puts it in the injection block's text.

A string value is read for secrets as a memory's content is (:func:`secret_in`): a value
holding a credential, or the mark of one redacted, is refused like content, never stored
with the secret cut out. The opaque-token rule of shared content is not applied: a value
is an identifier by nature (a commit, a ticket, a run). Text a store already held (an
import) has its secrets replaced by their marks instead (:func:`redacted`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from daemon.base.credential_claims import masked
from daemon.base.redaction import REDACTED, find_secrets, redact
from daemon.gate.opaque_tokens import unexplained

MAX_KEYS = 16
MAX_VALUE_CHARS = 256
KEY = re.compile(r"[A-Za-z0-9_.-]{1,64}")
#: Integers beyond this lose precision in JSON readers (JavaScript's safe integers).
MAX_INTEGER = 2**53 - 1

Scalar = str | int | float | bool | None
Metadata = Mapping[str, Scalar]
#: The metadata of a memory that has none.
EMPTY: Metadata = MappingProxyType({})


class BadMetadata(ValueError):
    """Metadata that breaks the rules; ``field`` names where (``metadata.ticket``)."""

    def __init__(self, message: str, field: str = "metadata") -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


def checked(value: object) -> dict[str, Scalar]:
    """``value`` as metadata (None: none), or :class:`BadMetadata` naming the field."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise BadMetadata("must be an object of keys and scalar values")
    if len(value) > MAX_KEYS:
        raise BadMetadata(f"holds {len(value)} keys, more than {MAX_KEYS}")
    found: dict[str, Scalar] = {}
    for key, item in value.items():
        if not isinstance(key, str) or not KEY.fullmatch(key):
            shown = repr(key)[:70]
            raise BadMetadata(f"{shown} is not a name of 1 to 64 letters, digits, '_', '.' or '-'")
        found[key] = _scalar(item, f"metadata.{key}")
    return found


def _scalar(item: object, field: str) -> Scalar:
    if item is None or isinstance(item, bool):
        return item
    if isinstance(item, int):
        if abs(item) > MAX_INTEGER:
            raise BadMetadata(f"an integer must be within ±{MAX_INTEGER}", field)
        return item
    if isinstance(item, float):
        if not math.isfinite(item):
            raise BadMetadata("a number must be finite", field)
        return item
    if isinstance(item, str):
        if len(item) > MAX_VALUE_CHARS:
            raise BadMetadata(f"a string of {len(item)} characters, over {MAX_VALUE_CHARS}", field)
        if "\x00" in item or any("\ud800" <= ch <= "\udfff" for ch in item):
            raise BadMetadata("holds NUL or a lone surrogate, which no store can hold", field)
        return item
    kind = "an object" if isinstance(item, Mapping) else type(item).__name__
    raise BadMetadata(f"must be a string, number, boolean or null, not {kind}", field)


def secret_in(metadata: Metadata) -> tuple[str, str] | None:
    """The first string value that holds a secret (a credential, the mark of one redacted,
    or text that reads as holding one): its field (``metadata.<key>``) and a redacted
    excerpt; None when none does."""
    for key, item in metadata.items():
        if not isinstance(item, str):
            continue
        if REDACTED.search(item) or find_secrets(item):
            return f"metadata.{key}", redact(item)[0]
        if (claimed := masked(item)) is not None:
            return f"metadata.{key}", redact(claimed)[0]
        # An opaque token is held to a shared memory's rule, the key naming it as the words
        # before it would (``commit_sha``: a commit's; ``ref``: nothing's).
        if (unnamed := unexplained(f"{key.replace('_', ' ')} {item}")) is not None:
            return f"metadata.{key}", unnamed[len(key) + 1 :]
    return None


def redacted(metadata: Metadata) -> dict[str, Scalar]:
    """``metadata`` with the secrets of its string values replaced by their marks."""
    return {k: redact(v)[0] if isinstance(v, str) else v for k, v in metadata.items()}


def text(value: Scalar) -> str | None:
    """A value as a filter compares it: a string itself, a number or boolean its JSON
    text (``3``, ``1.5``, ``true``); None for null."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def wanted(pairs: Iterable[tuple[object, object]]) -> tuple[tuple[str, str], ...]:
    """A filter's metadata (``key``, ``value``) pairs, checked and sorted: each key of
    :data:`KEY`, at most :data:`MAX_KEYS` pairs, each value a string of at most
    :data:`MAX_VALUE_CHARS` (a number or boolean as its JSON text: :func:`text`);
    :class:`BadMetadata` naming the field otherwise. All must hold: a key named twice with
    two values holds for no memory."""
    found: set[tuple[str, str]] = set()
    for key, value in pairs:
        if not isinstance(key, str) or not KEY.fullmatch(key):
            shown = repr(key)[:70]
            raise BadMetadata(f"{shown} is not a name of 1 to 64 letters, digits, '_', '.' or '-'")
        field = f"metadata.{key}"
        if value is None or isinstance(value, Mapping | list):
            raise BadMetadata("a filter's value must be a string, number or boolean", field)
        found.add((key, text(_scalar(value, field)) or ""))  # None was refused above
    if len(found) > MAX_KEYS:
        raise BadMetadata(f"a filter of {len(found)} pairs, more than {MAX_KEYS}")
    return tuple(sorted(found))
