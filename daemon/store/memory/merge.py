"""Merging exact duplicates: live memories of the same scope, type and normalized content hash.

The oldest of a group (created first, then lowest id) is kept with its id; it takes on the
strongest attributes of the others (pinned if any was, the highest class, the latest expiry or
none, the latest surfacing), and each other one becomes a tombstone. Both sides get a
``merge`` history row: the removed one with its content and the id it went into, the kept
one with the id it absorbed.

The store's unique index on live hashes (``uq_memories_live_hash``) keeps memoryd's own writes
from creating such groups; they come from stores written without that index (imports, dumps
restored before ``memoryd db upgrade``) and this step is their repair.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.gate.kinds import Action, MemoryClass
from daemon.store.memory import history
from daemon.store.memory.bulk import (
    history_row,
    is_postgres,
    json_object,
    literal,
    snapshot,
    sqlite_temp,
)
from daemon.store.tables import memories

# The review too: a memory held for an operator is never merged into a shared one.
_KEY = ("tenant", "project", "user", "type", "content_hash", "review")
_RANKS = ((MemoryClass.WORKING, 1), (MemoryClass.DURABLE, 2), (MemoryClass.PRIORITY, 3))

_pairs = sa.Table(
    "maintenance_pairs",
    sa.MetaData(),
    sa.Column("dup_id", sa.Integer(), primary_key=True),
    sa.Column("keep_id", sa.Integer(), nullable=False),
    prefixes=["TEMPORARY"],
)
_PAIRS_DDL = (
    "CREATE TEMP TABLE IF NOT EXISTS maintenance_pairs "
    "(dup_id INTEGER PRIMARY KEY, keep_id INTEGER NOT NULL)"
)
_PAIRS_INDEX = (
    "CREATE INDEX IF NOT EXISTS temp.ix_maintenance_pairs_keep ON maintenance_pairs (keep_id)"
)


def class_rank(column: Any) -> sa.ColumnElement[int]:
    return sa.case(*((column == literal(name), value) for name, value in _RANKS), else_=0)


def _class_of(rank: Any) -> sa.ColumnElement[str]:
    return sa.case(
        *((rank == value, literal(name)) for name, value in _RANKS),
        else_=literal(MemoryClass.DURABLE),
    )


def _pairs_query(limit: int, *, lateral: bool) -> sa.Select[Any]:
    """(dup_id, keep_id) for up to ``limit`` groups of live duplicates, by dup_id.

    The groups come from the live-hash index (index-only). Their members are then read
    through the same index per group: with ``LATERAL`` on PostgreSQL, whose planner would
    otherwise hash the whole table; by a plain join on SQLite, which has no ``LATERAL`` and
    loops over the index by itself."""
    live = memories.c.deleted_at.is_(None)
    key = [memories.c[name] for name in _KEY]
    groups = (
        sa.select(*key).where(live).group_by(*key).having(sa.func.count() > 1).limit(limit)
    ).subquery("groups")
    m = memories.alias("m")
    same_key = sa.and_(*(m.c[name] == groups.c[name] for name in _KEY))
    order = [m.c.created_at, m.c.id]
    partition = None if lateral else [m.c[name] for name in _KEY]
    members = sa.select(
        m.c.id.label("dup_id"),
        sa.func.first_value(m.c.id).over(partition_by=partition, order_by=order).label("keep_id"),
        sa.func.row_number().over(partition_by=partition, order_by=order).label("rn"),
    )
    ranked: Any
    if lateral:
        ranked = members.where(same_key, m.c.deleted_at.is_(None)).lateral("ranked")
        source: Any = groups.join(ranked, sa.true())
    else:
        joined = members.join_from(m, groups, same_key).where(m.c.deleted_at.is_(None))
        ranked = source = joined.subquery("ranked")
    pairs = sa.select(ranked.c.dup_id, ranked.c.keep_id).select_from(source)
    return pairs.where(ranked.c.rn > 1).order_by(ranked.c.dup_id)


def _keep_update(pairs: Any, now: datetime) -> sa.Update:
    """The kept memories take on the strongest attributes of their duplicates."""
    d = memories.alias("d")
    agg = (
        sa.select(
            pairs.c.keep_id,
            sa.func.max(sa.case((d.c.pinned, 1), else_=0)).label("pinned"),
            sa.func.max(class_rank(d.c["class"])).label("rank"),
            sa.func.max(sa.case((d.c.expires_at.is_(None), 1), else_=0)).label("forever"),
            sa.func.max(d.c.expires_at).label("expires"),
            sa.func.max(d.c.last_surfaced_at).label("surfaced"),
        )
        .join_from(pairs, d, d.c.id == pairs.c.dup_id)
        .group_by(pairs.c.keep_id)
    ).subquery("agg")
    m = memories.c
    own_rank = class_rank(m["class"])
    return (
        sa.update(memories)
        .where(m.id == agg.c.keep_id, m.deleted_at.is_(None))
        .values(
            pinned=sa.or_(m.pinned, agg.c.pinned == 1),
            updated_at=now,
            last_surfaced_at=sa.case(
                (sa.or_(m.last_surfaced_at.is_(None), m.last_surfaced_at < agg.c.surfaced),
                 agg.c.surfaced),
                else_=m.last_surfaced_at,
            ),
            expires_at=sa.case(
                (sa.or_(m.expires_at.is_(None), agg.c.forever == 1), sa.null()),
                (agg.c.expires > m.expires_at, agg.c.expires),
                else_=m.expires_at,
            ),
            **{"class": _class_of(sa.case((agg.c.rank > own_rank, agg.c.rank), else_=own_rank))},
        )
    )  # fmt: skip


def _drop_update(pairs: Any, now: datetime) -> sa.Update:
    """Tombstone the duplicates whose kept memory is live."""
    kept = memories.alias("kept_live")
    kept_live = (
        sa.select(kept.c.id)
        .where(kept.c.id == pairs.c.keep_id, kept.c.deleted_at.is_(None))
        .exists()
    )
    reason = literal("duplicate of #") + sa.cast(pairs.c.keep_id, sa.String())
    return (
        sa.update(memories)
        .where(memories.c.id == pairs.c.dup_id, memories.c.deleted_at.is_(None), kept_live)
        .values(deleted_at=now, updated_at=now, deleted_reason=reason)
    )


def _history(
    conn: AsyncConnection,
    joined: Any,
    dup: Any,
    keep_id: Any,
    *,
    where: tuple[sa.ColumnElement[bool], ...] = (),
    actor_id: str | None,
    now: datetime,
) -> sa.CompoundSelect[Any]:
    """One ``merge`` row for the removed memory and one for the kept one, per pair."""
    removed = history_row(
        dup,
        memory_id=dup.c.id,
        action=Action.MERGE,
        actor_id=actor_id,
        reason=literal("duplicate of #") + sa.cast(keep_id, sa.String()),
        old=snapshot(conn, dup),
        new=json_object(conn, merged_into=keep_id),
        now=now,
    )
    absorbed = history_row(
        dup, memory_id=keep_id, action=Action.MERGE, actor_id=actor_id,
        reason=literal("absorbed its duplicate #") + sa.cast(dup.c.id, sa.String()),
        old=None, new=json_object(conn, absorbed=dup.c.id), now=now,
    )  # fmt: skip
    return sa.union_all(
        sa.select(*removed).select_from(joined).where(*where),
        sa.select(*absorbed).select_from(joined).where(*where),
    )


async def merge_duplicates(
    conn: AsyncConnection, *, now: datetime, actor_id: str | None, limit: int
) -> int:
    """Merge up to ``limit`` groups of duplicates; returns how many memories were removed."""
    if is_postgres(conn):
        return await _merge_postgres(conn, now=now, actor_id=actor_id, limit=limit)
    await sqlite_temp(conn, _PAIRS_DDL, _pairs)
    await conn.execute(sa.text(_PAIRS_INDEX))
    pairs = _pairs_query(limit, lateral=False)
    await conn.execute(sa.insert(_pairs).from_select(["dup_id", "keep_id"], pairs))
    await conn.execute(_keep_update(_pairs, now))
    dup, kept = memories.alias("dup"), memories.alias("kept")
    joined = _pairs.join(dup, dup.c.id == _pairs.c.dup_id).join(kept, kept.c.id == _pairs.c.keep_id)
    live = (dup.c.deleted_at.is_(None), kept.c.deleted_at.is_(None))
    rows = _history(conn, joined, dup, _pairs.c.keep_id, where=live, actor_id=actor_id, now=now)
    await conn.execute(history.insert_from(rows))
    result = await conn.execute(_drop_update(_pairs, now))
    return int(result.rowcount)


async def _merge_postgres(
    conn: AsyncConnection, *, now: datetime, actor_id: str | None, limit: int
) -> int:
    """One statement: pairs, kept rows updated, duplicates tombstoned, history written.

    The CTEs are never joined to one another: the planner cannot know their row counts and
    would loop over them. A duplicate goes only while its kept memory is live as of the
    statement's snapshot; were the kept one deleted by an extraction at that very moment,
    the fact goes with it, as that extraction asked."""
    pairs = _pairs_query(limit, lateral=True).cte("pairs")
    kept = _keep_update(pairs, now).returning(memories.c.id).cte("kept")
    gone = (
        _drop_update(pairs, now)
        .returning(
            memories.c.id,
            memories.c.tenant,
            memories.c.project,
            memories.c.user,
            memories.c.type,
            memories.c.title,
            memories.c.content,
            memories.c.pinned,
            memories.c["class"],
            pairs.c.keep_id.label("keep_id"),
        )
        .cte("gone")
    )
    rows = _history(conn, gone, gone, gone.c.keep_id, actor_id=actor_id, now=now)
    result = await conn.execute(history.insert_from(rows).add_cte(kept))
    return int(result.rowcount) // 2
