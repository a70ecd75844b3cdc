"""What a text states, counted: its content words once markup, redaction marks, function
words, courtesies, words about the conversation and placeholders are set aside.

:func:`wording` reads a text once and says how many distinct content units it holds, and
what it set aside to get there (:class:`Wording`). A content unit is a word of a language
written with spaces (a number counts), or two ideographs or katakana of Chinese or Japanese,
which are written without them (hiragana, the grammar around the words, is not counted). The
vocabularies are in :mod:`daemon.gate.wording`.

The text is NFKC-normalized and casefolded, format characters (zero-width, bidirectional)
are dropped, a word that mixes Latin letters with look-alikes of other scripts is read as
its Latin skeleton, and accents are ignored when a word is looked up. Every pass is a regex
without nested repetition or a loop over the text: linear in its size.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from daemon.gate import wording as vocab
from daemon.gate.directives import skeleton

__all__ = ["Wording", "wording"]

# HTML and XML tags, comment brackets and character references. A tag's attributes are
# bounded: a ``<`` with no ``>`` after it is read once, not from every start.
_MARKUP = re.compile(
    r"</?[^\W\d_][\w:-]{0,30}(?:\s[^<>]{0,300})?/?>|<!--|-->|&(?:[a-z]{2,10}|#\d{1,7}|#x[0-9a-f]{1,6});",
    re.IGNORECASE,
)
# What a redaction leaves in place of a secret: a bracketed mark, a run of masking signs.
_MARKS = re.compile(
    r"[\[<](?:redacted|removed|hidden|masked|censored|secret)\b[^\[\]<>\n]{0,60}[\]>]"
    r"|\*{4,}|[\u2022\u25cf\u2219\u2588\u2587\u2586\u25a0\u25aa\u25fc]{3,}"
    r"|(?<![^\W_])x{4,}(?![^\W_])",
    re.IGNORECASE,
)
_NOT_APPLICABLE = re.compile(r"(?<![^\W_])n/a(?![^\W_])")
_PHRASES = re.compile(
    r"(?<![^\W_])(?:"
    + "|".join(r"\s+".join(map(re.escape, p.split())) for p in vocab.COURTESY_PHRASES)
    + r")(?![^\W_])"
)
_CJK = (
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\uff66-\uff9f\U00020000-\U0002fa1f"
)
_CJK_RUN = re.compile(f"[{_CJK}]+")
_CJK_NOISE = re.compile("|".join(sorted(map(re.escape, vocab.CJK_NOISE), key=len, reverse=True)))
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


@dataclass(frozen=True, slots=True)
class Wording:
    """What :func:`wording` found: ``content``, the distinct content units; ``words``,
    every word and counted ideograph left once markup and marks are gone; the rest, how
    much of each kind it set aside."""

    content: int
    words: int
    courtesy: int = 0
    conversation: int = 0
    placeholder: int = 0
    marks: int = 0
    markup: int = 0


def _plain(text: str) -> str:
    """NFKC, casefolded, format characters dropped."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _looked_up(token: str) -> str:
    """The form a word is looked up in: its Latin skeleton when it mixes Latin letters with
    others (look-alikes), then without accents."""
    if token.isascii():
        return token
    if any("a" <= ch <= "z" for ch in token):
        token = skeleton(token)
    decomposed = unicodedata.normalize("NFD", token)
    bare = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    return unicodedata.normalize("NFC", bare)


def _ideographs(run: str) -> tuple[int, int]:
    """The ideographs and katakana of a Chinese or Japanese run once its courtesies,
    pronouns and particles are set aside, and how many of those it held."""
    rest, noise = _CJK_NOISE.subn("", run)
    counted = sum(1 for ch in rest if not "\u3040" <= ch <= "\u309f")
    return counted, noise


def wording(text: str) -> Wording:
    """Count what ``text`` states (see the module's docstring)."""
    text = _plain(text)
    text, marks = _MARKS.subn(" ", text)
    text, markup = _MARKUP.subn(" ", text)
    text, not_applicable = _NOT_APPLICABLE.subn(" ", text)
    text, phrases = _PHRASES.subn(" ", text)
    ideographs = cjk_noise = 0
    if not text.isascii():
        for run in _CJK_RUN.findall(text):
            counted, noise = _ideographs(run)
            ideographs, cjk_noise = ideographs + counted, cjk_noise + noise
        text = _CJK_RUN.sub(" ", text)
    tokens = [_looked_up(t) for t in _TOKEN.findall(text)]
    lorem = "lorem" in tokens or "ipsum" in tokens
    content: set[str] = set()
    courtesy, conversation, placeholder = phrases + cjk_noise, 0, not_applicable
    for token in tokens:
        if token in vocab.FUNCTION:
            continue
        if token in vocab.COURTESY:
            courtesy += 1
        elif token in vocab.CONVERSATION:
            conversation += 1
        elif token in vocab.PLACEHOLDER or (lorem and token in vocab.LOREM):
            placeholder += 1
        else:
            content.add(token)
    return Wording(
        content=len(content) + ideographs // 2,
        words=len(tokens) + ideographs,
        courtesy=courtesy,
        conversation=conversation,
        placeholder=placeholder,
        marks=marks,
        markup=markup,
    )
