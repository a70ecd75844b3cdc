"""``memoryd consolidate``, ``cleanup-truncations`` and ``retention`` with --dry-run/--json."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import fakeredis
import pytest
from typer.testing import CliRunner

from daemon.base.logs import reset_logging
from daemon.base.scope import ScopeKey
from daemon.cli import app
from daemon.cli.program import CliState
from daemon.store.db import Store
from daemon.store.schedules import last_runs
from daemon.store.truncation import TruncationStore
from tests.maintenance.helpers import add, live_ids

runner = CliRunner()


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    for name in list(os.environ):
        if name.startswith("MEMORYD_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEMORYD_DATABASE_URL", f"sqlite:///{tmp_path / 'memoryd.db'}")
    monkeypatch.setenv("MEMORYD_REDIS_PREFIX", "mdtest-cli")
    monkeypatch.setenv("MEMORYD_TRUNCATION__DIR", str(tmp_path / "spill"))
    yield
    reset_logging()


def invoke(*args: str) -> Any:
    server = fakeredis.FakeServer()
    state = CliState(redis_factory=lambda url: fakeredis.FakeAsyncRedis(server=server))
    return runner.invoke(app, list(args), obj=state)


def _store(tmp_path: Path) -> Store:
    return Store.from_url(f"sqlite+aiosqlite:///{tmp_path / 'memoryd.db'}")


def test_consolidate_dry_run_then_for_real(tmp_path: Path) -> None:
    assert invoke("db", "upgrade").exit_code == 0
    yesterday = datetime.now(UTC) - timedelta(days=1)

    async def seed() -> int:
        store = _store(tmp_path)
        try:
            return await add(store, "Gone tomorrow.", created_at=yesterday, expires_at=yesterday)
        finally:
            await store.close()

    memory_id = asyncio.run(seed())

    dry = invoke("consolidate", "--dry-run", "--json")
    assert dry.exit_code == 0, dry.output
    report = json.loads(dry.stdout)
    assert (report["job"], report["dry_run"], report["counts"]["expired"]) == (
        "consolidate",
        True,
        1,
    )
    real = invoke("consolidate", "--json")
    assert real.exit_code == 0, real.output
    assert json.loads(real.stdout)["counts"]["expired"] == 1

    async def check() -> None:
        store = _store(tmp_path)
        try:
            assert memory_id not in await live_ids(store)
            async with store.connect() as conn:
                assert (await last_runs(conn))["consolidate"]["outcome"] == "ok"
        finally:
            await store.close()

    asyncio.run(check())


def test_cleanup_truncations_prints_what_it_freed(tmp_path: Path) -> None:
    assert invoke("db", "upgrade").exit_code == 0
    spill = tmp_path / "spill"
    spill.mkdir()
    old = spill / TruncationStore.file_name(ScopeKey("p"), "s", "m", 1)
    old.write_text("x" * 100)
    stamp = (datetime.now(UTC) - timedelta(days=8)).timestamp()
    os.utime(old, (stamp, stamp))

    shown = invoke("cleanup-truncations", "--dry-run")
    assert shown.exit_code == 0, shown.output
    assert "dry run" in shown.stdout and old.exists()
    done = invoke("cleanup-truncations", "--json")
    counts = json.loads(done.stdout)["counts"]
    assert (counts["files"], counts["bytes"]) == (1, 100)
    assert not old.exists()


def test_retention_runs_against_the_store_and_stream(tmp_path: Path) -> None:
    assert invoke("db", "upgrade").exit_code == 0
    result = invoke("retention", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["counts"] == {
        "messages": 0,
        "turns": 0,
        "agent_turns": 0,
        "session_fragments": 0,
        "session_summaries": 0,
        "forgotten_turns": 0,
        "runs": 0,
        "stream_entries": 0,
        "consumers": 0,
    }


def test_an_out_of_date_schema_is_a_one_line_error(tmp_path: Path) -> None:
    result = invoke("consolidate")
    assert result.exit_code == 1
    assert "memoryd db upgrade" in result.stderr
