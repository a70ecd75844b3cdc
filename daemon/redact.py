"""Secret detection and redaction, run at ingestion and again on every memory write.

One precompiled alternation finds known credential formats (Stripe, OpenAI, AWS, GitHub,
Slack and Google keys, JWTs), passwords inside URLs, and phrasings such as ``the admin
password is hunter2`` or ``DB_PASSWORD=...``; PEM private keys are found apart. For URLs and
phrasings only the value is a hit. A substring scan finds the few offsets where a match can
start and the regex is tried only there, so text without any marker costs a few
``str.find`` calls.

Scanning takes time linear in the text, whatever the text: a start inside a hit already
found is not tried again; a failed attempt reads only up to the next separator (no branch
scans a run of characters in which a later start would fail the same way without being
skipped: an OpenAI key without a digit or a JWT without its dots marks its run as dead);
and a PEM block's end is looked up among the text's ``-----END`` lines, found once.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field

__all__ = ["SecretHit", "find_secrets", "redact"]


@dataclass(frozen=True, slots=True)
class SecretHit:
    """A secret found at ``text[start:end]``."""

    kind: str
    start: int
    end: int


_TOKENS = (
    ("stripe_key", r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}|\bwhsec_[0-9A-Za-z]{20,}"),
    # Runs are possessive: a failed attempt never backtracks through a long run. An OpenAI
    # key holds a digit, checked on the match (_Scan.attempt) rather than by a lookahead.
    ("openai_key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}+"),
    ("aws_access_key_id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
    ("github_token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"),
    ("slack_token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    ("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
    ("jwt", r"\beyJ[A-Za-z0-9_-]{8,}+\.eyJ[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]*+"),
)
# A PEM private key runs from its BEGIN line to the first END line after it or, without one,
# over the base64 that follows. Its END lines are looked up once per text (see _Scan).
_PEM_BEGIN = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
_PEM_END = re.compile(r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
_PEM_BODY = re.compile(r"[A-Za-z0-9+/=\s]*+")
_JWT_HEAD = re.compile(r"\beyJ")
_RUN = re.compile(r"[A-Za-z0-9_-]*+")
_DIGIT = re.compile(r"\d")
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


def _starts(text: str) -> list[int]:
    """Sorted offsets where a match may start."""
    low = text.lower()
    if len(low) != len(text):  # "İ" lower-cases to two characters; the regex reads it as "i"
        low = text.replace("\u0130", "i").lower()
    found: set[int] = set()
    for marker in _STARTS:
        i = low.find(marker)
        while i >= 0:
            found.add(i)
            i = low.find(marker, i + 1)
    return sorted(found)


def _run_end(text: str, start: int) -> int:
    run = _RUN.match(text, start)
    return run.end() if run else start


def _jwt_read(text: str, start: int) -> int | None:
    """Where a failed JWT attempt at ``start`` stopped reading: an "eyJ" start before that
    fails too (its header is a shorter part of the same run, with the same payload)."""
    if _JWT_HEAD.match(text, start) is None:
        return None  # no word boundary: a later start may still match
    end = _run_end(text, start + 3)
    if end - start - 3 >= 8 and text.startswith(".eyJ", end):  # the payload failed
        end = _run_end(text, end + 4)
    return end


@dataclass(slots=True)
class _Scan:
    """One text being scanned: runs known to hold no match of a kind, and the PEM END
    lines once looked up. Both keep every start to work bounded by the run it reads."""

    text: str
    dead: dict[str, int] = field(default_factory=dict)
    pem_ends: list[tuple[int, int]] | None = None

    def attempt(self, start: int) -> SecretHit | re.Match[str] | None:
        """The match at ``start``: a hit for a known format, the match of a URL password
        or an assignment for the caller to judge, or None."""
        text = self.text
        if text.startswith("-----BEGIN", start):
            return self._pem(start)
        kind = "openai_key" if text.startswith("sk-", start) else None
        kind = "jwt" if text.startswith("eyJ", start) else kind
        if kind is not None and start < self.dead.get(kind, 0):
            return None
        m = _PATTERN.match(text, start)
        if m is None:
            if kind == "jwt" and (read := _jwt_read(text, start)) is not None:
                self.dead[kind] = read
            return None
        if m.lastgroup == "openai_key" and _DIGIT.search(text, start, m.end() + 1) is None:
            self.dead["openai_key"] = m.end()  # what follows a later "sk-" here: no digit
            return None
        if m.lastgroup in ("assign", "url_password"):
            return m
        return SecretHit(m.lastgroup or "", start, m.end())

    def _pem(self, start: int) -> SecretHit | None:
        head = _PEM_BEGIN.match(self.text, start)
        if head is None:
            return None
        if self.pem_ends is None:
            self.pem_ends = _pem_ends(self.text)
        i = bisect_left(self.pem_ends, (head.end(), -1))
        if i < len(self.pem_ends):
            return SecretHit("private_key", start, self.pem_ends[i][1])
        body = _PEM_BODY.match(self.text, head.end())
        return SecretHit("private_key", start, body.end() if body else head.end())


def _pem_ends(text: str) -> list[tuple[int, int]]:
    """Spans of the text's PEM END lines, in order."""
    ends: list[tuple[int, int]] = []
    i = text.find("-----END ")
    while i >= 0:
        if (m := _PEM_END.match(text, i)) is not None:
            ends.append(m.span())
        i = text.find("-----END ", i + 1)
    return ends


def _assign_hit(scan: _Scan, m: re.Match[str]) -> SecretHit | None:
    text = scan.text
    start, end = m.span("assign_v")
    if text[start] == "\\":  # a JSON-escaped string: \"value\"
        start, end = start + 2, end - (2 if text[end - 2] == "\\" else 1)
    elif text[start] in "\"'`":
        start, end = start + 1, end - 1
    else:
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
    specific = scan.attempt(start)
    if isinstance(specific, SecretHit):
        return specific
    keyword = m.group("assign_k")
    if not _plausible(text[start:end], weak=_weak(keyword)):
        return None
    return SecretHit(_kind_of(keyword), start, end)


def find_secrets(text: str) -> list[SecretHit]:
    """Every secret in ``text``, in order and without overlaps."""
    hits: list[SecretHit] = []
    scan = _Scan(text)
    pos = 0
    for start in _starts(text) if text else ():
        if start < pos:
            continue
        found = scan.attempt(start)
        hit: SecretHit | None
        if found is None or isinstance(found, SecretHit):
            hit = found
        elif found.lastgroup == "assign":
            hit = _assign_hit(scan, found)
        else:
            v_start, v_end = found.span("url_v")
            plausible = _plausible(text[v_start:v_end], weak=False)
            hit = SecretHit("url_password", v_start, v_end) if plausible else None
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
