"""Gathering a status: Redis and the SQL store read side by side, then judged.

A backend that does not answer within ``timeout_s`` (or fails) is reported unreachable, and
the status is "down"; the other half is still reported.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import TYPE_CHECKING

import structlog

from daemon.base.errors import describe
from daemon.base.settings import Settings
from daemon.embeddings import describe as describe_embeddings
from daemon.health.liveness import read_workers
from daemon.health.redis_probe import ping, read_redis
from daemon.health.report import Status
from daemon.health.store_probe import (
    read_at_rest,
    read_backlog,
    read_extraction,
    read_review_queue,
    read_scheduled,
    read_usage,
)
from daemon.health.verdict import judge
from daemon.store.backends import Backends

if TYPE_CHECKING:
    pass

log = structlog.get_logger("memoryd.health")


_DAY_S = 86_400


def schedule_periods(settings: Settings) -> dict[str, float]:
    """The longest gap between two runs of each enabled scheduled job, in seconds."""
    from daemon.maintenance.schedule import fire_times

    periods: dict[str, float] = {}
    for name, schedule in settings.maintenance.schedules().items():
        if not schedule.enabled:
            continue
        times = fire_times(schedule)
        gaps = [b - a for a, b in itertools.pairwise(times)]
        gaps.append(times[0] + _DAY_S - times[-1])
        periods[name] = float(max(gaps))
    return periods


async def _redis_half(backends: Backends, status: Status) -> None:
    try:
        status.redis = await ping(backends.redis, backends.clock)
        stream, dead, queue, backlog = await read_redis(
            backends.redis,
            backends.keys,
            status.at,
            dead_capacity=backends.settings.stream.dead_letter_maxlen,
        )
        status.stream, status.dead, status.queue = stream, dead, queue
        status.backlog.provider_breaker_open = backlog.provider_breaker_open
        status.backlog.provider_breaker_until = backlog.provider_breaker_until
        status.workers = await read_workers(
            backends.redis,
            backends.keys,
            status.at,
            stale_s=backends.settings.health.worker_stale_s,
        )
    except Exception as exc:
        status.redis.reachable = False
        status.redis.error = describe(exc)


async def _store_half(backends: Backends, status: Status) -> None:
    now = status.at
    try:
        await backends.store.check_schema()
        async with backends.store.connect() as conn:
            status.extraction = await read_extraction(conn, now)
            await read_backlog(conn, now, status.backlog)
            status.review_pending = await read_review_queue(conn)
            await read_at_rest(conn, status.at_rest)
            status.usage = await read_usage(
                conn, now, tenants=backends.settings.metrics.usage_tenants
            )
            status.scheduled = await read_scheduled(
                conn,
                now,
                schedule_periods(backends.settings),
                backends.settings.health.scheduled_job_late_factor,
            )
        status.store_reachable = True
    except Exception as exc:
        status.store_reachable = False
        status.store_error = describe(exc)


async def gather_status(backends: Backends, *, timeout_s: float = 5.0) -> Status:
    """Read everything ``memoryd status`` shows and judge it against the thresholds."""
    started = backends.clock.monotonic()
    status = Status(at=backends.clock.now(), embeddings=describe_embeddings(backends.settings))
    redis_task = asyncio.ensure_future(_redis_half(backends, status))
    store_task = asyncio.ensure_future(_store_half(backends, status))
    _, late = await asyncio.wait({redis_task, store_task}, timeout=timeout_s)
    for task in late:
        task.cancel()
    if redis_task in late:
        status.redis.reachable = False
        status.redis.error = f"no answer within {timeout_s:g}s"
    if store_task in late:
        status.store_reachable = False
        status.store_error = f"no answer within {timeout_s:g}s"
    await asyncio.gather(*late, return_exceptions=True)
    # Here, once both halves are done: the Redis half replaces ``status.queue`` whole.
    status.queue.failed_last_hour = status.extraction.failed
    judge(status, backends.settings.health)
    status.elapsed_ms = round((backends.clock.monotonic() - started) * 1000, 1)
    log.debug("status.gathered", level=status.level.name, elapsed_ms=status.elapsed_ms)
    return status
