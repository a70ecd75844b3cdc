"""What a text states, counted: its content words once markup, redaction marks, function
words, courtesies, words about the conversation and placeholders are set aside.

:func:`wording` reads a text once and says how many distinct content units it holds, and
what it set aside to get there (:class:`Wording`). A content unit is a word of a language
written with spaces (a number counts); in the scripts written without them, two ideographs
or katakana of Chinese or Japanese (hiragana, the grammar around the words, is not counted)
or four letters of Thai, Lao, Khmer or Burmese. The vocabularies are in
:mod:`daemon.gate.wording`. :func:`words_of`, :func:`has_word` and :data:`SENTENCE_END` are
the plainer reading the junk rules share: a text's words, and where its sentences end.

The text is NFKC-normalized and casefolded, format characters (zero-width, bidirectional)
and combining marks (accents, vowel signs) are dropped, from the text and the vocabularies
alike, and a word that mixes Latin letters with look-alikes of other scripts is read as its
Latin skeleton. Every pass is a regex without nested repetition or a loop over the text:
linear in its size.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from daemon.gate import wording as vocab
from daemon.gate.directives import skeleton

__all__ = ["MIN_CONTENT", "SENTENCE_END", "Wording", "has_word", "wording", "words_of"]

# HTML and XML tags, comment brackets and character references. A tag's attributes are
# bounded: a ``<`` with no ``>`` after it is read once, not from every start.
_MARKUP = re.compile(
    r"</?[^\W\d_][\w:-]{0,30}(?:\s[^<>]{0,300})?/?>|<!--|-->|&(?:[a-z]{2,10}|#\d{1,7}|#x[0-9a-f]{1,6});",
    re.IGNORECASE,
)
# What a redaction leaves in place of a secret: a mark in brackets or parentheses
# (``[REDACTED_PASSWORD]``, ``(removed)``), a run of masking signs.
_MARKS = re.compile(
    r"[\[<(](?:redacted|removed|hidden|masked|censored|secret)(?:\b|_)[^\[\]<>()\n]{0,60}[\]>)]"
    r"|\*{4,}|(?<![^\W_]|\*)\*{3}(?![^\W_]|\*)|[\u2022\u25cf\u2219\u2588\u2587\u2586\u25a0\u25aa\u25fc]{3,}"
    r"|(?<![^\W_])x{4,}(?![^\W_])",
    re.IGNORECASE,
)
_NOT_APPLICABLE = re.compile(r"(?<![^\W_])n/a(?![^\W_])")
_CJK = (
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\uff66-\uff9f\U00020000-\U0002fa1f"
)
_SOUTHEAST_ASIAN = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"  # Thai, Lao, Burmese, Khmer
_SPACELESS_RUN = re.compile(f"[{_CJK}{_SOUTHEAST_ASIAN}]+")
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
_QUARTERS = 4  # the weights below count quarters of a content unit


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
    """NFKC, casefolded, format characters and combining marks dropped (a Hangul syllable or
    a kana with its voicing mark stays one character)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if text.isascii():
        return text
    kept = (
        ch
        for ch in unicodedata.normalize("NFD", text)
        if unicodedata.category(ch) not in ("Cf", "Mn", "Mc", "Me")
    )
    return unicodedata.normalize("NFC", "".join(kept))


def _looked_up(token: str) -> str:
    """The form a word is looked up in: its Latin skeleton when it mixes Latin letters with
    others (look-alikes)."""
    if token.isascii() or not any("a" <= ch <= "z" for ch in token):
        return token
    return skeleton(token)


_FUNCTION = frozenset(map(_plain, vocab.FUNCTION))
_COURTESY = frozenset(map(_plain, vocab.COURTESY))
_CONVERSATION = frozenset(map(_plain, vocab.CONVERSATION))
_PLACEHOLDER = frozenset(map(_plain, vocab.PLACEHOLDER))
_LOREM = frozenset(vocab.LOREM)
_LOREM_MARKERS = frozenset(vocab.LOREM_MARKERS)
_PHRASES = re.compile(
    r"(?<![^\W_])(?:"
    + "|".join(r"\s+".join(map(re.escape, _plain(p).split())) for p in vocab.COURTESY_PHRASES)
    + r")(?![^\W_])"
)
_SPACELESS_NOISE = re.compile(
    "|".join(sorted({re.escape(_plain(w)) for w in vocab.SPACELESS_NOISE}, key=len, reverse=True))
)


def _weight(ch: str) -> int:
    """Quarters of a content unit a character of a script without spaces is worth."""
    if "\u3040" <= ch <= "\u309f":  # hiragana
        return 0
    if "\u0e00" <= ch <= "\u109f" or "\u1780" <= ch <= "\u17ff":
        return 1
    return 2  # an ideograph or a katakana


def _spaceless(run: str) -> tuple[int, int]:
    """What a run of a script written without spaces is worth, in quarters of a content
    unit, once its courtesies, pronouns and particles are set aside; and how many of those
    it held."""
    rest, noise = _SPACELESS_NOISE.subn("", run)
    return sum(_weight(ch) for ch in rest), noise


def wording(text: str) -> Wording:
    """Count what ``text`` states (see the module's docstring)."""
    text = _plain(text)
    text, marks = _MARKS.subn(" ", text)
    text, markup = _MARKUP.subn(" ", text)
    if not text.isascii():  # look-alikes read as Latin before phrases are looked for
        text = _TOKEN.sub(lambda m: _looked_up(m.group()), text)
    text, not_applicable = _NOT_APPLICABLE.subn(" ", text)
    text, phrases = _PHRASES.subn(" ", text)
    quarters = spaceless_noise = 0
    if not text.isascii():
        for run in _SPACELESS_RUN.findall(text):
            worth, noise = _spaceless(run)
            quarters, spaceless_noise = quarters + worth, spaceless_noise + noise
        text = _SPACELESS_RUN.sub(" ", text)
    tokens = _TOKEN.findall(text)
    lorem = not _LOREM_MARKERS.isdisjoint(tokens)
    content: set[str] = set()
    courtesy, conversation, placeholder = phrases + spaceless_noise, 0, not_applicable
    for token in tokens:
        if token in _FUNCTION:
            continue
        if token in _COURTESY:
            courtesy += 1
        elif token in _CONVERSATION:
            conversation += 1
        elif token in _PLACEHOLDER or (lorem and token in _LOREM):
            placeholder += 1
        else:
            content.add(token)
    return Wording(
        content=len(content) + quarters // _QUARTERS,
        words=len(tokens) + quarters // 2,
        courtesy=courtesy,
        conversation=conversation,
        placeholder=placeholder,
        marks=marks,
        markup=markup,
    )


MIN_CONTENT = 2  # content units a memory needs
# A sentence ends at a full stop and a space (a closing tag may come between: "…</p> "), at
# the full stop of Chinese, Japanese or Hindi (a space after it or not), at a line's end.
SENTENCE_END = re.compile(r"(?<=[.!?])(?:</\w+>)?\s+|(?<=[\u3002\uff01\uff1f\u0964\u0965])\s*|\n+")


def words_of(text: str) -> list[str]:
    """The words of ``text``, NFKC and casefolded, punctuation dropped."""
    return _TOKEN.findall(unicodedata.normalize("NFKC", text).casefold())


def has_word(text: str) -> bool:
    """Whether ``text`` holds a letter or a digit of any script."""
    return any(unicodedata.category(ch)[0] in "LN" for ch in text)
