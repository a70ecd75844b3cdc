# ruff: noqa: RUF002
"""The plain reading of a disguised text: what a reader sees, for the scanners to read.

A secret can be hidden from a scanner without hiding it from a person: invisible characters
inside it (zero-width spaces and joiners, word joiners, byte order marks, soft hyphens),
letters of another script that look the same in a credential word (``раsswоrd`` with a
Cyrillic ``р``, ``а`` and ``о``), full-width forms (``ｐａｓｓｗｏｒｄ``). :func:`plain_view`
gives the text without the invisible characters, with the look-alike letters of words that
mix Latin with Cyrillic or Greek and the full-width forms read as the ASCII they look like,
and where each of its characters was in the text, so a secret found in the view is cut
from the text itself. A word written in Cyrillic or Greek alone is left as it is
(``пароль`` is a word, not a disguise).

Linear in the text: one pass to drop and fold, one regex pass for the mixed words.
"""

from __future__ import annotations

import re

__all__ = ["end_of", "plain_view"]

_INVISIBLE = frozenset("\u00ad\u180e\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff")
# Cyrillic and Greek letters drawn like Latin ones.
_LOOK_ALIKES = str.maketrans(
    "аеорсуххіјѕԁһԛԝАВЕКМНОРСТХУІЈЅαβεικνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxxijsdhqwABEKMHOPCTXYIJSabeiknoptuxABEZHIKMNOPTYX",
)
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_MIXED = re.compile(r"[A-Za-z][\u0370-\u03ff\u0400-\u04ff]|[\u0370-\u03ff\u0400-\u04ff][A-Za-z]")
_WORD = re.compile(r"\w")
#: A JSON (or Python) escape of one character, as a text that is not JSON can still hold
#: (``contrase\u00f1a``): read as the character it stands for.
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def _disguised(text: str) -> bool:
    if "\\u" in text and _ESCAPE.search(text) is not None:
        return True
    return not text.isascii() and (
        any(c in _INVISIBLE for c in text)
        or _MIXED.search(text) is not None
        or any(0xFF01 <= ord(c) <= 0xFF5E for c in text)
    )


def end_of(text: str, offset: int) -> int:
    """Where the character of the view found at ``offset`` of ``text`` ends there (after
    its escape, when it was written as one)."""
    found = _ESCAPE.match(text, offset)
    return found.end() if found else offset + 1


def plain_view(text: str) -> tuple[str, list[int]] | None:
    """The text as a reader sees it and, for each of its characters, its offset in ``text``;
    None when the text hides nothing (then the text is its own view)."""
    if not _disguised(text):
        return None
    chars = list(text)
    folded_to = 0
    for m in _MIXED.finditer(text):
        if m.start() < folded_to:
            continue
        start, end = m.start(), m.end()
        while start > 0 and _WORD.match(text[start - 1]):
            start -= 1
        while end < len(text) and _WORD.match(text[end]):
            end += 1
        for i in range(start, end):
            chars[i] = chars[i].translate(_LOOK_ALIKES)
        folded_to = end
    escapes = {m.start(): m for m in _ESCAPE.finditer(text)} if "\\u" in text else {}
    view: list[str] = []
    where: list[int] = []
    i = 0
    while i < len(chars):
        escape = escapes.get(i)
        if escape is not None:
            view.append(chr(int(escape.group(1), 16)))
            where.append(i)
            i = escape.end()
            continue
        if chars[i] not in _INVISIBLE:
            view.append(chars[i].translate(_FULL_WIDTH))
            where.append(i)
        i += 1
    return "".join(view), where
