"""Worker heartbeats: a beat registers the worker and prunes day-old entries; reading lists
live workers first, a stopped or stale one as gone, and arq's shared health check apart."""

from __future__ import annotations

from datetime import UTC, datetime

from arq.connections import ArqRedis

from daemon.base.redis_keys import Keys
from daemon.health.liveness import REGISTRY_KEEP_MS, read_workers, register_beat
from daemon.health.report import WorkerInfo

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
NOW_MS = int(NOW.timestamp() * 1000)


async def test_a_beat_registers_the_worker_and_prunes_entries_older_than_a_day(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    await register_beat(redis, keys, keys.worker("old"), NOW_MS - REGISTRY_KEEP_MS - 1)
    await register_beat(redis, keys, keys.worker("kept"), NOW_MS - REGISTRY_KEEP_MS + 1)
    assert await redis.zcard(keys.workers) == 2
    await register_beat(redis, keys, keys.worker("w1"), NOW_MS)
    scores = dict(await redis.zrange(keys.workers, 0, -1, withscores=True))
    assert {k.decode(): v for k, v in scores.items()} == {
        keys.worker("kept"): NOW_MS - REGISTRY_KEEP_MS + 1,
        keys.worker("w1"): NOW_MS,
    }


async def test_live_workers_come_first_then_by_age_and_stale_or_keyless_ones_are_gone(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    await register_beat(redis, keys, keys.worker("slow"), NOW_MS - 20_000)
    await register_beat(redis, keys, keys.worker("fresh"), NOW_MS - 2_000)
    await register_beat(redis, keys, keys.worker("stopped"), NOW_MS - 1_000)
    await register_beat(redis, keys, keys.worker("stale"), NOW_MS - 90_000)
    for name in ("slow", "fresh", "stale"):
        await redis.set(keys.worker(name), f"{name} j_complete=1")
    # "stopped" beat recently but its key expired: it is gone.
    workers = await read_workers(redis, keys, NOW, stale_s=30)
    assert workers == [
        WorkerInfo("fresh", True, 2.0, "fresh j_complete=1"),
        WorkerInfo("slow", True, 20.0, "slow j_complete=1"),
        WorkerInfo("stopped", False, 1.0, ""),
        WorkerInfo("stale", False, 90.0, "stale j_complete=1"),
    ]


async def test_arqs_shared_health_check_counts_as_one_live_worker(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    assert await read_workers(redis, keys, NOW, stale_s=30) == []
    await redis.set(keys.queue_health_check, "shared j_complete=3")
    assert await read_workers(redis, keys, NOW, stale_s=30) == [
        WorkerInfo("(arq shared health check)", True, None, "shared j_complete=3")
    ]
