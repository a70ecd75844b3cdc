"""Sessions for operators (where each one's cursor stands, what holds it), a scope's sessions
a page at a time (``GET /v1/sessions``), and the turns of a session as ``memoryd demo``
reports them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.pages import instant, micros
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


#: Where a page of :func:`scope_page` ends: the ``first_seen_at`` of its last session (in
#: microseconds since the epoch) and how many sessions first seen at that very time the pages
#: so far have shown (sessions are ordered newest first, then by id).
PagePosition = tuple[int, int]


async def scope_page(
    conn: AsyncConnection,
    *,
    tenant: str,
    project: str,
    user: str | None,
    limit: int,
    after: PagePosition | None = None,
) -> tuple[list[dict[str, Any]], PagePosition | None]:
    """One page of the sessions of ``tenant``'s ``project`` (``user``: only that user's and
    the shared ones; None: every user's), the most recently started first, and where the
    next page starts (None on the last page). Pages hold still while sessions are written:
    a session's start never moves, and a session started after the first page is not shown."""
    query = sa.select(
        sessions.c.session_id,
        sessions.c.tenant,
        sessions.c.project,
        sessions.c.user,
        sessions.c.first_seen_at,
        sessions.c.last_event_at,
        sessions.c.last_turn,
        sessions.c.extracted_turn,
        sessions.c.ended,
    ).where(sessions.c.tenant == tenant, sessions.c.project == project)
    if user is not None:
        query = query.where(sessions.c.user.in_(sorted({"", user})))
    skip = 0
    if after is not None:
        query = query.where(sessions.c.first_seen_at <= instant(after[0]))
        skip = after[1]
    query = query.order_by(sessions.c.first_seen_at.desc(), sessions.c.session_id)
    rows = [dict(r._mapping) for r in await conn.execute(query.offset(skip).limit(limit + 1))]
    if len(rows) <= limit:
        return rows, None
    rows = rows[:limit]
    last = rows[-1]["first_seen_at"]
    at_last = sum(1 for row in rows if row["first_seen_at"] == last)
    start = micros(last)
    if after is not None and after[0] == start:
        at_last += after[1]
    return rows, (start, at_last)


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
