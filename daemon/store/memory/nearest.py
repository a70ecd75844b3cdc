"""The memories of one scope nearest in meaning to a query vector.

Every ranking is of one embedding space (vectors of two models are never compared) and of
one scope: the scope's conditions are part of the nearest-neighbour query itself, never a
filter over a global top-k, so a crowded neighbouring scope cannot push a small scope's
memories out of its own answer. What may rank is what the keyword search may return
(:mod:`.search`): live memories of the scope's users, held ones only for their author,
of the types and classes asked for, within the search's time bounds and of its source
session (:mod:`.filters`), whose integrity tag verifies.

How each backend ranks:

SQLite with sqlite-vec
    The space's ``vec0`` table (:mod:`daemon.store.memory.vector_index`), partitioned by tenant
    and project with the user as metadata: its k-nearest query reads the scope's vectors
    only and compares each (exact, in C); the memories found are then read with the rest
    of the visibility, and more are asked of the index when that rules some out. Without
    the table (no vectors stored since it was dropped), with ``exact``, or when the
    search's filters rule out so many that the index's limit is reached first:
    ``vec_distance_cosine`` over the scope's rows, an exact scan through
    ``ix_memories_scope``.
SQLite without sqlite-vec
    The same exact scan with ``vec_distance_cosine`` written in Python
    (:mod:`daemon.store.vector_sql`): about a hundred times slower.
PostgreSQL with pgvector
    The space's HNSW index is walked with the scope's conditions in the same query;
    pgvector before 0.8 stops after ``hnsw.ef_search`` candidates, so when that leaves
    fewer than ``k`` memories of the scope (a small scope whose region a neighbouring scope
    owns) the query is answered exactly by pgvector's ``<=>`` over the scope's rows, which
    costs what the scope's size costs (about 1 ms per 1,000 vectors of 384 dimensions).
PostgreSQL without pgvector
    The scope's vectors are read and ranked in Python: exact, and linear in the scope's
    size (about a second per 100,000 vectors of 384 dimensions; use pgvector past a few
    thousand memories per scope).
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.types import UserDefinedType

from daemon.base.scope import ScopeKey
from daemon.store.db import sealer_of
from daemon.store.memory import vector_index
from daemon.store.memory.filters import SearchFilter, Shape, conditions
from daemon.store.memory.record import COLUMNS, Memory, from_row, intact, reviewed, scope_users
from daemon.store.memory.search import MAX_LIMIT
from daemon.store.memory.vector_index import KNN_MAX
from daemon.store.memory.vectors import has_pgvector, quoted, vector_literal
from daemon.store.tables import memories, memory_vectors
from daemon.store.vector_sql import pack, unpack

#: pgvector's HNSW: the candidates one index scan collects, at least (``hnsw.ef_search``).
EF_SEARCH = 200
#: sqlite-vec: the candidates asked of the index per memory wanted, without and with a
#: filter of types or classes (which the index does not hold).
OVERSAMPLE = 2
OVERSAMPLE_FILTERED = 8


class _Vector(UserDefinedType[Any]):
    """pgvector's ``vector(dims)``, for casts in statements."""

    cache_ok = True

    def __init__(self, dims: int) -> None:
        self.dims = dims

    def get_col_spec(self, **_: Any) -> str:
        return f"vector({self.dims})"


async def nearest(
    conn: AsyncConnection,
    scope: ScopeKey,
    space: str,
    query: Sequence[float],
    where: SearchFilter,
    *,
    exact: bool = False,
) -> list[Memory]:
    """The ``where.limit`` memories of ``scope`` nearest to ``query`` among the vectors of
    ``space``, nearest first; each :class:`Memory`'s ``score`` is its cosine similarity.
    ``exact``: never through an index (pgvector's HNSW, sqlite-vec's vec0 table)."""
    k = max(1, min(where.limit, MAX_LIMIT))
    params: dict[str, Any] = {
        "tenant": scope.tenant,
        "project": scope.project,
        "users": scope_users(scope),
        "reader": scope.user,
        "space": space,
    }
    if where.types:
        params["types"] = sorted(where.types)
    if where.classes:
        params["classes"] = sorted(where.classes)
    params.update(where.bounds())
    filters = (bool(where.types), bool(where.classes), where.shape())
    if conn.dialect.name != "postgresql":
        params["query"] = pack(query)
        if not exact and await vector_index.ready(conn, space):
            found = await _indexed(conn, space, params, filters, k)
            if found is not None:
                return found
        return await _verified(conn, _sqlite_statement(*filters), params, k)
    if not await has_pgvector(conn):
        return await _python_ranked(conn, params, filters, query, k)
    dims = len(query)
    params["query"] = vector_literal(query)
    if not exact:
        await conn.execute(
            sa.text("SELECT set_config('hnsw.ef_search', :ef, false)"),
            {"ef": str(max(EF_SEARCH, 2 * k))},
        )
        found = await _verified(conn, _pg_statement(space, dims, True, *filters), params, k)
        if len(found) == k:
            return found
    return await _verified(conn, _pg_statement(space, dims, False, *filters), params, k)


async def _verified(
    conn: AsyncConnection, statement: Any, params: dict[str, Any], k: int
) -> list[Memory]:
    """The first ``k`` rows of ``statement`` whose integrity verifies (more are read when
    some do not)."""
    sealer = sealer_of(conn)
    limit = k
    while True:
        rows = list((await conn.execute(statement, {**params, "limit": limit})).all())
        found = [from_row(row, 1.0 - float(row.distance)) for row in rows if intact(sealer, row)]
        if len(found) >= k or len(rows) < limit:
            return found[:k]
        limit *= 4


async def _indexed(
    conn: AsyncConnection,
    space: str,
    params: dict[str, Any],
    filters: tuple[bool, bool, Shape],
    k: int,
) -> list[Memory] | None:
    """SQLite with sqlite-vec: the scope's nearest vectors from ``space``'s vec0 table
    (tenant, project and users inside the index query), then their memories read with the
    rest of the visibility and the search's filters (types, classes, time bounds, source
    session: none of which the index holds). Candidates these rule out (forgotten, held,
    filtered out) are made up for by asking the index for more, up to its limit; ``None``
    when even that leaves fewer than ``k`` (the exact scan, filters inside, then answers)."""
    types, classes, shape = filters
    filtered = types or classes or any(shape)
    candidates = min(KNN_MAX, k * (OVERSAMPLE_FILTERED if filtered else OVERSAMPLE))
    sealer = sealer_of(conn)
    while True:
        ranked = await vector_index.knn(conn, space, params["query"], params, candidates)
        if not ranked:
            return []
        rows = await conn.execute(
            _sqlite_rows(*filters), {**params, "ids": [memory_id for memory_id, _ in ranked]}
        )
        by_id = {int(row.id): row for row in rows}
        found: list[Memory] = []
        for memory_id, distance in sorted(ranked, key=lambda pair: (pair[1], -pair[0])):
            row = by_id.get(memory_id)
            if row is not None and intact(sealer, row):
                found.append(from_row(row, 1.0 - distance))
                if len(found) == k:
                    return found
        if len(ranked) < candidates:
            return found
        if candidates >= KNN_MAX:
            return None
        candidates = min(KNN_MAX, candidates * 4)


@functools.lru_cache(maxsize=64)
def _sqlite_rows(types: bool, classes: bool, shape: Shape) -> Any:
    """The memories of the index's candidates (``ids``) the scope may see and the search's
    filters let through."""
    return sa.select(*COLUMNS).where(
        memories.c.id.in_(sa.bindparam("ids", expanding=True)), *_visible(types, classes, shape)
    )


def _conditions(types: bool, classes: bool, shape: Shape) -> list[sa.ColumnElement[bool]]:
    """The scope and visibility of :mod:`.search` and the search's filters, on the memory
    and on its vector."""
    return [
        *_visible(types, classes, shape),
        memory_vectors.c.tenant == sa.bindparam("tenant"),
        memory_vectors.c.project == sa.bindparam("project"),
    ]


def _visible(types: bool, classes: bool, shape: Shape) -> list[sa.ColumnElement[bool]]:
    """The scope and visibility of :mod:`.search` on a memory, its filters and bounds."""
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
    return found + conditions(shape)


def _joined() -> sa.FromClause:
    return memories.join(memory_vectors, memory_vectors.c.memory_id == memories.c.id)


@functools.lru_cache(maxsize=64)
def _sqlite_statement(types: bool, classes: bool, shape: Shape) -> Any:
    """SQLite: the scope's nearest ids ranked on the vectors and the ids alone, then their
    memories read (sorting whole rows cost a third of the scan)."""
    distance = sa.func.vec_distance_cosine(memory_vectors.c.vector, sa.bindparam("query"))
    ranked = (
        sa.select(memory_vectors.c.memory_id, distance.label("distance"))
        .select_from(_joined())
        .where(memory_vectors.c.space == sa.bindparam("space"), *_conditions(types, classes, shape))
        .order_by(sa.literal_column("distance"), memories.c.id.desc())
        .limit(sa.bindparam("limit"))
        .subquery("ranked")
    )
    return (
        sa.select(*COLUMNS, ranked.c.distance)
        .select_from(ranked.join(memories, memories.c.id == ranked.c.memory_id))
        .order_by(ranked.c.distance, memories.c.id.desc())
    )


@functools.lru_cache(maxsize=256)
def _pg_statement(
    space: str, dims: int, indexed: bool, types: bool, classes: bool, shape: Shape
) -> Any:
    """PostgreSQL with pgvector. ``indexed``: ordered by the expression of the space's HNSW
    index, whose partial predicate is the space written as a literal; otherwise ordered by
    an expression no index serves (an exact scan of the scope's rows)."""
    kind = _Vector(dims)
    # pgvector's column, made by revision 0017 where the extension is: not declared.
    embedding = sa.cast(sa.literal_column("memory_vectors.embedding"), kind)
    # The query as a scalar subquery: computed once (a cast of a parameter would parse the
    # vector's text again for every row), and still a key the HNSW index scan can order by.
    query = sa.select(sa.cast(sa.bindparam("query", type_=sa.Text), kind)).scalar_subquery()
    distance = embedding.op("<=>", return_type=sa.Float)(query)
    # The index orders by the distance alone: a second sort key would keep it from serving
    # the order (ties then fall as the index walks).
    order = (distance,) if indexed else (distance + 0.0, memories.c.id.desc())
    return (
        sa.select(*COLUMNS, distance.label("distance"))
        .select_from(_joined())
        .where(
            memory_vectors.c.space == sa.literal_column(quoted(space)),
            *_conditions(types, classes, shape),
        )
        .order_by(*order)
        .limit(sa.bindparam("limit"))
    )


async def _python_ranked(
    conn: AsyncConnection,
    params: dict[str, Any],
    filters: tuple[bool, bool, Shape],
    query: Sequence[float],
    k: int,
) -> list[Memory]:
    """PostgreSQL without pgvector: every vector of the scope read, ranked in Python."""
    rows = await conn.execute(_pg_plain(*filters), params)
    norm_q = math.sqrt(math.fsum(v * v for v in query)) or 1.0
    scored: list[tuple[float, int, Any]] = []
    for row in rows:
        values = unpack(row.vector)
        if len(values) != len(query):
            continue
        dot = sum(map(operator.mul, values, query))
        norm = math.sqrt(sum(map(operator.mul, values, values))) or 1.0
        scored.append((dot / (norm * norm_q), int(row.id), row))
    sealer = sealer_of(conn)
    found: list[Memory] = []
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    for similarity, _, row in scored:
        if intact(sealer, row):
            found.append(from_row(row, similarity))
            if len(found) == k:
                break
    return found


@functools.lru_cache(maxsize=64)
def _pg_plain(types: bool, classes: bool, shape: Shape) -> Any:
    return (
        sa.select(*COLUMNS, memory_vectors.c.vector)
        .select_from(_joined())
        .where(memory_vectors.c.space == sa.bindparam("space"), *_conditions(types, classes, shape))
    )


async def has_vectors(conn: AsyncConnection, scope: ScopeKey, space: str) -> bool:
    """Whether ``scope``'s project holds any vector of ``space`` (one row read through
    ``ix_memory_vectors_scope_space``): a search by meaning there has something to rank."""
    found = await conn.execute(
        sa.select(sa.literal(1))
        .where(
            memory_vectors.c.tenant == scope.tenant,
            memory_vectors.c.project == scope.project,
            memory_vectors.c.space == space,
        )
        .limit(1)
    )
    return found.first() is not None
