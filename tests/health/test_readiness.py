"""A process's readiness is its own: ready and healthy when its store and Redis answer,
degraded (still ready) when only Redis does not, down when its store does not; the findings
tell what fails without any backend's error text, which stays in ``detail``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from daemon.base.errors import StoreUnavailable
from daemon.health.readiness import REDIS_DOWN, STORE_DOWN, process_readiness
from daemon.health.report import Level


class _Store:
    def __init__(self, error: Exception | None) -> None:
        self.error = error

    async def check_schema(self) -> None:
        if self.error is not None:
            raise self.error


class _Redis:
    def __init__(self, error: Exception | None) -> None:
        self.error = error

    async def ping(self) -> bool:
        if self.error is not None:
            raise self.error
        return True


@dataclass
class _Backends:
    store: Any
    redis: Any


async def _readiness(store: Exception | None, redis: Exception | None) -> tuple[Level, Any]:
    return await process_readiness(_Backends(_Store(store), _Redis(redis)))  # type: ignore[arg-type]


async def test_both_answering_is_ready_and_healthy() -> None:
    assert await _readiness(None, None) == (Level.HEALTHY, [])


async def test_redis_down_leaves_the_process_ready_degraded() -> None:
    level, findings = await _readiness(None, ConnectionError("redis.internal:6379 refused"))
    assert level == Level.DEGRADED
    assert [(f.check, f.message) for f in findings] == [("redis", REDIS_DOWN)]
    assert "redis.internal" in findings[0].detail and "redis.internal" not in findings[0].message


async def test_a_store_that_does_not_answer_takes_the_process_out() -> None:
    level, findings = await _readiness(StoreUnavailable("db.internal:5432 refused"), None)
    assert level == Level.DOWN
    assert [(f.check, f.message) for f in findings] == [("store", STORE_DOWN)]
    assert "db.internal" not in findings[0].message
