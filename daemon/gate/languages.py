"""Which language a memory is written in, when the directive rules do not read it: a shared
memory in such a language is held for an operator rather than guessed at.

The rules of :mod:`daemon.gate.conventions` and :mod:`daemon.gate.misconduct` read English,
Chinese, Korean, German, French, Russian, Portuguese, Spanish and Japanese
(:data:`COVERED`). Another language is told by ``lingua-language-detector`` in its
low-accuracy mode (its high-accuracy models cost seconds to load and most of a gigabyte;
low accuracy loads each language's small model on first use, ~60 MB for all of them, and
reads a sentence in a tenth of a millisecond), and only when it is confident: a text of
fewer than :data:`MIN_LETTERS` letters or :data:`MIN_WORDS` words is never judged (lingua is
unreliable on a few words), and neither is a text already read as English (two of its
common function words) or in the script of a covered language alone (Hangul, kana).
The detector is built on first use, so that importing the gate (or ``memoryd --help``)
does not load it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lingua import LanguageDetector

__all__ = ["COVERED", "MIN_LETTERS", "MIN_WORDS", "uncovered"]

#: The languages the directive rules read (lingua's names).
COVERED = frozenset(
    {"ENGLISH", "CHINESE", "KOREAN", "GERMAN", "FRENCH", "RUSSIAN", "PORTUGUESE", "SPANISH",
     "JAPANESE"}
)  # fmt: skip
MIN_LETTERS = 20
MIN_WORDS = 4
#: How sure lingua must be of a language (its low-accuracy values are near 0 or 1 when it
#: knows, spread out when it does not).
CONFIDENCE = 0.8
#: What is read of a long text: its first characters tell its language.
_SAMPLE = 2000

_ENGLISH = re.compile(
    r"\b(?:the|and|is|are|to|of|in|on|for|with|we|our|it|this|that|be|was|were|has|have|not"
    r"|use|run|always|never|you|should|must)\b",
    re.IGNORECASE,
)
_COVERED_SCRIPT = re.compile(r"[\u3040-\u30ff\uac00-\ud7af]")  # kana, Hangul
_WORD = re.compile(r"[^\W\d_]+")


@cache
def _detector() -> LanguageDetector:
    from lingua import LanguageDetectorBuilder  # loaded on first use

    return LanguageDetectorBuilder.from_all_languages().with_low_accuracy_mode().build()


def uncovered(text: str) -> str | None:
    """The language ``text`` is confidently written in when the rules do not cover it
    (``"Dutch"``), or None (a covered language, too short, or not sure)."""
    sample = text[:_SAMPLE]
    words = _WORD.findall(sample)
    if sum(len(w) for w in words) < MIN_LETTERS:
        return None
    if len(words) < MIN_WORDS and any(" " in w or w.isascii() for w in words):
        return None  # a few words (a script without spaces reads as one "word")
    if len(set(m.lower() for m in _ENGLISH.findall(sample))) >= 2:
        return None
    if _COVERED_SCRIPT.search(sample):
        return None
    values = _detector().compute_language_confidence_values(sample)
    if not values:
        return None
    top = values[0]
    if top.value < CONFIDENCE or top.language.name in COVERED:
        return None
    return top.language.name.title()
