"""Ranked full-text search of the memories visible in a scope.

A scope's search depends only on the memories it sees: the terms it matches on are chosen
from the scope's own document counts (:mod:`.frequency`), and the rank of a memory never
moves when another tenant, project or user stores or forgets anything.

PostgreSQL ranks with ``ts_rank`` over the generated ``memories.search_vector`` (made by
revision 0002), a rank of the memory and the query alone. SQLite matches with FTS5 over
``memories_fts`` but does not use its ``bm25``, whose statistics are the whole table's: it
ranks the scope's matches with BM25 computed over the scope (each term's inverse document
frequency from the scope's counts and size, lengths against the average of the matches, a
term's frequency counted over the memory's tokens stemmed as the index's ``porter``
tokenizer stems them, with the same algorithm). Titles weigh more than content. Ties go to
the newer memory, then the higher id, so the order is deterministic.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import snowballstemmer  # type: ignore[import-untyped]
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.clock import SystemClock
from daemon.base.scope import ScopeKey
from daemon.store.db import fetch, sealer_of
from daemon.store.memory.frequency import TermStats, plan
from daemon.store.memory.query import fts5_match, terms
from daemon.store.memory.record import (
    COLUMNS,
    PG_REVIEWED,
    Memory,
    from_record,
    from_row,
    intact,
    reviewed,
    scope_users,
)
from daemon.store.memory.record import PG_COLUMNS as _PG_COLUMNS
from daemon.store.tables import memories

#: The most memories one search returns.
MAX_LIMIT = 100
#: SQLite: the most matches of one attempt that are ranked (the newest; more only when even
#: the rarest word is common in the scope).
CANDIDATES = 2000
#: SQLite's BM25: saturation, length normalization, weights of the title and the content.
_K1 = 1.2
_B = 0.75
_TITLE = 3.0
_CONTENT = 1.0
#: FTS5's ``unicode61`` tokens (letters and digits; ``_`` separates).
_TOKEN = re.compile(r"[^\W_]+")
#: The stemmer of the FTS5 table's ``porter`` tokenizer (Martin Porter's algorithm), so that
#: a term is counted in a memory as the index matched it.
_PORTER = snowballstemmer.stemmer("porter")


@functools.lru_cache(maxsize=65_536)
def _stem(token: str) -> str:
    """``token`` as the index holds it: folded to lower case without diacritics, stemmed."""
    folded = unicodedata.normalize("NFKD", token.lower())
    return str(_PORTER.stemWord("".join(c for c in folded if not unicodedata.combining(c))))


def _held(text: str, stems: dict[str, str]) -> tuple[int, dict[str, int]]:
    """The tokens of ``text`` and how many of them stem to each term's stem (only a token
    beginning as its stem does is stemmed: stemming rewrites a word's end, not its start)."""
    tokens = _TOKEN.findall(text.lower())
    found = dict.fromkeys(stems, 0)
    starts = tuple({stem[:3] for stem in stems.values()})
    for token in tokens:
        if token.startswith(starts):
            stem = _stem(token)
            for term, wanted in stems.items():
                if stem == wanted:
                    found[term] += 1
    return len(tokens), found


@dataclass(frozen=True, slots=True)
class SearchFilter:
    """What a search may return besides the scope: memory types and retention classes."""

    types: Collection[str] = ()
    classes: Collection[str] = ()
    limit: int = 10


async def search(
    conn: AsyncConnection,
    query: str,
    scope: ScopeKey,
    where: SearchFilter,
    stats: TermStats | None = None,
) -> list[Memory]:
    """The best matches for ``query`` in ``scope``, best first (none for an empty query)."""
    words = terms(query)
    if not words:
        return []
    stats = stats or TermStats(SystemClock())
    dialect = conn.dialect.name
    if dialect == "postgresql":
        words = await stats.pg_lexemes(conn, words)
        if not words:
            return []
    frequencies = await stats.counts(conn, scope, words)
    term_plan = plan(words, frequencies)
    params: dict[str, Any] = {
        "tenant": scope.tenant,
        "project": scope.project,
        "users": scope_users(scope),
        "reader": scope.user,
        "limit": max(1, min(where.limit, MAX_LIMIT)),
        "rank": _tsquery(term_plan.rank_terms, every=False),
    }
    if where.types:
        params["types"] = sorted(where.types)
    if where.classes:
        params["classes"] = sorted(where.classes)
    filters = (bool(where.types), bool(where.classes))
    for attempt, every in term_plan.attempts:
        if dialect == "postgresql":
            params["query"] = _tsquery(attempt, every=every)
            found = await _pg_search(conn, params, filters)
        else:
            params["query"] = fts5_match(list(attempt), every=every)
            rows = list((await conn.execute(_candidates(*filters), params)).all())
            idf = _idf(attempt, frequencies, await stats.size(conn, scope) if rows else 0)
            found = await _ranked(conn, rows, idf, params["limit"])
        if found:
            return found
    return []


def _idf(attempt: tuple[str, ...], frequencies: dict[str, int], size: int) -> dict[str, float]:
    """Each term's inverse document frequency in the scope (never negative)."""
    found = {}
    for term in attempt:
        held = min(frequencies.get(term, 0), size)
        found[term] = math.log(1.0 + (size - held + 0.5) / (held + 0.5))
    return found


async def _ranked(
    conn: AsyncConnection, rows: list[Any], idf: dict[str, float], limit: int
) -> list[Memory]:
    """SQLite: the scope's matches ranked by BM25 over the scope, best ``limit`` first (a
    memory whose integrity tag does not verify is left out; only the best are built and
    verified)."""
    if not rows:
        return []
    stems = {term: _stem(term) for term in idf}
    counted = {int(row.id): (_held(row.title, stems), _held(row.content, stems)) for row in rows}
    lengths = {rid: title[0] + content[0] for rid, (title, content) in counted.items()}
    average = max(sum(lengths.values()) / len(lengths), 1.0)
    scores = dict.fromkeys(counted, 0.0)
    for rid, ((_, in_title), (_, in_content)) in counted.items():
        norm = _K1 * (1.0 - _B + _B * lengths[rid] / average)
        for term, weight in idf.items():
            held = _TITLE * in_title[term] + _CONTENT * in_content[term]
            if held > 0:
                scores[rid] += weight * held * (_K1 + 1.0) / (held + norm)
    rows.sort(key=lambda row: (scores[int(row.id)], row.updated_at, int(row.id)), reverse=True)
    sealer = sealer_of(conn)
    found: list[Memory] = []
    for row in rows:
        if intact(sealer, row):
            found.append(from_row(row, scores[int(row.id)]))
            if len(found) == limit:
                break
    return found


async def _pg_search(
    conn: AsyncConnection, params: dict[str, Any], filters: tuple[bool, bool]
) -> list[Memory]:
    """PostgreSQL: the statement, run on the driver's connection (:func:`.fetch`)."""
    args = [params["query"], params["rank"], params["tenant"], params["project"], params["users"]]
    args.append(params["reader"])
    args += [params[name] for name, on in zip(("types", "classes"), filters, strict=True) if on]
    records = await fetch(conn, _pg_statement(*filters), *args, params["limit"])
    sealer = sealer_of(conn)
    return [
        from_record(record, float(record["score"])) for record in records if intact(sealer, record)
    ]


def _tsquery(lexemes: tuple[str, ...], *, every: bool) -> str:
    quoted = ("'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'" for lexeme in lexemes)
    return (" & " if every else " | ").join(quoted)


def _conditions(types: bool, classes: bool) -> list[sa.ColumnElement[bool]]:
    found = [
        memories.c.tenant == sa.bindparam("tenant"),
        memories.c.project == sa.bindparam("project"),
        memories.c.user.in_(sa.bindparam("users", expanding=True)),
        memories.c.deleted_at.is_(None),
        reviewed(sa.bindparam("reader")),
    ]
    if types:
        found.append(memories.c.type.in_(sa.bindparam("types", expanding=True)))
    if classes:
        found.append(memories.c["class"].in_(sa.bindparam("classes", expanding=True)))
    return found


_FTS: sa.ColumnElement[Any] = sa.literal_column("memories_fts")
_FTS_ROWID: sa.ColumnElement[Any] = sa.literal_column("memories_fts.rowid")


@functools.lru_cache(maxsize=8)
def _candidates(types: bool, classes: bool) -> Any:
    """SQLite: the scope's matches, the newest :data:`CANDIDATES` of them."""
    return (
        sa.select(*COLUMNS)
        .select_from(sa.table("memories_fts").join(memories, memories.c.id == _FTS_ROWID))
        .where(_FTS.op("MATCH")(sa.bindparam("query")), *_conditions(types, classes))
        .order_by(memories.c.id.desc())
        .limit(CANDIDATES)
    )


@functools.lru_cache(maxsize=8)
def _pg_statement(types: bool, classes: bool) -> str:
    """PostgreSQL: the search statement, its parameters numbered (the match, the rank, the
    scope, the reader's user, the filters asked for, the limit). The match is on the chosen
    lexemes, the rank on every one."""
    filters = [f"AND {column} = ANY(${n}::varchar[])" for n, column in _numbered(types, classes)]
    limit = 7 + len(filters)
    return f"""SELECT {_PG_COLUMNS}, ts_rank(search_vector, $2::tsquery) AS score
FROM memories
WHERE search_vector @@ $1::tsquery AND tenant = $3 AND project = $4
  AND "user" = ANY($5::varchar[]) AND deleted_at IS NULL
  AND {PG_REVIEWED.format(user="$6")} {" ".join(filters)}
ORDER BY score DESC, updated_at DESC, id DESC
LIMIT ${limit}"""


def _numbered(types: bool, classes: bool) -> list[tuple[int, str]]:
    wanted = [column for column, on in (("type", types), ("class", classes)) if on]
    return list(enumerate(wanted, start=7))
