"""Gathering a status: Redis and the SQL store read side by side, then judged.

A backend that does not answer within ``timeout_s`` (or fails) is reported unreachable, and
the status is "down"; the other half is still reported.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
from dataclasses import dataclass

import structlog
from redis.asyncio import Redis

from daemon.clock import Clock
from daemon.errors import SchemaOutOfDate
from daemon.health.heartbeat import read_workers
from daemon.health.model import Status
from daemon.health.redis_probe import ping, read_redis
from daemon.health.store_probe import read_backlog, read_extraction, read_scheduled
from daemon.health.verdict import judge
from daemon.redis_keys import Keys
from daemon.settings import Settings
from daemon.store.db import Store
from daemon.store.engine import current_revision, head_revision

log = structlog.get_logger("memoryd.health")

_DAY_S = 86_400


@dataclass(frozen=True, slots=True)
class Probe:
    """What a status is read from (the CLI builds it; the metrics reuse it)."""

    redis: Redis
    store: Store
    settings: Settings
    clock: Clock
    timeout_s: float = 5.0

    @property
    def keys(self) -> Keys:
        return Keys.of(self.settings)


def schedule_periods(settings: Settings) -> dict[str, float]:
    """The longest gap between two runs of each enabled scheduled job, in seconds."""
    from daemon.maintenance.schedule import fire_times

    periods: dict[str, float] = {}
    for name in ("consolidate", "cleanup_truncations", "retention"):
        schedule = getattr(settings.maintenance, name, None)
        if schedule is None or not schedule.enabled:
            continue
        times = fire_times(schedule)
        gaps = [b - a for a, b in itertools.pairwise(times)]
        gaps.append(times[0] + _DAY_S - times[-1])
        periods[name] = float(max(gaps))
    return periods


@functools.cache
def _head() -> str:
    return head_revision()  # reads the migration scripts: once per process


async def _check_schema(store: Store) -> None:
    current = await current_revision(store.engine)
    if current != _head():
        raise SchemaOutOfDate(f"the schema is at {current or 'nothing'}, not {_head()}")


async def _redis_half(probe: Probe, status: Status) -> None:
    try:
        status.redis = await ping(probe.redis, probe.clock)
        stream, dead, queue, backlog = await read_redis(
            probe.redis,
            probe.keys,
            status.at,
            dead_capacity=probe.settings.stream.dead_letter_maxlen,
        )
        status.stream, status.dead, status.queue = stream, dead, queue
        status.backlog.provider_breaker_open = backlog.provider_breaker_open
        status.backlog.provider_breaker_until = backlog.provider_breaker_until
        status.workers = await read_workers(
            probe.redis, probe.keys, status.at, stale_s=probe.settings.health.worker_stale_s
        )
    except Exception as exc:
        status.redis.reachable = False
        status.redis.error = f"{type(exc).__name__}: {exc}"[:300]


async def _store_half(probe: Probe, status: Status) -> None:
    now = status.at
    try:
        await _check_schema(probe.store)
        async with probe.store.connect() as conn:
            status.extraction = await read_extraction(conn, now)
            status.queue.failed_last_hour = status.extraction.failed
            await read_backlog(conn, now, status.backlog)
            status.scheduled = await read_scheduled(
                conn,
                now,
                schedule_periods(probe.settings),
                probe.settings.health.scheduled_job_late_factor,
            )
        status.store_reachable = True
    except Exception as exc:
        status.store_reachable = False
        status.store_error = f"{type(exc).__name__}: {exc}"[:300]


async def gather_status(probe: Probe) -> Status:
    """Read everything ``memoryd status`` shows and judge it against the thresholds."""
    started = probe.clock.monotonic()
    status = Status(at=probe.clock.now())
    redis_task = asyncio.ensure_future(_redis_half(probe, status))
    store_task = asyncio.ensure_future(_store_half(probe, status))
    _, late = await asyncio.wait({redis_task, store_task}, timeout=probe.timeout_s)
    for task in late:
        task.cancel()
    if redis_task in late:
        status.redis.reachable = False
        status.redis.error = f"no answer within {probe.timeout_s:g}s"
    if store_task in late:
        status.store_reachable = False
        status.store_error = f"no answer within {probe.timeout_s:g}s"
    await asyncio.gather(*late, return_exceptions=True)
    judge(status, probe.settings.health)
    status.elapsed_ms = round((probe.clock.monotonic() - started) * 1000, 1)
    log.debug("status.gathered", level=status.level.name, elapsed_ms=status.elapsed_ms)
    return status
