"""``./dev bench vectors``: latency of :func:`~daemon.store.memory.nearest.nearest` at
10,000 and 100,000 memories of one scope, 384-dimensional vectors, k = 10.

Rows, each timed one call at a time after a warm-up (wall-clock milliseconds):

- ``sqlite``: nearest() on the store's own SQLite connection, whose ``vec_distance_cosine``
  is sqlite-vec where the interpreter's sqlite3 loads extensions and its Python stand-in
  where not (the row's ``ranking`` says which);
- ``sqlite-vec sql``: the same statement run with sqlite-vec loaded (through pysqlite3,
  when installed) without building memories: the figure sqlite-vec gives;
- ``postgresql exact``: a PostgreSQL without pgvector (the scope's vectors ranked in
  Python);
- ``pgvector exact`` and ``pgvector hnsw``: a PostgreSQL with pgvector (``pgserver``),
  with the scope ranked exactly by ``<=>`` and through the space's HNSW index.

The memories come from :mod:`tests.bench.corpus`; the vectors are random (what is timed
does not depend on their meaning), stored through :func:`~daemon.store.memory.vectors.upsert`
as the worker stores them. :func:`nearest_rows` is the part a hybrid benchmark reuses.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from array import array
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from daemon.base.clock import SystemClock
from daemon.store.db import Store
from daemon.store.memory import vectors
from daemon.store.memory.nearest import nearest
from daemon.store.memory.search import SearchFilter
from daemon.store.memory.vectors import Embedded
from daemon.store.tables import memories
from daemon.store.vector_sql import pack
from tests.bench.corpus import SCOPE, Corpus
from tests.bench.scratch import scratch_database
from tests.bench.timing import latency_ms, time_calls

SIZES = (10_000, 100_000)
DIMS = 384
SPACE = f"bench:random:{DIMS}"
K = 10
_BATCH = 2_000


def random_vector(rng: random.Random) -> list[float]:
    """A random direction (int8 components: cheap to make, as good as any for timing)."""
    return [float(b) for b in array("b", rng.randbytes(DIMS))]


async def load(store: Store, corpus: Corpus, start: int, count: int, rng: random.Random) -> None:
    """Insert ``count`` corpus memories and store a vector of :data:`SPACE` for each."""
    rows = corpus.rows(start, count)
    while batch := [row for _, row in zip(range(_BATCH), rows, strict=False)]:
        async with store.begin() as conn:
            await conn.execute(sa.insert(memories), batch)
    clock = SystemClock()
    async with store.begin() as conn:
        pgvector = await vectors.has_pgvector(conn)
        if pgvector:  # build the index once after the load (inserting into it costs more)
            await conn.execute(sa.text(f'DROP INDEX IF EXISTS "{vectors.index_name(SPACE)}"'))
            vectors.forget_indexes(conn, deferred=SPACE)
    while True:
        async with store.connect() as conn:
            found = await vectors.pending(conn, SPACE, limit=vectors.MAX_BATCH)
        if not found:
            break
        async with store.begin() as conn:
            done = [Embedded(m, random_vector(rng)) for m in found]
            await vectors.upsert(conn, SPACE, DIMS, done, clock.now())
    async with store.begin() as conn:
        if pgvector:
            vectors.forget_indexes(conn)
            await conn.execute(sa.text("SET maintenance_work_mem = '512MB'"))
            await vectors.ensure_index(conn, SPACE, DIMS)
        await conn.execute(sa.text("ANALYZE"))


def _row(backend: str, ranking: str, size: int, timings: list[float]) -> dict[str, Any]:
    return {
        "backend": backend,
        "ranking": ranking,
        "memories": size,
        "calls": len(timings),
        **latency_ms(timings),
    }


async def nearest_rows(
    store: Store,
    backend: str,
    ranking: str,
    size: int,
    calls: int,
    rng: random.Random,
    *,
    exact: bool = False,
) -> dict[str, Any]:
    """One timed row of nearest() over ``store``'s scope :data:`SCOPE` (k = :data:`K`)."""
    queries = [random_vector(rng) for _ in range(calls + 5)]
    it = iter(queries)

    async def call() -> None:
        async with store.read() as conn:
            found = await nearest(conn, SCOPE, SPACE, next(it), SearchFilter(limit=K), exact=exact)
        assert len(found) == K

    return _row(backend, ranking, size, await time_calls(call, calls, min(5, max(1, calls // 3))))


def _sqlite_vec_sql(path: str, size: int, calls: int, rng: random.Random) -> dict[str, Any] | None:
    """The nearest() statement on a connection with sqlite-vec loaded (pysqlite3), or
    ``None`` when no such sqlite3 module is installed."""
    try:
        import pysqlite3.dbapi2 as dbapi
    except ImportError:
        return None
    from sqlalchemy.dialects import sqlite

    from daemon.store.memory.filters import UNBOUNDED
    from daemon.store.memory.nearest import _sqlite_statement
    from daemon.store.memory.record import scope_users
    from daemon.store.vector_sql import install

    conn = dbapi.connect(path)
    if not install(conn):
        return None
    values = {
        "tenant": SCOPE.tenant,
        "project": SCOPE.project,
        "users": scope_users(SCOPE),
        "reader": SCOPE.user,
        "space": SPACE,
        "limit": K,
        "query": b"",
    }
    compiled = _sqlite_statement(False, False, UNBOUNDED).compile(dialect=sqlite.dialect())
    state = compiled.construct_expanded_state(values)
    order = list(state.positiontup or [])
    timings: list[float] = []
    for n in range(calls + 5):
        given = dict(state.parameters) | {"query": pack(random_vector(rng))}
        started = time.perf_counter()
        rows = conn.execute(state.statement, [given[name] for name in order]).fetchall()
        if n >= 5:
            timings.append((time.perf_counter() - started) * 1000)
        assert len(rows) == K
    conn.close()
    return _row("sqlite", "sqlite-vec sql", size, timings)


@contextlib.asynccontextmanager
async def _store(url: str) -> AsyncIterator[tuple[Store, str]]:
    async with scratch_database(url, "vectors") as scratch:
        store = Store.from_url(scratch, pool_size=2)
        try:
            yield store, scratch
        finally:
            await store.close()


async def _bench(
    url: str,
    backend: str,
    sizes: tuple[int, ...],
    calls: int,
    timed: Callable[[Store, str, int, str], Awaitable[list[dict[str, Any]]]],
) -> list[dict[str, Any]]:
    rng = random.Random(7)
    corpus = Corpus()
    results: list[dict[str, Any]] = []
    async with _store(url) as (store, scratch):
        loaded = 0
        for size in sizes:
            started = time.perf_counter()
            await load(store, corpus, loaded, size - loaded, rng)
            loaded = size
            rows = await timed(store, scratch, size, backend)
            for row in rows:
                row["load_s"] = round(time.perf_counter() - started, 1)
            results += rows
    return results


async def bench_vectors(
    *,
    postgres_url: str | None,
    pgvector_url: str | None,
    sizes: tuple[int, ...] = SIZES,
    calls: int = 100,
    slow_calls: int = 10,
    backends: tuple[str, ...] = ("sqlite", "postgresql", "pgvector"),
) -> dict[str, Any]:
    """One JSON-able object with a ``results`` row per backend, ranking and size; rankings
    that scan in Python are timed ``slow_calls`` times."""
    rng = random.Random(11)

    async def sqlite_rows(store: Store, scratch: str, size: int, _: str) -> list[dict[str, Any]]:
        async with store.connect() as conn:
            ranking = await vectors.engine_of(conn)
        n = slow_calls if ranking == "python" else calls
        found = [await nearest_rows(store, "sqlite", ranking, size, n, rng)]
        vec = _sqlite_vec_sql(scratch.partition(":///")[2], size, calls, rng)
        return found + ([vec] if vec else [])

    async def pg_rows(store: Store, _s: str, size: int, backend: str) -> list[dict[str, Any]]:
        async with store.connect() as conn:
            ranking = await vectors.engine_of(conn)
        if ranking == "exact":
            return [await nearest_rows(store, backend, "exact (python)", size, slow_calls, rng)]
        exact = await nearest_rows(store, backend, "pgvector exact", size, calls, rng, exact=True)
        hnsw = await nearest_rows(store, backend, "pgvector hnsw", size, calls, rng)
        return [exact, hnsw]

    skipped: list[str] = []
    results: list[dict[str, Any]] = []
    if "sqlite" in backends:
        results += await _bench("sqlite+aiosqlite:///unused", "sqlite", sizes, calls, sqlite_rows)
    for url, backend in ((postgres_url, "postgresql"), (pgvector_url, "postgresql+pgvector")):
        if backend.rpartition("+")[2] not in backends:
            continue
        if url is None:
            skipped.append(f"{backend}: no URL")
            continue
        results += await _bench(url, backend, sizes, calls, pg_rows)
    return {
        "benchmark": "vectors",
        "dims": DIMS,
        "k": K,
        "scope": "every memory in one scope",
        "skipped": skipped,
        "results": results,
    }


def start_pgvector(directory: Path) -> tuple[str, Any]:
    """A pgserver (PostgreSQL with pgvector) of the benchmark's own, stopped afterwards."""
    from tests.pgvector_server import start

    os.makedirs(directory, exist_ok=True)
    return start(directory)
