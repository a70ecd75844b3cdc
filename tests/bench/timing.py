"""Timing one call at a time, and the latency figures the benchmarks print."""

from __future__ import annotations

import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any


async def time_calls(call: Callable[[], Awaitable[Any]], calls: int, warmup: int) -> list[float]:
    """Wall-clock milliseconds of ``calls`` awaited calls, after ``warmup`` untimed ones."""
    for _ in range(warmup):
        await call()
    timings: list[float] = []
    for _ in range(calls):
        started = time.perf_counter()
        await call()
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def latency_ms(timings: list[float], digits: int = 3) -> dict[str, float]:
    """p50 and p95 (nearest of the 100 inclusive quantiles) of ``timings``."""
    cuts = statistics.quantiles(timings, n=100, method="inclusive")
    return {
        "p50_ms": round(statistics.median(timings), digits),
        "p95_ms": round(cuts[94], digits),
    }
