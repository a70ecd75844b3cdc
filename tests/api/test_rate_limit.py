"""The per-key rate limiter: exact counts, one Redis round trip for requests that arrive
together, and a Redis failure told to every request that waited on it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from daemon.api.limits import RateLimiter
from daemon.base.clock import SystemClock
from daemon.base.redis_keys import Keys


class _Counted:
    """The limiter's script, counting its round trips."""

    def __init__(self, script: Any) -> None:
        self.script = script
        self.calls = 0

    async def __call__(self, **kwargs: Any) -> Any:
        self.calls += 1
        return await self.script(**kwargs)


def _limiter(redis: Redis, prefix: str, limit: int) -> tuple[RateLimiter, _Counted]:
    limiter = RateLimiter(redis, Keys(prefix), SystemClock(), limit=limit, window_s=60)
    counted = _Counted(limiter._script)
    limiter._script = counted  # type: ignore[assignment]
    return limiter, counted


async def test_requests_arriving_together_share_round_trips_and_each_gets_its_own_count(
    redis: Redis, prefix: str
) -> None:
    limiter, counted = _limiter(redis, prefix, limit=10)
    hits = await asyncio.gather(*(limiter.hit("k1") for _ in range(16)))
    assert sorted(h.count for h in hits) == list(range(1, 17))
    assert counted.calls < 16
    assert [limiter.over(h) for h in sorted(hits, key=lambda h: h.count)] == [False] * 10 + [
        True
    ] * 6
    assert (await limiter.hit("k1")).count == 17  # the window's counter holds every request


async def test_keys_are_counted_apart(redis: Redis, prefix: str) -> None:
    limiter, _ = _limiter(redis, prefix, limit=10)
    hits = await asyncio.gather(*(limiter.hit(f"k{i % 2}") for i in range(6)))
    assert sorted(h.count for h in hits) == [1, 1, 2, 2, 3, 3]


async def test_a_redis_failure_reaches_every_request_that_waited_on_it(
    redis: Redis, prefix: str
) -> None:
    limiter, counted = _limiter(redis, prefix, limit=10)

    async def down(**_: Any) -> Any:
        await asyncio.sleep(0)
        raise RedisConnectionError("gone")

    limiter._script = down  # type: ignore[assignment]
    results = await asyncio.gather(*(limiter.hit("k1") for _ in range(5)), return_exceptions=True)
    assert all(isinstance(r, RedisConnectionError) for r in results)
    limiter._script = counted  # type: ignore[assignment]
    assert (await limiter.hit("k1")).count == 1  # nothing stuck after the failure


async def test_a_request_that_gave_up_waiting_does_not_break_the_others(
    redis: Redis, prefix: str
) -> None:
    limiter, _ = _limiter(redis, prefix, limit=10)
    first = asyncio.ensure_future(limiter.hit("k1"))
    second = asyncio.ensure_future(limiter.hit("k1"))
    third = asyncio.ensure_future(limiter.hit("k1"))
    await asyncio.sleep(0)
    second.cancel()
    done = await asyncio.gather(first, third)
    assert sorted(h.count for h in done) in ([1, 2], [1, 3], [2, 3])
    with pytest.raises(asyncio.CancelledError):
        await second
    assert (await limiter.hit("k1")).count == 4  # the request that gave up was counted
