"""The embedding throughput of a worker: memories per second through the ``embed_pending``
job (what a worker runs after an extraction and on its backfill schedule), one row per
provider, for ``./dev bench vectors`` and the ``hybrid`` part of ``./dev bench recall``.

- ``fake endpoint``: the OpenAI-compatible ``/v1/embeddings`` of the fake model server
  (:mod:`daemon.testing.fakellm`) over HTTP, 384 dimensions: the job's own cost (reading
  pending memories, one call per batch, storing the vectors and their sqlite-vec index);
- ``local``: all-MiniLM-L6-v2 on the CPU (:mod:`daemon.embeddings.local`), loaded before
  the timing starts (a worker loads it once), skipped with the reason when the ``local``
  extra is not installed.

Each row embeds ``memories`` corpus memories (:mod:`tests.bench.corpus`) in a scratch
SQLite store, calling the job until it answers ``done``.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.clock import SystemClock
from daemon.base.embedding import Embedder
from daemon.base.logs import configure_logging
from daemon.base.settings import LogSettings, Settings
from daemon.embeddings import build_embedder
from daemon.embeddings.endpoint import OpenAIEmbedder
from daemon.store.db import Store
from daemon.store.memory import vectors
from daemon.store.tables import memories
from daemon.testing.fakellm import FakeLLM
from tests.bench.corpus import Corpus
from tests.bench.scratch import scratch_database
from workers.job_context import CTX_KEY, JobContext
from workers.jobs import embed_pending

_DIMS = 384


async def _rate(label: str, settings: Settings, embedder: Embedder, count: int) -> dict[str, Any]:
    import fakeredis

    async with scratch_database("sqlite+aiosqlite:///unused", "embedding") as url:
        store = Store.from_url(url, pool_size=2)
        try:
            async with store.begin() as conn:
                await conn.execute(sa.insert(memories), list(Corpus().rows(0, count)))
            redis = fakeredis.FakeAsyncRedis()
            container = Container(settings=settings, redis=redis, store=store, clock=SystemClock())
            ctx = {CTX_KEY: JobContext.build(container, embedder), "job_try": 1}
            started = time.perf_counter()
            passes = 1
            while await embed_pending(ctx) == "more":
                passes += 1
            elapsed = time.perf_counter() - started
            async with store.connect() as conn:
                stored = (await vectors.counts(conn)).get(embedder.space, 0)
                ranking = await vectors.engine_of(conn)
            await redis.aclose()
        finally:
            await store.close()
    return {
        "provider": label,
        "space": embedder.space,
        "memories": stored,
        "passes": passes,
        "seconds": round(elapsed, 2),
        "memories_per_s": round(stored / elapsed, 1),
        "store": f"sqlite ({ranking})",
    }


async def embedding_rows(*, fake_memories: int, local_memories: int) -> dict[str, Any]:
    """The throughput rows (``local_memories`` 0: no local row), and why any was skipped."""
    configure_logging(LogSettings(level="warning"))  # the job's events: not on stdout
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    with FakeLLM() as server:
        settings = Settings(
            llm={"base_url": server.base_url, "api_key": "k", "model": "fake-model"},
            embeddings={"model": "fake-embedding", "dimensions": _DIMS},
        )
        embedder = build_embedder(settings)
        assert isinstance(embedder, OpenAIEmbedder)
        try:
            rows.append(await _rate("fake endpoint", settings, embedder, fake_memories))
        finally:
            await embedder.aclose()
    if local_memories:
        from daemon.embeddings import local

        if not local.available():
            skipped.append("local: the local extra (memoryd[local]) is not installed")
        else:
            settings = Settings(embeddings={"provider": "local"})
            model = local.LocalEmbedder.from_settings(settings.embeddings)
            await model.load()  # as a worker's start-up does: not part of the rate
            rows.append(await _rate("local", settings, model, local_memories))
    return {"rows": rows, "skipped": skipped}


def line(row: dict[str, Any]) -> str:
    """One throughput row as the benches print it."""
    return (
        f"{'embedding ' + row['provider']:>20} {row['memories']:>8,} memories in "
        f"{row['seconds']:.1f} s: {row['memories_per_s']:,.1f} memories/s  ({row['space']})"
    )
