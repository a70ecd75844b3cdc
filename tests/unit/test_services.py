"""The composition root: one place builds the settings' Redis, store and clock, and whoever
built them closes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.app.container import Container, open_container
from daemon.app.redis_standin import standin_redis
from daemon.base.clock import FakeClock
from daemon.base.errors import SchemaOutOfDate
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.maintenance.jobs import run_job
from tests.backends import SqliteTemplate


def _settings(url: str) -> Settings:
    return Settings(database_url=url, redis_prefix="acme")


async def test_services_refuse_an_out_of_date_schema(
    tmp_path: Path,
) -> None:
    redis = standin_redis()
    try:
        with pytest.raises(SchemaOutOfDate, match="the database is empty"):
            await open_container(
                _settings(f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"), redis=redis
            )
        assert await redis.ping()  # the caller's client is the caller's to close
    finally:
        await redis.aclose()


async def test_one_services_object_serves_a_maintenance_job(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    """What the CLI, a worker and the health probe build is what the jobs take."""
    url = sqlite_template.copy_to(tmp_path / "memoryd.db")
    clock = FakeClock()
    services = await open_container(_settings(url), redis=standin_redis(), clock=clock)
    try:
        assert isinstance(services, Container)
        assert services.keys == Keys("acme") and services.clock is clock
        result = await run_job(services, "retention", dry_run=True)
        assert result.outcome == "ok" and result.started_at == clock.now()
    finally:
        await services.close()
