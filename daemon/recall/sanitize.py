"""Making a memory safe to put in front of an agent: one capped line that cannot pose as
instructions, a heading, a role turn or a chat-template token.

A memory whose text reads as instructions aimed at an AI (``looks_like_injection``) is left
out altogether: no rewording makes it safe to show. Otherwise markup that could restructure
the prompt is neutralized and the text is folded onto one line.
"""

from __future__ import annotations

import re
import unicodedata

from daemon.extraction.guards import looks_like_injection, shorten

_ROLES = r"system|assistant|user|developer|tool|human|ai|model|instructions?"
_SPECIAL_TOKEN = re.compile(r"<\|[^|>]{0,40}\|?>|\[/?(?:INST|SYS)\]|<</?SYS>>", re.IGNORECASE)
_ROLE_TAG = re.compile(rf"</?\s*(?:{_ROLES}|memor(?:y|ies)|prompt)\b[^>]{{0,80}}>", re.IGNORECASE)
# Blanks other than newlines before a role: ``\s*`` would read every following blank line
# from each line start (quadratic on a run of newlines); the marker is then found on its own
# line, with the same result.
_ROLE_MARKER = re.compile(rf"^([^\S\n]*)(?:{_ROLES})\s*:", re.IGNORECASE | re.MULTILINE)
_HEADING = re.compile(r"^\s{0,3}(?:#{1,6}|={3,}|-{3,})\s*", re.MULTILINE)
_FENCE = re.compile(r"`{3,}|~{3,}")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SPACE = re.compile(r"\s+")


def poses_as_instructions(text: str) -> bool:
    return looks_like_injection(text) is not None


def neutralize(text: str) -> str:
    """Drop control characters and chat-template markup; fold the text onto one line."""
    text = _CONTROL.sub(" ", text)
    if not text.isascii():  # format characters: zero-width, bidirectional overrides
        text = "".join(" " if unicodedata.category(ch) == "Cf" else ch for ch in text)
    text = _SPECIAL_TOKEN.sub(" ", text)
    text = _ROLE_TAG.sub(" ", text)
    text = _ROLE_MARKER.sub(r"\1", text)
    text = _HEADING.sub("", text)
    text = _FENCE.sub("`", text)
    return _SPACE.sub(" ", text).strip()


def cap(text: str, max_chars: int) -> str:
    """``text`` cut at a word boundary to at most ``max_chars`` characters, with an ellipsis
    (no full stop left before it)."""
    return shorten(text, max_chars, trailing=" ,;:.-")


def joined(title: str, content: str) -> str:
    """``Title: content``, or the content alone when it begins with the title already."""
    head = title.rstrip(" .…")
    if not content or content == title:
        return title or content
    if not head or content.startswith(head):
        return content
    return f"{title}: {content}"


def safe_entry(
    title: str, content: str, *, title_chars: int, content_chars: int
) -> tuple[str, str] | None:
    """The title and content cleaned and capped, or None when the memory must not be shown."""
    if poses_as_instructions(title) or poses_as_instructions(content):
        return None
    clean_title = cap(neutralize(title), title_chars)
    clean_content = cap(neutralize(content), content_chars)
    if not clean_title and not clean_content:
        return None
    if poses_as_instructions(f"{clean_title}. {clean_content}"):
        return None
    return clean_title, clean_content
