"""The per-key rate limiter: exact counts, one Redis round trip for requests that arrive
together, and a Redis failure told to every request that waited on it; and the API's 429
with Retry-After. Every window is driven by a ``FakeClock``: no test here depends on where
the wall clock stands in a window (one that did failed when a slow run crossed a window
boundary mid-test)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from daemon.access.rate_limits import RateLimiter
from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from tests.api.in_process import MID_WINDOW, Api, in_process
from tests.backends import SqliteTemplate


class _Counted:
    """The limiter's script, counting its round trips."""

    def __init__(self, script: Any) -> None:
        self.script = script
        self.calls = 0

    async def __call__(self, **kwargs: Any) -> Any:
        self.calls += 1
        return await self.script(**kwargs)


def _limiter(redis: Redis, prefix: str, limit: int) -> tuple[RateLimiter, _Counted]:
    limiter = RateLimiter(redis, Keys(prefix), FakeClock(MID_WINDOW), limit=limit, window_s=60)
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


async def test_the_window_is_the_clock_s_and_retry_after_counts_to_its_end(
    redis: Redis, prefix: str
) -> None:
    """A fixed window of the clock: Retry-After is the seconds left in it, and the count
    starts again at 1 when the clock crosses into the next one."""
    clock = FakeClock(MID_WINDOW)
    limiter = RateLimiter(redis, Keys(prefix), clock, limit=2, window_s=60)
    hits = [await limiter.hit("k1") for _ in range(3)]
    assert [(h.count, h.retry_after_s, limiter.over(h)) for h in hits] == [
        (1, 35, False),
        (2, 35, False),
        (3, 35, True),
    ]
    clock.advance(34.5)
    assert (await limiter.hit("k1")).retry_after_s == 1  # never 0: the header says wait
    assert (await limiter.peek("k1")).count == 4
    clock.advance(0.5)  # the next window
    hit = await limiter.hit("k1")
    assert (hit.count, hit.retry_after_s, limiter.over(hit)) == (1, 60, False)


@pytest.fixture
async def api(sqlite_template: SqliteTemplate, tmp_path: Path, prefix: str) -> AsyncIterator[Api]:
    async with in_process(
        sqlite_template, tmp_path, prefix, api={"rate_limit": 40, "rate_window_s": 60}
    ) as api:
        yield api


async def _statuses(client: httpx.AsyncClient, count: int) -> list[int]:
    return [(await client.get("/v1/recall/manifest")).status_code for _ in range(count)]


@pytest.mark.redis
async def test_rate_limit_answers_429_with_retry_after(api: Api) -> None:
    """Past MEMORYD_API__RATE_LIMIT requests in a window: 429 with Retry-After (the seconds
    left in the window); another key is not affected; the next window answers again."""
    key, other = await api.key(), await api.key()
    async with api.client(key) as client:
        assert await _statuses(client, 40) == [200] * 40
        response = await client.get("/v1/recall/manifest")
        assert response.status_code == 429
        assert response.json()["error"]["code"] == "rate_limited"
        assert response.headers["retry-after"] == "35"
        async with api.client(other) as neighbour:
            assert (await neighbour.get("/v1/recall/manifest")).status_code == 200
        api.clock.advance(35)
        assert (await client.get("/v1/recall/manifest")).status_code == 200


@pytest.mark.redis
async def test_a_window_boundary_in_the_middle_of_a_burst_starts_the_count_again(
    api: Api,
) -> None:
    """What broke the wall-clock version of the test above: 14 requests, the window ends,
    then a full 40 more before the 429 (the 55th request, not the 41st)."""
    key = await api.key()
    async with api.client(key) as client:
        assert await _statuses(client, 14) == [200] * 14
        api.clock.advance(35)
        assert await _statuses(client, 41) == [200] * 40 + [429]
