"""The verdict: findings from a gathered status and the thresholds of ``HealthSettings``.

Down (exit 2): Redis or the store unreachable, no live worker, the lag or the oldest
backlog past its ``*_down`` threshold, the dead-letter stream full (its oldest letters are
being dropped). Degraded (exit 1): any ``*_degraded`` threshold passed, failed runs, open
breakers or parked sessions, a scheduled job failed or late, Redis slow, memories failing
their integrity check.
"""

from __future__ import annotations

from collections.abc import Iterator

from daemon.base.settings import HealthSettings
from daemon.health.report import Finding, Level, Status

DOWN = Level.DOWN
DEGRADED = Level.DEGRADED


def _age(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f}s"
    if seconds < 7200:
        return f"{seconds / 60:.0f}m"
    return f"{seconds / 3600:.1f}h"


def _reachability(status: Status) -> Iterator[Finding]:
    if not status.redis.reachable:
        yield Finding(DOWN, "redis", "Redis unreachable", f": {status.redis.error}")
    if not status.store_reachable:
        yield Finding(DOWN, "store", "the SQL store unreachable", f": {status.store_error}")


def _stream(status: Status, t: HealthSettings) -> Iterator[Finding]:
    s = status.stream
    latency = status.redis.latency_ms
    if latency is not None and latency > t.redis_latency_degraded_ms:
        yield Finding(DEGRADED, "redis", f"Redis answered a PING in {latency:.0f} ms")
    if not s.group_exists and s.length:
        yield Finding(DEGRADED, "stream", f"{s.length} events and no dispatcher has ever read")
    lag = s.lag or 0
    age = s.lag_age_s or 0.0
    if lag >= t.lag_down or age >= t.lag_age_down_s:
        yield Finding(DOWN, "lag", f"{lag} events not yet read, the oldest for {_age(age)}")
    elif lag >= t.lag_degraded or age >= t.lag_age_degraded_s:
        yield Finding(DEGRADED, "lag", f"{lag} events not yet read, the oldest for {_age(age)}")
    if lag and s.group_exists and not s.active_consumers:
        yield Finding(DEGRADED, "dispatcher", "events are waiting and no dispatcher is reading")
    idle = s.oldest_pending_idle_s
    if idle is not None and idle >= t.pending_idle_degraded_s:
        yield Finding(
            DEGRADED, "pending", f"entry {s.oldest_pending_id} unacknowledged for {_age(idle)}"
        )


def _dead_letters(status: Status, t: HealthSettings) -> Iterator[Finding]:
    d = status.dead
    if d.capacity and d.count >= d.capacity * t.dead_letters_down_ratio:
        yield Finding(
            DOWN,
            "dead_letters",
            f"the dead-letter stream is full ({d.count} of {d.capacity}): the oldest are "
            "being dropped; `memoryd dlq list`",
        )
    elif d.count >= t.dead_letters_degraded:
        yield Finding(DEGRADED, "dead_letters", f"{d.count} dead letters; `memoryd dlq list`")


def _work(status: Status, t: HealthSettings) -> Iterator[Finding]:
    if t.worker_required and not status.live_workers and status.redis.reachable:
        gone = len(status.workers)
        detail = f" ({gone} stopped or silent)" if gone else ""
        yield Finding(DOWN, "workers", f"no live worker{detail}")
    b = status.backlog
    age = b.oldest_backlog_s or 0.0
    where = f" (session {b.oldest_session})" if b.oldest_session else ""
    if age >= t.backlog_age_down_s:
        yield Finding(DOWN, "backlog", f"turns waiting for extraction for {_age(age)}", where)
    elif age >= t.backlog_age_degraded_s:
        yield Finding(DEGRADED, "backlog", f"turns waiting for extraction for {_age(age)}", where)
    failed = status.extraction.failed
    if failed >= t.failed_runs_degraded:
        yield Finding(DEGRADED, "runs", f"{failed} extraction runs failed in the last hour")
    held = b.open_breakers + b.parked
    if held >= t.open_breakers_degraded:
        yield Finding(
            DEGRADED,
            "breakers",
            f"{b.open_breakers} sessions with an open breaker, {b.parked} parked; "
            "`memoryd sessions retry ID`",
        )
    if b.provider_breaker_open:
        until = b.provider_breaker_until.isoformat() if b.provider_breaker_until else "?"
        yield Finding(DEGRADED, "provider", f"the model provider's breaker is open until {until}")
    if b.embeddings_breaker_until is not None:
        yield Finding(
            DEGRADED,
            "embeddings",
            "the embedding provider's breaker is open until "
            f"{b.embeddings_breaker_until.isoformat()}: searches rank by keywords",
        )
    for job in status.scheduled:
        if job.outcome == "failed":
            yield Finding(DEGRADED, "scheduled", f"{job.name} failed", f": {job.error or '?'}")
        elif job.late:
            ago = "never finished" if job.age_s is None else f"last ran {_age(job.age_s)} ago"
            yield Finding(DEGRADED, "scheduled", f"{job.name} is late ({ago})")


def _integrity(status: Status) -> Iterator[Finding]:
    a = status.at_rest
    failing = a.memories_tampered + a.memories_unknown_key
    if status.store_reachable and failing:
        yield Finding(
            DEGRADED,
            "integrity",
            f"{failing} memories fail their integrity check and are hidden from recall",
        )


def judge(status: Status, thresholds: HealthSettings) -> Status:
    """Set ``status.findings`` and ``status.level`` (the worst finding)."""
    findings = list(_reachability(status))
    if status.redis.reachable:
        findings += [*_stream(status, thresholds), *_dead_letters(status, thresholds)]
    findings += list(_work(status, thresholds))
    findings += list(_integrity(status))
    status.findings = sorted(findings, key=lambda f: -f.level)
    status.level = max((f.level for f in findings), default=Level.HEALTHY)
    return status
