"""The migrations build the schema ``daemon/store/tables.py`` declares (both backends), so
a column or index added to one and not the other is caught here, not in production; the
schema check agrees with alembic about the revisions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
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
from daemon.store.tables import metadata

# Full-text search lives outside the metadata (revision 0002): SQLite's FTS5 tables and
# PostgreSQL's generated column with its index.
_OUTSIDE = ("memories_fts", "search_vector", "ix_memories_search_vector")


def _declared(obj: Any, name: str | None, kind: str, reflected: bool, other: Any) -> bool:
    return not (name or "").startswith(_OUTSIDE)


def _differences(conn: Connection) -> list[Any]:
    context = MigrationContext.configure(conn, opts={"include_object": _declared})
    return list(compare_metadata(context, metadata))


@pytest.mark.filterwarnings("ignore:.*expression-based index")
async def test_the_migrations_build_the_declared_schema(runtime: Container) -> None:
    async with runtime.store.engine.connect() as conn:
        assert await conn.run_sync(_differences) == []


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
