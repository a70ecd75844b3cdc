"""Copies a memory must not be: of memoryd's own prompt, of the host's prompt, of a tool output.

:func:`quotes_prompt` says whether a clause of memoryd's extraction prompt stands in a text,
word for word (whatever its case and spacing). :class:`Prompts` holds the host's own prompts
known for a batch or a session: content mostly copied from one, or one whole line or sentence
of one (of four words at least), or a light paraphrase of one of its sentences, sentence by
sentence (most of its content words, stemmed, in one sentence of the prompt, and most of that
sentence's in it: "Never merge pull requests on your own." of "Do not merge pull requests on
your own."), is a copy. :class:`ToolOutputs` holds the tool messages of a
batch: long content of which most words lie in stretches copied from one is a copy.
:mod:`daemon.gate.substance` names the reasons.

Words are compared as word tuples and hashed shingles (dictionary lookups), never by
searching one text inside another: every check reads the text once.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache

from daemon.gate import prompt_text as prompt
from daemon.gate.content_words import SENTENCE_END, words_of
from daemon.gate.wording import FUNCTION

__all__ = ["Prompts", "ToolOutputs", "quotes_prompt"]

_PROMPT_MIN_WORDS = 5  # shorter clauses of the prompt are ordinary English
_CLAUSE_END = re.compile(r"[.!?:;](?=\s|$)|\n")
_SHINGLE = 5  # words per shingle of the copy check
_COPY_MIN_CHARS = 200
_COPY_SHARE = 0.8
_LINE_MIN_WORDS = 4  # a copied line of fewer words is ordinary language
_STEM_CHARS = 5  # a word's stem: its first letters ("proposing" and "propose" alike)
_PARAPHRASE_MIN = 4  # a sentence of fewer content words is ordinary language
_PARAPHRASE_SHARE = 0.8  # of the memory sentence's stems found in the prompt's sentence
_PARAPHRASE_COVER = 0.6  # of the prompt sentence's stems found in the memory's
_FUNCTION_WORDS = frozenset(w.casefold() for w in FUNCTION)


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
            words = tuple(words_of(clause))
            if len(words) >= _PROMPT_MIN_WORDS:
                clauses.setdefault(words[:_PROMPT_MIN_WORDS], []).append(words)
    return clauses


def quotes_prompt(words: list[str]) -> bool:
    """Whether a clause of the prompt appears in ``words``, word for word."""
    clauses = _prompt_clauses()
    for i in range(len(words) - _PROMPT_MIN_WORDS + 1):
        for clause in clauses.get(tuple(words[i : i + _PROMPT_MIN_WORDS]), ()):
            if tuple(words[i : i + len(clause)]) == clause:
                return True
    return False


def _shingles(words: list[str]) -> Iterable[int]:
    return (hash(tuple(words[i : i + _SHINGLE])) for i in range(len(words) - _SHINGLE + 1))


class _Copies:
    """Texts a memory must not copy, indexed on first use by hashed word shingles and, with
    ``lines``, by their lines (those of at least ``_LINE_MIN_WORDS`` words). ``min_chars``:
    content and texts shorter than that are left out of the shingle check."""

    def __init__(self, texts: Iterable[str], min_chars: int, *, lines: bool) -> None:
        self._texts = [t for t in texts if t]
        self._min_chars = min_chars
        self._by_line = lines
        self._index: dict[int, set[int]] | None = None
        self._lines: set[tuple[str, ...]] | None = None

    def _shingle_index(self) -> dict[int, set[int]]:
        if self._index is None:
            self._index = {}
            for n, text in enumerate(self._texts):
                if len(text) < self._min_chars:
                    continue
                for shingle in _shingles(words_of(text)):
                    self._index.setdefault(shingle, set()).add(n)
        return self._index

    def _line_index(self) -> set[tuple[str, ...]]:
        if self._lines is None:
            self._lines = set()
            for text in self._texts:
                for line in text.splitlines():
                    # the line, and each of its sentences: a prompt often runs on one line
                    for part in (line, *SENTENCE_END.split(line)):
                        words = tuple(words_of(part))
                        if len(words) >= _LINE_MIN_WORDS:
                            self._lines.add(words)
        return self._lines

    def copied(self, content: str) -> bool:
        """Whether ``content`` is one whole line or sentence of a text, or (long enough) has
        most of its words in stretches of one text."""
        if not self._texts:
            return False
        words = words_of(content)
        whole = self._by_line and len(words) >= _LINE_MIN_WORDS
        if whole and tuple(words) in self._line_index():
            return True
        if len(content) <= self._min_chars or len(words) < _SHINGLE:
            return False
        index = self._shingle_index()
        # covered[n]: how many words of content lie in shingles found in text n.
        covered: Counter[int] = Counter()
        reach: dict[int, int] = {}  # text -> first word not yet counted
        for i, shingle in enumerate(_shingles(words)):
            for n in index.get(shingle, ()):
                start = max(i, reach.get(n, 0))
                covered[n] += i + _SHINGLE - start
                reach[n] = i + _SHINGLE
        return any(count >= _COPY_SHARE * len(words) for count in covered.values())


def _stems(sentence: str) -> frozenset[str]:
    """The stems of ``sentence``'s content words (function words left out)."""
    return frozenset(w[:_STEM_CHARS] for w in words_of(sentence) if w not in _FUNCTION_WORDS)


def _sentences(text: str) -> list[frozenset[str]]:
    """The stems of each of ``text``'s sentences (each line split at its sentence ends)."""
    found = (_stems(s) for line in text.splitlines() for s in SENTENCE_END.split(line))
    return [stems for stems in found if stems]


class ToolOutputs(_Copies):
    """The tool messages a batch shows: long content mostly copied from one is junk (a
    short fact one states is kept: "Payments go through Adyen." read from a file)."""

    def __init__(self, texts: Iterable[str]) -> None:
        super().__init__(texts, _COPY_MIN_CHARS, lines=False)


class Prompts(_Copies):
    """The host's own prompts known for a batch or a session (its system prompt): content
    mostly copied from one, or one whole line or sentence of one, is junk (the host sends it
    to every session anyway)."""

    def __init__(self, texts: Iterable[str | None]) -> None:
        super().__init__((t for t in texts if t), 0, lines=True)
        self._by_stem: dict[str, list[frozenset[str]]] | None = None

    def _stem_index(self) -> dict[str, list[frozenset[str]]]:
        """The prompts' sentences (as stems, of :data:`_PARAPHRASE_MIN` at least), by stem."""
        if self._by_stem is None:
            self._by_stem = {}
            for text in self._texts:
                for stems in _sentences(text):
                    if len(stems) >= _PARAPHRASE_MIN:
                        for stem in stems:
                            self._by_stem.setdefault(stem, []).append(stems)
        return self._by_stem

    def _paraphrased(self, sentence: frozenset[str]) -> bool:
        """Whether a sentence's stems are mostly those of one sentence of a prompt, and
        hold most of that one's."""
        if len(sentence) < _PARAPHRASE_MIN:
            return False
        index = self._stem_index()
        for stem in sentence:
            for source in index.get(stem, ()):
                shared = len(sentence & source)
                if shared >= _PARAPHRASE_SHARE * len(sentence) and (
                    shared >= _PARAPHRASE_COVER * len(source)
                ):
                    return True
        return False

    def copied(self, content: str) -> bool:
        """Whether ``content`` is a copy of a prompt (see :meth:`_Copies.copied`) or a light
        paraphrase of its sentences, every one of them."""
        if super().copied(content):
            return True
        if not self._texts:
            return False
        sentences = _sentences(content)
        return bool(sentences) and all(self._paraphrased(s) for s in sentences)

    @classmethod
    def of_host(
        cls, system_prompt: str | None, tools: object, said: Iterable[str | None] = ()
    ) -> Prompts:
        """What a host sent as its prompts: its system prompt, the descriptions of its tool
        schemas (OpenAI's ``[{"function": {"description": …}}]`` or the flat
        ``[{"name": …, "description": …}]`` of Anthropic's and MCP's; anything else
        skipped), and the system and developer messages of its turns (``said``)."""
        return cls([*cls.texts_of(system_prompt, tools), *said])

    @staticmethod
    def texts_of(system_prompt: str | None, tools: object) -> list[str | None]:
        """A host's system prompt and the descriptions of its tool schemas (see
        :meth:`of_host`)."""
        texts: list[str | None] = [system_prompt]
        for schema in tools if isinstance(tools, list) else ():
            if not isinstance(schema, dict):
                continue
            function = schema.get("function")
            described = function if isinstance(function, dict) else schema
            if isinstance(described.get("description"), str):
                texts.append(described["description"])
        return texts
