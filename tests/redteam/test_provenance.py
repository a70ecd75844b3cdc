"""Every shared memory records whose session it came from; operators list by it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from arq.connections import ArqRedis
from typer.testing import CliRunner

from daemon.admin import memory_admin as admin
from daemon.app.container import open_container
from daemon.app.redis_standin import standin_redis
from daemon.base.logs import reset_logging
from daemon.base.settings import Settings
from daemon.cli import app
from daemon.cli.program import CliState
from daemon.store.engine import make_engine, upgrade
from daemon.store.tables import memories
from tests.harness import live_memories, publisher, run_pipeline
from tests.redteam.test_write_paths import _event


@pytest.fixture
def backend() -> str:
    return "fake"


@pytest.fixture
def seeded(settings: Settings, redis: ArqRedis) -> Iterator[CliState]:
    """alice's and carol's sessions each said a convention that became a shared memory."""
    server = redis.connection_pool.connection_kwargs["server"]
    factory: Any = lambda url: standin_redis(server)  # noqa: E731

    async def seed() -> None:
        rt = await open_container(settings, redis=factory(settings.redis_url))
        try:
            alice = _event("alice-1", 1, "Remember that we lint with ruff, not flake8.")
            carol = _event(
                "carol-1",
                1,
                "Remember that deploys go through make release.",
                scope={"project": "github.com/acme/billing", "user": "carol"},
            )
            await publisher(rt).publish_many([alice, carol])
            await run_pipeline(rt)
            assert {m.user for m in await live_memories(rt)} == {""}
        finally:
            await rt.close()

    asyncio.run(seed())
    yield CliState(settings=settings, redis_factory=factory)
    reset_logging()


def _list(state: CliState, *args: str) -> Any:
    result = CliRunner().invoke(app, ["memories", "list", *args], obj=state)
    assert result.exit_code == 0, result.output
    return result


def test_a_shared_memory_records_the_user_whose_session_wrote_it(seeded: CliState) -> None:
    every = json.loads(_list(seeded, "--json").stdout)
    assert {(m["source_user"], m["user"]) for m in every} == {("alice", ""), ("carol", "")}
    (alices,) = json.loads(_list(seeded, "--source-user", "alice", "--json").stdout)
    assert "ruff" in alices["content"]
    assert json.loads(_list(seeded, "--source-user", "bob", "--json").stdout) == []
    table = _list(seeded, "--source-user", "carol").stdout
    assert "source_user" in table and "carol" in table and "ruff" not in table


def test_the_filter_selects_by_source_user() -> None:
    assert admin.MemoryFilter(source_user="alice").conditions()


def test_erasing_a_user_removes_them_as_the_source_of_shared_memories(seeded: CliState) -> None:
    erased = CliRunner().invoke(app, ["erase", "--user", "alice", "--yes"], obj=seeded)
    assert erased.exit_code == 0, erased.output
    every = json.loads(_list(seeded, "--json").stdout)
    assert {m["source_user"] for m in every} == {None, "carol"}
    assert json.loads(_list(seeded, "--source-user", "alice", "--json").stdout) == []


async def test_revision_0006_fills_source_user_from_the_source_session(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    t = "2026-01-01 00:00:00"
    try:
        await upgrade(engine, "0005")
        async with engine.begin() as conn:
            for sid, user in (("alice-1", "alice"), ("anon-1", "")):
                await conn.execute(
                    sa.text(
                        'INSERT INTO sessions (session_id, project, "user", first_seen_at, '
                        "last_event_at, last_turn) VALUES (:s, 'p', :u, :t, :t, 1)"
                    ),
                    {"s": sid, "u": user, "t": t},
                )
            for number, sid in enumerate(("alice-1", "anon-1", "gone-1", None)):
                await conn.execute(
                    sa.text(
                        "INSERT INTO memories (project, type, title, content, content_hash, "
                        "source_session, created_by, created_at, updated_at) "
                        "VALUES ('p', 'project', 't', :c, :c, :s, 'x', :t, :t)"
                    ),
                    {"c": f"fact {number}", "s": sid, "t": t},
                )
        await upgrade(engine)
        async with engine.connect() as conn:
            found = await conn.execute(
                sa.select(memories.c.source_session, memories.c.source_user).order_by(memories.c.id)
            )
            assert found.all() == [
                ("alice-1", "alice"),
                ("anon-1", None),
                ("gone-1", None),
                (None, None),
            ]
    finally:
        await engine.dispose()
