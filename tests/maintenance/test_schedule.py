"""When a maintenance job may run: the period lock's length, and one run per period however
many workers fire."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container
from daemon.base.clock import FakeClock
from daemon.base.settings import CronSchedule, Settings
from daemon.maintenance.schedule import lock_ttl_s
from tests.maintenance.helpers import DAY, T0, add, history, live_ids
from workers.cron import maintenance_job
from workers.job_context import CTX_KEY, JobContext


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
