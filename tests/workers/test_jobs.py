"""Worker-side guarantees: one extraction of a session at a time, retries, poison entries."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from arq import Retry

from daemon.app.container import Container
from daemon.base.errors import PermanentExtractionError, TransientExtractionError
from daemon.events.models import MemoryWrite
from daemon.events.publisher import fixture_events
from daemon.extraction.base import ExtractionBatch, MemoryReader, Proposal
from daemon.fixtures import load
from daemon.maintenance.session_summary import build
from daemon.store import memory
from daemon.store.transcripts import summaries
from tests.harness import live_memories, publish_fixture, publisher, rows, run_pipeline, work
from tests.maintenance import coding_session
from workers.job_context import CTX_KEY, JobContext
from workers.jobs import extract_session


class Gate:
    """An extractor wrapper that holds every call until released."""

    name = "rules"

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self.calls = 0

    async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
        self.calls += 1
        self.entered.set()
        await self.release.wait()
        return await self.inner.extract(batch, memories)


async def test_two_runs_of_one_session_at_once_commit_once(runtime: Container) -> None:
    """If two runs ever overlap, the cursor's compare-and-set lets one commit and rolls the
    other back: nothing is written twice."""
    await publish_fixture(runtime, "style-feedback")
    await runtime.dispatcher(consumer="d").run(burst=True)
    session_id = load("style-feedback")["session_id"]
    gate = Gate(runtime.runner().extractor)
    runtime.extractor = gate
    first, second = runtime.runner(), runtime.runner()
    tasks = [asyncio.create_task(r.run(session_id, tenant="acme")) for r in (first, second)]
    while gate.calls < 2:
        await asyncio.sleep(0.01)
    gate.release.set()
    outcomes = sorted(report.outcome for report in await asyncio.gather(*tasks))
    assert outcomes == ["conflict", "wrote"]
    assert len(await live_memories(runtime)) == 2
    assert len(await rows(runtime, "runs")) == 1
    assert (await rows(runtime, "cursors"))[0].version == 1


async def test_a_second_job_for_a_session_being_extracted_backs_off(runtime: Container) -> None:
    """The per-session lock: a job that finds the session locked does not run the extractor."""
    await publish_fixture(runtime, "style-feedback")
    await runtime.dispatcher(consumer="d").run(burst=True)
    session_id = load("style-feedback")["session_id"]
    gate = Gate(runtime.runner().extractor)
    runtime.extractor = gate
    ctx_a: dict[str, Any] = {CTX_KEY: JobContext.build(runtime), "job_try": 1}
    ctx_b: dict[str, Any] = {CTX_KEY: JobContext.build(runtime), "job_try": 1}
    first = asyncio.create_task(extract_session(ctx_a, session_id, "acme"))
    await asyncio.wait_for(gate.entered.wait(), 5)
    assert await extract_session(ctx_b, session_id, "acme") == "locked"
    gate.release.set()
    assert await first == "wrote"
    assert gate.calls == 1


async def test_transient_failures_are_retried_and_the_cursor_waits(runtime: Container) -> None:
    """A transient failure leaves the cursor, records a failed run, and arq retries the job
    with backoff until the extraction succeeds."""
    await publish_fixture(runtime, "style-feedback")
    real = runtime.runner().extractor

    class Flaky:
        name = "rules"
        failures = 2

        async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
            if self.failures:
                self.failures -= 1
                raise TransientExtractionError("provider said 503", retry_after_s=0.05)
            return await real.extract(batch, memories)

    runtime.extractor = Flaky()
    await run_pipeline(runtime)
    outcomes = [r.outcome for r in sorted(await rows(runtime, "runs"), key=lambda r: r.id)]
    assert outcomes.count("failed") == 2
    assert outcomes[-1] == "wrote"
    cursor = (await rows(runtime, "cursors"))[0]
    assert (cursor.turn, cursor.failures) == (3, 0)


async def test_repeated_failures_open_the_breaker_then_park_the_batch(
    settings_factory: Any, redis: Any
) -> None:
    """3 consecutive failures open the session's breaker; K failures park the batch where an
    operator sees it, never retried forever."""
    from datetime import UTC, datetime

    from daemon.app.container import open_container
    from daemon.base.clock import FakeClock

    clock = FakeClock(datetime.now(UTC))
    settings = settings_factory(
        extraction={
            "session_breaker_failures": 3,
            "park_after_failures": 4,
            "session_breaker_cooldown_s": 60,
        }
    )
    rt = await open_container(settings, redis=redis, clock=clock)

    class Broken:
        name = "rules"

        async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
            raise PermanentExtractionError("the model answered nonsense")

    rt.extractor = Broken()
    try:
        await publisher(rt).publish_many(fixture_events(load("style-feedback")))
        await rt.dispatcher(consumer="d").run(burst=True)
        sid = load("style-feedback")["session_id"]
        outcomes = [(await rt.runner().run(sid, tenant="acme")).outcome for _ in range(3)]
        assert outcomes == ["failed", "failed", "failed"]
        assert (await rt.runner().run(sid, tenant="acme")).outcome == "breaker"
        clock.advance(61)
        assert (await rt.runner().run(sid, tenant="acme")).outcome == "parked"
        assert (await rt.runner().run(sid, tenant="acme")).outcome == "parked"
        cursor = (await rows(rt, "cursors"))[0]
        assert cursor.parked and "nonsense" in cursor.parked_reason and cursor.turn is None
    finally:
        await rt.store.close()


async def test_poison_entries_delivered_too_often_are_dead_lettered(
    settings_factory: Any, redis: Any
) -> None:
    """An entry some dispatcher keeps failing on (delivered more than max_deliveries times)
    is set aside with that reason instead of being retried forever."""
    from daemon.app.container import open_container

    settings = settings_factory(stream={"max_deliveries": 3, "claim_idle_s": 0.001})
    rt = await open_container(settings, redis=redis)
    try:
        event = fixture_events(load("style-feedback"))[0]
        entry = await publisher(rt).publish(event)
        await rt.dispatcher(consumer="x").ensure_group()
        await rt.redis.xreadgroup(rt.keys.group, "crashy", {rt.keys.stream: ">"}, count=10)
        for _ in range(3):
            await rt.redis.xclaim(rt.keys.stream, rt.keys.group, "crashy", 0, [entry])
        await asyncio.sleep(0.01)
        stats = await rt.dispatcher(consumer="rescuer").run(burst=True)
        assert (stats.dead, stats.stored) == (1, 0)
        ((_, fields),) = await rt.redis.xrange(rt.keys.dead)
        assert fields[b"reason"].startswith(b"delivered 5 times")  # 1 read, 3 claims, 1 autoclaim
        assert fields[b"entry_id"].decode() == entry
    finally:
        await rt.store.close()


async def test_session_end_is_queued_without_the_debounce(
    settings_factory: Any, redis: Any
) -> None:
    from daemon.app.container import open_container

    rt = await open_container(settings_factory(extraction={"debounce_s": 30}), redis=redis)
    try:
        events = fixture_events(load("style-feedback"))
        await publisher(rt).publish(events[0])
        await rt.dispatcher(consumer="d").run(burst=True)
        job_id = rt.keys.extract_job_id(("acme", events[0].session_id))
        deferred = await rt.redis.zscore(rt.keys.queue, job_id)
        end = events[1].model_copy(update={"kind": "session_end"})
        await publisher(rt).publish(end)
        await rt.dispatcher(consumer="d").run(burst=True)
        assert await rt.redis.zscore(rt.keys.queue, job_id) < deferred - 20_000
        await work(rt)
        assert (await rows(rt, "cursors"))[0].turn == 2
    finally:
        await rt.store.close()


async def test_a_store_outage_longer_than_max_deliveries_loses_nothing(runtime: Container) -> None:
    """While the store is down the dispatcher retries the batch it holds from memory; the
    entries' delivery counts do not grow, so no good event is taken for poison."""
    from datetime import UTC, datetime

    from sqlalchemy.exc import OperationalError

    from daemon.base.clock import FakeClock

    runtime.clock = FakeClock(datetime.now(UTC))
    await publish_fixture(runtime, "style-feedback")
    dispatcher = runtime.dispatcher(consumer="d")
    real_ingest = dispatcher._ingest
    outages = {"left": 3 * runtime.settings.stream.max_deliveries}

    async def flaky(prepared: Any) -> Any:
        if outages["left"]:
            outages["left"] -= 1
            raise OperationalError("INSERT", None, ConnectionRefusedError("store is down"))
        return await real_ingest(prepared)

    dispatcher._ingest = flaky  # type: ignore[method-assign]
    stats = await dispatcher.run(burst=True)
    assert (stats.stored, stats.dead, stats.store_errors) == (3, 0, 15)
    assert len(await rows(runtime, "turns")) == 3
    pending = await runtime.redis.xpending(runtime.keys.stream, runtime.keys.group)
    assert pending["pending"] == 0


async def test_a_lost_store_connection_during_a_run_retries_the_job_not_the_session(
    runtime: Container,
) -> None:
    """A connection killed under the extractor (pg_terminate_backend, a restart) is the
    store's trouble: the job is retried, no failed run is counted against the session."""
    import pytest
    from arq import Retry
    from sqlalchemy.exc import DBAPIError

    from daemon.store.failures import translated

    await publish_fixture(runtime, "style-feedback")
    await runtime.dispatcher(consumer="d").run(burst=True)

    class LosesConnection:
        name = "rules"

        async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
            lost = DBAPIError("SELECT", None, ConnectionResetError("connection was closed"))
            raise translated(lost) from lost  # as the store raises it

    runtime.extractor = LosesConnection()
    ctx: dict[str, Any] = {CTX_KEY: JobContext.build(runtime), "job_try": 1}
    with pytest.raises(Retry):
        await extract_session(ctx, load("style-feedback")["session_id"], "acme")
    assert await rows(runtime, "runs") == []
    cursor = (await rows(runtime, "cursors"))[0]
    assert (cursor.failures, cursor.turn) == (0, None)


async def _summary_of(rt: Container, session_id: str) -> Any:
    async with rt.store.connect() as conn:
        return await summaries.read_stored(conn, "", session_id)


async def test_the_extraction_job_keeps_the_sessions_summary_turn_by_turn(
    runtime: Container,
) -> None:
    """Turns published, the job run: the session's summary covers them; more turns, another
    run: it covers those too, and equals a summary built from every turn at once."""
    scope = {"project": "github.com/acme/billing", "user": "dana"}
    turns = coding_session.session()
    await publisher(runtime).publish_many(coding_session.events("s-sum", turns[:5], scope))
    await runtime.dispatcher(consumer="d").run(burst=True)
    ctx = {CTX_KEY: JobContext.build(runtime), "job_try": 1}
    assert await _summary_of(runtime, "s-sum") is None  # storing turns summarizes nothing
    await extract_session(ctx, "s-sum", "")
    first = await _summary_of(runtime, "s-sum")
    assert first is not None and first.summary.through_turn == 5
    assert first.summary.goal.startswith("Fix the retry bug")
    later = coding_session.events("s-sum", turns[5:], scope, first=6)
    await publisher(runtime).publish_many(later)
    await runtime.dispatcher(consumer="d").run(burst=True)
    await extract_session(ctx, "s-sum", "")
    second = await _summary_of(runtime, "s-sum")
    assert second is not None and second.summary.through_turn == 8
    assert second.summary.goal.startswith("Now let's add a CSV export")
    async with runtime.store.connect() as conn:
        decisions = await memory.decisions_of_session(conn, "s-sum", tenant="")
    rebuilt, _ = build(
        "s-sum",
        coding_session.records(turns),
        now=second.summary.updated_at,
        saved=[d.title for d in decisions],
    )
    assert rebuilt.fields() == second.summary.fields()


async def test_the_summary_is_kept_when_the_model_fails_or_is_skipped(
    runtime: Container,
) -> None:
    """The summary never needs the model: a run whose extractor fails (the job retried
    later) and a run the guard skips (the main agent saved) both bring it up to date."""

    class Down:
        name = "rules"

        async def extract(self, batch: ExtractionBatch, memories: MemoryReader) -> Proposal:
            raise TransientExtractionError("provider said 503", retry_after_s=60)

    runtime.extractor = Down()
    scope = {"project": "github.com/acme/billing"}
    turns = coding_session.session()
    await publisher(runtime).publish_many(coding_session.events("s-down", turns[:2], scope))
    await runtime.dispatcher(consumer="d").run(burst=True)
    ctx = {CTX_KEY: JobContext.build(runtime), "job_try": 1}
    with pytest.raises(Retry):
        await extract_session(ctx, "s-down", "")
    (run,) = await rows(runtime, "runs")
    assert run.outcome == "failed"
    failed = await _summary_of(runtime, "s-down")
    assert failed is not None and failed.summary.through_turn == 2
    assert failed.summary.accomplished == ("Edited `billing/exporter.py`",)

    # every turn saved by the main agent: the guard skips the model (still down)
    saved = [
        e.model_copy(update={"memory_writes": [MemoryWrite(tool="memory_write")]})
        for e in coding_session.events("s-saved", turns[:4], scope)
    ]
    await publisher(runtime).publish_many(saved)
    await runtime.dispatcher(consumer="d").run(burst=True)
    assert await extract_session(ctx, "s-saved", "") == "skipped"
    skipped = await _summary_of(runtime, "s-saved")
    assert skipped is not None and skipped.summary.through_turn == 4
    assert "Edited `tests/test_exporter.py`" in skipped.summary.accomplished
