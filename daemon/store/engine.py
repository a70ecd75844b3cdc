"""Engines, the schema check and migrations."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from daemon.errors import SchemaOutOfDate

MIGRATIONS = Path(__file__).parent / "migrations"


def make_engine(url: str, *, pool_size: int = 10) -> AsyncEngine:
    """An async engine; SQLite gets WAL, a busy timeout and foreign keys."""
    if url.startswith("sqlite"):
        path = url.partition(":///")[2]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, connect_args={"timeout": 30})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def head_revision() -> str:
    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    head = script.get_current_head()
    assert head is not None
    return head


def _current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


@contextmanager
def _bound(config: Config, connection: Connection) -> Iterator[Config]:
    config.attributes["connection"] = connection
    try:
        yield config
    finally:
        config.attributes.pop("connection", None)


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Migrate the database to ``revision`` (``memoryd db upgrade``)."""

    def run(connection: Connection) -> None:
        with _bound(alembic_config(str(engine.url)), connection) as config:
            command.upgrade(config, revision)

    async with engine.begin() as connection:
        await connection.run_sync(run)


async def current_revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as connection:
        return await connection.run_sync(_current_revision)


async def check_schema(engine: AsyncEngine) -> None:
    """Refuse to run on a schema that is not at the head revision."""
    try:
        current = await current_revision(engine)
    except sa.exc.OperationalError as exc:
        raise SchemaOutOfDate(
            f"cannot read the schema version of {engine.url.render_as_string()}: {exc.orig}"
        ) from exc
    head = head_revision()
    if current != head:
        state = "empty" if current is None else f"at {current}"
        raise SchemaOutOfDate(
            f"the database is {state}, this memoryd needs {head}: run `memoryd db upgrade`"
        )
