"""Revision 0021 gives memories and their versions a metadata column, on SQLite and on
PostgreSQL: a store populated at 0020 keeps its memories and versions (with no metadata),
and afterwards metadata is written, read back as JSON and filtered by a key's value as text
inside the scope."""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from daemon.gate.hashing import content_hash
from daemon.store.engine import upgrade
from daemon.store.memory.filters import metadata_conditions
from daemon.store.tables import memories, memory_versions
from tests.store.test_migration_0011 import fresh  # noqa: F401 - the fixture of both backends

AT = datetime(2026, 11, 20, 12)
AWARE = AT.replace(tzinfo=UTC)


def _memory(tenant: str, content: str) -> dict[str, object]:
    return {
        "tenant": tenant, "project": "p", "user": "", "type": "project", "class": "durable",
        "pinned": False, "title": "Note", "content": content,
        "content_hash": content_hash("project", content), "created_by": "test",
        "created_at": AT, "updated_at": AT,
    }  # fmt: skip


async def test_a_populated_store_gets_metadata_on_memories_and_versions(
    fresh: AsyncEngine,  # noqa: F811 - the fixture imported above
) -> None:
    await upgrade(fresh, "0020")
    old = sa.table("memories", *(sa.column(c) for c in _memory("ana", "x")), sa.column("id"))
    async with fresh.begin() as conn:
        await conn.execute(
            sa.insert(old), [_memory("ana", "Kestrel deploys."), _memory("bob", "Kestrel logs.")]
        )
    await upgrade(fresh, "0021")
    async with fresh.begin() as conn:
        kept = (
            await conn.execute(
                sa.select(memories.c.content, memories.c["metadata"]).order_by(memories.c.id)
            )
        ).all()
        assert [tuple(row) for row in kept] == [("Kestrel deploys.", None), ("Kestrel logs.", None)]
        for tenant in ("ana", "bob"):
            await conn.execute(
                sa.update(memories)
                .where(memories.c.tenant == tenant)
                .values(metadata={"ticket": "OPS-1", "n": 3, "done": True})
            )
        await conn.execute(
            sa.insert(memory_versions).values(
                memory_id=1, tenant="ana", project="p", user="", type="project",
                **{"class": "durable"}, title="Note", content="Kestrel deployed.",
                created_by="test", created_at=AWARE, valid_from=AWARE, valid_to=AWARE,
                action="update", actor="agent", metadata={"ticket": "OPS-0"},
            )
        )  # fmt: skip
        version = (await conn.execute(sa.select(memory_versions.c["metadata"]))).scalar_one()
        assert version == {"ticket": "OPS-0"}
        for pairs, found in (
            ((("ticket", "OPS-1"),), ["ana"]),
            ((("n", "3"), ("done", "true")), ["ana"]),
            ((("ticket", "OPS-2"),), []),
            ((("missing", "x"),), []),
        ):
            rows = await conn.execute(
                sa.select(memories.c.tenant).where(
                    memories.c.tenant == "ana", *metadata_conditions(memories, pairs)
                )
            )
            assert [row.tenant for row in rows] == found, pairs
