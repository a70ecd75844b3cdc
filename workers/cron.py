"""The cron table: scheduled jobs besides the sweep (each runs once per period however many
workers are up, and is safe to run twice)."""

from __future__ import annotations

from typing import Any

from daemon.settings import Settings


def scheduled_jobs(settings: Settings) -> list[Any]:
    """arq ``cron`` entries for the maintenance jobs."""
    return []
