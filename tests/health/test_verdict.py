"""The verdict: each threshold of ``HealthSettings`` turns a gathered status degraded or down,
the findings worst first, the level the worst of them."""

from __future__ import annotations

from datetime import UTC, datetime

from daemon.base.settings import HealthSettings
from daemon.health.report import (
    Backlog,
    DeadLetters,
    Level,
    RedisInfo,
    ScheduledJob,
    Status,
    StreamInfo,
    WorkerInfo,
)
from daemon.health.verdict import judge

AT = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
T = HealthSettings()


def healthy() -> Status:
    """Both backends reachable, one live worker, nothing waiting."""
    return Status(
        at=AT,
        redis=RedisInfo(reachable=True, latency_ms=1.0),
        store_reachable=True,
        stream=StreamInfo(length=5, group_exists=True, lag=0, active_consumers=1),
        workers=[WorkerInfo("w1", True, 1.0)],
    )


def verdict(status: Status, thresholds: HealthSettings = T) -> dict[str, Level]:
    judge(status, thresholds)
    return {f.check: f.level for f in status.findings}


def test_a_quiet_status_is_healthy_with_no_findings() -> None:
    s = judge(healthy(), T)
    assert (s.level, s.findings) == (Level.HEALTHY, [])


def test_unreachable_backends_are_down_and_their_errors_are_detail_only() -> None:
    s = healthy()
    s.redis = RedisInfo(reachable=False, error="connection refused")
    s.store_reachable, s.store_error = False, "no such host"
    s.dead = DeadLetters(count=99)  # not read when Redis is down
    assert verdict(s) == {"redis": Level.DOWN, "store": Level.DOWN}
    assert s.level is Level.DOWN
    redis = next(f for f in s.findings if f.check == "redis")
    assert "refused" not in redis.message and redis.told.endswith(": connection refused")


def test_lag_by_count_or_age_degrades_then_is_down() -> None:
    s = healthy()
    s.stream.lag = T.lag_degraded
    assert verdict(s)["lag"] is Level.DEGRADED and s.level is Level.DEGRADED
    s = healthy()
    s.stream.lag, s.stream.lag_age_s = 1, T.lag_age_down_s
    assert verdict(s)["lag"] is Level.DOWN
    s = healthy()
    s.stream.lag = T.lag_degraded - 1
    assert "lag" not in verdict(s)


def test_waiting_events_with_no_reader_and_a_slow_ping_degrade() -> None:
    s = healthy()
    s.stream.lag, s.stream.active_consumers = 3, 0
    s.redis.latency_ms = T.redis_latency_degraded_ms + 1
    s.stream.oldest_pending_id, s.stream.oldest_pending_idle_s = "1-0", T.pending_idle_degraded_s
    assert verdict(s) == {
        "redis": Level.DEGRADED,
        "dispatcher": Level.DEGRADED,
        "pending": Level.DEGRADED,
    }
    s = healthy()
    s.stream = StreamInfo(length=4, group_exists=False)
    assert verdict(s) == {"stream": Level.DEGRADED}


def test_dead_letters_degrade_and_a_nearly_full_stream_is_down() -> None:
    s = healthy()
    s.dead = DeadLetters(count=T.dead_letters_degraded, capacity=100)
    assert verdict(s) == {"dead_letters": Level.DEGRADED}
    s = healthy()
    s.dead = DeadLetters(count=90, capacity=100)
    assert verdict(s) == {"dead_letters": Level.DOWN}


def test_no_live_worker_is_down_unless_none_is_required() -> None:
    s = healthy()
    s.workers = [WorkerInfo("w1", False, 500.0)]
    assert verdict(s) == {"workers": Level.DOWN}
    assert s.findings[0].message == "no live worker (1 stopped or silent)"
    s = healthy()
    s.workers = []
    assert verdict(s, HealthSettings(worker_required=False)) == {}


def test_backlog_breakers_provider_and_scheduled_jobs() -> None:
    s = healthy()
    s.backlog = Backlog(
        oldest_backlog_s=T.backlog_age_down_s, oldest_session="s-1", open_breakers=1, parked=1
    )
    s.backlog.provider_breaker_open, s.backlog.provider_breaker_until = True, AT
    s.backlog.embeddings_breaker_until = AT
    s.scheduled = [
        ScheduledJob("retention", "failed", AT, AT, 10.0, error="disk full"),
        ScheduledJob("consolidate", None, None, None, None, late=True),
    ]
    found = verdict(s)
    assert found == {
        "backlog": Level.DOWN,
        "breakers": Level.DEGRADED,
        "provider": Level.DEGRADED,
        "embeddings": Level.DEGRADED,
        "scheduled": Level.DEGRADED,
    }
    (embeddings,) = [f.told for f in s.findings if f.check == "embeddings"]
    assert embeddings.endswith(": searches rank by keywords")
    assert s.findings[0].check == "backlog" and s.findings[0].detail == " (session s-1)"
    told = [f.told for f in s.findings if f.check == "scheduled"]
    assert told == ["retention failed: disk full", "consolidate is late (never finished)"]
    s = healthy()
    s.backlog = Backlog(oldest_backlog_s=T.backlog_age_degraded_s)
    assert verdict(s) == {"backlog": Level.DEGRADED}
    assert s.findings[0].message == "turns waiting for extraction for 15m"


def test_failed_runs_degrade() -> None:
    s = healthy()
    s.extraction.by_outcome = {"failed": 1, "wrote": 4}
    assert verdict(s) == {"runs": Level.DEGRADED}
