"""The migrations build the schema ``daemon/store/tables.py`` declares (both backends), so
a column or index added to one and not the other is caught here, not in production."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from daemon.runtime import Runtime
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
async def test_the_migrations_build_the_declared_schema(runtime: Runtime) -> None:
    async with runtime.store.engine.connect() as conn:
        assert await conn.run_sync(_differences) == []
