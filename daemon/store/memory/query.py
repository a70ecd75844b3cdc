"""Turning a host's free-text query into full-text query terms (pure functions).

Both backends get the same words: Unicode word tokens, lower-cased, English stop words and
one-letter tokens dropped, at most :data:`MAX_TERMS`. A memory matches when it contains any
of them (OR); ranking puts the memories that contain more of them, and rarer ones, first.
"""

from __future__ import annotations

import re

MAX_TERMS = 12

_WORD = re.compile(r"\w+", re.UNICODE)

# Short on purpose: PostgreSQL's English configuration drops its own stop words as well.
STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself
    yourselves""".split()  # noqa: SIM905 - a paragraph reads better than 130 strings
)


def terms(query: str) -> list[str]:
    """The distinct search terms of ``query``, in order of first appearance."""
    seen: dict[str, None] = {}
    for match in _WORD.finditer(query.lower()):
        word = match.group().strip("_")
        if len(word) < 2 or word in STOP_WORDS or word in seen:
            continue
        seen[word] = None
        if len(seen) >= MAX_TERMS:
            break
    return list(seen)


def fts5_match(words: list[str], *, every: bool = False) -> str:
    """An FTS5 MATCH expression: each word quoted (never parsed as syntax), joined by OR (or
    by AND with ``every``)."""
    joiner = " AND " if every else " OR "
    return joiner.join('"' + word.replace('"', '""') + '"' for word in words)
