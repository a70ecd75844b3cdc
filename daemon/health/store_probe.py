"""The SQL half of ``memoryd status``: extraction in the last hour, backlog, held sessions,
scheduled jobs, the review queue, read through the owners of those tables
(:mod:`daemon.store.runs`, :mod:`daemon.store.transcripts.backlog`,
:mod:`daemon.store.schedules`, :mod:`daemon.store.memory`)."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from daemon.health.report import (
    OTHER_TENANTS,
    AtRest,
    Backlog,
    Extraction,
    HeldSession,
    OverBudget,
    ScheduledJob,
    TenantUsage,
    UsageToday,
)
from daemon.store import memory, runs, schedules, usage
from daemon.store.db import Connection, sealer_of
from daemon.store.transcripts import backlog as backlog_store

HELD_LISTED = 5
#: Run durations (p50, p95) are those of at most this many of the latest runs in the window.
DURATION_SAMPLE = 1000
#: The oldest backlog is looked for among this many least recently active sessions behind.
OLDEST_AMONG = 100


async def read_extraction(
    conn: Connection, now: datetime, *, window: timedelta = timedelta(hours=1)
) -> Extraction:
    since = now - window
    found = Extraction(window_s=window.total_seconds())
    for totals in await runs.totals_since(conn, since):
        found.by_outcome[totals.outcome] = totals.runs
        found.runs += totals.runs
        found.prompt_tokens += totals.prompt_tokens
        found.completion_tokens += totals.completion_tokens
        found.cached_tokens += totals.cached_tokens
        found.memories_written += totals.memories_written
    if found.runs:
        durations = await runs.latest_durations(conn, since, limit=DURATION_SAMPLE)
        found.durations_of = len(durations)
        found.p50_ms = _nearest_rank(durations, 0.50)
        found.p95_ms = _nearest_rank(durations, 0.95)
    return found


def _nearest_rank(ordered: list[int], share: float) -> int:
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


async def read_backlog(conn: Connection, now: datetime, backlog: Backlog) -> Backlog:
    """Sessions with stored turns past their cursor, the oldest such turn, and held sessions
    (breaker open or parked); fills in ``backlog`` (which carries the provider breaker)."""
    read = await backlog_store.read_backlog(
        conn, now, held_listed=HELD_LISTED, oldest_among=OLDEST_AMONG
    )
    backlog.sessions_behind = read.sessions_behind
    backlog.open_breakers, backlog.parked = read.open_breakers, read.parked
    backlog.late_sessions, backlog.late_turns = read.late_sessions, read.late_turns
    if read.oldest_received_at is not None:
        backlog.oldest_session = read.oldest_session
        backlog.oldest_backlog_s = max(0.0, (now - read.oldest_received_at).total_seconds())
    backlog.held = [
        HeldSession(h.session_id, "parked" if h.parked else "breaker", h.reason) for h in read.held
    ]
    return backlog


async def read_scheduled(
    conn: Connection, now: datetime, periods: dict[str, float], late_factor: float
) -> list[ScheduledJob]:
    """Each scheduled job's last run; late when it has not finished for ``late_factor``
    times its period (``periods``: seconds between runs, by job name)."""
    found: list[ScheduledJob] = []
    for name, row in (await schedules.last_runs(conn)).items():
        last = row["last_finished_at"] or row["last_started_at"]
        age = None if last is None else max(0.0, (now - last).total_seconds())
        period = periods.get(name)
        late = period is not None and (age is None or age > period * late_factor)
        found.append(
            ScheduledJob(
                name=name,
                outcome=row["outcome"],
                last_started_at=row["last_started_at"],
                last_finished_at=row["last_finished_at"],
                age_s=age,
                late=late,
                error=_first_line(row["error"]),
            )
        )
    return found


def _first_line(text: Any) -> str | None:
    return None if not text else str(text).splitlines()[0][:300]


async def read_review_queue(conn: Connection) -> int:
    """How many memories wait for an operator's review, in every scope."""
    return await memory.count_pending(conn)


#: The scheduled job whose last run says how the memories' integrity stood.
INTEGRITY_JOB = "verify_integrity"


async def read_at_rest(conn: Connection, at_rest: AtRest) -> AtRest:
    """Whether the store's data is sealed, and the memories' integrity as the last
    ``verify_integrity`` run found it (a summary: the status never reads every memory)."""
    sealer = sealer_of(conn)
    at_rest.sealed = sealer.enabled
    at_rest.primary = sealer.primary
    at_rest.keys = 0 if sealer.keys is None else len(sealer.keys.ids)
    last = (await schedules.last_runs(conn)).get(INTEGRITY_JOB)
    counts = (last or {}).get("counts") or {}
    if last is not None and counts:
        at_rest.checked_at = last["last_finished_at"]
        at_rest.memories_checked = int(counts.get("checked", 0))
        at_rest.memories_tampered = int(counts.get("tampered", 0))
        at_rest.memories_unknown_key = int(counts.get("unknown_key", 0))
        at_rest.memories_unkeyed = int(counts.get("unkeyed", 0))
    return at_rest


async def read_usage(conn: Connection, now: datetime, *, tenants: int) -> UsageToday:
    """Today's (UTC) usage of the ``tenants`` tenants that spent the most tokens, the rest
    summed as one row, and the tenants over their budget."""
    found = UsageToday(day=usage.day_of(now).isoformat())
    rows = await usage.tenants_of_day(conn, usage.day_of(now))
    for row in rows[:tenants]:
        found.tenants.append(TenantUsage(**row))
    if len(rows) > tenants:
        other = TenantUsage(OTHER_TENANTS)
        for row in rows[tenants:]:
            for name in usage.COUNTERS:
                setattr(other, name, getattr(other, name) + row[name])
        found.tenants.append(other)
    found.over_budget = [
        OverBudget(s.budget.tenant, s.budget.mode, s.budget.daily_tokens, s.used)
        for s in await usage.budget_states(conn, now)
        if s.exceeded
    ]
    return found
