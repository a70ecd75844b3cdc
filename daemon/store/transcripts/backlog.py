"""The backlog as ``memoryd status`` reports it: sessions with stored turns past their
cursor, the oldest such turn, late turns, and the sessions a breaker or parking holds.

Reads only the backlog indexes (revision 0004), so its cost follows the backlog, not the
number of sessions ever seen."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.tables import BEHIND, HELD, LATE, breaker_open, cursors, sessions, turns


@dataclass(frozen=True, slots=True)
class Held:
    session_id: str
    parked: bool
    reason: str | None


@dataclass(slots=True)
class BacklogRead:
    sessions_behind: int = 0
    open_breakers: int = 0
    parked: int = 0
    late_sessions: int = 0
    late_turns: int = 0
    #: The session whose oldest unextracted turn was received first, and when.
    oldest_session: str | None = None
    oldest_received_at: datetime | None = None
    held: list[Held] = field(default_factory=list)


async def read_backlog(
    conn: AsyncConnection, now: datetime, *, held_listed: int, oldest_among: int
) -> BacklogRead:
    """The backlog at ``now``: at most ``held_listed`` held sessions listed (most recently
    changed first); the oldest backlog looked for among the ``oldest_among`` least recently
    active sessions behind."""
    found = BacklogRead()
    found.sessions_behind = int(
        (await conn.execute(sa.select(sa.func.count()).where(BEHIND))).scalar_one()
    )
    await _held_counts(conn, now, found)
    await _late_counts(conn, found)
    if found.sessions_behind:
        await _oldest(conn, oldest_among, found)
    found.held = await _held(conn, now, held_listed)
    return found


async def _held_counts(conn: AsyncConnection, now: datetime, found: BacklogRead) -> None:
    open_breakers, parked = (
        await conn.execute(
            sa.select(
                sa.func.count().filter(breaker_open(now)),
                sa.func.count().filter(cursors.c.parked),
            ).where(HELD)
        )
    ).one()
    found.open_breakers, found.parked = int(open_breakers), int(parked)


async def _late_counts(conn: AsyncConnection, found: BacklogRead) -> None:
    late_sessions, late_turns = (
        await conn.execute(
            sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(sessions.c.late_turns), 0))
            .select_from(sessions)
            .where(LATE)
        )
    ).one()
    found.late_sessions, found.late_turns = int(late_sessions), int(late_turns)


async def _oldest(conn: AsyncConnection, among: int, found: BacklogRead) -> None:
    stale = (
        sa.select(sessions.c.tenant, sessions.c.session_id, sessions.c.extracted_turn)
        .where(BEHIND)
        .order_by(sessions.c.last_event_at)
        .limit(among)
        .subquery()
    )
    unextracted = sa.and_(
        turns.c.tenant == stale.c.tenant,
        turns.c.session_id == stale.c.session_id,
        turns.c.turn > stale.c.extracted_turn,
    )
    oldest = (
        await conn.execute(
            sa.select(stale.c.session_id, sa.func.min(turns.c.received_at).label("first"))
            .select_from(stale.join(turns, unextracted))
            .group_by(stale.c.tenant, stale.c.session_id)
            .order_by(sa.literal_column("first"))
            .limit(1)
        )
    ).first()
    if oldest is not None:
        found.oldest_session, found.oldest_received_at = oldest.session_id, oldest.first


async def _held(conn: AsyncConnection, now: datetime, listed: int) -> list[Held]:
    rows = await conn.execute(
        sa.select(cursors.c.session_id, cursors.c.parked, cursors.c.parked_reason)
        .where(HELD, sa.or_(cursors.c.parked, breaker_open(now)))
        .order_by(cursors.c.updated_at.desc())
        .limit(listed)
    )
    return [Held(r.session_id, bool(r.parked), r.parked_reason) for r in rows]
