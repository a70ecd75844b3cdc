"""Engines and the schema check: SQLite's engine gets WAL, NORMAL sync and a busy timeout;
the schema check agrees with alembic about the revisions and refuses a store that is not at
the head one."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from daemon.app.container import Container
from daemon.base.errors import SchemaOutOfDate
from daemon.store.engine import (
    alembic_config,
    check_schema,
    current_revision,
    head_revision,
    make_engine,
    upgrade,
)


def _alembic_current(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


async def test_the_schema_check_reads_the_revisions_alembic_reads(
    runtime: Container, tmp_path: Path
) -> None:
    """The schema check runs without importing alembic (it reads the version table and the
    scripts' revision lines itself): it must agree with alembic, and refuse an empty store."""
    scripts = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert head_revision() == scripts.get_current_head()
    async with runtime.store.engine.connect() as conn:
        assert await current_revision(runtime.store.engine) == await conn.run_sync(_alembic_current)
    await check_schema(runtime.store.engine)
    empty = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}")
    try:
        assert await current_revision(empty) is None
        with pytest.raises(SchemaOutOfDate, match="the database is empty"):
            await check_schema(empty)
        await upgrade(empty, "0001")
        assert await current_revision(empty) == "0001"
        with pytest.raises(SchemaOutOfDate, match="is at 0001"):
            await check_schema(empty)
    finally:
        await empty.dispose()


async def test_sqlite_gets_wal_normal_sync_and_a_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'deep' / 'er' / 'store.db'}")
    try:
        async with engine.connect() as conn:
            pragmas = [
                (await conn.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "synchronous", "busy_timeout")
            ]
        assert pragmas == ["wal", 1, 30000]  # synchronous 1: NORMAL
        assert (tmp_path / "deep" / "er" / "store.db").is_file()  # its folder was made
    finally:
        await engine.dispose()
