"""What ``memoryd status`` reports: plain records, and the verdict's levels and findings."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import datetime
from enum import IntEnum
from typing import Any

from daemon.extraction.outcome import RunOutcome


class Level(IntEnum):
    """The verdict, and ``memoryd status``'s exit code."""

    HEALTHY = 0
    DEGRADED = 1
    DOWN = 2


@dataclass(frozen=True, slots=True)
class Finding:
    """One verdict of the status. ``message`` may be shown to anyone (``/readyz`` takes no
    key): it names no tenant's session and no backend's error; ``detail`` adds those, for
    the operator (``memoryd status``)."""

    level: Level
    check: str
    message: str
    detail: str = ""

    @property
    def told(self) -> str:
        """What the operator is told: the message and its detail."""
        return self.message + self.detail


@dataclass(slots=True)
class RedisInfo:
    reachable: bool = False
    latency_ms: float | None = None
    error: str | None = None


@dataclass(slots=True)
class Consumer:
    name: str
    pending: int
    idle_s: float


@dataclass(slots=True)
class StreamInfo:
    """The turn stream and the dispatchers' consumer group on it."""

    length: int = 0
    group_exists: bool = False
    lag: int | None = None  # entries not yet delivered to the group (None: Redis can't tell)
    lag_age_s: float | None = None  # how long the oldest undelivered entry has waited
    pending: int = 0  # delivered, not yet acknowledged
    oldest_pending_id: str | None = None
    oldest_pending_idle_s: float | None = None
    consumers: int = 0
    active_consumers: int = 0  # seen within the last minute
    busiest: list[Consumer] = field(default_factory=list)


@dataclass(slots=True)
class RecentDeadLetter:
    entry_id: str
    at: str
    reason: str


@dataclass(slots=True)
class DeadLetters:
    count: int = 0
    capacity: int = 0
    newest: list[RecentDeadLetter] = field(default_factory=list)


@dataclass(slots=True)
class QueueInfo:
    """arq's queue of memoryd's jobs."""

    depth: int = 0
    due: int = 0  # due now and waiting for a worker
    deferred: int = 0  # queued for later (debounce, retry back-off)
    in_progress: int = 0
    retrying: int = 0  # waiting for another try after a failed one
    oldest_due_age_s: float | None = None
    sampled: int = 0  # queued jobs inspected for in-progress and retry keys
    failed_last_hour: int = 0


@dataclass(slots=True)
class WorkerInfo:
    name: str
    live: bool
    age_s: float | None  # since its last heartbeat
    info: str = ""


@dataclass(slots=True)
class ScheduledJob:
    name: str
    outcome: str | None
    last_started_at: datetime | None
    last_finished_at: datetime | None
    age_s: float | None
    late: bool = False
    error: str | None = None


@dataclass(slots=True)
class Extraction:
    """Extraction runs that finished in the last ``window_s`` seconds."""

    window_s: float = 3600.0
    runs: int = 0
    by_outcome: dict[str, int] = field(default_factory=dict)
    p50_ms: int | None = None
    p95_ms: int | None = None
    durations_of: int = 0  # the latest runs p50 and p95 are taken from (at most 1,000)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    memories_written: int = 0

    @property
    def failed(self) -> int:
        return sum(self.by_outcome.get(o, 0) for o in (RunOutcome.FAILED, RunOutcome.PARKED))

    @property
    def cached_share(self) -> float | None:
        return None if not self.prompt_tokens else self.cached_tokens / self.prompt_tokens


@dataclass(slots=True)
class HeldSession:
    session_id: str
    state: str  # "breaker" or "parked"
    reason: str | None


@dataclass(slots=True)
class Backlog:
    sessions_behind: int = 0
    oldest_backlog_s: float | None = None
    oldest_session: str | None = None
    open_breakers: int = 0
    parked: int = 0
    #: Turns stored behind their session's cursor (after their gap was skipped): not extracted.
    late_turns: int = 0
    late_sessions: int = 0
    held: list[HeldSession] = field(default_factory=list)
    provider_breaker_open: bool = False
    provider_breaker_until: datetime | None = None
    #: The embedding provider's breaker: while open, searches rank by keywords.
    embeddings_breaker_until: datetime | None = None


@dataclass(slots=True)
class AtRest:
    """Data at rest: whether transcripts are sealed (the primary data key and how many keys
    the ring holds), and the integrity of the live memories at the last check."""

    sealed: bool = False
    primary: str | None = None
    keys: int = 0
    #: When the last ``verify_integrity`` run finished (None: it never ran), and what it found.
    checked_at: datetime | None = None
    memories_checked: int = 0
    memories_tampered: int = 0
    memories_unknown_key: int = 0
    memories_unkeyed: int = 0


@dataclass(slots=True)
class TenantUsage:
    """What a tenant's extraction spent and wrote on the current UTC day."""

    tenant: str
    runs: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    memories_written: int = 0


@dataclass(slots=True)
class OverBudget:
    tenant: str
    mode: str  # "soft": warned; "hard": the tenant's extraction is paused
    daily_tokens: int
    used: int


#: The tenant of the row that sums the tenants past the ``usage_tenants`` largest.
OTHER_TENANTS = "(other)"


@dataclass(slots=True)
class UsageToday:
    """The current UTC day's usage: the ``usage_tenants`` tenants that spent the most
    tokens, each on its own, the others summed as :data:`OTHER_TENANTS`; and the tenants
    over their daily token budget."""

    day: str = ""
    tenants: list[TenantUsage] = field(default_factory=list)
    over_budget: list[OverBudget] = field(default_factory=list)


@dataclass(slots=True)
class Status:
    at: datetime
    level: Level = Level.HEALTHY
    findings: list[Finding] = field(default_factory=list)
    redis: RedisInfo = field(default_factory=RedisInfo)
    store_reachable: bool = False
    store_error: str | None = None
    stream: StreamInfo = field(default_factory=StreamInfo)
    dead: DeadLetters = field(default_factory=DeadLetters)
    queue: QueueInfo = field(default_factory=QueueInfo)
    workers: list[WorkerInfo] = field(default_factory=list)
    scheduled: list[ScheduledJob] = field(default_factory=list)
    extraction: Extraction = field(default_factory=Extraction)
    backlog: Backlog = field(default_factory=Backlog)
    #: Memories held for an operator's review (``memoryd memories review``).
    review_pending: int = 0
    at_rest: AtRest = field(default_factory=AtRest)
    usage: UsageToday = field(default_factory=UsageToday)
    #: The embeddings that run, in one line (``none (keyword search only)``, ``openai
    #: <model> (<dims> dims)``): what every search can rank by.
    embeddings: str = ""
    elapsed_ms: float = 0.0

    @property
    def live_workers(self) -> int:
        return sum(w.live for w in self.workers)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = _plain(dataclasses.asdict(self))
        data["level"] = self.level.name.lower()
        data["exit_code"] = int(self.level)
        data["findings"] = [
            {"level": f.level.name.lower(), "check": f.check, "message": f.told}
            for f in self.findings
        ]
        data["live_workers"] = self.live_workers
        data["extraction"]["failed"] = self.extraction.failed
        data["extraction"]["cached_share"] = self.extraction.cached_share
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 3)
    return value
