"""The Prometheus endpoint of the dispatcher and the worker (``MEMORYD_METRICS__*``).

Nothing on a hot path counts for it. At each scrape a custom collector reads:

* this process's own state: the dispatcher's ``DispatchStats`` (events read, stored,
  duplicate, dead-lettered, claimed; batches, jobs queued, store errors) and the arq
  worker's counters (jobs complete, failed, retried, in progress);
* this worker's extraction runs from the ``runs`` table (``worker`` = this process),
  counted since start-up: runs by outcome, duration histogram, model calls, tokens
  (prompt, completion, cached), memories written (created, updated, deleted);
* the deployment's state, as ``memoryd status`` reads it: stream length, lag and its age,
  pending entries, dead letters, the job queue, live workers, sessions behind and the
  oldest backlog, open breakers, parked sessions, the provider breaker, and each scheduled
  job's last run. Every process exports these alike: aggregate them with ``max``;
* today's usage per tenant (UTC day, from ``usage_daily``): tokens, model calls, runs and
  memories written of the ``MEMORYD_METRICS__USAGE_TENANTS`` tenants (20 by default) that
  spent the most tokens, the others summed under ``tenant="(other)"`` (at most that many
  plus one series per metric and kind, however many tenants there are), and how many
  tenants are over their daily token budget, by mode.

The HTTP server is prometheus_client's (a thread); a scrape runs the reads on the
process's event loop and waits at most ``scrape_timeout_s``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import structlog
from arq import Worker
from prometheus_client import CollectorRegistry, start_http_server
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.registry import Collector

from daemon.app.container import Container, process_name
from daemon.dispatcher.dispatcher import Dispatcher
from daemon.extraction.outcome import RECORDED
from daemon.health.gather import gather_status
from daemon.health.report import Status
from daemon.store import runs

log = structlog.get_logger("memoryd.metrics")

BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)
_RUN_COUNTS = (
    "model_calls",
    "prompt_tokens",
    "completion_tokens",
    "cached_tokens",
    "created",
    "updated",
    "deleted",
)


@dataclass
class RunTotals:
    """This worker's extraction runs since start-up (read incrementally by run id)."""

    last_id: int = 0
    by_outcome: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_RUN_COUNTS, 0))
    buckets: list[int] = field(default_factory=lambda: [0] * (len(BUCKETS) + 1))
    seconds: float = 0.0

    def add(self, row: dict[str, Any]) -> None:
        self.last_id = max(self.last_id, int(row["id"]))
        self.by_outcome[row["outcome"]] = self.by_outcome.get(row["outcome"], 0) + 1
        for name in _RUN_COUNTS:
            self.counts[name] += int(row[name] or 0)
        seconds = int(row["duration_ms"]) / 1000
        self.seconds += seconds
        index = next((i for i, bound in enumerate(BUCKETS) if seconds <= bound), len(BUCKETS))
        self.buckets[index] += 1


@dataclass
class Sample:
    status: Status | None
    runs: RunTotals


class MetricsSource:
    """What the collector reports, read on the process's event loop."""

    def __init__(
        self,
        container: Container,
        *,
        dispatcher: Dispatcher | None = None,
        worker: Worker | None = None,
        worker_name: str | None = None,
    ) -> None:
        self.container = container
        self.dispatcher = dispatcher
        self.worker = worker
        self.worker_name = worker_name or process_name()
        self.runs = RunTotals()

    async def start(self) -> None:
        """Count runs from now on (those of earlier processes are theirs)."""
        try:
            async with self.container.store.connect() as conn:
                self.runs.last_id = await runs.last_id(conn)
        except Exception as exc:
            log.warning("metrics.start_failed", error=str(exc)[:300])

    async def _read_runs(self) -> None:
        if self.worker is None:
            return
        async with self.container.store.connect() as conn:
            found = await runs.of_worker_after(
                conn, self.worker_name, self.runs.last_id, _RUN_COUNTS
            )
        for row in found:
            self.runs.add(row)

    async def sample(self) -> Sample:
        status: Status | None = await gather_status(self.container)
        try:
            await self._read_runs()
        except Exception as exc:
            log.warning("metrics.runs_unreadable", error=str(exc)[:300])
        return Sample(status=status, runs=self.runs)


def _counter(name: str, doc: str, labels: tuple[str, ...] = ()) -> CounterMetricFamily:
    return CounterMetricFamily(name, doc, labels=list(labels))


def _gauge(name: str, doc: str, labels: tuple[str, ...] = ()) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, doc, labels=list(labels))


def process_families(source: MetricsSource) -> Iterator[Any]:
    """The in-process counters: the dispatcher's and the arq worker's."""
    if source.dispatcher is not None:
        stats = source.dispatcher.stats
        events = _counter("memoryd_events", "Turn events by what the dispatcher did.", ("result",))
        for result, value in (
            ("read", stats.read),
            ("stored", stats.stored),
            ("duplicate", stats.duplicates),
            ("dead_lettered", stats.dead),
            ("claimed", stats.claimed),
        ):
            events.add_metric([result], value)
        yield events
        for name, doc, value in (
            ("memoryd_dispatch_batches", "Batches read from the stream.", stats.batches),
            ("memoryd_dispatch_jobs_queued", "Extraction jobs queued.", stats.jobs_queued),
            ("memoryd_dispatch_store_errors", "Batches the store failed.", stats.store_errors),
        ):
            family = _counter(name, doc)
            family.add_metric([], value)
            yield family
    if source.worker is not None:
        w = source.worker
        jobs = _counter("memoryd_jobs", "arq jobs of this worker by outcome.", ("outcome",))
        for outcome, value in (
            ("complete", w.jobs_complete),
            ("failed", w.jobs_failed),
            ("retried", w.jobs_retried),
        ):
            jobs.add_metric([outcome], value)
        yield jobs
        running = _gauge("memoryd_jobs_in_progress", "Jobs running in this worker.")
        running.add_metric([], sum(not t.done() for t in w.tasks.values()))
        yield running


def run_families(totals: RunTotals) -> Iterator[Any]:
    outcomes = _counter("memoryd_extraction_runs", "Extraction runs by outcome.", ("outcome",))
    seen = {str(outcome): 0 for outcome in RECORDED} | totals.by_outcome
    for outcome, value in sorted(seen.items()):
        outcomes.add_metric([outcome], value)  # every outcome, 0 until seen: rate() works
    yield outcomes
    tokens = _counter("memoryd_extraction_tokens", "Model tokens of extraction runs.", ("kind",))
    for kind in ("prompt", "completion", "cached"):
        tokens.add_metric([kind], totals.counts[f"{kind}_tokens"])
    yield tokens
    calls = _counter("memoryd_extraction_model_calls", "Model calls of extraction runs.")
    calls.add_metric([], totals.counts["model_calls"])
    yield calls
    written = _counter("memoryd_memories_written", "Memory writes of extraction runs.", ("action",))
    for action in ("created", "updated", "deleted"):
        written.add_metric([action], totals.counts[action])
    yield written
    duration = HistogramMetricFamily(
        "memoryd_extraction_duration_seconds", "Duration of extraction runs."
    )
    cumulative, running = [], 0
    for bound, count in zip([*map(str, BUCKETS), "+Inf"], totals.buckets, strict=True):
        running += count
        cumulative.append((bound, running))
    duration.add_metric([], cumulative, sum_value=totals.seconds)
    yield duration


def status_families(status: Status) -> Iterator[Any]:
    """The deployment's state, as ``memoryd status`` reads it."""
    up = _gauge("memoryd_backend_up", "Whether a backend answered the scrape.", ("backend",))
    up.add_metric(["redis"], float(status.redis.reachable))
    up.add_metric(["store"], float(status.store_reachable))
    yield up
    for name, doc, value in _status_gauges(status):
        family = _gauge(name, doc)
        family.add_metric([], float(value))
        yield family
    yield from _scheduled_families(status)
    yield from usage_families(status)


def usage_families(status: Status) -> Iterator[Any]:
    """Today's usage per tenant (a bounded set: see the module's docstring) and the tenants
    over budget."""
    u = status.usage
    tokens = _gauge(
        "memoryd_usage_tokens_today",
        "Model tokens of extraction today (UTC) per tenant (the largest; '(other)': the rest).",
        ("tenant", "kind"),
    )
    per_tenant = {
        name: _gauge(f"memoryd_usage_{name}_today", doc, ("tenant",))
        for name, doc in (
            ("model_calls", "Model calls of extraction today (UTC) per tenant."),
            ("runs", "Extraction runs today (UTC) per tenant."),
            ("memories_written", "Memories created or updated today (UTC) per tenant."),
        )
    }
    for row in u.tenants:
        for kind in ("prompt", "completion", "cached"):
            tokens.add_metric([row.tenant, kind], getattr(row, f"{kind}_tokens"))
        for name, family in per_tenant.items():
            family.add_metric([row.tenant], getattr(row, name))
    yield tokens
    yield from per_tenant.values()
    over = _gauge(
        "memoryd_usage_tenants_over_budget",
        "Tenants over their daily token budget (soft: warned; hard: extraction paused).",
        ("mode",),
    )
    for mode in ("soft", "hard"):
        over.add_metric([mode], sum(b.mode == mode for b in u.over_budget))
    yield over


def _status_gauges(status: Status) -> tuple[tuple[str, str, float], ...]:
    """Each one-number gauge of the status: its name, its help and its value."""
    s, q, b = status.stream, status.queue, status.backlog
    lag_age = s.lag_age_s or 0.0
    return (
        ("memoryd_stream_length", "Entries in the turn stream.", s.length),
        ("memoryd_stream_lag", "Entries not yet delivered to the dispatchers.", s.lag or 0),
        ("memoryd_stream_lag_seconds", "Age of the oldest undelivered entry.", lag_age),
        ("memoryd_stream_pending", "Entries delivered and not yet acknowledged.", s.pending),
        (
            "memoryd_stream_pending_idle_seconds",
            "Idle time of the oldest pending entry.",
            s.oldest_pending_idle_s or 0.0,
        ),
        (
            "memoryd_stream_consumers_active",
            "Dispatchers seen in the last minute.",
            s.active_consumers,
        ),
        ("memoryd_dead_letters", "Entries in the dead-letter stream.", status.dead.count),
        ("memoryd_queue_due", "Jobs due and waiting for a worker.", q.due),
        ("memoryd_queue_deferred", "Jobs queued for later.", q.deferred),
        ("memoryd_queue_in_progress", "Jobs running.", q.in_progress),
        ("memoryd_queue_retrying", "Jobs waiting for another try.", q.retrying),
        ("memoryd_workers_live", "Workers with a recent heartbeat.", status.live_workers),
        ("memoryd_sessions_behind", "Sessions with turns past their cursor.", b.sessions_behind),
        (
            "memoryd_backlog_oldest_seconds",
            "Age of the oldest turn waiting for extraction.",
            b.oldest_backlog_s or 0.0,
        ),
        ("memoryd_breakers_open", "Sessions whose breaker is open.", b.open_breakers),
        ("memoryd_sessions_parked", "Sessions parked after repeated failures.", b.parked),
        (
            "memoryd_late_turns",
            "Turns stored behind their session's cursor (after their gap was skipped).",
            b.late_turns,
        ),
        (
            "memoryd_review_pending",
            "Memories held for an operator's review (memoryd memories review).",
            status.review_pending,
        ),
        (
            "memoryd_memories_integrity_failed",
            "Live memories whose integrity tag does not hold (hidden from recall).",
            status.at_rest.memories_tampered + status.at_rest.memories_unknown_key,
        ),
        (
            "memoryd_data_sealed",
            "Whether transcripts are sealed at rest (a data key is configured).",
            float(status.at_rest.sealed),
        ),
        (
            "memoryd_provider_breaker_open",
            "Whether the model provider's breaker is open.",
            float(b.provider_breaker_open),
        ),
        (
            "memoryd_embeddings_breaker_open",
            "Whether the embedding provider's breaker is open (searches rank by keywords).",
            float(b.embeddings_breaker_until is not None),
        ),
    )


def _scheduled_families(status: Status) -> Iterator[Any]:
    """When each scheduled job last ran, and whether it ended well."""
    last = _gauge(
        "memoryd_scheduled_job_last_run_timestamp_seconds",
        "When each scheduled job last finished (or started).",
        ("task",),
    )
    ok = _gauge("memoryd_scheduled_job_last_run_ok", "Whether its last run ended well.", ("task",))
    for job in status.scheduled:
        when = job.last_finished_at or job.last_started_at
        if when is not None:
            last.add_metric([job.name], when.timestamp())
        ok.add_metric([job.name], float(job.outcome in ("ok", "partial", "running")))
    yield last
    yield ok


class MemorydCollector(Collector):
    """Reads a fresh sample on the event loop at each scrape (from the server's thread)."""

    def __init__(self, source: MetricsSource, loop: asyncio.AbstractEventLoop, timeout_s: float):
        self.source = source
        self.loop = loop
        self.timeout_s = timeout_s

    def collect(self) -> Iterator[Any]:
        yield from process_families(self.source)
        future = asyncio.run_coroutine_threadsafe(self.source.sample(), self.loop)
        try:
            sample = future.result(self.timeout_s)
        except Exception as exc:  # a slow or failing backend must not break the endpoint
            future.cancel()
            log.warning("metrics.scrape_failed", error=f"{type(exc).__name__}: {exc}"[:300])
            return
        if self.source.worker is not None:
            yield from run_families(sample.runs)
        if sample.status is not None:
            yield from status_families(sample.status)


@dataclass
class MetricsServer:
    server: Any
    thread: Any
    port: int

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


async def start_metrics(
    container: Container, *, dispatcher: Dispatcher | None = None, worker: Worker | None = None
) -> MetricsServer:
    """Serve ``/metrics`` on ``MEMORYD_METRICS__HOST:PORT`` (port 0: any free port)."""
    settings = container.settings.metrics
    source = MetricsSource(container, dispatcher=dispatcher, worker=worker)
    await source.start()
    registry = CollectorRegistry(auto_describe=False)
    registry.register(
        MemorydCollector(source, asyncio.get_running_loop(), settings.scrape_timeout_s)
    )
    server, thread = start_http_server(settings.port, settings.host, registry=registry)
    port = int(server.server_address[1])
    log.info("metrics.serving", host=settings.host, port=port)
    return MetricsServer(server, thread, port)
