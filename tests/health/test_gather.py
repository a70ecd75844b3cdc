"""Gathering the health report: what it reads from Redis and the store, and its verdict (both
backends)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import redis.asyncio
import sqlalchemy as sa
from arq.constants import in_progress_key_prefix, retry_key_prefix

from daemon.app.container import Container, process_name
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.health import Level, Status, gather_status
from daemon.store.db import Store
from daemon.store.tables import cursors
from tests.harness import publish_fixture, run_pipeline, work
from tests.operators.seed import run

SCOPE = ScopeKey(project="acme/billing")


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


async def status(rt: Container, clock: FakeClock | None = None, **health: Any) -> Status:
    settings = rt.settings
    if health:
        settings = settings.model_copy(update={"health": settings.health.model_copy(update=health)})
    probe = Container(
        settings=settings, redis=rt.redis, store=rt.store, clock=clock or FakeClock(now())
    )
    return await gather_status(probe)


def checks(s: Status) -> dict[str, Level]:
    return {f.check: f.level for f in s.findings}


async def test_a_working_pipeline_is_healthy(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await run_pipeline(runtime)
    s = await status(runtime)
    assert s.level is Level.HEALTHY, s.findings
    assert s.live_workers == 1 and s.workers[0].name == process_name()
    assert s.stream.length == 0 and s.stream.lag == 0 and s.stream.pending == 0  # all stored
    assert s.stream.group_exists and s.stream.consumers == 1
    assert s.extraction.runs >= 1 and s.extraction.p50_ms is not None
    assert s.backlog.sessions_behind == 0
    assert s.as_dict()["exit_code"] == 0
    assert s.embeddings == "none (keyword search only)"


async def test_a_stopped_worker_is_down(runtime: Container) -> None:
    """A worker whose heartbeat is older than worker_stale_s, or gone, counts for nothing."""
    await work(runtime)
    clock = FakeClock(now())
    assert (await status(runtime, clock)).live_workers == 1
    clock.advance(runtime.settings.health.worker_stale_s + 1)
    silent = await status(runtime, clock)
    assert silent.level is Level.DOWN and checks(silent)["workers"] is Level.DOWN
    assert silent.workers[0].live is False
    await runtime.redis.delete(runtime.keys.worker(process_name()))  # what a stop does
    gone = await status(runtime)
    assert gone.level is Level.DOWN and gone.live_workers == 0
    assert (await status(runtime, worker_required=False)).level is Level.HEALTHY


async def _publish_at(rt: Container, at: datetime, count: int) -> None:
    pipe = rt.redis.pipeline(transaction=False)
    base = int(at.timestamp() * 1000)
    for i in range(count):
        pipe.xadd(rt.keys.stream, {"event": b"{}"}, id=f"{base}-{i}")
    await pipe.execute()


async def test_a_growing_lag_turns_degraded_then_down(runtime: Container) -> None:
    """Events nobody reads: the oldest one's age (and then the count) passes the thresholds."""
    await runtime.dispatcher(consumer="idle").ensure_group()
    clock = FakeClock(now())
    await _publish_at(runtime, clock.now(), 20)
    opts = {"worker_required": False, "lag_degraded": 50, "lag_down": 100}
    assert checks(await status(runtime, clock, **opts)).get("lag") is None
    clock.advance(121)
    late = await status(runtime, clock, **opts)
    assert late.stream.lag == 20 and late.stream.lag_age_s == 121
    assert checks(late)["lag"] is Level.DEGRADED and late.level is Level.DEGRADED
    clock.advance(1800)
    assert checks(await status(runtime, clock, **opts))["lag"] is Level.DOWN
    await _publish_at(runtime, clock.now(), 100)
    fresh = {**opts, "lag_age_down_s": 10**6, "lag_age_degraded_s": 10**6}
    many = await status(runtime, clock, **fresh)
    assert many.stream.lag == 120 and checks(many)["lag"] is Level.DOWN


async def test_a_full_dead_letter_stream_is_down(runtime: Container, settings_factory: Any) -> None:
    settings = settings_factory(stream={"dead_letter_maxlen": 10})
    rt = Container(settings, runtime.redis, runtime.store)
    for i in range(10):
        await rt.redis.xadd(rt.keys.dead, {"reason": f"bad {i}", "payload": b"x", "at": "t"})
        s = await status(rt, worker_required=False)
        if i == 0:
            assert checks(s)["dead_letters"] is Level.DEGRADED and s.level is Level.DEGRADED
    assert s.dead.count == 10 and [d.reason for d in s.dead.newest][:2] == ["bad 9", "bad 8"]
    assert checks(s)["dead_letters"] is Level.DOWN and s.level is Level.DOWN


async def test_pending_entries_and_their_idle_time_are_reported(runtime: Container) -> None:
    dispatcher = runtime.dispatcher(consumer="reader")
    await dispatcher.ensure_group()
    await _publish_at(runtime, now() - timedelta(seconds=5), 3)
    await runtime.redis.xreadgroup(runtime.keys.group, "reader", {runtime.keys.stream: ">"})
    s = await status(runtime, worker_required=False)
    assert (s.stream.pending, s.stream.lag, s.stream.consumers) == (3, 0, 1)
    assert s.stream.oldest_pending_id is not None and s.stream.oldest_pending_idle_s is not None
    assert s.stream.busiest[0].name == "reader" and s.stream.busiest[0].pending == 3
    stuck = await status(runtime, worker_required=False, pending_idle_degraded_s=0.0001)
    assert checks(stuck)["pending"] is Level.DEGRADED


async def test_queue_depth_due_deferred_in_progress_and_retrying(runtime: Container) -> None:
    queue = runtime.queue()
    await queue.request_extraction(["due-1", "due-2", "running", "retrying"], delay_s=0)
    await queue.request_extraction(["later"], delay_s=3600)
    keys = runtime.keys
    await runtime.redis.set(in_progress_key_prefix + keys.extract_job_id("running"), b"1")
    await runtime.redis.set(retry_key_prefix + keys.extract_job_id("running"), b"1")
    await runtime.redis.set(retry_key_prefix + keys.extract_job_id("retrying"), b"2")
    clock = FakeClock(now() + timedelta(seconds=30))
    q = (await status(runtime, clock, worker_required=False)).queue
    assert (q.depth, q.due, q.deferred, q.in_progress, q.retrying) == (5, 3, 1, 1, 1)
    assert q.oldest_due_age_s is not None and q.oldest_due_age_s >= 29


async def test_failed_runs_breakers_and_backlog_degrade(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await runtime.dispatcher(consumer="d").run(burst=True)
    clock = FakeClock(now())
    s = await status(runtime, clock, worker_required=False)
    assert s.backlog.sessions_behind == 1 and s.backlog.oldest_session is not None
    clock.advance(runtime.settings.health.backlog_age_degraded_s + 1)
    assert checks(await status(runtime, clock, worker_required=False))["backlog"] == 1
    clock.advance(runtime.settings.health.backlog_age_down_s)
    assert checks(await status(runtime, clock, worker_required=False))["backlog"] == 2

    session = s.backlog.oldest_session
    async with runtime.store.begin() as conn:
        await conn.execute(sa.update(cursors).values(parked=True, parked_reason="model said no"))
    await run(runtime, SCOPE, session, "failed", finished_at=clock.now(), error="boom")
    held = await status(
        runtime,
        clock,
        worker_required=False,
        backlog_age_down_s=10**7,
        backlog_age_degraded_s=10**7,
    )
    assert held.level is Level.DEGRADED
    assert set(checks(held)) == {"runs", "breakers"}
    assert held.backlog.parked == 1 and held.backlog.held[0].reason == "model said no"
    assert held.extraction.by_outcome == {"failed": 1} and held.queue.failed_last_hour == 1


async def test_extraction_percentiles_and_token_share(runtime: Container) -> None:
    at = now()
    for i in range(1, 21):
        await run(
            runtime,
            SCOPE,
            f"s{i}",
            "wrote",
            finished_at=at,
            duration_ms=i * 10,
            prompt_tokens=100,
            cached_tokens=25,
            completion_tokens=10,
            created=1,
        )
    await run(runtime, SCOPE, "old", "wrote", finished_at=at - timedelta(hours=2))
    e = (await status(runtime, FakeClock(at), worker_required=False)).extraction
    assert (e.runs, e.p50_ms, e.p95_ms, e.durations_of) == (20, 100, 190, 20)
    assert (e.prompt_tokens, e.completion_tokens, e.memories_written) == (2000, 200, 20)
    assert e.cached_share == 0.25


async def test_unreachable_backends_are_down(runtime: Container) -> None:
    nowhere = redis.asyncio.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.5)
    store = Store.from_url("postgresql+asyncpg://nobody@127.0.0.1:1/none", pool_size=1)
    try:
        s = await gather_status(
            Container(settings=runtime.settings, redis=nowhere, store=store, clock=FakeClock(now()))
        )
    finally:
        await store.close()
        await nowhere.aclose()
    assert s.level is Level.DOWN
    assert not s.redis.reachable and not s.store_reachable
    assert {"redis", "store"} <= set(checks(s))
