# ruff: noqa: RUF002
"""The plain reading of a disguised text: what a reader sees, for the scanners to read.

A secret can be hidden from a scanner without hiding it from a person: invisible characters
inside it (zero-width spaces and joiners, word joiners, byte order marks, soft hyphens),
letters of another script that look the same in a credential word (``раsswоrd`` with a
Cyrillic ``р``, ``а`` and ``о``), full-width forms (``ｐａｓｓｗｏｒｄ``). :func:`plain_view`
gives the text without the invisible characters, with the look-alike letters of words that
mix Latin with Cyrillic or Greek and the full-width forms read as the ASCII they look like,
the escapes a text can carry read as their characters (JSON's ``\\u00f1``, HTML's ``&#x72;``,
quoted-printable's ``=3D`` and soft line breaks, a shell's line continuation), a value spelt
out one character at a time
(``C a s t o r - 5 0 7 2``, ``k, 7, W, m, Q, 2, z``) read without its spaces and commas,
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
#: An HTML character reference (``&#x72;``, ``&#114;``): read as its character.
_ENTITY = re.compile(r"&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));")
#: A shell's line continuation (a backslash ending a line), read or JSON-escaped: a value
#: cut by one is read whole.
_CONTINUATION = re.compile(r"\\\r?\n|\\\\\\n")
#: Quoted-printable's ``=`` (``=3D``) and its soft line break (``=`` ending a line).
_QUOTED_PRINTABLE = re.compile(r"=3D|=\r?\n")
#: A value spelt out one character at a time (``C a s t o r - 5 0 7 2``): seven characters
#: or more, each alone between single spaces. Read with the spaces left out.
_SPELT_MIN = 7
_SPACED = re.compile(rf"(?<!\S)\S(?: \S(?!\S)){{{_SPELT_MIN - 1},}}+")
_SPACED_HINT = re.compile(r" \S \S \S \S \S ")  # led by a space: found at C speed
#: The same with a comma after each character (``k, 7, W, m, Q, 2, z``): read without the
#: commas and spaces when the characters mix letters with digits or both cases, as a value
#: does (a list of options, ``a, b, c, d``, or of steps, ``1, 2, 3``, mixes neither).
_COMMAS = re.compile(rf"(?<![^\s:?!(])[^\W_](?:, [^\W_](?![^\W_])){{{_SPELT_MIN - 1},}}+")
_COMMAS_HINT = re.compile(r", [^\W_], [^\W_], [^\W_], ")  # led by a literal


def _mixes(chars: str) -> bool:
    """Whether ``chars`` mix letters with digits, or upper with lower case."""
    lower = any(c.islower() for c in chars)
    upper = any(c.isupper() for c in chars)
    return (any(c.isdigit() for c in chars) and (lower or upper)) or (lower and upper)


def _spelt_with_commas(text: str) -> list[re.Match[str]]:
    """The runs of characters spelt one at a time with a comma after each, that mix."""
    if _COMMAS_HINT.search(text) is None:
        return []
    return [m for m in _COMMAS.finditer(text) if _mixes(m.group()[::3])]


def _disguised(text: str) -> bool:
    if "\\u" in text and _ESCAPE.search(text) is not None:
        return True
    if "&#" in text and _ENTITY.search(text) is not None:
        return True
    if "=3D" in text or (_SPACED_HINT.search(text) and _SPACED.search(text) is not None):
        return True
    if _spelt_with_commas(text):
        return True
    if "\\" in text and _CONTINUATION.search(text) is not None:
        return True
    return not text.isascii() and (
        any(c in _INVISIBLE for c in text)
        or _MIXED.search(text) is not None
        or any(0xFF01 <= ord(c) <= 0xFF5E for c in text)
    )


def _character(code: int) -> str:
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"


def _escapes(text: str) -> dict[int, tuple[int, str]]:
    """Where each escape of ``text`` starts: where it ends and what it stands for."""
    found: dict[int, tuple[int, str]] = {}
    if "\\u" in text:
        for m in _ESCAPE.finditer(text):
            found[m.start()] = (m.end(), chr(int(m.group(1), 16)))
    if "&#" in text:
        for m in _ENTITY.finditer(text):
            code = int(m.group(1), 16) if m.group(1) else int(m.group(2))
            found[m.start()] = (m.end(), _character(code))
    if "=3D" in text:
        for m in _QUOTED_PRINTABLE.finditer(text):
            found[m.start()] = (m.end(), "=" if m.group() == "=3D" else "")
    if "\\" in text:
        for m in _CONTINUATION.finditer(text):
            found[m.start()] = (m.end(), "")
    for m in _SPACED.finditer(text) if _SPACED_HINT.search(text) else ():
        end = m.end()
        while end > m.start() and not text[end - 1].isalnum():
            end -= 2  # a dash or a mark after the run is punctuation ("4 8 1 9 7 3 - it …")
        if (end - m.start() + 1) // 2 < _SPELT_MIN:
            continue
        for i in range(m.start() + 1, end, 2):
            found.setdefault(i, (i + 1, ""))
    for m in _spelt_with_commas(text):
        for i in range(m.start() + 1, m.end(), 3):
            found.setdefault(i, (i + 2, ""))
    return found


def end_of(text: str, offset: int) -> int:
    """Where the character of the view found at ``offset`` of ``text`` ends there (after
    its escape, when it was written as one)."""
    for pattern in (_ESCAPE, _ENTITY, _QUOTED_PRINTABLE, _CONTINUATION):
        found = pattern.match(text, offset)
        if found is not None and found.group():
            return found.end()
    return offset + 1


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
    escapes = _escapes(text)
    view: list[str] = []
    where: list[int] = []
    i = 0
    while i < len(chars):
        escape = escapes.get(i)
        if escape is not None:
            view.extend(escape[1])
            where.extend([i] * len(escape[1]))
            i = escape[0]
            continue
        if chars[i] not in _INVISIBLE:
            view.append(chars[i].translate(_FULL_WIDTH))
            where.append(i)
        i += 1
    return "".join(view), where
