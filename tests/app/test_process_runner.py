"""The process runner: a worker is built by the factory its command gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.app.container import open_container
from daemon.app.process_runner import run_processes
from daemon.app.redis_standin import standin_redis
from daemon.base.settings import Settings
from tests.backends import SqliteTemplate


async def test_a_worker_needs_its_factory(sqlite_template: SqliteTemplate, tmp_path: Path) -> None:
    url = sqlite_template.copy_to(tmp_path / "memoryd.db")
    container = await open_container(
        Settings(database_url=url, redis_prefix="acme"), redis=standin_redis()
    )
    try:
        with pytest.raises(ValueError, match="factory"):
            await run_processes(container, dispatch=False, work=True, burst=True)
    finally:
        await container.close()
