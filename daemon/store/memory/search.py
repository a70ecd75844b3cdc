"""Ranked full-text search of the memories visible in a scope.

SQLite ranks with FTS5's ``bm25`` over ``memories_fts``; PostgreSQL with ``ts_rank`` over the
generated ``memories.search_vector`` (both made by revision 0002). Titles weigh more than
content. Ties go to the newer memory, then the higher id, so the order is deterministic.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

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
#: SQLite: how many of the best matches (of any scope) are ranked before the scope filter
#: (widened tenfold while that leaves too few).
WINDOW = 200


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
    dialect = conn.dialect.name
    if dialect == "postgresql":
        stats = stats or TermStats(SystemClock())
        words = await stats.pg_lexemes(conn, words)
        if not words:
            return []
        frequencies, unlisted = await stats.postgresql(conn)
    else:
        frequencies, unlisted = await (stats or TermStats(SystemClock())).sqlite(conn, words), 0
    term_plan = plan(words, frequencies, unlisted)
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
            counts = [frequencies.get(t, 0) for t in attempt]
            most = min(counts) if every else sum(counts)  # no more memories can match
            found = await _sqlite_search(conn, params, filters, most)
        if found:
            return found
    return []


async def _sqlite_search(
    conn: AsyncConnection, params: dict[str, Any], filters: tuple[bool, bool], most: int
) -> list[Memory]:
    """Rank the best matches of every scope in FTS5 alone, then keep this scope's; widen the
    window while it left too few and more matches exist (the planner never gets to drive the
    search from the memories side, which is slow)."""
    limit = params["limit"]
    window = max(WINDOW, limit * 10)
    while True:
        rows = await conn.execute(_windowed(*filters), {**params, "window": window})
        sealer = sealer_of(conn)
        found = [from_row(row, float(row.score)) for row in rows if intact(sealer, row)]
        if len(found) >= limit or most <= window:
            return found
        matches = (await conn.execute(_FTS_COUNT, params)).scalar_one()
        if matches <= window:
            return found
        window *= 10


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
_FTS_COUNT = sa.text("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH :query")


@functools.lru_cache(maxsize=8)
def _windowed(types: bool, classes: bool) -> Any:
    """SQLite: the ``window`` best matches by bm25 (lower is better, hence negated), joined
    to their memories in scope."""
    ranked = (
        sa.select(
            _FTS_ROWID.label("rid"),
            (-sa.func.bm25(_FTS, 3.0, 1.0)).label("score"),
        )
        .select_from(sa.table("memories_fts"))
        .where(_FTS.op("MATCH")(sa.bindparam("query")))
        .order_by(sa.desc("score"), _FTS_ROWID.desc())
        .limit(sa.bindparam("window", type_=sa.Integer))
        .subquery("ranked")
    )
    return (
        sa.select(*COLUMNS, ranked.c.score)
        .select_from(ranked.join(memories, memories.c.id == ranked.c.rid))
        .where(*_conditions(types, classes))
        .order_by(ranked.c.score.desc(), memories.c.updated_at.desc(), memories.c.id.desc())
        .limit(sa.bindparam("limit", type_=sa.Integer))
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
