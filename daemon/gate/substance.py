"""Junk that must never become a memory, whoever proposes it.

:func:`junk_reason` says why a title and content are not a memory, or None:

- no words: empty, or only punctuation and symbols (content "." kept with an empty title);
- no statement: only a reference to something said elsewhere ("Decision and the reason.",
  "Please remember that decision and the reason.", "Note that.");
- memoryd's own transcript markup (``<turn n=… at=…>``, ``[user] …``) or prompt text (a
  clause of the extraction prompt, whatever its case and spacing);
- mostly a copy of a tool output: long content of which most words lie in stretches copied
  from one tool message of the batch (:class:`ToolOutputs`).

Every check reads the text once: words are compared as word tuples and hashed shingles
(dictionary lookups), never by searching one text inside another.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from functools import cache

from daemon.gate import prompt_text as prompt

__all__ = ["ToolOutputs", "junk_reason", "states_nothing"]

NO_WORDS = "no words: empty or only punctuation"
NO_TITLE_WORDS = "title has no words: empty or only punctuation"
NO_STATEMENT = "no statement: only a reference to something said elsewhere"
MARKUP = "memoryd's own transcript markup"
PROMPT_TEXT = "memoryd's own prompt text"
TOOL_COPY = "mostly a copy of a tool output"

_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
# What ``transcript.render``, ``prompt`` and ``reduce`` write around the data they show.
_MARKUP = re.compile(
    r'<turn\s+n="\d+"|</turn>|</?transcript>|</?manifest>|\[memoryd\]'
    r"|^\[(?:user|assistant|system|developer|tool)\]"
    r"|^\[(?:tool result: |compaction summary\])"
    r"|^\[(?:user|assistant|system|developer) called \w"
    r"|^\[\w+ output not shown: ",
    re.MULTILINE,
)
# Words that only point at something ("that decision", "the reason") or ask to keep it.
_REFERENCE_WORDS = (
    "please", "remember", "remembering", "note", "notes", "noted", "keep", "kept", "in",
    "mind", "don't", "dont", "do", "not", "never", "forget", "make", "a", "an", "of", "that",
    "this", "it", "these", "those", "the", "decision", "decisions", "reason", "reasons",
    "choice", "choices", "fact", "facts", "thing", "things", "point", "one", "ones", "detail",
    "details", "and", "or", "why", "what", "which", "i", "we", "you", "me", "us", "said",
    "say", "told", "decided", "about", "for", "later", "too", "also", "as", "well", "to",
    "again", "here", "there", "above", "below", "earlier", "previous", "everything", "all",
    "just", "yes", "ok", "okay", "sure", "exactly", "like", "it's", "that's", "is", "was", "be",
)  # fmt: skip
_REFERENCE = frozenset(_REFERENCE_WORDS)
_PROMPT_MIN_WORDS = 5  # shorter clauses of the prompt are ordinary English
_CLAUSE_END = re.compile(r"[.!?:;](?=\s|$)|\n")
_SHINGLE = 5  # words per shingle of the copy check
_COPY_MIN_CHARS = 200
_COPY_SHARE = 0.8


def _words(text: str) -> list[str]:
    """The words of ``text``, NFKC and casefolded, punctuation dropped."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


def _has_word(text: str) -> bool:
    return any(unicodedata.category(ch)[0] in "LN" for ch in text)


def states_nothing(text: str) -> bool:
    """Whether ``text`` has no words, or only words that point at something said elsewhere
    ("Remember this.", "that decision and the reason")."""
    return all(word in _REFERENCE for word in _words(text))


@cache
def _prompt_clauses() -> dict[tuple[str, ...], list[tuple[str, ...]]]:
    """The clauses of memoryd's prompts, by their first words; built once. The quoted
    examples of the prompt are left out: users may say them."""
    text = "\n".join(
        (prompt.system_prompt(5), prompt.JSON_FORMAT, prompt.scope_line(True),
         prompt.scope_line(False))
    )  # fmt: skip
    clauses: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for line in text.splitlines():
        if line.strip().startswith("Example:"):
            continue
        for clause in _CLAUSE_END.split(line):
            words = tuple(_words(clause))
            if len(words) >= _PROMPT_MIN_WORDS:
                clauses.setdefault(words[:_PROMPT_MIN_WORDS], []).append(words)
    return clauses


def _quotes_prompt(words: list[str]) -> bool:
    """Whether a clause of the prompt appears in ``words``, word for word."""
    clauses = _prompt_clauses()
    for i in range(len(words) - _PROMPT_MIN_WORDS + 1):
        for clause in clauses.get(tuple(words[i : i + _PROMPT_MIN_WORDS]), ()):
            if tuple(words[i : i + len(clause)]) == clause:
                return True
    return False


def _shingles(words: list[str]) -> Iterable[int]:
    return (hash(tuple(words[i : i + _SHINGLE])) for i in range(len(words) - _SHINGLE + 1))


class ToolOutputs:
    """The tool messages a batch shows, indexed (on first use) by hashed word shingles."""

    def __init__(self, texts: Iterable[str]) -> None:
        self._texts = [t for t in texts if len(t) >= _COPY_MIN_CHARS]
        self._index: dict[int, set[int]] | None = None

    def _shingle_index(self) -> dict[int, set[int]]:
        if self._index is None:
            self._index = {}
            for n, text in enumerate(self._texts):
                for shingle in _shingles(_words(text)):
                    self._index.setdefault(shingle, set()).add(n)
        return self._index

    def copied(self, content: str) -> bool:
        """Whether most words of a long ``content`` lie in stretches of one tool output."""
        if len(content) <= _COPY_MIN_CHARS or not self._texts:
            return False
        words = _words(content)
        if len(words) < _SHINGLE:
            return False
        index = self._shingle_index()
        # covered[n]: how many words of content lie in shingles found in tool output n.
        covered: Counter[int] = Counter()
        reach: dict[int, int] = {}  # tool output -> first word not yet counted
        for i, shingle in enumerate(_shingles(words)):
            for n in index.get(shingle, ()):
                start = max(i, reach.get(n, 0))
                covered[n] += i + _SHINGLE - start
                reach[n] = i + _SHINGLE
        return any(count >= _COPY_SHARE * len(words) for count in covered.values())


def junk_reason(title: str, content: str, tools: ToolOutputs | None = None) -> str | None:
    """Why ``title`` and ``content`` must not be kept as a memory, or None."""
    if not _has_word(content):
        return NO_WORDS
    if not _has_word(title):
        return NO_TITLE_WORDS
    if states_nothing(content):
        return NO_STATEMENT
    if _MARKUP.search(content) or _MARKUP.search(title):
        return MARKUP
    if _quotes_prompt(_words(content)):
        return PROMPT_TEXT
    if tools is not None and tools.copied(content):
        return TOOL_COPY
    return None
