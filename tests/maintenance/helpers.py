"""Building memory stores for the maintenance tests: rows written directly, at given times."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from daemon.app.container import Container
from daemon.base.errors import StoreRefused
from daemon.gate.hashing import content_hash
from daemon.store.db import Store
from daemon.store.tables import memories, memory_history

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
_UNIQUE = (
    'CREATE UNIQUE INDEX uq_memories_live_hash ON memories (tenant, project, "user", type, '
    "content_hash) WHERE deleted_at IS NULL"
)
_PLAIN = (
    'CREATE INDEX ix_test_live_hash ON memories (tenant, project, "user", type, content_hash) '
    "WHERE deleted_at IS NULL"
)


def row(content: str, **fields: Any) -> dict[str, Any]:
    """A memory's columns as of ``created_at`` (default T0 - 1 day), no integrity tag."""
    created = fields.pop("created_at", T0 - DAY)
    type_ = fields.pop("type", "project")
    values: dict[str, Any] = {
        "tenant": "",
        "project": "p1",
        "user": "",
        "type": type_,
        "class": "durable",
        "pinned": False,
        "title": content[:40],
        "content": content,
        "content_hash": content_hash(type_, content),
        "created_by": "test",
        "created_at": created,
        "updated_at": created,
    }
    values.update(fields)
    return values


async def add(store: Store, content: str, **fields: Any) -> int:
    """Insert a memory as of ``created_at`` (default T0 - 1 day); returns its id."""
    values = row(content, **fields)
    values.setdefault("integrity", store.sealer.tag_of(values))
    async with store.begin() as conn:
        made = await conn.execute(sa.insert(memories).values(**values).returning(memories.c.id))
        return int(made.scalar_one())


async def memory(store: Store, memory_id: int) -> Any:
    async with store.connect() as conn:
        return (await conn.execute(sa.select(memories).where(memories.c.id == memory_id))).one()


async def live_ids(store: Store) -> set[int]:
    async with store.connect() as conn:
        rows = await conn.execute(sa.select(memories.c.id).where(memories.c.deleted_at.is_(None)))
        return set(rows.scalars())


async def history(store: Store, memory_id: int | None = None) -> list[Any]:
    query = sa.select(memory_history).order_by(memory_history.c.id)
    if memory_id is not None:
        query = query.where(memory_history.c.memory_id == memory_id)
    async with store.connect() as conn:
        return list((await conn.execute(query)).all())


@asynccontextmanager
async def duplicates_allowed(rt: Container) -> AsyncIterator[None]:
    """A store without the live-hash unique index (as an imported dump may be), for the body;
    the unique index is created again afterwards, which succeeds only without duplicates."""
    async with rt.store.begin() as conn:
        await conn.execute(sa.text("DROP INDEX uq_memories_live_hash"))
        await conn.execute(sa.text(_PLAIN))
    try:
        yield
    finally:
        async with rt.store.begin() as conn:
            await conn.execute(sa.text("DROP INDEX ix_test_live_hash"))
        try:
            async with rt.store.begin() as conn:
                await conn.execute(sa.text(_UNIQUE))
        except StoreRefused:
            async with rt.store.begin() as conn:  # leave the shared database usable
                await conn.execute(sa.delete(memory_history))
                await conn.execute(sa.delete(memories))
                await conn.execute(sa.text(_UNIQUE))
            raise
