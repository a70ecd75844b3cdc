"""Data written in base64: JSON or XML text that a reader decodes to see.

A run of base64 is read as a key by its shape alone (:mod:`daemon.base.entropy`,
:mod:`daemon.base.raw_material`). But a JWT's header pasted alone (``eyJhbGciOi…``), a
config map's sample payload or an e-invoice's attachment is base64 of text, JSON or XML,
which anyone decodes: it is a key only if the text it holds holds one. :func:`decoded_data`
gives that text (standard or URL-safe base64, padded or not, a cut tail dropped to the last
whole group), or None when the run decodes to anything else (random bytes, a word, a
password) or to a bearer document (a signed SAML assertion, a field naming a credential):
:mod:`daemon.base.redaction` keeps the run when the text holds no secret.

Linear: one decode of each run, bounded by :data:`_MOST` characters.
"""

from __future__ import annotations

import base64
import binascii
import re

__all__ = ["decoded_data"]

_BASE64 = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
_MOST = 64 * 1024  # characters of a run decoded at most
# What JSON or XML text opens with: an object, an array of objects, a declaration or a tag.
_OPENS = re.compile(r"\s*(?:\{\s*\"|\[\s*\{|<[?A-Za-z])")
# What a bearer document holds: a signature or an assertion (a SAML response), or a word of
# a credential: the run is a credential whatever else the text says.
_BEARER = re.compile(r"(?i)signature|assertion|token|secret|passw|credential|private")


def decoded_data(run: str) -> str | None:
    """The JSON or XML text ``run`` is base64 of (see the module), or None."""
    if len(run) > _MOST or _BASE64.fullmatch(run) is None:
        return None
    body = run.rstrip("=").replace("+", "-").replace("/", "_")
    body = body[: len(body) // 4 * 4]
    try:
        text = base64.urlsafe_b64decode(body).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    if _OPENS.match(text) is None or not all(c.isprintable() or c in "\n\r\t" for c in text):
        return None
    if _BEARER.search(text) is not None:
        return None  # a signed assertion (``SAMLResponse=…``), a credential's field
    return text
