"""Pure checks shared by every extractor, applied to each proposed memory before it is written.

Relative dates made absolute against the turn's time, the normalized duplicate hash,
instruction-like text, and :func:`check_op`, which returns a cleaned op or a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from daemon.base.redaction import REDACTED, find_secrets, redact
from daemon.base.scope import ScopeKey
from daemon.base.text import storable
from daemon.extraction.base import MEMORY_CLASSES, MEMORY_TYPES, MemoryOp, Refusal
from daemon.gate.dates import resolve_relative_dates
from daemon.gate.directives import verdict
from daemon.gate.refusal import Reason
from daemon.gate.substance import ToolOutputs, junk_reason
from daemon.store.memory.record import content_hash, normalize

if TYPE_CHECKING:
    from daemon.base.settings import ExtractionSettings

__all__ = [
    "Limits",
    "check_op",
    "content_hash",
    "looks_like_injection",
    "normalize",
    "resolve_relative_dates",
]

_INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget|override)\s+(?:(?:all|any)\s+(?:of\s+)?)?(?:the\s+|my\s+)?"
    r"(?:previous|prior|above|earlier|preceding|original|system|all|your)\s+"
    r"(?:instructions?|prompts?|rules|directions|guidelines)\b"
    r"|\b(?:ignore|disregard|forget)\s+(?:all\s+|everything\s+)?(?:of\s+)?(?:the\s+)?"
    r"(?:above|previous|prior)(?=\s*(?:[.,;:!]|$|and\b|messages?\b))"
    r"|\byou\s+are\s+now\b|\bnew\s+instructions\s*:|(?-i:\bSYSTEM\s*:)|<\|?im_start\|?>"
    r"|(?:^|(?<=[.!?:;])\s+|\b(?:please|and|then|now|also)\s+)"
    r"(?:save|store|write|create|add|record)\s+(?:a\s+|an\s+|the\s+|this\s+|these\s+)?"
    r"(?:new\s+)?(?:(?:durable|permanent|persistent|priority|long-term)\s+)?memor(?:y|ies)\b"
    r"|\b(?:reveal|print|repeat|show)\s+(?:me\s+)?(?:your|the)\s+system\s+prompt\b"
    r"|\bdo\s+not\s+(?:tell|inform)\s+the\s+user\b",
    re.IGNORECASE | re.MULTILINE,
)
_ADDRESSED = re.compile(
    r"\b(?:assistant|AI|LLM|agent|claude|gpt|chatgpt|copilot|language model)\b"
    r"|\byou\s+(?:must|should|will|are|need\s+to)\b|\byour\s+(?:task|job|instructions)\b",
    re.IGNORECASE,
)
_INJECTION_HINTS = (
    "ignore", "disregard", "forget", "override", "you are now", "instructions", "system",
    "im_start", "memor", "<!--", "do not tell", "do not inform",
)  # fmt: skip
_SENTENCE_END = re.compile(r"(?<=[.!?])\s|\n")
_EXCERPT_CHARS = 160
_PREVIEW_CHARS = 200


@dataclass(frozen=True, slots=True)
class Limits:
    """Size caps on what a memory may hold."""

    max_title_chars: int
    max_content_chars: int

    @classmethod
    def from_settings(cls, settings: ExtractionSettings) -> Limits:
        return cls(settings.max_title_chars, settings.max_content_chars)


def _comments(text: str) -> Iterator[tuple[int, str]]:
    """Each ``<!-- ... -->`` comment: where it starts and its body. Found with ``str.find``:
    a lazy regex would read to the end of the text from every unclosed ``<!--``."""
    start = text.find("<!--")
    while start >= 0:
        end = text.find("-->", start + 4)
        if end < 0:
            return
        yield start, text[start + 4 : end]
        start = text.find("<!--", end + 3)


def _injection_at(text: str) -> int | None:
    starts = [start for start, body in _comments(text) if _addressed(body)]
    if found := _INJECTION.search(text):
        starts.append(found.start())
    return min(starts, default=None)


def _addressed(body: str) -> bool:
    return _ADDRESSED.search(body) is not None or _INJECTION.search(body) is not None


def shorten(text: str, cap: int, *, trailing: str = " ,;:-") -> str:
    """``text`` cut at a word boundary to at most ``cap`` characters, ``trailing``
    punctuation dropped before the ellipsis."""
    if len(text) <= cap:
        return text
    cut = text[: cap - 1]
    space = cut.rfind(" ")
    if space > cap // 2:
        cut = cut[:space]
    return cut.rstrip(trailing) + "…"


def looks_like_injection(text: str) -> str | None:
    """A short, redacted excerpt when ``text`` holds instructions aimed at an AI, else None."""
    low = text.lower()
    if not any(hint in low for hint in _INJECTION_HINTS) or _injection_at(text) is None:
        return None
    safe, _ = redact(text)
    start = _injection_at(safe) or 0
    return shorten(" ".join(safe[start : start + 4 * _EXCERPT_CHARS].split()), _EXCERPT_CHARS)


def _preview(text: str) -> str:
    return shorten(" ".join(redact(text)[0].split()), _PREVIEW_CHARS)


def _first_sentence(content: str) -> str:
    first = _SENTENCE_END.split(content, maxsplit=1)[0]
    if not any(ch.isalnum() for ch in first):  # "... The fact.": the first has no words
        first = content
    return " ".join(first.split()).rstrip(".")


def check_op(
    op: MemoryOp,
    scope: ScopeKey,
    limits: Limits,
    at: datetime | None = None,
    tools: ToolOutputs | None = None,
) -> MemoryOp | Refusal:
    """The op cleaned up (trimmed, made storable, dates resolved, title derived or
    shortened), or why not (junk too: see :mod:`daemon.gate.substance`; ``tools``: the
    batch's tool outputs)."""
    turn = op.turns[0] if op.turns else None

    def refuse(reason: str, text: str = "", kind: Reason = Reason.TAXONOMY) -> Refusal:
        preview = _preview(text or op.content or op.title)
        return Refusal(reason=reason, text=preview, turn=turn, kind=kind)

    if op.action == "delete":
        if op.memory_id is None:
            return refuse("delete without a memory id", kind=Reason.NOT_FOUND)
        return op
    if op.action not in ("create", "update"):
        return refuse(f"unknown action {op.action!r}")
    if op.action == "update" and op.memory_id is None:
        return refuse("update without a memory id", kind=Reason.NOT_FOUND)
    if op.type not in MEMORY_TYPES:
        return refuse(f"unknown type {op.type!r}")
    if op.memory_class not in MEMORY_CLASSES:
        return refuse(f"unknown class {op.memory_class!r}")
    if op.type == "user" and not scope.user:
        return refuse("user memory without a user in scope", kind=Reason.SCOPE)
    # NUL and lone surrogates (a model's JSON answer can hold them) as U+FFFD: PostgreSQL
    # refuses the first and no encoder takes the second, so the commit would fail on them.
    title, content = storable(" ".join(op.title.split())), storable(op.content.strip())
    if not content:
        return refuse("empty content", title, Reason.EMPTY)
    # A secret, or the mark a secret redacted at ingestion left: a memory is refused rather
    # than stored with its secret cut out of a sentence that still points at it.
    for field_text in (content, title):
        if REDACTED.search(field_text) or find_secrets(field_text):
            safe = shorten(redact(field_text)[0], limits.max_content_chars)
            return Refusal(reason="secret", text=safe, turn=turn, kind=Reason.SECRET)
    if excerpt := looks_like_injection(f"{title}\n{content}"):
        return Refusal(
            reason="instruction-like content", text=excerpt, turn=turn, kind=Reason.DIRECTIVE
        )
    if at is not None:
        title, content = resolve_relative_dates(title, at), resolve_relative_dates(content, at)
    if len(content) > limits.max_content_chars:
        cap = limits.max_content_chars
        return refuse(f"content over {cap} characters", content, Reason.SIZE)
    title = shorten(title or _first_sentence(content), limits.max_title_chars)
    if junk := junk_reason(title, content, tools):
        return refuse(junk, kind=Reason.JUNK)
    if reason := verdict(title, content):  # what recall would leave out is never stored
        return refuse(reason, f"{title}\n{content}", Reason.DIRECTIVE)
    return replace(op, title=title, content=content)
