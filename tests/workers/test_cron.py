"""The worker's cron table follows the maintenance settings."""

from __future__ import annotations

from daemon.base.settings import CronSchedule, Settings
from workers.cron import scheduled_jobs


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
    assert set(entries) == {
        f"{prefix}:consolidate",
        f"{prefix}:cleanup_truncations",
        f"{prefix}:verify_integrity",
    }
    assert entries[f"{prefix}:consolidate"].minute == {7}
    assert entries[f"{prefix}:consolidate"].timeout_s == settings.worker.job_timeout_s
