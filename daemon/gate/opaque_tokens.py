"""Opaque tokens a memory does not explain: refused, whatever rule would have named them.

Redaction (:mod:`daemon.base.redaction`) must tell a secret from the rest of a message, so it
takes a token for a secret only when something says so: a known prefix, a credential word,
a shape no identifier has. A memory is held to a stricter rule, because it is shared and
because refusing one costs one memory, not a conversation: a long random-looking token in a
memory must be named as a public identifier (a commit, a digest, a checksum, an id ...) in
the words just before it, or the memory is refused. A key of a vendor no rule knows, with
no keyword in a language no rule reads, is then refused by what it lacks rather than found
by what it is.

A token here: twenty characters or more of letters, digits and ``+/_=-``, with three digits
and three letters at least, not a UUID, not inside a URL's path, and not words joined into
an identifier (``test_merge_a40_timeout_handler``: most of its letters in runs that read as
words). Named: one of the identifier words (``commit``, ``sha256``, ``digest``, ``id`` ...)
stands among the eight words before it in its sentence, with no credential word between
(``the build's API key …`` is not named by ``build``). A ticket is a credential word: an issue
ticket's id is short (``EMB-1999``), a long random one is a login ticket (Perforce, Kerberos).

Linear: one regex pass for the tokens, a bounded look back for each.
"""

from __future__ import annotations

import re

__all__ = ["MARK", "opaque_tokens", "unexplained"]

#: What a refusal shows in place of an unexplained token.
MARK = "[redacted:opaque_token]"

# A token may follow "=" (``q-signature=cca7…``: a value in a query or an assignment).
_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,400}+=*+(?![A-Za-z0-9+/_=-])")
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
_HEX = re.compile(r"[0-9a-fA-F]+")
_WORDY_RUN = re.compile(r"[A-Z]?[a-z]{3,}")
_VOWELS = frozenset("aeiouAEIOU")
_LOOK_BACK = 80  # characters of the sentence before a token read for its name
_SENTENCE_END = re.compile(r"[.!?;\n](?:\s|$)")
_IDENTIFIER_WORD = re.compile(
    r"(?<![A-Za-z])(?:commits?|sha(?:-?1|-?256|-?384|-?512)?|hash(?:es)?|digests?|checksums?"
    r"|md5|fingerprints?|uuids?|guids?|ids?|uids?|oids?|revisions?|revs?|builds?|traces?"
    r"|requests?|etags?|blobs?|objects?|images?|releases?|versions?|tags?"
    r"|identifiers?|integrity)(?![A-Za-z])",
    re.IGNORECASE,
)
_CREDENTIAL_WORD = re.compile(
    r"(?<![A-Za-z])(?:key|keys|token|tokens|secret|secrets|password|passwords|pass|pwd"
    r"|credential|credentials|auth|signature|sig|seed|apikey|tickets?)(?![A-Za-z])",
    re.IGNORECASE,
)


def _identifier_like(token: str) -> bool:
    """Words joined into a name: most of its letters in runs that read as words. Hex is
    never words, whatever runs of a to f it holds (``cca78796af…edbbefce``)."""
    if _HEX.fullmatch(token):
        return False
    letters = sum(c.isalpha() for c in token)
    in_words = 0
    for run in _WORDY_RUN.findall(token):
        if sum(c in _VOWELS for c in run) >= 0.25 * len(run):
            in_words += len(run)
    return in_words >= 0.5 * letters


def _named(text: str, start: int) -> bool:
    """Whether an identifier word names the token at ``start`` (see the module)."""
    before = text[max(0, start - _LOOK_BACK) : start]
    ends = list(_SENTENCE_END.finditer(before))
    if ends:
        before = before[ends[-1].end() :]
    words = before.split()[-8:]
    named = False
    for word in words:  # the last word that speaks decides
        if _IDENTIFIER_WORD.search(word):
            named = True
        elif _CREDENTIAL_WORD.search(word):
            named = False
    return named


def _in_url(text: str, start: int) -> bool:
    edge = start
    while edge > 0 and not text[edge - 1].isspace() and start - edge < 400:
        edge -= 1
    word = text[edge:start]
    return "://" in word and not any(c in word[word.index("://") :] for c in "?#=@")


def opaque_tokens(text: str) -> list[tuple[int, int]]:
    """The spans of the opaque tokens of ``text`` that nothing before them names."""
    spans: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(text):
        token = m.group().rstrip("=")
        digits = sum(c.isdigit() for c in token)
        letters = sum(c.isalpha() for c in token)
        if digits < 3 or letters < 3 or len(token) < 20 or _UUID.search(token):
            continue
        if _identifier_like(token) or _in_url(text, m.start()) or _named(text, m.start()):
            continue
        spans.append(m.span())
    return spans


def unexplained(text: str) -> str | None:
    """``text`` with its unexplained opaque tokens replaced by :data:`MARK`, or None when it
    holds none."""
    spans = opaque_tokens(text)
    if not spans:
        return None
    parts: list[str] = []
    last = 0
    for start, end in spans:
        parts.append(text[last:start])
        parts.append(MARK)
        last = end
    parts.append(text[last:])
    return "".join(parts)
