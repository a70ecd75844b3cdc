"""Data written in base64: JSON or XML text that a reader decodes to see.

A run of base64 is read as a key by its shape alone (:mod:`daemon.base.entropy`,
:mod:`daemon.base.raw_material`). But a JWT's header pasted alone (``eyJhbGciOi…``), a
config map's sample payload or an e-invoice's attachment is base64 of text, JSON or XML,
which anyone decodes: it is a key only if the text it holds holds one. :func:`decoded_data`
gives that text (standard or URL-safe base64, padded or not, a cut tail dropped to the last
whole group), or None when the run decodes to anything else (random bytes, a word, a
password) or to a bearer document (a signed SAML assertion, an authorization) or to data
naming a credential in any word of the table (a field ``pwd``, ``code``, ``mot_de_passe``:
:func:`daemon.base.credential_claims.names_any_credential`), whatever its value looks like:
a value the rules miss inside decoded data must not make the whole run kept.
:mod:`daemon.base.redaction` keeps the run when the text holds no secret.

Linear: one decode of each run, bounded by :data:`_MOST` characters.
"""

from __future__ import annotations

import base64
import binascii
import re

from daemon.base.credential_claims import names_any_credential

__all__ = ["decoded_data"]

_BASE64 = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
_MOST = 64 * 1024  # characters of a run decoded at most
# What JSON or XML text opens with: an object, an array of objects, a declaration or a tag.
_OPENS = re.compile(r"\s*(?:\{\s*\"|\[\s*\{|<[?A-Za-z])")
# What a bearer document holds: a signature or an assertion (a SAML response), an
# authorization (``"auth": "Basic …"``), or a word of a credential: the run is a credential
# whatever else the text says.
_BEARER = re.compile(r"(?i)signature|assertion|auth|token|secret|passw|credential|private")


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
    if _BEARER.search(text) is not None or names_any_credential(text):
        return None  # a signed assertion (``SAMLResponse=…``), a credential's field
    return text
