"""Superseded versions: what a memory said before a write replaced it. The one writer of
``memory_versions``.

A memory's row holds what it says now, true since ``valid_from`` (and, for a tombstone,
until ``deleted_at``). When a write replaces its content (an update by the extractor, the
main agent or an operator; a restore after a removal) the row as it was becomes a version
here: true over ``[valid_from, valid_to)``, ``superseded_by`` the memory that replaced it
(itself for an update in place), with who (``actor``, ``actor_id``), why (``reason``) and the
memory's integrity tag, which every reader verifies. Recall never reads this table; only
``as_of`` reads (:mod:`.as_of`) and the timeline do, so supersession costs a write one
insert and recall nothing.

A tombstone purged by consolidation within the version window becomes a version too (it is
then the only record of when its fact stopped being true); versions that stopped being true
longer ago than the window go (:func:`prune`). An erasure takes its scope's versions with
its memories (:func:`erase`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.gate.kinds import Action, Actor, Review
from daemon.store.db import sealer_of
from daemon.store.memory.history import Provenance
from daemon.store.memory.record import intact
from daemon.store.tables import UTCDateTime, memories, memory_versions

#: The columns a version copies from its memory's row.
COPIED = (
    "tenant", "project", "user", "type", "class", "pinned", "title", "content", "created_by",
    "source_user", "source_session", "source_key", "review", "created_at", "integrity",
    "metadata",
)  # fmt: skip

#: The columns an export line of a version holds (every column but the row's own id).
EXPORTED = tuple(c.name for c in memory_versions.c if c.name != "id")
#: The reason of a merge's tombstone (:mod:`.merge`), which names the memory it went into.
_MERGED = "duplicate of #"


def began(row: Any) -> datetime:
    """Since when a memory row says what it says (``valid_from``; ``created_at`` before
    revision 0015 set it)."""
    mapping = row._mapping
    return mapping["valid_from"] or mapping["created_at"]  # type: ignore[no-any-return]


async def supersede(
    conn: AsyncConnection,
    old: Any,
    *,
    replaced_by: int | None,
    action: Action,
    prov: Provenance,
    now: datetime,
    until: datetime | None = None,
    reason: str | None = None,
) -> None:
    """Keep the memory row ``old`` (every column, as read before the write) as a version
    true from its ``valid_from`` until ``until`` (``now`` by default), replaced by the
    memory ``replaced_by``."""
    mapping = old._mapping
    await conn.execute(
        sa.insert(memory_versions).values(
            memory_id=int(mapping["id"]),
            **{name: mapping[name] for name in COPIED},
            valid_from=began(old),
            valid_to=until or now,
            superseded_by=replaced_by,
            action=str(action),
            actor=str(prov.actor),
            actor_id=prov.actor_id,
            reason=reason,
        )
    )


def timeline(memory_id: int) -> sa.Select[Any]:
    """A memory's versions, oldest first."""
    v = memory_versions.c
    return (
        sa.select(memory_versions)
        .where(v.memory_id == memory_id)
        .order_by(v.valid_from, v.valid_to, v.id)
    )


def true_at(at: datetime, tenant: str, project: str, users: Sequence[str]) -> sa.Select[Any]:
    """The versions of a scope that were true at ``at``."""
    v = memory_versions.c
    return sa.select(memory_versions).where(
        v.tenant == tenant,
        v.project == project,
        v.user.in_(list(users)),
        v.valid_from <= at,
        v.valid_to > at,
    )


async def keep_purged(
    conn: AsyncConnection, doomed: sa.Select[Any], *, since: datetime, now: datetime
) -> int:
    """Before tombstones are purged: keep as versions those (of the memory ids ``doomed``
    selects) removed since ``since``, each true until its removal (one ``replaced_by``
    another memory, or a merge's, replaced by the memory it went into); returns how many."""
    m = memories.c
    merged_into = sa.case(
        (m.replaced_by.is_not(None), m.replaced_by),
        (
            m.deleted_reason.startswith(_MERGED),
            sa.cast(sa.func.substr(m.deleted_reason, len(_MERGED) + 1), memory_versions.c.id.type),
        ),
        else_=sa.null(),
    )
    source = sa.select(
        m.id,
        *(m[name] for name in COPIED),
        sa.func.coalesce(m.valid_from, m.created_at),
        m.deleted_at,
        merged_into,
        sa.literal(str(Action.PURGE)),
        sa.literal(str(Actor.MAINTENANCE)),
        sa.literal(None, sa.String()),
        m.deleted_reason,
    ).where(m.id.in_(doomed), m.deleted_at.is_not(None), m.deleted_at >= since)
    names = [
        "memory_id", *COPIED, "valid_from", "valid_to", "superseded_by", "action", "actor",
        "actor_id", "reason",
    ]  # fmt: skip
    result = await conn.execute(sa.insert(memory_versions).from_select(names, source))
    return int(result.rowcount)


async def prune(conn: AsyncConnection, *, now: datetime, keep: timedelta, limit: int) -> int:
    """Delete up to ``limit`` versions that stopped being true longer than ``keep`` ago
    (oldest first); returns how many."""
    v = memory_versions.c
    old = (
        sa.select(v.id)
        .where(v.valid_to < sa.literal(now - keep, UTCDateTime()))
        .order_by(v.valid_to, v.id)
        .limit(limit)
    )
    result = await conn.execute(sa.delete(memory_versions).where(v.id.in_(old.scalar_subquery())))
    return int(result.rowcount)


async def erase(conn: AsyncConnection, where: Callable[[sa.Table], sa.ColumnElement[bool]]) -> int:
    """Delete the versions ``where`` selects (an erased scope's); returns how many."""
    result = await conn.execute(sa.delete(memory_versions).where(where(memory_versions)))
    return int(result.rowcount)


async def unlink_sessions(conn: AsyncConnection, session_ids: Sequence[tuple[str, str]]) -> None:
    """Versions written from these (tenant, session) pairs lose that provenance; the ones
    held for review go (as their memories do)."""
    v = memory_versions.c
    chosen = sa.tuple_(v.tenant, v.source_session).in_(list(session_ids))
    await conn.execute(sa.delete(memory_versions).where(chosen, v.review == Review.PENDING.value))
    await conn.execute(
        sa.update(memory_versions).where(chosen).values(source_session=None, source_user=None)
    )


async def versions_of(conn: AsyncConnection, memory_ids: Sequence[int]) -> dict[int, list[Any]]:
    """The versions of these memories whose integrity holds, oldest first, by memory id
    (exports: one that does not hold is left out and logged)."""
    if not memory_ids:
        return {}
    v = memory_versions.c
    rows = await conn.execute(
        sa.select(memory_versions)
        .where(v.memory_id.in_(list(memory_ids)))
        .order_by(v.memory_id, v.valid_from, v.id)
    )
    sealer = sealer_of(conn)
    found: dict[int, list[Any]] = {}
    for row in rows:
        if intact(sealer, {**row._mapping, "id": row.memory_id}):
            found.setdefault(int(row.memory_id), []).append(row)
    return found


async def place(conn: AsyncConnection, record: dict[str, Any], integrity: str) -> bool:
    """Insert an imported version (``record``: :data:`EXPORTED`, its ``memory_id`` the
    memory's id in this store) signed with ``integrity``; False when the memory already has
    it (the same interval and content): importing twice changes nothing."""
    v = memory_versions.c
    same = await conn.execute(
        sa.select(v.id).where(
            v.memory_id == record["memory_id"],
            v.valid_from == record["valid_from"],
            v.valid_to == record["valid_to"],
            v.content == record["content"],
        )
    )
    if same.first() is not None:
        return False
    await conn.execute(sa.insert(memory_versions).values(**{**record, "integrity": integrity}))
    return True
