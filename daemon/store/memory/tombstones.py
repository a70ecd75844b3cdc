"""Tombstones: removed memories kept for a while, restorable, then purged.

Maintenance never deletes a memory outright: it sets ``deleted_at`` and ``deleted_reason``
(a tombstone) and writes the change to the history. While the tombstone is kept (30 days by
default, ``MEMORYD_MAINTENANCE__TOMBSTONE_DAYS``) :func:`restore` brings the memory back with
its id; past the window :func:`purge` deletes it and its history for good, leaving one
``purge`` history row without content (and, within the version window, what it said as a
version). A restore keeps what the memory said until its removal as a version, and the
memory is true again from the restore.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.gate.directives import planted
from daemon.gate.kinds import Action, Review
from daemon.gate.refusal import Reason, Refused, WriteRefused
from daemon.store.memory import bulk, history, versions
from daemon.store.memory.history import Provenance
from daemon.store.tables import memories

__all__ = ["find_live_duplicate", "purge", "purge_candidates", "restore"]


async def find_live_duplicate(conn: AsyncConnection, row: Any) -> int | None:
    """The id of a live memory holding the same content as ``row`` in its scope, if any."""
    found = await conn.execute(
        sa.select(memories.c.id)
        .where(
            memories.c.tenant == row.tenant,
            memories.c.project == row.project,
            memories.c.user == row.user,
            memories.c.type == row.type,
            memories.c.content_hash == row.content_hash,
            memories.c.deleted_at.is_(None),
            memories.c.id != row.id,
        )
        .limit(1)
    )
    value = found.scalar_one_or_none()
    return None if value is None else int(value)


def _refusal(row: Any, clash: int | None) -> WriteRefused:
    other = "a live memory" if clash is None else f"live memory {clash}"
    return WriteRefused(
        Refused(
            Reason.DUPLICATE,
            f"memory {row.id} cannot be restored: {other} holds the same content in its scope "
            f"({ScopeKey.from_row(row)}); delete or edit {'it' if clash is None else clash} "
            "first",
        )
    )


async def restore(
    conn: AsyncConnection,
    memory_id: int,
    *,
    prov: Provenance,
    now: datetime,
) -> bool:
    """Bring back a tombstoned memory with its id; False when there is no such tombstone
    (never existed, purged, or live). A restore counts as a use: ``updated_at`` and a set
    ``last_surfaced_at`` become ``now``, and an expiry already past is cleared, so the next
    consolidation does not remove it again at once.

    Raises :class:`~daemon.gate.refusal.WriteRefused` (a
    :class:`~daemon.base.errors.MemoryRefused`) when a live memory of the same scope, type
    and normalized content exists now (restoring would duplicate it), or when the memory
    reads as a directive planted for agents (the write guard's rule).
    """
    row = (
        await conn.execute(sa.select(memories).where(memories.c.id == memory_id).with_for_update())
    ).one_or_none()
    if row is None or row.deleted_at is None:
        return False
    if reason := planted(row.title, row.content):
        raise WriteRefused(
            Refused(Reason.DIRECTIVE, f"memory {row.id} cannot be restored: {reason}")
        )
    clash = await find_live_duplicate(conn, row)
    if clash is not None:
        raise _refusal(row, clash)
    expired = row.expires_at is not None and row.expires_at <= now
    values: dict[str, Any] = {
        "deleted_at": None,
        "deleted_reason": None,
        "replaced_by": None,
        "updated_at": now,
        "valid_from": now,
    }
    if row.review == Review.REJECTED:  # back in the operators' queue, not shared
        values["review"] = Review.PENDING.value
    if row.last_surfaced_at is not None:
        values["last_surfaced_at"] = now
    if expired:
        values["expires_at"] = None
    # What it said while it was believed, until its removal, is kept as a version.
    await versions.supersede(
        conn,
        row,
        replaced_by=row.replaced_by,
        action=Action.RESTORE,
        prov=prov,
        now=now,
        until=row.deleted_at,
        reason=f"removed for: {row.deleted_reason or 'no reason given'}",
    )
    try:
        await conn.execute(
            sa.update(memories)
            .where(memories.c.id == memory_id, memories.c.deleted_at.is_not(None))
            .values(**values)
        )
    except IntegrityError as exc:  # a duplicate was written since the check above
        raise _refusal(row, None) from exc
    old = {
        "deleted_at": row.deleted_at.isoformat(),
        "deleted_reason": row.deleted_reason,
        "expires_at": None if row.expires_at is None else row.expires_at.isoformat(),
    }
    await history.record(
        conn,
        memory_id,
        ScopeKey.from_row(row),
        Action.RESTORE,
        prov,
        now,
        reason=f"restored (removed for: {row.deleted_reason or 'no reason given'})",
        old=old,
        new={"expires_at": None if expired or row.expires_at is None else old["expires_at"]},
    )
    return True


def purge_candidates(now: datetime, keep: timedelta, limit: int) -> sa.Select[Any]:
    """Tombstones older than ``keep``, oldest first (the ``ix_memories_tombstones`` index)."""
    days = keep.total_seconds() / 86_400
    reason = bulk.literal(f"tombstone kept {days:g} days")
    return (
        sa.select(memories.c.id, reason.label("reason"))
        .where(memories.c.deleted_at.is_not(None), memories.c.deleted_at <= now - keep)
        .order_by(memories.c.deleted_at, memories.c.id)
        .limit(limit)
    )


async def purge(
    conn: AsyncConnection,
    *,
    now: datetime,
    keep: timedelta,
    limit: int = 50_000,
    actor_id: str | None = None,
    versions_keep: timedelta | None = None,
) -> int:
    """Delete up to ``limit`` tombstones older than ``keep``; returns how many. With
    ``versions_keep``, a tombstone removed more recently than that is first kept as a
    version (:func:`~daemon.store.memory.versions.keep_purged`): it is the only record of
    when its fact stopped being true."""
    cutoff = now - keep
    if versions_keep is not None:
        chosen = purge_candidates(now, keep, limit).subquery("chosen")
        await versions.keep_purged(conn, sa.select(chosen.c.id), since=now - versions_keep, now=now)
    return await bulk.purge(
        conn,
        purge_candidates(now, keep, limit),
        now=now,
        actor_id=actor_id,
        recheck=(memories.c.deleted_at <= cutoff,),
    )
