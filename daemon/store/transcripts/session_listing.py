"""Sessions for operators (where each one's cursor stands, what holds it) and the turns of a
session as ``memoryd demo`` reports them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.tables import BEHIND, HELD, breaker_open, cursors, sessions, turns

_PENDING = (
    sa.select(sa.func.count())
    .where(
        turns.c.tenant == sessions.c.tenant,
        turns.c.session_id == sessions.c.session_id,
        turns.c.turn > sa.func.coalesce(cursors.c.turn, -1),
    )
    .correlate(sessions, cursors)
    .scalar_subquery()
)


@dataclass(frozen=True, slots=True)
class SessionFilter:
    project: str | None = None
    user: str | None = None
    tenant: str | None = None
    behind: bool = False  # only sessions with turns past the cursor
    held: bool = False  # only sessions with an open breaker or parked
    limit: int = 50


def _query(now: datetime, *, held: bool = False) -> Any:
    """Sessions with their cursors; ``held``: only those a breaker or parking holds, read
    from that index (ix_cursors_held)."""
    open_now = breaker_open(now)
    query = sa.select(
        sessions.c.session_id,
        sessions.c.tenant,
        sessions.c.project,
        sessions.c.user,
        sessions.c.last_turn,
        sessions.c.ended,
        sessions.c.first_seen_at,
        sessions.c.last_event_at,
        cursors.c.turn.label("cursor_turn"),
        cursors.c.failures,
        cursors.c.breaker_until,
        open_now.label("breaker_open"),
        cursors.c.parked,
        cursors.c.parked_reason,
        cursors.c.gaps_skipped,
        sessions.c.late_turns,
        sessions.c.timezone,
        cursors.c.updated_at.label("cursor_updated_at"),
        _PENDING.label("turns_behind"),
    )
    on = sa.and_(
        cursors.c.tenant == sessions.c.tenant, cursors.c.session_id == sessions.c.session_id
    )
    if held:
        return query.select_from(sessions.join(cursors, on)).where(
            HELD, sa.or_(cursors.c.parked, open_now)
        )
    return query.select_from(sessions.outerjoin(cursors, on))


async def list_sessions(
    conn: AsyncConnection, now: datetime, where: SessionFilter
) -> list[dict[str, Any]]:
    """Sessions with their cursors, most recently active first."""
    query = _query(now, held=where.held)
    for column, value in (
        ("project", where.project),
        ("user", where.user),
        ("tenant", where.tenant),
    ):
        if value is not None:
            query = query.where(sessions.c[column] == value)
    if where.behind:
        query = query.where(BEHIND)
    rows = await conn.execute(query.order_by(sessions.c.last_event_at.desc()).limit(where.limit))
    return [dict(row._mapping) for row in rows]


async def get_session(
    conn: AsyncConnection, session_id: str, now: datetime, *, tenant: str
) -> dict[str, Any] | None:
    """``tenant``'s session ``session_id`` with its cursor, as :func:`list_sessions` lists
    it (the same id in another tenant is another session)."""
    query = _query(now).where(sessions.c.tenant == tenant, sessions.c.session_id == session_id)
    row = (await conn.execute(query)).first()
    return None if row is None else dict(row._mapping)


@dataclass(frozen=True, slots=True)
class TurnMarks:
    """What was done to a stored turn's messages before they were stored."""

    turn: int
    redactions: int
    spilled: int


async def turn_marks(conn: AsyncConnection, session_id: str, *, tenant: str) -> list[TurnMarks]:
    """Each stored turn of ``tenant``'s session ``session_id`` with its redaction and spill
    counts, in order."""
    rows = await conn.execute(
        sa.select(turns.c.turn, turns.c.redactions, turns.c.spilled)
        .where(turns.c.tenant == tenant, turns.c.session_id == session_id)
        .order_by(turns.c.turn)
    )
    return [TurnMarks(int(t), int(r or 0), int(s or 0)) for t, r, s in rows]


async def count_turns(conn: AsyncConnection) -> int:
    """How many turns are stored."""
    return int((await conn.execute(sa.select(sa.func.count()).select_from(turns))).scalar_one())


async def tenants_of(conn: AsyncConnection, session_id: str) -> list[str]:
    """The tenants with a session of this id (an operator may name a session by its id
    alone when only one tenant uses it)."""
    query = sa.select(sessions.c.tenant).where(sessions.c.session_id == session_id)
    return sorted(str(row[0]) for row in await conn.execute(query.order_by(sessions.c.tenant)))
