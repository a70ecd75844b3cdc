"""Scheduled jobs: once per period across workers, recorded, logged, on an injected clock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import sqlalchemy as sa
from arq.connections import ArqRedis
from structlog.testing import capture_logs

from daemon.app.container import Container, open_container
from daemon.base.clock import FakeClock
from daemon.base.settings import CronSchedule, Settings
from daemon.maintenance import scheduled as jobs
from daemon.maintenance.schedule import lock_ttl_s
from daemon.maintenance.scheduled import run_job, run_scheduled
from daemon.store.schedules import last_runs
from daemon.store.tables import memories
from tests.maintenance.helpers import DAY, T0, add, history, live_ids
from workers.cron import maintenance_job, scheduled_jobs
from workers.job_context import CTX_KEY, JobContext
from workers.worker_settings import build_worker


@pytest.mark.parametrize(
    ("hour", "minute", "ttl"),
    [
        (None, {7}, 1800),  # hourly: half an hour
        ({3}, {27}, 43_200),  # daily: half a day
        (None, {0, 30}, 900),
        ({1, 23}, {0}, 3600),  # 23:00 -> 01:00 is the shortest gap, across midnight
    ],
)
def test_the_lock_lasts_half_the_shortest_gap_between_firings(
    hour: set[int] | None, minute: set[int], ttl: int
) -> None:
    assert lock_ttl_s(CronSchedule(hour=hour, minute=minute)) == ttl


async def _worker_ctx(settings: Settings, redis: ArqRedis, clock: FakeClock) -> dict[str, Any]:
    """What a worker's arq ctx holds: its own runtime (own store engine, own clock)."""
    rt = await open_container(settings, redis=redis, clock=clock)
    return {CTX_KEY: JobContext.build(rt)}


async def test_two_workers_firing_at_once_do_the_work_once(
    runtime: Container, settings: Settings, redis: ArqRedis
) -> None:
    """Two workers, one of them 90 s late by its clock, fire the consolidation cron at the
    same time: one consolidates, the other skips; the work and its history happen once."""
    expired = [await add(runtime.store, f"Expired {i}.", expires_at=T0 - DAY) for i in range(3)]
    first = await _worker_ctx(settings, redis, FakeClock(T0))
    skewed = await _worker_ctx(settings, redis, FakeClock(T0.replace(second=30, minute=1)))
    try:
        consolidate_job = maintenance_job("consolidate")
        outcomes = await asyncio.gather(consolidate_job(first), consolidate_job(skewed))
        late = await consolidate_job(skewed)  # still within the period
    finally:
        for ctx in (first, skewed):
            await ctx[CTX_KEY].container.store.close()

    assert sorted(outcomes) == ["ok", "skipped"]
    assert late == "skipped"
    assert not set(expired) & await live_ids(runtime.store)
    assert len(await history(runtime.store)) == 3
    ttl_ms = await redis.pttl(runtime.keys.cron_lock("consolidate"))
    assert 1_790_000 < ttl_ms <= 1_800_000


async def test_a_run_is_recorded_and_logged_once_with_its_counts(
    runtime: Container, settings: Settings
) -> None:
    clock = FakeClock(T0)
    await add(runtime.store, "Expired.", expires_at=T0 - DAY)
    ctx = Container(settings=settings, store=runtime.store, redis=runtime.redis, clock=clock)

    with capture_logs() as logs:
        result = await run_scheduled(ctx, "consolidate")

    assert result is not None and result.outcome == "ok"
    finished = [e for e in logs if e["event"] == "maintenance.finished"]
    assert len(finished) == 1
    assert finished[0]["job"] == "consolidate" and finished[0]["expired"] == 1
    async with runtime.store.connect() as conn:
        record = (await last_runs(conn))["consolidate"]
    assert record["outcome"] == "ok"
    assert record["last_started_at"] == T0
    assert record["counts"]["expired"] == 1
    assert record["error"] is None


async def test_a_failed_run_is_recorded_and_raised(
    runtime: Container, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: Any) -> dict[str, int]:
        raise RuntimeError("disk on fire")

    monkeypatch.setitem(jobs.JOBS, "retention", broken)
    ctx = Container(
        settings=settings, store=runtime.store, redis=runtime.redis, clock=FakeClock(T0)
    )
    with capture_logs() as logs, pytest.raises(RuntimeError):
        await run_job(ctx, "retention", trigger="cron")
    async with runtime.store.connect() as conn:
        record = (await last_runs(conn))["retention"]
    assert record["outcome"] == "failed"
    assert "disk on fire" in record["error"]
    assert [e["outcome"] for e in logs if e["event"] == "maintenance.finished"] == ["failed"]


async def test_a_dry_run_is_neither_recorded_nor_changes_anything(runtime: Container) -> None:
    kept = await add(runtime.store, "Expired.", expires_at=T0 - DAY)
    ctx = Container(runtime.settings, runtime.redis, runtime.store, FakeClock(T0))
    result = await run_job(ctx, "consolidate", dry_run=True)
    assert result.counts["expired"] == 1
    assert kept in await live_ids(runtime.store)
    async with runtime.store.connect() as conn:
        assert await last_runs(conn) == {}
        assert (await conn.execute(sa.select(sa.func.count()).select_from(memories))).scalar() == 1


async def test_every_job_runs_through_run_job(runtime: Container, settings: Settings) -> None:
    ctx = Container(
        settings=settings, store=runtime.store, redis=runtime.redis, clock=FakeClock(T0)
    )
    assert tuple(settings.maintenance.schedules()) == jobs.JOB_NAMES  # one list of jobs
    for name in jobs.JOB_NAMES:
        result = await run_job(ctx, name)
        assert result.outcome == "ok", (name, result)
    cleanup = (await run_job(ctx, "cleanup_truncations")).counts
    assert cleanup["missing_root"] == 1  # nothing spilled yet: reported, not fatal
    assert set((await run_job(ctx, "retention")).counts) == {
        "messages",
        "turns",
        "runs",
        "agent_turns",
        "stream_entries",
        "consumers",
    }


def test_the_cron_table_follows_the_settings(settings: Settings) -> None:
    custom = settings.model_copy(
        update={
            "maintenance": settings.maintenance.model_copy(
                update={"retention": CronSchedule(enabled=False)}
            )
        }
    )
    entries = {entry.name: entry for entry in scheduled_jobs(custom)}
    prefix = settings.redis_prefix
    assert set(entries) == {f"{prefix}:consolidate", f"{prefix}:cleanup_truncations"}
    assert entries[f"{prefix}:consolidate"].minute == {7}
    assert entries[f"{prefix}:consolidate"].timeout_s == settings.worker.job_timeout_s


async def test_a_worker_carries_the_maintenance_crons(runtime: Container) -> None:
    worker = build_worker(runtime)  # not started: nothing to close (the pool is the test's)
    names = {job.name for job in worker.cron_jobs}
    prefix = runtime.settings.redis_prefix
    assert {f"{prefix}:{name}" for name in jobs.JOB_NAMES} <= names
