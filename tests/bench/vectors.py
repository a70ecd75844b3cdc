"""``./dev bench vectors``: latency of :func:`~daemon.store.memory.nearest.nearest` at
10,000 and 100,000 memories of one scope, 384-dimensional vectors, k = 10.

Rows, each timed one call at a time after a warm-up (wall-clock milliseconds):

- ``sqlite-vec vec0``: nearest() on the store's own SQLite connection with sqlite-vec loaded
  (through pysqlite3 where the interpreter's sqlite3 cannot load it), through the space's
  vec0 index (:mod:`daemon.store.memory.vector_index`);
- ``sqlite-vec exact``: nearest(exact=True) on the same store: ``vec_distance_cosine`` in C
  over the scope's rows, the path a store without the index takes;
- ``python exact``: nearest() on a store opened without sqlite-vec, the fallback (the
  Python stand-in of ``vec_distance_cosine``); timed ``slow_calls`` times, left out with
  ``python=False``;
- ``postgresql exact``: a PostgreSQL without pgvector (the scope's vectors ranked in
  Python);
- ``pgvector exact`` and ``pgvector hnsw``: a PostgreSQL with pgvector (``pgserver``),
  with the scope ranked exactly by ``<=>`` and through the space's HNSW index.

The memories come from :mod:`tests.bench.corpus`; the vectors are random, stored through
:func:`~daemon.store.memory.vectors.upsert` as the worker stores them. An exact scan costs
the same whatever the vectors mean; an HNSW walk does not: random directions are its worst
case (twice the pages and the time of vectors with meaning at 100,000, see
:mod:`tests.bench.hybrid`), so the ``pgvector hnsw`` rows here are an upper bound.
:func:`nearest_rows` is the part a hybrid benchmark reuses. The embedding throughput rows
are :mod:`tests.bench.embedding_rate`'s.
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
from daemon.store.memory import vector_index, vectors
from daemon.store.memory.nearest import nearest
from daemon.store.memory.search import SearchFilter
from daemon.store.memory.vectors import Embedded
from daemon.store.tables import memories
from daemon.store.vector_sql import PYTHON_FALLBACK
from tests.bench.corpus import SCOPE, Corpus
from tests.bench.scratch import scratch_database
from tests.bench.timing import latency_ms, time_calls

SIZES = (10_000, 100_000)
DIMS = 384
SPACE = f"bench:random:{DIMS}"
K = 10
_BATCH = 2_000


def random_vector(rng: random.Random) -> list[float]:
    """A random direction (int8 components: cheap to make; an HNSW index's worst case)."""
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
    python: bool = True,
) -> dict[str, Any]:
    """One JSON-able object with a ``results`` row per backend, ranking and size; rankings
    that scan in Python are timed ``slow_calls`` times."""
    rng = random.Random(11)

    async def sqlite_rows(store: Store, scratch: str, size: int, _: str) -> list[dict[str, Any]]:
        return await sqlite_vec_rows(store, scratch, size, calls, slow_calls, rng, python=python)

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
        # the figures depend on what else runs: the machine's load when they were taken
        "load_average": [round(n, 1) for n in os.getloadavg()],
        "cores": os.cpu_count(),
    }


async def sqlite_vec_rows(
    store: Store,
    url: str,
    size: int,
    calls: int,
    slow_calls: int,
    rng: random.Random,
    *,
    python: bool = True,
) -> list[dict[str, Any]]:
    """SQLite's rows at ``size``: sqlite-vec's vec0 index and its exact scan on ``store``,
    then (``python``) the fallback on a store of the same file opened without sqlite-vec.
    That one drops the index's triggers, which the next load's first stored batch makes
    again (the index rebuilt from the vectors stored)."""
    async with store.connect() as conn:
        engine = await vectors.engine_of(conn)
        indexed = await vector_index.ready(conn, SPACE)
    rows: list[dict[str, Any]] = []
    if engine == PYTHON_FALLBACK:
        rows.append(await nearest_rows(store, "sqlite", "python exact", size, slow_calls, rng))
        return rows
    if indexed:
        rows.append(await nearest_rows(store, "sqlite", "sqlite-vec vec0", size, calls, rng))
    exact = await nearest_rows(store, "sqlite", "sqlite-vec exact", size, calls, rng, exact=True)
    rows.append(exact)
    if python:
        fallback = Store.from_url(url, pool_size=2, sqlite_vec=False)
        try:
            found = await nearest_rows(fallback, "sqlite", "python exact", size, slow_calls, rng)
        finally:
            await fallback.close()
        rows.append(found)
    for row in rows:
        row["engine"] = engine
    return rows


def start_pgvector(directory: Path) -> tuple[str, Any]:
    """A pgserver (PostgreSQL with pgvector) of the benchmark's own, stopped afterwards."""
    from tests.pgvector_server import start

    os.makedirs(directory, exist_ok=True)
    return start(directory)
