"""Prometheus metrics of ``memoryd serve``, at ``/metrics``: requests by route and status,
their latency, and refusals by reason. Counted by one ASGI middleware; routes are their
templates (``/v1/memories/{memory_id}``), never a raw path, so the label set stays small."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import structlog
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from daemon.base.clock import Clock

if TYPE_CHECKING:
    from daemon.embeddings.query import QueryStats
    from daemon.recall.hybrid import SearchStats

log = structlog.get_logger("memoryd.api")

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0)
#: Routes whose 503 is a verdict they were asked for, not a fault to log.
_VERDICTS = frozenset({"/readyz", "/statusz"})


class ApiMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "memoryd_api_requests",
            "HTTP requests by route template, method and status.",
            ("route", "method", "status"),
            registry=self.registry,
        )
        self.latency = Histogram(
            "memoryd_api_request_duration_seconds",
            "HTTP request latency by route template.",
            ("route",),
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.refusals = Counter(
            "memoryd_api_refusals",
            "Requests refused, by reason (the error code).",
            ("reason",),
            registry=self.registry,
        )
        self.events = Counter(
            "memoryd_api_events",
            "Turn events posted, by result (accepted, refused).",
            ("result",),
            registry=self.registry,
        )

        self.queries = QueryEmbeddings()
        self.registry.register(self.queries)
        self.searches = Searches()
        self.registry.register(self.searches)

    def exposition(self) -> bytes:
        return bytes(generate_latest(self.registry))


#: Why a search ranked by keywords though embeddings are configured.
FALLBACK_REASONS = ("breaker_open", "transient", "permanent")


class QueryEmbeddings(Collector):
    """Search queries embedded (by whether the cache answered) and searches that fell back
    to keywords (by reason), read at each scrape from ``source``: the process's query
    embedder's counts, None while it has none (keyword search only, or not built yet)."""

    def __init__(self) -> None:
        self.source: Callable[[], QueryStats | None] = lambda: None

    def collect(self) -> Iterator[CounterMetricFamily]:
        stats = self.source()
        if stats is None:
            return
        cache = CounterMetricFamily(
            "memoryd_query_embeddings",
            "Search queries embedded, by whether the cache of recent queries answered.",
            labels=["cache"],
        )
        cache.add_metric(["hit"], stats.hits)
        cache.add_metric(["miss"], stats.misses)
        yield cache
        fallbacks = CounterMetricFamily(
            "memoryd_search_keyword_fallbacks",
            "Searches ranked by keywords because their query could not be embedded, by reason.",
            labels=["reason"],
        )
        for reason in FALLBACK_REASONS:
            fallbacks.add_metric([reason], stats.fallbacks.get(reason, 0))
        yield fallbacks


class Searches(Collector):
    """Searches by the mode that ran (``keyword``, ``vector``, ``hybrid``) and why it is
    not the one asked for (``fallback``: empty, ``embeddings_off``, ``no_vectors``,
    ``embedding_failed``), read at each scrape from ``source``: the process's searcher's
    counts (docs/recall.md, "Search modes")."""

    def __init__(self) -> None:
        self.source: Callable[[], SearchStats | None] = lambda: None

    def collect(self) -> Iterator[CounterMetricFamily]:
        stats = self.source()
        if stats is None:
            return
        found = CounterMetricFamily(
            "memoryd_searches",
            "Searches by the mode that ran and the reason it fell back to keywords, if any.",
            labels=["mode", "fallback"],
        )
        for (mode, fallback), count in sorted(stats.counts.items()):
            found.add_metric([mode, fallback], count)
        yield found


def _route(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    return str(path) if path else "unmatched"


class Instrumented:
    """The outermost middleware: metrics, a time limit per request, and one log line per
    refusal or failure (method, route, status, key id: never a key or a body)."""

    def __init__(self, app: ASGIApp, metrics: ApiMetrics, clock: Clock, timeout_s: float):
        self.app = app
        self.metrics = metrics
        self.clock = clock
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = self.clock.monotonic()
        status = 500
        sent = False

        async def tracking(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status = int(message["status"])
                sent = True
            await send(message)

        try:
            async with asyncio.timeout(self.timeout_s):
                await self.app(scope, receive, tracking)
        except TimeoutError:
            if not sent:
                status = 504
                self.metrics.refusals.labels("timeout").inc()
                await _json(send, 504, "timeout", f"no answer within {self.timeout_s:g} s")
        finally:
            route = _route(scope)
            elapsed = self.clock.monotonic() - started
            self.metrics.requests.labels(route, scope["method"], str(status)).inc()
            self.metrics.latency.labels(route).observe(elapsed)
            if status >= 500 and route not in _VERDICTS:  # a 503 there is a verdict, not a fault
                log.warning("api.failed", method=scope["method"], route=route, status=status)


async def _json(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", b"%d" % len(body)),
    ]
    with contextlib.suppress(OSError):
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
