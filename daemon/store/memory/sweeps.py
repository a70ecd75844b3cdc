"""The memories each consolidation step removes, as set-based queries (the policy, the order
of the steps and the batching: :mod:`daemon.maintenance.consolidate`).

Each function returns a :class:`Sweep`: the candidates (columns ``id`` and ``reason``, at
most ``limit``, read along a partial index of revision 0003) and the conditions checked again
at the moment of the change, so a memory pinned or used meanwhile is left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.gate.kinds import COMPACTION, Action, MemoryClass
from daemon.store.memory import bulk
from daemon.store.memory.merge import class_rank
from daemon.store.tables import memories

_m = memories.c
_UNPINNED = sa.not_(_m.pinned)
_LIVE_UNPINNED = (_m.deleted_at.is_(None), _UNPINNED)
_idle_since = sa.func.coalesce(_m.last_surfaced_at, _m.updated_at)
_SCOPE = ("tenant", "project", "user")


@dataclass(frozen=True, slots=True)
class Sweep:
    """Memories to tombstone: the candidates and what must still hold when they go."""

    candidates: sa.Select[Any]
    recheck: tuple[sa.ColumnElement[bool], ...] = (_UNPINNED,)

    async def tombstone(self, conn: AsyncConnection, *, now: datetime, actor_id: str | None) -> int:
        """Tombstone the candidates still matching, each with its history row by
        maintenance; returns how many."""
        return await bulk.tombstone(
            conn,
            self.candidates,
            action=Action.DELETE,
            now=now,
            actor_id=actor_id,
            recheck=self.recheck,
        )


def _days(delta: timedelta) -> str:
    return f"{delta.total_seconds() / 86_400:g}"


def expired(now: datetime, limit: int) -> Sweep:
    """Memories past ``expires_at``, never a pinned one."""
    candidates = (
        sa.select(_m.id, bulk.literal("expired").label("reason"))
        .where(*_LIVE_UNPINNED, _m.expires_at.is_not(None), _m.expires_at <= now)
        .order_by(_m.expires_at, _m.id)
        .limit(limit)
    )
    return Sweep(candidates, (_UNPINNED, _m.expires_at <= now))


def summaries_beyond(kept: int, limit: int) -> Sweep:
    """Compaction summaries beyond the ``kept`` most recent of their scope."""
    summary = _m.created_by == bulk.literal(COMPACTION)
    rank = sa.func.row_number().over(
        partition_by=[_m[name] for name in _SCOPE], order_by=[_m.created_at.desc(), _m.id.desc()]
    )
    ranked = sa.select(_m.id, rank.label("rn")).where(*_LIVE_UNPINNED, summary).subquery()
    reason = f"compaction summary beyond the {kept} most recent of its scope"
    return Sweep(
        sa.select(ranked.c.id, bulk.literal(reason).label("reason"))
        .where(ranked.c.rn > kept)
        .order_by(ranked.c.id)
        .limit(limit)
    )


def idle_working(cutoff: datetime, idle: timedelta, limit: int) -> Sweep:
    """Working memories not surfaced (or, never surfaced, not updated) since ``cutoff``."""
    reason = f"working memory not surfaced for {_days(idle)} days"
    candidates = (
        sa.select(_m.id, bulk.literal(reason).label("reason"))
        .where(
            *_LIVE_UNPINNED,
            _m["class"] == bulk.literal(MemoryClass.WORKING),
            _idle_since <= cutoff,
        )
        .order_by(_idle_since, _m.id)
        .limit(limit)
    )
    return Sweep(candidates, (_UNPINNED, _idle_since <= cutoff))


def over_cap(cap: int, limit: int) -> Sweep:
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
    return Sweep(
        sa.select(ranked.c.id, bulk.literal(f"over the cap of {cap} per scope").label("reason"))
        .where(ranked.c.rn > cap, sa.not_(ranked.c.pinned))
        .order_by(ranked.c.id)
        .limit(limit)
    )
