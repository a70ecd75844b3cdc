"""The per-key rate limiter: exact counts, one Redis round trip for requests that arrive
together, a Redis failure told to every request that waited on it, and a failing Redis left
alone for a cool-down (one warning when it fails, one line when it answers again); and the
API's 429 with Retry-After. Every window is driven by a ``FakeClock``: no test here depends on where
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
from structlog.testing import capture_logs

from daemon.access.rate_limits import COOLDOWN_S, RateLimiter, RedisResting
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
    assert isinstance(limiter.clock, FakeClock)
    limiter.clock.advance(COOLDOWN_S)  # Redis is left alone until then
    assert (await limiter.hit("k1")).count == 1  # nothing stuck after the failure
    assert counted.calls == 1


class _Flaky:
    """The limiter's script and its ``GET``, failing as a refused connection while ``up`` is
    false (passed to the real ones while it is true); ``calls`` counts the calls made."""

    def __init__(self, limiter: RateLimiter) -> None:
        self.script, self.real = limiter._script, limiter.redis
        self.up = False
        self.calls = 0
        #: Set: each call waits for it to be set before it answers.
        self.hold: asyncio.Event | None = None
        limiter._script = self._script  # type: ignore[assignment]
        limiter.redis = self  # type: ignore[assignment]

    async def _reached(self) -> None:
        self.calls += 1
        if self.hold is not None:
            await self.hold.wait()
        if not self.up:
            raise RedisConnectionError("Connection refused.")

    async def _script(self, **kwargs: Any) -> Any:
        await self._reached()
        return await self.script(**kwargs)

    async def get(self, name: str) -> Any:
        await self._reached()
        return await self.real.get(name)


def _said(logs: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """What the rate limit logged about Redis: each line's event and level."""
    return [(e["event"], e["log_level"]) for e in logs if e["event"].startswith("rate_limit.")]


async def test_a_failing_redis_is_left_alone_for_a_cooldown_and_logged_once(
    redis: Redis, prefix: str
) -> None:
    """Redis failing: the first request tries it and logs one warning; the next ones within
    the cool-down are told at once (``RedisResting``, a ``RedisError``) without a call or a
    line; after it, one request tries again (quiet while it still fails), and the first that
    finds Redis answering logs it once and is counted there again."""
    limiter, _ = _limiter(redis, prefix, limit=10)
    clock = limiter.clock
    assert isinstance(clock, FakeClock)
    flaky = _Flaky(limiter)
    with capture_logs() as logs, pytest.raises(RedisConnectionError):
        await limiter.hit("k1")
    assert flaky.calls == 1
    assert _said(logs) == [("rate_limit.redis_down", "warning")]

    with capture_logs() as logs:
        for _ in range(4):
            clock.advance(COOLDOWN_S / 5)
            with pytest.raises(RedisResting):
                await limiter.hit("k1")
            with pytest.raises(RedisResting):
                await limiter.peek("failed-keys:10.0.0.1")
    assert (flaky.calls, _said(logs)) == (1, [])

    clock.advance(COOLDOWN_S)
    with capture_logs() as logs:
        with pytest.raises(RedisConnectionError):
            await limiter.hit("k1")
        with pytest.raises(RedisResting):
            await limiter.hit("k1")
    assert (flaky.calls, _said(logs)) == (2, [])  # one try, failed: still down, still quiet

    flaky.up = True
    clock.advance(COOLDOWN_S)
    with capture_logs() as logs:
        assert (await limiter.hit("k1")).count == 1
        assert (await limiter.hit("k1")).count == 2
        assert (await limiter.peek("k1")).count == 2  # Redis's count
    assert flaky.calls == 5
    assert _said(logs) == [("rate_limit.redis_back", "info")]


async def test_requests_during_the_one_try_after_the_cooldown_do_not_wait_for_it(
    redis: Redis, prefix: str
) -> None:
    """After the cool-down one request alone tries Redis: the others meanwhile, of its key
    or another, are told at once rather than waiting on a connect timeout of their own."""
    limiter, _ = _limiter(redis, prefix, limit=10)
    clock = limiter.clock
    assert isinstance(clock, FakeClock)
    flaky = _Flaky(limiter)
    with pytest.raises(RedisConnectionError):
        await limiter.hit("k1")
    clock.advance(COOLDOWN_S)
    flaky.hold = asyncio.Event()
    trying = asyncio.ensure_future(limiter.hit("k1"))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert flaky.calls == 2
    for name in ("k1", "k2"):
        with pytest.raises(RedisResting):
            await limiter.hit(name)
    with pytest.raises(RedisResting):
        await limiter.peek("k2")
    flaky.hold.set()
    with pytest.raises(RedisConnectionError):
        await trying
    assert flaky.calls == 2


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
