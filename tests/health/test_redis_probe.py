"""The Redis half of the health report: the stream's length, lag and its age, the consumer
group's pending entries and consumers, the dead letters and the queue (both backends)."""

from __future__ import annotations

from datetime import UTC, datetime

from arq.connections import ArqRedis

from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from daemon.health.redis_probe import entry_ms, ping, read_redis

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
NOW_MS = int(NOW.timestamp() * 1000)


def test_an_entry_id_s_time_part_is_its_epoch_ms() -> None:
    assert entry_ms("1780315200000-7") == 1_780_315_200_000
    assert entry_ms("12") == 12


async def test_a_ping_reports_reachable_and_its_latency_by_the_clock(redis: ArqRedis) -> None:
    info = await ping(redis, FakeClock(NOW))  # a fake clock does not move during the PING
    assert (info.reachable, info.latency_ms, info.error) == (True, 0.0, None)


async def test_nothing_there_reads_as_empty(redis: ArqRedis, prefix: str) -> None:
    stream, dead, queue, backlog = await read_redis(redis, Keys(prefix), NOW, dead_capacity=50)
    assert (stream.length, stream.group_exists, stream.lag, stream.lag_age_s) == (0, False, 0, None)
    assert (dead.count, dead.capacity, dead.newest) == (0, 50, [])
    assert (queue.depth, queue.due, queue.deferred) == (0, 0, 0)
    assert not backlog.provider_breaker_open
    assert backlog.embeddings_breaker_until is None


async def test_an_open_embeddings_breaker_is_read_apart_from_the_model_calls_one(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    await redis.hset(
        keys.embeddings_breaker, mapping={"failures": 5, "open_until": NOW_MS + 30_000}
    )
    *_, backlog = await read_redis(redis, keys, NOW, dead_capacity=50)
    assert backlog.embeddings_breaker_until == datetime.fromtimestamp((NOW_MS + 30_000) / 1000, UTC)
    assert not backlog.provider_breaker_open
    await redis.hset(keys.embeddings_breaker, "open_until", NOW_MS - 1)  # over: half-open
    *_, backlog = await read_redis(redis, keys, NOW, dead_capacity=50)
    assert backlog.embeddings_breaker_until is None


async def test_without_a_group_every_entry_is_lag_aged_by_the_oldest(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    for i, ago_ms in enumerate((90_000, 30_000, 1_000)):
        await redis.xadd(keys.stream, {"event": b"{}"}, id=f"{NOW_MS - ago_ms}-{i}")
    stream, *_ = await read_redis(redis, keys, NOW, dead_capacity=50)
    assert (stream.length, stream.group_exists, stream.lag) == (3, False, 3)
    assert stream.lag_age_s == 90.0


async def test_a_group_s_pending_entries_consumers_and_dead_letters(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    first = await redis.xadd(keys.stream, {"event": b"{}"}, id=f"{NOW_MS - 60_000}-0")
    await redis.xadd(keys.stream, {"event": b"{}"}, id=f"{NOW_MS - 10_000}-0")
    await redis.xgroup_create(keys.stream, keys.group, id="0")
    await redis.xreadgroup(keys.group, "d1", {keys.stream: ">"}, count=1)
    for reason in ("not JSON", "too large"):
        await redis.xadd(keys.dead, {"reason": reason, "at": "t", "payload": b"x"})
    stream, dead, _, _ = await read_redis(redis, keys, NOW, dead_capacity=50)
    assert stream.group_exists and (stream.length, stream.pending, stream.lag) == (2, 1, 1)
    assert stream.lag_age_s == 10.0  # the first entry not yet delivered
    assert stream.oldest_pending_id == first.decode()
    assert stream.oldest_pending_idle_s is not None and stream.oldest_pending_idle_s < 60
    assert (stream.consumers, stream.active_consumers) == (1, 1)
    assert [(c.name, c.pending) for c in stream.busiest] == [("d1", 1)]
    assert dead.count == 2 and [d.reason for d in dead.newest] == ["too large", "not JSON"]
