"""Secret detection and redaction, run at ingestion and again on every memory write.

One precompiled alternation finds known credential formats (Stripe, OpenAI, AWS, GitHub,
Slack and Google keys, JWTs, PEM private keys), passwords inside URLs, and phrasings such
as ``the admin password is hunter2`` or ``DB_PASSWORD=...``. For URLs and phrasings only
the value is a hit. A substring scan finds the few offsets where a match can start and the
regex is tried only there, so text without any marker costs a few ``str.find`` calls.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["SecretHit", "find_secrets", "redact"]


@dataclass(frozen=True, slots=True)
class SecretHit:
    """A secret found at ``text[start:end]``."""

    kind: str
    start: int
    end: int


_TOKENS = (
    ("stripe_key", r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}|\bwhsec_[0-9A-Za-z]{20,}"),
    ("openai_key", r"\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{20,}"),
    ("aws_access_key_id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
    ("github_token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"),
    ("slack_token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    ("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"),
    (
        "private_key",
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
        r"(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s]*)",
    ),
)
_URL = r"://[^\s:/@?#]*:(?P<url_v>[^\s/@?#]+)@"
_KEYWORD = (
    r"(?i:passphrase|password|passwd|pwd|secret[_ -]?key|client[_ -]?secret|secret"
    r"|auth[_ -]?token|access[_ -]?token|token|api[_ -]?key|access[_ -]?key|private[_ -]?key)"
)
_ASSIGN = (
    rf"(?<![A-Za-z0-9])(?P<assign_k>{_KEYWORD})(?![A-Za-z0-9])\\?[\"']?"
    r"(?:\s+(?i:for|of|on|to|in)\s+[^\s:=]+(?:\s+[^\s:=]+){0,2})?"
    r"(?:\s*[:=]\s*|\s+(?i:is|was)(?:\s*:)?\s+)"
    r"(?P<assign_v>\\?\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|`[^`\n]{1,200}`"
    r"|[^\s\"'`,;\\]{1,200})"
)
_PATTERN = re.compile(
    "|".join(f"(?P<{kind}>{body})" for kind, body in _TOKENS)
    + f"|(?P<url_password>{_URL})|(?P<assign>{_ASSIGN})"
)
# Lower-case literals at which some branch of _PATTERN starts: only these offsets are tried.
_STARTS = (
    "sk_", "rk_", "whsec_", "sk-", "akia", "asia", "abia", "acca", "ghp_", "gho_", "ghu_",
    "ghs_", "ghr_", "github_pat_", "xox", "aiza", "eyj", "-----begin", "://", "passw",
    "passp", "pwd", "secret", "client", "access", "token", "api", "private",
)  # fmt: skip
# Values that follow a keyword in prose or code without being a credential.
_STOP_WORDS = (
    "a", "an", "the", "this", "that", "it", "not", "no", "none", "null", "nil", "true", "false",
    "yes", "empty", "blank", "unset", "set", "reset", "required", "optional", "missing",
    "wrong", "correct", "incorrect", "invalid", "valid", "expired", "stored", "saved",
    "changed", "rotated", "encrypted", "hashed", "hidden", "masked", "redacted", "secret",
    "password", "passwd", "token", "key", "same", "different", "still", "also", "now", "being",
    "too", "very", "in", "on", "at", "of", "for", "to", "from", "here", "there", "str",
    "string", "int", "bytes", "bool", "boolean", "any", "undefined", "number", "object",
    "unknown", "known", "weak", "strong", "long", "short", "case", "sensitive", "needed",
    "used", "given",
)  # fmt: skip
_STOP = frozenset(_STOP_WORDS)
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_WINDOWS_PATH = re.compile(r"[A-Za-z]:\\")
_MASK_CHARS = frozenset("*xX.-_•#")
_TRAILING = ".,;:)]}"  # sentence punctuation; "!" and "?" are kept as part of a value


def _weak(keyword: str) -> bool:
    low = keyword.lower()
    return low == "token" or low == "secret"


def _kind_of(keyword: str) -> str:
    low = keyword.lower()
    if "pass" in low or low == "pwd":
        return "password"
    if "token" in low:
        return "token"
    if "key" in low:
        return "api_key"
    return "secret"


def _plausible(value: str, *, weak: bool) -> bool:
    """Whether an assigned value looks like a credential rather than code, prose or a path."""
    if len(value) < 3 or value.lower() in _STOP:
        return False
    if value[0] in "$%{<[/~\\" or value.startswith(("./", "../", "http:", "https:")):
        return False
    if any(c in value for c in "()[]{}<>") or set(value) <= _MASK_CHARS:
        return False
    if _DOTTED.fullmatch(value) or _WINDOWS_PATH.match(value):
        return False
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    if weak:
        return len(value) >= 20 or (len(value) >= 8 and has_digit and has_alpha)
    return has_digit or not value.isalpha() or len(value) >= 4


def _starts(text: str) -> list[int] | None:
    """Sorted offsets where a match may start; None when lower-casing moved the offsets."""
    low = text.lower()
    if len(low) != len(text):
        return None
    found: set[int] = set()
    for marker in _STARTS:
        i = low.find(marker)
        while i >= 0:
            found.add(i)
            i = low.find(marker, i + 1)
    return sorted(found)


def _matches(text: str) -> Iterator[re.Match[str]]:
    """Candidate matches in order; the caller skips those starting before its position."""
    starts = _starts(text)
    if starts is None:
        yield from _PATTERN.finditer(text)
        return
    for start in starts:
        m = _PATTERN.match(text, start)
        if m is not None:
            yield m


def _assign_hit(text: str, m: re.Match[str]) -> SecretHit | None:
    start, end = m.span("assign_v")
    if text[start] == "\\":  # a JSON-escaped string: \"value\"
        start, end = start + 2, end - (2 if text[end - 2] == "\\" else 1)
    elif text[start] in "\"'`":
        start, end = start + 1, end - 1
    else:
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
    specific = _PATTERN.match(text, start)
    if specific is not None and specific.lastgroup not in (None, "assign", "url_password"):
        return SecretHit(specific.lastgroup, start, specific.end())
    keyword = m.group("assign_k")
    if not _plausible(text[start:end], weak=_weak(keyword)):
        return None
    return SecretHit(_kind_of(keyword), start, end)


def find_secrets(text: str) -> list[SecretHit]:
    """Every secret in ``text``, in order and without overlaps."""
    hits: list[SecretHit] = []
    pos = 0
    for m in _matches(text) if text else ():
        if m.start() < pos:
            continue
        kind = m.lastgroup or ""
        hit: SecretHit | None
        if kind == "assign":
            hit = _assign_hit(text, m)
        elif kind == "url_password":
            start, end = m.span("url_v")
            hit = SecretHit(kind, start, end) if _plausible(text[start:end], weak=False) else None
        else:
            hit = SecretHit(kind, m.start(), m.end())
        if hit is not None:
            hits.append(hit)
            pos = hit.end
    return hits


def redact(text: str) -> tuple[str, int]:
    """``text`` with each secret replaced by ``[redacted:<kind>]``, and how many there were."""
    hits = find_secrets(text)
    if not hits:
        return text, 0
    parts: list[str] = []
    last = 0
    for hit in hits:
        parts.append(text[last : hit.start])
        parts.append(f"[redacted:{hit.kind}]")
        last = hit.end
    parts.append(text[last:])
    return "".join(parts), len(hits)
