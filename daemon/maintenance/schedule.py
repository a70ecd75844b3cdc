"""Once per period across workers, and the record of each job's last run.

Every worker's arq cron fires a scheduled job at the same minute; arq's job id
(``name:run-time``) makes one of them run it, unless the workers' clocks disagree by more
than about a minute. So the job itself also takes a Redis lock, ``SET <prefix>:cron:<name>
NX PX <ttl>``, whose time-to-live is half the shortest gap between two fire times of the
schedule: a worker firing late (however skewed its clock, within that half-gap) finds the
lock and skips, and the next period finds it expired. The lock is never released early: it
marks the period as done. Redis's own clock measures the time-to-live, so the workers'
clocks do not matter.

Each run (cron or command line) is recorded by :mod:`daemon.store.schedules`: start,
finish, outcome and counts, which ``memoryd status`` reads.
"""

from __future__ import annotations

import itertools
import secrets

from redis.asyncio import Redis

from daemon.base.redis_keys import Keys
from daemon.base.settings import CronSchedule

_DAY_S = 86_400


def fire_times(schedule: CronSchedule) -> list[int]:
    """Seconds after midnight at which the schedule fires, ascending."""
    hours = sorted(schedule.hour) if schedule.hour is not None else list(range(24))
    return sorted(h * 3600 + m * 60 for h in hours for m in schedule.minute)


def lock_ttl_s(schedule: CronSchedule) -> float:
    """Half the shortest gap between two consecutive fire times (across midnight too)."""
    times = fire_times(schedule)
    gaps = [b - a for a, b in itertools.pairwise(times)]
    gaps.append(times[0] + _DAY_S - times[-1])
    return min(gaps) / 2


async def claim_period(redis: Redis, keys: Keys, name: str, ttl_s: float) -> bool:
    """Take job ``name``'s lock for this period; False when another worker already ran the
    job this period."""
    token = secrets.token_hex(8)
    return bool(await redis.set(keys.cron_lock(name), token, nx=True, px=max(1, int(ttl_s * 1000))))
