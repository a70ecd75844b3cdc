"""The tables as declared: the migrations build exactly this schema (both backends), so a
column or index added to one and not the other is caught here, not in production; times are
stored as naive UTC and read back as aware UTC, and a naive time is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from daemon.app.container import Container
from daemon.base.errors import StoreError
from daemon.store.tables import UTCDateTime, metadata

# Full-text search lives outside the metadata (revisions 0002, 0016, 0024): SQLite's FTS5
# tables and scope postings, PostgreSQL's generated column with its index and its counts;
# so do PostgreSQL's marks of which transactions changed a project (revision 0025).
_OUTSIDE = (
    "memories_fts",
    "memory_terms",
    "memory_term_counts",
    "ix_memory_term_counts",
    "memory_changes",
    "ix_memory_changes",
    "ix_memory_terms",
    "search_vector",
    "ix_memories_search_vector",
)


def _declared(obj: Any, name: str | None, kind: str, reflected: bool, other: Any) -> bool:
    return not (name or "").startswith(_OUTSIDE)


def _differences(conn: Connection) -> list[Any]:
    context = MigrationContext.configure(conn, opts={"include_object": _declared})
    return list(compare_metadata(context, metadata))


@pytest.mark.filterwarnings("ignore:.*expression-based index")
@pytest.mark.filterwarnings("ignore:Did not recognize type 'xid8'")  # memory_changes.xid
async def test_the_migrations_build_the_declared_schema(runtime: Container) -> None:
    async with runtime.store.engine.connect() as conn:
        assert await conn.run_sync(_differences) == []


_TIMES = sa.Table(
    "times_probe",
    sa.MetaData(),
    sa.Column("k", sa.Integer, primary_key=True),
    sa.Column("at", UTCDateTime()),
)


async def test_times_go_in_as_utc_and_come_back_aware(
    runtime: Container, scratch_tables: list[str]
) -> None:
    scratch_tables.append("times_probe")
    paris = timezone(timedelta(hours=2))
    async with runtime.store.begin() as conn:
        await conn.run_sync(_TIMES.metadata.create_all)
        await conn.execute(
            sa.insert(_TIMES),
            [{"k": 1, "at": datetime(2026, 6, 1, 14, tzinfo=paris)}, {"k": 2, "at": None}],
        )
        stored = await conn.execute(
            sa.select(sa.cast(_TIMES.c.at, sa.String)).where(_TIMES.c.k == 1)
        )
        assert stored.scalar_one().startswith("2026-06-01 12:00:00")
        found = list((await conn.execute(sa.select(_TIMES.c.at).order_by(_TIMES.c.k))).scalars())
    assert found == [datetime(2026, 6, 1, 12, tzinfo=UTC), None]
    assert found[0].tzinfo is UTC


async def test_a_naive_time_is_refused(runtime: Container, scratch_tables: list[str]) -> None:
    scratch_tables.append("times_probe")
    async with runtime.store.begin() as conn:
        await conn.run_sync(_TIMES.metadata.create_all)
    with pytest.raises(StoreError, match="naive datetime given to the store"):
        async with runtime.store.begin() as conn:
            await conn.execute(sa.insert(_TIMES).values(k=3, at=datetime(2026, 6, 1)))
