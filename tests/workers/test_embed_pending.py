"""The worker's embedding job: nothing to do without a provider; with one, the memories an
extraction writes are embedded by a job it queues (never on the publishing path), a
transient failure retries the job and, at its last try, leaves the memories pending for the
scheduled backfill; the job and its backfill schedule are registered with arq."""

from __future__ import annotations

from typing import Any

import pytest
from arq import Retry
from arq.constants import job_key_prefix

from daemon.app.container import Container
from daemon.fixtures import load
from daemon.maintenance.embedding import status
from daemon.queue import EMBED_FUNCTION
from tests.harness import live_memories, publish_fixture
from tests.hashed_embedder import HashedEmbedder
from tests.maintenance.helpers import add
from workers.job_context import CTX_KEY, JobContext
from workers.jobs import embed_pending, extract_session
from workers.worker_settings import worker_options


def _ctx(runtime: Container, embedder: HashedEmbedder | None, attempt: int = 1) -> dict[str, Any]:
    return {CTX_KEY: JobContext.build(runtime, embedder), "job_try": attempt}


async def test_without_a_provider_the_job_does_nothing(runtime: Container) -> None:
    await add(runtime.store, "Deploys go out on Tuesdays.")
    assert await embed_pending(_ctx(runtime, None)) == "disabled"
    assert (await status(runtime.store, None)).pending == 1


async def test_an_extraction_that_writes_memories_queues_their_embedding(
    runtime: Container,
) -> None:
    embedder = HashedEmbedder()
    await publish_fixture(runtime, "style-feedback")
    await runtime.dispatcher(consumer="d").run(burst=True)
    ctx = _ctx(runtime, embedder)
    assert await extract_session(ctx, load("style-feedback")["session_id"], "acme") == "wrote"
    job_key = job_key_prefix + runtime.keys.embed_job_id
    assert await runtime.redis.exists(job_key) == 1
    # a second request joins the queued job
    assert await JobContext.build(runtime, embedder).queue.request_embedding() is False
    assert embedder.calls == 0  # nothing embedded until the job runs
    assert await embed_pending(ctx) == "done"
    written = len(await live_memories(runtime))
    assert written > 0
    report = await status(runtime.store, embedder.space)
    assert (report.pending, report.spaces) == (0, {embedder.space: written})


async def test_a_transient_failure_retries_then_leaves_the_memories_pending(
    runtime: Container,
) -> None:
    await add(runtime.store, "Deploys go out on Tuesdays.")
    embedder = HashedEmbedder(outage={1, 2})
    with pytest.raises(Retry):
        await embed_pending(_ctx(runtime, embedder, attempt=1))
    last = runtime.settings.worker.max_tries
    assert await embed_pending(_ctx(runtime, embedder, attempt=last)) == "retry_later"
    assert (await status(runtime.store, embedder.space)).pending == 1
    assert await embed_pending(_ctx(runtime, embedder)) == "done"
    assert (await status(runtime.store, embedder.space)).pending == 0


def test_the_job_and_its_backfill_schedule_are_registered(runtime: Container) -> None:
    options = worker_options(runtime.settings)
    assert EMBED_FUNCTION in {f.name for f in options["functions"]}
    crons = {c.name: c for c in options["cron_jobs"]}
    backfill = crons[runtime.keys.scheduled_job("embed-backfill")]
    assert backfill.coroutine is embed_pending and backfill.run_at_startup
