"""Consolidation: the memory store kept small and true.

Steps, in order, each a set-based statement repeated in batches of ``batch_size`` rows:

1. ``expired``: memories past ``expires_at``, never a pinned one;
2. ``summaries_trimmed``: compaction summaries beyond the 10 most recent of their scope;
3. ``working_idle``: working memories not surfaced (or, never surfaced, not updated) for 14
   days;
4. ``duplicates_merged``: exact duplicates merged into the oldest (see ``merge``);
5. ``over_cap``: with a per-scope cap, the least valuable memories beyond it (working before
   durable before priority, least recently used first; never a pinned one);
6. ``purged``: tombstones older than 30 days deleted for good (see ``tombstones``).

Steps 1 to 5 leave tombstones, restorable until purged; every change has a history row with
actor ``maintenance`` and the reason. Each step reads only the rows it may change, through a
partial index (revision 0003), so its time follows the rows affected, not the store's size.
Running it twice changes nothing the second time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.maintenance import bulk
from daemon.maintenance.merge import class_rank, merge_duplicates
from daemon.maintenance.tombstones import purge
from daemon.settings import MaintenanceSettings
from daemon.store.compaction import COMPACTION_CREATOR
from daemon.store.db import Store
from daemon.store.tables import memories

STEPS = (
    "expired",
    "summaries_trimmed",
    "working_idle",
    "duplicates_merged",
    "over_cap",
    "purged",
)

Batch = Callable[[AsyncConnection], Awaitable[int]]

_m = memories.c
_LIVE_UNPINNED = (_m.deleted_at.is_(None), sa.not_(_m.pinned))
_idle_since = sa.func.coalesce(_m.last_surfaced_at, _m.updated_at)
_SCOPE = ("tenant", "project", "user")


@dataclass(frozen=True, slots=True)
class ConsolidationPolicy:
    summaries_kept: int = 10
    working_idle: timedelta = timedelta(days=14)
    tombstone_keep: timedelta = timedelta(days=30)
    max_per_scope: int | None = None
    batch_size: int = 50_000

    @classmethod
    def of(cls, settings: MaintenanceSettings) -> ConsolidationPolicy:
        return cls(
            summaries_kept=settings.compaction_summaries_kept,
            working_idle=timedelta(days=settings.working_idle_days),
            tombstone_keep=timedelta(days=settings.tombstone_days),
            max_per_scope=settings.max_memories_per_scope,
            batch_size=settings.batch_size,
        )


def _days(delta: timedelta) -> str:
    return f"{delta.total_seconds() / 86_400:g}"


def expired(now: datetime, limit: int) -> sa.Select[Any]:
    return (
        sa.select(_m.id, bulk.literal("expired").label("reason"))
        .where(*_LIVE_UNPINNED, _m.expires_at.is_not(None), _m.expires_at <= now)
        .order_by(_m.expires_at, _m.id)
        .limit(limit)
    )


def summaries_beyond(kept: int, limit: int) -> sa.Select[Any]:
    summary = _m.created_by == bulk.literal(COMPACTION_CREATOR)
    rank = sa.func.row_number().over(
        partition_by=[_m[name] for name in _SCOPE], order_by=[_m.created_at.desc(), _m.id.desc()]
    )
    ranked = sa.select(_m.id, rank.label("rn")).where(*_LIVE_UNPINNED, summary).subquery()
    reason = f"compaction summary beyond the {kept} most recent of its scope"
    return (
        sa.select(ranked.c.id, bulk.literal(reason).label("reason"))
        .where(ranked.c.rn > kept)
        .order_by(ranked.c.id)
        .limit(limit)
    )


def idle_working(cutoff: datetime, idle: timedelta, limit: int) -> sa.Select[Any]:
    reason = f"working memory not surfaced for {_days(idle)} days"
    return (
        sa.select(_m.id, bulk.literal(reason).label("reason"))
        .where(*_LIVE_UNPINNED, _m["class"] == bulk.literal("working"), _idle_since <= cutoff)
        .order_by(_idle_since, _m.id)
        .limit(limit)
    )


def over_cap(cap: int, limit: int) -> sa.Select[Any]:
    """Beyond the ``cap`` most valuable memories of each scope over it: pinned first, then by
    class, then most recently used."""
    key = [_m[name] for name in _SCOPE]
    crowded = (
        sa.select(*key)
        .where(_m.deleted_at.is_(None))
        .group_by(*key)
        .having(sa.func.count() > cap)
        .subquery("crowded")
    )
    r = memories.alias("r")
    rank = sa.func.row_number().over(
        partition_by=[r.c[name] for name in _SCOPE],
        order_by=[
            r.c.pinned.desc(),
            class_rank(r.c["class"]).desc(),
            sa.func.coalesce(r.c.last_surfaced_at, r.c.updated_at).desc(),
            r.c.id.desc(),
        ],
    )
    ranked = (
        sa.select(r.c.id, r.c.pinned, rank.label("rn"))
        .join_from(r, crowded, sa.and_(*(r.c[name] == crowded.c[name] for name in _SCOPE)))
        .where(r.c.deleted_at.is_(None))
    ).subquery("ranked")
    return (
        sa.select(ranked.c.id, bulk.literal(f"over the cap of {cap} per scope").label("reason"))
        .where(ranked.c.rn > cap, sa.not_(ranked.c.pinned))
        .order_by(ranked.c.id)
        .limit(limit)
    )


def _batches(policy: ConsolidationPolicy, now: datetime, actor_id: str | None) -> dict[str, Batch]:
    size = policy.batch_size
    idle_cutoff = now - policy.working_idle

    def tomb(candidates: sa.Select[Any], *recheck: sa.ColumnElement[bool]) -> Batch:
        async def run(conn: AsyncConnection) -> int:
            return await bulk.tombstone(
                conn, candidates, action="delete", now=now, actor_id=actor_id, recheck=recheck
            )

        return run

    async def merged(conn: AsyncConnection) -> int:
        return await merge_duplicates(conn, now=now, actor_id=actor_id, limit=size)

    async def capped(conn: AsyncConnection) -> int:
        if policy.max_per_scope is None:
            return 0
        run = tomb(over_cap(policy.max_per_scope, size), sa.not_(_m.pinned))
        return await run(conn)

    async def purged(conn: AsyncConnection) -> int:
        return await purge(conn, now=now, keep=policy.tombstone_keep, limit=size, actor_id=actor_id)

    unpinned = sa.not_(_m.pinned)
    return {
        "expired": tomb(expired(now, size), unpinned, _m.expires_at <= now),
        "summaries_trimmed": tomb(summaries_beyond(policy.summaries_kept, size), unpinned),
        "working_idle": tomb(
            idle_working(idle_cutoff, policy.working_idle, size),
            unpinned,
            _idle_since <= idle_cutoff,
        ),
        "duplicates_merged": merged,
        "over_cap": capped,
        "purged": purged,
    }


async def consolidate(
    store: Store,
    policy: ConsolidationPolicy,
    *,
    now: datetime,
    actor_id: str | None = None,
    dry_run: bool = False,
) -> dict[str, int]:
    """Run every step; returns the rows each changed (or, with ``dry_run``, would change:
    everything runs in one transaction that is rolled back)."""
    batches = _batches(policy, now, actor_id)
    counts = dict.fromkeys(STEPS, 0)
    async with store.connect() as conn:
        if dry_run:
            transaction = await conn.begin()
            try:
                for name in STEPS:
                    counts[name] = await _drain(conn, batches[name], policy.batch_size, False)
            finally:
                await transaction.rollback()
        else:
            for name in STEPS:
                counts[name] = await _drain(conn, batches[name], policy.batch_size, True)
    return counts


async def _drain(conn: AsyncConnection, batch: Batch, size: int, commit: bool) -> int:
    """Repeat a batch until it changes fewer rows than a full batch."""
    total = 0
    while True:
        if commit:
            async with conn.begin():
                await bulk.tune(conn)
                changed = await batch(conn)
        else:
            await bulk.tune(conn)
            changed = await batch(conn)
        total += changed
        if changed < size:
            return total
