"""The provider-wide breaker: shared by every worker through Redis, resumes by itself."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.extraction.llm.breaker import BreakerPolicy, RedisBreaker
from daemon.extraction.llm.model_errors import ProviderUnavailable
from daemon.extraction.runner import RetryLater
from daemon.testing.fakellm import FakeLLM, error
from tests.harness import publish_fixture, rows

POLICY = BreakerPolicy(failures=3, cooldown_s=30, probe_s=10)


def breakers(rt: Container, clock: FakeClock, count: int = 2) -> list[RedisBreaker]:
    """``count`` breakers on the same key: as many workers sharing one provider."""
    return [RedisBreaker(rt.redis, rt.keys.llm_breaker, clock, POLICY) for _ in range(count)]


async def test_consecutive_failures_across_workers_open_it_and_it_resumes_by_itself(
    runtime: Container,
) -> None:
    clock = FakeClock(datetime(2026, 11, 17, tzinfo=UTC))
    a, b = breakers(runtime, clock)
    await a.failure()
    await b.failure()
    assert await a.acquire() is True  # still closed, but a success must reset the count
    await a.success(True)
    for worker in (a, b, a):  # three in a row, from two workers
        await worker.failure()
    for worker in (a, b):
        with pytest.raises(ProviderUnavailable) as caught:
            await worker.acquire()
        assert caught.value.retry_after_s == pytest.approx(30.0)
        assert caught.value.blames_session is False

    clock.advance(31)  # the cooldown is over: half-open, one probe at a time
    assert await b.acquire() is True
    with pytest.raises(ProviderUnavailable):
        await a.acquire()
    await b.failure()  # the probe failed: open again for a full cooldown
    clock.advance(29)
    with pytest.raises(ProviderUnavailable):
        await a.acquire()
    clock.advance(2)
    assert await a.acquire() is True
    await a.success(True)  # the probe succeeded: closed, the count reset
    assert await b.acquire() is False
    assert not await runtime.redis.exists(runtime.keys.llm_breaker)


async def test_while_open_no_call_is_made_and_the_session_is_not_blamed(
    open_llm: Any, fake_llm: FakeLLM
) -> None:
    """Transient failures of other sessions open the provider's breaker; a run meanwhile
    asks for a retry after the cooldown, without calling the model, recording a failed run
    or counting against its session."""
    rt: Container = await open_llm(
        fake_llm, llm={"provider_breaker_failures": 2, "provider_breaker_cooldown_s": 60}
    )
    fake_llm.script([error(500, "down"), error(502, "down")])
    await publish_fixture(rt, "style-feedback")
    await rt.dispatcher(consumer="d").run(burst=True)
    session = "b7e2d9f0-0002-4c11-8d2e-style-feedback"
    for _ in range(2):
        with pytest.raises(RetryLater):
            await rt.runner().run(session)
    assert fake_llm.calls == 2
    with pytest.raises(RetryLater) as caught:
        await rt.runner().run(session)
    assert 55 < caught.value.defer_s <= 60
    assert fake_llm.calls == 2
    run_rows = await rows(rt, "runs")
    assert [r.outcome for r in run_rows] == ["failed", "failed"]
    assert all(r.model_calls == 1 for r in run_rows)
    cursor = (await rows(rt, "cursors"))[0]
    assert (cursor.failures, cursor.turn) == (2, None)


async def test_status_reads_when_the_breaker_is_open_through_its_functions(
    runtime: Container,
) -> None:
    from daemon.extraction.llm.breaker import open_until_ms, read_state

    clock = FakeClock(datetime(2026, 11, 17, tzinfo=UTC))

    async def read() -> int:
        pipe = runtime.redis.pipeline(transaction=False)
        read_state(pipe, runtime.keys)
        (reply,) = await pipe.execute(raise_on_error=False)
        return open_until_ms(reply)

    assert await read() == 0  # never opened
    (a,) = breakers(runtime, clock, 1)
    for _ in range(3):
        await a.failure()
    assert await read() == int(clock.now().timestamp() * 1000) + 30_000
    assert open_until_ms(ConnectionError("down")) == 0
