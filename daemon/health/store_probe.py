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
from daemon.store.tables import (
    BEHIND,
    HELD,
    LATE,
    breaker_open,
    cursors,
    jobs_state,
    runs,
    sessions,
    turns,
)

HELD_LISTED = 5
#: Run durations (p50, p95) are those of at most this many of the latest runs in the window.
DURATION_SAMPLE = 1000
#: The oldest backlog is looked for among this many least recently active sessions behind.
OLDEST_AMONG = 100


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
        latest = await conn.execute(
            sa.select(runs.c.duration_ms)
            .where(recent)
            .order_by(runs.c.finished_at.desc())
            .limit(DURATION_SAMPLE)
        )
        durations = sorted(int(d) for d in latest.scalars())
        found.durations_of = len(durations)
        found.p50_ms = _nearest_rank(durations, 0.50)
        found.p95_ms = _nearest_rank(durations, 0.95)
    return found


def _nearest_rank(ordered: list[int], share: float) -> int:
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


async def read_backlog(conn: AsyncConnection, now: datetime, backlog: Backlog) -> Backlog:
    """Sessions with stored turns past their cursor, the oldest such turn, and held sessions
    (breaker open or parked); fills in ``backlog`` (which carries the provider breaker).

    Reads only the backlog indexes (revision 0004), so its cost follows the backlog, not the
    number of sessions ever seen. The oldest backlog is looked for among the
    ``OLDEST_AMONG`` least recently active sessions behind."""
    backlog.sessions_behind = int(
        (await conn.execute(sa.select(sa.func.count()).where(BEHIND))).scalar_one()
    )
    open_now = breaker_open(now)
    open_breakers, parked = (
        await conn.execute(
            sa.select(
                sa.func.count().filter(open_now), sa.func.count().filter(cursors.c.parked)
            ).where(HELD)
        )
    ).one()
    backlog.open_breakers, backlog.parked = int(open_breakers), int(parked)
    late_sessions, late_turns = (
        await conn.execute(
            sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(sessions.c.late_turns), 0))
            .select_from(sessions)
            .where(LATE)
        )
    ).one()
    backlog.late_sessions, backlog.late_turns = int(late_sessions), int(late_turns)
    if backlog.sessions_behind:
        stale = (
            sa.select(sessions.c.session_id, sessions.c.extracted_turn)
            .where(BEHIND)
            .order_by(sessions.c.last_event_at)
            .limit(OLDEST_AMONG)
            .subquery()
        )
        oldest = (
            await conn.execute(
                sa.select(stale.c.session_id, sa.func.min(turns.c.received_at).label("first"))
                .select_from(
                    stale.join(
                        turns,
                        sa.and_(
                            turns.c.session_id == stale.c.session_id,
                            turns.c.turn > stale.c.extracted_turn,
                        ),
                    )
                )
                .group_by(stale.c.session_id)
                .order_by(sa.literal_column("first"))
                .limit(1)
            )
        ).first()
        if oldest is not None:
            backlog.oldest_session = oldest.session_id
            backlog.oldest_backlog_s = max(0.0, (now - oldest.first).total_seconds())
    held = await conn.execute(
        sa.select(cursors.c.session_id, cursors.c.parked, cursors.c.parked_reason)
        .where(HELD, sa.or_(cursors.c.parked, open_now))
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
