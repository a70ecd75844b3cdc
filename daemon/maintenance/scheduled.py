"""The maintenance jobs by name, and how each run is carried out, logged and recorded.

:func:`run_job` runs one job now (the command line, or a cron firing that won its period),
logs one ``maintenance.finished`` event with its counts and records the run;
jobs run on what the edge that called them built (its container, seen as :class:`Backends`);
:func:`run_scheduled` first claims the period (see ``schedule``) and skips when another
worker already ran the job.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import structlog

from daemon.events import stream
from daemon.maintenance.consolidate import ConsolidationPolicy, consolidate
from daemon.maintenance.retention import RetentionPolicy, prune_store
from daemon.maintenance.schedule import claim_period, lock_ttl_s
from daemon.maintenance.truncation_cleanup import cleanup_truncations
from daemon.store import memory
from daemon.store.backends import Backends
from daemon.store.schedules import record_finish, record_start

if TYPE_CHECKING:
    pass

log = structlog.get_logger("memoryd.maintenance")


@dataclass(slots=True)
class JobResult:
    name: str
    outcome: str  # ok, partial (some entries could not be handled), failed
    started_at: datetime
    seconds: float
    dry_run: bool = False
    counts: dict[str, int] = field(default_factory=dict)
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "job": self.name,
            "outcome": self.outcome,
            "dry_run": self.dry_run,
            "started_at": self.started_at.isoformat(),
            "seconds": round(self.seconds, 3),
            "counts": self.counts,
            "error": self.error,
        }


Job = Callable[[Backends, datetime, bool, str], Awaitable[dict[str, int]]]


async def _consolidate(ctx: Backends, now: datetime, dry: bool, run: str) -> dict[str, int]:
    policy = ConsolidationPolicy.of(ctx.settings.maintenance)
    return await consolidate(ctx.store, policy, now=now, actor_id=run, dry_run=dry)


async def _cleanup(ctx: Backends, now: datetime, dry: bool, run: str) -> dict[str, int]:
    t = ctx.settings.truncation
    keep = timedelta(days=t.keep_days)
    report = await asyncio.to_thread(cleanup_truncations, t.dir, keep=keep, now=now, dry_run=dry)
    return report.counts()


async def _verify_integrity(ctx: Backends, now: datetime, dry: bool, run: str) -> dict[str, int]:
    """Check every live memory's integrity tag; each that fails is logged by id (recall
    hides it already), and counted as an error (the run is then ``partial``)."""
    async with ctx.store.read() as conn:
        found = await memory.check_all(conn)
    for memory_id in found.failing_ids:
        log.warning("memory.integrity_failed", memory_id=memory_id, job=run)
    return {
        "checked": found.checked,
        "tampered": found.tampered,
        "unknown_key": found.unknown_key,
        "unkeyed": found.unkeyed,
        "errors": found.failing,
    }


async def _retention(ctx: Backends, now: datetime, dry: bool, run: str) -> dict[str, int]:
    policy = RetentionPolicy.of(ctx.settings.maintenance)
    counts = await prune_store(ctx.store, policy, now=now, dry_run=dry)
    counts["stream_entries"] = await stream.trim_acknowledged(ctx.redis, ctx.keys, dry_run=dry)
    counts["consumers"] = await stream.forget_consumers(
        ctx.redis, ctx.keys, policy.consumers, dry_run=dry
    )
    return counts


#: What each scheduled job does, by the name of its schedule (``MaintenanceSettings``).
JOBS: dict[str, Job] = {
    "consolidate": _consolidate,
    "cleanup_truncations": _cleanup,
    "retention": _retention,
    "verify_integrity": _verify_integrity,
}
JOB_NAMES = tuple(JOBS)


def _outcome(counts: dict[str, int]) -> str:
    troubled = counts.get("errors", 0) or counts.get("refused_root", 0)
    return "partial" if troubled else "ok"


async def run_job(
    ctx: Backends, name: str, *, dry_run: bool = False, trigger: str = "cli"
) -> JobResult:
    """Run job ``name`` now; a failure is logged, recorded and re-raised."""
    job = JOBS[name]
    now = ctx.clock.now()
    began = ctx.clock.monotonic()
    run_id = f"{name}@{now.isoformat()}"
    if not dry_run:
        await _record(ctx, record_start, name, now)
    result = JobResult(name=name, outcome="ok", started_at=now, seconds=0.0, dry_run=dry_run)
    try:
        result.counts = await job(ctx, now, dry_run, run_id)
    except Exception as exc:
        result.outcome, result.error = "failed", f"{type(exc).__name__}: {exc}"
        raise
    else:
        result.outcome = _outcome(result.counts)
    finally:
        result.seconds = ctx.clock.monotonic() - began
        log_event = log.error if result.outcome == "failed" else log.info
        log_event(
            "maintenance.finished",
            job=name,
            trigger=trigger,
            outcome=result.outcome,
            dry_run=dry_run,
            seconds=round(result.seconds, 3),
            error=result.error,
            **result.counts,
        )
        if not dry_run:
            await _record(
                ctx,
                record_finish,
                name,
                started_at=now,
                finished_at=now + timedelta(seconds=result.seconds),
                outcome=result.outcome,
                counts=result.counts,
                error=result.error,
            )
    return result


async def _record(ctx: Backends, write: Any, name: str, *args: Any, **kw: Any) -> None:
    """Record in ``scheduled_jobs``; a store that cannot take the record does not undo the
    job (cleanup needs no store at all), so the failure is logged, not raised."""
    try:
        async with ctx.store.begin() as conn:
            await write(conn, name, *args, **kw)
    except Exception as exc:
        log.warning("maintenance.record_failed", job=name, error=f"{type(exc).__name__}: {exc}")


async def run_scheduled(ctx: Backends, name: str) -> JobResult | None:
    """A cron firing: run job ``name`` unless another worker already ran it this period."""
    ttl = lock_ttl_s(ctx.settings.maintenance.schedules()[name])
    if not await claim_period(ctx.redis, ctx.keys, name, ttl):
        log.info("maintenance.skipped", job=name, reason="already run this period")
        return None
    return await run_job(ctx, name, trigger="cron")
