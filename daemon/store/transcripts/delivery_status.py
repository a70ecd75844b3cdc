"""What a host may see of its own sessions: a stored turn found by its event id, a session's
turns (their numbers and counts, never their content) and its cursor.

Every query names the tenant beside the session or event id: an id lives in its tenant's
namespace, whatever the tables' keys are.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.tables import breaker_open, cursors, sessions, turns

#: The most turns a session's status lists (the newest).
MAX_TURNS = 1_000


async def turn_of_event(conn: AsyncConnection, tenant: str, event_id: str) -> dict[str, Any] | None:
    """The stored turn of ``event_id`` in ``tenant`` (session, turn, kind, at, scope, message
    count) with the session's extracted turn (``extracted_turn``, None before any); None when
    no such turn is stored."""
    on = sa.and_(cursors.c.session_id == turns.c.session_id, cursors.c.tenant == turns.c.tenant)
    row = (
        await conn.execute(
            sa.select(
                turns.c.session_id,
                turns.c.turn,
                turns.c.kind,
                turns.c.at,
                turns.c.received_at,
                turns.c.project,
                turns.c.user,
                turns.c.message_count,
                cursors.c.turn.label("extracted_turn"),
            )
            .select_from(turns.outerjoin(cursors, on))
            .where(turns.c.tenant == tenant, turns.c.event_id == event_id)
            .limit(1)
        )
    ).first()
    return None if row is None else dict(row._mapping)


async def session_status(
    conn: AsyncConnection, tenant: str, session_id: str, now: datetime
) -> dict[str, Any] | None:
    """The session of ``tenant`` with its cursor (extracted turn, failures, breaker, parking);
    None when the tenant has no such session."""
    on = sa.and_(
        cursors.c.session_id == sessions.c.session_id, cursors.c.tenant == sessions.c.tenant
    )
    row = (
        await conn.execute(
            sa.select(
                sessions.c.session_id,
                sessions.c.tenant,
                sessions.c.project,
                sessions.c.user,
                sessions.c.first_seen_at,
                sessions.c.last_event_at,
                sessions.c.last_turn,
                sessions.c.ended,
                sessions.c.late_turns,
                cursors.c.turn.label("extracted_turn"),
                cursors.c.failures,
                cursors.c.breaker_until,
                breaker_open(now).label("breaker_open"),
                cursors.c.parked,
                cursors.c.parked_reason,
                cursors.c.gaps_skipped,
            )
            .select_from(sessions.outerjoin(cursors, on))
            .where(sessions.c.tenant == tenant, sessions.c.session_id == session_id)
        )
    ).first()
    return None if row is None else dict(row._mapping)


async def session_turns(
    conn: AsyncConnection, tenant: str, session_id: str, *, limit: int = MAX_TURNS
) -> list[dict[str, Any]]:
    """The stored turns of the tenant's session, the last ``limit`` of them, in order: number,
    event id, kind, at and message count."""
    rows = await conn.execute(
        sa.select(turns.c.turn, turns.c.event_id, turns.c.kind, turns.c.at, turns.c.message_count)
        .where(turns.c.tenant == tenant, turns.c.session_id == session_id)
        .order_by(turns.c.turn.desc())
        .limit(limit)
    )
    return [dict(row._mapping) for row in reversed(rows.all())]
