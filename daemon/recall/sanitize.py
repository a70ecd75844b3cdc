"""Making a memory safe to put in front of an agent: one capped line that cannot pose as
instructions, a heading, a role turn or a chat-template token.

A memory whose text reads as instructions aimed at an AI is left out altogether: no
rewording makes it safe to show. The rule is the write guard's own
(:func:`daemon.gate.directives.verdict`, which reads the text as neutralized too), so a
memory accepted at write is never dropped here. Otherwise markup that could restructure
the prompt is neutralized and the text is folded onto one line.

What a teammate's session said is shown as their quoted report (:func:`reported`): the
quote cannot be closed from inside, and the name is reduced to the characters of a name.
"""

from __future__ import annotations

import functools
import re

from daemon.gate.directives import neutralize, planted, shown
from daemon.gate.prompt_injection import shorten

__all__ = [
    "cap",
    "joined",
    "name_of",
    "neutralize",
    "poses_as_instructions",
    "quoted",
    "reported",
    "safe_entry",
]

_QUOTES = re.compile('["\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\uff02]')
_NOT_NAME = re.compile(r"[^\w.@+-]+")
_NAME_CHARS = 40


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


@functools.lru_cache(maxsize=1024)
def safe_entry(
    title: str, content: str, *, title_chars: int, content_chars: int
) -> tuple[str, str] | None:
    """The title and content cleaned and capped, or None when the memory must not be shown.
    Remembered for the last 1,024 texts: the same memories head block after block, and
    judging one costs more than reading it."""
    if shown(title, content) is not None:  # the write guard's own rule
        return None
    clean_title = cap(neutralize(title), title_chars)
    clean_content = cap(neutralize(content), content_chars)
    if not clean_title and not clean_content:
        return None
    return clean_title, clean_content


def name_of(name: str) -> str:
    """``name`` reduced to the characters of a name (letters, digits, ``._@+-``), capped."""
    return _NOT_NAME.sub("", name)[:_NAME_CHARS]


def quoted(who: str, line: str) -> str:
    """``line`` (already safe and on one line) as what ``who`` (already a safe label)
    reported, quoted: the quotation marks inside become apostrophes, so the quote ends
    where the block says."""
    return f"{who} reported: \u201c{_QUOTES.sub(chr(39), line)}\u201d"


def reported(name: str, line: str) -> str:
    """``line`` as what teammate ``name`` reported (:func:`quoted`, the name reduced to
    :func:`name_of`)."""
    return quoted(name_of(name) or "a teammate", line)
