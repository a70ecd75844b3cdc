"""Revision 0025 gives PostgreSQL its marks of which transactions changed a project's
memories: a store populated at 0024 upgrades (with no row: no reader kept anything before),
later writes are marked by the triggers (a surfacing time is not), and a downgrade removes
the table, its triggers and functions, writes working as before; SQLite's schema is left as
it was."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from daemon.store.engine import upgrade
from tests.store.test_migration_0011 import fresh  # noqa: F401 - the fixture of both backends
from tests.store.test_migration_0024 import AT, _downgrade, _memory

_MARKS = "SELECT tenant, project FROM memory_changes ORDER BY tenant, project"


async def test_the_marks_upgrade_and_downgrade(fresh: AsyncEngine) -> None:  # noqa: F811
    await upgrade(fresh, "0024")
    old = sa.table("memories", *(sa.column(c) for c in _memory("ana", "x")))
    async with fresh.begin() as conn:
        await conn.execute(sa.insert(old), [_memory("ana", "Before."), _memory("bob", "Too.")])
    await upgrade(fresh, "0025")
    async with fresh.begin() as conn:
        if conn.dialect.name != "postgresql":
            assert not await conn.run_sync(_has_marks)
            return
        assert (await conn.execute(sa.text(_MARKS))).all() == []
    async with fresh.begin() as conn:
        await conn.execute(sa.insert(old), [_memory("ana", "After."), _memory("ana", "Again.")])
    async with fresh.begin() as conn:
        await conn.execute(sa.text("UPDATE memories SET last_surfaced_at = :at"), {"at": AT})
    async with fresh.begin() as conn:
        await conn.execute(sa.text("UPDATE memories SET pinned = true WHERE tenant = 'bob'"))
    async with fresh.begin() as conn:
        assert (await conn.execute(sa.text(_MARKS))).all() == [("ana", "p"), ("bob", "p")]
    await _downgrade(fresh, "0024")
    async with fresh.begin() as conn:
        assert not await conn.run_sync(_has_marks)
        functions = await conn.execute(
            sa.text("SELECT count(*) FROM pg_proc WHERE proname LIKE 'memory_changes%'")
        )
        assert functions.scalar_one() == 0
        await conn.execute(sa.insert(old), [_memory("bob", "After the downgrade.")])
        await conn.execute(sa.text("UPDATE memories SET pinned = false"))
        await conn.execute(sa.text("DELETE FROM memories WHERE tenant = 'bob'"))
    await upgrade(fresh, "0025")  # and up again


def _has_marks(connection: Connection) -> bool:
    return sa.inspect(connection).has_table("memory_changes")
