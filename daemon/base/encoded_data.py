"""Data written in base64: JSON or XML text that a reader decodes to see, or a document's or
an image's file.

A run of base64 is read as a key by its shape alone (:mod:`daemon.base.entropy`,
:mod:`daemon.base.raw_material`). But a JWT's header pasted alone (``eyJhbGciOi…``), a
config map's sample payload or an e-invoice's attachment is base64 of text, JSON or XML,
which anyone decodes: it is a key only if the text it holds holds one. So is a shipping
label's PDF or a thumbnail's PNG (``JVBERi0x…``, ``iVBORw0KGgo…``): the file's signature
says what it is, and the text in its bytes (a PDF's compressed streams inflated) is read the
same way. :func:`decoded_data`
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
import zlib

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


# What a file of a document or an image format opens with (PDF, PNG, GIF, JPEG, WebP's RIFF):
# a label, a thumbnail, a scan. Its text (the runs of printable characters it holds) is
# what is read for a secret.
_FILE_SIGNATURES = (b"%PDF-", b"\x89PNG\r\n\x1a\n", b"GIF87a", b"GIF89a", b"\xff\xd8\xff", b"RIFF")
_PRINTABLE_RUN = re.compile(rb"[\x20-\x7e\t\r\n]{4,}")


def _file_text(data: bytes) -> str | None:
    """The printable runs of a document's or an image's bytes, one a line, a PDF's
    compressed streams' too; None for other bytes, or a stream that cannot be read."""
    if not data.startswith(_FILE_SIGNATURES):
        return None
    if data.startswith(b"RIFF") and data[8:12] != b"WEBP":
        return None
    chunks = [data]
    if data.startswith(b"%PDF-"):
        for m in _STREAM.finditer(data):
            inflated = _inflated(m.group(1))
            if inflated is None:
                return None  # a stream whose text cannot be read: not known to hold none
            chunks.append(inflated)
    return "\n".join(
        run.decode("ascii") for chunk in chunks for run in _PRINTABLE_RUN.findall(chunk)
    )


# A PDF's stream: its bytes between ``stream`` and ``endstream`` (or the data's end, cut).
_STREAM = re.compile(rb"stream\r?\n(.*?)(?:endstream|\Z)", re.DOTALL)
_INFLATED_MOST = 256 * 1024  # bytes a stream may inflate to


def _inflated(stream: bytes) -> bytes | None:
    """A stream's bytes inflated (FlateDecode, the text's usual filter), at most
    :data:`_INFLATED_MOST`; the bytes themselves when they are no zlib data (an image's);
    None when they inflate past the bound."""
    try:
        inflater = zlib.decompressobj()
        out = inflater.decompress(stream, _INFLATED_MOST)
    except zlib.error:
        return stream
    return None if inflater.unconsumed_tail else out


def decoded_data(run: str) -> str | None:
    """The JSON or XML text ``run`` is base64 of, or the text of a document or an image it
    is (see the module), or None."""
    if len(run) > _MOST or _BASE64.fullmatch(run) is None:
        return None
    body = run.rstrip("=").replace("+", "-").replace("/", "_")
    body = body[: len(body) // 4 * 4]
    try:
        data = base64.urlsafe_b64decode(body)
    except (binascii.Error, ValueError):
        return None
    text = _file_text(data)
    if text is not None:
        # A file's names are its format's (a PDF's ``/FlateDecode`` is no code): its words of
        # a bearer document, and what the caller reads it for, decide.
        return None if _BEARER.search(text) else text
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if _OPENS.match(text) is None or not all(c.isprintable() or c in "\n\r\t" for c in text):
        return None
    if _BEARER.search(text) is not None or names_any_credential(text):
        return None  # a signed assertion (``SAMLResponse=…``), a credential's field
    return text
