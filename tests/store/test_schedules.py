"""The owner of ``scheduled_jobs``: a job's start and finish recorded, the last runs read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from daemon.app.container import Container
from daemon.store import schedules

T0 = datetime(2026, 10, 5, 3, tzinfo=UTC)


async def test_a_start_then_a_finish_is_the_jobs_last_run(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        assert await schedules.last_runs(conn) == {}
        await schedules.record_start(conn, "retention", T0)
        await schedules.record_start(conn, "consolidate", T0)
    async with runtime.store.connect() as conn:
        running = await schedules.last_runs(conn)
    assert list(running) == ["consolidate", "retention"]  # by name
    assert running["retention"]["outcome"] == "running"
    assert running["retention"]["last_finished_at"] is None
    async with runtime.store.begin() as conn:
        await schedules.record_finish(
            conn,
            "retention",
            started_at=T0,
            finished_at=T0 + timedelta(seconds=3),
            outcome="failed",
            counts={"runs": 2},
            error="x" * 5000,
        )
        await schedules.record_start(conn, "retention", T0 + timedelta(days=1))
    async with runtime.store.connect() as conn:
        record = (await schedules.last_runs(conn))["retention"]
    assert record["outcome"] == "running" and record["error"] is None
    assert record["last_started_at"] == T0 + timedelta(days=1)
    assert record["last_finished_at"] == T0 + timedelta(seconds=3)
    assert record["counts"] == {"runs": 2}


async def test_a_long_error_is_kept_cut(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        await schedules.record_finish(
            conn,
            "consolidate",
            started_at=T0,
            finished_at=T0,
            outcome="failed",
            counts={},
            error="x" * 5000,
        )
    async with runtime.store.connect() as conn:
        assert len((await schedules.last_runs(conn))["consolidate"]["error"]) == 4000
