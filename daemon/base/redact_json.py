"""Redaction of JSON: tool-call arguments, tool schemas, JSON tool outputs, dead letters.

A scan of JSON text reads its escapes, not what they stand for: ``contrase\\u00f1a`` is no
credential word, and a value quoted inside a string encoded twice ends at ``\\"``. So JSON is
redacted as it decodes: every string (keys included) is scanned as the text it holds, a
value together with its key (``"password": "…"`` reads as ``password: …``), and a string
that is itself JSON (arguments inside an event) is decoded and redacted the same way. What
held a secret is encoded again, still valid JSON, with each secret replaced by the redaction
mark and every other value kept (an array of 32 to 256 bytes, a key file's, becomes the mark
itself); what held none is returned as it came, byte for byte.

JSON text without a single escape reads as what it says: it is scanned in one pass as text
(a quoted key names its value there too), and walked only if a mark broke it. The walk is
iterative (no depth exhausts the stack); text that does not parse as a JSON object or array
is scanned as it is.
"""

from __future__ import annotations

import json
import re
from typing import Any

from daemon.base.redaction import SecretHit, find_secrets, marked, redact

__all__ = ["redact_json", "redact_json_text", "redact_payload"]

_ESCAPE = re.compile(r'\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])')
_ESCAPED = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_KEY_CHARS = 64  # a longer key is not read as the name of its value
_SHORTEST = 3  # no value under this many characters is taken for a secret


def _json_like(text: str) -> bool:
    head = text.lstrip()[:1]
    return head in ("{", "[") and text.rstrip()[-1:] in ("}", "]")


def _value_of(key: str, value: str) -> tuple[str, int]:
    """``value`` redacted as it reads after its key, and how many secrets it held."""
    if len(key) > _KEY_CHARS or not key.strip():
        return redact(value)
    shift = len(key) + 2
    hits = [
        SecretHit(h.kind, max(h.start, shift) - shift, h.end - shift)
        for h in find_secrets(f"{key}: {value}", raw=True)
        if h.end > shift
    ]
    return (marked(value, hits), len(hits)) if hits else (value, 0)


class _Walk:
    """One JSON value redacted: a copy with every string scanned, and the secrets found."""

    def __init__(self) -> None:
        self.found = 0

    def string(self, value: str, key: str | None) -> str:
        if len(value) < _SHORTEST:
            return value
        if _json_like(value):
            decoded = _decoded(value)
            if decoded is not None:
                walked = self.value(decoded)
                return value if walked is decoded else _encoded(walked)
        clean, found = redact(value) if key is None else _value_of(key, value)
        self.found += found
        return clean

    def value(self, value: Any) -> Any:
        """``value`` itself when nothing in it held a secret, else a redacted copy."""
        before = self.found
        result: list[Any] = [None]
        stack: list[tuple[Any, Any, Any, str | None]] = [(value, result, 0, None)]
        while stack:
            source, target, slot, key = stack.pop()
            if isinstance(source, str):
                target[slot] = self.string(source, key)
            elif isinstance(source, dict):
                copy: dict[Any, Any] = {}
                for name, item in source.items():
                    clean = self.string(name, None) if isinstance(name, str) else name
                    copy[clean] = None
                    stack.append((item, copy, clean, name if isinstance(name, str) else None))
                target[slot] = copy
            elif isinstance(source, list) and _bytes(source):
                target[slot] = _BYTES_MARK  # a key written as its bytes (a keypair file)
                self.found += 1
            elif isinstance(source, list):
                target[slot] = [None] * len(source)
                stack.extend((item, target[slot], i, key) for i, item in enumerate(source))
            else:
                target[slot] = source
        return value if self.found == before else result[0]


_BYTES_MARK = "[redacted:opaque_token]"
_BYTES = range(32, 257)  # how many bytes a key written as its bytes holds


def _bytes(items: list[Any]) -> bool:
    """Whether ``items`` are a key's bytes: 32 to 256 integers, each below 256."""
    return len(items) in _BYTES and all(type(item) is int and 0 <= item < 256 for item in items)


def _decoded(text: str) -> Any:
    """The JSON object or array ``text`` holds, or None."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict | list) else None


def _encoded(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def redact_json(value: Any) -> tuple[Any, int]:
    """A decoded JSON value with its secrets replaced (``value`` itself when it held none),
    and how many there were."""
    walk = _Walk()
    clean = walk.value(value)
    return clean, walk.found


def redact_json_text(text: str) -> tuple[str, int]:
    """Text that may be JSON, redacted as it decodes when it is an object or an array
    (still valid JSON), as it reads otherwise; and how many secrets it held."""
    if not _json_like(text):
        return redact(text)
    if "\\" not in text:  # no escape: the scan reads what the JSON says, in one pass
        clean, found = redact(text)
        if not found or _decoded(clean) is not None or _decoded(text) is None:
            return clean, found
    decoded = _decoded(text)  # the marks broke the JSON, or escapes hide what it says
    if decoded is None:
        return redact(text)
    walk = _Walk()
    clean = walk.value(decoded)
    return (text, 0) if clean is decoded else (_encoded(clean), walk.found)


def redact_payload(text: str) -> tuple[str, int]:
    """A payload refused by the stream (a dead letter's): JSON as :func:`redact_json_text`
    reads it; any other text with its JSON escapes read as what they stand for, when that
    reading shows more secrets (a cut or broken event still holds escaped strings)."""
    clean, found = redact_json_text(text)
    if "\\" not in text or (_json_like(text) and _decoded(text) is not None):
        return clean, found
    view = _ESCAPE.sub(_unescape, text)
    hits = find_secrets(view, raw=True)
    return (marked(view, hits), len(hits)) if len(hits) > found else (clean, found)


def _unescape(m: re.Match[str]) -> str:
    escape = m.group()[1:]
    if escape[0] == "u":
        code = int(escape[1:], 16)
        return m.group() if 0xD800 <= code <= 0xDFFF else chr(code)  # no lone surrogate
    return _ESCAPED.get(escape, escape)
