"""``./dev bench status`` runs end to end (a small deployment here; the real run has a
million stream entries) and reports what the busy status read, on both stores."""

from __future__ import annotations

from daemon.base.settings import Settings
from tests.backends import REAL_ONLY
from tests.bench.status import bench_status


@REAL_ONLY  # it fills its own prefix on the real Redis
async def test_the_status_bench_times_a_busy_and_an_empty_deployment(settings: Settings) -> None:
    result = await bench_status(
        settings, entries=12_000, sessions_count=30, runs_count=40, calls=20
    )
    busy = result["busy"]
    assert (busy["stream_entries"], busy["lag"], busy["pending"]) == (12_000, 7_000, 5_000)
    assert (busy["dead_letters"], busy["queued"]) == (500, 3_000)
    assert (busy["sessions_behind"], busy["runs_last_hour"]) == (10, 40)
    for figures in (busy, result["empty"]):
        assert 0 < figures["p50_ms"] <= figures["p95_ms"] <= figures["max_ms"]
    assert result["met_target"] == (busy["p95_ms"] < 200.0)
    assert result["backend"] == ("sqlite" if settings.is_sqlite else "postgresql")
