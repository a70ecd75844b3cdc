"""``./dev bench recall``: search and injection-block latency at 10,000 and 100,000 memories.

For each backend (SQLite always, in a temporary file; PostgreSQL when a URL is given or
MEMORYD_DATABASE_URL points at it, in a scratch database dropped afterwards) the synthetic
corpus of :mod:`tests.bench.corpus` is loaded into one scope, then each operation is timed
through the public :class:`~daemon.recall.Recall` API (surfacing writes included), one call at
a time, after a warm-up. Latencies are wall-clock milliseconds per call.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from daemon.base.clock import SystemClock
from daemon.recall import Recall
from daemon.store.db import Store
from daemon.store.tables import memories
from tests.bench import hybrid as hybrid_target
from tests.bench.corpus import SCOPE, Corpus
from tests.bench.embedding_rate import embedding_rows
from tests.bench.scratch import scratch_database
from tests.bench.timing import latency_ms, time_calls

SIZES = (10_000, 100_000)
TARGET_P95_MS = 10.0
_INSERT_BATCH = 2_000


async def _load(store: Store, corpus: Corpus, start: int, count: int) -> None:
    rows = corpus.rows(start, count)
    while batch := [row for _, row in zip(range(_INSERT_BATCH), rows, strict=False)]:
        async with store.begin() as conn:
            await conn.execute(sa.insert(memories), batch)
    async with store.begin() as conn:
        await conn.execute(sa.text("ANALYZE"))


def _row(backend: str, operation: str, size: int, timings: list[float]) -> dict[str, Any]:
    return {"backend": backend, "operation": operation, "memories": size, **latency_ms(timings)}


async def _time_size(
    recall: Recall, backend: str, size: int, corpus: Corpus, calls: int
) -> list[dict[str, Any]]:
    queries = [corpus.query() for _ in range(calls + 20)]
    searches = iter(queries)
    blocks = iter(queries)
    search = await time_calls(lambda: recall.search(next(searches), SCOPE), calls, 20)
    block = await time_calls(lambda: recall.injection_block(SCOPE, next(blocks)), calls, 20)
    return [
        _row(backend, "search", size, search),
        _row(backend, "injection_block", size, block),
    ]


async def _bench_backend(
    url: str, backend: str, sizes: tuple[int, ...], calls: int
) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    corpus = Corpus()
    async with scratch_database(url, "recall") as scratch:
        store = Store.from_url(scratch, pool_size=2)
        try:
            loaded = 0
            for size in sizes:
                await _load(store, corpus, loaded, size - loaded)
                loaded = size
                recall = Recall(store, SystemClock())  # term statistics of this size
                results += await _time_size(recall, backend, size, corpus, calls)
                await recall.aclose(close_store=False)
        finally:
            await store.close()
    return results


async def bench_recall(
    database_url: str,
    *,
    postgres_url: str | None = None,
    pgvector_url: str | None = None,
    sizes: tuple[int, ...] = SIZES,
    calls: int = 300,
    hybrid: bool = True,
    fake_memories: int = 0,
    local_memories: int = 0,
) -> dict[str, Any]:
    """One JSON-able object: the target and a ``results`` row per backend, operation, size;
    with ``hybrid``, the ``hybrid`` rows (:mod:`tests.bench.hybrid`) in ``hybrid``, and
    there a worker's embedding throughput (``embedding``: ``fake_memories`` through the fake
    endpoint, ``local_memories`` with the local model; :mod:`tests.bench.embedding_rate`)."""
    results = await _bench_backend("sqlite+aiosqlite:///unused", "sqlite", sizes, calls)
    if postgres_url is None and database_url.startswith("postgresql"):
        postgres_url = database_url
    skipped: list[str] = []
    if postgres_url is not None:
        results += await _bench_backend(postgres_url, "postgresql", sizes, calls)
    else:
        skipped.append("postgresql: no URL (give --postgres or a PostgreSQL database URL)")
    hybrid_results = (
        await _hybrid(postgres_url, pgvector_url, sizes, calls, skipped) if hybrid else []
    )
    embedding: list[dict[str, Any]] = []
    if hybrid and (fake_memories or local_memories):
        rates = await embedding_rows(fake_memories=fake_memories, local_memories=local_memories)
        embedding, skipped = rates["rows"], skipped + rates["skipped"]
    return {
        "benchmark": "recall",
        "target_p95_ms": TARGET_P95_MS,
        "calls_per_row": calls,
        "query": "a sentence of 3 corpus words (Zipf-weighted) and stop words",
        "met_target": all(
            r["p95_ms"] < TARGET_P95_MS for r in results if r["memories"] >= max(sizes)
        ),
        "skipped": skipped,
        "results": results,
        "hybrid": {
            "target_p95_ms": hybrid_target.TARGET_P95_MS,
            "met_target": hybrid_target.met(hybrid_results, max(sizes)),
            "results": hybrid_results,
            "embedding": embedding,
        },
    }


async def _hybrid(
    postgres_url: str | None,
    pgvector_url: str | None,
    sizes: tuple[int, ...],
    calls: int,
    skipped: list[str],
) -> list[dict[str, Any]]:
    """The hybrid rows on SQLite, PostgreSQL without pgvector and with it."""
    found = await hybrid_target.hybrid_rows("sqlite+aiosqlite:///unused", "sqlite", sizes, calls)
    for url, backend in ((postgres_url, "postgresql"), (pgvector_url, "postgresql+pgvector")):
        if url is None:
            skipped.append(f"hybrid on {backend}: no URL")
            continue
        found += await hybrid_target.hybrid_rows(url, backend, sizes, calls)
    return found
