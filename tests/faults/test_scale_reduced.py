"""The scale-out harness in a reduced form: processes on this machine, real Redis and
PostgreSQL, the fake model; every invariant holds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.backends import REAL_ONLY
from tests.bench.scale import bench_scale

pytestmark = [pytest.mark.slow, REAL_ONLY]


@pytest.mark.timeout(180)
async def test_two_dispatchers_and_two_workers_extract_everything_once(
    settings_factory: Any, redis: Any
) -> None:
    result = await bench_scale(
        settings_factory(), sessions=12, turns_per_session=4, rate=200, workers=[2]
    )
    (run,) = result["runs"]
    assert result["invariants_held"], run
    assert run["turns"] == 48
    assert (run["lost"], run["behind"], run["duplicated"], run["overlapping_runs"]) == (0, 0, 0, 0)
    assert run["published_messages"] == 5 * 48
    messages = ("lost_messages", "duplicated_messages", "corrupted_messages")
    assert [run[key] for key in (*messages, "unexpected_messages")] == [0, 0, 0, 0]
    assert run["latency_p50_s"] is not None and run["latency_p50_s"] > 0
    assert 0 < run["machine_cpu_busy_pct"] <= 100  # this machine's CPUs did the work
