"""Reads of memories besides search: one memory, a scope's listing, the manifest's rows, a
session's memories.

The manifest's rows are what both recall's manifest and the extraction agent's show: every
memory visible in a scope, pinned first, then priority, durable and working ones, newest
first within each, at most :data:`MANIFEST_LINES` lines and :data:`MANIFEST_BYTES` bytes.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.kinds import MEMORY_CLASSES, MEMORY_TYPES
from daemon.store.db import sealer_of
from daemon.store.memory.by_section import Section, candidates
from daemon.store.memory.filters import MetadataPairs, metadata_conditions
from daemon.store.memory.record import COLUMNS, Memory, from_row, intact, visible
from daemon.store.tables import memories

MANIFEST_LINES = 200
MANIFEST_BYTES = 25_000
_CLASS_ORDER = {c: i for i, c in enumerate(MEMORY_CLASSES)}
_LAYOUT = tuple(Section(c, c, MEMORY_TYPES) for c in MEMORY_CLASSES)


async def read(conn: AsyncConnection, scope: ScopeKey, memory_id: int) -> Memory | None:
    """The memory ``memory_id`` if it is live and visible in ``scope``."""
    row = (
        await conn.execute(sa.select(*COLUMNS).where(visible(scope), memories.c.id == memory_id))
    ).one_or_none()
    return None if row is None or not intact(sealer_of(conn), row) else from_row(row)


@dataclass(frozen=True, slots=True)
class Narrowing:
    """What a listing keeps besides its scope, types and classes: times as bounds
    (``after`` exclusive, ``before`` exclusive), the session a memory came from, and its
    author (the user whose session or key wrote it, or the memory's own user), and the
    metadata it holds (each key's value, as text). ``None`` (or no pair) keeps anything."""

    created_after: datetime | None = None
    created_before: datetime | None = None
    updated_after: datetime | None = None
    updated_before: datetime | None = None
    session: str | None = None
    author: str | None = None
    metadata: MetadataPairs = ()

    def conditions(self) -> list[sa.ColumnElement[bool]]:
        found: list[sa.ColumnElement[bool]] = []
        if self.created_after is not None:
            found.append(memories.c.created_at > self.created_after)
        if self.created_before is not None:
            found.append(memories.c.created_at < self.created_before)
        if self.updated_after is not None:
            found.append(memories.c.updated_at > self.updated_after)
        if self.updated_before is not None:
            found.append(memories.c.updated_at < self.updated_before)
        if self.session is not None:
            found.append(memories.c.source_session == self.session)
        if self.author is not None:
            written_by = sa.func.coalesce(memories.c.source_user, memories.c.user)
            found.append(written_by == self.author)
        found += metadata_conditions(memories, self.metadata)
        return found


#: Where a page of :func:`listed` ends: the last memory's ``pinned`` (1 or 0) and id.
Position = tuple[int, int]


async def listed(
    conn: AsyncConnection,
    scope: ScopeKey,
    *,
    types: Collection[str] = (),
    classes: Collection[str] = (),
    limit: int = 50,
    narrowing: Narrowing = Narrowing(),
    after: Position | None = None,
) -> list[Memory]:
    """The memories visible in ``scope`` of these types and classes (any when empty),
    pinned first, then the most recently created first (by id: an update does not move a
    memory, so pages hold still); with ``after``, the ones past that position. What the
    main agent's ``memory_list`` shows."""
    conditions = [visible(scope), *narrowing.conditions()]
    if types:
        conditions.append(memories.c.type.in_(sorted(types)))
    if classes:
        conditions.append(memories.c["class"].in_(sorted(classes)))
    if after is not None:
        pinned, last = bool(after[0]), after[1]
        past_id = sa.and_(memories.c.pinned == sa.true(), memories.c.id < last)
        if pinned:
            conditions.append(sa.or_(past_id, memories.c.pinned == sa.false()))
        else:
            conditions.append(sa.and_(memories.c.pinned == sa.false(), memories.c.id < last))
    rows = await conn.execute(
        sa.select(*COLUMNS)
        .where(*conditions)
        .order_by(memories.c.pinned.desc(), memories.c.id.desc())
        .limit(limit)
    )
    sealer = sealer_of(conn)
    return [from_row(row) for row in rows if intact(sealer, row)]


async def manifest_rows(
    conn: AsyncConnection, scope: ScopeKey, limit: int = MANIFEST_LINES + 1
) -> list[Memory]:
    """The first ``limit`` memories of the scope's manifest, in its order."""
    # Each class's newest memories (pinned first) read along the recall index, then merged:
    # sorting every memory of a large scope by an expression would read them all.
    groups = await candidates(conn, scope, _LAYOUT, limit)
    fetched = sorted(
        (m for group in groups for m in group),
        key=lambda m: (
            not m.pinned,
            _CLASS_ORDER[m.memory_class],
            -m.updated_at.timestamp(),
            -m.id,
        ),
    )
    return fetched[:limit]


async def count_visible(conn: AsyncConnection, scope: ScopeKey) -> int:
    """How many memories are visible in ``scope``."""
    result = await conn.execute(
        sa.select(sa.func.count()).select_from(memories).where(visible(scope))
    )
    return int(result.scalar_one())


async def count_all(conn: AsyncConnection) -> int:
    """How many memories the store holds, of every scope, tombstones included."""
    return int((await conn.execute(sa.select(sa.func.count()).select_from(memories))).scalar_one())


async def of_session(conn: AsyncConnection, session_id: str, *, tenant: str) -> list[Memory]:
    """The memories last written from ``tenant``'s session (tombstones too), oldest first."""
    rows = await conn.execute(
        sa.select(*COLUMNS)
        .where(memories.c.tenant == tenant, memories.c.source_session == session_id)
        .order_by(memories.c.id)
    )
    sealer = sealer_of(conn)
    return [from_row(row) for row in rows if intact(sealer, row)]


async def decisions_of_session(
    conn: AsyncConnection, session_id: str, *, tenant: str, limit: int = 20
) -> list[Memory]:
    """The live decisions last written from ``tenant``'s session (not held for review nor
    rejected), oldest first, the ``limit`` most recent."""
    rows = await conn.execute(
        sa.select(*COLUMNS)
        .where(
            memories.c.tenant == tenant,
            memories.c.source_session == session_id,
            memories.c.type == "decision",
            memories.c.deleted_at.is_(None),
            memories.c.review.in_(("none", "approved")),
        )
        .order_by(memories.c.id.desc())
        .limit(max(1, limit))
    )
    sealer = sealer_of(conn)
    return [from_row(row) for row in reversed(list(rows)) if intact(sealer, row)]
