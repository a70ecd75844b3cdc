"""Which query terms a search matches on: the rarest ones, within a budget.

Ranking costs time in proportion to the memories that match, and a common word tells little
(its weight in the rank is low anyway). So a search matches on the query's rarest words,
taken from the rarest up while the memories holding them add up to at most
:data:`MATCH_BUDGET`, none in more than :data:`COMMON_DOCS` (always at least one word). Only
when even the rarest word is in more than :data:`COMMON_DOCS` memories does it match on all
the words together first, then on the rarest alone. Every word still counts for the rank
where the backend allows (PostgreSQL).

Document frequencies: SQLite counts each term's FTS5 doclist (cheap); PostgreSQL reads the
most common lexemes that ``ANALYZE`` keeps for ``memories.search_vector`` (``pg_stats``),
cached for :data:`STATS_TTL_S` seconds (a lexeme not listed is estimated at the least
frequent listed one), and stems the query with the same configuration as the index.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.clock import Clock

COMMON_DOCS = 1000
MATCH_BUDGET = 1000
STATS_TTL_S = 600.0
_CACHED_TERMS = 50_000

_PG_STATS = sa.text(
    "SELECT s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs AS freqs, "
    "c.reltuples AS rows FROM pg_stats s JOIN pg_class c ON c.relname = s.tablename "
    "JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = s.schemaname "
    "WHERE s.schemaname = current_schema() AND s.tablename = 'memories' "
    "AND s.attname = 'search_vector'"
)
_PG_LEXEMES = sa.text(
    "SELECT w.word, l.lexeme FROM unnest(CAST(:words AS text[])) AS w(word) "
    "CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', w.word))) AS l(lexeme)"
)


@dataclass(frozen=True, slots=True)
class TermPlan:
    """What to match, in order of preference (a later one only when the earlier found
    nothing): each a list of terms and whether all of them must be present."""

    attempts: tuple[tuple[tuple[str, ...], bool], ...]
    rank_terms: tuple[str, ...]


def plan(terms: list[str], frequencies: dict[str, int], unlisted: int = 0) -> TermPlan:
    """The match attempts for ``terms`` given their document counts (``unlisted``: the count
    assumed for a term ``frequencies`` does not hold)."""
    everything = tuple(terms)
    by_rarity = sorted(terms, key=lambda t: frequencies.get(t, unlisted))
    rarest = by_rarity[0]
    if frequencies.get(rarest, unlisted) > COMMON_DOCS:
        attempts: list[tuple[tuple[str, ...], bool]] = [(everything, True)]
        if len(terms) > 1:
            attempts.append(((rarest,), False))
        return TermPlan(attempts=tuple(attempts), rank_terms=everything)
    chosen: list[str] = []
    spent = 0
    for term in by_rarity:
        count = frequencies.get(term, unlisted)
        if chosen and (count > COMMON_DOCS or spent + count > MATCH_BUDGET):
            break
        chosen.append(term)
        spent += count
    ordered = tuple(t for t in terms if t in chosen)
    return TermPlan(attempts=((ordered, False),), rank_terms=everything)


@dataclass
class TermStats:
    """Document counts, read at most once per ``STATS_TTL_S`` (one per
    :class:`~daemon.recall.Recall`): PostgreSQL's lexeme statistics, SQLite's per term."""

    clock: Clock
    _frequencies: dict[str, int] = field(default_factory=dict)
    _unlisted: int = 0
    _read_at: datetime | None = None
    _counts: dict[str, int] = field(default_factory=dict)
    _stems: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _counted_at: datetime | None = None

    async def sqlite(self, conn: AsyncConnection, terms: list[str]) -> dict[str, int]:
        """Document counts of ``terms``, each counted at most once per ``STATS_TTL_S``."""
        now = self.clock.now()
        expired = self._counted_at is None or now - self._counted_at > timedelta(
            seconds=STATS_TTL_S
        )
        if expired or len(self._counts) > _CACHED_TERMS:
            self._counts, self._counted_at = {}, now
        missing = [t for t in terms if t not in self._counts]
        self._counts.update(await sqlite_frequencies(conn, missing))
        return {t: self._counts[t] for t in terms}

    async def pg_lexemes(self, conn: AsyncConnection, words: list[str]) -> list[str]:
        """The words as the index stores them (stemmed, stop words dropped), in order;
        each word stemmed by PostgreSQL once (the stemming never changes)."""
        missing = [w for w in words if w not in self._stems]
        if missing:
            if len(self._stems) > _CACHED_TERMS:
                self._stems.clear()
            found: dict[str, list[str]] = {w: [] for w in missing}
            for row in await conn.execute(_PG_LEXEMES, {"words": missing}):
                found[row.word].append(row.lexeme)
            self._stems.update({w: tuple(sorted(ls)) for w, ls in found.items()})
        lexemes = (lexeme for w in words for lexeme in self._stems.get(w, ()))
        return list(dict.fromkeys(lexemes))

    async def postgresql(self, conn: AsyncConnection) -> tuple[dict[str, int], int]:
        """Document counts of the common lexemes, and the estimate for any other."""
        now = self.clock.now()
        if self._read_at is None or now - self._read_at > timedelta(seconds=STATS_TTL_S):
            self._frequencies, self._unlisted = await _pg_frequencies(conn)
            self._read_at = now
        return self._frequencies, self._unlisted


async def _pg_frequencies(conn: AsyncConnection) -> tuple[dict[str, int], int]:
    row = (await conn.execute(_PG_STATS)).first()
    if row is None or not row.elems:
        return {}, 0
    rows = max(float(row.rows), 0.0)
    counts = {elem: int(freq * rows) for elem, freq in zip(row.elems, row.freqs, strict=False)}
    return counts, min(counts.values(), default=0)


async def sqlite_frequencies(conn: AsyncConnection, terms: list[str]) -> dict[str, int]:
    """How many memories (of every scope, tombstones included) hold each term."""
    if not terms:
        return {}
    columns = ", ".join(
        f"(SELECT count(*) FROM memories_fts WHERE memories_fts MATCH :t{i})"
        for i in range(len(terms))
    )
    params = {f"t{i}": '"' + term.replace('"', '""') + '"' for i, term in enumerate(terms)}
    row = (await conn.execute(sa.text(f"SELECT {columns}"), params)).one()
    return {term: int(count) for term, count in zip(terms, row, strict=True)}
