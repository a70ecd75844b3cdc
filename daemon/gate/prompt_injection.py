"""Text that addresses an AI with instructions ("ignore the previous instructions", a hidden
comment telling the agent what to do): :func:`looks_like_injection` finds it and returns a
short, redacted excerpt; :func:`shorten` cuts text at a word boundary."""

from __future__ import annotations

import re
from collections.abc import Iterator

from daemon.base.redaction import redact

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
_EXCERPT_CHARS = 160


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
