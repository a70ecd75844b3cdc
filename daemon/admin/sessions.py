"""Sessions for operators: where each one's cursor stands, what holds it, and a retry."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
import structlog
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.admin.tabular import plain
from daemon.queue import JobQueue
from daemon.store import cursors as cursor_store
from daemon.store.db import Store
from daemon.store.tables import BEHIND, HELD, breaker_open, cursors, runs, sessions, turns

log = structlog.get_logger("memoryd.admin")

_PENDING = (
    sa.select(sa.func.count())
    .where(
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
        cursors.c.updated_at.label("cursor_updated_at"),
        _PENDING.label("turns_behind"),
    )
    on = cursors.c.session_id == sessions.c.session_id
    if held:
        return query.select_from(sessions.join(cursors, on)).where(
            HELD, sa.or_(cursors.c.parked, open_now)
        )
    return query.select_from(sessions.outerjoin(cursors, on))


async def list_sessions(
    conn: AsyncConnection, now: datetime, where: SessionFilter
) -> list[dict[str, Any]]:
    """Sessions, most recently active first."""
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
    return [plain(row) for row in rows]


async def show_session(
    conn: AsyncConnection, session_id: str, now: datetime, *, runs_shown: int = 10
) -> dict[str, Any] | None:
    """One session with its cursor and its last runs (newest first)."""
    row = (await conn.execute(_query(now).where(sessions.c.session_id == session_id))).first()
    if row is None:
        return None
    found = plain(row)
    recent = await conn.execute(
        sa.select(
            runs.c.id,
            runs.c.outcome,
            runs.c.from_turn,
            runs.c.to_turn,
            runs.c.created,
            runs.c.updated,
            runs.c.deleted,
            runs.c.duration_ms,
            runs.c.finished_at,
            runs.c.error,
        )
        .where(runs.c.session_id == session_id)
        .order_by(runs.c.id.desc())
        .limit(runs_shown)
    )
    found["runs"] = [plain(r) for r in recent]
    return found


async def retry_session(store: Store, queue: JobQueue, session_id: str, now: datetime) -> bool:
    """Close the session's breaker, unpark it and queue its extraction now; False when the
    session has no cursor."""
    async with store.begin() as conn:
        if not await cursor_store.reset(conn, session_id, now):
            return False
    await queue.request_extraction([session_id], delay_s=0)
    log.info("session.retried", session_id=session_id)
    return True
