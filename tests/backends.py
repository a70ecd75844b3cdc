"""Test backends: fakeredis and SQLite for speed, the real Redis and PostgreSQL for truth.

Real servers are found at MEMORYD_TEST_REDIS_URL (default redis://127.0.0.1:6379/15) and
MEMORYD_TEST_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/test). When one is
absent its tests are skipped with a clear reason, except under CI=true where they fail.
Each run uses a private Redis key prefix per test and a private PostgreSQL database per run,
so parallel runs cannot collide.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from daemon.base.settings import normalize_database_url
from daemon.store.engine import make_engine, upgrade
from daemon.store.tables import metadata

REDIS_URL = os.environ.get("MEMORYD_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
POSTGRES_URL = normalize_database_url(
    os.environ.get("MEMORYD_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
)
RUN_ID = uuid.uuid4().hex[:10]

#: The real-backend parameter of the ``backend`` fixture.
REAL = pytest.param("real", marks=[pytest.mark.redis, pytest.mark.postgres])
#: For tests that only make sense across processes: ``pytestmark = REAL_ONLY``.
REAL_ONLY = pytest.mark.parametrize("backend", [REAL], indirect=True)


def run_blocking(coro_fn: Any) -> None:
    """Run a coroutine function to completion on its own loop in a thread (session fixtures
    may be first requested from inside a running test loop)."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coro_fn())
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def required() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def unavailable(what: str, error: BaseException) -> None:
    """Skip (or, under CI, fail) a test whose real backend is not there."""
    message = f"{what} is not reachable ({type(error).__name__}: {error}); "
    if required():
        pytest.fail(message + "CI=true requires it", pytrace=False)
    pytest.skip(message + "skipped (start it, or run ./dev services)")


def redis_reachable() -> BaseException | None:
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except Exception as exc:
        return exc
    finally:
        client.close()
    return None


class PostgresDatabase:
    """A private database for this test run, migrated once, truncated per test."""

    def __init__(self) -> None:
        self.name = f"memoryd_test_{RUN_ID}"
        base = sa.engine.make_url(POSTGRES_URL)
        self.admin_url = base.render_as_string(hide_password=False)
        self.url = base.set(database=self.name).render_as_string(hide_password=False)
        self.error: BaseException | None = None

    def create(self) -> None:
        async def run() -> None:
            admin = create_async_engine(self.admin_url, isolation_level="AUTOCOMMIT")
            try:
                async with admin.connect() as conn:
                    await conn.execute(sa.text(f'CREATE DATABASE "{self.name}"'))
            finally:
                await admin.dispose()
            engine = make_engine(self.url)
            try:
                await upgrade(engine)
            finally:
                await engine.dispose()

        try:
            run_blocking(run)
        except Exception as exc:
            self.error = exc

    def drop(self) -> None:
        async def run() -> None:
            admin = create_async_engine(self.admin_url, isolation_level="AUTOCOMMIT")
            try:
                async with admin.connect() as conn:
                    await conn.execute(
                        sa.text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
                    )
            finally:
                await admin.dispose()

        if self.error is None:
            run_blocking(run)

    async def reset(self) -> None:
        engine = create_async_engine(self.url)
        try:
            async with engine.begin() as conn:
                names = ", ".join(f'"{t.name}"' for t in metadata.sorted_tables)
                await conn.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY"))
        finally:
            await engine.dispose()


class SqliteTemplate:
    """A migrated SQLite file copied for every test (cheaper than migrating each time)."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / "template.db"

    def create(self) -> None:
        async def run() -> None:
            engine = make_engine(f"sqlite+aiosqlite:///{self.path}")
            try:
                await upgrade(engine)
            finally:
                await engine.dispose()

        run_blocking(run)

    def copy_to(self, target: Path) -> str:
        shutil.copyfile(self.path, target)
        return f"sqlite+aiosqlite:///{target}"
