"""Memories for operators: list, show with history, pin, unpin, forget, restore.

Operators name memories by id, across scopes. Every change is written to ``memory_history``
with the actor ``operator`` (and ``actor_id``, e.g. the operator's login, when given).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
import structlog
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.admin.rows import plain
from daemon.maintenance.tombstones import restore as restore_tombstone
from daemon.scope import ScopeKey
from daemon.store import memories as memory_store
from daemon.store.tables import memories, memory_history

log = structlog.get_logger("memoryd.admin")

ACTOR = "operator"

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

    def conditions(self) -> list[sa.ColumnElement[bool]]:
        found: list[sa.ColumnElement[bool]] = []
        for column, value in (
            ("project", self.project),
            ("user", self.user),
            ("tenant", self.tenant),
            ("type", self.type),
            ("class", self.memory_class),
            ("source_user", self.source_user),
        ):
            if value is not None:
                found.append(memories.c[column] == value)
        if self.pinned:
            found.append(memories.c.pinned)
        if self.deleted is not None:
            deleted = memories.c.deleted_at.is_not(None)
            found.append(deleted if self.deleted else sa.not_(deleted))
        return found


async def list_memories(conn: AsyncConnection, where: MemoryFilter) -> list[dict[str, Any]]:
    """Newest first."""
    query = sa.select(*LISTED).where(*where.conditions())
    query = query.order_by(memories.c.updated_at.desc(), memories.c.id.desc())
    if where.limit is not None:
        query = query.limit(where.limit)
    return [plain(row) for row in await conn.execute(query)]


async def show_memory(conn: AsyncConnection, memory_id: int) -> dict[str, Any] | None:
    """The memory (live or tombstoned) with its history, oldest change first."""
    row = (await conn.execute(sa.select(memories).where(memories.c.id == memory_id))).first()
    if row is None:
        return None
    found = plain(row)
    history = await conn.execute(
        sa.select(memory_history)
        .where(memory_history.c.memory_id == memory_id)
        .order_by(memory_history.c.id)
    )
    found["history"] = [plain(h) for h in history]
    return found


async def set_pinned(
    conn: AsyncConnection, memory_id: int, pinned: bool, now: datetime, *, who: str | None = None
) -> bool:
    """Pin (never expired, shown first) or unpin a live memory; False when it is not live or
    already so."""
    row = (
        await conn.execute(
            sa.select(memories).where(memories.c.id == memory_id, memories.c.deleted_at.is_(None))
        )
    ).first()
    if row is None or bool(row.pinned) == pinned:
        return False
    await conn.execute(sa.update(memories).where(memories.c.id == memory_id).values(pinned=pinned))
    await conn.execute(
        sa.insert(memory_history).values(
            memory_id=memory_id,
            **ScopeKey.from_row(row).columns(),
            action="pin" if pinned else "unpin",
            actor=ACTOR,
            actor_id=who,
            old={"pinned": bool(row.pinned)},
            new={"pinned": pinned},
            at=now,
        )
    )
    log.info("memory.pinned" if pinned else "memory.unpinned", memory_id=memory_id)
    return True


async def forget(
    conn: AsyncConnection, memory_id: int, now: datetime, *, reason: str, who: str | None = None
) -> bool:
    """Tombstone a live memory (restorable while the tombstone is kept)."""
    row = (
        await conn.execute(
            sa.select(memories.c.tenant, memories.c.project, memories.c.user).where(
                memories.c.id == memory_id
            )
        )
    ).first()
    if row is None:
        return False
    prov = memory_store.Provenance(actor=ACTOR, actor_id=who)
    done = await memory_store.delete(
        conn, ScopeKey.from_row(row), memory_id, reason=reason, prov=prov, now=now
    )
    if done:
        log.info("memory.forgotten", memory_id=memory_id)
    return done


async def restore(
    conn: AsyncConnection, memory_id: int, now: datetime, *, who: str | None = None
) -> bool:
    """Bring a tombstoned memory back with its id (raises ``MemoryRefused`` when a live
    duplicate exists)."""
    done = await restore_tombstone(conn, memory_id, actor=ACTOR, now=now, actor_id=who)
    if done:
        log.info("memory.restored", memory_id=memory_id)
    return done
