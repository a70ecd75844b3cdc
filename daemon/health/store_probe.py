"""The SQL half of ``memoryd status``: extraction in the last hour, backlog, held sessions,
scheduled jobs. Aggregates over indexed ranges (``runs.finished_at``), and the join of
sessions with their cursors."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.health.model import Backlog, Extraction, HeldSession, ScheduledJob
from daemon.store.tables import cursors, jobs_state, runs, sessions, turns

HELD_LISTED = 5
_BEHIND = sessions.c.last_turn > sa.func.coalesce(cursors.c.turn, -1)


async def read_extraction(
    conn: AsyncConnection, now: datetime, *, window: timedelta = timedelta(hours=1)
) -> Extraction:
    since = now - window
    recent = runs.c.finished_at >= since
    rows = await conn.execute(
        sa.select(
            runs.c.outcome,
            sa.func.count(),
            sa.func.coalesce(sa.func.sum(runs.c.prompt_tokens), 0),
            sa.func.coalesce(sa.func.sum(runs.c.completion_tokens), 0),
            sa.func.coalesce(sa.func.sum(runs.c.cached_tokens), 0),
            sa.func.coalesce(sa.func.sum(runs.c.created + runs.c.updated), 0),
        )
        .where(recent)
        .group_by(runs.c.outcome)
    )
    found = Extraction(window_s=window.total_seconds())
    for outcome, count, prompt, completion, cached, written in rows:
        found.by_outcome[outcome] = int(count)
        found.runs += int(count)
        found.prompt_tokens += int(prompt)
        found.completion_tokens += int(completion)
        found.cached_tokens += int(cached)
        found.memories_written += int(written)
    if found.runs:
        found.p50_ms = await _percentile(conn, recent, found.runs, 0.50)
        found.p95_ms = await _percentile(conn, recent, found.runs, 0.95)
    return found


async def _percentile(
    conn: AsyncConnection, where: sa.ColumnElement[bool], count: int, share: float
) -> int:
    offset = min(count - 1, max(0, math.ceil(share * count) - 1))  # nearest rank
    value = await conn.execute(
        sa.select(runs.c.duration_ms)
        .where(where)
        .order_by(runs.c.duration_ms)
        .limit(1)
        .offset(offset)
    )
    return int(value.scalar_one())


async def read_backlog(conn: AsyncConnection, now: datetime, backlog: Backlog) -> Backlog:
    """Sessions with stored turns past their cursor, the oldest such turn, and held sessions
    (breaker open or parked); fills in ``backlog`` (which carries the provider breaker)."""
    joined = sessions.join(cursors, cursors.c.session_id == sessions.c.session_id)
    breaker_open = sa.and_(cursors.c.breaker_until.is_not(None), cursors.c.breaker_until > now)
    counts = (
        await conn.execute(
            sa.select(
                sa.func.count().filter(_BEHIND),
                sa.func.count().filter(breaker_open),
                sa.func.count().filter(cursors.c.parked),
            ).select_from(joined)
        )
    ).one()
    backlog.sessions_behind, backlog.open_breakers, backlog.parked = (int(c) for c in counts)
    if backlog.sessions_behind:
        oldest = (
            await conn.execute(
                sa.select(sessions.c.session_id, sa.func.min(turns.c.received_at).label("first"))
                .select_from(
                    joined.join(
                        turns,
                        sa.and_(
                            turns.c.session_id == sessions.c.session_id,
                            turns.c.turn > sa.func.coalesce(cursors.c.turn, -1),
                        ),
                    )
                )
                .where(_BEHIND)
                .group_by(sessions.c.session_id)
                .order_by(sa.literal_column("first"))
                .limit(1)
            )
        ).first()
        if oldest is not None:
            backlog.oldest_session = oldest.session_id
            backlog.oldest_backlog_s = max(0.0, (now - oldest.first).total_seconds())
    held = await conn.execute(
        sa.select(cursors.c.session_id, cursors.c.parked, cursors.c.parked_reason)
        .where(sa.or_(cursors.c.parked, breaker_open))
        .order_by(cursors.c.updated_at.desc())
        .limit(HELD_LISTED)
    )
    backlog.held = [
        HeldSession(r.session_id, "parked" if r.parked else "breaker", r.parked_reason)
        for r in held
    ]
    return backlog


async def read_scheduled(
    conn: AsyncConnection, now: datetime, periods: dict[str, float], late_factor: float
) -> list[ScheduledJob]:
    """Each scheduled job's last run; late when it has not finished for ``late_factor``
    times its period (``periods``: seconds between runs, by job name)."""
    found: list[ScheduledJob] = []
    for row in await conn.execute(sa.select(jobs_state).order_by(jobs_state.c.name)):
        last = row.last_finished_at or row.last_started_at
        age = None if last is None else max(0.0, (now - last).total_seconds())
        period = periods.get(row.name)
        late = period is not None and (age is None or age > period * late_factor)
        found.append(
            ScheduledJob(
                name=row.name,
                outcome=row.outcome,
                last_started_at=row.last_started_at,
                last_finished_at=row.last_finished_at,
                age_s=age,
                late=late,
                error=_first_line(row.error),
            )
        )
    return found


def _first_line(text: Any) -> str | None:
    return None if not text else str(text).splitlines()[0][:300]
