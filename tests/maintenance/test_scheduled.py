"""Running a maintenance job: recorded and logged once with its counts, failures recorded and
raised, dry runs leaving no trace, every job through ``run_job``."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from structlog.testing import capture_logs

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.settings import Settings
from daemon.maintenance import scheduled as jobs
from daemon.maintenance.scheduled import run_job, run_scheduled
from daemon.store.schedules import last_runs
from daemon.store.tables import memories
from tests.maintenance.helpers import DAY, T0, add, live_ids


async def test_a_run_is_recorded_and_logged_once_with_its_counts(
    runtime: Container, settings: Settings
) -> None:
    clock = FakeClock(T0)
    await add(runtime.store, "Expired.", expires_at=T0 - DAY)
    ctx = Container(settings=settings, store=runtime.store, redis=runtime.redis, clock=clock)

    with capture_logs() as logs:
        result = await run_scheduled(ctx, "consolidate")

    assert result is not None and result.outcome == "ok"
    finished = [e for e in logs if e["event"] == "maintenance.finished"]
    assert len(finished) == 1
    assert finished[0]["job"] == "consolidate" and finished[0]["expired"] == 1
    async with runtime.store.connect() as conn:
        record = (await last_runs(conn))["consolidate"]
    assert record["outcome"] == "ok"
    assert record["last_started_at"] == T0
    assert record["counts"]["expired"] == 1
    assert record["error"] is None


async def test_a_failed_run_is_recorded_and_raised(
    runtime: Container, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: Any) -> dict[str, int]:
        raise RuntimeError("disk on fire")

    monkeypatch.setitem(jobs.JOBS, "retention", broken)
    ctx = Container(
        settings=settings, store=runtime.store, redis=runtime.redis, clock=FakeClock(T0)
    )
    with capture_logs() as logs, pytest.raises(RuntimeError):
        await run_job(ctx, "retention", trigger="cron")
    async with runtime.store.connect() as conn:
        record = (await last_runs(conn))["retention"]
    assert record["outcome"] == "failed"
    assert "disk on fire" in record["error"]
    assert [e["outcome"] for e in logs if e["event"] == "maintenance.finished"] == ["failed"]


async def test_a_dry_run_is_neither_recorded_nor_changes_anything(runtime: Container) -> None:
    kept = await add(runtime.store, "Expired.", expires_at=T0 - DAY)
    ctx = Container(runtime.settings, runtime.redis, runtime.store, FakeClock(T0))
    result = await run_job(ctx, "consolidate", dry_run=True)
    assert result.counts["expired"] == 1
    assert kept in await live_ids(runtime.store)
    async with runtime.store.connect() as conn:
        assert await last_runs(conn) == {}
        assert (await conn.execute(sa.select(sa.func.count()).select_from(memories))).scalar() == 1


async def test_every_job_runs_through_run_job(runtime: Container, settings: Settings) -> None:
    ctx = Container(
        settings=settings, store=runtime.store, redis=runtime.redis, clock=FakeClock(T0)
    )
    assert tuple(settings.maintenance.schedules()) == jobs.JOB_NAMES  # one list of jobs
    for name in jobs.JOB_NAMES:
        result = await run_job(ctx, name)
        assert result.outcome == "ok", (name, result)
    cleanup = (await run_job(ctx, "cleanup_truncations")).counts
    assert cleanup["missing_root"] == 1  # nothing spilled yet: reported, not fatal
    assert set((await run_job(ctx, "retention")).counts) == {
        "messages",
        "turns",
        "runs",
        "agent_turns",
        "session_fragments",
        "session_summaries",
        "forgotten_turns",
        "stream_entries",
        "consumers",
    }
