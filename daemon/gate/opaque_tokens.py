"""Opaque tokens a memory does not explain: refused, whatever rule would have named them.

Redaction (:mod:`daemon.base.redaction`) must tell a secret from the rest of a message, so it
takes a token for a secret only when something says so: a known prefix, a credential word,
a shape no identifier has; and it clears raw material of every opaque token on top
(:mod:`daemon.base.raw_material`). A memory is held to the same shapes, refused rather than
cut: a long random-looking token in a memory must be named as a public identifier (a commit,
a digest, a checksum, an id ...) in the words just before it, or the memory is refused. A key
of a vendor no rule knows, with no keyword in a language no rule reads, is then refused by
what it lacks rather than found by what it is. So are a UUID a credential word announces, a
key typed in groups, a list of one-time codes, a webhook's path and a signed path segment
(:func:`daemon.base.raw_material.shared_spans`: the module owns the shapes, this one the
verdict on a memory).

A token here: twenty characters or more of letters, digits and ``+/_=-``, with two digits
and three letters at least, not a UUID, and not words joined into an identifier
(``test_merge_a40_timeout_handler``). Named: one of the identifier words (``commit``,
``sha256``, ``digest``, ``id`` ...) stands among the eight words before it in its sentence
(a URL's path segments among them), with no credential word between (``the build's API key
…`` is not named by ``build``). A ticket is a credential word: an issue ticket's id is short
(``EMB-1999``), a long random one is a login ticket (Perforce, Kerberos).

Linear: one regex pass a shape, a bounded look back for each token.
"""

from __future__ import annotations

from daemon.base.raw_material import replace_spans, shared_spans

__all__ = ["MARK", "opaque_tokens", "unexplained"]

#: What a refusal shows in place of an unexplained token.
MARK = "[redacted:opaque_token]"


def opaque_tokens(text: str) -> list[tuple[int, int]]:
    """The spans of the tokens of ``text`` that nothing before them names (see the module)."""
    return shared_spans(text)


def unexplained(text: str) -> str | None:
    """``text`` with its unexplained opaque tokens replaced by :data:`MARK`, or None when it
    holds none."""
    spans = opaque_tokens(text)
    if not spans:
        return None
    return replace_spans(text, spans, MARK)
