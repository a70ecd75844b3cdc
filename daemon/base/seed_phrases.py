# ruff: noqa: RUF002 (a phrase glued to a full-width colon)
"""Wallet recovery phrases: twelve words or more of BIP-39's list in a row.

A wallet's recovery (seed) phrase is 12, 15, 18, 21 or 24 words drawn from one list of 2048
(:data:`daemon.base.bip39_words.BIP39_ENGLISH`). Whoever holds them holds the wallet, so they
are a secret in whatever words announce them (``seed``, ``mnemonic``, ``助记词``,
``Wiederherstellungsphrase``) or in none: prose never runs twelve of the list's words in a
row (its articles, pronouns, auxiliaries and prepositions are not in the list), so the run
alone is the shape. The words may be separated by spaces, commas, line breaks or a numbered
list's numbers (``1. harvest 2. glove …``), or be quoted in an array of code, in any case.

Linear: one pass over the text's words, a bounded look at the gap between two.
"""

from __future__ import annotations

import re

from daemon.base.bip39_words import BIP39_ENGLISH

__all__ = ["SEED_WORDS", "seed_phrases"]

#: Words of the list in a row that make a recovery phrase: the shortest phrase wallets use.
SEED_WORDS = 12
_WORD = re.compile(r"[A-Za-z]{3,8}")
# What may stand between two words of a phrase: separators (a quoted array's quotes among
# them) and a numbered list's numbers.
_SEPARATOR = r"(?:[ \t\r\n,;|·•/'\"-]|\d{1,2}[.):]?)"
_GAP = re.compile(rf"{_SEPARATOR}*")
_MAX_GAP = 16
# A run of short words of letters, whatever they are, matched once (possessive): where a
# phrase may be; a run shorter than twelve of the shortest words and gaps is passed over.
_RUN = re.compile(
    r"[A-Za-z](?<![A-Za-z0-9][A-Za-z])[A-Za-z]{2,7}+(?![A-Za-z])"
    rf"(?:{_SEPARATOR}{{1,16}}+[A-Za-z]{{3,8}}+(?![A-Za-z]))*+"
)
_SHORTEST_RUN = SEED_WORDS * 4 - 1
#: The marks a word of a phrase may stand between (quoted, in an array, before a comma or
#: a full stop, after a list's number): read as spaces before the text is split.
_MARKS_AS_SPACES = str.maketrans(dict.fromkeys("'\"()[],.;:", " "))
#: What a phrase's words are once split: the listed words and the numbers of a list.
_LISTED = frozenset((*BIP39_ENGLISH, *(str(n) for n in range(1, 25))))


def seed_phrases(text: str) -> list[tuple[int, int]]:
    """The spans of the runs of :data:`SEED_WORDS` words of BIP-39's list or more (see the
    module), each from its first word to its last."""
    if text.count(" ") + text.count("\n") < SEED_WORDS - 1 or not _has_run(text):
        return []
    spans: list[tuple[int, int]] = []
    for run in _RUN.finditer(text):
        if run.end() - run.start() >= _SHORTEST_RUN:
            spans += _listed_runs(text, *run.span())
    return spans


def _has_run(text: str) -> bool:
    """Whether ``text`` may hold a phrase: eleven of its words in a row are listed (a first
    word may be glued to a word of a script without spaces: ``助记词：window``), read at C
    speed over the text split at spaces and marks (:data:`_LISTED`). Most texts are told apart
    here; the runs of those that pass are read word by word."""
    words = text.lower().translate(_MARKS_AS_SPACES).split()
    listed = bytes(map(_LISTED.__contains__, words))
    return listed.find(b"\x01" * (SEED_WORDS - 1)) >= 0


def _listed_runs(text: str, start: int, stop: int) -> list[tuple[int, int]]:
    """The runs of :data:`SEED_WORDS` listed words or more in ``text[start:stop]``, most
    of them different (a phrase is drawn at random: ``word word word …`` is none)."""
    spans: list[tuple[int, int]] = []
    first = last = -1
    said: list[str] = []
    for m in _WORD.finditer(text, start, stop):
        at, end = m.span()
        word = m.group().lower()
        listed = word in BIP39_ENGLISH
        gap = bool(said) and at - last <= _MAX_GAP and _GAP.fullmatch(text, last, at) is not None
        if listed and gap:
            said.append(word)
            last = end
            continue
        if _drawn(said):
            spans.append((first, last))
        first, last, said = (at, end, [word]) if listed else (-1, -1, [])
    if _drawn(said):
        spans.append((first, last))
    return spans


def _drawn(words: list[str]) -> bool:
    """Whether ``words`` are as many as a phrase's, and as different as drawn ones."""
    return len(words) >= SEED_WORDS and len(set(words)) >= SEED_WORDS - _REPEATS


#: Words a phrase of twelve may repeat: drawn from 2048, one repeat or two is rare already.
_REPEATS = 2
