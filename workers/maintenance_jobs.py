"""The maintenance job functions arq's cron calls: thin wrappers over ``daemon.maintenance``.

Each claims its period first (another worker may have run it already) and returns the
outcome, ``skipped`` when it did not run.
"""

from __future__ import annotations

from typing import Any

from daemon.maintenance.jobs import MaintenanceContext, run_scheduled
from daemon.runtime import Runtime
from workers.context import job_context


def maintenance_context(runtime: Runtime) -> MaintenanceContext:
    return MaintenanceContext(
        settings=runtime.settings, store=runtime.store, redis=runtime.redis, clock=runtime.clock
    )


async def _scheduled(ctx: dict[str, Any], name: str) -> str:
    result = await run_scheduled(maintenance_context(job_context(ctx).runtime), name)
    return "skipped" if result is None else result.outcome


async def consolidate(ctx: dict[str, Any]) -> str:
    """Expiry, summary trim, working-memory GC, duplicate merge, cap, tombstone purge."""
    return await _scheduled(ctx, "consolidate")


async def cleanup_truncations(ctx: dict[str, Any]) -> str:
    """Spilled tool outputs older than ``keep_days`` deleted from the truncation store."""
    return await _scheduled(ctx, "cleanup_truncations")


async def retention(ctx: dict[str, Any]) -> str:
    """Old transcripts behind the cursors, old run records, acknowledged stream entries."""
    return await _scheduled(ctx, "retention")


MAINTENANCE_JOBS = {
    "consolidate": consolidate,
    "cleanup_truncations": cleanup_truncations,
    "retention": retention,
}
