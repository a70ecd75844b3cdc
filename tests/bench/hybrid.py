"""The ``hybrid`` rows of ``./dev bench recall`` and ``./dev bench serve``: a search ranked
by keywords and meaning fused (``mode=hybrid``), in process and over HTTP.

Vectors mean something, as a model's do: each memory's is the fake model server's vector
of its text (:func:`~daemon.testing.fakellm.embeddings.fake_vector`, a hashed bag of words
in 384 dimensions), and so is each query's, so texts that share words are near. (Random
vectors, which the rows used first, are the worst case of an HNSW index: on them pgvector's
walk at ``ef_search`` 200 touched twice the pages, 5.5 ms a search against 2.6, and found a
fifth of the exact top 20 against nine tenths.)

In process (:func:`hybrid_rows`): the corpus of :mod:`tests.bench.corpus` in one scope and
searches through the public :class:`~daemon.recall.Recall` with a query embedder that
answers at once (:class:`WordsEmbedder`, no cache): what is timed is the two rankings and
their fusion, not a provider. Each row names how vectors were ranked (``ranking``, the
path ``memoryd embeddings status`` names: ``vec0``, sqlite-vec's index; ``sqlite-vec``, its
exact scan; ``python``; ``pgvector`` through the HNSW index; ``exact`` for PostgreSQL
without pgvector).

Over HTTP (:func:`serve_rows`): ``memoryd serve`` on a PostgreSQL with pgvector, its
embeddings the fake model server's ``/v1/embeddings`` (queries repeat, so the query cache
answers after the warm-up, as it does for a host's repeated queries), 16 clients asking
``GET /v1/recall/search?mode=hybrid``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from daemon.base.clock import SystemClock
from daemon.base.settings import RecallSettings
from daemon.embeddings.query import QueryEmbedder
from daemon.maintenance.embedding import status
from daemon.recall import HybridSearch, Recall, SearchFilter
from daemon.store.db import Store
from daemon.store.memory import vectors
from daemon.store.memory.vectors import Embedded
from daemon.store.tables import memories
from daemon.testing.fakellm.embeddings import fake_vector
from tests.bench.corpus import SCOPE, Corpus
from tests.bench.scratch import drop_prefix, scratch_database, settle
from tests.bench.timing import latency_ms, time_calls
from tests.bench.vectors import DIMS

#: The in-process target at 100,000 memories with an index (sqlite-vec, pgvector's HNSW).
TARGET_P95_MS = 15.0
#: The HTTP target, 16 clients on PostgreSQL.
TARGET_SERVE_P95_MS = 25.0
_BATCH = 2_000
#: The paths that rank through an index (:data:`daemon.maintenance.embedding.PATHS`): the
#: in-process target is theirs; the others are exact scans, reported beside them.
INDEXED = ("vec0", "pgvector")


#: The model the vectors are of (the fake server's, as ``MEMORYD_EMBEDDINGS__MODEL``).
MODEL = "fake-embedding"
#: The space the fake server's vectors fall in (``MEMORYD_EMBEDDINGS__MODEL`` and dims).
SERVE_SPACE = f"openai:{MODEL}:{DIMS}"


def vector_of(text: str) -> list[float]:
    """``text``'s vector as the fake model server gives it for :data:`MODEL`."""
    return fake_vector(text, DIMS, MODEL)


class WordsEmbedder:
    """An embedder of the bench's space that answers at once with :func:`vector_of`."""

    def __init__(self, space: str) -> None:
        self._space = space

    @property
    def space(self) -> str:
        return self._space

    @property
    def dims(self) -> int:
        return DIMS

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [vector_of(text) for text in texts]


async def load(store: Store, corpus: Corpus, start: int, count: int, space: str) -> None:
    """Insert ``count`` corpus memories and the vector of ``space`` of each one's text
    (:func:`vector_of`; the HNSW index built once after the load)."""
    rows = corpus.rows(start, count)
    while batch := [row for _, row in zip(range(_BATCH), rows, strict=False)]:
        async with store.begin() as conn:
            await conn.execute(sa.insert(memories), batch)
    async with store.begin() as conn:
        pgvector = await vectors.has_pgvector(conn)
        if pgvector:
            await conn.execute(sa.text(f'DROP INDEX IF EXISTS "{vectors.index_name(space)}"'))
            vectors.forget_indexes(conn, deferred=space)
    now = SystemClock().now()
    while True:
        async with store.connect() as conn:
            found = await vectors.pending(conn, space, limit=vectors.MAX_BATCH)
        if not found:
            break
        async with store.begin() as conn:
            done = [Embedded(m, vector_of(m.text)) for m in found]
            await vectors.upsert(conn, space, DIMS, done, now)
    async with store.begin() as conn:
        if pgvector:
            vectors.forget_indexes(conn)
            await conn.execute(sa.text("SET maintenance_work_mem = '512MB'"))
            await vectors.ensure_index(conn, space, DIMS)
    await settle(store)


async def hybrid_rows(
    url: str, backend: str, sizes: tuple[int, ...], calls: int, *, slow_calls: int = 10
) -> list[dict[str, Any]]:
    """One ``hybrid`` row per size on the backend at ``url`` (a scratch database): the p50
    and p95 of ``Recall.ranked(..., mode="hybrid")``, k = 10. A path that ranks without an
    index (an exact scan) is timed ``slow_calls`` times."""
    corpus = Corpus()
    space = "bench:hybrid:384"
    rows: list[dict[str, Any]] = []
    async with scratch_database(url, "hybrid") as scratch:
        store = Store.from_url(scratch, pool_size=2)
        try:
            loaded = 0
            for size in sizes:
                await load(store, corpus, loaded, size - loaded, space)
                loaded = size
                path = (await status(store, space)).path
                n = calls if path in INDEXED else slow_calls
                clock = SystemClock()
                embedder = QueryEmbedder(WordsEmbedder(space), cache_size=0)
                searcher = HybridSearch(RecallSettings(), embedder, clock)
                recall = Recall(store, clock, searcher=searcher)
                timings = await _timed(recall, [corpus.query() for _ in range(n + 20)], n)
                rows.append(
                    {
                        "backend": backend,
                        "operation": "hybrid",
                        "ranking": path,
                        "memories": size,
                        "calls": n,
                        **latency_ms(timings),
                    }
                )
        finally:
            await store.close()
    return rows


async def _timed(recall: Recall, queries: list[str], n: int) -> list[float]:
    """``n`` hybrid searches of ``queries``, one at a time after a warm-up."""
    it = iter(queries)

    async def call() -> None:
        found = await recall.ranked(
            next(it), SCOPE, SearchFilter(limit=10), mode="hybrid", mark=False
        )
        assert found.mode == "hybrid" and len(found.memories) == 10

    return await time_calls(call, n, min(20, max(1, n // 3)))


def met(rows: list[dict[str, Any]], size: int) -> bool:
    """Whether every indexed hybrid row at ``size`` has its p95 under the target."""
    indexed = [r for r in rows if r["memories"] >= size and r["ranking"] in INDEXED]
    return bool(indexed) and all(r["p95_ms"] < TARGET_P95_MS for r in indexed)


async def serve_rows(
    pgvector_url: str,
    *,
    redis_url: str,
    memories_count: int,
    clients: int,
    requests: int,
) -> list[dict[str, Any]]:
    """The ``hybrid_search`` row of ``memoryd serve`` on a PostgreSQL with pgvector."""
    from daemon.base.redis_keys import Keys
    from daemon.testing.fakellm import FakeLLM
    from tests.bench.serve import _keys, _load_process, _row, _serving

    corpus = Corpus()
    async with scratch_database(pgvector_url, "hybrid_serve") as scratch:
        store = Store.from_url(scratch, pool_size=2)
        try:
            await load(store, corpus, 0, memories_count, SERVE_SPACE)
        finally:
            await store.close()
        reader, *_ = await _keys(scratch)
        prefix = f"mdbench-hybrid-{secrets.token_hex(4)}"
        with FakeLLM(embedding_dims=DIMS) as fake:
            env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORYD_")}
            env.update(
                {
                    "MEMORYD_DATABASE_URL": scratch,
                    "MEMORYD_REDIS_URL": redis_url,
                    "MEMORYD_REDIS_PREFIX": prefix,
                    "MEMORYD_LOG__LEVEL": "warning",
                    "MEMORYD_API__RATE_LIMIT": "1000000000",
                    "MEMORYD_EMBEDDINGS__BASE_URL": fake.base_url,
                    "MEMORYD_EMBEDDINGS__MODEL": MODEL,
                    "MEMORYD_EMBEDDINGS__DIMENSIONS": str(DIMS),
                }
            )
            queries = [corpus.query() for _ in range(500)]
            spec = {
                "host": "127.0.0.1",
                "clients": clients,
                "requests": requests,
                "key": reader,
                "operation": "hybrid_search",
                "warmup": max(clients * 4, requests // 20, len(queries)),
                "queries": queries,
            }
            try:
                with _serving(env) as port:
                    result = await asyncio.to_thread(_load_process, {**spec, "port": port})
            finally:
                import redis.asyncio

                client = redis.asyncio.Redis.from_url(redis_url)
                await drop_prefix(client, Keys(prefix))
                await client.aclose()
    return [_row("postgresql+pgvector", result, memories_count)]


@contextlib.contextmanager
def pgvector_url(given: str | None, wanted: bool = True) -> Iterator[str | None]:
    """The PostgreSQL with pgvector to bench on: ``given``, or a pgserver started for the
    run (stopped afterwards) when ``wanted``; None otherwise."""
    if given is not None or not wanted:
        yield given
        return
    from tests.bench.vectors import start_pgvector

    with tempfile.TemporaryDirectory(prefix="memoryd-bench-hybrid-") as tmp:
        url, server = start_pgvector(Path(tmp) / "data")
        try:
            yield url
        finally:
            server.cleanup()
