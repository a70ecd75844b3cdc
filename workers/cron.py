"""The cron table: scheduled jobs besides the sweep (each runs once per period however many
workers are up, and is safe to run twice)."""

from __future__ import annotations

from typing import Any

from arq import cron

from daemon.settings import Settings
from workers.maintenance_jobs import MAINTENANCE_JOBS


def scheduled_jobs(settings: Settings) -> list[Any]:
    """arq ``cron`` entries for the maintenance jobs enabled in ``MEMORYD_MAINTENANCE__*``.

    Their timeout is the extraction job's: arq keeps a crashed job's in-progress key for the
    largest timeout of all functions, so a longer one here would delay the recovery of
    crashed extractions (a consolidation cut short resumes at the next period).
    """
    entries: list[Any] = []
    for name, function in MAINTENANCE_JOBS.items():
        schedule = getattr(settings.maintenance, name)
        if not schedule.enabled:
            continue
        entries.append(
            cron(
                function,
                name=f"{settings.redis_prefix}:{name}",
                hour=schedule.hour,
                minute=schedule.minute,
                second=0,
                run_at_startup=schedule.run_at_startup,
                unique=True,
                timeout=settings.worker.job_timeout_s,
                keep_result=0,
                max_tries=1,
            )
        )
    return entries
