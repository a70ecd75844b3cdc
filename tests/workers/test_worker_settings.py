"""A built worker carries the maintenance crons."""

from __future__ import annotations

from daemon.app.container import Container
from daemon.maintenance import scheduled as jobs
from workers.worker_settings import build_worker


async def test_a_worker_carries_the_maintenance_crons(runtime: Container) -> None:
    worker = build_worker(runtime)  # not started: nothing to close (the pool is the test's)
    names = {job.name for job in worker.cron_jobs}
    prefix = runtime.settings.redis_prefix
    assert {f"{prefix}:{name}" for name in jobs.JOB_NAMES} <= names
