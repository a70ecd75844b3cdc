"""Ranked full-text search of the memories visible in a scope.

A scope's search depends only on the memories it sees: the terms it matches on are chosen
from the scope's own document counts (:mod:`.frequency`), and the rank of a memory never
moves when another tenant, project or user stores or forgets anything.

PostgreSQL ranks with ``ts_rank`` over the generated ``memories.search_vector`` (made by
revision 0002), a rank of the memory and the query alone. SQLite ranks the scope's matches
with BM25 computed over the scope, from the scope's own postings (:mod:`.postings`, counted
once per memory when it is written): each term's inverse document frequency from the
scope's counts and size, lengths against the average of the matches. Titles weigh more than
content. Ties go to the newer memory, then the higher id, so the order is deterministic.
Only the memories returned are read whole (and their integrity tags verified).
"""

from __future__ import annotations

import functools
import math
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.clock import SystemClock
from daemon.base.scope import ScopeKey
from daemon.store import pg_text
from daemon.store.db import fetch, sealer_of
from daemon.store.memory.filters import SearchFilter, Shape, pg_sql
from daemon.store.memory.frequency import TermStats, plan
from daemon.store.memory.postings import Posted, postings
from daemon.store.memory.query import terms
from daemon.store.memory.record import (
    COLUMNS,
    Memory,
    from_record,
    from_row,
    intact,
    scope_users,
    seen,
)
from daemon.store.memory.record import PG_COLUMNS as _PG_COLUMNS
from daemon.store.stems import query_stems
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


__all__ = ["CANDIDATES", "MAX_LIMIT", "SearchFilter", "search"]


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
    else:
        words = query_stems(words)
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
    for attempt, every, also in term_plan.attempts:
        if dialect == "postgresql":
            params["query"] = _tsquery(attempt, every=every)
            if also:
                params["query"] = f"({params['query']}) & ({_tsquery(also, every=False)})"
            found = await _pg_search(conn, params, filters, where)
            if also and len(found) < params["limit"]:
                continue
        elif also:  # SQLite ranks at most the newest CANDIDATES of a match already
            continue
        else:
            if every:  # the rarest first: its newest matches are the ones read
                attempt = tuple(sorted(attempt, key=lambda t: frequencies.get(t, 0)))
            posted = await postings(
                conn,
                scope,
                attempt,
                every=every,
                types=where.types,
                classes=where.classes,
                bounds=where,
                newest=CANDIDATES,
            )
            idf = _idf(attempt, frequencies, await stats.size(conn, scope) if posted else 0)
            found = await _ranked(conn, scope, _scores(posted, idf), params["limit"])
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


def _scores(posted: dict[int, Posted], idf: dict[str, float]) -> dict[int, float]:
    """SQLite: each matching memory's BM25 score over the scope, lengths against the
    average of the matches."""
    if not posted:
        return {}
    average = max(sum(p.length for p in posted.values()) / len(posted), 1.0)
    scores = dict.fromkeys(posted, 0.0)
    for rid, found in posted.items():
        norm = _K1 * (1.0 - _B + _B * found.length / average)
        for term, weight in idf.items():
            in_title, in_content = found.terms.get(term, (0, 0))
            held = _TITLE * in_title + _CONTENT * in_content
            if held > 0:
                scores[rid] += weight * held * (_K1 + 1.0) / (held + norm)
    return scores


async def _ranked(
    conn: AsyncConnection, scope: ScopeKey, scores: dict[int, float], limit: int
) -> list[Memory]:
    """SQLite: the best ``limit`` of the scored memories, read whole, best first (a memory
    whose integrity tag does not verify is left out). They are read a score band at a
    time: the next ``limit`` by score and every one tied with the last, ordered within by
    recency, so the order is the same as if all were read."""
    order = sorted(scores, key=lambda rid: (scores[rid], rid), reverse=True)
    sealer = sealer_of(conn)
    found: list[Memory] = []
    start = 0
    while start < len(order) and len(found) < limit:
        end = min(start + limit - len(found), len(order))
        while end < len(order) and scores[order[end]] == scores[order[end - 1]]:
            end += 1
        band = order[start:end]
        params = {"ids": band, "tenant": scope.tenant, "project": scope.project}
        rows = list((await conn.execute(_by_ids(), params)).all())
        rows.sort(key=lambda r: (scores[int(r.id)], r.updated_at, int(r.id)), reverse=True)
        found += [from_row(r, scores[int(r.id)]) for r in rows if intact(sealer, r)]
        start = end
    return found[:limit]


async def _pg_search(
    conn: AsyncConnection, params: dict[str, Any], filters: tuple[bool, bool], where: SearchFilter
) -> list[Memory]:
    """PostgreSQL: the statement, run on the driver's connection (:func:`.fetch`)."""
    args = [params["query"], params["rank"], params["tenant"], params["project"], params["users"]]
    args.append(params["reader"])
    args += [params[name] for name, on in zip(("types", "classes"), filters, strict=True) if on]
    args += where.naive_bounds()
    statement = _pg_statement(*filters, where.shape())
    records = await fetch(conn, statement, *args, params["limit"])
    sealer = sealer_of(conn)
    return [
        from_record(record, float(record["score"])) for record in records if intact(sealer, record)
    ]


def _tsquery(lexemes: tuple[str, ...], *, every: bool) -> str:
    quoted = ("'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'" for lexeme in lexemes)
    return (" & " if every else " | ").join(quoted)


@functools.lru_cache(maxsize=1)
def _by_ids() -> Any:
    """SQLite: memories by id, within the searching scope's tenant and project."""
    return sa.select(*COLUMNS).where(
        memories.c.id.in_(sa.bindparam("ids", expanding=True)),
        memories.c.tenant == sa.bindparam("tenant"),
        memories.c.project == sa.bindparam("project"),
        memories.c.deleted_at.is_(None),
    )


#: PostgreSQL: which memories the searching scope sees (:func:`~.record.seen`) on the search
#: statement's parameters: the tenant, the project, the users, the reader's user.
_PG_SEEN = pg_text.condition(
    seen(*(pg_text.parameter(p) for p in ("$3", "$4", "$5::varchar[]", "$6")))
)


@functools.lru_cache(maxsize=64)
def _pg_statement(types: bool, classes: bool, shape: Shape) -> str:
    """PostgreSQL: the search statement, its parameters numbered (the match, the rank, the
    scope, the reader's user, the filters asked for, the bounds set, the limit). The match
    is on the chosen lexemes, the rank on every one. The matches are ranked by id alone and
    only the best are read whole (a row read whole for each match cost more than its
    rank)."""
    filters = [f"AND {column} = ANY(${n}::varchar[])" for n, column in _numbered(types, classes)]
    filters += pg_sql(shape, 7 + len(filters))
    limit = 7 + sum(clause.count("$") for clause in filters)

    return f"""SELECT {_PG_COLUMNS}, best.score
FROM (
  SELECT id AS best_id, ts_rank(search_vector, $2::tsquery) AS score, updated_at AS best_at
  FROM memories
  WHERE search_vector @@ $1::tsquery AND {_PG_SEEN} {" ".join(filters)}
  ORDER BY score DESC, updated_at DESC, id DESC
  LIMIT ${limit}
) AS best JOIN memories ON memories.id = best.best_id
ORDER BY best.score DESC, best.best_at DESC, best.best_id DESC"""


def _numbered(types: bool, classes: bool) -> list[tuple[int, str]]:
    wanted = [column for column, on in (("type", types), ("class", classes)) if on]
    return list(enumerate(wanted, start=7))
