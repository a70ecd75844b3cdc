"""Making a memory safe to put in front of an agent: one capped line that cannot pose as
instructions, a heading, a role turn or a chat-template token.

A memory whose text reads as instructions aimed at an AI is left out altogether: no
rewording makes it safe to show. The rule is the write guard's own
(:func:`daemon.extraction.directives.verdict`, which reads the text as neutralized too), so a
memory accepted at write is never dropped here. Otherwise markup that could restructure
the prompt is neutralized and the text is folded onto one line.
"""

from __future__ import annotations

from daemon.extraction.directives import neutralize, planted, verdict
from daemon.extraction.guards import shorten

__all__ = ["cap", "joined", "neutralize", "poses_as_instructions", "safe_entry"]


def poses_as_instructions(text: str) -> bool:
    return planted("", text) is not None


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
    if verdict(title, content) is not None:  # the write guard's own rule
        return None
    clean_title = cap(neutralize(title), title_chars)
    clean_content = cap(neutralize(content), content_chars)
    if not clean_title and not clean_content:
        return None
    return clean_title, clean_content
