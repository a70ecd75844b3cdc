"""How SQLite's search reads a text: its tokens, folded and stemmed (pure functions).

SQLite ranks a scope's matches with BM25 over the scope (see
:mod:`daemon.store.memory.search`), from the term frequencies of each memory that
``memory_terms`` keeps. Those are counted once, when a memory is written, by
:func:`index_terms`, which SQLite calls from the triggers on ``memories`` under the name
:data:`SQL_FUNCTION` (every connection of the store registers it, :func:`register`). A
search stems its words with the same :func:`stem`, so that a word and the memories holding
it meet on the same term.

Tokens are FTS5 ``unicode61``'s (letters and digits; ``_`` separates), folded to lower
case without diacritics and stemmed with Martin Porter's algorithm (snowballstemmer's, as
FTS5's ``porter`` tokenizer stems).
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from typing import Any

import snowballstemmer  # type: ignore[import-untyped]

#: The name triggers call :func:`index_terms` by.
SQL_FUNCTION = "memory_index_terms"
_TOKEN = re.compile(r"[^\W_]+")
_PORTER = snowballstemmer.stemmer("porter")


@functools.lru_cache(maxsize=65_536)
def stem(token: str) -> str:
    """``token`` as the index holds it: folded to lower case without diacritics, stemmed."""
    folded = unicodedata.normalize("NFKD", token.lower())
    return str(_PORTER.stemWord("".join(c for c in folded if not unicodedata.combining(c))))


def tokens(text: str) -> list[str]:
    """The tokens of ``text``, lower-cased, in order."""
    return _TOKEN.findall(text.lower())


def query_stems(words: list[str]) -> list[str]:
    """The distinct stems of a search's words, in order (a word holding ``_`` or other
    separators gives each of its tokens)."""
    found = (stem(token) for word in words for token in tokens(word))
    return list(dict.fromkeys(s for s in found if s))


def index_terms(title: str | None, content: str | None) -> str:
    """A memory's terms as JSON: each stem with ``[in title, in content, length]``, the
    number of its tokens in the title and in the content, and the memory's length in
    tokens (the same in every entry, so that a trigger reads it with each term)."""
    counted: dict[str, list[int]] = {}
    title_tokens, content_tokens = tokens(title or ""), tokens(content or "")
    for column, found in ((0, title_tokens), (1, content_tokens)):
        for token in found:
            counted.setdefault(stem(token), [0, 0])[column] += 1
    length = len(title_tokens) + len(content_tokens)
    return json.dumps({term: [*counts, length] for term, counts in counted.items() if term})


def register(dbapi_connection: Any) -> None:
    """Make :func:`index_terms` callable from SQL on a SQLite connection (the store's and
    the migrations')."""
    dbapi_connection.create_function(SQL_FUNCTION, 2, index_terms, deterministic=True)
