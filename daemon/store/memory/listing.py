"""Memories as operators see them: across scopes, tombstones included, with their history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.memory import history
from daemon.store.tables import memories

#: The columns an operator's listing shows.
LISTED = (
    memories.c.id,
    memories.c.tenant,
    memories.c.project,
    memories.c.user,
    memories.c.type,
    memories.c["class"],
    memories.c.pinned,
    memories.c.title,
    memories.c.content,
    memories.c.created_by,
    memories.c.source_user,
    memories.c.review,
    memories.c.updated_at,
    memories.c.deleted_at,
)


@dataclass(frozen=True, slots=True)
class MemoryFilter:
    """``None`` matches anything; ``user=""`` means the project's shared memories only;
    ``source_user`` selects the memories written from that user's sessions (shared ones
    included)."""

    project: str | None = None
    user: str | None = None
    tenant: str | None = None
    type: str | None = None
    memory_class: str | None = None
    pinned: bool = False
    deleted: bool | None = False  # False: live only; True: tombstones only; None: both
    limit: int | None = 50
    source_user: str | None = None
    review: str | None = None  # "pending": the operators' review queue
    #: Only ids below this one, newest id first (a page of a keyset listing).
    below_id: int | None = None
    #: Order by id, newest first, rather than by the last change (pages that hold still).
    by_id: bool = False

    def conditions(self) -> list[sa.ColumnElement[bool]]:
        found: list[sa.ColumnElement[bool]] = []
        for column, value in (
            ("project", self.project),
            ("user", self.user),
            ("tenant", self.tenant),
            ("type", self.type),
            ("class", self.memory_class),
            ("source_user", self.source_user),
            ("review", self.review),
        ):
            if value is not None:
                found.append(memories.c[column] == value)
        if self.pinned:
            found.append(memories.c.pinned)
        if self.deleted is not None:
            deleted = memories.c.deleted_at.is_not(None)
            found.append(deleted if self.deleted else sa.not_(deleted))
        if self.below_id is not None:
            found.append(memories.c.id < self.below_id)
        return found


async def list_rows(conn: AsyncConnection, where: MemoryFilter) -> list[Any]:
    """The matching memories' :data:`LISTED` columns, newest first (by their last change,
    or by id with ``by_id``)."""
    query = sa.select(*LISTED).where(*where.conditions())
    if where.by_id:
        query = query.order_by(memories.c.id.desc())
    else:
        query = query.order_by(memories.c.updated_at.desc(), memories.c.id.desc())
    if where.limit is not None:
        query = query.limit(where.limit)
    return list(await conn.execute(query))


async def row_with_history(conn: AsyncConnection, memory_id: int) -> tuple[Any, list[Any]] | None:
    """Every column of a memory (live or tombstoned) and its history rows, oldest first."""
    row = (await conn.execute(sa.select(memories).where(memories.c.id == memory_id))).first()
    if row is None:
        return None
    return row, list(await conn.execute(history.of_memory(memory_id)))


async def export_batch(
    conn: AsyncConnection, where: MemoryFilter, *, after: int, limit: int
) -> list[Any]:
    """Up to ``limit`` matching memories with an id above ``after``, by id, every column but
    the derived ``content_hash`` (``integrity`` is read to check, never exported: an import
    signs what it places)."""
    columns = [c for c in memories.c if c.name != "content_hash"]
    result = await conn.execute(
        sa.select(*columns)
        .where(memories.c.id > after, *where.conditions())
        .order_by(memories.c.id)
        .limit(limit)
    )
    return list(result.all())
