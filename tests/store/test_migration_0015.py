"""Revision 0015 gives every existing memory ``valid_from`` = its ``created_at`` (on SQLite
and PostgreSQL), and adds the empty ``memory_versions`` table."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from daemon.store.engine import upgrade
from tests.store.test_migration_0011 import fresh

__all__ = ["fresh"]

CREATED = datetime(2026, 9, 1, 8, 30)
UPDATED = datetime(2026, 10, 1, 8, 30)


async def test_existing_memories_are_true_since_they_were_created(fresh: AsyncEngine) -> None:
    await upgrade(fresh, "0014")
    columns = (
        "tenant", "project", "user", "type", "class", "title", "content", "content_hash",
        "created_by", "created_at", "updated_at",
    )  # fmt: skip
    table = sa.table("memories", *(sa.column(c) for c in columns))
    async with fresh.begin() as conn:
        await conn.execute(
            sa.insert(table),
            [
                {"tenant": "acme", "project": "ingest", "user": "", "type": "project",
                 "class": "durable", "title": f"T{i}", "content": f"Fact {i}.",
                 "content_hash": f"h{i}", "created_by": "test",
                 "created_at": CREATED.replace(day=i + 1), "updated_at": UPDATED}
                for i in range(3)
            ],
        )  # fmt: skip
    await upgrade(fresh, "0015")
    async with fresh.connect() as conn:
        rows = (await conn.execute(sa.text("SELECT created_at, valid_from FROM memories"))).all()
        versions = (await conn.execute(sa.text("SELECT count(*) FROM memory_versions"))).scalar()
    assert len(rows) == 3
    assert all(row.valid_from == row.created_at for row in rows)
    assert versions == 0
    await upgrade(fresh, "0015")  # at head: nothing to do
