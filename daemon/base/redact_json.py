"""Redaction of JSON: tool-call arguments, tool schemas, JSON tool outputs, dead letters.

A scan of JSON text reads its escapes, not what they stand for: ``contrase\\u00f1a`` is no
credential word, and a value quoted inside a string encoded twice ends at ``\\"``. So JSON is
redacted as it decodes: every string (keys included) is scanned as the text it holds, a
value together with the keys that name it (``"password": "…"`` reads as ``password: …``,
``{"api_key": {"default": "…"}}`` as ``api_key: default: …``), an array's element also
after the strings before it (after a flag as a command line reads: ``["sshpass", "-p",
"…"]``), and a string that is itself JSON (arguments inside an event) is decoded and
redacted the same way. Nothing else is read with a string: what it loses depends on its
keys (a name/value pair's name among them), the strings before it in its array, and, in a
small record, whether another member names a password, a passphrase or a code (``{"label":
"Grafana admin password", "value": "…"}``: then a bare value-shaped string is cut whole);
never on the other strings of the text nor on whether the text has escapes. What held a secret is
encoded again, still valid JSON, with each secret replaced by the redaction mark and every
other value kept (an array of 32 to 256 bytes, a key file's, becomes the mark itself); what
held none is returned as it came, byte for byte. The walk is iterative (no depth exhausts
the stack); text that does not parse as a JSON object or array is scanned as it is.
"""

from __future__ import annotations

import json
import re
from typing import Any

from daemon.base.credential_claims import named_credentials
from daemon.base.redaction import (
    REDACT_PASSES,
    SecretHit,
    disjoint,
    find_secrets,
    marked,
    redact,
)

__all__ = ["redact_json", "redact_json_text", "redact_payload"]

_ESCAPE = re.compile(r'\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])')
_ESCAPED = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_CONTEXT = 64  # a longer key, or argv before an element, is not read as naming it
_SHORTEST = 3  # no value under this many characters is taken for a secret
_PAIR = 8  # an object of more members is not read as a name/value pair


def _json_like(text: str) -> bool:
    head = text.lstrip()[:1]
    return head in ("{", "[") and text.rstrip()[-1:] in ("}", "]")


def _after(context: str, value: str, close: str = "") -> list[SecretHit]:
    """The secrets of ``value`` as it reads after ``context`` (and before ``close``)."""
    shift, end = len(context), len(value)
    return [
        SecretHit(h.kind, max(h.start, shift) - shift, min(h.end - shift, end))
        for h in find_secrets(context + value + close, raw=True)
        if shift < h.end and h.start < shift + end
    ]


def _argv(items: list[Any], i: int) -> tuple[str, ...]:
    """The strings just before ``items[i]``: as many whole ones as :data:`_CONTEXT` holds,
    up to a value that is not a string."""
    words: list[str] = []
    size = 0
    for item in reversed(items[max(0, i - _CONTEXT) : i]):
        if not isinstance(item, str) or size + len(item) + 1 > _CONTEXT:
            break
        words.append(item)
        size += len(item) + 1
    return tuple(reversed(words))


def _keys(keys: tuple[str, ...], name: Any) -> tuple[str, ...]:
    """The keys that name a value under ``name``: ``name`` and those naming its object, the
    nearest ones that :data:`_CONTEXT` holds (``{"api_key": {"default": "…"}}`` reads as
    ``api_key: default: …``); none past a key that is blank, too long or not a string."""
    if not isinstance(name, str) or not name.strip() or len(name) > _CONTEXT:
        return ()
    kept = [name]
    size = len(name)
    for key in reversed(keys):
        size += len(key) + 2
        if size > _CONTEXT:
            break
        kept.append(key)
    return tuple(reversed(kept))


def _label(source: dict[Any, Any]) -> str | None:
    """The name a ``{"name": …, "value": …}`` pair gives its value (a header's, a variable's,
    a tag's: ``{"name": "DB_PASSWORD", "value": "…"}`` reads as ``DB_PASSWORD: …``)."""
    if len(source) > _PAIR:
        return None
    names = {k.casefold(): v for k, v in source.items() if isinstance(k, str)}
    label = names.get("name", names.get("key"))
    return label if "value" in names and isinstance(label, str) else None


# The keys a code-running tool takes its program under.
_PROGRAM_KEYS = frozenset(("code", "source", "script", "program", "snippet"))
# What a program's lines hold and a code's value does not: a call or an assignment.
_STATEMENT = re.compile(r"\w[ \t]*\(|\w[ \t]*=[ \t]*\S")


def _program(key: str, value: str) -> bool:
    """Whether ``value`` under ``key`` is a program (``{"code": "iban = '…'\\nprint(…)"}``):
    a key a code-running tool takes, lines, and a call or an assignment among them."""
    return key.lower() in _PROGRAM_KEYS and "\n" in value and _STATEMENT.search(value) is not None


def _read(value: str, keys: tuple[str, ...], argv: tuple[str, ...]) -> tuple[str, int]:
    """``value`` redacted as it reads after its key (or alone, when none names it), also
    as quoted JSON reads (``"key": "value"``), after the keys that name it and its object,
    and after the strings before it in its array (as quoted JSON reads them, and as a
    command line does when a flag comes just before: ``sshpass -p value``); and how many
    secrets it held. Each reading finds what it finds (a word before a value can make it
    read as an identifier), so every secret one of them finds goes; read again, as
    :func:`~daemon.base.redaction.redact` does, until nothing new is found."""
    if keys and _program(keys[-1], value):
        keys = ()  # a code-running tool's program: source code, read as any text is
    if not keys and not argv:
        return redact(value)
    contexts = [(f"{keys[-1]}: ", ""), (f'"{keys[-1]}": "', '"')] if keys else [("", "")]
    if len(keys) > 1:
        contexts.append(("".join(f"{key}: " for key in keys), ""))
    if argv:
        contexts.append(("".join(f'"{word}", ' for word in argv) + '"', '"'))
    if argv and argv[-1].startswith("-"):
        contexts.append(("".join(f"{word} " for word in argv), ""))
    total = 0
    for _ in range(REDACT_PASSES):
        found = [hit for context in contexts for hit in _after(context[0], value, context[1])]
        hits = disjoint(sorted(found, key=_first_longest))
        if not hits:
            break
        value, total = marked(value, hits), total + len(hits)
    return value, total


def _first_longest(hit: SecretHit) -> tuple[int, int]:
    return hit.start, -hit.end


class _Walk:
    """One JSON value redacted: a copy with every string scanned, and the secrets found."""

    def __init__(self) -> None:
        self.found = 0
        # Each reading once: a list of records repeats its keys and many of its values.
        self._readings: dict[tuple[str, tuple[str, ...], tuple[str, ...]], tuple[str, int]] = {}

    def string(self, value: str, keys: tuple[str, ...] = (), argv: tuple[str, ...] = ()) -> str:
        if len(value) < _SHORTEST:
            return value
        if _json_like(value):
            decoded = _decoded(value)
            if decoded is not None:
                walked = self.value(decoded)
                return value if walked is decoded else _encoded(walked)
        reading = self._readings.get((value, keys, argv))
        if reading is None:
            reading = self._readings[(value, keys, argv)] = _read(value, keys, argv)
        clean, found = reading
        self.found += found
        return clean

    def value(self, value: Any) -> Any:
        """``value`` itself when nothing in it held a secret, else a redacted copy."""
        before = self.found
        result: list[Any] = [None]
        stack: list[tuple[Any, Any, Any, tuple[str, ...], tuple[str, ...], bool]]
        stack = [(value, result, 0, (), (), False)]
        while stack:
            source, target, slot, keys, argv, told = stack.pop()
            if isinstance(source, str) and told and _bare_value(source):
                target[slot] = _SIBLING_MARK  # a record's other member names a credential
                self.found += 1
            elif isinstance(source, str):
                target[slot] = self.string(source, keys, argv)
            elif isinstance(source, dict):
                copy: dict[Any, Any] = {}
                label = _label(source)
                naming = _naming_member(source)
                public = _public_jwk(source)
                for name, item in source.items():
                    clean = self.string(name) if isinstance(name, str) else name
                    copy[clean] = None
                    if public and name in _JWK_PUBLIC and isinstance(item, str):
                        copy[clean] = item  # a public key's coordinates or modulus
                        continue
                    pair = (
                        label is not None and isinstance(name, str) and name.casefold() == "value"
                    )
                    told = (
                        naming is not None
                        and name != naming
                        and isinstance(name, str)
                        and name.casefold() in _VALUE_KEYS
                    )
                    stack.append(
                        (item, copy, clean, _keys(keys, label if pair else name), (), told)
                    )
                target[slot] = copy
            elif isinstance(source, list) and _bytes(source):
                target[slot] = _BYTES_MARK  # a key written as its bytes (a keypair file)
                self.found += 1
            elif isinstance(source, list):
                target[slot] = [None] * len(source)
                stack.extend(
                    (
                        item,
                        target[slot],
                        i,
                        keys,
                        _argv(source, i) if isinstance(item, str) else (),
                        False,
                    )
                    for i, item in enumerate(source)
                )
            else:
                target[slot] = source
        return value if self.found == before else result[0]


# A JSON Web Key (RFC 7517, 7518) holds its key type in ``kty``; an EC or OKP key's public
# part is its point (``x``, ``y``), an RSA key's its modulus and exponent (``n``, ``e``). A
# key with none of the private members (``d``, RSA's primes and their exponents, ``oth``, a
# symmetric key's ``k``) is a public key, published in a JWKS for anyone to read.
_JWK_PUBLIC = frozenset(("x", "y", "n", "e"))
_JWK_PRIVATE = frozenset(("d", "p", "q", "dp", "dq", "qi", "oth", "k"))


def _public_jwk(source: dict[Any, Any]) -> bool:
    """Whether ``source`` is a public JSON Web Key (see :data:`_JWK_PUBLIC`)."""
    return isinstance(source.get("kty"), str) and _JWK_PRIVATE.isdisjoint(source)


_BYTES_MARK = "[redacted:opaque_token]"
_SIBLING_MARK = "[redacted:credential]"


def _naming_member(source: dict[Any, Any]) -> Any:
    """In a small record (:data:`_PAIR` members at most), the key of the member whose key
    or string value names a password, a passphrase or a code (``{"label": "Grafana admin
    password", "value": "…"}``, ``{"password": "…"}`` read as its own key, ``{"question":
    "what is the wifi password?", "answer": "…"}``), or None: the other members' bare values
    under a key that holds a value (:data:`_VALUE_KEYS`) are what it names."""
    if len(source) > _PAIR:
        return None
    for name, item in source.items():
        for text in (name, item):
            if not isinstance(text, str) or len(text) > _CONTEXT * 2:
                continue
            if any(kind != "key" for _, kind in named_credentials(text)):
                return name
    return None


# The keys a record holds its value under (not a host, a port or a version's own name).
_VALUE_KEYS = frozenset(
    ("value", "val", "v", "content", "answer", "text", "data", "string", "input", "entry",
     "result", "response", "reply", "secret", "plaintext")
)  # fmt: skip
_NOT_A_VALUE = re.compile(r"v?\d+(?:\.\d+)+|\d{4}-\d{2}-\d{2}.*|https?://\S*|[^@\s]+@[^@\s]+\.\w+")


def _bare_value(value: str) -> bool:
    """A string of one word, four characters or more, that is no version, date, URL or
    e-mail address: what a record's credential names (a password of plain words too)."""
    bare = value.strip()
    if not 4 <= len(bare) <= 200 or any(c.isspace() for c in bare):
        return False
    return _NOT_A_VALUE.fullmatch(bare) is None and not bare.startswith("[redacted:")


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
    decoded = _decoded(text) if _json_like(text) else None
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
