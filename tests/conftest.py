"""Shared fixtures. Backends come in two flavours, run by the same tests:
``fake`` (fakeredis + SQLite) and ``real`` (Redis + PostgreSQL)."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from arq.connections import ArqRedis
from hypothesis import settings as hypothesis_settings

from daemon.app.container import Container, connect_redis, open_container
from daemon.app.redis_standin import standin_redis
from daemon.base.clock import SystemClock
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.store.db import Store
from tests.backends import (
    REAL,
    REDIS_URL,
    PostgresDatabase,
    SqliteTemplate,
    redis_reachable,
    unavailable,
)
from tests.pgvector_server import PgvectorDatabase

# Under CI hypothesis replays one fixed draw per property, with no example database and no
# deadline: a property false for rare inputs fails the random draw of a developer's run (and
# is fixed there, its example kept as a test), never CI by chance; a failure prints its blob.
hypothesis_settings.register_profile(
    "ci", derandomize=True, database=None, print_blob=True, deadline=None
)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

#: The testing kit's fixtures (``fake_llm``), enabled as a host enables them.
pytest_plugins = ["daemon.testing.pytest_plugin"]


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """A developer's own MEMORYD_* or OPENAI_* variables never leak into a test."""
    for name in list(os.environ):
        if name.startswith(("MEMORYD_", "OPENAI_")) and not name.startswith("MEMORYD_TEST_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(Path(__file__).parent)  # no stray .env from the caller's directory


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplate:
    template = SqliteTemplate(tmp_path_factory.mktemp("sqlite"))
    template.create()
    return template


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[PostgresDatabase]:
    database = PostgresDatabase()
    database.create()
    yield database
    database.drop()


@pytest.fixture(scope="session")
def real_redis_error() -> BaseException | None:
    return redis_reachable()


@pytest.fixture(params=["fake", REAL])
def backend(request: pytest.FixtureRequest) -> str:
    """``fake``: fakeredis + SQLite. ``real``: the real Redis + PostgreSQL."""
    return str(request.param)


@pytest.fixture
async def database_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if backend == "fake":
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        return template.copy_to(tmp_path / "memoryd.db")
    database: PostgresDatabase = request.getfixturevalue("postgres_database")
    if database.error is not None:
        unavailable("PostgreSQL", database.error)
    await database.reset()
    return database.url


@pytest.fixture
def prefix() -> str:
    return f"mdtest-{uuid.uuid4().hex[:12]}"


@pytest.fixture
async def redis(
    backend: str, prefix: str, request: pytest.FixtureRequest
) -> AsyncIterator[ArqRedis]:
    if backend == "fake":
        client = standin_redis()
        yield client
        await client.aclose()
        return
    error = request.getfixturevalue("real_redis_error")
    if error is not None:
        unavailable("Redis", error)
    keys = Keys(prefix)
    client = connect_redis(Settings(redis_url=REDIS_URL, redis_prefix=prefix))
    yield client
    for pattern in keys.all_patterns():
        async for key in client.scan_iter(match=pattern, count=500):
            await client.delete(key)
    await client.aclose()


@pytest.fixture
def settings_factory(database_url: str, prefix: str, tmp_path: Path) -> Any:
    def make(**overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "redis_url": REDIS_URL,
            "redis_prefix": prefix,
            "database_url": database_url,
            "truncation": {"dir": tmp_path / "truncations"},
            "stream": {"block_ms": 50, "claim_idle_s": 30},
            "worker": {"poll_delay_s": 0.01, "retry_backoff_s": 0.05},
            "extraction": {"debounce_s": 0},
        }
        for key, value in overrides.items():
            if isinstance(value, dict) and isinstance(values.get(key), dict):
                values[key] = {**values[key], **value}
            else:
                values[key] = value
        return Settings(**values)

    return make


@pytest.fixture
def settings(settings_factory: Any) -> Settings:
    return settings_factory()  # type: ignore[no-any-return]


@pytest.fixture
async def runtime(settings: Settings, redis: ArqRedis) -> AsyncIterator[Container]:
    rt = await open_container(settings, redis=redis, clock=SystemClock())
    yield rt
    await rt.store.close()


@pytest.fixture(scope="session")
def pgvector_database() -> Iterator[PgvectorDatabase]:
    """A PostgreSQL with pgvector for the session (:mod:`tests.pgvector_server`)."""
    database = PgvectorDatabase()
    database.create()
    yield database
    database.drop()


@pytest.fixture(
    params=[
        "sqlite",
        "sqlite-python",
        pytest.param("postgres", marks=pytest.mark.postgres),
        pytest.param("pgvector", marks=pytest.mark.postgres),
    ]
)
async def vector_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """A store on each way memory vectors are ranked: SQLite with sqlite-vec (its vec0
    index), SQLite without it (the Python stand-in's exact scan), PostgreSQL without pgvector
    (the shared server: exact scan) and with it (HNSW)."""
    if request.param.startswith("sqlite"):
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        url = template.copy_to(tmp_path / "memoryd.db")
    else:
        name = "postgres_database" if request.param == "postgres" else "pgvector_database"
        database: PostgresDatabase | PgvectorDatabase = request.getfixturevalue(name)
        if database.error is not None:
            what = "PostgreSQL" if request.param == "postgres" else "PostgreSQL with pgvector"
            unavailable(what, database.error)
        await database.reset()
        url = database.url
    store = Store.from_url(url, sqlite_vec=request.param != "sqlite-python")
    yield store
    await store.close()
