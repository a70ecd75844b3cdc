"""Which query terms a search matches on: the rarest ones, within a budget.

Ranking costs time in proportion to the memories that match (on PostgreSQL each match is
read from the table and ranked), and a common word tells little of what a query is about.
So a search matches on the query's rarest words, taken from the rarest up while the
memories holding them add up to at most :data:`MATCH_BUDGET`, none in more than
:data:`COMMON_DOCS` (always at least one word a memory holds). Only when even the rarest
word is in more than :data:`COMMON_DOCS` memories does it match on all the words together
first, then on the rarest alone. On PostgreSQL a match that would hold more than the
budget is tried narrowed first, to the memories that also hold another word of the query
(:func:`_narrowed`). Every word still counts for the rank where the backend allows
(PostgreSQL).

The budget was 1,000: at 100,000 memories of the serve bench's corpus, the top 10 agreed
with BM25 over every match (the standard relevance ranking, SQLite's) as often at 150,
300, 500 and 1,000 (0.19, 0.17, 0.15, 0.17 of the top 10, 120 queries), while a search at
300 ranks half the matches. A scope of a few thousand memories rarely reaches it.

Document frequencies are the scope's own: how many of the memories the searching scope sees
(live, its project's shared ones and its user's) hold each term, up to ``COMMON_DOCS + 1``
(more changes no plan). Another tenant's, project's or user's memories never change which
words a scope's search matches on. The store keeps them as memories change: PostgreSQL in
``memory_term_counts`` (:mod:`.term_counts`; memories held for review are left out, seen by
their author alone), SQLite in the scope's own postings (:mod:`.postings`), so a count is an
index read, not a count of matching memories. Each count is still kept for
:data:`STATS_TTL_S` seconds from when it was read, per scope and term (the oldest forgotten
first past :data:`CACHED_TERMS`): each process reads its own (they were shared through
Redis while a count read up to 1,001 matching memories a word; a read of three words' counts
from the store takes about twice a Redis read's time and as much of the process's CPU, and
needs no Redis). PostgreSQL stems the query with the same configuration as the index (each
word once).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import NamedTuple, TypeVar

from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.clock import Clock
from daemon.base.scope import ScopeKey
from daemon.store.db import fetch
from daemon.store.memory.postings import document_counts
from daemon.store.memory.reads import count_visible
from daemon.store.memory.term_counts import counted

COMMON_DOCS = 1000
MATCH_BUDGET = 300
STATS_TTL_S = 600.0
#: The most counts (and stems) a process keeps.
CACHED_TERMS = 50_000

_PG_LEXEMES = (
    "SELECT w.word, l.lexeme FROM unnest($1::text[]) AS w(word) "
    "CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', w.word))) AS l(lexeme)"
)

#: Who sees what: a scope's tenant, project, users and reader, as counted.
_Seen = tuple[str, str, str]
_K = TypeVar("_K")
_V = TypeVar("_V")


class Match(NamedTuple):
    """One match attempt: ``terms``, all of them or any (``every``), and when ``also`` is
    given, at least one of those words beside them. A match with ``also`` narrows a larger
    one that comes after it: it stands only when it found as many memories as were asked
    for."""

    terms: tuple[str, ...]
    every: bool
    also: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TermPlan:
    """What to match, in order of preference (a later one only when the earlier found
    nothing, or too few after a narrowing one) and the words every match is ranked on."""

    attempts: tuple[Match, ...]
    rank_terms: tuple[str, ...]


def plan(terms: list[str], frequencies: dict[str, int], unlisted: int = 0) -> TermPlan:
    """The match attempts for ``terms`` given their document counts (``unlisted``: the count
    assumed for a term ``frequencies`` does not hold). A term no memory holds costs nothing
    and joins a match on rare words, but never stands in for the others: a query whose other
    words are all common matches on those. A match that would hold more than
    :data:`MATCH_BUDGET` memories is narrowed first to those that also hold another of the
    query's words (:func:`_narrowed`)."""
    everything = tuple(terms)
    count = {t: frequencies.get(t, unlisted) for t in terms}
    held = [t for t in terms if count[t] > 0]
    if not held:
        return TermPlan(attempts=(Match(everything, False),), rank_terms=everything)
    by_rarity = sorted(held, key=count.__getitem__)
    rarest = by_rarity[0]
    if count[rarest] > COMMON_DOCS:
        if len(held) == 1:
            return TermPlan(attempts=(Match((rarest,), True),), rank_terms=everything)
        alone = Match((rarest,), False)
        attempts = (Match(tuple(held), True), *_narrowed(alone, held), alone)
        return TermPlan(attempts=attempts, rank_terms=everything)
    chosen = {t for t in terms if count[t] == 0}
    spent = 0
    for term in by_rarity:
        if spent and (count[term] > COMMON_DOCS or spent + count[term] > MATCH_BUDGET):
            break
        chosen.add(term)
        spent += count[term]
    match = Match(tuple(t for t in terms if t in chosen), False)
    if spent <= MATCH_BUDGET:
        return TermPlan(attempts=(match,), rank_terms=everything)
    return TermPlan(attempts=(*_narrowed(match, held), match), rank_terms=everything)


def _narrowed(match: Match, held: list[str]) -> tuple[Match, ...]:
    """``match`` narrowed to the memories that also hold one of the ``held`` words it leaves
    out (none when it leaves none out). Ranking reads every matching memory from the table,
    so a match on a word in more memories than the budget costs in proportion; the memories
    that hold another of the query's words too rank first under a rank that adds up the
    words found (set aside only by a memory that repeats one word), and their match is an
    intersection of the index, as small as the words are rare together. On the serve
    bench's corpus at 100,000 memories, 54 of 300 queries were narrowed (4 found too few and
    matched again whole), the mean search took a third less, the slowest twentieth half,
    and 257 of the 300 top tens stayed the same (a mean overlap of 0.93)."""
    others = tuple(t for t in held if t not in match.terms)
    return (Match(match.terms, match.every, also=others),) if others else ()


@dataclass
class TermStats:
    """A scope's document counts, each read at most once per ``STATS_TTL_S`` (one per
    :class:`~daemon.recall.Recall`), and PostgreSQL's stems of the query words."""

    clock: Clock
    capacity: int = CACHED_TERMS
    _counts: dict[tuple[_Seen, str], tuple[int, datetime]] = field(default_factory=dict)
    _sizes: dict[_Seen, tuple[int, datetime]] = field(default_factory=dict)
    _stems: dict[str, tuple[str, ...]] = field(default_factory=dict)

    async def counts(
        self, conn: AsyncConnection, scope: ScopeKey, terms: list[str]
    ) -> dict[str, int]:
        """How many of the memories ``scope`` sees hold each of ``terms`` (lexemes on
        PostgreSQL), up to ``COMMON_DOCS + 1``."""
        now = self.clock.now()
        seen = _seen(scope)
        held = {t: self._counts.get((seen, t)) for t in terms}
        missing = [t for t in terms if not _fresh(held[t], now)]
        if missing:
            found = await scope_frequencies(conn, scope, missing)
            for term, count in found.items():
                held[term] = (count, now)
                _keep(self._counts, (seen, term), (count, now), self.capacity)
        return {t: c[0] for t, c in held.items() if c is not None}

    async def size(self, conn: AsyncConnection, scope: ScopeKey) -> int:
        """How many memories ``scope`` sees."""
        now = self.clock.now()
        seen = _seen(scope)
        held = self._sizes.get(seen)
        if held is None or not _fresh(held, now):
            held = (await count_visible(conn, scope), now)
            _keep(self._sizes, seen, held, self.capacity)
        return held[0]

    async def pg_lexemes(self, conn: AsyncConnection, words: list[str]) -> list[str]:
        """The words as the index stores them (stemmed, stop words dropped), in order;
        each word stemmed by PostgreSQL once (the stemming never changes)."""
        stems = {w: self._stems[w] for w in words if w in self._stems}
        missing = [w for w in words if w not in stems]
        if missing:
            found: dict[str, list[str]] = {w: [] for w in missing}
            for record in await fetch(conn, _PG_LEXEMES, missing):
                found[record["word"]].append(record["lexeme"])
            for word, stemmed in found.items():
                stems[word] = tuple(sorted(stemmed))
                _keep(self._stems, word, stems[word], self.capacity)
        lexemes = (lexeme for w in words for lexeme in stems[w])
        return list(dict.fromkeys(lexemes))


def _fresh(held: tuple[int, datetime] | None, now: datetime) -> bool:
    """Whether a count counted at ``held[1]`` may still be used at ``now``."""
    return held is not None and now - held[1] <= timedelta(seconds=STATS_TTL_S)


def _keep(cache: dict[_K, _V], key: _K, value: _V, capacity: int) -> None:
    """Put ``value`` last in ``cache`` (the newest), forgetting the oldest entries past
    ``capacity``: one entry at a time, never the whole cache at once."""
    cache.pop(key, None)
    cache[key] = value
    while len(cache) > capacity:
        del cache[next(iter(cache))]


def _seen(scope: ScopeKey) -> _Seen:
    return (scope.tenant, scope.project, scope.user)


async def scope_frequencies(
    conn: AsyncConnection, scope: ScopeKey, terms: list[str]
) -> dict[str, int]:
    """How many of the memories ``scope`` sees hold each term (a lexeme on PostgreSQL, a
    stem of :mod:`daemon.store.stems` on SQLite), up to ``COMMON_DOCS + 1``: one statement
    for all the terms, over the counts the store keeps (PostgreSQL: :mod:`.term_counts`,
    held memories left out; SQLite: the scope's postings)."""
    if not terms:
        return {}
    if conn.dialect.name != "postgresql":
        return await document_counts(conn, scope, terms, COMMON_DOCS + 1)
    found = await counted(conn, scope, terms)
    return {term: min(count, COMMON_DOCS + 1) for term, count in found.items()}
