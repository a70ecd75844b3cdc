"""A worker beats under its own name: each due health check registers its key at the clock's
time; a check not yet due registers nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from arq import func
from arq.connections import ArqRedis

from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from daemon.queue import EXTRACT_FUNCTION, dumps, loads
from workers.heartbeat import HeartbeatWorker, heartbeat_options

T0 = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


async def _noop(ctx: dict[str, Any], session_id: str) -> None:
    return None


def _worker(redis: ArqRedis, keys: Keys, clock: FakeClock) -> HeartbeatWorker:
    return HeartbeatWorker(
        functions=[func(_noop, name=EXTRACT_FUNCTION)],
        redis_pool=redis,
        queue_name=keys.queue,
        burst=True,
        handle_signals=False,
        keep_result=0,
        job_serializer=dumps,
        job_deserializer=loads,
        health_check_interval=3600,
        **heartbeat_options(keys, "w1", clock),
    )


def test_the_options_name_the_worker_s_own_heartbeat_key() -> None:
    keys = Keys("p")
    clock = FakeClock(T0)
    options = heartbeat_options(keys, "w1", clock)
    assert options == {"health_check_key": "p:workers:w1", "keys": keys, "clock": clock}


async def test_a_due_check_registers_the_beat_and_one_not_due_registers_nothing(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    clock = FakeClock(T0)
    worker = _worker(redis, keys, clock)
    await worker.record_health()
    beats = await redis.zrange(keys.workers, 0, -1, withscores=True)
    assert beats == [(keys.worker("w1").encode(), T0.timestamp() * 1000)]
    assert await redis.get(keys.worker("w1")) is not None

    await redis.delete(keys.workers)
    clock.advance(60)
    await worker.record_health()  # the next check is due in an hour: no beat
    assert await redis.zcard(keys.workers) == 0
