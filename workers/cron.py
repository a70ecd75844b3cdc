"""The cron table: the maintenance jobs besides the sweep, one arq ``cron`` entry for each
enabled schedule of ``MEMORYD_MAINTENANCE__*`` (each runs once per period however many
workers are up, and is safe to run twice)."""

from __future__ import annotations

from typing import Any

from arq import cron

from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.maintenance.scheduled import run_scheduled
from workers.job_context import job_context


def maintenance_job(name: str) -> Any:
    """The job function arq's cron calls for maintenance job ``name``: it claims the period
    first (another worker may have run it already) and returns the outcome, ``skipped`` when
    it did not run."""

    async def job(ctx: dict[str, Any]) -> str:
        result = await run_scheduled(job_context(ctx).container, name)
        return "skipped" if result is None else result.outcome

    job.__name__ = job.__qualname__ = name
    return job


def scheduled_jobs(settings: Settings) -> list[Any]:
    """arq ``cron`` entries for the maintenance jobs enabled in ``MEMORYD_MAINTENANCE__*``.

    Their timeout is the extraction job's: arq keeps a crashed job's in-progress key for the
    largest timeout of all functions, so a longer one here would delay the recovery of
    crashed extractions (a consolidation cut short resumes at the next period).
    """
    keys = Keys.of(settings)
    return [
        cron(
            maintenance_job(name),
            name=keys.scheduled_job(name),
            hour=schedule.hour,
            minute=schedule.minute,
            second=0,
            run_at_startup=schedule.run_at_startup,
            unique=True,
            timeout=settings.worker.job_timeout_s,
            keep_result=0,
            max_tries=1,
        )
        for name, schedule in settings.maintenance.schedules().items()
        if schedule.enabled
    ]
