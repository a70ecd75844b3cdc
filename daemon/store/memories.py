"""Memories and their history: scoped reads and guarded, recorded writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.extraction.guards import content_hash
from daemon.records import MemoryView
from daemon.scope import ScopeKey
from daemon.store.db import upsert
from daemon.store.tables import memories, memory_history

_VIEW_COLUMNS = (
    memories.c.id,
    memories.c.type,
    memories.c["class"],
    memories.c.title,
    memories.c.content,
    memories.c.pinned,
    memories.c.updated_at,
)


def visible(scope: ScopeKey) -> sa.ColumnElement[bool]:
    """Live memories a scope may see: the project's shared ones and the user's own."""
    users = [""] if not scope.user else ["", scope.user]
    return sa.and_(
        memories.c.tenant == scope.tenant,
        memories.c.project == scope.project,
        memories.c.user.in_(users),
        memories.c.deleted_at.is_(None),
    )


def _view(row: Any) -> MemoryView:
    return MemoryView(
        id=row.id,
        type=row.type,
        memory_class=row[2],
        title=row.title,
        content=row.content,
        pinned=row.pinned,
        updated_at=row.updated_at,
    )


async def manifest(conn: AsyncConnection, scope: ScopeKey, *, limit: int = 200) -> list[MemoryView]:
    rows = await conn.execute(
        sa.select(*_VIEW_COLUMNS)
        .where(visible(scope))
        .order_by(memories.c.pinned.desc(), memories.c.updated_at.desc())
        .limit(limit)
    )
    return [_view(row) for row in rows]


async def search(
    conn: AsyncConnection, scope: ScopeKey, query: str, *, limit: int = 10
) -> list[MemoryView]:
    """Memories whose title or content contains every word of the query."""
    words = [w for w in query.lower().split() if w][:8]
    conditions = [
        sa.or_(
            sa.func.lower(memories.c.title).contains(w, autoescape=True),
            sa.func.lower(memories.c.content).contains(w, autoescape=True),
        )
        for w in words
    ]
    rows = await conn.execute(
        sa.select(*_VIEW_COLUMNS)
        .where(visible(scope), *conditions)
        .order_by(memories.c.updated_at.desc())
        .limit(limit)
    )
    return [_view(row) for row in rows]


async def read(conn: AsyncConnection, scope: ScopeKey, memory_id: int) -> MemoryView | None:
    row = (
        await conn.execute(
            sa.select(*_VIEW_COLUMNS).where(visible(scope), memories.c.id == memory_id)
        )
    ).one_or_none()
    return None if row is None else _view(row)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Who made a change: actor is run, agent, operator or maintenance; ``source_user`` is
    the user whose session it came from (kept on shared memories too)."""

    actor: str
    actor_id: str | None = None
    session_id: str | None = None
    source_user: str | None = None
    turns: str | None = None
    run_id: int | None = None
    created_by: str = "extractor"


@dataclass(slots=True)
class WriteCounts:
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0
    created_ids: list[int] = field(default_factory=list)


def _snapshot(row: Any) -> dict[str, Any]:
    return {
        "type": row.type,
        "class": row._mapping["class"],
        "title": row.title,
        "content": row.content,
        "pinned": row.pinned,
    }


async def _history(
    conn: AsyncConnection,
    memory_id: int,
    scope: ScopeKey,
    action: str,
    prov: Provenance,
    now: datetime,
    *,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
    reason: str | None = None,
) -> None:
    await conn.execute(
        sa.insert(memory_history).values(
            memory_id=memory_id,
            **scope.columns(),
            action=action,
            actor=prov.actor,
            actor_id=prov.actor_id,
            reason=reason,
            old=old,
            new=new,
            at=now,
        )
    )


async def create(
    conn: AsyncConnection,
    scope: ScopeKey,
    *,
    type_: str,
    memory_class: str,
    title: str,
    content: str,
    prov: Provenance,
    now: datetime,
    expires_at: datetime | None = None,
) -> int | None:
    """Insert a memory; None when a live memory with the same normalized content exists."""
    digest = content_hash(type_, content)
    row = (
        await conn.execute(
            upsert(conn, memories)
            .values(
                **scope.columns(),
                type=type_,
                **{"class": memory_class},
                title=title,
                content=content,
                content_hash=digest,
                source_session=prov.session_id,
                source_user=prov.source_user,
                source_turns=prov.turns,
                source_run=prov.run_id,
                created_by=prov.created_by,
                created_at=now,
                updated_at=now,
                expires_at=expires_at,
            )
            .on_conflict_do_nothing()
            .returning(memories.c.id)
        )
    ).one_or_none()
    if row is None:
        return None
    new = {"type": type_, "class": memory_class, "title": title, "content": content}
    await _history(conn, row.id, scope, "create", prov, now, new=new)
    return int(row.id)


async def update(
    conn: AsyncConnection,
    scope: ScopeKey,
    memory_id: int,
    *,
    title: str,
    content: str,
    memory_class: str | None,
    prov: Provenance,
    now: datetime,
) -> bool:
    """Update a visible memory in place; False when it is not visible or nothing changed."""
    old = (
        await conn.execute(sa.select(memories).where(visible(scope), memories.c.id == memory_id))
    ).one_or_none()
    if old is None:
        return False
    new_class = memory_class or old._mapping["class"]
    if (old.title, old.content, old._mapping["class"]) == (title, content, new_class):
        return False
    digest = content_hash(old.type, content)
    clash = (
        await conn.execute(
            sa.select(memories.c.id).where(
                memories.c.tenant == old.tenant,
                memories.c.project == old.project,
                memories.c.user == old.user,
                memories.c.type == old.type,
                memories.c.content_hash == digest,
                memories.c.deleted_at.is_(None),
                memories.c.id != memory_id,
            )
        )
    ).first()
    if clash is not None:
        return False
    await conn.execute(
        sa.update(memories)
        .where(memories.c.id == memory_id)
        .values(
            title=title,
            content=content,
            content_hash=digest,
            **{"class": new_class},
            updated_at=now,
            source_session=prov.session_id,
            source_user=prov.source_user,
            source_turns=prov.turns,
            source_run=prov.run_id,
        )
    )
    new = {**_snapshot(old), "title": title, "content": content, "class": new_class}
    await _history(
        conn, memory_id, ScopeKey.from_row(old), "update", prov, now, old=_snapshot(old), new=new
    )
    return True


async def delete(
    conn: AsyncConnection,
    scope: ScopeKey,
    memory_id: int,
    *,
    reason: str,
    prov: Provenance,
    now: datetime,
) -> bool:
    """Tombstone a visible memory (restorable while the tombstone is kept)."""
    old = (
        await conn.execute(sa.select(memories).where(visible(scope), memories.c.id == memory_id))
    ).one_or_none()
    if old is None:
        return False
    await conn.execute(
        sa.update(memories)
        .where(memories.c.id == memory_id)
        .values(deleted_at=now, deleted_reason=reason, updated_at=now)
    )
    await _history(
        conn,
        memory_id,
        ScopeKey.from_row(old),
        "delete",
        prov,
        now,
        old=_snapshot(old),
        reason=reason,
    )
    return True
