"""The memory tools' one way into the memories table: reads and guarded, recorded writes.

Every query and write of :mod:`daemon.tools.memory` on memories goes through these
functions, which call the store's memory module; when memories get their one owner, this
is the only module to point at it.
"""

from __future__ import annotations

from collections.abc import Collection

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.extraction.guards import content_hash
from daemon.records import MemoryView
from daemon.scope import ScopeKey
from daemon.store import memories as memory_store
from daemon.store.memories import Provenance
from daemon.store.tables import memories

__all__ = ["Provenance", "create", "delete", "duplicate_of", "listed", "read", "update"]

create = memory_store.create
update = memory_store.update
delete = memory_store.delete
read = memory_store.read


async def duplicate_of(
    conn: AsyncConnection, scope: ScopeKey, type_: str, content: str
) -> int | None:
    """The id of the live memory of ``scope`` (exactly) and type holding this content."""
    found = await conn.execute(
        sa.select(memories.c.id)
        .where(
            *(memories.c[name] == value for name, value in scope.columns().items()),
            memories.c.type == type_,
            memories.c.content_hash == content_hash(type_, content),
            memories.c.deleted_at.is_(None),
        )
        .limit(1)
    )
    value = found.scalar_one_or_none()
    return None if value is None else int(value)


async def listed(
    conn: AsyncConnection,
    scope: ScopeKey,
    *,
    types: Collection[str] = (),
    classes: Collection[str] = (),
    limit: int,
) -> list[MemoryView]:
    """The memories visible in ``scope`` of these types and classes (any when empty),
    pinned first, then newest first."""
    conditions = [memory_store.visible(scope)]
    if types:
        conditions.append(memories.c.type.in_(sorted(types)))
    if classes:
        conditions.append(memories.c["class"].in_(sorted(classes)))
    rows = await conn.execute(
        sa.select(
            memories.c.id,
            memories.c.type,
            memories.c["class"],
            memories.c.title,
            memories.c.content,
            memories.c.pinned,
            memories.c.updated_at,
        )
        .where(*conditions)
        .order_by(memories.c.pinned.desc(), memories.c.updated_at.desc(), memories.c.id.desc())
        .limit(limit)
    )
    return [
        MemoryView(
            id=int(row.id),
            type=row.type,
            memory_class=row._mapping["class"],
            title=row.title,
            content=row.content,
            pinned=bool(row.pinned),
            updated_at=row.updated_at,
        )
        for row in rows
    ]
